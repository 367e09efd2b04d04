// Package aie2 simulates the AMD AI Engine-ML (AIE2) core of XDNA NPUs as
// its exposed pipeline runs a program: one VLIW bundle issues per cycle
// and nothing interlocks. Every register write is time-stamped with the
// cycle its operation's itinerary (isa-defs/aie2/aie2.isa, from llvm-aie's
// AIE2Schedule.td) writes it, and every read samples the register in the
// cycle the itinerary reads it, so a value read too early is the old one,
// as on silicon. Branches have 5 delay slots; the zero-overhead loop
// (ls/le/lc) ends by llvm-aie's rule; pointers wrap at 20 bits; data
// memory is the tile's 64 KiB at 0x70000 in 8 single-port banks, where two
// accesses to one bank in one cycle cost a stall cycle.
//
// A hazard policy chooses what happens to a read of a value whose write
// has not landed yet: Exposed (what the hardware does), Warn (the same,
// and each such read is reported with both instructions) or Interlock (the
// bundle waits until the value has landed, and the wait is counted as
// stall cycles: the program computes what sequential code would).
//
// SEMANTICS.md lists what is simulated, the numerics, and the
// instructions that stop the run as not supported yet.
package aie2

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"time"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// Policy is the hazard policy.
type Policy uint8

// Hazard policies.
const (
	Exposed   Policy = iota // faithful: an early read gets the old value
	Warn                    // as Exposed, and each early read is reported
	Interlock               // a bundle waits for its operands (counted as stalls)
)

func (p Policy) String() string { return [...]string{"exposed", "warn", "interlock"}[p] }

// ParsePolicy reads a policy name.
func ParsePolicy(s string) (Policy, error) {
	switch strings.ToLower(s) {
	case "", "exposed":
		return Exposed, nil
	case "warn":
		return Warn, nil
	case "interlock":
		return Interlock, nil
	}
	return 0, fmt.Errorf("unknown hazard policy %q (want exposed, warn or interlock)", s)
}

// Options configure a Machine: the options every target understands
// (sim.CoreOptions) and AIE2's own. Of the shared ones, Trace writes one
// line per issued bundle, Timeline records bundle by bundle
// (timeline.go), Reference makes Run decode every bundle afresh from
// memory, Stop is polled every pollBundles bundles; Console and Memo are
// not used (no console device; nothing to memoise).
type Options struct {
	sim.CoreOptions
	Hazard Policy // what an early read does
	// MaxWarnings bounds the warnings kept under Warn (0: 1000); the
	// count is exact.
	MaxWarnings int
}

const pollBundles = 4096

// Warning is one stale read of a register (or memory): a read before an
// earlier instruction's write to it landed that means that write
// (SEMANTICS.md, "Hazard policies"); or, with Undoes, a store landing in
// a partial-word store's window.
type Warning struct {
	PC       uint32 // the reading bundle
	WriterPC uint32 // the bundle whose write had not landed
	On       string // register (or "memory 0x…")
	Read     int64  // the cycle the read sampled
	Lands    int64  // the cycle the write becomes visible
	// Undoes marks a partial-word store (PC) whose read of its word
	// (in cycle Read) came before the store of WriterPC to the word
	// (landed in cycle Lands): a read-modify-write would undo it.
	Undoes bool
}

func (w Warning) String() string {
	if w.Undoes {
		return fmt.Sprintf("pc %#x's partial-word store (a read-modify-write of %s from cycle %d) is still in flight when the store of pc %#x to the word lands (cycle %d): llvm-aie keeps memory accesses 7 cycles after st.s8/st.s16, and a read-modify-write would write the old bytes back over that store", w.PC, w.On, w.Read, w.WriterPC, w.Lands)
	}
	return fmt.Sprintf("pc %#x reads %s in cycle %d, before the write of pc %#x lands (visible from cycle %d): it gets the old value", w.PC, w.On, w.Read, w.WriterPC, w.Lands+1)
}

