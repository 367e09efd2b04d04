// Command asmgen generates the amd64 SIMD kernels of package sim/vec with
// avo: kern_amd64.s (the assembly), kern_amd64.go (the Go declarations) and
// ktab_amd64.go (the kernel list and the switch that calls a kernel by id)
// and kpc_amd64.s (the kernels' entry addresses, for the batch runner).
//
// Run it through go generate in sim/vec:
//
//	go run ./internal/asmgen -out kern_amd64.s -stubs kern_amd64.go -table ktab_amd64.go -pcs kpc_amd64.s
//
// Two instruction sets are generated. AVX-512 (F, BW, VL) kernels take the
// RVV mask directly into opmask registers, so they handle masks, vstart
// (the caller offsets the pointers and the mask window) and ragged tails
// with masked loads and stores. AVX2 kernels run only whole 256-bit chunks
// of unmasked element ranges; the caller finishes the tail with the
// pure-Go loop.
//
// Every kernel except the reductions has the Go signature
//
//	func(d, a, b *byte, n int, m *[2]uint64) bool
//
// d is element 0 of the destination, a the vs2 operand, b the vs1 operand
// or, for the .vx forms, a pointer to the scalar; n ≥ 1 is the element
// count (at most 128); m holds the active-element bits (bit i = element i,
// already shifted by vstart and cut at n). The result reports saturation
// (vxsat). The merge kernels read a second window, the select bits, at
// m[2:4] (the caller passes a [4]uint64). Compare kernels write their
// result bits to d as a [2]uint64. Reductions are
// func(a *byte, n int, m *[2]uint64) uint64 and return the fold of the
// active elements from the operation's identity.
//
// Operations computed in wider lanes: the fixed-point ops at SEW 8 and 16
// (vsmul, vmulh*, vaadd/vasub, vssra/vssrl at SEW 8) extend to 2·SEW lanes
// and narrow on the store; vsmul and vmulh(u) at SEW 32 use the 64-bit
// products of the even and odd lanes. Rounding (vxrm) is computed exactly
// as the spec's roundoff: r from bits D-1, D and below of the unshifted
// value, with a shift by D-1 that wraps to "shift everything out" for D = 0.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

var (
	table = flag.String("table", "", "write the kernel table (Go) to this file")
	pcs   = flag.String("pcs", "", "write the kernels' entry addresses by id (assembly data, for RunBatch) to this file")
)

// entry is one generated kernel as listed in the table.
type entry struct {
	name  string
	isa   string // "isaAVX512" or "isaAVX2"
	fam   string // famBin, famWide, …
	op    string // vec.Op constant name
	sew   int
	vx    bool
	rm    int // vxrm for the narrowing clips, -1 for all
	chunk int // elements per chunk for AVX2 kernels and AVX-512 full variants, else 0
	red   bool
	full  bool // an AVX-512 full variant: whole zmm chunks, no mask
	reg   bool // a full variant's register entry (see bin512): not callable from Go
}

var entries []entry

type fn = func(...Op)

// wi is the per-element-width instruction set.
type wi struct {
	add, sub, mins, minu, maxs, maxu, adds, subs, addus, subus fn
	cmp, cmpu, sllv, srlv, srav, bcast                         fn
	mov                                                        fn // merge-masked load / masked store
	movZ                                                       func(a, k, b Op)
	kmov                                                       func(a, b Op)
}

var wis = map[int]wi{
	8: {add: VPADDB, sub: VPSUBB, mins: VPMINSB, minu: VPMINUB, maxs: VPMAXSB, maxu: VPMAXUB,
		adds: VPADDSB, subs: VPSUBSB, addus: VPADDUSB, subus: VPSUBUSB,
		cmp: VPCMPB, cmpu: VPCMPUB, bcast: VPBROADCASTB, mov: VMOVDQU8, movZ: VMOVDQU8_Z, kmov: KMOVQ},
	16: {add: VPADDW, sub: VPSUBW, mins: VPMINSW, minu: VPMINUW, maxs: VPMAXSW, maxu: VPMAXUW,
		adds: VPADDSW, subs: VPSUBSW, addus: VPADDUSW, subus: VPSUBUSW,
		cmp: VPCMPW, cmpu: VPCMPUW, sllv: VPSLLVW, srlv: VPSRLVW, srav: VPSRAVW,
		bcast: VPBROADCASTW, mov: VMOVDQU16, movZ: VMOVDQU16_Z, kmov: KMOVD},
	32: {add: VPADDD, sub: VPSUBD, mins: VPMINSD, minu: VPMINUD, maxs: VPMAXSD, maxu: VPMAXUD,
		cmp: VPCMPD, cmpu: VPCMPUD, sllv: VPSLLVD, srlv: VPSRLVD, srav: VPSRAVD,
		bcast: VPBROADCASTD, mov: VMOVDQU32, movZ: VMOVDQU32_Z, kmov: KMOVW},
	64: {add: VPADDQ, sub: VPSUBQ, minu: VPMINUQ, mins: VPMINSQ, maxs: VPMAXSQ, cmp: VPCMPQ,
		sllv: VPSLLVQ, srlv: VPSRLVQ, srav: VPSRAVQ},
}

// op3 is a three-operand instruction (the AVX2 forms' signature).
type op3 = func(a, b, c Op)

// fixed3 adapts a variadic (AVX-512, maskable) instruction to op3.
func fixed3(f fn) op3 { return func(a, b, c Op) { f(a, b, c) } }

// plainOp emits the element-wise ops both instruction sets write alike,
// r = a op b; logic holds the set's own and, or, xor.
func plainOp(I wi, logic [3]op3, op string, za, zb, r Op) {
	switch op {
	case "Add":
		I.add(zb, za, r)
	case "Sub":
		I.sub(zb, za, r)
	case "RSub":
		I.sub(za, zb, r)
	case "And":
		logic[0](zb, za, r)
	case "Or":
		logic[1](zb, za, r)
	case "Xor":
		logic[2](zb, za, r)
	case "MinU":
		I.minu(zb, za, r)
	case "Min":
		I.mins(zb, za, r)
	case "MaxU":
		I.maxu(zb, za, r)
	case "Max":
		I.maxs(zb, za, r)
	default:
		panic("plainOp: " + op)
	}
}

// satPair emits a saturating add or subtract at SEW 8/16 into r and the
// wrapping result into wrap; an element saturated where the two differ.
func satPair(I wi, op string, za, zb, r, wrap Op) {
	switch op {
	case "SAddU":
		I.addus(zb, za, r)
		I.add(zb, za, wrap)
	case "SSubU":
		I.subus(zb, za, r)
		I.sub(zb, za, wrap)
	case "SAdd":
		I.adds(zb, za, r)
		I.add(zb, za, wrap)
	case "SSub":
		I.subs(zb, za, r)
		I.sub(zb, za, wrap)
	default:
		panic("satPair: " + op)
	}
}

// kmovFor loads the mask bits of one chunk of e elements.
func kmovFor(e int) func(a, b Op) {
	switch e {
	case 64:
		return KMOVQ
	case 32:
		return KMOVD
	}
	return KMOVW
}

// VPCMP predicates.
const (
	pEQ  = 0
	pLT  = 1
	pLE  = 2
	pNE  = 4
	pNLT = 5
	pNLE = 6
)

func form(vx bool) string {
	if vx {
		return "vx"
	}
	return "vv"
}

// args loads the common parameters.
type args struct{ d, a, b, n, m Register }

func begin(name string) args {
	TEXT(name, NOSPLIT, "func(d, a, b *byte, n int, m *[2]uint64) bool")
	Pragma("noescape")
	return args{
		d: Load(Param("d"), GP64()),
		a: Load(Param("a"), GP64()),
		b: Load(Param("b"), GP64()),
		n: Load(Param("n"), GP64()),
		m: Load(Param("m"), GP64()),
	}
}

// bcastConst broadcasts the constant c into a vector of lane width w.
func bcastConst(w int, c uint32, z VecVirtual) VecVirtual {
	r := GP32()
	MOVL(U32(c), r)
	wis[w].bcast(r, z)
	return z
}

// bcastConst2 is bcastConst for AVX2 (no broadcast from a GPR).
func bcastConst2(w int, c uint32) VecVirtual {
	r := GP32()
	MOVL(U32(c), r)
	x := XMM()
	VMOVD(r, x)
	y := YMM()
	switch w {
	case 8:
		VPBROADCASTB(x, y)
	case 16:
		VPBROADCASTW(x, y)
	default:
		VPBROADCASTD(x, y)
	}
	return y
}

