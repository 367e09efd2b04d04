package coral

import (
	"fmt"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// Vector loads and stores. Unit-stride accesses (including segments) make
// one memory call per run of active elements; strided and indexed accesses
// one call per element (segment). When a call fails, the run is redone
// element by element so that the trap names the first faulting element,
// the elements before it complete, and vstart points at it.

func (v *VState) memTrap(op *VOp, k int, addr uint64, t *sim.Trap) *sim.Trap {
	v.VStart = uint32(k)
	return &sim.Trap{Kind: t.Kind, Addr: addr, Msg: fmt.Sprintf("%s: element %d at %#x: %s", op.Name, k, addr, t.Msg)}
}

// xferSeg moves segment k (nf fields of esz bytes) between b and registers
// vd, vd+dn, ….
func (v *VState) xferSeg(b []byte, vd uint8, dn, nf, k, esz int, store bool) {
	if nf == 1 {
		r := v.rb(vd)[k*esz : (k+1)*esz]
		if store {
			copy(b, r)
		} else {
			copy(r, b)
		}
		return
	}
	for f := range nf {
		r := v.rb(vd + uint8(f*dn))[k*esz : (k+1)*esz]
		mb := b[f*esz : (f+1)*esz]
		if store {
			copy(mb, r)
		} else {
			copy(r, mb)
		}
	}
}

// indexAt returns element k of the index group vs2 (EEW ieew), zero-extended.
func (v *VState) indexAt(vs2 uint8, ieew uint32, k int) uint32 {
	switch ieew {
	case 8:
		return uint32(uint8(v.r8(vs2)[k]))
	case 16:
		return uint32(uint16(v.r16(vs2)[k]))
	}
	return uint32(v.r32(vs2)[k])
}

func (v *VState) execMem(op *VOp, x *[32]uint32, mem *sim.Memory) *sim.Trap {
	store := op.Kind == kStore
	eew := uint32(op.EEW)
	nf := int(op.NF)
	indexed := op.Mode == mIdxU || op.Mode == mIdxO
	deew, demul8 := eew, v.LMUL8*eew/v.SEW
	if indexed {
		deew, demul8 = v.SEW, v.LMUL8
	}
	if demul8 < 1 || demul8 > 64 || v.LMUL8*eew%v.SEW != 0 {
		return op.illegal("EMUL = (EEW/SEW)·LMUL = (%d/%d)·%s is outside 1/8…8", eew, v.SEW, lmulName(v.LMUL8))
	}
	dn := regsOf(demul8)
	if nf*dn > 8 {
		return op.illegal("NFIELDS·EMUL = %d·%s exceeds 8 registers", nf, lmulName(demul8))
	}
	if t := op.chkAlign("vd", op.Vd, dn, demul8); t != nil {
		return t
	}
	if int(op.Vd)+nf*dn > NVReg {
		return op.illegal("register group v%d..v%d runs past v31", op.Vd, int(op.Vd)+nf*dn-1)
	}
	if !store && op.Masked && op.Vd == 0 {
		return op.illegal("destination v0 overlaps the mask register v0 of a masked load (use vd ≠ v0 or vm=1)")
	}
	var ieew, iemul8 uint32
	if indexed {
		ieew, iemul8 = eew, v.LMUL8*eew/v.SEW
		if iemul8 < 1 || iemul8 > 64 || v.LMUL8*eew%v.SEW != 0 {
			return op.illegal("index EMUL = (EEW/SEW)·LMUL = (%d/%d)·%s is outside 1/8…8", eew, v.SEW, lmulName(v.LMUL8))
		}
		in := regsOf(iemul8)
		if t := op.chkAlign("vs2", op.Vs2, in, iemul8); t != nil {
			return t
		}
		if !store {
			if nf > 1 {
				if !disjoint(int(op.Vd), nf*dn, int(op.Vs2), in) {
					return op.illegal("destination v%d..v%d of an indexed segment load overlaps the index group v%d..v%d", op.Vd, int(op.Vd)+nf*dn-1, op.Vs2, int(op.Vs2)+in-1)
				}
			} else if t := op.chkOverlap(int(op.Vd), dn, deew, int(op.Vs2), in, ieew, iemul8, "index vs2"); t != nil {
				return t
			}
		}
	}
	acc := sim.Read
	if store {
		acc = sim.Write
	}
	base := x[op.Vs1]
	s, e, m := int(v.VStart), int(v.VL), v.mask(op)
	esz := int(deew / 8)
	ssz := esz * nf // bytes per segment

	// addrOf is the address of segment k (32-bit wrap-around).
	addrOf := func(k int) uint64 {
		switch op.Mode {
		case mStrided:
			return uint64(base + uint32(k)*x[op.Vs2])
		case mIdxU, mIdxO:
			return uint64(base + v.indexAt(op.Vs2, ieew, k))
		}
		return uint64(base + uint32(k*ssz))
	}
	// one accesses segment k; done reports a fault-only-first stop.
	one := func(k int) (done bool, t *sim.Trap) {
		addr := addrOf(k)
		b, mt := mem.Bytes(addr, uint64(ssz), acc)
		if mt != nil {
			if op.FF && k > 0 {
				v.VL = uint32(k)
				return true, nil
			}
			return true, v.memTrap(op, k, addr, mt)
		}
		v.xferSeg(b, op.Vd, dn, nf, k, esz, store)
		return false, nil
	}
	for s < e {
		i, j := vec.NextRun(m, s, e)
		s = j
		if i >= j {
			break
		}
		if op.Mode == mUnit {
			addr := addrOf(i)
			n := uint64((j - i) * ssz)
			if addr+n <= 1<<32 {
				if b, mt := mem.Bytes(addr, n, acc); mt == nil {
					if nf == 1 {
						r := v.rb(op.Vd)[i*esz : j*esz]
						if store {
							copy(b, r)
						} else {
							copy(r, b)
						}
					} else {
						for k := i; k < j; k++ {
							v.xferSeg(b[(k-i)*ssz:], op.Vd, dn, nf, k, esz, store)
						}
					}
					continue
				}
			}
		}
		for k := i; k < j; k++ {
			if done, t := one(k); done {
				return t
			}
		}
	}
	return nil
}

// execWhole runs vl<nf>re<eew>.v and vs<nf>r.v: nf whole registers, vtype
// ignored, elements of EEW from vstart.
func (v *VState) execWhole(op *VOp, x *[32]uint32, mem *sim.Memory) *sim.Trap {
	nf := int(op.NF)
	if int(op.Vd)%nf != 0 {
		return op.illegal("v%d is not a multiple of the register count %d", op.Vd, nf)
	}
	esz := int(op.EEW / 8)
	evl := nf * VLENB / esz
	s := int(v.VStart)
	if s >= evl {
		v.VStart = 0
		return nil
	}
	store := op.Kind == kStoreWhole
	acc := sim.Read
	if store {
		acc = sim.Write
	}
	base := x[op.Vs1]
	regs := v.rb(op.Vd)[:nf*VLENB]
	addr := uint64(base) + uint64(s*esz)
	n := uint64((evl - s) * esz)
	if addr+n <= 1<<32 {
		if b, mt := mem.Bytes(addr, n, acc); mt == nil {
			if store {
				copy(b, regs[s*esz:])
			} else {
				copy(regs[s*esz:], b)
			}
			v.VStart = 0
			return nil
		}
	}
	for k := s; k < evl; k++ {
		a := uint64(base + uint32(k*esz))
		b, mt := mem.Bytes(a, uint64(esz), acc)
		if mt != nil {
			return v.memTrap(op, k, a, mt)
		}
		if store {
			copy(b, regs[k*esz:(k+1)*esz])
		} else {
			copy(regs[k*esz:(k+1)*esz], b)
		}
	}
	v.VStart = 0
	return nil
}

// execMaskMem runs vlm.v / vsm.v: ceil(vl/8) bytes, EEW 8, unmasked.
func (v *VState) execMaskMem(op *VOp, x *[32]uint32, mem *sim.Memory) *sim.Trap {
	evl := (int(v.VL) + 7) / 8
	s := int(v.VStart)
	if s >= evl {
		return nil
	}
	store := op.Kind == kStoreMask
	acc := sim.Read
	if store {
		acc = sim.Write
	}
	base := x[op.Vs1]
	reg := v.rb(op.Vd)[:VLENB]
	addr := uint64(base) + uint64(s)
	n := uint64(evl - s)
	if addr+n <= 1<<32 {
		if b, mt := mem.Bytes(addr, n, acc); mt == nil {
			if store {
				copy(b, reg[s:evl])
			} else {
				copy(reg[s:evl], b)
			}
			return nil
		}
	}
	for k := s; k < evl; k++ {
		a := uint64(base + uint32(k))
		b, mt := mem.Bytes(a, 1, acc)
		if mt != nil {
			return v.memTrap(op, k, a, mt)
		}
		if store {
			b[0] = reg[k]
		} else {
			reg[k] = b[0]
		}
	}
	return nil
}