// Machine is one AIE2 core with its memories.
type Machine struct {
	hw   *isadefs.HW
	isa  *isadefs.ISA
	opts Options
	mem  *sim.Memory
	dmem *sim.Region
	pmem *sim.Region

	units *[nUnits]unitState // the registers' histories (from unitPool)
	probe flight             // bankStall's look at an access's address

	// Program.
	codeLo, codeHi uint32
	prog           *program // the decoded bundles (program.go)
	// texts holds each bundle's disassembly and timeline text, made on
	// demand (trace, profile, timeline) by address; cleared when the
	// program changes.
	texts map[uint32]*[2]string
	pc    uint32
	entry uint32

	// Pipeline.
	now    int64
	limit  int64
	frozen int64 // cycles the whole core stood still (bank conflicts): counted, not run
	bseq   uint64
	free   *flight
	memR   [ringN][]*flight
	memW   [ringN][]*flight
	exec   [ringN][]*flight
	banks  [ringN]uint8 // physical banks busy in a cycle
	inFly  int
	lateRd map[int16]int64 // interlock: unit -> latest pending late-read cycle
	// ilk is the interlock stall cycles so far and stlAt its value when
	// each of the last ringN bundles issued (by bundle number), so that a
	// read can tell how far stalls moved it from a write (Interlock).
	ilk   int64
	stlAt [ringN]int64
	// wantsNew holds the read sites found to mean the value of a write
	// still in flight (readwrite.go, earlyRead).
	wantsNew map[readSite]struct{}
	// rmw holds the partial-word stores in flight (from their address to
	// their write), for their read-modify-write (memaccess.go).
	rmw    []*flight
	locks  [nLocks]uint8 // the lock values (locks.go)
	branch struct {
		on     bool
		target uint32
		left   int
		from   uint32
	}

	warnings []Warning
	nWarn    uint64

	stats   *sim.Stats
	prof    *sim.Profile
	halted  bool
	halt    sim.Halt
	loaded  bool
	done    bool
	curBund *bundle

	dbgRegs *sim.RegisterSet // DebugRegs (debug.go), built on first use
	tl      tlState          // Options.Timeline's rows (timeline.go)
	bankPC  [ringN][8]uint32 // the bundle holding each physical bank in a cycle (with a timeline)
}

// Stall causes.
const (
	stallBank = iota
	stallInterlock
)

// Counters.
const (
	cntBundles = iota
	cntMACs
	cntStale
	cntBankConflicts
)

// New builds a machine for an aie2 hardware config.
func New(hw *isadefs.HW, opts Options) (*Machine, error) {
	if hw == nil {
		return nil, fmt.Errorf("aie2: no hardware config")
	}
	if hw.ISA != "aie2" {
		return nil, fmt.Errorf("aie2: hardware config %s is for isa %q", hw.Name, hw.ISA)
	}
	if err := opts.CheckOneEngine("aie2"); err != nil {
		return nil, err
	}
	if err := hw.Validate(); err != nil {
		return nil, err
	}
	isa, err := isadefs.LoadISA("aie2")
	if err != nil {
		return nil, err
	}
	if _, err := classifyAll(isa); err != nil {
		return nil, err
	}
	if _, err := hwPolicy(hw, isa); err != nil {
		return nil, err
	}
	m := &Machine{hw: hw, isa: isa, opts: opts, mem: sim.NewMemory(hw), prof: opts.Profile}
	if u, ok := unitPool.Get().(*[nUnits]unitState); ok {
		m.units = u
	} else {
		m.units = new([nUnits]unitState)
	}
	for _, r := range m.mem.Regions {
		switch {
		case r.Executable && m.pmem == nil:
			m.pmem = r
		case r.Writable && m.dmem == nil:
			m.dmem = r
		}
	}
	if m.pmem == nil || m.dmem == nil {
		return nil, fmt.Errorf("aie2: hardware config %s needs an executable program memory and a writable data memory", hw.Name)
	}
	m.limit = opts.MaxCycles
	if m.limit <= 0 {
		m.limit = hw.MaxCycles
	}
	if m.limit <= 0 {
		m.limit = 1 << 62
	}
	if m.opts.MaxWarnings <= 0 {
		m.opts.MaxWarnings = 1000
	}
	m.stats = &sim.Stats{
		StallNames:   []string{"bank_conflict", "interlock"},
		StallCycles:  make([]uint64, 2),
		UnitNames:    append([]string(nil), slotNames[:7]...),
		UnitCount:    []int{1, 1, 1, 1, 1, 1, 1},
		UnitBusy:     make([]uint64, 7),
		CounterNames: []string{"bundles", "macs", "stale_reads", "bank_conflicts"},
		Counters:     make([]uint64, 4),
	}
	m.lateRd = map[int16]int64{}
	m.wantsNew = map[readSite]struct{}{}
	m.reset()
	return m, nil
}

// unitPool holds the register histories of released machines (some
// 100 KiB each, which a machine per case would otherwise allocate).
var unitPool sync.Pool

// Release gives the machine's memory and register histories back for
// reuse by later machines (sim.Releaser: every store goes through the
// memory's Bytes, so the memory's reuse rule holds). The machine, its
// Memory and slices of it must not be used afterwards: Load fails and
// Memory is nil; Stats stays readable.
func (m *Machine) Release() {
	if m.mem == nil {
		return
	}
	m.mem.Release()
	unitPool.Put(m.units)
	m.mem, m.dmem, m.pmem, m.units, m.loaded = nil, nil, nil, nil, false
}

// Memory is the machine's memory (nil once released).
func (m *Machine) Memory() *sim.Memory { return m.mem }

// Stats are the run's counters.
func (m *Machine) Stats() *sim.Stats {
	m.stats.Cycles = uint64(m.now + m.frozen)
	return m.stats
}

// Warnings are the early reads reported under the Warn policy (at most
// Options.MaxWarnings) and how many there were.
func (m *Machine) Warnings() ([]Warning, uint64) { return m.warnings, m.nWarn }

// Cycles is the number of cycles so far.
func (m *Machine) Cycles() int64 { return m.now + m.frozen }