func finishSat512(name string) {
	KORTESTQ(K7, K7)
	r := GP8()
	SETNE(r)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// ---- AVX-512 -----------------------------------------------------------

// mul512 returns x*y (low half) at lane width w.
type mulCtx struct {
	w    int
	ff00 VecVirtual
}

func (c *mulCtx) init() {
	if c.w == 8 {
		c.ff00 = bcastConst(16, 0xff00, ZMM())
		r := GP64()
		MOVQ(U64(0xaaaaaaaaaaaaaaaa), r)
		KMOVQ(r, K6)
	}
}

func (c *mulCtx) mul(x, y VecVirtual) VecVirtual {
	z := ZMM()
	switch c.w {
	case 16:
		VPMULLW(y, x, z)
	case 32:
		VPMULLD(y, x, z)
	case 8:
		VPMULLW(y, x, z) // even bytes right in the low byte of each word
		xh, yh, o := ZMM(), ZMM(), ZMM()
		VPSRLW(U8(8), x, xh)
		VPANDD(c.ff00, y, yh)
		VPMULLW(yh, xh, o) // odd bytes right in the high byte
		VPBLENDMB(o, z, K6, z)
	}
	return z
}

var binOps512 = []string{"Add", "Sub", "RSub", "And", "Or", "Xor", "MinU", "Min", "MaxU", "Max", "Mul",
	"Sll", "Srl", "Sra", "SAddU", "SAdd", "SSubU", "SSub", "Macc", "Nmsac", "Madd", "Nmsub"}

// Variant full emits the op's full variant instead (name suffix F): whole
// chunks of 512/w elements with no mask, n a multiple of the chunk and m
// unused. Its loads and stores are unmasked, so that a store is forwarded
// to the next kernel's load of the same register group (the hosts we
// measured do not forward masked stores, and a batch of kernels on LMUL 8
// groups is a chain of such store–load pairs). Variant fullReg emits the
// same code with a register entry for the batch runner (suffix R): d, a,
// b and n arrive in AX, CX, DX and BX, the result leaves in AL, and there
// is no Go signature (a stack-argument prologue and epilogue cost about
// as much as the element loop of an LMUL 8 group).
func bin512(op string, w int, vx bool, rm int, v variant) bool {
	full := v != masked
	I := wis[w]
	if (op == "Sll" || op == "Srl" || op == "Sra" || op == "SSrl" || op == "SSra") && w == 8 {
		return false
	}
	name := fmt.Sprintf("k512%s%d%s", op, w, form(vx))
	if rm >= 0 {
		name += fmt.Sprint("rm", rm)
	}
	e := 512 / w
	chunk := 0
	switch v {
	case fullStack:
		name += "F"
		chunk = e
	case fullReg:
		name += "R"
		chunk = e
	}
	fam := "famBin"
	if op == "Macc" || op == "Nmsac" || op == "Madd" || op == "Nmsub" {
		fam = "famMac"
	}
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: fam, op: op, sew: w, vx: vx, rm: rm, chunk: chunk, full: full, reg: v == fullReg})
	var p args
	if v == fullReg {
		TEXT(name, NOSPLIT, "func()")
		p = args{d: RAX, a: RCX, b: RDX, n: RBX, m: RSI}
	} else {
		p = begin(name)
	}
	// load reads one chunk, under K1 or (full) unmasked.
	load := func(m Mem, z VecVirtual) {
		if full {
			VMOVDQU64(m, z)
		} else {
			I.movZ(m, K1, z)
		}
	}
	mc := &mulCtx{w: w}
	if op == "Mul" || fam == "famMac" {
		mc.init()
	}
	var bz VecVirtual
	if vx {
		bz = ZMM()
		I.bcast(Mem{Base: p.b}, bz)
	}
	var shm, c7f, zero, one VecVirtual
	switch op {
	case "Sll", "Srl", "Sra":
		shm = bcastConst(w, uint32(w-1), ZMM())
	case "SSrl", "SSra":
		shm = bcastConst(w, uint32(w-1), ZMM())
		one = bcastConst(w, 1, ZMM())
	case "SAdd", "SSub":
		if w == 32 {
			c7f = bcastConst(32, 0x7fffffff, ZMM())
			zero = ZMM()
			VPXORD(zero, zero, zero)
		}
	}
	// Only the saturating ops report through K7 and compare under K1; a
	// full variant of any other op returns false without them.
	sat := op == "SAddU" || op == "SSubU" || op == "SAdd" || op == "SSub"
	if !full || sat {
		KXORQ(K7, K7, K7)
	}
	if full && sat {
		KXNORQ(K1, K1, K1) // every element active, for the compares below
	}
	// compute emits the operation on one chunk of operands.
	compute := func(za, zb, zd VecVirtual) VecVirtual {
		r := ZMM()
		satcmp := func(sat, wrap VecVirtual) {
			I.cmp(U8(pNE), wrap, sat, K1, K2)
			KORQ(K2, K7, K7)
		}
		switch op {
		case "Add", "Sub", "RSub", "And", "Or", "Xor", "MinU", "Min", "MaxU", "Max":
			plainOp(I, [3]op3{fixed3(VPANDD), fixed3(VPORD), fixed3(VPXORD)}, op, za, zb, r)
		case "Mul":
			r = mc.mul(za, zb)
		case "Sll", "Srl", "Sra":
			sh := ZMM()
			VPANDD(shm, zb, sh)
			map[string]fn{"Sll": I.sllv, "Srl": I.srlv, "Sra": I.srav}[op](sh, za, r)
		case "SSrl", "SSra":
			sh, q := ZMM(), ZMM()
			VPANDD(shm, zb, sh)
			if op == "SSra" {
				I.srav(sh, za, q)
			} else {
				I.srlv(sh, za, q)
			}
			r = roundInc(w, rm, za, sh, q, one)
		case "SAddU", "SSubU", "SAdd", "SSub":
			if w < 32 {
				wrap := ZMM()
				satPair(I, op, za, zb, r, wrap)
				satcmp(r, wrap)
				break
			}
			switch op {
			case "SAddU":
				VPADDD(zb, za, r)
				VPCMPUD(U8(pLT), za, r, K1, K2) // r < a: carry out
				VPTERNLOGD(U8(0xff), r, r, K2, r)
			case "SSubU":
				VPCMPUD(U8(pLT), zb, za, K1, K2) // a < b: borrow
				VPMAXUD(zb, za, r)
				VPSUBD(zb, r, r)
			case "SAdd", "SSub":
				t1, t2 := ZMM(), ZMM()
				if op == "SAdd" {
					VPADDD(zb, za, r)
					VPXORD(r, za, t1)
					VPXORD(r, zb, t2)
				} else {
					VPSUBD(zb, za, r)
					VPXORD(zb, za, t1)
					VPXORD(r, za, t2)
				}
				VPANDD(t2, t1, t1)
				VPCMPD(U8(pLT), zero, t1, K1, K2) // overflow: sign of t1
				sv := ZMM()
				VPSRAD(U8(31), za, sv)
				VPXORD(c7f, sv, sv) // a < 0 → MIN, else MAX
				VMOVDQA32(sv, K2, r)
			}
			KORQ(K2, K7, K7)
		case "Macc":
			t := mc.mul(zb, za)
			I.add(t, zd, r)
		case "Nmsac":
			t := mc.mul(zb, za)
			I.sub(t, zd, r)
		case "Madd":
			t := mc.mul(zb, zd)
			I.add(za, t, r)
		case "Nmsub":
			t := mc.mul(zb, zd)
			I.sub(t, za, r)
		}
		return r
	}
	// finish returns the saturation report (none for the full variants of
	// ops that cannot saturate) and ends the function.
	finish := func() {
		switch {
		case v == fullReg && sat:
			KORTESTQ(K7, K7)
			SETNE(AL)
		case v == fullReg:
			XORL(EAX, EAX)
		case full && !sat:
			r := GP8()
			XORB(r, r)
			Store(r, ReturnIndex(0))
		default:
			finishSat512(name)
			return
		}
		VZEROUPPER()
		RET()
	}
	if v == fullReg {
		// Up to two chunks (any group of 128 bytes or less), unrolled,
		// with forwarding: the previous kernel of a batch left its
		// result chunks in Z30 and Z31, and SI says which operands are
		// that result (bit 0: a, 1: b, 2: d); the chunks read from there
		// instead of from memory, where they were just stored (a
		// store-to-load round trip on the batch's critical path). Each
		// chunk's result is left in Z30/Z31 in turn.
		CMPQ(p.n, U32(2*e))
		JA(LabelRef(name + "loop"))
		for c := range 2 {
			if c == 1 {
				CMPQ(p.n, U32(e))
				JLE(LabelRef(name + "end"))
			}
			fz := []Register{Z30, Z31}[c]
			get := func(bit int, base Register) VecVirtual {
				return fwdOperand(name, c, bit, Mem{Base: base, Disp: 64 * c}, fz, true)
			}
			za := get(0, p.a)
			zb := bz
			if !vx {
				zb = get(1, p.b)
			}
			var zd VecVirtual
			if fam == "famMac" {
				zd = get(2, p.d)
			}
			r := compute(za, zb, zd)
			VMOVDQU64(r, Mem{Base: p.d, Disp: 64 * c})
			VMOVDQA64(r, fz)
		}
		Label(name + "end")
		finish()
	}
	Label(name + "loop")
	if !full {
		kmovFor(e)(Mem{Base: p.m}, K1)
	}
	za := ZMM()
	load(Mem{Base: p.a}, za)
	zb := bz
	if !vx {
		zb = ZMM()
		load(Mem{Base: p.b}, zb)
	}
	var zd VecVirtual
	if fam == "famMac" {
		zd = ZMM()
		load(Mem{Base: p.d}, zd)
	}
	r := compute(za, zb, zd)
	if full {
		VMOVDQU64(r, Mem{Base: p.d})
	} else {
		I.mov(r, K1, Mem{Base: p.d})
		ADDQ(U8(e/8), p.m)
	}
	ADDQ(U8(64), p.d)
	ADDQ(U8(64), p.a)
	if !vx {
		ADDQ(U8(64), p.b)
	}
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	finish()
	return true
}

// variant is the form of a bin512 kernel.
type variant int

