package aie2

import (
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// vector runs the vector ALU, permute, shift-round-saturate and
// conversion operations (all read in cycle 1).
func (m *Machine) vector(f *flight) {
	o := f.o
	var a, b, d [128]byte
	dr := o.o[0].r
	rdx := func(i int, dst []byte) { m.rdV(f, o.o[i].r, 1, o.srcByp, dst) }
	switch o.kind {
	case kVLane:
		rdx(1, a[:64])
		rdx(2, b[:64])
		w := o.ebits
		if w == 8 || w == 16 || w == 32 {
			vec.Lane(vec.LaneOp(o.sub), w, (*[64]byte)(d[:64]), (*[64]byte)(a[:64]), (*[64]byte)(b[:64]))
			break
		}
		for i := 0; i < 512/w; i++ {
			x, y := uint64(vec.GetLane(a[:], i, w, false)), uint64(vec.GetLane(b[:], i, w, false))
			var v uint64
			switch o.sub {
			case 0:
				v = x + y
			case 1:
				v = x - y
			case 2:
				v = x & y
			case 3:
				v = x | y
			}
			vec.PutLane(d[:], i, w, v)
		}
	case kVBcst:
		var v uint64
		if o.ebits == 64 {
			v = m.rd64(f, o.o[1].r, 1)
		} else {
			v = uint64(m.rd(f, o.o[1].r, 1, 0))
		}
		vec.Broadcast(o.ebits, (*[64]byte)(d[:64]), v)
	case kVBcstShfl:
		var v uint64
		if o.ebits == 64 {
			v = m.rd64(f, o.o[1].r, 1)
		} else {
			v = uint64(m.rd(f, o.o[1].r, 1, 0))
		}
		mode := m.rd(f, reg{uR + 29, 1}, 1, 0) & 63
		switch {
		case mode == 0:
			m.trap(sim.TrapIllegal, f.pc, 0, "vbcstshfl with mode 0 (r29's low 6 bits) is not simulated: xdna-emu's NPU1 observation at r29 = 0 contradicts vshuffle mode 0 applied to the broadcast (sim/aie2/SEMANTICS.md); use vbcst")
			return
		case mode >= uint32(len(shuffleIdx)):
			m.trap(sim.TrapIllegal, f.pc, uint64(mode), "vbcstshfl mode %d (r29's low 6 bits) does not exist (modes are 1-47)", mode)
			return
		}
		vec.Broadcast(o.ebits, (*[64]byte)(a[:64]), v) // a[64:] stays zero
		vec.PermuteBytes((*[64]byte)(d[:64]), &a, &shuffleIdx[mode])
	case kVExtBcst:
		rdx(1, a[:64])
		idx := uint64(o.o[2].imm)
		if o.o[2].isReg {
			idx = uint64(m.rd(f, o.o[2].r, 1, 0))
		}
		lanes := 512 / o.ebits
		v := uint64(vec.GetLane(a[:], int(idx%uint64(lanes)), o.ebits, false))
		vec.Broadcast(o.ebits, (*[64]byte)(d[:64]), v)
	case kVExtract:
		rdx(1, a[:64])
		idx := int(m.rd(f, o.o[2].r, 1, 0)) & (512/o.ebits - 1)
		v := vec.GetLane(a[:], idx, o.ebits, m.signedness(f))
		if o.ebits == 64 {
			m.wr(f, reg{dr.base, 1}, o.dstCyc, 0, uint32(v))
			m.wr(f, reg{dr.base + 1, 1}, o.dstCyc, 0, uint32(uint64(v)>>32))
		} else {
			m.wr(f, dr, o.dstCyc, 0, uint32(v))
		}
		return
	case kVInsert:
		rdx(1, d[:64])
		idx := int(m.rd(f, reg{uR + 29, 1}, 1, 0)) & (512/o.ebits - 1)
		var v uint64
		if o.ebits == 64 {
			v = m.rd64(f, o.o[3].r, 1)
		} else {
			v = uint64(m.rd(f, o.o[3].r, 1, 0))
		}
		vec.PutLane(d[:], idx, o.ebits, v)
	case kVMaxMin, kVCmp:
		m.compare(f)
		return
	case kVArithCmp:
		m.arithCompare(f)
		return
	case kVPush: // lo: dst, scalar, vector; hi: dst, vector, scalar
		vi, si := 2, 1
		if o.sub == 1 {
			vi, si = 1, 2
		}
		rdx(vi, a[:64])
		var v uint64
		if o.ebits == 64 {
			v = m.rd64(f, o.o[si].r, 1)
		} else {
			v = uint64(m.rd(f, o.o[si].r, 1, 0))
		}
		vec.Push(o.ebits, (*[64]byte)(d[:64]), (*[64]byte)(a[:64]), v, o.sub == 1)
	case kVAddSub:
		rdx(1, a[:64])
		rdx(2, b[:64])
		var mask uint64
		if o.ebits == 8 {
			mask = m.rd64(f, o.o[3].r, 1)
		} else {
			mask = uint64(m.rd(f, o.o[3].r, 1, 0))
		}
		vec.AddSub(o.ebits, (*[64]byte)(d[:64]), (*[64]byte)(a[:64]), (*[64]byte)(b[:64]), mask)
	case kVSel:
		rdx(1, a[:64])
		rdx(2, b[:64])
		lanes := 512 / o.ebits
		var mask uint64
		if o.ebits == 8 {
			mask = m.rd64(f, o.o[3].r, 1)
		} else {
			mask = uint64(m.rd(f, o.o[3].r, 1, 0))
		}
		if w := o.ebits; w == 8 || w == 16 || w == 32 {
			vec.Select(w, (*[64]byte)(d[:64]), (*[64]byte)(a[:64]), (*[64]byte)(b[:64]), mask)
			break
		}
		for i := 0; i < lanes; i++ {
			src := a[:]
			if mask>>i&1 != 0 {
				src = b[:]
			}
			vec.PutLane(d[:], i, o.ebits, uint64(vec.GetLane(src, i, o.ebits, false)))
		}
	case kVShiftAlign:
		rdx(1, a[:64])
		rdx(3, b[:64])
		step := m.rd(f, o.o[2].r, 1, 0)
		shiftAlign((*[64]byte)(d[:64]), (*[64]byte)(a[:64]), (*[64]byte)(b[:64]), step, m.rd(f, o.o[4].r, 1, 0))
	case kVShift:
		rdx(1, a[:64])
		rdx(2, a[64:128])
		s := int(m.rd(f, o.o[3].r, 1, 0) & 63)
		copy(d[:64], a[s:s+64])
	case kVShuffle:
		rdx(1, a[:64])
		rdx(2, a[64:128])
		mode := m.rd(f, o.o[3].r, 1, 0)
		if mode >= uint32(len(shuffleIdx)) {
			m.trap(sim.TrapIllegal, f.pc, uint64(mode), "vshuffle mode %d does not exist (modes are 0-47)", mode)
			return
		}
		vec.PermuteBytes((*[64]byte)(d[:64]), &a, &shuffleIdx[mode])
	case kVCopy:
		sr := o.o[1].r
		if sr.bytes() != dr.bytes() {
			m.trap(sim.TrapIllegal, f.pc, 0, "vmov %s, %s: the registers differ in width", regName(dr), regName(sr))
			return
		}
		m.rdV(f, sr, 1, o.srcByp, d[:dr.bytes()])
	case kVSrs:
		sr := o.o[1].r
		m.rdV(f, sr, 1, 0, a[:sr.bytes()])
		m.srs(f, a[:sr.bytes()], m.rd(f, o.o[2].r, o.shiftCyc, 0), d[:dr.bytes()])
	case kVUps:
		sr := o.o[1].r
		m.rdV(f, sr, 1, 0, a[:sr.bytes()])
		shift := m.rd(f, o.o[2].r, o.shiftCyc, 0)
		sat := m.rdUnit(crSat, f.t+int64(o.satCyc), 0, f.seq, f.pc)
		m.ups(f, a[:sr.bytes()], shift, sat, m.signedness(f), d[:dr.bytes()])
	case kVConvBF:
		m.rdV(f, o.o[1].r, 1, 0, a[:64])
		rnd := m.rdUnit(crRnd, f.t+int64(o.rndCyc), 0, f.seq, f.pc)
		vec.ConvBF16((*[32]byte)(d[:32]), (*[64]byte)(a[:64]), rnd)
	case kVConvF32:
		m.rdV(f, o.o[1].r, 1, 0, a[:32])
		vec.ConvF32((*[64]byte)(d[:64]), (*[32]byte)(a[:32]))
	case kVFloor:
		m.rdV(f, o.o[1].r, 1, 0, a[:32])
		// The shift is the s register's low 6 bits, signed (an
		// assumption: aie_api's linear_approx passes a negative shift).
		s := int(int8(m.rd(f, o.o[2].r, 1, 0)<<2) >> 2)
		vec.FloorBF16((*[64]byte)(d[:64]), (*[32]byte)(a[:32]), s)
	case kVPack:
		m.rdV(f, o.o[1].r, 1, 0, a[:64])
		m.pack(f, (*[64]byte)(a[:64]), (*[32]byte)(d[:32]))
	default:
		m.trap(sim.TrapIllegal, f.pc, 0, "%s is not supported yet by the aie2 simulator", o.inst.Name)
		return
	}
	m.wrV(f, dr, o.dstCyc, o.dstByp, d[:dr.bytes()])
}

// compare runs vmax_lt/vmin_ge (d = max/min, mask = a<b / a>=b) and
// vge/vlt/veqz (mask only). Lane i's mask bit is bit i. The lanes are
// compared whole-register (vec.Less: bf16 as numbers, integers signed or
// unsigned; vec.Zero: veqz's all-zero lanes, bf16 −0 included as not
// zero) and the max/min picked by vec.Select.
func (m *Machine) compare(f *flight) {
	o := f.o
	var a, b, d [64]byte
	w := o.ebits
	ai, bi, mi := 1, 2, 0
	if o.kind == kVMaxMin {
		ai, bi, mi = 2, 3, 1
	}
	m.rdV(f, o.o[ai].r, 1, o.srcByp, a[:])
	if o.kind == kVMaxMin || o.sub&3 != 2 {
		m.rdV(f, o.o[bi].r, 1, o.srcByp, b[:])
	}
	t := vec.CmpUnsigned
	switch {
	case o.sub&8 != 0:
		t = vec.CmpBF16
	case m.signedness(f):
		t = vec.CmpSigned
	}
	var mask uint64
	switch {
	case o.kind == kVMaxMin && o.sub&1 == 0: // vmax_lt
		mask = vec.Less(t, w, &a, &b)
		vec.Select(w, &d, &a, &b, mask)
	case o.kind == kVMaxMin: // vmin_ge
		mask = ^vec.Less(t, w, &a, &b) & vec.LaneMask(w)
		vec.Select(w, &d, &a, &b, mask)
	case o.sub&3 == 0: // vge
		mask = ^vec.Less(t, w, &a, &b) & vec.LaneMask(w)
	case o.sub&3 == 1: // vlt
		mask = vec.Less(t, w, &a, &b)
	default: // veqz
		mask = vec.Zero(w, &a)
	}
	mr := o.o[mi].r
	mc := o.dstCyc
	if o.kind == kVMaxMin {
		mc = o.dst2Cyc
		m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, d[:])
	}
	if w == 8 {
		m.wr(f, reg{mr.base, 1}, mc, 0, uint32(mask))
		m.wr(f, reg{mr.base + 1, 1}, mc, 0, uint32(mask>>32))
	} else {
		m.wr(f, reg{mr.base, 1}, mc, 0, uint32(mask))
	}
}

