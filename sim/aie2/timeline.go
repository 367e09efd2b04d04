package aie2

import (
	"strconv"
	"strings"

	"kernelcraft/sim"
)

// Timeline recording (Options.Timeline). One bundle issues per cycle;
// the model's timing decisions for a bundle are the stall cycles before
// it issued (bank conflicts, and under the interlock policy the operands
// it waited for) and the cycles its operations' itineraries write their
// results. A row per bundle gets them from the code that makes them:
// step's stall calls, bankStall's conflict (which bank, which bundle
// held it) and interlockStall's hazard (which register, which bundle
// writes it). Under the warn policy a read of a value whose write had
// not landed is noted on the reading bundle's row as a wait of 0 cycles
// (the pipeline did not wait: the read got the old value); the exposed
// policy does not track such reads. A row is handed to the timeline once
// every read of its operations is done (ringN cycles after it issued, or
// when the run ends). Nothing feeds back into the model, so a run's
// cycles are those of the same run without a timeline.

// Wait causes of aie2's timeline rows (BankConflict and Interlock are the
// model's stall names).
const (
	BankConflict   = "bank_conflict"
	InterlockCause = "interlock"
	StaleRead      = "stale-read"
)

// tlRingN bounds the rows waiting for their reads (one bundle issues per
// cycle and all its reads are done ringN cycles later).
const tlRingN = 2 * ringN

// tlRow is a bundle's row until it is handed to the timeline.
type tlRow struct {
	ev   sim.TimelineEvent
	bseq uint64
}

// tlState is the timeline's view of the run.
type tlState struct {
	rows  [tlRingN]tlRow
	head  int // oldest pending row
	n     int // pending rows
	waits []sim.TimelineWait
	// The bank conflict bankStall found: the physical bank and the
	// bundle that held it.
	bank        int
	bankPC      uint32
	bankHas     bool
	bankEarlier bool // held by an earlier bundle (else by b's own accesses)
}

// slotUnit names a slot as the timeline's rows do.
var slotUnit = func() []string {
	out := make([]string, len(slotNames))
	for i, n := range slotNames {
		out[i] = "the " + n + " slot"
	}
	return out
}()

// tlReset forgets the rows of a run.
func (m *Machine) tlReset() {
	m.tl.head, m.tl.n = 0, 0
	m.tl.waits = m.tl.waits[:0]
}

// tlStall notes a stall of s cycles before the bundle at pc issues.
func (m *Machine) tlStall(cause int, s int, h sim.Hazard, pc uint32) {
	w := sim.TimelineWait{Cycles: uint64(s)}
	switch cause {
	case stallInterlock:
		w.Cause, w.Kind, w.On, w.Rel, w.From, w.HasFrom = InterlockCause, sim.WaitRegister, h.On, h.Rel, h.From, h.HasFrom
		if strings.HasPrefix(h.On, "memory") {
			w.Resource = "memory dependency"
		}
	case stallBank:
		// The freeze holds the operations in flight too (Machine.freeze):
		// their results land s wall cycles later than their rows said.
		now := m.now + m.frozen
		for i := 0; i < m.tl.n; i++ {
			if e := &m.tl.rows[(m.tl.head+i)%tlRingN].ev; e.Done > now {
				e.Done += int64(s)
			}
		}
		w.Cause, w.Kind, w.Resource = BankConflict, sim.WaitMemPort, "a data-memory bank"
		w.On = "a data-memory bank"
		switch {
		case m.tl.bankHas && m.tl.bankPC == pc && !m.tl.bankEarlier:
			w.On = "data-memory bank " + strconv.Itoa(m.tl.bank) + ", by accesses of the same bundle"
		case m.tl.bankHas:
			w.On = "data-memory bank " + strconv.Itoa(m.tl.bank)
			w.Rel, w.From, w.HasFrom = "in use by", uint64(m.tl.bankPC), true
		}
	}
	m.tl.waits = append(m.tl.waits, w)
}

