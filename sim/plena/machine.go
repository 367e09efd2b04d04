// Package plena simulates the PLENA LLM accelerator as PLENA_Simulator's
// transactional emulator of March 2026 (commit 54ae9544, the KernelCraft
// era) executes it: the 48 opcodes of isa-defs/plena/plena.isa with the
// emulator's semantics, numerics and timing (SEMANTICS.md says where they
// differ from PLENA's documents and what this simulator decides; HBM.md
// describes the HBM timing model).
//
// Memories are regions of the hardware config, so kc-sim's --load and
// --dump reach them by name: hbm (bytes: MXFP8 elements and E8M0 scales),
// vsram (bf16 rows of VLEN, little-endian), msram (f32 tiles of MLEN x
// MLEN), fpmem (f16, or bf16 with params.scalar_bf16), intmem (u32). The
// program is a list of 32-bit words in the executable region (from an ELF
// of kc-as or a PLENA machine-code text file); the instructions address
// the memories in their own units (elements, entries), not by region
// address.
//
// Instructions complete one after another; each costs its latency class's
// cycles, and H_ instructions the time the HBM model gives them (which a
// run can take from an earlier run's recording, memo.go). Run
// executes the pre-decoded program; Step is the plain reference stepper
// (fetch and decode one word from memory, execute it), and tests hold Run
// to Step's state and cycles.
package plena

