package coral

import (
	"encoding/binary"
	"unsafe"

	"kernelcraft/sim/vec"
)

// Vector segments: the block engine's fused fast path for straight runs of
// vector instructions.
//
// Inside a block, a run of unmasked vector instructions between two vsets
// does the same thing on every visit under the same vtype, vxrm, SIMD path
// and vl: the same kernels on the same register groups, and loads and
// stores of the same sizes whose addresses come from x registers the run
// cannot change. A vseg records such a run once as a vec.Batch (the
// kernels' calls and the loads' and stores' copies) and replays it in one
// call; before each replay only the memory side of each copy (from its
// base register, through the region caches) and the .vx scalars are
// filled in. The per-instruction loop of vecBlockRun costs about as much
// per instruction as an LMUL 8 element loop of 32-bit elements takes on
// AVX-512; the replay removes most of it.
//
// A segment covers kernel ops (fxKernel plans whose kernel takes the call
// at this vl) and unit-stride loads and stores (fxMem); it ends before
// anything else: a vset, a masked op, an op without a kernel, a memory
// access too large for its register group. It is used only when the SIMD
// path has kernels (the pure-Go fallback runs per instruction) and when it
// covers at least two ops. When one of its accesses falls outside the
// region caches at run time, the whole segment runs per instruction
// instead, so nothing of it has been done. Timing is not the segment's
// business: the block's edges book it as before. The reference stepper and
// TestBlocksMatchStep/TestRunMatchesStep hold the results to the
// per-instruction path's.

// vseg is the segment starting at one op of a block (see above).
type vseg struct {
	key    uint64 // planKey the batch was made for; 0: not made
	vl     uint32
	n      int // ops covered; below 2: none, run per instruction
	batch  vec.Batch
	loads  []vsegMem
	stores []vsegMem
	scals  []vsegScal
	buf    [][8]byte // .vx/.vi scalars, one per kernel step that takes one
}

// vsegMem is a load or store of a segment: its copy step, the x register
// holding its address and its size.
type vsegMem struct {
	step int
	rs1  uint8
	n    uint64
	off  uint64 // runSeg: a store's offset in the write cache's region
}

// vsegScal is a .vx kernel step's scalar: refreshed from x before a run.
type vsegScal struct {
	vop  int32
	slot int
}

// segStarts allocates b.segs and fills b.segNext: for each op, the first
// op at or after it where a segment may start (it and the op after it are
// ops a segment covers, whatever the state); len(b.ops) if none. So
// vecBlockRun looks for segments only where there can be one.
func (m *Machine) segStarts(b *block) {
	ops := b.code.ops[b.j:]
	ops = ops[:min(len(b.ops), len(ops))]
	covered := func(j int) bool {
		if j >= len(ops) || b.ops[j].h != bVec || ops[j].tflags&tVec == 0 {
			return false
		}
		vo := &m.vops[ops[j].vop]
		if vo.Masked {
			return false
		}
		switch vo.Kind {
		case kBin, kMac, kWide, kWideW, kNarrow, kExt:
			return true
		case kLoad, kStore:
			return vo.Mode == mUnit && vo.NF == 1 && !vo.FF
		}
		return false
	}
	b.segs = make([]*vseg, len(b.ops))
	b.segNext = make([]int32, len(b.ops)+1)
	next := int32(len(b.ops))
	b.segNext[len(b.ops)] = next
	for k := len(b.ops) - 1; k >= 0; k-- {
		if covered(k) && covered(k+1) {
			next = int32(k)
		}
		b.segNext[k] = next
	}
}

// vsegAt returns the segment of block b starting at op k (where segNext
// says one may start) for the current vector state (plan key key), making it if the one
// there was made for another state.
func (m *Machine) vsegAt(b *block, k int, key uint64) *vseg {
	s := b.segs[k]
	if s == nil {
		s = &vseg{}
		b.segs[k] = s
	}
	if s.key != key || s.vl != m.v.VL {
		m.makeSeg(b, k, s, key)
	}
	return s
}