// Halted reports how the run ended, and whether it has.
func (m *Machine) Halted() (sim.Halt, bool) { return m.halt, m.halted }

// Load places a program image: memories are zeroed, registers reset, and
// execution starts at the entry point.
func (m *Machine) Load(img *sim.Image) error {
	if img.Machine != 0 && img.Machine != asm.MachineAIE2 {
		return fmt.Errorf("aie2: %s, not an aie2 program (ELF e_machine %#x, want %#x)", sim.MachineWords(img.Machine), uint16(img.Machine), uint16(asm.MachineAIE2))
	}
	if m.mem == nil {
		return fmt.Errorf("aie2: the machine was released")
	}
	m.mem.Reset()
	if err := img.LoadInto(m.mem); err != nil {
		return err
	}
	m.codeLo, m.codeHi = 0, 0
	for _, s := range img.Segments {
		if s.Exec && img.Entry >= s.Addr && img.Entry < s.Addr+s.MemSize {
			m.codeLo, m.codeHi = uint32(s.Addr), uint32(s.Addr+uint64(len(s.Data)))
		}
	}
	if m.codeHi == 0 {
		return fmt.Errorf("aie2: the entry point %#x is in no executable segment", img.Entry)
	}
	if r := m.mem.Find(uint64(m.codeLo)); r != m.pmem {
		return fmt.Errorf("aie2: the program at %#x is not in program memory (%s)", m.codeLo, m.pmem.Name)
	}
	m.entry = uint32(img.Entry)
	// The decoded bundles stay valid when the program memory is the one
	// they were decoded from (the same kernel loaded for another case, by
	// this machine or another).
	if p := m.prog; p == nil || p.mem == nil || p.lo != m.codeLo || p.hi != m.codeHi || !bytes.Equal(p.mem, m.pmem.Data) {
		m.prog = sharedProgram(m.isa, m.pmem.Data, m.codeLo, m.codeHi)
		clear(m.texts)
	}
	m.reset()
	m.loaded = true
	return nil
}

// reset puts registers, pipeline and counters in their power-on state:
// every register 0 (control registers too: no saturation, floor rounding,
// unsigned), sp at the end of the first KiB of data memory (the calling
// convention's stack).
func (m *Machine) reset() {
	for i := range m.units {
		m.units[i].reset()
	}
	m.now, m.bseq, m.pc, m.frozen = 0, 0, m.entry, 0
	for i := range m.memR {
		m.memR[i], m.memW[i], m.exec[i] = m.memR[i][:0], m.memW[i][:0], m.exec[i][:0]
		m.banks[i] = 0
	}
	m.inFly = 0
	clear(m.lateRd)
	clear(m.wantsNew)
	m.rmw = m.rmw[:0]
	m.locks = [nLocks]uint8{}
	m.ilk, m.stlAt = 0, [ringN]int64{}
	m.branch.on = false
	m.halted, m.halt, m.done = false, sim.Halt{}, false
	m.warnings, m.nWarn = m.warnings[:0], 0
	m.tlReset()
	clear(m.stats.StallCycles)
	clear(m.stats.UnitBusy)
	clear(m.stats.Counters)
	m.stats.Instructions, m.stats.VectorElems, m.stats.Wall = 0, 0, 0
	if m.prof != nil {
		m.prof.Reset(m.stats.StallNames, nil)
		m.prof.Charging = "each bundle is charged its issue cycle and the stall cycles before it issued (one bundle issues per cycle)"
	}
}

// Run executes until done, a trap, the cycle limit or the stop flag.
func (m *Machine) Run() sim.Halt {
	if !m.loaded {
		return sim.Halt{Kind: sim.HaltTrap, Trap: &sim.Trap{Kind: sim.TrapAccess, Msg: "no program loaded"}}
	}
	start := time.Now()
	for n := 0; !m.halted; n++ {
		if n%pollBundles == 0 && m.opts.Stop != nil && m.opts.Stop.Load() {
			m.stop(sim.Halt{Kind: sim.HaltCancelled, PC: uint64(m.pc)})
			break
		}
		m.step(m.opts.Reference)
	}
	m.stats.Wall += time.Since(start)
	m.stats.Cycles = uint64(m.now + m.frozen)
	return m.halt
}

// Step issues one bundle with the reference decoder (the bundle is decoded
// afresh from memory). It returns false once the machine has halted.
func (m *Machine) Step() bool {
	if !m.loaded || m.halted {
		return false
	}
	m.step(true)
	return !m.halted
}

func (m *Machine) stop(h sim.Halt) {
	m.halted, m.halt = true, h
	if m.opts.Timeline != nil {
		m.tlFlush(m.tl.n)
	}
}

// trap ends the run with a trap at pc.
func (m *Machine) trap(k sim.TrapKind, pc uint32, addr uint64, format string, args ...any) {
	if m.halted {
		return
	}
	t := &sim.Trap{Kind: k, PC: uint64(pc), Addr: addr, Msg: fmt.Sprintf(format, args...)}
	m.stop(sim.Halt{Kind: sim.HaltTrap, PC: uint64(pc), Trap: t})
}
