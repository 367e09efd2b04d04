package aie2

// The pipeline engine: issuing a bundle, its operations in flight through
// their itineraries' cycles, stalls, and the next pc.

import (
	"fmt"

	"kernelcraft/sim"
)

// flight is one operation in the pipeline.
type flight struct {
	o     *op
	pc    uint32
	seq   uint64
	t     int64 // issue cycle
	addr  uint32
	phase int
	buf   [64]byte
	next  *flight
	// A partial-word store's window (memaccess.go): a store to its word
	// that landed between its E5 and its write.
	undone   bool
	undonePC uint32
	undoneAt int64
}

// ringN is the span of the event rings in cycles (> the deepest stage).
const ringN = 32

// step issues one bundle (after any stall cycles it needs) and advances
// the pipeline by the cycles it took.
func (m *Machine) step(ref bool) {
	if m.now+m.frozen >= m.limit {
		m.stop(sim.Halt{Kind: sim.HaltCycleLimit, PC: uint64(m.pc)})
		return
	}
	pc := m.pc
	if pc < m.codeLo || pc >= m.codeHi {
		m.trap(sim.TrapAccess, pc, uint64(pc), "pc %#x is outside the program [%#x, %#x): the program must end with done", pc, m.codeLo, m.codeHi)
		return
	}
	b := m.fetch(pc, ref)
	if b.bad != "" {
		m.trap(sim.TrapIllegal, pc, uint64(pc), "%s", b.bad)
		return
	}
	for _, o := range b.ops {
		if o.kind == kUnsupported {
			m.trap(sim.TrapIllegal, pc, uint64(pc), "%s (sim/aie2/SEMANTICS.md lists what is)", unsupportedText(o.inst.Name, o.why))
			return
		}
	}
	m.curBund = b
	var ps *sim.PCStat
	if m.prof != nil {
		ps = m.prof.At(uint64(pc))
		if ps.Text == "" {
			ps.Text = m.disasm(b)
		}
	}
	// Stalls before issue: interlock waits, then bank conflicts.
	if m.opts.Hazard == Interlock {
		if s, h := m.interlockStall(b); s > 0 {
			m.ilk += int64(s)
			if m.opts.Timeline != nil {
				m.tlStall(stallInterlock, s, h, pc)
			}
			m.stallCycles(s, stallInterlock, ps)
			if m.prof != nil {
				h.PC = uint64(pc)
				h.Cycles = uint64(s)
				m.prof.AddHazard(h)
			}
		}
	}
	if s := m.bankStall(b); s > 0 {
		if m.opts.Timeline != nil {
			m.tlStall(stallBank, s, sim.Hazard{}, pc)
		}
		m.freeze(s, stallBank, ps)
		m.stats.Counters[cntBankConflicts]++
		if m.prof != nil {
			m.prof.AddHazard(sim.Hazard{PC: uint64(pc), Cause: stallBank, On: "a data-memory bank", Rel: "used in the same cycle by another access", Cycles: uint64(s)})
		}
	}
	if m.now+m.frozen >= m.limit {
		m.stop(sim.Halt{Kind: sim.HaltCycleLimit, PC: uint64(pc)})
		return
	}
	// Issue.
	m.bseq++
	m.stlAt[m.bseq%ringN] = m.ilk
	for i, o := range b.ops {
		f := m.newFlight(o, pc, m.bseq*8+uint64(i))
		m.exec[m.now%ringN] = append(m.exec[m.now%ringN], f)
		m.reserve(f)
		m.stats.UnitBusy[o.slot]++
		m.stats.Instructions++
		if o.kind == kDone {
			m.done = true
		}
	}
	m.stats.Counters[cntBundles]++
	if m.opts.Timeline != nil {
		m.tlFlush(-1)
		m.tlIssue(b)
	}
	if m.opts.Trace != nil {
		fmt.Fprintf(m.opts.Trace, "%8d  %05x  %s\n", m.now, pc, m.disasm(b))
	}
	m.endCycle()
	if m.halted {
		return
	}
	next := m.nextPC(b)
	if m.opts.Timeline != nil {
		m.tlNext(next)
	}
	m.now++
	if ps != nil {
		ps.Count++
		m.prof.Charge(ps, 1)
	}
	if m.done {
		m.drain()
		if !m.halted {
			m.stop(sim.Halt{Kind: sim.HaltPause, PC: uint64(pc),
				Msg: fmt.Sprintf("halted: done at pc %#x after %d cycles (success)", pc, m.now+m.frozen)})
		}
		return
	}
	m.pc = next
}

// reserve records, at issue, the register writes f will make (their
// values are filled in when f computes them), so that reads of the
// registers before the writes land know they are early (Warn, Interlock).
func (m *Machine) reserve(f *flight) {
	if m.opts.Hazard == Exposed {
		return
	}
	for _, a := range f.o.accesses() {
		if !a.write {
			continue
		}
		for u := int(a.r.base); u < int(a.r.base)+int(a.r.n); u++ {
			st := &m.units[u]
			w := *st.latest()
			w.vis, w.seq, w.byp, w.pc, w.stl = f.t+int64(a.cyc), f.seq, a.byp, f.pc, m.ilk
			st.add(w, m.now)
		}
	}
}

