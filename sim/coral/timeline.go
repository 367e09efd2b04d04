package coral

import "kernelcraft/sim"

// Timeline recording (Options.Timeline): the profiler's hooks (profile.go)
// run around every instruction on the per-instruction paths (the block
// engine is never used while profiling), and with a timeline they also
// hand each dispatched instruction's timing decisions to the timeline: its
// dispatch cycle, the backend issue cycle of a vector instruction, the
// cycle its result is ready, and the profiler's reading of every stall
// the model counted for it. Nothing here feeds back into the model, so a
// run's cycles are those of the same run without a timeline.

// InOrderIssue is the cause of a vector instruction's wait to issue
// behind the one before it (vector instructions issue in order): a
// timeline wait that is not one of the model's stall counters, since the
// earlier instruction's own wait is counted already.
const InOrderIssue = "in-order-issue"

// tlState is the model's state just before an instruction dispatches.
type tlState struct {
	busy  uint64 // the instruction's unit's busy count
	vqPos int
	vIss  int64 // the vector backend's last issue cycle
	vIssN int32 // and how many issued in it
	ev    sim.TimelineEvent
}

// waitKinds maps the stall causes onto the timeline's wait kinds
// (vector-struct on the memory port is corrected in tlAfter).
var waitKinds = [numStalls]sim.WaitKind{
	stRAW:        sim.WaitRegister,
	stWAW:        sim.WaitRegister,
	stMul:        sim.WaitUnit,
	stMem:        sim.WaitMemPort,
	stDiv:        sim.WaitUnit,
	stMispredict: sim.WaitControl,
	stSerialize:  sim.WaitSerialize,
	stVQueue:     sim.WaitQueue,
	stVDispatch:  sim.WaitQueue,
	stVRAW:       sim.WaitRegister,
	stVStruct:    sim.WaitUnit,
	stDrain:      sim.WaitSerialize,
	stVSync:      sim.WaitSerialize,
}

// tlBefore snapshots what tlAfter needs, before o dispatches.
func (m *Machine) tlBefore(o *op) {
	m.tl.busy = m.t.busy[o.unit]
	m.tl.vqPos = m.t.vqPos
	m.tl.vIss, m.tl.vIssN = m.t.vIssCyc, m.t.vIssN
	m.t.vLast = -1
}

// tlAfter records o, at pc, once it has dispatched and executed; text is
// its disassembly. It runs before profTrack, while the profiler's state
// still describes the model before o.
func (m *Machine) tlAfter(o *op, pc uint32, text string) {
	t, pr := &m.t, m.prof
	e := &m.tl.ev
	e.PC, e.Text, e.Next = uint64(pc), text, uint64(m.pc)
	e.BackEdge = o.tflags&(tBranch|tJump) != 0
	e.Dispatch, e.Issue = t.cur, t.cur
	e.Done = t.cur + int64(max(m.resultLat(o), 1))
	e.Waits = e.Waits[:0]
	for c := range numStalls {
		d := t.stalls[c] - pr.stalls[c]
		if d == 0 {
			continue
		}
		h := m.hazard(o, pc, c, d)
		k := waitKinds[c]
		if c == stVStruct && o.tflags&tVecMem != 0 {
			k = sim.WaitMemPort
		}
		e.Waits = append(e.Waits, sim.TimelineWait{Cause: stallNames[c], Kind: k, Cycles: d, Backend: afterDispatch[c],
			On: h.On, Rel: h.Rel, From: h.From, HasFrom: h.HasFrom})
		if c == stVStruct {
			e.Issue += int64(d)
		}
	}
	if t.vLast >= 0 { // issued to the vector backend
		e.Issue += t.vq[m.tl.vqPos] - t.cur
		e.Done = t.vLast
		// In-order issue (timing.vslot): not a stall the model counts,
		// but a wait between dispatch and issue all the same.
		s0 := t.cur + 1
		if m.tl.vIss > s0 {
			s0 = m.tl.vIss
		}
		if s0 == m.tl.vIss && m.tl.vIssN >= t.vWidth {
			s0++
		}
		if n := s0 - (t.cur + 1); n > 0 {
			w := sim.TimelineWait{Cause: InOrderIssue, Kind: sim.WaitQueue, Cycles: uint64(n), Backend: true, Inherited: true,
				On: "in-order vector issue", Rel: "behind"}
			if prev := pr.vqBy[(m.tl.vqPos+len(pr.vqBy)-1)%len(pr.vqBy)]; prev.ok {
				w.From, w.HasFrom = uint64(prev.pc), true
			}
			e.Waits = append([]sim.TimelineWait{w}, e.Waits...)
		}
	}
	e.Unit, e.Slots, e.Instances = "", 0, 0
	if n := t.busy[o.unit] - m.tl.busy; n > 0 {
		// Named as the waits name it (profiler.hazard).
		e.Slots = n
		if o.tflags&(tMem|tVecMem) != 0 {
			e.Unit, e.Instances = "the memory port", int(t.memMax)
		} else {
			r := t.res[o.unit]
			e.Unit, e.Instances = pr.unitOn[r], int(t.unitCnt[r])
		}
	}
	m.opts.Timeline.Record(e)
}
