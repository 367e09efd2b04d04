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

// add records a write, keeping the history ordered and trimmed to the
// window before now.
// A write of the same operation (seq) and cycle as a reserved entry
// fills it in.
func (st *unitState) add(w write, now int64) {
	for i := len(st.hist) - 1; i > 0 && st.hist[i].vis >= w.vis; i-- {
		if st.hist[i].seq == w.seq && st.hist[i].vis == w.vis {
			st.hist[i] = w
			return
		}
	}
	h := append(st.hist, w)
	i := len(h) - 1
	for i > 0 && (h[i-1].vis > w.vis || h[i-1].vis == w.vis && h[i-1].seq > w.seq) {
		h[i] = h[i-1]
		i--
	}
	h[i] = w
	// Drop entries superseded before the window: keep the latest write
	// with vis <= now-histWindow as the base.
	base := 0
	for j := 1; j < len(h); j++ {
		if h[j].vis <= now-histWindow {
			base = j
		} else {
			break
		}
	}
	if base > 0 {
		n := copy(h, h[base:])
		h = h[:n]
	}
	st.hist = h
}

// reset sets the unit to zero with no history.
func (st *unitState) reset() {
	if cap(st.hist) == 0 {
		st.hist = make([]write, 1, 8)
	}
	st.hist = st.hist[:1]
	st.hist[0] = write{vis: -1 << 40}
}

// latest is the unit's value once every recorded write has landed.
func (st *unitState) latest() *write { return &st.hist[len(st.hist)-1] }

func u32(w *write) uint32 { return binary.LittleEndian.Uint32(w.val[:4]) }