const (
	masked    variant = iota // any n ≤ 128 under a mask window
	fullStack                // whole chunks, no mask, Go (ABI0) arguments
	fullReg                  // whole chunks, no mask, register entry for the batch runner
)

var wideOps = []string{"WAddU", "WAdd", "WSubU", "WSub", "WMulU", "WMul", "WMulSU", "WMaccU", "WMacc", "WMaccSU", "WMaccUS"}

// extension of (a, b) for each widening op: 's' signed, 'z' zero.
var wideExt = map[string][2]byte{
	"WAddU": {'z', 'z'}, "WAdd": {'s', 's'}, "WSubU": {'z', 'z'}, "WSub": {'s', 's'},
	"WMulU": {'z', 'z'}, "WMul": {'s', 's'}, "WMulSU": {'s', 'z'},
	"WMaccU": {'z', 'z'}, "WMacc": {'s', 's'}, "WMaccSU": {'z', 's'}, "WMaccUS": {'s', 'z'},
}

// wideW reports the .wv forms (a already 2·SEW).
func wide512(op string, w int, vx, wideW bool) {
	L := 2 * w
	I, IL := wis[w], wis[L]
	fam := "famWide"
	tag := ""
	if wideW {
		fam, tag = "famWideW", "W"
	}
	name := fmt.Sprintf("k512%s%s%d%s", op, tag, w, form(vx))
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: fam, op: op, sew: w, vx: vx, rm: -1})
	p := begin(name)
	e := 512 / L
	ext := func(kind byte, src, dst Op) {
		switch {
		case w == 8 && kind == 's':
			VPMOVSXBW(src, dst)
		case w == 8:
			VPMOVZXBW(src, dst)
		case kind == 's':
			VPMOVSXWD(src, dst)
		default:
			VPMOVZXWD(src, dst)
		}
	}
	x := wideExt[op]
	var bz VecVirtual
	if vx {
		y := YMM()
		I.bcast(Mem{Base: p.b}, y)
		bz = ZMM()
		ext(x[1], y, bz)
	}
	Label(name + "loop")
	kmovFor(e)(Mem{Base: p.m}, K1)
	za := ZMM()
	if wideW {
		IL.movZ(Mem{Base: p.a}, K1, za)
	} else {
		y := YMM()
		I.movZ(Mem{Base: p.a}, K1, y)
		ext(x[0], y, za)
	}
	zb := bz
	if !vx {
		y := YMM()
		I.movZ(Mem{Base: p.b}, K1, y)
		zb = ZMM()
		ext(x[1], y, zb)
	}
	r := ZMM()
	mul := func(p, q VecVirtual) VecVirtual {
		z := ZMM()
		if L == 16 {
			VPMULLW(q, p, z)
		} else {
			VPMULLD(q, p, z)
		}
		return z
	}
	switch op {
	case "WAddU", "WAdd":
		IL.add(zb, za, r)
	case "WSubU", "WSub":
		IL.sub(zb, za, r)
	case "WMulU", "WMul", "WMulSU":
		r = mul(za, zb)
	default: // macc
		zd := ZMM()
		IL.movZ(Mem{Base: p.d}, K1, zd)
		IL.add(mul(zb, za), zd, r)
	}
	IL.mov(r, K1, Mem{Base: p.d})
	ADDQ(U8(64), p.d)
	if wideW {
		ADDQ(U8(64), p.a)
	} else {
		ADDQ(U8(32), p.a)
	}
	if !vx {
		ADDQ(U8(32), p.b)
	}
	ADDQ(U8(e/8), p.m)
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// roundInc computes q + r, the RVV roundoff of v >> D (lane width L) under
// rounding mode rm, where q = v >> D is already computed.
func roundInc(L, rm int, v, D, q, ones VecVirtual) VecVirtual {
	return roundIncISA(L, rm, v, D, q, ones, false)
}

// roundIncISA is roundInc on ymm registers with VEX (AVX2) encodings when
// vex is set.
func roundIncISA(L, rm int, v, D, q, ones VecVirtual, vex bool) VecVirtual {
	IL := wis[L]
	vr, and, or, andn := ZMM, fn(VPANDD), fn(VPORD), fn(VPANDND)
	if vex {
		vr = YMM
		and = func(o ...Op) { VPAND(o[0], o[1], o[2]) }
		or = func(o ...Op) { VPOR(o[0], o[1], o[2]) }
		andn = func(o ...Op) { VPANDN(o[0], o[1], o[2]) }
	}
	r := vr()
	switch rm {
	case 0: // rnu: r = v[D-1] (D-1 wraps to all ones for D = 0: shift gives 0)
		dm1, b1 := vr(), vr()
		IL.sub(ones, D, dm1)
		IL.srlv(dm1, v, b1)
		and(ones, b1, r)
	case 1: // rne: r = v[D-1] & (v[D-2:0] != 0 | v[D])
		dm1, b1, lm, t, c := vr(), vr(), vr(), vr(), vr()
		IL.sub(ones, D, dm1)
		IL.srlv(dm1, v, b1)
		IL.sllv(dm1, ones, lm)
		IL.sub(ones, lm, lm)
		and(lm, v, t)
		IL.minu(ones, t, c)
		or(q, c, c)
		and(ones, b1, b1)
		and(c, b1, r)
	case 3: // rod: r = !v[D] & (v[D-1:0] != 0)
		lm, t, c := vr(), vr(), vr()
		IL.sllv(D, ones, lm)
		IL.sub(ones, lm, lm)
		and(lm, v, t)
		IL.minu(ones, t, c)
		andn(c, q, r)
	default: // rdn
		return q
	}
	out := vr()
	IL.add(r, q, out)
	return out
}

// narrow2 is the AVX2 narrowing shift/clip: 8 elements per chunk, computed
// in 32-bit lanes and packed down.
func narrow2(op string, w int, vx bool, rm int) {
	I := wis[w]
	name := fmt.Sprintf("k2%s%d%s", op, w, form(vx))
	if rm >= 0 {
		name += fmt.Sprint("rm", rm)
	}
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: "famNarrow", op: op, sew: w, vx: vx, rm: rm, chunk: 8})
	p := begin2(name, 8)
	signed := op == "NSra" || op == "NClip"
	shm := bcastConst2(32, uint32(2*w-1))
	ones := bcastConst2(32, 1)
	var hi, lo VecVirtual
	switch op {
	case "NClip":
		hi = bcastConst2(32, uint32(1)<<(w-1)-1)
		lo = bcastConst2(32, ^(uint32(1)<<(w-1))+1)
	default:
		hi = bcastConst2(32, uint32(1)<<w-1)
	}
	zextD := func(src, dst Op) {
		if w == 8 {
			VPMOVZXBD(src, dst)
		} else {
			VPMOVZXWD(src, dst)
		}
	}
	var dz VecVirtual
	if vx {
		x := XMM()
		I.bcast(Mem{Base: p.b}, x)
		dz = YMM()
		zextD(x, dz)
		VPAND(shm, dz, dz)
	}
	acc := GP32()
	XORL(acc, acc)
	Label(name + "loop")
	v := YMM()
	switch {
	case w == 16:
		VMOVDQU(Mem{Base: p.a}, v)
	case signed:
		VPMOVSXWD(Mem{Base: p.a}, v)
	default:
		VPMOVZXWD(Mem{Base: p.a}, v)
	}
	D := dz
	if !vx {
		D = YMM()
		zextD(Mem{Base: p.b}, D)
		VPAND(shm, D, D)
	}
	q := YMM()
	if signed {
		VPSRAVD(D, v, q)
	} else {
		VPSRLVD(D, v, q)
	}
	if rm >= 0 {
		q = roundIncISA(32, rm, v, D, q, ones, true)
	}
	c := YMM()
	switch op {
	case "NClip":
		VPMINSD(hi, q, c)
		VPMAXSD(lo, c, c)
	case "NClipU":
		VPMINUD(hi, q, c)
	default:
		VPAND(hi, q, c)
	}
	if op == "NClip" || op == "NClipU" {
		t, g := YMM(), GP32()
		VPCMPEQD(c, q, t)
		VPMOVMSKB(t, g)
		NOTL(g)
		ORL(g, acc)
	}
	xl, xh, x := c.AsX(), XMM(), XMM()
	VEXTRACTI128(U8(1), c, xh)
	if op == "NClip" {
		VPACKSSDW(xh, xl, x)
	} else {
		VPACKUSDW(xh, xl, x)
	}
	if w == 8 {
		if op == "NClip" {
			VPACKSSWB(x, x, x)
		} else {
			VPACKUSWB(x, x, x)
		}
		VMOVQ(x, Mem{Base: p.d})
		ADDQ(U8(8), p.d)
		ADDQ(U8(16), p.a)
		if !vx {
			ADDQ(U8(8), p.b)
		}
	} else {
		VMOVDQU(x, Mem{Base: p.d})
		ADDQ(U8(16), p.d)
		ADDQ(U8(32), p.a)
		if !vx {
			ADDQ(U8(16), p.b)
		}
	}
	DECQ(p.n)
	JNZ(LabelRef(name + "loop"))
	TESTL(acc, acc)
	sb := GP8()
	SETNE(sb)
	Store(sb, ReturnIndex(0))
	VZEROUPPER()
	RET()
	none2(name)
}

var narrowOps = []string{"NSrl", "NSra", "NClipU", "NClip"}

