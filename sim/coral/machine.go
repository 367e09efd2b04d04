// Package coral simulates the Google Coral NPU v2 core: RV32IMF + Zicsr +
// Zifencei + Zbb scalar core with Coral's mpause, and the Zve32x vector unit
// (VLEN 128), with a cycle model of Coral's in-order dispatch (see TIMING.md).
//
// The decoder is derived from isa-defs: at Load every word of the executable
// regions is decoded once into a flat []op, and Run executes them:
// straight-line code (scalar ops and most vector ones) in blocks whose
// timing is computed once per entry state and replayed (block.go), the
// rest one op at a time, vector ops through a plan cached per vtype
// (vplan.go). Step
// is the plain reference stepper (fetch, decode and execute one instruction
// straight from memory); tests hold Run to Step's results and cycles.
//
// Behaviour the hardware leaves open, as this simulator defines it:
//   - Machine mode only. A program that has written mtvec takes its
//     exceptions there as Coral does (mepc, mcause, mtval; traps.go,
//     TRAPS.md); in a program that has not, an exception (illegal
//     instruction, misaligned or out-of-range access, misaligned jump
//     target) ends the run with sim.HaltTrap.
//   - mret jumps to mepc; wfi is a no-op (no interrupts exist, and the
//     spec allows wfi to be a no-op).
//   - ecall traps to the handler once mtvec has been written; before,
//     a7=93 ends the run with exit code a0 (qemu-user's exit) and any other
//     a7 halts. ebreak halts with a fault (HaltBreak) as on Coral, or traps
//     with params.ebreak_traps 1. mpause halts with success once everything
//     has completed.
//   - A word store with bit 0 set to the image's tohost symbol ends the run
//     (riscv-tests: value>>1 is the failing test, 0 is a pass); with
//     params.htif 1, tohost and fromhost are Spike's HTIF (htif.go).
//   - Misaligned scalar loads and stores are allowed when params.misaligned
//     is 1 (the default: Coral's DTCM is byte-addressable), and trap when 0.
package coral

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"sort"
	"time"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// Options configure a Machine: the options every target understands
// (sim.CoreOptions), as coral reads them:
//
//   - MaxCycles: the run stops with sim.HaltCycleLimit before the first
//     instruction that would dispatch at or after this cycle.
//   - Trace (one line per retired instruction) and Reference make Run
//     take the reference stepper (Step).
//   - Profile and Timeline make Run go one instruction at a time, without
//     the block engine (runProfiled; profile.go, timeline.go).
//   - Stop is polled every pollInsts instructions on the per-instruction
//     paths and every pollCycles simulated cycles in the block engine's
//     state mode, never per instruction.
//   - Console receives the bytes a program writes to the HTIF console
//     (configs with params.htif 1; htif.go).
//   - Memo is not used: coral memoises nothing across runs.
//   - Engine: "" or "auto" (translated code where it applies, else the
//     block engine), "translate" (an error where it cannot run),
//     "blocks", or "step" (Reference); see TRANSLATE.md. Stats.Engine
//     says which ran.
type Options struct {
	sim.CoreOptions
}

// How often a run polls Options.Stop: every pollInsts instructions run one
// at a time (a few microseconds of work), and in the block engine's state
// mode whenever the group cycle has advanced by pollCycles (at most 4
// instructions a cycle: a millisecond or two of simulation).
const (
	pollInsts  = 4096
	pollCycles = 1 << 20
)

// codeRegion is an executable memory region and its pre-decoded ops.
type codeRegion struct {
	base, size uint32
	reg        *sim.Region
	ops        []op
	blocks     []*block // block starting at each word (nil: not built yet)
}

// memCache is the fast path of loads or stores: one region, accessed
// directly.
type memCache struct {
	base uint32
	size uint64
	data []byte
	reg  *sim.Region
	// wbits is reg's written-byte bitmap (sim.Region.WrittenBits), set
	// by the block engine's scalar stores inline (no call in its loop;
	// read before it is written, so a loop storing to the same bytes
	// does not chain through memory). Always set together with data.
	wbits []uint64
	// vmark is off<<8 | n of the last vector store the block engine
	// marked written (n > 0; 0: none).
	vmark uint64
}

