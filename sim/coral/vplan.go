package coral

import (
	"encoding/binary"
	"math/bits"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// Vector plans: the per-instruction fast path of Run for vector
// instructions.
//
// Everything about a vector instruction except vl and the register
// contents is fixed by its encoding and vtype: the register groups it
// reads and writes, its uop count (per element or per 16 bytes for memory
// accesses), whether Exec's register-group checks pass, and which element
// loop (and SIMD kernel, for the path in use and the fixed-point rounding
// mode) runs it. A vplan caches all of that in the VOp, keyed by vtype,
// vxrm and vec.Epoch, so that a pre-decoded vector instruction executed
// again under the same vtype costs the timing model's bookkeeping and its
// element loop, and nothing else: no Exec switch, no register-group
// checks, no VRegs/Uops recomputation, and a direct call of the SIMD
// kernel where one exists. Runs that the plan does not cover (vill,
// vstart ≠ 0, an illegal group, any trap) take the ordinary path, and the
// reference stepper (Step) never uses plans; TestRunMatchesStep and the
// vector tests hold the two to identical results and cycles.

// Fast execution kinds of a plan.
const (
	fxExec   uint8 = iota // (*VState).Exec, as the reference stepper does
	fxKernel              // a SIMD kernel called directly (Kernel.Run), else the body
	fxBin                 // the body of execBin, checks already passed
	fxMac
	fxWide
	fxNarrow
	fxExt
	fxCmp
	fxMerge
	fxMem   // unit-stride, one field: one copy, else execMem
	fxMvXS  // vmv.x.s
	fxMvSX  // vmv.s.x
	fxFloat // Exec, then fflags copied back (vector float instructions)
)

// vrun is a run of consecutive vector registers [r, r+n).
type vrun struct{ r, n uint8 }

// vplan is a vector instruction's decode under one vtype (see above).
type vplan struct {
	key uint64 // planKey of the state it was made for; 0: none

	// Timing: the registers read (as runs) and written, and whether the
	// written ones need a WAW check of their own (they are not all read).
	rd     [4]vrun
	nrd    uint8
	wr     [2]vrun
	nwr    uint8
	waw    bool
	masks  bool   // more runs than fit: use the bitmasks below
	reads  uint32 // VRegs
	writes uint32
	sw     int   // scoreboard index of a scalar result (x, or f + 32); 0 or less: none
	uops   int   // uops (when uopsBy is 0)
	uopsBy uint8 // 0: uops; 1: per 16 bytes of esz-byte elements; 2: per element
	esz    int   // bytes per element (segment) of a unit-stride access

	fast      uint8
	body      uint8 // fxKernel: the body to run when the kernel cannot take the call
	sat       bool  // fxKernel: the kernel's saturation sets vxsat
	kern      vec.Kernel
	kfn       vec.KernelFunc // kern's function and chunk (vec.Kernel.Direct)
	kchunk    int
	d, a, b   int  // fxKernel: byte offsets of vd, vs2, vs1 in V (b < 0: the scalar)
	store     bool // fxMem
	unitBytes int  // fxMem: bytes per element
}

// planKey is the state a plan depends on; never 0.
func planKey(vtype, vxrm, epoch uint32) uint64 {
	return 1<<63 | uint64(epoch)<<32 | uint64(vxrm&3)<<8 | uint64(vtype&vtypeMask)
}

// runsOf splits a register bitmask into runs; false if there are more than
// len(out).
func runsOf(m uint32, out []vrun) (int, bool) {
	n := 0
	for m != 0 {
		r := bits.TrailingZeros32(m)
		l := bits.TrailingZeros32(^(m >> uint(r)))
		if n == len(out) {
			return n, false
		}
		out[n] = vrun{uint8(r), uint8(l)}
		n++
		if r+l >= 32 {
			break
		}
		m &^= (uint32(1)<<uint(l) - 1) << uint(r)
	}
	return n, true
}

// makePlan fills op's plan for the current vtype (v not vill, vstart 0).
func (v *VState) makePlan(op *VOp, key uint64) {
	p := &op.plan
	*p = vplan{key: key}
	p.reads, p.writes = op.VRegs(v)
	var ok1, ok2 bool
	var n int
	n, ok1 = runsOf(p.reads, p.rd[:])
	p.nrd = uint8(n)
	n, ok2 = runsOf(p.writes, p.wr[:])
	p.nwr = uint8(n)
	p.masks = !ok1 || !ok2
	p.waw = p.writes&^p.reads != 0
	p.sw = op.XWrite()
	if fw := op.FWrite(); fw >= 0 {
		p.sw = 32 + fw
	}
	p.uops = op.Uops(v)
	if op.Kind == kLoad || op.Kind == kStore {
		if op.Mode == mUnit {
			p.uopsBy, p.esz = 1, int(op.EEW)/8*int(op.NF)
		} else {
			p.uopsBy = 2
		}
	}
	p.fast = fxExec
	legal := func(t *sim.Trap) bool { return t == nil }
	switch op.Kind {
	case kBin:
		if legal(v.chkSingle(op, true, true)) {
			p.fast = fxBin
			p.kernel(v, op, vec.BinKernel(op.Fn, int(v.SEW), op.Form != fVV, v.VXRM), int(v.SEW))
			p.sat = true
		}
	case kMac:
		if legal(v.chkSingle(op, true, true)) {
			p.fast = fxMac
			p.kernel(v, op, vec.BinKernel(op.Fn, int(v.SEW), op.Form != fVV, v.VXRM), int(v.SEW))
		}
	case kWide, kWideW:
		if legal(v.chkWiden(op, op.Kind == kWideW, false, true)) {
			p.fast = fxWide
			p.kernel(v, op, vec.WideKernel(op.Fn, int(v.SEW), op.Form != fVV, op.Kind == kWideW), int(v.SEW))
		}
	case kNarrow:
		if legal(v.chkWiden(op, true, true, true)) {
			p.fast = fxNarrow
			p.kernel(v, op, vec.NarrowKernel(op.Fn, int(v.SEW), op.Form != fVV, v.VXRM), int(v.SEW))
			p.sat = true
		}
	case kExt:
		if legal(v.chkExt(op)) {
			p.fast = fxExt
			k := vec.ExtKernel(int(v.SEW/uint32(op.EEW)), int(v.SEW), op.Fn == vec.Add)
			p.kernel(v, op, k, int(v.SEW))
			if p.fast == fxKernel {
				p.b = p.a // the kernel reads its source from a
			}
		}
	case kCmp:
		if legal(v.chkMaskDest(op, op.Form == fVV)) {
			p.fast = fxCmp
		}
	case kMerge:
		if legal(v.chkSingle(op, op.Masked, true)) {
			p.fast = fxMerge
		}
	case kLoad, kStore:
		if op.Mode == mUnit && op.NF == 1 && !op.FF && v.memUnitLegal(op) {
			p.fast, p.store, p.unitBytes = fxMem, op.Kind == kStore, int(op.EEW)/8
		}
	case kMvXS:
		p.fast = fxMvXS
	case kMvSX:
		p.fast = fxMvSX
	case kFBin, kFMac, kFCmp, kFUnary, kFRed, kFMerge, kFMvFS, kFMvSF, kFWCvt, kFNCvt, kFSlide1Up, kFSlide1Down:
		p.fast = fxFloat
	}
}

// kernel makes the plan call k directly when there is one.
func (p *vplan) kernel(v *VState, op *VOp, k vec.Kernel, sew int) {
	if !k.Valid() {
		return
	}
	p.body, p.fast, p.kern = p.fast, fxKernel, k
	p.kfn, p.kchunk = k.Direct()
	p.d, p.a, p.b = int(op.Vd)*VLENB, int(op.Vs2)*VLENB, int(op.Vs1)*VLENB
	if op.Form != fVV {
		p.b = -1
	}
}

// memUnitLegal reports whether a unit-stride, single-field access passes
// execMem's checks under the current vtype.
func (v *VState) memUnitLegal(op *VOp) bool {
	eew := uint32(op.EEW)
	demul8 := v.LMUL8 * eew / v.SEW
	if demul8 < 1 || demul8 > 64 || v.LMUL8*eew%v.SEW != 0 {
		return false
	}
	dn := regsOf(demul8)
	if dn > 8 || int(op.Vd)%dn != 0 || int(op.Vd)+dn > NVReg {
		return false
	}
	return op.Kind == kStore || !op.Masked || op.Vd != 0
}

// vgmax is the latest ready cycle of the registers of run g.
func (t *timing) vgmax(g vrun) int64 {
	r := t.vready[g.r&31:]
	switch g.n {
	case 1:
		return r[0]
	case 2:
		return max(r[0], r[1])
	case 4:
		_ = r[3]
		return max(max(r[0], r[1]), max(r[2], r[3]))
	case 8:
		_ = r[7]
		return max(max(max(r[0], r[1]), max(r[2], r[3])), max(max(r[4], r[5]), max(r[6], r[7])))
	}
	m := int64(0)
	for _, x := range r[:min(int(g.n), len(r))] {
		m = max(m, x)
	}
	return m
}

// vissuePlan is vissue with the register sets of a plan.
func (t *timing) vissuePlan(p *vplan, unit uint8, mem bool, vt vtime) {
	if p.masks || vt.sh.kind != shGroup {
		t.vissue(unit, mem, vt, p.reads, p.writes, p.sw)
		return
	}
	s := t.vslot()
	r := int64(0)
	for i := range p.rd[:p.nrd] {
		g := p.rd[i]
		if g.n == 1 {
			r = max(r, t.vready[g.r&31])
		} else {
			r = max(r, t.vgmax(g))
		}
	}
	if p.waw {
		for i := range p.wr[:p.nwr] {
			g := p.wr[i]
			if g.n == 1 {
				r = max(r, t.vready[g.r&31]-int64(vt.lat))
			} else {
				r = max(r, t.vgmax(g)-int64(vt.lat))
			}
		}
	}
	done := t.vbook(s, r, unit, mem, vt)
	for i := range p.wr[:p.nwr] {
		g := p.wr[i]
		w := t.vready[g.r&31:]
		for j := range w[:min(int(g.n), len(w))] {
			w[j] = done
		}
	}
	t.vdone(done, p.sw)
}

// execVecPlan runs a pre-decoded vector instruction through its plan. It
// returns done = false, having done nothing, when the plan does not cover
// the current state (the caller then takes the ordinary path).
func (m *Machine) execVecPlan(o *op) (t *sim.Trap, done bool) {
	vo := &m.vops[o.vop]
	v := &m.v
	if o.tflags&tVec == 0 { // vset*: executed in order on the scalar side
		if vo.Kind >= kVsetvli && vo.Kind <= kVsetvl {
			v.FRM, v.FFlags = m.csr.frm, m.csr.fflags // as the ordinary path leaves them
			v.execVset(vo, &m.x)
			return nil, true
		}
		return nil, false
	}
	if v.Vill || v.VStart != 0 || v.VL > v.VLMAX {
		return nil, false
	}
	p := &vo.plan
	if key := planKey(v.VType, v.VXRM, vec.Epoch()); p.key != key {
		v.makePlan(vo, key)
	}
	vl := int(v.VL)
	uops := p.uops
	switch p.uopsBy {
	case 1:
		uops = max(1, (vl*p.esz+VLENB-1)/VLENB)
	case 2:
		uops = max(1, vl)
	}
	vt := m.t.vcostOf(vo, v, uops, o.lat)
	m.t.vissuePlan(p, o.unit, o.tflags&tVecMem != 0, vt)
	m.stats.VectorElems += uint64(vl)
	if t = m.planExec(p, vo); t != nil {
		return t, true
	}
	if m.selfMod && o.inst.Flags["vstore"] {
		for i := range m.code {
			if c := &m.code[i]; c.reg.Writable {
				m.redecode(c.base, c.size)
			}
		}
	}
	return nil, true
}

// planExec executes a vector op by its plan (vstart 0, no timing).
func (m *Machine) planExec(p *vplan, vo *VOp) (t *sim.Trap) {
	v, x := &m.v, &m.x
	vl := int(v.VL)
	// fcsr lives in the core: the vector unit's float ops see and update
	// it (only they change FFlags).
	v.FRM, v.FFlags = m.csr.frm, m.csr.fflags
	switch p.fast {
	case fxKernel:
		var mask []byte
		if vo.Masked {
			mask = v.V[:VLENB]
		}
		var bp *byte
		if p.b >= 0 {
			bp = &v.V[p.b]
		} else {
			binary.LittleEndian.PutUint32(m.vscal[:], vo.scalar(x))
			bp = &m.vscal[0]
		}
		if vl > 0 {
			sat, ok := p.kern.Run(&v.V[p.d], &v.V[p.a], bp, vl, mask)
			if !ok {
				m.planBody(p.body, vo)
			} else if sat && p.sat {
				v.VXSAT = 1
			}
		}
	case fxMem:
		t = m.planMem(p, vo, vl)
	case fxMvXS:
		t = v.execMvXS(vo, x)
	case fxMvSX:
		t = v.execMvSX(vo, x)
	case fxExec:
		t = v.Exec(vo, x, &m.f, m.mem)
	case fxFloat:
		t = v.Exec(vo, x, &m.f, m.mem)
		m.csr.fflags = v.FFlags & 0x1f
	default:
		m.planBody(p.fast, vo)
	}
	if t == nil {
		v.VStart = 0
	}
	return t
}

// vecBlockRun executes the consecutive vector ops of block b from op k in
// state mode (the edge books their timing and elements): vsets, and ops
// whose plans run them without a trap. It returns the index of the first
// op it did not run (having done nothing to it): the per-instruction path
// runs that one when it is a vector op.
//
// The plan key, and the vill/vstart/vl checks, hold from one op to the
// next until a vset: they are computed once per run of ops between vsets.
func (m *Machine) vecBlockRun(b *block, k int) int {
	v := &m.v
	// Ops before perOp run per instruction: no segment can start there
	// (b.segNext; segments are set up on a SIMD path's first visit, so on
	// the fallback there are none).
	perOp := len(b.ops)
	if b.segs == nil && vec.Batching() {
		m.segStarts(b)
	}
	if b.segs != nil {
		perOp = int(b.segNext[k])
		// The common case first: a segment made for this state starts
		// here (a loop body on its second and later visits).
		if perOp == k && !v.Vill && v.VStart == 0 && v.VL <= v.VLMAX {
			if s := b.segs[k]; s != nil && s.n > 0 && s.vl == v.VL &&
				s.key == planKey(v.VType, v.VXRM, vec.Epoch()) && m.runSeg(s) {
				if k += s.n; k >= len(b.ops) || b.ops[k].h != bVec {
					return k
				}
				perOp = int(b.segNext[k])
			}
		}
	}
	ops := b.code.ops[b.j:]
	ops = ops[:min(len(b.ops), len(ops))]
	// fcsr lives in the core: the vector unit sees it as the ordinary
	// path leaves it (nothing here changes it).
	v.FRM, v.FFlags = m.csr.frm, m.csr.fflags
	key := uint64(0) // the plan key of the current state; 0: to check
	ones := vec.Ones()
	for ; k < len(ops) && b.ops[k].h == bVec; k++ {
		o := &ops[k]
		vo := &m.vops[o.vop]
		if o.tflags&tVec == 0 { // vsetvli/vsetivli (blockable: AVL not a register)
			v.execVset(vo, &m.x)
			m.x[0] = 0
			key = 0
			continue
		}
		if key == 0 {
			if v.Vill || v.VStart != 0 || v.VL > v.VLMAX {
				break
			}
			key = planKey(v.VType, v.VXRM, vec.Epoch())
		}
		p := &vo.plan
		if p.key != key {
			v.makePlan(vo, key)
		}
		if k >= perOp {
			// A segment may start here: the one made for this state,
			// else a new one; a short one (s.n = 0) runs per instruction.
			next := k + 1
			if p.fast == fxKernel || p.fast == fxMem {
				s := b.segs[k]
				if s == nil || s.key != key || s.vl != v.VL {
					s = m.vsegAt(b, k, key)
				}
				if s.n > 0 && m.runSeg(s) {
					k += s.n - 1
					perOp = int(b.segNext[k+1])
					continue
				}
				next = k + max(s.n, 1)
			}
			perOp = int(b.segNext[next])
		}
		vl := int(v.VL)
		switch p.fast {
		case fxKernel:
			if vl == 0 {
				continue
			}
			var bp *byte
			if p.b >= 0 {
				bp = &v.V[p.b]
			} else {
				binary.LittleEndian.PutUint32(m.vscal[:], vo.scalar(&m.x))
				bp = &m.vscal[0]
			}
			var sat, ok bool
			// Unmasked: the kernel called directly, with RunAll's checks.
			if !vo.Masked && p.kchunk == 0 && vl <= 128 {
				sat, ok = p.kfn(&v.V[p.d], &v.V[p.a], bp, vl, &ones[vl]), true
			} else if !vo.Masked && p.kchunk > 0 && vl&(p.kchunk-1) == 0 {
				sat, ok = p.kfn(&v.V[p.d], &v.V[p.a], bp, vl, nil), true
			} else if vo.Masked {
				sat, ok = p.kern.Run(&v.V[p.d], &v.V[p.a], bp, vl, v.V[:VLENB])
			} else {
				sat, ok = p.kern.RunAll(&v.V[p.d], &v.V[p.a], bp, vl)
			}
			if !ok {
				m.planBody(p.body, vo)
			} else if sat && p.sat {
				v.VXSAT = 1
			}
			continue
		case fxExec, fxFloat:
			m.x[0] = 0
			return k // may trap
		case fxMem:
			if vl == 0 {
				continue
			}
			if !vo.Masked && m.planMemCached(p, vo, vl) {
				continue
			}
			// Only when no element can fault: the whole range is accessible.
			acc := sim.Read
			if p.store {
				acc = sim.Write
			}
			if !m.accessible(uint64(m.x[vo.Vs1]), uint64(vl)*uint64(p.unitBytes), acc) {
				m.x[0] = 0
				return k
			}
		}
		if m.planExec(p, vo) != nil {
			panic("coral: a vector op checked in a block trapped") // unreachable
		}
		m.x[0] = 0
	}
	m.x[0] = 0
	return k
}

// planMemCached runs an unmasked unit-stride, single-field load or store
// of vl > 0 elements when its range lies in the scalar side's region
// cache for the access (one copy), reporting whether it did.
func (m *Machine) planMemCached(p *vplan, vo *VOp, vl int) bool {
	addr := uint64(m.x[vo.Vs1])
	n := uint64(vl * p.unitBytes)
	r := m.v.V[int(vo.Vd)*VLENB:]
	if n > uint64(len(r)) {
		return false
	}
	if p.store {
		c := &m.wc
		off, ok := c.offset(addr, n)
		if !ok {
			return false
		}
		copyVec(c.data[off:off+n], r[:n])
		c.markVec(off, n)
		return true
	}
	c := &m.rc
	off, ok := c.offset(addr, n)
	if !ok {
		return false
	}
	copyVec(r[:n], c.data[off:off+n])
	return true
}

// copyVec copies src to dst (of the same length): whole register groups
// of LMUL 8 and 4 as fixed-size moves, without the call of a copy.
func copyVec(dst, src []byte) {
	switch len(src) {
	case 8 * VLENB:
		*(*[8 * VLENB]byte)(dst) = *(*[8 * VLENB]byte)(src)
	case 4 * VLENB:
		*(*[4 * VLENB]byte)(dst) = *(*[4 * VLENB]byte)(src)
	default:
		copy(dst, src)
	}
}

// planBody runs the element loops of a plan's kind (checks passed).
func (m *Machine) planBody(kind uint8, vo *VOp) {
	v, x := &m.v, &m.x
	switch kind {
	case fxBin:
		v.binBody(vo, x)
	case fxMac:
		v.macBody(vo, x)
	case fxWide:
		v.wideBody(vo, x)
	case fxNarrow:
		v.narrowBody(vo, x)
	case fxExt:
		v.extBody(vo)
	case fxCmp:
		v.cmpBody(vo, x)
	case fxMerge:
		v.mergeBody(vo, x)
	}
}

// planMem runs a unit-stride, single-field load or store: one copy when
// it is unmasked and the range is in one region, else execMem.
func (m *Machine) planMem(p *vplan, vo *VOp, vl int) *sim.Trap {
	v := &m.v
	if vl == 0 {
		return nil
	}
	if !vo.Masked {
		addr := uint64(m.x[vo.Vs1])
		n := uint64(vl * p.unitBytes)
		r := v.V[int(vo.Vd)*VLENB:]
		// The scalar side's region caches first (what mem.Bytes would
		// find, without the search and checks).
		if p.store {
			c := &m.wc
			if off := addr - uint64(c.base); off < c.size && off+n <= c.size && addr >= uint64(c.base) {
				copy(c.data[off:off+n], r[:n])
				c.reg.MarkWritten(off, n)
				return nil
			}
		} else {
			c := &m.rc
			if off := addr - uint64(c.base); off < c.size && off+n <= c.size && addr >= uint64(c.base) {
				copy(r[:n], c.data[off:off+n])
				return nil
			}
		}
		acc := sim.Read
		if p.store {
			acc = sim.Write
		}
		if addr+n <= 1<<32 {
			if b, mt := m.mem.Bytes(addr, n, acc); mt == nil {
				if p.store {
					copy(b, r[:n])
					m.cacheWrite(uint32(addr), 1)
				} else {
					copy(r[:n], b)
					m.cacheRead(uint32(addr), 1)
				}
				return nil
			}
		}
	}
	return v.execMem(vo, &m.x, m.mem)
}

// accessible reports whether n bytes at addr lie in one region that allows
// the access (a store: writable and not executable).
func (m *Machine) accessible(addr, n uint64, acc sim.Access) bool {
	c := &m.rc // the region caches hold readable, and writable non-executable, regions
	if acc == sim.Write {
		c = &m.wc
	}
	if off := addr - uint64(c.base); addr >= uint64(c.base) && off < c.size && n <= c.size-off {
		return true
	}
	if addr+n > 1<<32 {
		return false
	}
	r := m.mem.Find(addr)
	if r == nil || addr+n > r.End {
		return false
	}
	if acc == sim.Write {
		return r.Writable && !r.Executable
	}
	return r.Readable
}