func narrow512(op string, w int, vx bool, rm int) {
	L := 2 * w
	I, IL := wis[w], wis[L]
	name := fmt.Sprintf("k512%s%d%s", op, w, form(vx))
	if rm >= 0 {
		name += fmt.Sprint("rm", rm)
	}
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: "famNarrow", op: op, sew: w, vx: vx, rm: rm})
	p := begin(name)
	e := 512 / L
	zext := func(src, dst Op) {
		if w == 8 {
			VPMOVZXBW(src, dst)
		} else {
			VPMOVZXWD(src, dst)
		}
	}
	shm := bcastConst(L, uint32(L-1), ZMM())
	ones := bcastConst(L, 1, ZMM())
	var lo, hi VecVirtual
	switch op {
	case "NClip":
		hi = bcastConst(L, uint32(1)<<(w-1)-1, ZMM())
		lo = bcastConst(L, ^(uint32(1)<<(w-1))+1, ZMM()) // -2^(w-1)
	case "NClipU":
		hi = bcastConst(L, uint32(1)<<w-1, ZMM())
	}
	var dz VecVirtual
	if vx {
		y := YMM()
		I.bcast(Mem{Base: p.b}, y)
		dz = ZMM()
		zext(y, dz)
		VPANDD(shm, dz, dz)
	}
	KXORQ(K7, K7, K7)
	Label(name + "loop")
	kmovFor(e)(Mem{Base: p.m}, K1)
	v := ZMM()
	IL.movZ(Mem{Base: p.a}, K1, v)
	D := dz
	if !vx {
		y := YMM()
		I.movZ(Mem{Base: p.b}, K1, y)
		D = ZMM()
		zext(y, D)
		VPANDD(shm, D, D)
	}
	q := ZMM()
	if op == "NSra" || op == "NClip" {
		IL.srav(D, v, q)
	} else {
		IL.srlv(D, v, q)
	}
	if rm >= 0 {
		q = roundInc(L, rm, v, D, q, ones)
	}
	dst := Mem{Base: p.d}
	switch {
	case op == "NClip":
		IL.cmp(U8(pNLE), hi, q, K1, K2)
		IL.cmp(U8(pLT), lo, q, K1, K3)
		KORQ(K2, K7, K7)
		KORQ(K3, K7, K7)
		if w == 8 {
			VPMOVSWB(q, K1, dst)
		} else {
			VPMOVSDW(q, K1, dst)
		}
	case op == "NClipU":
		IL.cmpu(U8(pNLE), hi, q, K1, K2)
		KORQ(K2, K7, K7)
		if w == 8 {
			VPMOVUSWB(q, K1, dst)
		} else {
			VPMOVUSDW(q, K1, dst)
		}
	case w == 8:
		VPMOVWB(q, K1, dst)
	default:
		VPMOVDW(q, K1, dst)
	}
	ADDQ(U8(32), p.d)
	ADDQ(U8(64), p.a)
	if !vx {
		ADDQ(U8(32), p.b)
	}
	ADDQ(U8(e/8), p.m)
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	finishSat512(name)
}

// wnOps are the single-width ops computed in 2·SEW lanes (SEW 8 and 16):
// the sources are extended, the result narrowed on the store.
var wnOps = []string{"SSrl", "SSra", "SMul", "MulH", "MulHU", "MulHSU", "AAddU", "AAdd", "ASubU", "ASub"}

// wnRounds reports the ops that take vxrm.
func wnRounds(op string) bool {
	switch op {
	case "MulH", "MulHU", "MulHSU":
		return false
	}
	return true
}

func wn512(op string, w int, vx bool, rm int) {
	L := 2 * w
	I, IL := wis[w], wis[L]
	name := fmt.Sprintf("k512%s%d%s", op, w, form(vx))
	if rm >= 0 {
		name += fmt.Sprint("rm", rm)
	}
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: "famBin", op: op, sew: w, vx: vx, rm: rm})
	p := begin(name)
	e := 512 / L
	ext := func(signed bool, src, dst Op) {
		switch {
		case w == 8 && signed:
			VPMOVSXBW(src, dst)
		case w == 8:
			VPMOVZXBW(src, dst)
		case signed:
			VPMOVSXWD(src, dst)
		default:
			VPMOVZXWD(src, dst)
		}
	}
	// signedness of a and b
	sa, sb := true, true
	switch op {
	case "SSrl", "Srl", "Sll", "MulHU", "AAddU", "ASubU":
		sa, sb = false, false
	case "SSra", "Sra":
		sb = false
	case "MulHSU":
		sb = false
	}
	ones := bcastConst(L, 1, ZMM())
	var shm, dconst, hi, lo VecVirtual
	switch op {
	case "SSrl", "SSra", "Sll", "Srl", "Sra":
		shm = bcastConst(L, uint32(w-1), ZMM())
	case "SMul":
		dconst = bcastConst(L, uint32(w-1), ZMM())
		hi = bcastConst(L, uint32(1)<<(w-1)-1, ZMM())
		lo = bcastConst(L, ^(uint32(1)<<(w-1))+1, ZMM())
	case "MulH", "MulHU", "MulHSU":
		dconst = bcastConst(L, uint32(w), ZMM())
	default: // averaging: shift by 1
		dconst = ones
	}
	var bz VecVirtual
	if vx {
		y := YMM()
		I.bcast(Mem{Base: p.b}, y)
		bz = ZMM()
		ext(sb, y, bz)
	}
	KXORQ(K7, K7, K7)
	Label(name + "loop")
	kmovFor(e)(Mem{Base: p.m}, K1)
	ya := YMM()
	I.movZ(Mem{Base: p.a}, K1, ya)
	za := ZMM()
	ext(sa, ya, za)
	zb := bz
	if !vx {
		y := YMM()
		I.movZ(Mem{Base: p.b}, K1, y)
		zb = ZMM()
		ext(sb, y, zb)
	}
	v, D := ZMM(), dconst
	switch op {
	case "SSrl", "SSra", "Sll", "Srl", "Sra":
		v = za
		D = ZMM()
		VPANDD(shm, zb, D)
	case "SMul", "MulH", "MulHU", "MulHSU":
		if L == 16 {
			VPMULLW(zb, za, v)
		} else {
			VPMULLD(zb, za, v)
		}
	case "AAddU", "AAdd":
		IL.add(zb, za, v)
	case "ASubU", "ASub":
		IL.sub(zb, za, v)
	}
	q := ZMM()
	switch {
	case op == "Sll":
		IL.sllv(D, v, q)
	case sa:
		IL.srav(D, v, q)
	default:
		IL.srlv(D, v, q)
	}
	if rm >= 0 {
		q = roundInc(L, rm, v, D, q, ones)
	}
	dst := Mem{Base: p.d}
	if op == "SMul" {
		IL.cmp(U8(pNLE), hi, q, K1, K2)
		IL.cmp(U8(pLT), lo, q, K1, K3)
		KORQ(K2, K7, K7)
		KORQ(K3, K7, K7)
		if w == 8 {
			VPMOVSWB(q, K1, dst)
		} else {
			VPMOVSDW(q, K1, dst)
		}
	} else if w == 8 {
		VPMOVWB(q, K1, dst)
	} else {
		VPMOVDW(q, K1, dst)
	}
	ADDQ(U8(32), p.d)
	ADDQ(U8(32), p.a)
	if !vx {
		ADDQ(U8(32), p.b)
	}
	ADDQ(U8(e/8), p.m)
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	finishSat512(name)
}

// mul32 computes SMul, MulH and MulHU at SEW 32 from the 64-bit products
// of the even and the odd lanes (VPMULDQ/VPMULUDQ).
func mul32(op string, vx bool, rm int) {
	name := fmt.Sprintf("k512%s32%s", op, form(vx))
	if rm >= 0 {
		name += fmt.Sprint("rm", rm)
	}
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: "famBin", op: op, sew: 32, vx: vx, rm: rm})
	p := begin(name)
	I := wis[32]
	mul := VPMULDQ
	if op == "MulHU" {
		mul = VPMULUDQ
	}
	r := GP64()
	MOVQ(U64(0xaaaaaaaaaaaaaaaa), r)
	KMOVQ(r, K6) // odd dwords
	var ones, d31, max64 VecVirtual
	if op == "SMul" {
		ones = ZMM()
		MOVQ(U64(1), r)
		VPBROADCASTQ(r, ones)
		d31 = ZMM()
		MOVQ(U64(31), r)
		VPBROADCASTQ(r, d31)
		max64 = ZMM()
		MOVQ(U64(0x7fffffff), r)
		VPBROADCASTQ(r, max64)
	}
	var bz VecVirtual
	if vx {
		bz = ZMM()
		I.bcast(Mem{Base: p.b}, bz)
	}
	KXORQ(K7, K7, K7)
	Label(name + "loop")
	KMOVW(Mem{Base: p.m}, K1)
	za := ZMM()
	I.movZ(Mem{Base: p.a}, K1, za)
	zb := bz
	if !vx {
		zb = ZMM()
		I.movZ(Mem{Base: p.b}, K1, zb)
	}
	ao, bo := ZMM(), ZMM()
	VPSRLQ(U8(32), za, ao)
	VPSRLQ(U8(32), zb, bo)
	pe, po := ZMM(), ZMM()
	mul(zb, za, pe)
	mul(bo, ao, po)
	res := ZMM()
	if op == "SMul" {
		// q = p >> 31 with rounding, clipped to int32 (only MIN*MIN
		// overflows, to +2^31); the odd results move to the high dwords.
		round := func(p VecVirtual) (clip, raw VecVirtual) {
			q := ZMM()
			VPSRAQ(U8(31), p, q)
			q = roundInc(64, rm, p, d31, q, ones)
			c := ZMM()
			VPMINSQ(max64, q, c)
			return c, q
		}
		ce, qe := round(pe)
		co, qo := round(po)
		VPSLLQ(U8(32), co, co)
		VPSLLQ(U8(32), qo, qo)
		raw := ZMM()
		VPBLENDMD(co, ce, K6, res)
		VPBLENDMD(qo, qe, K6, raw)
		VPCMPD(U8(pNE), raw, res, K1, K2)
		KORQ(K2, K7, K7)
	} else {
		he := ZMM()
		VPSRLQ(U8(32), pe, he)
		VPBLENDMD(po, he, K6, res)
	}
	I.mov(res, K1, Mem{Base: p.d})
	ADDQ(U8(64), p.d)
	ADDQ(U8(64), p.a)
	if !vx {
		ADDQ(U8(64), p.b)
	}
	ADDQ(U8(2), p.m)
	SUBQ(U8(16), p.n)
	JG(LabelRef(name + "loop"))
	finishSat512(name)
}