// makeSeg records in s the segment of b from op k under the current vector
// state (v not vill, vstart 0, vl ≤ VLMAX: vecBlockRun checked).
func (m *Machine) makeSeg(b *block, k int, s *vseg, key uint64) {
	v := &m.v
	s.key, s.vl, s.n = key, v.VL, 0
	s.batch.Reset()
	s.loads, s.stores, s.scals = s.loads[:0], s.stores[:0], s.scals[:0]
	if v.VL == 0 || !vec.Batching() {
		return
	}
	ops := b.code.ops[b.j:]
	ops = ops[:min(len(b.ops), len(ops))]
	// The scalar slots must not move once steps point at them.
	if cap(s.buf) < len(ops)-k {
		s.buf = make([][8]byte, 0, len(ops)-k)
	}
	s.buf = s.buf[:0]
	vl := int(v.VL)
	n := 0
	for j := k; j < len(ops) && b.ops[j].h == bVec; j++ {
		o := &ops[j]
		if o.tflags&tVec == 0 { // a vset
			break
		}
		vo := &m.vops[o.vop]
		if vo.Masked {
			break
		}
		p := &vo.plan
		if p.key != key {
			v.makePlan(vo, key)
		}
		ok := false
		switch p.fast {
		case fxKernel:
			var bp *byte
			if p.b >= 0 {
				bp = &v.V[p.b]
			} else {
				s.buf = append(s.buf, [8]byte{})
				slot := len(s.buf) - 1
				binary.LittleEndian.PutUint32(s.buf[slot][:], vo.scalar(&m.x))
				bp = &s.buf[slot][0]
				if vo.Form == fVX {
					s.scals = append(s.scals, vsegScal{vop: o.vop, slot: slot})
				}
			}
			ok = s.batch.AddKernel(p.kern, &v.V[p.d], &v.V[p.a], bp, vl, p.sat)
		case fxMem:
			bytes := uint64(vl * p.unitBytes)
			if r := v.V[int(vo.Vd)*VLENB:]; bytes <= uint64(len(r)) {
				a := vsegMem{rs1: vo.Vs1, n: bytes}
				if p.store {
					a.step = s.batch.AddStore(int(bytes), &r[0])
					s.stores = append(s.stores, a)
				} else {
					a.step = s.batch.AddLoad(int(bytes), &r[0])
					s.loads = append(s.loads, a)
				}
				ok = true
			}
		}
		if !ok {
			break
		}
		n++
	}
	if n >= 2 {
		s.n = n
	}
}

// runSeg replays segment s, reporting false, having done nothing, when one
// of its accesses is not in the region caches (the per-instruction path
// then runs it).
func (m *Machine) runSeg(s *vseg) bool {
	// The copies' memory sides: loads through the read cache, stores
	// through the write cache; the register sides were set by makeSeg.
	if len(s.loads) > 0 {
		c := &m.rc
		data := unsafe.Pointer(unsafe.SliceData(c.data))
		for i := range s.loads {
			a := &s.loads[i]
			off, ok := c.offset(uint64(m.x[a.rs1&31]), a.n)
			if !ok {
				return false
			}
			s.batch.SetCopyFrom(a.step, unsafe.Add(data, off))
		}
	}
	if len(s.stores) > 0 {
		c := &m.wc
		data := unsafe.Pointer(unsafe.SliceData(c.data))
		for i := range s.stores {
			a := &s.stores[i]
			var ok bool
			if a.off, ok = c.offset(uint64(m.x[a.rs1&31]), a.n); !ok {
				return false
			}
			s.batch.SetCopyTo(a.step, unsafe.Add(data, a.off))
		}
	}
	for i := range s.scals {
		sc := &s.scals[i]
		binary.LittleEndian.PutUint32(s.buf[sc.slot][:], m.vops[sc.vop].scalar(&m.x))
	}
	if s.batch.Run() {
		m.v.VXSAT = 1
	}
	m.vsegRuns++
	for i := range s.stores {
		m.wc.markVec(s.stores[i].off, s.stores[i].n)
	}
	return true
}