// arithCompare runs vsub_lt/vsub_ge/vmaxdiff_lt (d, mask, a, b) and
// vabs_gtz/vneg_gtz/vbneg_ltz (d, mask, a): the lanes and the mask (lane
// i's bit is bit i, compared on the sources) by vec.ArithCompare.
func (m *Machine) arithCompare(f *flight) {
	o := f.o
	var a, b, d [64]byte
	m.rdV(f, o.o[2].r, 1, o.srcByp, a[:])
	if o.n > 3 {
		m.rdV(f, o.o[3].r, 1, o.srcByp, b[:])
	}
	mask := vec.ArithCompare(vec.CmpOp(o.sub), o.ebits, m.signedness(f), &d, &a, &b)
	m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, d[:])
	mr := o.o[1].r
	m.wr(f, reg{mr.base, 1}, o.dst2Cyc, 0, uint32(mask))
	if o.ebits == 8 {
		m.wr(f, reg{mr.base + 1, 1}, o.dst2Cyc, 0, uint32(mask>>32))
	}
}

// shuffleIdx is each vshuffle mode as a byte permutation of the 128
// input bytes (vec.PermuteBytes): shuffle applied to bytes 0..127.
var shuffleIdx = func() (t [][64]byte) {
	var id [128]byte
	for i := range id {
		id[i] = byte(i)
	}
	for mode := uint32(0); ; mode++ {
		var p [64]byte
		if !shuffle(p[:], id[:], mode) {
			return t
		}
		t = append(t, p)
	}
}()