// ext512 is vsext/vzext: d (width dw) = ext(a (width w)). op is "WAdd"
// for the signed extension and "WAddU" for the zero extension.
func ext512(op string, w, dw int) {
	name := fmt.Sprintf("k512Ext%s%dto%d", op, w, dw)
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: fmt.Sprintf("famExt%d", dw/w), op: op, sew: w, rm: -1})
	p := begin(name)
	e := 512 / dw
	signed := op == "WAdd"
	Label(name + "loop")
	kmovFor(e)(Mem{Base: p.m}, K1)
	var src VecVirtual
	if e*w == 256 {
		src = YMM()
	} else {
		src = XMM()
	}
	wis[w].movZ(Mem{Base: p.a}, K1, src)
	z := ZMM()
	switch {
	case w == 8 && dw == 16 && signed:
		VPMOVSXBW(src, z)
	case w == 8 && dw == 16:
		VPMOVZXBW(src, z)
	case w == 16 && signed:
		VPMOVSXWD(src, z)
	case w == 16:
		VPMOVZXWD(src, z)
	case signed:
		VPMOVSXBD(src, z)
	default:
		VPMOVZXBD(src, z)
	}
	wis[dw].mov(z, K1, Mem{Base: p.d})
	ADDQ(U8(64), p.d)
	ADDQ(U8(e*w/8), p.a)
	ADDQ(U8(e/8), p.m)
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// ext2 is ext512 for AVX2: whole unmasked chunks of 256-bit results.
func ext2(op string, w, dw int) {
	e := 256 / dw
	name := fmt.Sprintf("k2Ext%s%dto%d", op, w, dw)
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: fmt.Sprintf("famExt%d", dw/w), op: op, sew: w, rm: -1, chunk: e})
	p := begin2(name, e)
	signed := op == "WAdd"
	Label(name + "loop")
	y := YMM()
	src := Mem{Base: p.a}
	switch {
	case w == 8 && dw == 16 && signed:
		VPMOVSXBW(src, y)
	case w == 8 && dw == 16:
		VPMOVZXBW(src, y)
	case w == 16 && signed:
		VPMOVSXWD(src, y)
	case w == 16:
		VPMOVZXWD(src, y)
	case signed:
		VPMOVSXBD(src, y)
	default:
		VPMOVZXBD(src, y)
	}
	VMOVDQU(y, Mem{Base: p.d})
	ADDQ(U8(32), p.d)
	ADDQ(U8(e*w/8), p.a)
	DECQ(p.n)
	JNZ(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
	none2(name)
}

var cmpOps = map[string]struct {
	pred     int
	unsigned bool
}{
	"Seq": {pEQ, false}, "Sne": {pNE, false}, "SltU": {pLT, true}, "Slt": {pLT, false},
	"SleU": {pLE, true}, "Sle": {pLE, false}, "SgtU": {pNLE, true}, "Sgt": {pNLE, false},
}

// cmp512 writes the compare bits of element i to bit i of d (an [2]uint64
// buffer); inactive and tail bits are written as 0.
func cmp512(op string, w int, vx bool) {
	I := wis[w]
	name := fmt.Sprintf("k512%s%d%s", op, w, form(vx))
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: "famCmp", op: op, sew: w, vx: vx, rm: -1})
	p := begin(name)
	e := 512 / w
	var bz VecVirtual
	if vx {
		bz = ZMM()
		I.bcast(Mem{Base: p.b}, bz)
	}
	Label(name + "loop")
	km := kmovFor(e)
	km(Mem{Base: p.m}, K1)
	za := ZMM()
	I.movZ(Mem{Base: p.a}, K1, za)
	zb := bz
	if !vx {
		zb = ZMM()
		I.movZ(Mem{Base: p.b}, K1, zb)
	}
	c := cmpOps[op]
	if c.unsigned {
		I.cmpu(U8(c.pred), zb, za, K1, K2)
	} else {
		I.cmp(U8(c.pred), zb, za, K1, K2)
	}
	km(K2, Mem{Base: p.d})
	ADDQ(U8(e/8), p.d)
	ADDQ(U8(64), p.a)
	if !vx {
		ADDQ(U8(64), p.b)
	}
	ADDQ(U8(e/8), p.m)
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// wn2 is wn512 for AVX2 (SEW 8 and 16): 8 elements per chunk, computed in
// 32-bit lanes and packed down.
func wn2(op string, w int, vx bool, rm int) {
	I := wis[w]
	name := fmt.Sprintf("k2%s%d%s", op, w, form(vx))
	if rm >= 0 {
		name += fmt.Sprint("rm", rm)
	}
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: "famBin", op: op, sew: w, vx: vx, rm: rm, chunk: 8})
	p := begin2(name, 8)
	ext := func(signed bool, src, dst Op) {
		switch {
		case w == 8 && signed:
			VPMOVSXBD(src, dst)
		case w == 8:
			VPMOVZXBD(src, dst)
		case signed:
			VPMOVSXWD(src, dst)
		default:
			VPMOVZXWD(src, dst)
		}
	}
	sa, sb := true, true
	switch op {
	case "SSrl", "Srl", "Sll", "MulHU", "AAddU", "ASubU":
		sa, sb = false, false
	case "SSra", "Sra", "MulHSU":
		sb = false
	}
	ones := bcastConst2(32, 1)
	var shm, dconst, hi, lo VecVirtual
	switch op {
	case "SSrl", "SSra", "Sll", "Srl", "Sra":
		shm = bcastConst2(32, uint32(w-1))
	case "SMul":
		dconst = bcastConst2(32, uint32(w-1))
		hi = bcastConst2(32, uint32(1)<<(w-1)-1)
		lo = bcastConst2(32, ^(uint32(1)<<(w-1))+1)
	case "MulH", "MulHU", "MulHSU":
		dconst = bcastConst2(32, uint32(w))
	default:
		dconst = ones
	}
	if op != "SMul" {
		hi = bcastConst2(32, uint32(1)<<w-1) // truncation mask
	}
	var bz VecVirtual
	if vx {
		x := XMM()
		I.bcast(Mem{Base: p.b}, x)
		bz = YMM()
		ext(sb, x, bz)
	}
	acc := GP32()
	XORL(acc, acc)
	Label(name + "loop")
	za := YMM()
	ext(sa, Mem{Base: p.a}, za)
	zb := bz
	if !vx {
		zb = YMM()
		ext(sb, Mem{Base: p.b}, zb)
	}
	v, D := YMM(), dconst
	switch op {
	case "SSrl", "SSra", "Sll", "Srl", "Sra":
		v = za
		D = YMM()
		VPAND(shm, zb, D)
	case "SMul", "MulH", "MulHU", "MulHSU":
		VPMULLD(zb, za, v)
	case "AAddU", "AAdd":
		VPADDD(zb, za, v)
	default:
		VPSUBD(zb, za, v)
	}
	q := YMM()
	switch {
	case op == "Sll":
		VPSLLVD(D, v, q)
	case sa:
		VPSRAVD(D, v, q)
	default:
		VPSRLVD(D, v, q)
	}
	if rm >= 0 {
		q = roundIncISA(32, rm, v, D, q, ones, true)
	}
	c := YMM()
	if op == "SMul" {
		VPMINSD(hi, q, c)
		VPMAXSD(lo, c, c)
		t, g := YMM(), GP32()
		VPCMPEQD(c, q, t)
		VPMOVMSKB(t, g)
		NOTL(g)
		ORL(g, acc)
	} else {
		VPAND(hi, q, c)
	}
	xl, xh, x := c.AsX(), XMM(), XMM()
	VEXTRACTI128(U8(1), c, xh)
	if op == "SMul" {
		VPACKSSDW(xh, xl, x)
	} else {
		VPACKUSDW(xh, xl, x)
	}
	if w == 8 {
		if op == "SMul" {
			VPACKSSWB(x, x, x)
		} else {
			VPACKUSWB(x, x, x)
		}
		VMOVQ(x, Mem{Base: p.d})
	} else {
		VMOVDQU(x, Mem{Base: p.d})
	}
	ADDQ(U8(w), p.d)
	ADDQ(U8(w), p.a)
	if !vx {
		ADDQ(U8(w), p.b)
	}
	DECQ(p.n)
	JNZ(LabelRef(name + "loop"))
	TESTL(acc, acc)
	sr := GP8()
	SETNE(sr)
	Store(sr, ReturnIndex(0))
	VZEROUPPER()
	RET()
	none2(name)
}

