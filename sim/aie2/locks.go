package aie2

import "kernelcraft/sim"

// Lock operations (kLock's sub).
const (
	lockRel  = 1 // rel: otherwise acq
	lockCond = 2 // .cond: performed only when r26 is 1
)

// nLocks is how many locks the core addresses: 16 in each of the four
// memory modules it reaches (IDs 0-15 south, 16-31 west, 32-47 north,
// 48-63 its own), aie-rt's AieMlTileLockMod.NumLocks = 16.
const nLocks = 64

// lock runs acq or rel. Locks are AIE-ML's semaphores: a 6-bit value
// (0-63, 0 at reset) and a request carrying a signed 7-bit change value
// (-64..63). An acquire with a negative value v (acquire_greater_equal,
// mlir-aie's AcquireGreaterEqual(n) is acq id, -n) is granted when the
// lock's value is at least -v and adds v; one with v >= 0
// (acquire_equal) is granted when the value equals v and leaves it. A
// release adds v. In a single-core simulation no DMA or other core
// changes a lock, so an acquire that is not granted would wait forever:
// it stops the run instead, saying so; a value leaving 0..63 stops it
// too (the hardware flags a lock overflow or underflow).
func (m *Machine) lock(f *flight) {
	o := f.o
	id := uint32(o.o[0].imm)
	if o.o[0].isReg {
		id = m.rd(f, o.o[0].r, 1, 0)
	}
	v := int32(m.rd(f, o.o[1].r, 1, 0)<<25) >> 25 // the low 7 bits, signed
	name := "acq"
	if o.sub&lockRel != 0 {
		name = "rel"
	}
	if o.sub&lockCond != 0 {
		switch c := m.rd(f, reg{uR + 26, 1}, 1, 0); c {
		case 0:
			return
		case 1:
		default:
			m.trap(sim.TrapIllegal, f.pc, 0, "%s.cond with r26 = %d: the condition is 1 (performed) or 0 (skipped); other values are not documented (UG1583: issued if cond==1)", name, c)
			return
		}
	}
	if id >= nLocks {
		m.trap(sim.TrapIllegal, f.pc, 0, "%s: lock id %d is not a lock (the core addresses locks 0-63)", name, id)
		return
	}
	cur := int32(m.locks[id])
	next := cur
	switch {
	case o.sub&lockRel != 0:
		next = cur + v
	case v < 0:
		if cur < -v {
			m.trap(sim.TrapIllegal, f.pc, 0, "acq lock %d with %d (acquire_greater_equal %d) would wait forever: the lock's value is %d, and in a single-core simulation no DMA or other core releases locks", id, v, -v, cur)
			return
		}
		next = cur + v
	default:
		if cur != v {
			m.trap(sim.TrapIllegal, f.pc, 0, "acq lock %d with %d (acquire_equal %d) would wait forever: the lock's value is %d, and in a single-core simulation no DMA or other core changes locks", id, v, v, cur)
			return
		}
	}
	if next < 0 || next > 63 {
		m.trap(sim.TrapIllegal, f.pc, 0, "%s lock %d with %d: the value %d + %d leaves the lock's range 0-63 (the hardware flags a lock overflow)", name, id, v, cur, v)
		return
	}
	m.locks[id] = uint8(next)
}