// offset returns the offset in c's region of the n bytes at addr, and
// whether they all lie in it (1 ≤ n ≤ 2^32: no overflow).
func (c *memCache) offset(addr, n uint64) (uint64, bool) {
	off := addr - uint64(c.base)
	return off, addr >= uint64(c.base) && off+n <= c.size
}

// markVec records a vector store of n bytes at offset off of c's region
// for sim's written ranges, skipping the call when it is the range the
// last one marked (a loop's store).
func (c *memCache) markVec(off, n uint64) {
	if c.vmark != off<<8|n {
		c.reg.MarkWritten(off, n)
		c.vmark = off<<8 | n
	}
}

// Machine is one Coral core with its memory.
type Machine struct {
	hw   *isadefs.HW
	isa  *isadefs.ISA
	opts Options
	mem  *sim.Memory

	x  [32]uint32
	f  [32]uint32
	pc uint32
	v  VState
	// vector unit present (Zve32x enabled)
	hasVec bool
	csr    csrFile

	t         timing
	stats     *sim.Stats
	limit     int64
	unitIndex map[string]uint8
	latency   func(class string) int32
	unitCnt   []int32

	code       []codeRegion
	vops       []VOp
	vscratch   VOp     // vector op decoded by the reference stepper
	vscal      [4]byte // the scalar operand of a plan's .vx/.vi kernel call
	vsegRuns   uint64  // vector segments replayed (vseg.go), for tests
	rc, wc     memCache
	rcPrev     memCache // the load cache before rc (its region another)
	misaligned bool
	selfMod    bool // some executable region is writable: stores re-decode

	tohost    uint32
	hasTohost bool
	// tohostHi is the address of tohost's high word with an HTIF
	// (params.htif 1: Spike's 64-bit tohost/fromhost), else tohost.
	tohostHi    uint32
	fromhost    uint32
	hasFromhost bool
	htif        bool
	ebreakTraps bool // params.ebreak_traps: ebreak is a breakpoint exception (traps.go)

	halted bool
	halt   sim.Halt
	loaded bool

	blk      blockEngine
	noBlocks bool       // Run without the block engine (for tests and benchmarks)
	tr       translator // the block engine's translated pairs (translate.go)

	prof *profiler // Options.Profile's state (profile.go)
	tl   tlState   // Options.Timeline's state (timeline.go)

	dbg *debugState // the debugging interface's state (debug.go), nil until used
}