// cmp2 is the AVX2 compare: whole 256-bit chunks, unmasked, result bits
// to d as in cmp512. Unsigned compares bias both sides by the sign bit.
func cmp2(op string, w int, vx bool) {
	I := wis[w]
	e := 256 / w
	name := fmt.Sprintf("k2%s%d%s", op, w, form(vx))
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: "famCmp", op: op, sew: w, vx: vx, rm: -1, chunk: e})
	p := begin2(name, e)
	c := cmpOps[op]
	eq := map[int]fn{8: func(o ...Op) { VPCMPEQB(o[0], o[1], o[2]) }, 16: func(o ...Op) { VPCMPEQW(o[0], o[1], o[2]) }, 32: func(o ...Op) { VPCMPEQD(o[0], o[1], o[2]) }}[w]
	gt := map[int]fn{8: func(o ...Op) { VPCMPGTB(o[0], o[1], o[2]) }, 16: func(o ...Op) { VPCMPGTW(o[0], o[1], o[2]) }, 32: func(o ...Op) { VPCMPGTD(o[0], o[1], o[2]) }}[w]
	var bias VecVirtual
	if c.unsigned {
		bias = bcastConst2(w, uint32(1)<<(w-1))
	}
	var bz VecVirtual
	if vx {
		bz = YMM()
		I.bcast(Mem{Base: p.b}, bz)
		if c.unsigned {
			VPXOR(bias, bz, bz)
		}
	}
	Label(name + "loop")
	za := YMM()
	VMOVDQU(Mem{Base: p.a}, za)
	zb := bz
	if !vx {
		zb = YMM()
		VMOVDQU(Mem{Base: p.b}, zb)
		if c.unsigned {
			VPXOR(bias, zb, zb)
		}
	}
	if c.unsigned {
		VPXOR(bias, za, za)
	}
	t := YMM()
	invert := false
	switch c.pred {
	case pEQ:
		eq(zb, za, t)
	case pNE:
		eq(zb, za, t)
		invert = true
	case pLT: // b > a
		gt(za, zb, t)
	case pLE: // !(a > b)
		gt(zb, za, t)
		invert = true
	case pNLE: // a > b
		gt(zb, za, t)
	}
	g := GP32()
	switch w {
	case 8:
		VPMOVMSKB(t, g)
	case 16:
		h := XMM()
		VEXTRACTI128(U8(1), t, h)
		VPACKSSWB(h, t.AsX(), h)
		VPMOVMSKB(h, g)
	case 32:
		VMOVMSKPS(t, g)
	}
	if invert {
		NOTL(g)
	}
	switch w {
	case 8:
		MOVL(g, Mem{Base: p.d})
	case 16:
		MOVW(g.As16(), Mem{Base: p.d})
	case 32:
		MOVB(g.As8(), Mem{Base: p.d})
	}
	ADDQ(U8(e/8), p.d)
	ADDQ(U8(32), p.a)
	if !vx {
		ADDQ(U8(32), p.b)
	}
	DECQ(p.n)
	JNZ(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
	none2(name)
}