// shuffle applies vshuffle mode mode to the 128 bytes in (a, the low
// half, then b) and writes the 64-byte result. Modes 0-37 and 39-47 are
// transposes named T<B>_<R>x<C> (aiev2_enums.h): a block of R x C B-bit
// elements read row-major and written transposed. A 1024-bit block is a
// and b together, and _lo and _hi are the result's first and second 512
// bits; a 512-bit block is a alone; a smaller block (modes 39-47: 256 or
// 128 bits) is transposed in place in each such block of a. Mode 38
// (T16_1x2_flip) swaps the 16-bit halves of every 32-bit element of a.
// It reports false for modes above 47.
func shuffle(out, in []byte, mode uint32) bool {
	type tr struct{ b, r, c, half int }
	table := []tr{
		{8, 64, 2, 0}, {8, 64, 2, 1}, {16, 32, 2, 0}, {16, 32, 2, 1}, {32, 16, 2, 0}, {32, 16, 2, 1},
		{64, 8, 2, 0}, {64, 8, 2, 1}, {128, 4, 2, 0}, {128, 4, 2, 1}, {256, 2, 2, 0}, {256, 2, 2, 1},
		{128, 2, 4, 0}, {128, 2, 4, 1}, {64, 2, 8, 0}, {64, 2, 8, 1}, {32, 2, 16, 0}, {32, 2, 16, 1},
		{16, 2, 32, 0}, {16, 2, 32, 1}, {8, 2, 64, 0}, {8, 2, 64, 1}, {512, 1, 2, 0}, {512, 1, 2, 1},
		{16, 16, 4, 0}, {16, 16, 4, 1}, {16, 4, 16, 0}, {16, 4, 16, 1}, {16, 8, 4, 0}, {16, 4, 8, 0},
		{32, 8, 4, 0}, {32, 8, 4, 1}, {32, 4, 8, 0}, {32, 4, 8, 1}, {32, 4, 4, 0}, {8, 8, 8, 0},
		{8, 16, 4, 0}, {8, 4, 16, 0},
		{}, // 38: T16_1x2_flip, below
		{16, 4, 4, 0}, {16, 4, 2, 0}, {16, 2, 4, 0}, {16, 8, 2, 0}, {16, 2, 8, 0}, {16, 16, 2, 0},
		{16, 2, 16, 0}, {8, 8, 4, 0}, {8, 4, 8, 0},
	}
	if mode == 38 {
		for i := 0; i < 64; i += 4 {
			out[i], out[i+1], out[i+2], out[i+3] = in[i+2], in[i+3], in[i], in[i+1]
		}
		return true
	}
	if int(mode) >= len(table) {
		return false
	}
	t := table[mode]
	eb := t.b / 8
	blk := t.r * t.c * eb // bytes in one block
	var tmp [128]byte
	for base := 0; base < max(blk, 64); base += blk {
		// Transposed element (j, i) = input element (i, j).
		for i := 0; i < t.r; i++ {
			for j := 0; j < t.c; j++ {
				copy(tmp[base+(j*t.r+i)*eb:], in[base+(i*t.c+j)*eb:base+(i*t.c+j+1)*eb])
			}
		}
	}
	copy(out, tmp[64*t.half:64*t.half+64])
	return true
}