// stallCycles lets n cycles pass without issuing (the pipeline goes on).
func (m *Machine) stallCycles(n int, cause int, ps *sim.PCStat) {
	for i := 0; i < n && !m.halted; i++ {
		m.endCycle()
		m.now++
	}
	m.stats.StallCycles[cause] += uint64(n)
	if ps != nil {
		ps.Stalls[cause] += uint64(n)
		m.prof.Charge(ps, uint64(n))
	}
}

// freeze counts n cycles in which the whole core stands still: "a bank
// conflict on any port stalls the entire data path" (AM020 ch. 4), so
// the operations in flight keep their distance to the bundles after the
// stall and an exposed-pipeline schedule computes what it computes
// without the conflict.
func (m *Machine) freeze(n int, cause int, ps *sim.PCStat) {
	m.frozen += int64(n)
	m.stats.StallCycles[cause] += uint64(n)
	if ps != nil {
		ps.Stalls[cause] += uint64(n)
		m.prof.Charge(ps, uint64(n))
	}
}

// drain completes the operations in flight after done (their results
// land; the cycles are not counted).
func (m *Machine) drain() {
	now := m.now
	for i := 0; i < ringN && m.inFly > 0 && !m.halted; i++ {
		m.endCycle()
		m.now++
	}
	m.now = now
}

// endCycle runs the pipeline events of cycle now: memory reads, then
// memory writes, then the operations' execute phases in issue order.
func (m *Machine) endCycle() {
	c := m.now % ringN
	for _, f := range m.memR[c] {
		m.memRead(f)
	}
	m.memR[c] = m.memR[c][:0]
	for _, f := range m.memW[c] {
		m.memWrite(f)
	}
	m.memW[c] = m.memW[c][:0]
	for i := 0; i < len(m.exec[c]); i++ {
		m.execute(m.exec[c][i])
	}
	m.exec[c] = m.exec[c][:0]
	m.banks[c] = 0
	if len(m.lateRd) > 0 { // interlock only
		for u, s := range m.lateRd {
			if s <= m.now+1 {
				delete(m.lateRd, u)
			}
		}
	}
}

func (m *Machine) newFlight(o *op, pc uint32, seq uint64) *flight {
	f := m.free
	if f != nil {
		m.free = f.next
	} else {
		f = new(flight)
	}
	f.o, f.pc, f.seq, f.t, f.phase, f.addr, f.next = o, pc, seq, m.now, 0, 0, nil
	f.undone = false
	m.inFly++
	return f
}

func (m *Machine) release(f *flight) {
	f.next = m.free
	m.free = f
	m.inFly--
}

// schedule queues f's next event for cycle c in ring r.
func (m *Machine) schedule(r *[ringN][]*flight, c int64, f *flight) {
	r[c%ringN] = append(r[c%ringN], f)
}

// nextPC decides the bundle after b: sequential, the zero-overhead loop's
// back edge, or a branch target after its 5 delay slots.
func (m *Machine) nextPC(b *bundle) uint32 {
	next := b.pc + uint32(b.size)
	s := m.now + 1
	le := u32(m.units[uLE].read(s, 0))
	if b.pc == le&0xFFFFF {
		seq := m.bseq*8 + 7
		lc := m.rdUnit(uLC, s, 0, seq, b.pc)
		if lc != 0 {
			m.wrUnit(uLC, m.now+1, 0, seq, b.pc, lc-1)
			if lc-1 != 0 {
				next = m.rdUnit(uLS, s, 0, seq, b.pc) & 0xFFFFF
			}
		}
	}
	if m.branch.on {
		if m.branch.left == 0 {
			m.branch.left = branchDelaySlots
		} else {
			m.branch.left--
		}
		if m.branch.left == 0 {
			next = m.branch.target
			m.branch.on = false
		}
	}
	return next
}

// setBranch starts a branch's delay slots (a branch in a delay slot is a
// fault).
func (m *Machine) setBranch(f *flight, target uint32) {
	if m.branch.on {
		m.trap(sim.TrapIllegal, f.pc, uint64(target), "a branch in the delay slots of the branch at pc %#x (AIE2 faults)", m.branch.from)
		return
	}
	m.branch.on, m.branch.target, m.branch.left, m.branch.from = true, target&0xFFFFF, 0, f.pc
}

// afterDelaySlots is the address after the 5 bundles that follow pc in
// memory (jl's return address).
func (m *Machine) afterDelaySlots(pc uint32) uint32 {
	b := m.fetch(pc, m.opts.Reference)
	a := pc + uint32(b.size)
	for i := 0; i < branchDelaySlots; i++ {
		nb := m.fetch(a, m.opts.Reference)
		if nb.size == 0 {
			break
		}
		a += uint32(nb.size)
	}
	return a
}