// merge512 is vmerge: for the elements of window m[0:2] (every element of
// the body), d = b (or the scalar) where select bit m[2:4] is set, else a.
func merge512(w int, vx bool) {
	I := wis[w]
	name := fmt.Sprintf("k512Merge%d%s", w, form(vx))
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: "famMerge", op: "Nop", sew: w, vx: vx, rm: -1})
	p := begin(name)
	e := 512 / w
	var bz VecVirtual
	if vx {
		bz = ZMM()
		I.bcast(Mem{Base: p.b}, bz)
	}
	Label(name + "loop")
	km := kmovFor(e)
	km(Mem{Base: p.m}, K1)
	km(Mem{Base: p.m, Disp: 16}, K2)
	KANDNQ(K1, K2, K3) // body & ~select: take a
	z := ZMM()
	if vx {
		VMOVDQA64(bz, z)
	} else {
		KANDQ(K1, K2, K4)
		I.movZ(Mem{Base: p.b}, K4, z)
	}
	I.mov(Mem{Base: p.a}, K3, z)
	I.mov(z, K1, Mem{Base: p.d})
	ADDQ(U8(64), p.d)
	ADDQ(U8(64), p.a)
	if !vx {
		ADDQ(U8(64), p.b)
	}
	ADDQ(U8(e/8), p.m)
	SUBQ(U8(e), p.n)
	JG(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

var redOps = []string{"RedSum", "RedAnd", "RedOr", "RedXor", "RedMinU", "RedMin", "RedMaxU", "RedMax"}

func redIdentity(op string, w int) uint32 {
	all := uint32(1)<<w - 1
	if w == 32 {
		all = ^uint32(0)
	}
	switch op {
	case "RedAnd", "RedMinU":
		return all
	case "RedMin":
		return all >> 1
	case "RedMax":
		return 1 << (w - 1)
	}
	return 0
}

// redOp returns the lane operation of a reduction at width w for any
// vector size (EVEX forms work on xmm/ymm with AVX-512VL; AVX2 callers use
// only ops with VEX forms).
func redOp(op string, w int, evex bool) fn {
	I := wis[w]
	switch op {
	case "RedSum":
		return I.add
	case "RedAnd":
		if evex {
			return VPANDD
		}
		return func(o ...Op) { VPAND(o[0], o[1], o[2]) }
	case "RedOr":
		if evex {
			return VPORD
		}
		return func(o ...Op) { VPOR(o[0], o[1], o[2]) }
	case "RedXor":
		if evex {
			return VPXORD
		}
		return func(o ...Op) { VPXOR(o[0], o[1], o[2]) }
	case "RedMinU":
		return I.minu
	case "RedMin":
		return I.mins
	case "RedMaxU":
		return I.maxu
	}
	return I.maxs
}

// fold reduces the lanes of y (a ymm) to lane 0 and returns it in a GP
// register.
func fold(f fn, w int, y Register) Register {
	x := y.(interface{ AsX() Register }).AsX()
	t := XMM()
	VEXTRACTI128(U8(1), y, t)
	f(t, x, x)
	VPSHUFD(U8(0x4e), x, t)
	f(t, x, x)
	VPSHUFD(U8(0xb1), x, t)
	f(t, x, x)
	if w <= 16 {
		VPSRLD(U8(16), x, t)
		f(t, x, x)
	}
	if w == 8 {
		VPSRLW(U8(8), x, t)
		f(t, x, x)
	}
	r := GP64()
	VMOVQ(x, r)
	return r
}

// red512 folds the active elements a[0:n]. Widening sums (op "WAdd" or
// "WAddU") extend SEW w elements to 2w lanes.
func red512(op string, w int) {
	widen := op == "WAdd" || op == "WAddU"
	L := w
	fam := "famRed"
	if widen {
		L, fam = 2*w, "famWRed"
	}
	I, IL := wis[w], wis[L]
	name := fmt.Sprintf("k512%s%d", op, w)
	entries = append(entries, entry{name: name, isa: "isaAVX512", fam: fam, op: op, sew: w, rm: -1, red: true})
	TEXT(name, NOSPLIT, "func(a *byte, n int, m *[2]uint64) uint64")
	Pragma("noescape")
	a := Load(Param("a"), GP64())
	n := Load(Param("n"), GP64())
	m := Load(Param("m"), GP64())
	e := 512 / L
	lop := "RedSum"
	if !widen {
		lop = op
	}
	f := redOp(lop, L, true)
	id := ZMM()
	if v := redIdentity(lop, L); v == 0 {
		VPXORD(id, id, id)
	} else {
		bcastConst(L, v, id)
	}
	acc := ZMM()
	VMOVDQA64(id, acc)
	Label(name + "loop")
	kmovFor(e)(Mem{Base: m}, K1)
	t := ZMM()
	if widen {
		y := YMM()
		I.movZ(Mem{Base: a}, K1, y)
		switch {
		case w == 8 && op == "WAdd":
			VPMOVSXBW(y, t)
		case w == 8:
			VPMOVZXBW(y, t)
		case op == "WAdd":
			VPMOVSXWD(y, t)
		default:
			VPMOVZXWD(y, t)
		}
		ADDQ(U8(32), a)
	} else {
		VMOVDQA64(id, t)
		IL.mov(Mem{Base: a}, K1, t)
		ADDQ(U8(64), a)
	}
	f(t, acc, acc)
	ADDQ(U8(e/8), m)
	SUBQ(U8(e), n)
	JG(LabelRef(name + "loop"))
	y := acc.AsY()
	hi := YMM()
	VEXTRACTI64X4(U8(1), acc, hi)
	f(hi, y, y)
	r := fold(f, L, y)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// ---- AVX2 --------------------------------------------------------------

var binOps2 = []string{"Add", "Sub", "RSub", "And", "Or", "Xor", "MinU", "Min", "MaxU", "Max", "Mul",
	"SAddU", "SAdd", "SSubU", "SSub", "Macc", "Nmsac", "Madd", "Nmsub"}

// begin2 loads the parameters of an AVX2 kernel and turns n into the count
// of whole chunks of e elements; it returns early when there is none.
func begin2(name string, e int) args {
	p := begin(name)
	chunks(p, e, name)
	return p
}

// chunks turns the element count n into a count of e-element chunks,
// jumping to the "none" label when there is none.
func chunks(p args, e int, name string) {
	sh := 0
	for 1<<sh < e {
		sh++
	}
	SHRQ(U8(sh), p.n)
	JZ(LabelRef(name + "none"))
}

func none2(name string) {
	Label(name + "none")
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	RET()
}

type mul2 struct {
	w          int
	ff00, x00f VecVirtual
}

func (c *mul2) init() {
	if c.w == 8 {
		c.ff00 = bcastConst2(16, 0xff00)
		c.x00f = bcastConst2(16, 0x00ff)
	}
}

func (c *mul2) mul(x, y VecVirtual) VecVirtual {
	z := YMM()
	switch c.w {
	case 16:
		VPMULLW(y, x, z)
	case 32:
		VPMULLD(y, x, z)
	case 8:
		VPMULLW(y, x, z)
		VPAND(c.x00f, z, z)
		xh, yh, o := YMM(), YMM(), YMM()
		VPSRLW(U8(8), x, xh)
		VPAND(c.ff00, y, yh)
		VPMULLW(yh, xh, o)
		VPOR(o, z, z)
	}
	return z
}

// bin2 emits an AVX2 single-width kernel; with reg set, its register entry
// for the batch runner instead (suffix R: d, a, b, n in AX, CX, DX, BX,
// the result in AL, no Go signature; see bin512).
func bin2(op string, w int, vx bool, reg bool) {
	I := wis[w]
	sat := strings.HasPrefix(op, "SA") || strings.HasPrefix(op, "SS")
	if sat && w == 32 {
		return
	}
	fam := "famBin"
	if op == "Macc" || op == "Nmsac" || op == "Madd" || op == "Nmsub" {
		fam = "famMac"
	}
	e := 256 / w
	name := fmt.Sprintf("k2%s%d%s", op, w, form(vx))
	if reg {
		name += "R"
	}
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: fam, op: op, sew: w, vx: vx, rm: -1, chunk: e, reg: reg})
	var p args
	if reg {
		TEXT(name, NOSPLIT, "func()")
		p = args{d: RAX, a: RCX, b: RDX, n: RBX, m: RSI}
		chunks(p, e, name)
	} else {
		p = begin2(name, e)
	}
	mc := &mul2{w: w}
	if op == "Mul" || fam == "famMac" {
		mc.init()
	}
	var bz VecVirtual
	if vx {
		bz = YMM()
		I.bcast(Mem{Base: p.b}, bz)
	}
	// Saturation: acc gathers the lanes that saturated. The register
	// entry, whose arguments take the low general registers, keeps a
	// vector instead (all ones while no lane saturated) and looks at it
	// once at the end: the batch runner's registers (R8–R13) stay free.
	var acc GPVirtual
	var accv VecVirtual
	if reg {
		if sat {
			accv = YMM()
			VPCMPEQB(accv, accv, accv)
		}
	} else {
		acc = GP32()
		XORL(acc, acc)
	}
	// compute emits the operation on one chunk of operands.
	compute := func(za, zb, zd VecVirtual) VecVirtual {
		r := YMM()
		satcmp := func(sat, wrap VecVirtual) {
			t := YMM()
			if w == 8 {
				VPCMPEQB(wrap, sat, t)
			} else {
				VPCMPEQW(wrap, sat, t)
			}
			if reg {
				VPAND(t, accv, accv)
				return
			}
			g := GP32()
			VPMOVMSKB(t, g)
			NOTL(g)
			ORL(g, acc)
		}
		switch op {
		case "Add", "Sub", "RSub", "And", "Or", "Xor", "MinU", "Min", "MaxU", "Max":
			plainOp(I, [3]op3{VPAND, VPOR, VPXOR}, op, za, zb, r)
		case "Mul":
			r = mc.mul(za, zb)
		case "SAddU", "SSubU", "SAdd", "SSub":
			wrap := YMM()
			satPair(I, op, za, zb, r, wrap)
			satcmp(r, wrap)
		case "Macc":
			I.add(mc.mul(zb, za), zd, r)
		case "Nmsac":
			I.sub(mc.mul(zb, za), zd, r)
		case "Madd":
			I.add(za, mc.mul(zb, zd), r)
		case "Nmsub":
			I.sub(mc.mul(zb, zd), za, r)
		}
		return r
	}
	if reg {
		// Up to four chunks (128 bytes), unrolled, with forwarding
		// through Y12–Y15 as the AVX-512 register entries do through
		// Z30/Z31 (see bin512). No VZEROUPPER here: it would clear the
		// forwarded chunks' upper halves; the batch runner issues one
		// when it is done.
		CMPQ(p.n, U8(4))
		JA(LabelRef(name + "loop"))
		for c := range 4 {
			if c > 0 {
				CMPQ(p.n, U8(c))
				JLE(LabelRef(name + "end"))
			}
			fy := []Register{Y12, Y13, Y14, Y15}[c]
			get := func(bit int, base Register) VecVirtual {
				return fwdOperand(name, c, bit, Mem{Base: base, Disp: 32 * c}, fy, false)
			}
			za := get(0, p.a)
			zb := bz
			if !vx {
				zb = get(1, p.b)
			}
			var zd VecVirtual
			if fam == "famMac" {
				zd = get(2, p.d)
			}
			r := compute(za, zb, zd)
			VMOVDQU(r, Mem{Base: p.d, Disp: 32 * c})
			VMOVDQA(r, fy)
		}
		Label(name + "end")
		regSat(accv)
		RET()
	}
	Label(name + "loop")
	za := YMM()
	VMOVDQU(Mem{Base: p.a}, za)
	zb := bz
	if !vx {
		zb = YMM()
		VMOVDQU(Mem{Base: p.b}, zb)
	}
	var zd VecVirtual
	if fam == "famMac" {
		zd = YMM()
		VMOVDQU(Mem{Base: p.d}, zd)
	}
	r := compute(za, zb, zd)
	VMOVDQU(r, Mem{Base: p.d})
	ADDQ(U8(32), p.d)
	ADDQ(U8(32), p.a)
	if !vx {
		ADDQ(U8(32), p.b)
	}
	DECQ(p.n)
	JNZ(LabelRef(name + "loop"))
	if reg {
		regSat(accv)
		RET()
		Label(name + "none")
		XORL(EAX, EAX)
		RET()
		return
	}
	TESTL(acc, acc)
	s := GP8()
	SETNE(s)
	Store(s, ReturnIndex(0))
	VZEROUPPER()
	RET()
	none2(name)
}

// regSat sets AL to whether some lane of accv is not all ones (saturated),
// for an AVX2 register entry; with no accv (an op that cannot saturate),
// to false.
func regSat(accv VecVirtual) {
	if accv == nil {
		XORL(EAX, EAX)
		return
	}
	VPMOVMSKB(accv, ECX)
	CMPL(ECX, U32(0xffffffff))
	SETNE(AL)
}

func wide2(op string, w int, vx, wideW bool) {
	L := 2 * w
	I, IL := wis[w], wis[L]
	fam, tag := "famWide", ""
	if wideW {
		fam, tag = "famWideW", "W"
	}
	e := 256 / L
	name := fmt.Sprintf("k2%s%s%d%s", op, tag, w, form(vx))
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: fam, op: op, sew: w, vx: vx, rm: -1, chunk: e})
	p := begin2(name, e)
	ext := func(kind byte, src, dst Op) {
		switch {
		case w == 8 && kind == 's':
			VPMOVSXBW(src, dst)
		case w == 8:
			VPMOVZXBW(src, dst)
		case kind == 's':
			VPMOVSXWD(src, dst)
		default:
			VPMOVZXWD(src, dst)
		}
	}
	x := wideExt[op]
	var bz VecVirtual
	if vx {
		t := XMM()
		I.bcast(Mem{Base: p.b}, t)
		bz = YMM()
		ext(x[1], t, bz)
	}
	Label(name + "loop")
	za := YMM()
	if wideW {
		VMOVDQU(Mem{Base: p.a}, za)
	} else {
		ext(x[0], Mem{Base: p.a}, za)
	}
	zb := bz
	if !vx {
		zb = YMM()
		ext(x[1], Mem{Base: p.b}, zb)
	}
	mul := func(p, q VecVirtual) VecVirtual {
		z := YMM()
		if L == 16 {
			VPMULLW(q, p, z)
		} else {
			VPMULLD(q, p, z)
		}
		return z
	}
	r := YMM()
	switch op {
	case "WAddU", "WAdd":
		IL.add(zb, za, r)
	case "WSubU", "WSub":
		IL.sub(zb, za, r)
	case "WMulU", "WMul", "WMulSU":
		r = mul(za, zb)
	default:
		zd := YMM()
		VMOVDQU(Mem{Base: p.d}, zd)
		IL.add(mul(zb, za), zd, r)
	}
	VMOVDQU(r, Mem{Base: p.d})
	ADDQ(U8(32), p.d)
	if wideW {
		ADDQ(U8(32), p.a)
	} else {
		ADDQ(U8(16), p.a)
	}
	if !vx {
		ADDQ(U8(16), p.b)
	}
	DECQ(p.n)
	JNZ(LabelRef(name + "loop"))
	XORL(EAX, EAX)
	Store(AL, ReturnIndex(0))
	VZEROUPPER()
	RET()
	none2(name)
}