// tlIssue adds the row of bundle b, issuing now with the stalls noted
// since the last one.
func (m *Machine) tlIssue(b *bundle) {
	t := &m.tl
	if t.n == tlRingN {
		m.tlFlush(1)
	}
	r := &t.rows[(t.head+t.n)%tlRingN]
	t.n++
	r.bseq = m.bseq
	e := &r.ev
	e.PC, e.Text = uint64(b.pc), m.tlText(b)
	e.Next, e.BackEdge = uint64(b.pc)+uint64(b.size), false
	now := m.now + m.frozen // wall cycles: a bank conflict freezes the pipeline's clock, not the timeline's
	e.Dispatch, e.Issue, e.Done = now, now, now+int64(b.doneAfter())
	e.Waits = append(e.Waits[:0], t.waits...)
	t.waits = t.waits[:0]
	e.Unit, e.Slots, e.Instances, e.Uses = "", 0, 0, e.Uses[:0]
	for _, o := range b.ops {
		if e.Unit == "" {
			e.Unit, e.Slots, e.Instances = slotUnit[o.slot], 1, 1
			continue
		}
		e.Uses = append(e.Uses, sim.TimelineUse{Unit: slotUnit[o.slot], Slots: 1, Instances: 1})
	}
}

// tlNext records where the bundle just issued goes next.
func (m *Machine) tlNext(next uint32) {
	t := &m.tl
	if t.n == 0 {
		return
	}
	e := &t.rows[(t.head+t.n-1)%tlRingN].ev
	e.BackEdge = uint64(next) != e.Next
	e.Next = uint64(next)
}

// tlStale notes, on the row of the bundle issued bseq-th, a read that
// got an old value (Warn).
func (m *Machine) tlStale(w Warning, bseq uint64) {
	t := &m.tl
	for i := t.n - 1; i >= 0; i-- {
		r := &t.rows[(t.head+i)%tlRingN]
		if r.bseq != bseq {
			continue
		}
		for _, x := range r.ev.Waits {
			if x.Cause == StaleRead && x.On == w.On && x.From == uint64(w.WriterPC) {
				return
			}
		}
		r.ev.Waits = append(r.ev.Waits, sim.TimelineWait{Cause: StaleRead, Kind: sim.WaitRegister, On: w.On,
			Rel: "read (old value) before the write of", From: uint64(w.WriterPC), HasFrom: true})
		return
	}
}

// tlFlush hands the oldest rows to the timeline: n of them, or (n < 0)
// those whose reads are all done.
func (m *Machine) tlFlush(n int) {
	t := &m.tl
	for t.n > 0 {
		r := &t.rows[t.head]
		if n == 0 || n < 0 && r.ev.Dispatch+ringN > m.now+m.frozen {
			return
		}
		m.opts.Timeline.Record(&r.ev)
		t.head = (t.head + 1) % tlRingN
		t.n--
		n--
	}
}

// doneAfter is the cycles after issue when the last result of b is
// ready: a bundle issued then reads it (in its cycle 1) or finds the
// stored bytes; at least 1.
func (b *bundle) doneAfter() int {
	if b.done > 0 {
		return b.done
	}
	d := 1
	for _, o := range b.ops {
		for _, a := range o.accesses() {
			if a.write {
				d = max(d, a.cyc)
			}
		}
		if o.store {
			d = max(d, o.memCyc)
		}
	}
	b.done = d
	return d
}

// tlText is a bundle's operations without its nops ("nop" if it has
// nothing else), in llvm-aie syntax.
func (m *Machine) tlText(b *bundle) string {
	t := m.textsOf(b)
	if t[1] != "" {
		return t[1]
	}
	var ops []string
	for _, op := range strings.Split(m.disasm(b), " ; ") {
		if f := strings.Fields(op); len(f) > 0 && !strings.HasPrefix(f[0], "nop") {
			ops = append(ops, strings.TrimSpace(op))
		}
	}
	t[1] = strings.Join(ops, " ; ")
	if t[1] == "" {
		t[1] = "nop"
	}
	return t[1]
}