// New builds a machine for a coral hardware config.
func New(hw *isadefs.HW, opts Options) (*Machine, error) {
	if hw == nil {
		return nil, fmt.Errorf("coral: no hardware config")
	}
	if hw.ISA != "coral" {
		return nil, fmt.Errorf("coral: hardware config %s is for isa %q", hw.Name, hw.ISA)
	}
	if err := hw.Validate(); err != nil {
		return nil, err
	}
	if err := vec.EnvError(); err != nil {
		return nil, fmt.Errorf("coral: %w", err)
	}
	isa, err := isadefs.LoadISA("coral")
	if err != nil {
		return nil, err
	}
	if opts.Timeline != nil && opts.Profile == nil {
		opts.Profile = &sim.Profile{} // the timeline reads the profiler's hazards
	}
	m := &Machine{hw: hw, isa: isa, opts: opts, mem: sim.NewMemory(hw)}
	m.hasVec = hw.HasExt("Zve32x")
	m.misaligned = hw.Param("misaligned", 1) != 0
	m.htif = hw.Param("htif", 0) != 0
	m.ebreakTraps = hw.Param("ebreak_traps", 0) != 0
	if v := hw.Param("vlen", 128); v != 128 {
		return nil, fmt.Errorf("coral: params.vlen %d is not supported (the simulator models VLEN 128)", v)
	}
	m.limit = opts.MaxCycles
	if m.limit <= 0 {
		m.limit = hw.MaxCycles
	}
	// Units: every unit named in the ISA (scalar ones first), then vector
	// units from the timing parameters.
	m.unitIndex = map[string]uint8{}
	st := &sim.Stats{StallNames: stallNames, StallCycles: make([]uint64, numStalls), StallAfterDispatch: afterDispatch}
	var counts []int32
	addUnit := func(name string, count int64) {
		if _, ok := m.unitIndex[name]; ok || name == "" {
			return
		}
		m.unitIndex[name] = uint8(len(st.UnitNames))
		st.UnitNames = append(st.UnitNames, name)
		st.UnitCount = append(st.UnitCount, int(count))
		counts = append(counts, int32(max(1, count)))
	}
	for _, in := range isa.Insts {
		u := in.Unit()
		switch {
		case u == "alu":
			addUnit(u, hw.Time("dispatch_width", 4))
		case u == "mul":
			addUnit(u, hw.Time("mul_per_cycle", 1))
		case u == "lsu":
			addUnit(u, hw.Time("mem_per_cycle", 1))
		case len(u) > 0 && u[0] == 'v' && u != "vcfg":
			addUnit(u, hw.Time("vec.units."+u, 1))
		default:
			addUnit(u, 1)
		}
	}
	var extra []string
	for k := range hw.Timing {
		if len(k) > 10 && k[:10] == "vec.units." {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra) // deterministic unit order
	for _, k := range extra {
		addUnit(k[10:], hw.Time(k, 1))
	}
	if len(st.UnitNames) > 255 {
		return nil, fmt.Errorf("coral: too many units")
	}
	st.UnitBusy = make([]uint64, len(st.UnitNames))
	m.stats = st
	lats := map[string]int32{}
	m.latency = func(class string) int32 {
		if l, ok := lats[class]; ok {
			return l
		}
		l := int32(max(1, min(hw.Time("lat."+class, 1), 1<<20)))
		lats[class] = l
		return l
	}
	m.unitCnt = counts
	m.t.init(hw, len(st.UnitNames), counts, m.limit)
	m.initRes()
	if _, err := m.finishNew(); err != nil {
		return nil, err
	}
	if err := m.chooseEngine(); err != nil {
		return nil, err
	}
	return m, nil
}

// initRes maps units onto the instances they issue to.
func (m *Machine) initRes() {
	hw, st := m.hw, m.stats
	// Coral's PMTRDT unit does both permutations and reductions: without a
	// vec.units.vred count, reductions issue to the vperm instances.
	if red, ok := m.unitIndex["vred"]; ok {
		if perm, ok := m.unitIndex["vperm"]; ok {
			if _, own := hw.Timing["vec.units.vred"]; !own {
				m.t.res[red] = perm
				st.UnitCount[red] = st.UnitCount[perm]
			}
		}
	}
}

func (m *Machine) finishNew() (*Machine, error) {
	for _, r := range m.mem.Regions {
		if r.Executable {
			if r.End-r.Base > 1<<28 || r.End > 1<<32 {
				return nil, fmt.Errorf("coral: executable region %s is too large", r.Name)
			}
			m.code = append(m.code, codeRegion{base: uint32(r.Base), size: uint32(r.End - r.Base), reg: r})
			if r.Writable {
				m.selfMod = true
			}
		}
	}
	return m, nil
}

// Load resets the machine (memory, registers, CSRs, counters), places the
// image in memory, sets pc to its entry point, and pre-decodes the
// executable regions.
func (m *Machine) Load(img *sim.Image) error {
	if img.Machine != 0 && img.Machine != elf.EM_RISCV {
		return fmt.Errorf("coral: ELF machine %v is not RISC-V", img.Machine)
	}
	if img.Entry > 0xffffffff {
		return fmt.Errorf("coral: entry point %#x is outside the 32-bit address space", img.Entry)
	}
	m.mem.Reset()
	if err := img.LoadInto(m.mem); err != nil {
		return err
	}
	m.t.init(m.hw, len(m.stats.UnitNames), m.unitCnt, m.limit)
	m.initRes()
	m.csr = csrFile{}
	m.stats.Instructions, m.stats.VectorElems, m.stats.Wall = 0, 0, 0
	m.rc, m.wc, m.rcPrev = memCache{}, memCache{}, memCache{}
	m.pc = uint32(img.Entry)
	m.x, m.f = [32]uint32{}, [32]uint32{}
	m.vreset()
	if a, ok := img.Symbols["tohost"]; ok && a <= 0xffffffff-8 {
		m.tohost, m.hasTohost = uint32(a), true
	} else {
		m.hasTohost = false
	}
	m.tohostHi = m.tohost
	if m.htif {
		m.tohostHi = m.tohost + 4
	}
	if a, ok := img.Symbols["fromhost"]; ok && a <= 0xffffffff-8 {
		m.fromhost, m.hasFromhost = uint32(a), true
	} else {
		m.hasFromhost = false
	}
	m.vops = m.vops[:0]
	var zero op // the decoded zero word (most of a region): decoded once
	zeroDone := false
	for i := range m.code {
		c := &m.code[i]
		if n := int(c.size / 4); cap(c.ops) >= n {
			c.ops = c.ops[:n] // every op is overwritten below
		} else {
			c.ops = make([]op, n)
		}
		for j := range c.ops {
			w := binary.LittleEndian.Uint32(c.reg.Data[4*j:])
			if w == 0 {
				if !zeroDone {
					m.decodeOp(0, &zero, false)
					zeroDone = true
				}
				if zero.vop < 0 {
					c.ops[j] = zero
					continue
				}
			}
			m.decodeOp(w, &c.ops[j], false)
		}
	}
	m.resetBlocks()
	m.halted, m.loaded = false, true
	return nil
}

// redecode re-decodes the code words overlapping [addr, addr+n) after a
// store into an executable region.
func (m *Machine) redecode(addr uint32, n uint32) {
	for i := range m.code {
		c := &m.code[i]
		if addr+n <= c.base || addr >= c.base+c.size {
			continue
		}
		lo := max(addr, c.base) &^ 3
		hi := min(addr+n, c.base+c.size)
		for a := lo; a < hi; a += 4 {
			off := a - c.base
			m.decodeOp(binary.LittleEndian.Uint32(c.reg.Data[off:]), &c.ops[off/4], false)
		}
	}
}

// Run executes until the program halts, traps or reaches the cycle limit.
//
// It picks one of coral's run loops; all of them drive the same timing
// model (timing.go: timing.dispatch, then exec) and give the same halt,
// cycles, stats, registers and memory (sim/simtest and the tests named
// in TIMING.md hold the others to Step):
//
//   - Step, called in a loop, when Options.Trace or Options.Reference is
//     set: the reference stepper. It fetches each word from memory
//     (with the permission check), decodes it afresh, dispatches and
//     executes it, and writes the trace line; with Profile (or Timeline)
//     it also calls the profiler's hooks.
//   - runProfiled when Options.Profile is set (New sets one for a
//     Timeline): runFast's loop with profBefore and profAfter around
//     each instruction (profile.go, timeline.go).
//   - runFast when the block engine is off from the start (an executable
//     region is writable, the config has an HTIF, or the vector queue or
//     unit count is beyond what its states hold: resetBlocks) or a test
//     turns it off (noBlocks): the pre-decoded ops one at a time.
//   - runBlocks otherwise: runFast's loop, except that where a block
//     starts (the dispatch group's state materialized) and the block is
//     not cold it calls stateRun, the block engine (block.go): each
//     straight-line block's timing is computed once per entry state and
//     replayed, its ops run from a compact recompiled form, and its
//     vector ops through vecBlockRun, which replays a recorded segment
//     of them with runSeg (vseg.go) where one applies and otherwise runs
//     each op's plan (vplan.go). Whatever the engine cannot run goes
//     through the per-instruction path of the same loop (a pre-decoded
//     vector op straight to its plan, execVecPlan); past maxStates
//     states or maxAllEdges edges the engine turns itself off and the
//     loop goes on per instruction. With translation on (engine auto or
//     translate: TRANSLATE.md), stateRun enters hot (block, state)
//     pairs' amd64 code, which follows linked pairs and returns to
//     stateRun for anything else.
//
// Each loop polls Options.Stop (pollInsts, pollCycles); none polls per
// instruction.
func (m *Machine) Run() sim.Halt {
	if m.halted {
		return m.halt
	}
	if !m.loaded {
		return sim.Halt{Kind: sim.HaltTrap, Trap: &sim.Trap{Kind: sim.TrapAccess, Msg: "no program loaded"}}
	}
	start := time.Now()
	if m.opts.Trace != nil || m.opts.Reference {
		for n := 1; m.Step(); n++ {
			if n%pollInsts == 0 && m.stopped() {
				break
			}
		}
		if m.opts.Profile != nil {
			m.profFinish()
		}
	} else if m.opts.Profile != nil {
		m.runProfiled()
	} else if m.blk.off || m.noBlocks {
		m.runFast()
	} else {
		m.runBlocks()
	}
	m.stats.Engine = m.engineName()
	m.stats.Wall += time.Since(start)
	m.syncStats()
	return m.halt
}

// syncStats copies the timing model's counters into the sim.Stats.
func (m *Machine) syncStats() {
	m.stats.Cycles = uint64(m.cycles())
	copy(m.stats.StallCycles, m.t.stalls[:])
	copy(m.stats.UnitBusy, m.t.busy[:])
}

// runFast is the main loop over pre-decoded ops.
func (m *Machine) runFast() {
	var c *codeRegion
	if len(m.code) > 0 {
		c = &m.code[0]
	}
	poll := pollInsts
	for {
		if poll--; poll == 0 {
			if poll = pollInsts; m.stopped() {
				return
			}
		}
		pc := m.pc
		if c == nil || pc-c.base >= c.size || pc&3 != 0 {
			nc, trap := m.fetchRegion(pc)
			if trap != nil {
				if !m.raise(trap, nil) {
					return
				}
				continue
			}
			c = nc
		}
		o := &c.ops[(pc-c.base)>>2]
		if !m.t.dispatch(o) {
			m.cycleLimit()
			return
		}
		if !m.exec(o) {
			return
		}
	}
}

// fetchRegion finds the executable region holding pc, or the trap that
// fetching from pc raises.
func (m *Machine) fetchRegion(pc uint32) (*codeRegion, *sim.Trap) {
	if pc&3 != 0 {
		return nil, &sim.Trap{Kind: sim.TrapMisaligned, PC: uint64(pc), Addr: uint64(pc), Msg: fmt.Sprintf("instruction fetch at %#x: not 4-byte aligned", pc)}
	}
	for i := range m.code {
		if c := &m.code[i]; pc-c.base < c.size {
			return c, nil
		}
	}
	_, trap := m.mem.Bytes(uint64(pc), 4, sim.Exec)
	if trap == nil {
		trap = &sim.Trap{Kind: sim.TrapAccess, Addr: uint64(pc), Msg: fmt.Sprintf("instruction fetch at %#x: not in an executable region", pc)}
	}
	trap.PC = uint64(pc)
	trap.Msg = "instruction fetch: " + trap.Msg
	return nil, trap
}

// Step executes one instruction the plain way: fetch the word from memory,
// decode it, dispatch and execute it. It returns false once the machine has
// halted.
func (m *Machine) Step() bool {
	if m.halted || !m.loaded {
		return false
	}
	pc := m.pc
	if _, trap := m.fetchRegion(pc); trap != nil {
		return m.raise(trap, nil)
	}
	b, trap := m.mem.Bytes(uint64(pc), 4, sim.Exec)
	if trap != nil {
		trap.PC = uint64(pc)
		return m.raise(trap, nil)
	}
	var o op
	m.decodeOp(binary.LittleEndian.Uint32(b), &o, true)
	if m.opts.Profile != nil {
		m.profBefore(&o, pc)
	}
	if !m.t.dispatch(&o) {
		m.cycleLimit()
		if m.opts.Profile != nil {
			m.profAfter(&o, pc, false)
		}
		return false
	}
	var before [32]uint32
	if m.opts.Trace != nil {
		before = m.x
	}
	ok := m.exec(&o)
	if m.opts.Profile != nil {
		m.profAfter(&o, pc, true)
	}
	if m.opts.Trace != nil && (ok || m.halt.Kind != sim.HaltTrap) {
		m.traceLine(&o, pc, &before)
	}
	if !ok {
		m.syncStats()
	}
	return ok
}

func (m *Machine) cycles() int64 {
	if m.halted && m.halt.Kind == sim.HaltCycleLimit {
		return m.limit
	}
	return m.t.cycles()
}

func (m *Machine) cycleLimit() {
	m.halted = true
	m.halt = sim.Halt{Kind: sim.HaltCycleLimit, PC: uint64(m.pc),
		Msg: fmt.Sprintf("halted: cycle limit %d reached at pc %#x", m.limit, m.pc)}
}

// stopped reports whether Options.Stop asks the run to end and, if so,
// ends it with sim.HaltCancelled at the current pc. Callers poll it
// between instructions (the scoreboard materialized).
func (m *Machine) stopped() bool {
	if m.opts.Stop == nil || !m.opts.Stop.Load() {
		return false
	}
	m.halted = true
	m.halt = sim.Halt{Kind: sim.HaltCancelled, PC: uint64(m.pc),
		Msg: fmt.Sprintf("halted: cancelled at pc %#x after %d cycles (the run was stopped before it ended)", m.pc, m.t.cycles())}
	return true
}

// trapHalt ends the run with a trap; o, when known, names the instruction.
func (m *Machine) trapHalt(t *sim.Trap, o *op) bool {
	t.PC = uint64(m.pc)
	if o != nil && o.inst != nil {
		t.Msg = fmt.Sprintf("%s (%08x): %s", m.disasmInst(o.inst, o.word, m.pc), o.word, t.Msg)
	}
	m.halted = true
	m.halt = sim.Halt{Kind: sim.HaltTrap, PC: t.PC, Trap: t}
	return false
}

func (m *Machine) stop(kind sim.HaltKind, code int) bool {
	m.halted = true
	m.halt = sim.Halt{Kind: kind, Code: code, PC: uint64(m.pc)}
	return false
}

// Halted reports whether the machine has stopped, and why.
func (m *Machine) Halted() (sim.Halt, bool) { return m.halt, m.halted }

// Stats returns the run's counters (cycles are up to date between steps).
func (m *Machine) Stats() *sim.Stats {
	m.syncStats()
	return m.stats
}

// HW is the machine's hardware config.
func (m *Machine) HW() *isadefs.HW { return m.hw }

// Memory is the machine's memory.
func (m *Machine) Memory() *sim.Memory { return m.mem }

// PC is the program counter.
func (m *Machine) PC() uint32 { return m.pc }

// SetPC sets the program counter.
func (m *Machine) SetPC(pc uint32) { m.pc = pc }

// X reads integer register i.
func (m *Machine) X(i int) uint32 { return m.x[i&31] }

// SetX writes integer register i (x0 stays zero).
func (m *Machine) SetX(i int, v uint32) {
	if i&31 != 0 {
		m.x[i&31] = v
	}
}

// F reads the bits of float register i.
func (m *Machine) F(i int) uint32 { return m.f[i&31] }

// SetF writes the bits of float register i.
func (m *Machine) SetF(i int, v uint32) { m.f[i&31] = v }

// VReg returns a copy of vector register i's 16 bytes.
func (m *Machine) VReg(i int) []byte { return m.vregBytes(i & 31) }

// ISA is the instruction set the machine decodes.
func (m *Machine) ISA() *isadefs.ISA { return m.isa }
