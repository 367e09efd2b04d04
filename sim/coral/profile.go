package coral

import (
	"fmt"

	"kernelcraft/sim"
)

// Profiling (Options.Profile): Run takes runProfiled, the per-instruction
// loop over pre-decoded ops (runFast's) with profBefore before each
// instruction's dispatch and profAfter once it has executed; with Trace or
// Reference, Run takes the reference stepper, and Step calls the same
// hooks. The fast paths (block engine, runFast) never see any of this.
//
// Cycles are charged by dispatch: an instruction is charged the cycles by
// which its dispatch cycle is later than the previous instruction's (the
// first instruction: its dispatch cycle), so a stall that holds up dispatch
// is charged to the instruction that waited. The instruction that ends the
// run (mpause, ecall, a trap, or the one that would have dispatched at the
// cycle limit) is also charged the rest of the run: the cycles from its
// dispatch until everything in flight has completed. The charges add up to
// Stats.Cycles exactly.
//
// Stalls are the timing model's own counters (TIMING.md), split by the
// instruction during whose step they were counted. For each stall the
// profiler names what was waited for and which instruction was
// responsible, from the model's state just before the dispatch: the source
// register with the latest ready cycle and its last writer (raw, waw,
// vector-raw), the previous instruction (branch-mispredict, serialize after
// an alone instruction), the last user of the memory port, multiplier,
// iterative unit or vector unit (struct-*, div-busy, vector-struct), the
// vector instruction whose queue slot was not yet free (vqueue-full), and
// the instruction whose completion was latest (drain, vector-sync).

// charging is Profile.Charging for coral.
const charging = "an instruction is charged the cycles its dispatch came after the previous one's; " +
	"the run's last instruction also the wait for work in flight to complete"

// who is the instruction responsible for a register's or resource's state.
type who struct {
	pc  uint32
	lat int32
	ok  bool
}

// profiler is the profiling state of a Machine.
type profiler struct {
	p      *sim.Profile
	prevD  int64 // dispatch cycle of the previous instruction
	prevPC who
	last   *sim.PCStat // the instruction charged the rest of the run

	// The model's state just before the current instruction's dispatch.
	stalls    [numStalls]uint64
	retired   uint64
	src       [3]int64
	closed    uint8
	vqPos     int
	vreads    uint32
	vwrites   uint32
	vready    [32]int64
	end, vEnd int64
	mem, unit who

	// Who last wrote or used what.
	writer  [numRegs]who
	vwriter [32]who
	memBy   who
	mulBy   who
	iterBy  [2]who
	unitBy  []who
	unitOn  []string // "the NAME unit", by unit
	vqBy    []who    // the vector instruction in each queue slot
	endBy   who
	vEndBy  who
}

// afterDispatch marks the stall causes counted in the vector backend.
var afterDispatch = func() []bool {
	a := make([]bool, numStalls)
	a[stVRAW], a[stVStruct] = true, true
	return a
}()

// runProfiled is Run's loop when profiling: runFast's loop with the
// profiling hooks around each instruction.
func (m *Machine) runProfiled() {
	var c *codeRegion
	poll := pollInsts
	for {
		if poll--; poll == 0 {
			if poll = pollInsts; m.stopped() {
				m.profFinish()
				return
			}
		}
		pc := m.pc
		if c == nil || pc-c.base >= c.size || pc&3 != 0 {
			nc, trap := m.fetchRegion(pc)
			if trap != nil {
				if !m.raise(trap, nil) {
					m.profFinish()
					return
				}
				continue
			}
			c = nc
		}
		o := &c.ops[(pc-c.base)>>2]
		m.profBefore(o, pc)
		if !m.t.dispatch(o) {
			m.cycleLimit()
			m.profAfter(o, pc, false)
			return
		}
		ok := m.exec(o)
		m.profAfter(o, pc, true)
		if !ok {
			return
		}
	}
}

// vregNames names the vector registers in hazards.
var vregNames = func() (n [32]string) {
	for i := range n {
		n[i] = fmt.Sprintf("v%d", i)
	}
	return n
}()