// shiftAlign is vshift.align as aietools' reference model of the shifter
// (vshift_hw, as xdna-emu records it) describes it: the shift's low 7
// bits give a byte mask m, bits 64-127 of (2^64-1) << (shift&127)
// (below 64: bits 0..shift-1); byte j of the merge is xa's where m is clear
// and the shift is below 64, else xb's where m is set, else 0; the merge
// is rotated down by shift's low 6 bits; with step's low 3 bits s in 1-4,
// xa is kept out of the merge and instead xa moved down by 2^(s+1) bytes
// fills the bytes the rotation brought xa's part to (byte i where bit
// 63-i of xa's mask is set). With step 0 (or 5-7) and a shift below 64
// this is vshift: the 64 bytes of xa:xb from byte shift.
func shiftAlign(d, a, b *[64]byte, step, shift uint32) {
	m := hiMask(shift & 127)
	ma := ^m
	if shift >= 64 {
		ma = 0
	}
	pre := 0
	if s := step & 7; s >= 1 && s <= 4 {
		pre = 1 << (s + 1)
	}
	var c [64]byte
	for j := range 64 {
		switch {
		case ma>>j&1 != 0:
			if pre == 0 {
				c[j] = a[j]
			}
		case m>>j&1 != 0:
			c[j] = b[j]
		}
	}
	r := int(shift & 63)
	for i := range 64 {
		v := c[(i+r)%64]
		if pre != 0 && ma>>(63-i)&1 != 0 && i+pre < 64 {
			v |= a[i+pre]
		}
		d[i] = v
	}
}

// hiMask is bits 64..127 of (2^64-1) << sh (sh < 128), shifted down to
// bits 0..63: the bytes of the merge vshift.align takes from xb.
func hiMask(sh uint32) uint64 {
	switch {
	case sh == 0:
		return 0
	case sh <= 64:
		return ^uint64(0) >> (64 - sh)
	default:
		return ^uint64(0) << (sh - 64)
	}
}