import (
	"encoding/binary"
	"fmt"
	"time"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// Options configure a Machine: the options every target understands
// (sim.CoreOptions), as plena reads them:
//
//   - MaxCycles: no instruction starts at or after the limit (the last
//     one started may end after it).
//   - Trace: one line per retired instruction.
//   - Profile receives the per-instruction profile.
//   - Timeline records instruction by instruction (timeline.go); cycle
//     counts are the same.
//   - Reference: Run fetches and decodes every word from memory instead
//     of running the pre-decoded program.
//   - Stop is polled every pollInsts instructions, never per instruction.
//   - Memo records the run's HBM timing for later runs of the same
//     program, or replays an earlier run's (memo.go): cycles, stats and
//     memories are those of a run without it.
//   - Console is not used: PLENA has no console device.
type Options struct {
	sim.CoreOptions
}

// pollInsts is how often Run polls Options.Stop. The costliest
// instruction (M_BTMM) simulates in about 70 µs, so a stop is seen
// within a third of a second.
const pollInsts = 4096

// loopInfo is one active hardware loop (the emulator's LoopInfo).
type loopInfo struct {
	startPC int    // index of its C_LOOP_START
	reg     uint8  // its counter register
	since   uint64 // instruction count at the start of this iteration
}

// Machine is one PLENA accelerator with its memories.
type Machine struct {
	hw   *isadefs.HW
	isa  *isadefs.ISA
	cfg  *Config
	opts Options
	mem  *sim.Memory
	ms   memories
	dec  *decoder

	// Architectural state.
	gp                   [16]uint32
	f                    [8]uint16 // f16 (or bf16) bit patterns
	a                    [8]uint64
	scale, stride, vmask uint32

	// Systolic accumulators (f32), as the emulator's m_accum [BLEN][BLEN],
	// hm_accum [BROADCAST][MLEN][MLEN], hv_accum [BROADCAST][MLEN] and
	// v_accum [BLEN].
	macc, hmacc, hvacc, vacc []float32
	mm4                      mmBatch // M_MM, M_TMM and M_MM_WO queued (mmbatch.go)

	loops    []loopInfo
	deadline uint64 // instruction count past which the oldest loop iteration is too long

	// Program: words from the entry to the end of its segment.
	prog     []op
	progBase uint64 // address of prog[0]
	pc       int
	icount   uint64 // instructions started (for the loop limit)

	now   int64 // cycles
	limit int64
	dram  *dram

	stats   *sim.Stats
	unitOf  []int // decoder unit index → stats unit index
	hbmUnit int

	// Scratch for element work (allocation-free hot loop).
	rowA, rowC []float32
	scaleF     []float32 // a prefetched row's decoded scales
	rows       []float32 // the matrix unit's Vector SRAM rows widened (up to MLEN of VLEN)
	opT        []byte    // a transposed tile slice (f32 little-endian, MLEN x max(BLEN, HLEN))
	rowT       []byte    // a masked V op's result row (bf16)
	ridx       []int     // Vector SRAM rows of the instruction
	chunks     []uint64
	elemBuf    []byte
	scaleBuf   []byte

	// Rule tracking (isadefs.Rules("plena")): what the run has set up, for
	// the notes of a run that breaks a rule the emulator lets pass.
	addrSet  uint8 // a registers written by C_SET_ADDR_REG
	scaleSet bool  // SCALE_REG written by C_SET_SCALE_REG
	accBusy  bool  // the matrix accumulator holds products not yet written out
	notedHBM bool
	notes    []string

	loaded, halted bool
	halt           sim.Halt
	prof           *sim.Profile

	// The HBM timing memo (memo.go): a recording in progress (rec, up to
	// recCap words) or a tape being replayed (tape from word tpos).
	memoKey            string
	recording          bool
	rec                []uint64
	recCap             int
	tape               []uint64
	tpos               int
	replayed, diverged bool // this run replayed a tape; and left it before its end

	dbgRegs *sim.RegisterSet // DebugRegs (debug.go), built on first use
	tl      tlState          // Options.Timeline's state (timeline.go)
}

// New builds a machine for a plena hardware config.
func New(hw *isadefs.HW, opts Options) (*Machine, error) {
	if hw == nil {
		return nil, fmt.Errorf("plena: no hardware config")
	}
	if hw.ISA != "plena" {
		return nil, fmt.Errorf("plena: hardware config %s is for isa %q", hw.Name, hw.ISA)
	}
	if err := opts.CheckOneEngine("plena"); err != nil {
		return nil, err
	}
	if err := hw.Validate(); err != nil {
		return nil, err
	}
	cfg, err := NewConfig(hw)
	if err != nil {
		return nil, err
	}
	isa, err := isadefs.LoadISA("plena")
	if err != nil {
		return nil, err
	}
	dec, err := newDecoder(isa, cfg)
	if err != nil {
		return nil, err
	}
	m := &Machine{hw: hw, isa: isa, cfg: cfg, opts: opts, mem: sim.NewMemory(hw), dec: dec, prof: opts.Profile}
	if m.ms, err = findMemories(hw, cfg, m.mem); err != nil {
		return nil, err
	}
	m.limit = opts.MaxCycles
	if m.limit <= 0 {
		m.limit = hw.MaxCycles
	}
	if m.limit <= 0 {
		m.limit = 1 << 62
	}
	b, ml, vl := cfg.BLEN, cfg.MLEN, cfg.VLEN
	m.macc = make([]float32, b*b)
	m.hmacc = make([]float32, cfg.Broadcast*ml*ml)
	m.hvacc = make([]float32, cfg.Broadcast*ml)
	m.vacc = make([]float32, b)
	m.rowA, m.rowC = make([]float32, vl), make([]float32, vl)
	m.rows = make([]float32, max(ml, b)*vl)
	m.opT = make([]byte, 4*ml*max(b, cfg.HLEN))
	m.rowT = make([]byte, 2*vl)
	m.ridx = make([]int, 0, max(ml, b))
	m.chunks = make([]uint64, 0, 2*cfg.PrefetchM*(ml/64+1))
	m.elemBuf = make([]byte, vl)
	m.scaleBuf = make([]byte, vl/cfg.MXBlock)
	m.scaleF = make([]float32, max(vl, cfg.MLEN)/cfg.MXBlock)
	m.loops = make([]loopInfo, 0, 16)
	m.initBatch()
	m.dram = newDRAM(&cfg.HBM)
	m.memoKey = memoKey(&cfg.HBM)
	st := &sim.Stats{}
	for _, u := range dec.units {
		st.UnitNames = append(st.UnitNames, u)
		st.UnitCount = append(st.UnitCount, 1)
		m.unitOf = append(m.unitOf, len(st.UnitNames)-1)
		if u == "hbm" {
			m.hbmUnit = len(st.UnitNames) - 1
		}
	}
	st.UnitBusy = make([]uint64, len(st.UnitNames))
	st.CounterNames = []string{"hbm_bytes_read", "hbm_bytes_written", "hbm_requests"}
	st.Counters = make([]uint64, len(st.CounterNames))
	m.stats = st
	return m, nil
}

// Config is the machine's hardware parameters.
func (m *Machine) Config() *Config { return m.cfg }

// Memory is the machine's memory.
func (m *Machine) Memory() *sim.Memory { return m.mem }

// Stats are the run's counters.
func (m *Machine) Stats() *sim.Stats {
	m.syncStats()
	return m.stats
}

func (m *Machine) syncStats() {
	m.stats.Cycles = uint64(m.now)
	m.stats.Counters[0] = uint64(m.dram.reads) * 64
	m.stats.Counters[1] = uint64(m.dram.writes) * 64
	m.stats.Counters[2] = uint64(m.dram.reads + m.dram.writes)
	m.stats.Notes = m.notes
}

// Release gives the machine's memory back for reuse by a later machine
// (sim.Releaser): the machine, its Memory and slices of it must not be
// used afterwards (Load fails; Memory is nil).
func (m *Machine) Release() {
	if m.mem == nil {
		return
	}
	m.memoFinish()
	mem := m.mem
	m.mem, m.ms, m.loaded = nil, memories{}, false
	mem.Release()
}

// Cycles is the time so far, in accelerator cycles.
func (m *Machine) Cycles() int64 { return m.now }

// Load places a program image: memories are zeroed, registers reset, and
// the words of the executable segment that holds the entry point, from
// the entry to the segment's end, become the program (a PLENA program
// ends when it runs off its last instruction).
func (m *Machine) Load(img *sim.Image) error {
	if img.Machine != 0 && img.Machine != asm.MachinePlena {
		return fmt.Errorf("plena: %s, not a plena program (ELF e_machine %#x, want %#x)", sim.MachineWords(img.Machine), uint16(img.Machine), uint16(asm.MachinePlena))
	}
	if m.mem == nil {
		return fmt.Errorf("plena: the machine was released")
	}
	// Every store of the machine is reported (MarkWritten), and loaders
	// go through the memory's methods: only the pages written since the
	// last reset need zeroing.
	m.mem.ResetReported()
	if err := img.LoadInto(m.mem); err != nil {
		return err
	}
	var seg *sim.Segment
	for i := range img.Segments {
		s := &img.Segments[i]
		if s.Exec && img.Entry >= s.Addr && img.Entry < s.Addr+s.MemSize {
			seg = s
		}
	}
	if seg == nil {
		return fmt.Errorf("plena: the entry point %#x is in no executable segment", img.Entry)
	}
	if (img.Entry-seg.Addr)%4 != 0 {
		return fmt.Errorf("plena: the entry point %#x is not word-aligned", img.Entry)
	}
	if r := m.mem.Find(seg.Addr); r != m.ms.code {
		return fmt.Errorf("plena: the program at %#x is not in the executable region %s", seg.Addr, m.ms.code.Name)
	}
	data := seg.Data[img.Entry-seg.Addr:]
	n := len(data) / 4
	if cap(m.prog) < n {
		m.prog = make([]op, n)
	}
	m.prog = m.prog[:n]
	for i := range m.prog {
		m.prog[i] = m.dec.decode(binary.LittleEndian.Uint32(data[4*i:]))
	}
	m.progBase = img.Entry
	m.reset()
	m.loaded = true
	return nil
}

// reset puts the registers, accumulators and clocks in their power-on
// state (the emulator's: everything zero, STRIDE 1).
func (m *Machine) reset() {
	m.gp, m.f, m.a = [16]uint32{}, [8]uint16{}, [8]uint64{}
	m.scale, m.stride, m.vmask = 0, 1, 0
	clear(m.macc)
	clear(m.hmacc)
	clear(m.hvacc)
	clear(m.vacc)
	m.mm4.empty()
	m.loops = m.loops[:0]
	m.pc, m.icount, m.now = 0, 0, 0
	m.halted, m.halt = false, sim.Halt{}
	m.addrSet, m.scaleSet, m.accBusy, m.notedHBM, m.notes = 0, false, false, false, nil
	m.dram.reset()
	m.memoStart()
	clear(m.stats.UnitBusy)
	clear(m.stats.Counters)
	m.stats.Instructions, m.stats.VectorElems, m.stats.Wall = 0, 0, 0
	m.tlReset()
	if m.prof != nil {
		m.prof.Reset(nil, nil)
		m.prof.Charging = "each instruction is charged the cycles from its start to the next one's (instructions complete one after another)"
	}
}

// Run executes until the program ends, traps or reaches the cycle limit.
func (m *Machine) Run() sim.Halt {
	if !m.loaded {
		return sim.Halt{Kind: sim.HaltTrap, Trap: &sim.Trap{Kind: sim.TrapAccess, Msg: "no program loaded"}}
	}
	start := time.Now()
	ref := m.opts.Reference
	for n := 0; !m.halted; n++ {
		if n%pollInsts == 0 && m.opts.Stop != nil && m.opts.Stop.Load() {
			m.stop(sim.Halt{Kind: sim.HaltCancelled, PC: m.pcAddr(m.pc)})
			break
		}
		m.step(ref)
	}
	m.stats.Wall += time.Since(start)
	m.syncStats()
	return m.halt
}

// Step executes one instruction with the reference stepper: the word is
// fetched from memory and decoded afresh. It returns false once the
// machine has halted.
func (m *Machine) Step() bool {
	if !m.loaded || m.halted {
		return false
	}
	m.step(true)
	m.flushMM()
	return !m.halted
}

// Halted reports how the run ended, and whether it has.
func (m *Machine) Halted() (sim.Halt, bool) { return m.halt, m.halted }

func (m *Machine) pcAddr(pc int) uint64 { return m.progBase + 4*uint64(pc) }

// note records a remark about the run that names one of plena's rules.
func (m *Machine) note(rule, msg string) {
	if r, ok := isadefs.RuleByID("plena", rule); ok {
		msg += fmt.Sprintf(" (rule %s: %s)", r.ID, r.Title)
	}
	m.notes = append(m.notes, msg)
}

// ruleSuffix names a rule at the end of a trap message.
func ruleSuffix(rule string) string {
	if r, ok := isadefs.RuleByID("plena", rule); ok {
		return fmt.Sprintf("; rule %s: %s (kc-as --isa -t plena mistakes)", r.ID, r.Title)
	}
	return ""
}

func (m *Machine) stop(h sim.Halt) {
	m.flushMM()
	m.halted, m.halt = true, h
	m.memoFinish()
}

// step runs one instruction; ref decodes it from memory.
func (m *Machine) step(ref bool) {
	if m.pc >= len(m.prog) {
		if m.accBusy {
			m.note("accumulate", "the program ended with products in the matrix accumulator that no write-out (M_MM_WO, M_BMM_WO, M_MV_WO, M_BMV_WO) wrote to Vector SRAM")
		}
		m.stop(sim.Halt{Kind: sim.HaltEnd, PC: m.pcAddr(m.pc),
			Msg: fmt.Sprintf("halted: the program ran off its last instruction at pc %#x after %d instructions (success: a PLENA program ends there)", m.pcAddr(m.pc), m.stats.Instructions)})
		return
	}
	if m.now >= m.limit || int64(m.icount) >= m.limit {
		// (The instruction count guards configs whose latencies are 0.)
		m.stop(sim.Halt{Kind: sim.HaltCycleLimit, PC: m.pcAddr(m.pc)})
		return
	}
	m.icount++
	if len(m.loops) > 0 && m.icount > m.deadline {
		l := m.oldestLoop()
		m.trap(sim.TrapConfig, 0, "an iteration of the hardware loop started at pc %#x (C_LOOP_START) has executed more than %d instructions (max_loop_instructions, inner loops included; PLENA's emulator panics here)",
			m.pcAddr(l.startPC), m.cfg.MaxLoop)
		return
	}
	var o *op // (nothing changes m.prog while an instruction executes)
	if ref {
		w, err := m.mem.Peek(m.pcAddr(m.pc), 4)
		if err != nil {
			m.trap(sim.TrapAccess, m.pcAddr(m.pc), "instruction fetch: %v", err)
			return
		}
		d := m.dec.decode(binary.LittleEndian.Uint32(w))
		o = &d
	} else {
		o = &m.prog[m.pc]
	}
	start := m.now
	pc := m.pc
	var before [16]uint32
	if m.opts.Trace != nil {
		before = m.gp
	}
	next, t := m.exec(o)
	if t != nil {
		t.PC = m.pcAddr(pc)
		m.stop(sim.Halt{Kind: sim.HaltTrap, PC: t.PC, Trap: t})
		return
	}
	m.stats.Instructions++
	d := m.now - start
	m.stats.UnitBusy[m.unitOf[o.unit]] += uint64(d)
	if m.prof != nil {
		s := m.prof.At(m.pcAddr(pc))
		s.Count++
		if s.Text == "" {
			s.Text = m.disasm(o)
		}
		m.prof.Charge(s, uint64(d))
	}
	if m.opts.Trace != nil {
		m.traceLine(o, pc, start, &before)
	}
	if m.opts.Timeline != nil {
		m.tlRecord(o, pc, next, start)
	}
	m.pc = next
}

// trap stops the run with a trap (the emulator panics: no result).
func (m *Machine) trap(k sim.TrapKind, addr uint64, format string, args ...any) {
	t := &sim.Trap{Kind: k, Addr: addr, PC: m.pcAddr(m.pc), Msg: fmt.Sprintf(format, args...)}
	m.stop(sim.Halt{Kind: sim.HaltTrap, PC: t.PC, Trap: t})
}

func (m *Machine) oldestLoop() *loopInfo {
	o := &m.loops[0]
	for i := range m.loops {
		if m.loops[i].since < o.since {
			o = &m.loops[i]
		}
	}
	return o
}

// setDeadline recomputes the instruction count at which the oldest loop
// iteration exceeds the limit (the emulator counts every active loop's
// instructions one by one; this is the same test in O(1) per instruction).
func (m *Machine) setDeadline() {
	if len(m.loops) == 0 {
		return
	}
	m.deadline = m.oldestLoop().since + uint64(m.cfg.MaxLoop)
}

// Registers, for tests and kc-sim --set.

// GP reads gp register i.
func (m *Machine) GP(i int) uint32 { return m.gp[i&15] }

// SetGP writes gp register i.
func (m *Machine) SetGP(i int, v uint32) { m.gp[i&15] = v }

// F reads the bits of f register i.
func (m *Machine) F(i int) uint16 { return m.f[i&7] }

// SetF writes the bits of f register i.
func (m *Machine) SetF(i int, v uint16) { m.f[i&7] = v }

// A reads HBM address register i.
func (m *Machine) A(i int) uint64 { return m.a[i&7] }

// SetA writes HBM address register i.
func (m *Machine) SetA(i int, v uint64) { m.a[i&7] = v }

// Special returns SCALE, STRIDE and V_MASK.
func (m *Machine) Special() (scale, stride, vmask uint32) { return m.scale, m.stride, m.vmask }