// profBefore snapshots the model before o, at pc, dispatches. The first
// instruction of a run resets the profile.
func (m *Machine) profBefore(o *op, pc uint32) {
	t := &m.t
	if m.prof == nil || m.prof.p != m.opts.Profile || !t.dispatched {
		m.prof = &profiler{p: m.opts.Profile, unitBy: make([]who, len(t.unitNext)), vqBy: make([]who, len(t.vq))}
		for _, u := range m.stats.UnitNames {
			m.prof.unitOn = append(m.prof.unitOn, "the "+u+" unit")
		}
		m.prof.p.Reset(m.stats.StallNames, afterDispatch)
		m.prof.p.Charging = charging
	}
	pr := m.prof
	pr.stalls = t.stalls
	pr.retired = m.stats.Instructions
	for i, s := range o.src {
		pr.src[i] = t.ready[s]
	}
	pr.closed = t.closed
	pr.end, pr.vEnd = t.end, t.vecEnd
	pr.mem = pr.memBy
	pr.vreads, pr.vwrites = 0, 0
	if o.tflags&tVec != 0 {
		pr.vqPos = t.vqPos
		pr.vreads, pr.vwrites = m.vopOf(o).VRegs(&m.v)
		pr.vready = t.vready
		pr.unit = pr.unitBy[t.res[o.unit]]
	}
	if m.opts.Timeline != nil {
		m.tlBefore(o)
	}
}

// profAfter records o, at pc, once it has executed (dispatched false: it
// did not dispatch, the run hit the cycle limit).
func (m *Machine) profAfter(o *op, pc uint32, dispatched bool) {
	pr, t := m.prof, &m.t
	p := pr.p
	s := p.At(uint64(pc))
	if s.Text == "" {
		if o.inst != nil {
			s.Text = m.disasmInst(o.inst, o.word, pc)
		} else {
			s.Text = fmt.Sprintf(".word %#08x", o.word)
		}
	}
	s.Count += m.stats.Instructions - pr.retired // not an instruction that trapped
	if dispatched {
		p.Charge(s, uint64(t.cur-pr.prevD))
		pr.prevD = t.cur
	}
	for c := range numStalls {
		if d := t.stalls[c] - pr.stalls[c]; d > 0 {
			s.Stalls[c] += d
			p.AddHazard(m.hazard(o, pc, c, d))
		}
	}
	if dispatched {
		if m.opts.Timeline != nil {
			m.tlAfter(o, pc, s.Text)
		}
		m.profTrack(o, pc)
	}
	pr.prevPC = who{pc: pc, ok: true}
	pr.last = s
	if m.halted {
		m.profFinish()
	}
}

// profFinish charges the rest of the run to its last instruction, so the
// profile's cycles add up to Stats.Cycles. It is idempotent.
func (m *Machine) profFinish() {
	pr := m.prof
	if pr == nil || pr.last == nil {
		return
	}
	if total := uint64(m.cycles()); total > pr.p.Cycles {
		pr.p.Charge(pr.last, total-pr.p.Cycles)
	}
}

// profTrack notes what a dispatched instruction wrote and used.
func (m *Machine) profTrack(o *op, pc uint32) {
	pr, t := m.prof, &m.t
	me := who{pc: pc, lat: m.resultLat(o), ok: true}
	if o.dst != regNone {
		pr.writer[o.dst] = me
	}
	f := o.tflags
	if f&(tMem|tVecMem) != 0 {
		pr.memBy = me
	}
	if f&tMul != 0 {
		pr.mulBy = me
	}
	if f&tIter != 0 {
		pr.iterBy[o.iter&1] = me
	}
	if f&tVec != 0 {
		vo := m.vopOf(o)
		sw := vo.XWrite()
		if fw := vo.FWrite(); fw >= 0 {
			sw = 32 + fw
		}
		if sw > 0 && sw < regNone {
			pr.writer[sw] = me
		}
		for r := range 32 {
			if pr.vwrites&(1<<r) != 0 {
				pr.vwriter[r] = me
			}
		}
		pr.vqBy[pr.vqPos] = me
		if f&tVecMem == 0 {
			pr.unitBy[t.res[o.unit]] = me
		}
	}
	if t.end > pr.end {
		pr.endBy = me
	}
	if t.vecEnd > pr.vEnd {
		pr.vEndBy = me
	}
}

