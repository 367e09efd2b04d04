package plena

import (
	"fmt"
	"slices"
)

// The HBM timing memo (sim.CoreOptions.Memo; HBM.md, "The timing
// memo"). The HBM model's answers depend only on the sequence of calls
// it receives since reset (a read or a write, its start instant, its
// 64-byte chunk addresses), never on data, and the machine's HBM
// statistics follow from the same calls. So one run records every call
// with its answer (a tape), and a later run of the same program (the
// hidden case of a cell, whose tensors sit at the visible case's
// addresses) replays it: each call is compared with the tape's next one,
// and answered from the tape while they agree. At the first call that
// differs, or past the tape's end, the model is rebuilt by feeding it
// the tape's calls so far (it then is in the state the live run would
// have left it in) and the run continues live. Results are those of a run
// without the memo, cycle for cycle.

// hbmTape is a recorded run's HBM calls, as a flat list of words: per
// call a head (number of addresses << 1 | 1 for a write), the start
// instant (ps), the addresses, and the answer (ps). It is not changed
// once recorded (replays read it concurrently).
type hbmTape struct {
	w []uint64
}

// Call kinds in a tape head.
const (
	tapeRead  = 0
	tapeWrite = 1
)

// tapeMinWords is a recording's first allocation.
const tapeMinWords = 4096

// memoKey names what a tape's answers depend on: the target and the HBM
// model's parameters (the accelerator clock included: starts are in ps).
func memoKey(c *HBMConfig) string { return fmt.Sprintf("plena hbm %+v", *c) }

// memoStart chooses the memo's part in a run that starts (Load): replay a
// completed recording, record into an empty memo, or neither.
func (m *Machine) memoStart() {
	m.memoFinish() // a recording left by an earlier Load that never halted
	m.tape, m.tpos, m.replayed, m.diverged = nil, 0, false, false
	memo := m.opts.Memo
	if memo == nil {
		return
	}
	if data, ok := memo.Replay(m.memoKey); ok {
		if t, ok := data.(*hbmTape); ok {
			m.tape, m.replayed = t.w, true
		}
		return
	}
	if memo.Record() {
		m.recording = true
		m.recCap = int(memo.Cap() / 8)
		m.rec = nil
	}
}

// memoFinish hands a recording in progress to the memo (at a halt, a
// Release or the next Load): whatever was recorded, a prefix if the run
// stopped early or the cap was reached.
func (m *Machine) memoFinish() {
	if !m.recording {
		return
	}
	m.recording = false
	rec := m.rec
	m.rec = nil
	m.opts.Memo.Finish(m.memoKey, &hbmTape{w: rec}, int64(cap(rec))*8)
}

// hbmRead is dram.hbmRead through the memo.
func (m *Machine) hbmRead(start int64, chunks []uint64) int64 {
	if m.tape != nil {
		w, p, n := m.tape, m.tpos, len(chunks)
		if p+3+n <= len(w) && w[p] == uint64(n)<<1|tapeRead && int64(w[p+1]) == start && slices.Equal(w[p+2:p+2+n], chunks) {
			m.tpos = p + 3 + n
			m.dram.reads += int64(n)
			return int64(w[p+2+n])
		}
		m.memoDiverge()
	}
	end := m.dram.hbmRead(start, chunks)
	if m.recording {
		m.record(tapeRead, start, chunks, end)
	}
	return end
}

// hbmWrite is dram.hbmWrite through the memo.
func (m *Machine) hbmWrite(start int64, chunk uint64) int64 {
	if m.tape != nil {
		w, p := m.tape, m.tpos
		if p+4 <= len(w) && w[p] == 1<<1|tapeWrite && int64(w[p+1]) == start && w[p+2] == chunk {
			m.tpos = p + 4
			m.dram.writes++
			return int64(w[p+3])
		}
		m.memoDiverge()
	}
	end := m.dram.hbmWrite(start, chunk)
	if m.recording {
		m.record(tapeWrite, start, []uint64{chunk}, end)
	}
	return end
}

// record appends a call to the recording, unless that would take it past
// the memo's cap: then recording stops and the prefix is kept.
func (m *Machine) record(kind uint64, start int64, addrs []uint64, end int64) {
	need := len(m.rec) + 3 + len(addrs)
	if need > m.recCap {
		m.memoFinish()
		return
	}
	if need > cap(m.rec) {
		// Grow by doubling, but never past the cap.
		grown := make([]uint64, len(m.rec), min(max(2*cap(m.rec), need, tapeMinWords), m.recCap))
		copy(grown, m.rec)
		m.rec = grown
	}
	m.rec = append(m.rec, uint64(len(addrs))<<1|kind, uint64(start))
	m.rec = append(m.rec, addrs...)
	m.rec = append(m.rec, uint64(end))
}

// memoDiverge leaves replay: the run's next call differs from the tape's
// (or the tape has ended). The model, untouched since reset, is fed the
// tape's calls so far, which leaves it where the live run would have
// left it, and answers live from then on.
func (m *Machine) memoDiverge() {
	w := m.tape[:m.tpos]
	m.tape, m.tpos = nil, 0
	m.diverged = true
	d := m.dram
	d.reset()
	for p := 0; p < len(w); {
		n := int(w[p] >> 1)
		start, addrs := int64(w[p+1]), w[p+2:p+2+n]
		if w[p]&1 == tapeWrite {
			d.hbmWrite(start, addrs[0])
		} else {
			d.hbmRead(start, addrs)
		}
		p += 3 + n
	}
}
