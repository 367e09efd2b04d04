package aie2

import (
	"fmt"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// MAC configuration word (aiev2_vmult.h, aiev2_compute_control).
const (
	cfgZeroAcc = 1 << 0  // treat the accumulator input as 0
	cfgSgnY    = 1 << 8  // Y (second multiplicand) signed
	cfgSgnX    = 1 << 9  // X (first multiplicand) signed
	cfgSubMul  = 1 << 11 // negate the product
	cfgSubAcc1 = 1 << 12 // negate the (first) accumulator
	cfgSubAcc2 = 1 << 13 // negate the second accumulator (vaddmac)
	cfgShift16 = 1 << 10 // integer modes: the (first) accumulator input shifted left 16 bits
)

// macMode is one matrix geometry of the MAC unit: C[M][N] (+)= X[M][K] *
// Y[K][N], X, Y and C row-major in their registers, C lane r*N+n; or,
// for an element-wise mode (elem), M lanes each the K-term dot product of
// X and Y elements r, r+M, r+2M, … (N = 1).
type macMode struct {
	m, k, n     int
	xbits       int
	ybits       int
	abits       int // accumulator lane bits (32, 64; 32 = fp32 for bf16)
	fp          bool
	name        string
	amode       int
	bmode, var_ int
	elem        bool
	lay         *vec.MacLayout // bf16 modes: the terms of each lane, for vec.MacBF16
	ig          vec.IntMac     // integer modes: the geometry, for vec.MacInt
}

// xi is the element of X that multiplies in term k of row r.
func (mm *macMode) xi(r, k int) int {
	if mm.elem {
		return k*mm.m + r
	}
	return r*mm.k + k
}

// yi is the element of Y that multiplies in term k of column n (of lane
// r, for an element-wise mode).
func (mm *macMode) yi(r, k, n int) int {
	if mm.elem {
		return k*mm.m + r
	}
	return k*mm.n + n
}

// macModes are the dense modes the simulator implements, by (amode,
// bmode, variant) of the configuration word (the fact sheet's table, after
// aietools' constants as xdna-emu records them).
var macModes = []macMode{
	{4, 8, 8, 8, 8, 32, false, "int8 x int8 4x8x8, acc32", 0, 1, 0, false, nil, vec.IntMac{}},
	{4, 4, 8, 16, 8, 32, false, "int16 x int8 4x4x8, acc32", 0, 2, 0, false, nil, vec.IntMac{}},
	{4, 2, 8, 16, 16, 32, false, "int16 x int16 4x2x8, acc32", 0, 3, 0, false, nil, vec.IntMac{}},
	{2, 8, 8, 16, 8, 64, false, "int16 x int8 2x8x8, acc64", 1, 2, 0, false, nil, vec.IntMac{}},
	{4, 8, 4, 16, 8, 64, false, "int16 x int8 4x8x4, acc64", 1, 2, 1, false, nil, vec.IntMac{}},
	{2, 4, 8, 16, 16, 64, false, "int16 x int16 2x4x8, acc64", 1, 3, 0, false, nil, vec.IntMac{}},
	{4, 4, 4, 16, 16, 64, false, "int16 x int16 4x4x4, acc64", 1, 3, 1, false, nil, vec.IntMac{}},
	{4, 2, 4, 32, 16, 64, false, "int32 x int16 4x2x4, acc64", 1, 0, 0, false, nil, vec.IntMac{}},
	// int8 x int4 (configuration amode 0, bmode 0, variant 0: llvm-aie's
	// mac_4x16_16x8(v64int8, v128int4) builds it, Xilinx/llvm-aie@179549d3:
	// clang/lib/Headers/aiev2_vmult.h:15-30): X row-major 4x16 int8, Y row-major 16x8 of 4-bit
	// elements (element i in byte i/2, the low nibble first: an
	// assumption), C lane r*8+n. Computed as two int8 4x8x8 products
	// over the halves of K (mac4).
	{4, 16, 8, 8, 4, 32, false, "int8 x int4 4x16x8, acc32", 0, 0, 0, false, nil, vec.IntMac{}},
	{4, 8, 4, 16, 16, 32, true, "bf16 x bf16 4x8x4, fp32", 2, 3, 0, false, nil, vec.IntMac{}},
	// bf16 element-wise (configuration 60/61): lane i = x[i]*y[i] +
	// x[i+16]*y[i+16], the sum aligned and rounded once as the matrix
	// mode does. The mode is the fact sheet's (2,3,1) 16x2x1 row; the
	// pairing of i with i+16 is what mlir-aie's lowering of a bf16
	// element-wise multiply relies on: it puts the 16 operands in the low
	// halves of both registers and zeros in the high halves, and reads
	// the 16 products in order (mlir-aie
	// test/Conversion/AIEVecToLLVM/mul_elem.mlir, @bf16_bf16_f32_mul_elem).
	{16, 2, 1, 16, 16, 32, true, "bf16 x bf16 element-wise 16 lanes, fp32", 2, 3, 1, true, nil, vec.IntMac{}},
	// Integer element-wise modes, with the configuration words mlir-aie's
	// lowering of aievec.mul_elem uses (Xilinx/mlir-aie@0737c419:
	// test/Conversion/AIEVecToLLVM/mul_elem.mlir: 824 for 32 int16 lanes,
	// 808 for 32 int8 lanes, 858/1626/346/1114 for int32 by 16-bit
	// pieces) and the geometry of aietools' permute modes as xdna-emu
	// records them (16x16 32 channels x1, 8x8 32 channels x2, 16x16 16
	// channels x2 with 64-bit lanes): lane i is the sum over k of
	// x[i+k·M]·y[i+k·M], M the lane count, the pairing the bf16 mode has.
	{32, 1, 1, 16, 16, 32, false, "int16 x int16 element-wise 32 lanes, acc32", 0, 3, 1, true, nil, vec.IntMac{}},
	{32, 2, 1, 8, 8, 32, false, "int8 x int8 element-wise 32 lanes, acc32", 0, 1, 1, true, nil, vec.IntMac{}},
	{16, 2, 1, 16, 16, 64, false, "int16 x int16 element-wise 16 lanes, acc64", 1, 3, 2, true, nil, vec.IntMac{}},
}

// accLayout is the layout of the fp32 accumulator additions (vadd.f …):
// no products, the two accumulators only.
var accLayout *vec.MacLayout

func init() {
	for i := range macModes {
		mm := &macModes[i]
		if !mm.fp && mm.elem {
			continue // macElemInt
		}
		if !mm.fp {
			mm.ig = vec.IntMac{M: mm.m, K: mm.k, N: mm.n, XBits: mm.xbits, YBits: mm.ybits, ABits: mm.abits}
			if mm.ybits == 4 { // mac4: two int8 products of half the depth
				mm.ig = vec.IntMac{M: mm.m, K: mm.k / 2, N: mm.n, XBits: 8, YBits: 8, ABits: mm.abits}
			}
			if err := mm.ig.Check(); err != nil {
				panic(fmt.Sprintf("aie2: integer mode %s: %v", mm.name, err))
			}
			continue
		}
		if mm.m*mm.n != vec.MacLanes || mm.k > vec.MacTerms {
			panic(fmt.Sprintf("aie2: bf16 mode %s has %d lanes of %d terms; vec.MacBF16 computes %d of at most %d", mm.name, mm.m*mm.n, mm.k, vec.MacLanes, vec.MacTerms))
		}
		l, err := vec.NewMacLayout(mm.k, func(lane, k int) int { return mm.xi(lane/mm.n, k) }, func(lane, k int) int { return mm.yi(lane/mm.n, k, lane%mm.n) })
		if err != nil {
			panic(fmt.Sprintf("aie2: bf16 mode %s: %v", mm.name, err))
		}
		mm.lay = l
	}
	l, err := vec.NewMacLayout(0, nil, nil)
	if err != nil {
		panic(err)
	}
	accLayout = l
}

func lookupMode(cfg uint32) (*macMode, error) {
	am, bm, v := int(cfg>>1&3), int(cfg>>3&3), int(cfg>>5&7)
	for i := range macModes {
		if mm := &macModes[i]; mm.amode == am && mm.bmode == bm && mm.var_ == v {
			return mm, nil
		}
	}
	return nil, fmt.Errorf("MAC configuration %#x (amode %d, bmode %d, variant %d) is not supported yet (supported: sim/aie2/SEMANTICS.md)", cfg, am, bm, v)
}

// A MAC's sub: the number of accumulator operands (0 vmul, 1 vmac, 2
// vaddmac) and the opcode's negations of them, which combine (exclusive
// or) with the configuration's sub_acc1 and sub_acc2 as o.neg does with
// sub_mul.
const (
	macAccs    = 3 // mask of the accumulator count
	macNegAcc1 = 4 // vnegmac, vnegmsc: −acc1
	macNegAcc2 = 8 // vsubmac, vsubmsc: −acc2
)

// mac runs vmul/vmac/vmsc/vnegmul/vnegmac/vnegmsc/vaddmac/vaddmsc/
// vsubmac/vsubmsc (integer and .f): the
// multiplicands and the configuration are read in cycle 1, the
// accumulator(s) in the itinerary's acc cycle.
func (m *Machine) mac(f *flight) {
	o := f.o
	nacc := o.sub & macAccs
	xi := 1 + nacc // vmul: dst x y cfg; vmac: dst acc x y cfg; vaddmac: dst acc1 acc2 x y cfg
	var x, y [64]byte
	m.rdV(f, o.o[xi].r, 1, 0, x[:])
	m.rdV(f, o.o[xi+1].r, 1, 0, y[:])
	cfg := m.rd(f, o.o[xi+2].r, 1, 0)
	mm, err := lookupMode(cfg)
	if err == nil && mm.fp != (o.kind == kVMacF) {
		err = fmt.Errorf("configuration %#x selects %s, which %s does not compute", cfg, mm.name, o.inst.Name)
	}
	if err != nil {
		m.trap(sim.TrapIllegal, f.pc, uint64(cfg), "%s: %v", o.inst.Name, err)
		return
	}
	dr := o.o[0].r
	lanes := mm.m * mm.n
	var acc1, acc2 [128]byte
	accBytes := lanes * mm.abits / 8
	if dr.bytes() != accBytes {
		m.trap(sim.TrapIllegal, f.pc, uint64(cfg), "%s: %s has %d bits, mode %s needs %d", o.inst.Name, regName(dr), dr.bytes()*8, mm.name, accBytes*8)
		return
	}
	if nacc >= 1 && cfg&cfgZeroAcc == 0 {
		m.rdV(f, o.o[1].r, o.accCyc, o.accByp, acc1[:accBytes])
	}
	if nacc == 2 {
		m.rdV(f, o.o[2].r, o.accCyc, o.accByp, acc2[:accBytes])
	}
	if cfg&cfgShift16 != 0 {
		if mm.fp {
			m.trap(sim.TrapIllegal, f.pc, uint64(cfg), "%s: configuration %#x sets shift16 (bit 10), which the integer modes have; in %s it is not documented", o.inst.Name, cfg, mm.name)
			return
		}
		shiftLanes16(acc1[:accBytes], mm.abits)
	}
	negMul := o.neg != (cfg&cfgSubMul != 0)
	var out [128]byte
	m.stats.Counters[cntMACs] += uint64(mm.m * mm.k * mm.n)
	var neg uint8
	if negMul {
		neg |= vec.NegMul
	}
	if (o.sub&macNegAcc1 != 0) != (cfg&cfgSubAcc1 != 0) {
		neg |= vec.NegAcc1
	}
	if (o.sub&macNegAcc2 != 0) != (cfg&cfgSubAcc2 != 0) {
		neg |= vec.NegAcc2
	}
	if mm.fp {
		// AM020's rule (vec.MacBF16); absent accumulators read as zeros,
		// which the rule drops as it does any zero term.
		vec.MacBF16((*[64]byte)(out[:64]), &x, &y, (*[64]byte)(acc1[:64]), (*[64]byte)(acc2[:64]), mm.lay, neg)
	} else if mm.elem {
		macElemInt(&out, &x, &y, &acc1, &acc2, mm, cfg&cfgSgnX != 0, cfg&cfgSgnY != 0, neg)
	} else if mm.ybits == 4 {
		mac4(&out, &x, &y, &acc1, &acc2, mm, cfg&cfgSgnX != 0, cfg&cfgSgnY != 0, neg)
	} else {
		vec.MacInt(&out, &x, &y, &acc1, &acc2, &mm.ig, cfg&cfgSgnX != 0, cfg&cfgSgnY != 0, neg)
	}
	m.wrV(f, dr, o.dstCyc, o.dstByp, out[:accBytes])
}

// accAdd runs vadd/vsub/vnegadd/vnegsub/vneg on accumulators (integer:
// lanes of 32 or 64 bits by the configuration's amode; .f: fp32 lanes
// added as the MAC adds, aligned to the larger exponent and rounded once).
// The configuration's zero_acc1, sub_acc1 and sub_acc2 bits combine with
// the opcode's own negations.
func (m *Machine) accAdd(f *flight) {
	o := f.o
	dr := o.o[0].r
	n := dr.bytes()
	var a1, a2, out [128]byte
	ci := 3
	if o.sub&4 != 0 { // vneg dst, src, cfg
		ci = 2
	}
	cfg := m.rd(f, o.o[ci].r, 1, 0)
	if cfg&cfgZeroAcc == 0 {
		m.rdV(f, o.o[1].r, o.accCyc, o.accByp, a1[:n])
	}
	if o.sub&4 == 0 {
		m.rdV(f, o.o[2].r, o.accCyc, o.accByp, a2[:n])
	}
	neg1 := o.sub&1 != 0 != (cfg&cfgSubAcc1 != 0)
	neg2 := o.sub&2 != 0 != (cfg&cfgSubAcc2 != 0)
	if o.kind == kVAccF {
		var neg uint8
		if neg1 {
			neg |= vec.NegAcc1
		}
		if neg2 {
			neg |= vec.NegAcc2
		}
		var zero [64]byte
		for c := 0; c < n; c += 64 { // 16 fp32 lanes at a time
			vec.MacBF16((*[64]byte)(out[c:c+64]), &zero, &zero, (*[64]byte)(a1[c:c+64]), (*[64]byte)(a2[c:c+64]), accLayout, neg)
		}
	} else {
		w := 32
		if cfg>>1&3 == 1 {
			w = 64
		}
		for i := 0; i < n*8/w; i++ {
			x, y := vec.GetLane(a1[:], i, w, true), vec.GetLane(a2[:], i, w, true)
			if neg1 {
				x = -x
			}
			if neg2 {
				y = -y
			}
			vec.PutLane(out[:], i, w, uint64(x+y))
		}
	}
	m.wrV(f, dr, o.dstCyc, o.dstByp, out[:n])
}

// mac4 is the int8 x int4 mode: X·Y over K = 16 as the sum of two int8
// products over k < 8 and k ≥ 8 (mm.ig, the 4x8x8 geometry), the 4-bit
// elements of Y widened to bytes; lanes wrap modulo 2^32, so the split
// sum is the whole one. The accumulators and their negations enter the
// first product, the product's negation both.
func mac4(out *[128]byte, x, y *[64]byte, acc1, acc2 *[128]byte, mm *macMode, sx, sy bool, neg uint8) {
	var xh, yh [64]byte
	for h := 0; h < 2; h++ {
		for r := 0; r < mm.m; r++ { // X columns 8h..8h+7 of row r
			copy(xh[r*8:r*8+8], x[r*16+8*h:r*16+8*h+8])
		}
		for i := 0; i < 64; i++ { // Y rows 8h..8h+7: elements 64h+i
			e := 64*h + i
			v := y[e/2] >> (4 * (e & 1)) & 15
			if sy && v&8 != 0 {
				v |= 0xF0
			}
			yh[i] = v
		}
		if h == 0 {
			vec.MacInt(out, &xh, &yh, acc1, acc2, &mm.ig, sx, true, neg)
		} else {
			vec.MacInt(out, &xh, &yh, out, nil, &mm.ig, sx, true, neg&vec.NegMul)
		}
	}
}

// shiftLanes16 shifts each accumulator lane of acc left by 16 bits (the
// configuration's shift16: mlir-aie builds a 32x32-bit product from
// 16-bit pieces as ((ah·bh << 16) + ah·bl + al·bh) << 16 + al·bl, the
// shift on the accumulator input; TestMacElemInt32 runs that sequence).
func shiftLanes16(acc []byte, w int) {
	for i := 0; i < len(acc)*8/w; i++ {
		vec.PutLane(acc, i, w, uint64(vec.GetLane(acc, i, w, true))<<16)
	}
}

// macElemInt is an integer element-wise mode: lane i = ±acc1 ± acc2 ±
// sum over k of x[i+k·M]·y[i+k·M] (M lanes), wrapping to the lane width.
func macElemInt(out *[128]byte, x, y *[64]byte, acc1, acc2 *[128]byte, mm *macMode, sx, sy bool, neg uint8) {
	for i := 0; i < mm.m; i++ {
		var p int64
		for k := 0; k < mm.k; k++ {
			e := i + k*mm.m
			p += vec.GetLane(x[:], e, mm.xbits, sx) * vec.GetLane(y[:], e, mm.ybits, sy)
		}
		a1, a2 := vec.GetLane(acc1[:], i, mm.abits, true), vec.GetLane(acc2[:], i, mm.abits, true)
		if neg&vec.NegMul != 0 {
			p = -p
		}
		if neg&vec.NegAcc1 != 0 {
			a1 = -a1
		}
		if neg&vec.NegAcc2 != 0 {
			a2 = -a2
		}
		vec.PutLane(out[:], i, mm.abits, uint64(a1+a2+p))
	}
}
