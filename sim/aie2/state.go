package aie2

import "encoding/binary"

// write is one time-stamped register write: the value a unit holds from
// cycle vis on (seen by a read sampled in a cycle > vis, or >= vis when
// both operands forward through the same bypass class).
type write struct {
	vis int64
	seq uint64 // issue order of the writing operation (bundle*8 + slot)
	byp uint8  // bypass class: 0 none, 1 mov, 2 vec
	pc  uint32 // the writing bundle (for warnings and hazards)
	stl int64  // interlock stall cycles before the writing bundle issued (Interlock)
	val [pieceB]byte
}

// unitState is a unit's history: writes sorted by (vis, seq). The first
// entry is the value before every later one; entries older than the
// history window are dropped as new ones arrive.
type unitState struct {
	hist []write
}

// histWindow is how many cycles into the past a read may still be
// resolved (an operation resolves its cycle-1 reads up to 2 cycles late:
// a MAC reads its multiplicands with its accumulator in cycle 3).
const histWindow = 16

// effVis is when a write becomes visible to a reader of bypass class byp.
func (w *write) effVis(byp uint8) int64 {
	if w.byp != 0 && w.byp == byp {
		return w.vis - 1
	}
	return w.vis
}

// read returns the value unit u has for a read sampled in cycle s by an
// operand of bypass class byp: the latest write visible before s.
func (st *unitState) read(s int64, byp uint8) *write {
	h := st.hist
	for i := len(h) - 1; i > 0; i-- {
		if h[i].effVis(byp) < s {
			return &h[i]
		}
	}
	return &h[0]
}

// add records a write (put, then its value).
func (st *unitState) add(w write, now int64) {
	e := st.put(w.vis, w.seq, w.byp, w.pc, now)
	e.val, e.stl = w.val, w.stl
}

// trimAt is the history length from which put drops the entries
// superseded before the window. Dropping them later than possible
// changes no read: a read samples a cycle inside the window, where the
// latest of those entries (which is kept) hides the older ones.
const trimAt = 12

// put records a write of the operation seq visible from vis and returns
// its entry, for the caller to fill in the value; the history stays
// ordered by (vis, seq). A write of the same operation and cycle as a
// reserved entry (Machine.reserve) is that entry.
func (st *unitState) put(vis int64, seq uint64, byp uint8, pc uint32, now int64) *write {
	h := st.hist
	for i := len(h) - 1; i > 0 && h[i].vis >= vis; i-- {
		if h[i].seq == seq && h[i].vis == vis {
			h[i].byp, h[i].pc = byp, pc
			return &h[i]
		}
	}
	if len(h) >= trimAt {
		// Keep the latest write with vis <= now-histWindow as the base.
		base := 0
		for j := 1; j < len(h) && h[j].vis <= now-histWindow; j++ {
			base = j
		}
		if base > 0 {
			h = h[:copy(h, h[base:])]
		}
	}
	h = append(h, write{})
	i := len(h) - 1
	for i > 0 && (h[i-1].vis > vis || h[i-1].vis == vis && h[i-1].seq > seq) {
		h[i] = h[i-1]
		i--
	}
	st.hist = h
	w := &h[i]
	w.vis, w.seq, w.byp, w.pc = vis, seq, byp, pc
	return w
}

// reset sets the unit to zero with no history.
func (st *unitState) reset() {
	if cap(st.hist) == 0 {
		st.hist = make([]write, 1, trimAt+1)
	}
	st.hist = st.hist[:1]
	st.hist[0] = write{vis: -1 << 40}
}

// latest is the unit's value once every recorded write has landed.
func (st *unitState) latest() *write { return &st.hist[len(st.hist)-1] }

func u32(w *write) uint32 { return binary.LittleEndian.Uint32(w.val[:4]) }