func red2(op string, w int) {
	widen := op == "WAdd" || op == "WAddU"
	L, fam := w, "famRed"
	if widen {
		L, fam = 2*w, "famWRed"
	}
	e := 256 / L
	name := fmt.Sprintf("k2%s%d", op, w)
	entries = append(entries, entry{name: name, isa: "isaAVX2", fam: fam, op: op, sew: w, rm: -1, chunk: e, red: true})
	TEXT(name, NOSPLIT, "func(a *byte, n int, m *[2]uint64) uint64")
	Pragma("noescape")
	a := Load(Param("a"), GP64())
	n := Load(Param("n"), GP64())
	sh := 0
	for 1<<sh < e {
		sh++
	}
	lop := "RedSum"
	if !widen {
		lop = op
	}
	f := redOp(lop, L, false)
	acc := YMM()
	if v := redIdentity(lop, L); v == 0 {
		VPXOR(acc, acc, acc)
	} else {
		VMOVDQU(bcastConst2(L, v), acc)
	}
	SHRQ(U8(sh), n)
	JZ(LabelRef(name + "done"))
	Label(name + "loop")
	t := YMM()
	if widen {
		switch {
		case w == 8 && op == "WAdd":
			VPMOVSXBW(Mem{Base: a}, t)
		case w == 8:
			VPMOVZXBW(Mem{Base: a}, t)
		case op == "WAdd":
			VPMOVSXWD(Mem{Base: a}, t)
		default:
			VPMOVZXWD(Mem{Base: a}, t)
		}
		ADDQ(U8(16), a)
	} else {
		VMOVDQU(Mem{Base: a}, t)
		ADDQ(U8(32), a)
	}
	f(t, acc, acc)
	DECQ(n)
	JNZ(LabelRef(name + "loop"))
	Label(name + "done")
	r := fold(f, L, acc)
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

func main() {
	flag.Parse()
	ConstraintExpr("!purego")
	for _, w := range []int{8, 16, 32} {
		for _, vx := range []bool{false, true} {
			for _, v := range []variant{masked, fullStack, fullReg} {
				for _, op := range binOps512 {
					bin512(op, w, vx, -1, v)
				}
				for _, op := range []string{"SSrl", "SSra"} {
					for rm := range 4 {
						bin512(op, w, vx, rm, v)
					}
				}
			}
			for _, reg := range []bool{false, true} {
				for _, op := range binOps2 {
					bin2(op, w, vx, reg)
				}
			}
			for _, op := range []string{"Seq", "Sne", "SltU", "Slt", "SleU", "Sle", "SgtU", "Sgt"} {
				cmp512(op, w, vx)
				cmp2(op, w, vx)
			}
			merge512(w, vx)
		}
		for _, op := range redOps {
			red512(op, w)
			red2(op, w)
		}
	}
	for _, w := range []int{8, 16} {
		for _, vx := range []bool{false, true} {
			for _, op := range wideOps {
				wide512(op, w, vx, false)
				wide2(op, w, vx, false)
			}
			for _, op := range []string{"WAddU", "WAdd", "WSubU", "WSub"} {
				wide512(op, w, vx, true)
				wide2(op, w, vx, true)
			}
			for _, op := range []string{"Sll", "Srl", "Sra"} {
				if w == 8 {
					wn512(op, w, vx, -1)
				}
				wn2(op, w, vx, -1)
			}
			for _, op := range wnOps {
				if w == 16 && (op == "SSrl" || op == "SSra") {
					for rm := range 4 {
						wn2(op, w, vx, rm) // AVX-512: native 16-bit lanes (bin512)
					}
					continue
				}
				if wnRounds(op) {
					for rm := range 4 {
						wn512(op, w, vx, rm)
						wn2(op, w, vx, rm)
					}
				} else {
					wn512(op, w, vx, -1)
					wn2(op, w, vx, -1)
				}
			}
			for _, op := range narrowOps {
				if op == "NClip" || op == "NClipU" {
					for rm := range 4 {
						narrow512(op, w, vx, rm)
						narrow2(op, w, vx, rm)
					}
				} else {
					narrow512(op, w, vx, -1)
					narrow2(op, w, vx, -1)
				}
			}
		}
		for _, op := range []string{"WAdd", "WAddU"} {
			red512(op, w)
			red2(op, w)
		}
	}
	for _, op := range []string{"WAdd", "WAddU"} {
		ext512(op, 8, 16)
		ext512(op, 16, 32)
		ext512(op, 8, 32)
		ext2(op, 8, 16)
		ext2(op, 16, 32)
		ext2(op, 8, 32)
	}
	for _, vx := range []bool{false, true} {
		for rm := range 4 {
			mul32("SMul", vx, rm)
		}
		mul32("MulH", vx, -1)
		mul32("MulHU", vx, -1)
	}
	Generate()
	if *table != "" {
		if err := writeTable(*table); err != nil {
			log.Fatal(err)
		}
	}
	if *pcs != "" {
		if err := writePCs(*pcs); err != nil {
			log.Fatal(err)
		}
	}
}

// writePCs writes kpcs, the ABI0 entry address of every element kernel by
// id (0 for the reductions and for id 0), as assembly data: the batch
// runner (batch_amd64.s) calls kernels through it. Go code cannot take an
// assembly function's ABI0 address (a func value points to a wrapper with
// the register calling convention), the assembler can.
func writePCs(path string) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by command: go run ./internal/asmgen. DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "//go:build !purego\n\n#include \"textflag.h\"\n\n")
	fmt.Fprintf(&b, "DATA ·kpcs+0(SB)/8, $0\n")
	for i, e := range entries {
		if e.red {
			fmt.Fprintf(&b, "DATA ·kpcs+%d(SB)/8, $0\n", 8*(i+1))
		} else {
			fmt.Fprintf(&b, "DATA ·kpcs+%d(SB)/8, $·%s(SB)\n", 8*(i+1), e.name)
		}
	}
	fmt.Fprintf(&b, "GLOBL ·kpcs(SB), RODATA|NOPTR, $%d\n", 8*(len(entries)+1))
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func writeTable(path string) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by command: go run ./internal/asmgen. DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "//go:build !purego\n\npackage vec\n\n")
	fmt.Fprintf(&b, "// kernels lists the generated kernels; id is the index + 1.\n")
	fmt.Fprintf(&b, "var kernels = [...]kdesc{\n")
	for _, e := range entries {
		fmt.Fprintf(&b, "\t{isa: %s, fam: %s, op: %s, sew: %d, vx: %v, rm: %d, chunk: %d, full: %v, reg: %v},\n", e.isa, e.fam, e.op, e.sew, e.vx, e.rm, e.chunk, e.full, e.reg)
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// kfuncs holds the element kernels by id (nil: a reduction kernel, or a\n// register entry, which only the batch runner calls).\n")
	fmt.Fprintf(&b, "var kfuncs = [...]func(d, a, b *byte, n int, m *[2]uint64) bool{\n\tnil,\n")
	for _, e := range entries {
		if e.red || e.reg {
			fmt.Fprintf(&b, "\tnil,\n")
		} else {
			fmt.Fprintf(&b, "\t%s,\n", e.name)
		}
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// kpcs holds the element kernels' ABI0 entry addresses by id (0: a\n// reduction kernel); its data is in kpc_amd64.s.\n")
	fmt.Fprintf(&b, "var kpcs [%d]uintptr\n\n", len(entries)+1)
	fmt.Fprintf(&b, "// callK calls the element kernel with the given id.\n")
	fmt.Fprintf(&b, "func callK(id uint16, d, a, b *byte, n int, m *[2]uint64) bool {\n\tswitch id {\n")
	for i, e := range entries {
		if !e.red && !e.reg {
			fmt.Fprintf(&b, "\tcase %d:\n\t\treturn %s(d, a, b, n, m)\n", i+1, e.name)
		}
	}
	fmt.Fprintf(&b, "\t}\n\tpanic(\"sim/vec: bad kernel id\")\n}\n\n")
	fmt.Fprintf(&b, "// callRed calls the reduction kernel with the given id.\n")
	fmt.Fprintf(&b, "func callRed(id uint16, a *byte, n int, m *[2]uint64) uint64 {\n\tswitch id {\n")
	for i, e := range entries {
		if e.red {
			fmt.Fprintf(&b, "\tcase %d:\n\t\treturn %s(a, n, m)\n", i+1, e.name)
		}
	}
	fmt.Fprintf(&b, "\t}\n\tpanic(\"sim/vec: bad kernel id\")\n}\n")
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// fwdOperand loads a register entry's operand chunk c: from mem, or, when
// bit of the forwarding flags (SI) is set, from the forwarding register
// fwd where the previous step left it. zmm selects 512-bit moves, else
// 256-bit ones.
func fwdOperand(name string, c, bit int, mem Mem, fwd Register, zmm bool) VecVirtual {
	l := fmt.Sprintf("%sfwd%d%d", name, c, bit)
	BTL(U8(bit), ESI)
	JCS(LabelRef(l))
	if zmm {
		v := ZMM()
		VMOVDQU64(mem, v)
		JMP(LabelRef(l + "done"))
		Label(l)
		VMOVDQA64(fwd, v)
		Label(l + "done")
		return v
	}
	v := YMM()
	VMOVDQU(mem, v)
	JMP(LabelRef(l + "done"))
	Label(l)
	VMOVDQA(fwd, v)
	Label(l + "done")
	return v
}