// resultLat is o's result latency as the timing model uses it: the
// vector divider's depends on SEW (timing.vcost).
func (m *Machine) resultLat(o *op) int32 {
	if o.tflags&tVec != 0 {
		if vo := m.vopOf(o); vo.Use == uIter {
			return m.t.vcostN(uIter, 1, m.v.SEW, o.lat).lat
		}
	}
	return o.lat
}

// hazard describes a stall of cause c, n cycles, at o.
func (m *Machine) hazard(o *op, pc uint32, c int, n uint64) sim.Hazard {
	pr := m.prof
	h := sim.Hazard{PC: uint64(pc), Cause: c, Cycles: n}
	from := func(rel string, w who, latency bool) {
		if w.ok {
			h.Rel, h.From, h.HasFrom = rel, uint64(w.pc), true
			if latency {
				h.Latency = int(w.lat)
			}
		}
	}
	switch c {
	case stRAW:
		best := -1
		for i, s := range o.src {
			if s != regNone && (best < 0 || pr.src[i] > pr.src[best]) {
				best = i
			}
		}
		if best >= 0 {
			r := o.src[best]
			h.On = m.regName(r)
			from("written by", pr.writer[r], true)
		}
	case stWAW:
		if o.dst != regNone {
			h.On = m.regName(o.dst)
			from("written by", pr.writer[o.dst], true)
		}
	case stMul:
		h.On = "the multiplier"
		from("in use by", pr.mulBy, false)
	case stMem:
		h.On = "the memory port"
		from("in use by", pr.mem, false)
	case stDiv:
		h.On = pr.unitOn[o.unit]
		from("in use by", pr.iterBy[o.iter&1], false)
	case stMispredict:
		from("after", pr.prevPC, false)
	case stSerialize:
		if pr.closed == closedAlone {
			from("after", pr.prevPC, false)
		}
	case stVQueue:
		h.On = "a vector queue slot"
		from("held by", pr.vqBy[pr.vqPos], false)
	case stVRAW:
		// The register that bound the issue cycle, by the rule vissue
		// applies: a read counts from the uop that reads it.
		sh := m.t.vcost(m.vopOf(o), &m.v, o.lat).sh
		u := int32(1)
		if o.tflags&tVecMem == 0 {
			u = m.t.unitCnt[m.t.res[o.unit]]
		}
		best, bestR := -1, int64(0)
		for r := range 32 {
			var ready int64
			switch {
			case pr.vreads&(1<<r) != 0:
				ready = pr.vready[r] - int64(sh.readOff(uint8(r), u))
			case pr.vwrites&(1<<r) != 0:
				ready = pr.vready[r] - int64(m.resultLat(o))
			default:
				continue
			}
			if best < 0 || ready > bestR {
				best, bestR = r, ready
			}
		}
		if best >= 0 {
			h.On = vregNames[best]
			from("written by", pr.vwriter[best], true)
		}
	case stVStruct:
		if o.tflags&tVecMem != 0 {
			h.On = "the memory port"
			from("in use by", pr.mem, false)
		} else {
			h.On = pr.unitOn[m.t.res[o.unit]]
			from("in use by", pr.unit, false)
		}
	case stDrain, stVSync:
		w := pr.endBy
		if c == stVSync {
			w = pr.vEndBy
		}
		from("until the completion of", w, false)
	}
	return h
}

// regName names a scoreboard index (x0..x31 by ABI name, then f0..f31).
func (m *Machine) regName(r uint8) string {
	if r < 32 {
		return m.isa.RegFiles["x"].Names[r]
	}
	if r < 64 {
		if f := m.isa.RegFiles["f"]; f != nil {
			return f.Names[r-32]
		}
	}
	return fmt.Sprintf("r%d", r)
}
