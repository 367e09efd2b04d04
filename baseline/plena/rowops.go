package plena

import (
	"fmt"
)

// Row operations: the vector-unit building blocks of PLENA's compiler
// templates (silu_asm, gelu_asm, normalization_asm, flashattn's online
// softmax) as Go generators over activations already in Vector SRAM. They
// take Vector SRAM element addresses, row counts and widths; getting the
// data there (H_PREFETCH_V) is the caller's business.
//
// Every operation works in place or from src to dst on an Act, PLENA's
// activation layout [ceil(N/VLEN), M, VLEN], and loops over the Vector
// SRAM rows with C_LOOP (PLENA's rolled template variant), so a program's
// size does not grow with M or N.
//
// Ragged widths (N not a multiple of VLEN): the padding columns of the
// last column block are zeros after a prefetch (HBM rows are padded with
// zeros). Element-wise operations map 0 to a finite value and the padding
// is never compared, so they ignore it. Reductions cannot: a zero padding
// column would be the maximum of a row of negatives (softmax) and x - mean
// is not zero there (LayerNorm). PLENA has no element-wise select or
// compare, and V_MASK selects whole HLEN-wide (16-column) segments, so the
// reductions build one "pad row" per kernel (see padRow): 0 / -inf for
// softmax (added to the last block: padding becomes -inf, which V_RED_MAX
// ignores and V_EXP_V turns into 0), 1 / 0 for LayerNorm (multiplied into
// the centred last block: padding becomes 0 for the sums). Whole padding
// segments come from a masked V_ADD_VF, the columns of the segment that
// straddles N from M_MM_WO, which writes the (clear) matrix accumulator's
// zeros into any 4 columns of 4 rows in one cycle; a tail that is not a
// multiple of BLEN = 4 falls back to the FP SRAM: 64 S_ST_FP and one
// S_MAP_V_FP. Sums of x and x^2 need nothing: the zeros add nothing.

// Vector-unit geometry of both plena hardware configs (plena,
// plena-highmem): VLEN elements per Vector SRAM row, HLEN elements per
// V_MASK segment, BLEN columns per M_MM_WO write.
const (
	rowVLEN = 64
	rowHLEN = 16
	rowBLEN = 4
)

// ScratchRows is how many Vector SRAM rows (of VLEN elements) from the
// scratch address a row operation may overwrite.
const ScratchRows = 8

// Act is an activation of M rows of N columns in Vector SRAM in PLENA's
// layout [ceil(N/VLEN), Stride, VLEN]: element (r, c) is at Vector SRAM
// element Addr + ((c/VLEN)*Stride + r)*VLEN + c%VLEN. Addr is a multiple
// of VLEN. Stride 0 means M (a whole matrix); a larger Stride makes Act
// a view of M rows of a matrix of Stride rows (ActOf a VTensor's RowsView).
type Act struct {
	Addr   int // Vector SRAM element address of element (0, 0)
	M, N   int // rows, columns
	Stride int // rows per column block (0: M)
}

// ActOf is the activation a VTensor describes.
func ActOf(v VTensor) Act {
	return Act{Addr: int(v.Addr), M: v.Rows, N: v.Cols, Stride: v.Stride}
}

// Blocks is the number of VLEN-wide column blocks.
func (a Act) Blocks() int { return (a.N + rowVLEN - 1) / rowVLEN }

// BlockStride is the number of Vector SRAM rows from one column block to
// the next.
func (a Act) BlockStride() int {
	if a.Stride > 0 {
		return a.Stride
	}
	return a.M
}

// Rows is the number of Vector SRAM rows the activation spans.
func (a Act) Rows() int { return (a.Blocks()-1)*a.BlockStride() + a.M }

// Tail is the number of real columns in the last column block (1..VLEN).
func (a Act) Tail() int { return a.N - (a.Blocks()-1)*rowVLEN }

// End is the Vector SRAM element address just past the activation.
func (a Act) End() int { return a.Addr + a.Rows()*rowVLEN }

func (a Act) check(what string) error {
	if a.M < 1 || a.N < 1 {
		return fmt.Errorf("%s: empty activation %dx%d", what, a.M, a.N)
	}
	if a.Stride != 0 && a.Stride < a.M {
		return fmt.Errorf("%s: block stride %d below its %d rows", what, a.Stride, a.M)
	}
	if a.Addr < 0 || a.Addr%rowVLEN != 0 {
		return fmt.Errorf("%s: Vector SRAM address %d is not a multiple of VLEN %d", what, a.Addr, rowVLEN)
	}
	return nil
}

// RowRegs are the registers a row operation may overwrite: GP for Vector
// SRAM addresses and C_LOOP counters, F for scalars (never f0). The
// operations read gp0 as 0 and f0 as 0.0 and never write them.
type RowRegs struct {
	GP [8]int
	F  [6]int
}

// DefaultRowRegs follows the package's register convention (hbm.go): the
// template working registers gp4..gp9 for addresses, gp10 (outer) and
// gp11 (inner) for loop counters; f1..f6. A row operation run inside a
// caller's loop is given other counters in GP[6] and GP[7].
var DefaultRowRegs = RowRegs{GP: [8]int{RegWork0, RegWork0 + 1, RegWork0 + 2, RegWork0 + 3, RegWork0 + 4, RegWork0 + 5, RegLoop0, RegLoop0 + 1}, F: [6]int{1, 2, 3, 4, 5, 6}}

// FPConsts are the FP SRAM entries (indices) holding the constants the
// row operations load with S_LD_FP; -1 where a case has none. Entry 0
// holds 0.0 in every PLENA case (f0 is used for it instead).
type FPConsts struct {
	One    int // 1.0
	NegInf int // -inf (softmax)
	Big    int // 65504, the largest f16 (ReLU)
	Eps    int // the norm's epsilon
	InvN   int // 1/N, N the normalised row length
	GeluK  int // 2*sqrt(2/pi)
	GeluC  int // 0.044715
	// Scratch is the first of 64 FP SRAM entries a row operation may
	// overwrite (past the preloaded constants): used only for a ragged
	// tail that is not a multiple of 4 columns.
	Scratch int
}

func need(name string, idx int) error {
	if idx < 0 {
		return fmt.Errorf("row operation needs the FP SRAM constant %s, which this case does not preload", name)
	}
	return nil
}

func sameShape(what string, dst, src Act) error {
	if err := dst.check(what + " dst"); err != nil {
		return err
	}
	if err := src.check(what + " src"); err != nil {
		return err
	}
	if dst.M != src.M || dst.N != src.N || (dst.Addr == src.Addr && dst.BlockStride() != src.BlockStride()) {
		return fmt.Errorf("%s: dst %dx%d and src %dx%d differ in shape", what, dst.M, dst.N, src.M, src.N)
	}
	return nil
}

func checkScratch(what string, scratch int) error {
	if scratch < 0 || scratch%rowVLEN != 0 {
		return fmt.Errorf("%s: scratch Vector SRAM address %d is not a multiple of VLEN %d", what, scratch, rowVLEN)
	}
	return nil
}

// elementwise emits a C_LOOP over the Vector SRAM rows of src (and dst),
// with x = the src row pointer, y = the dst row pointer (== x in place)
// and t = the scratch row, calling body(y, x, t) once in the loop body.
func elementwise(p *Prog, r RowRegs, dst, src Act, scratch int, body func(y, x, t int)) {
	x, y, t, loop := r.GP[0], r.GP[1], r.GP[2], r.GP[7]
	p.SetInt(x, uint32(src.Addr))
	if dst.Addr != src.Addr {
		p.SetInt(y, uint32(dst.Addr))
	} else {
		y = x
	}
	p.SetInt(t, uint32(scratch))
	step := func() {
		body(y, x, t)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", x, x, rowVLEN)
		if y != x {
			p.Op("S_ADDI_INT gp%d, gp%d, %d", y, y, rowVLEN)
		}
	}
	if src.BlockStride() == src.M && dst.BlockStride() == dst.M {
		p.Loop(loop, src.Blocks()*src.M, step)
		return
	}
	// A view of some rows: per column block, its M rows, then on to the
	// next block.
	skipX, skipY := (src.BlockStride()-src.M)*rowVLEN, (dst.BlockStride()-dst.M)*rowVLEN
	p.Loop(r.GP[6], src.Blocks(), func() {
		p.Loop(loop, src.M, step)
		if skipX > 0 {
			p.Op("S_ADDI_INT gp%d, gp%d, %d", x, x, skipX)
		}
		if y != x && skipY > 0 {
			p.Op("S_ADDI_INT gp%d, gp%d, %d", y, y, skipY)
		}
	})
}

// SiLU writes dst = src * sigmoid(src) as PLENA's silu_asm does, per
// Vector SRAM row: V_SUB_VF (0 - x), V_EXP_V, V_ADD_VF (+1), V_RECI_V,
// V_MUL_VV. dst may be src (in place). Needs k.One; uses one scratch row.
func SiLU(p *Prog, r RowRegs, k FPConsts, dst, src Act, scratch int) error {
	if err := sameShape("SiLU", dst, src); err != nil {
		return err
	}
	if err := need("1.0", k.One); err != nil {
		return err
	}
	if err := checkScratch("SiLU", scratch); err != nil {
		return err
	}
	one := r.F[0]
	p.Comment("SiLU: y = x * 1/(1 + exp(0 - x)), %d Vector SRAM rows", src.Rows())
	p.Op("S_LD_FP f%d, gp0, %d", one, k.One)
	elementwise(p, r, dst, src, scratch, func(y, x, t int) {
		p.Op("V_SUB_VF gp%d, gp%d, f0, 0, 1", t, x)
		p.Op("V_EXP_V gp%d, gp%d, 0", t, t)
		p.Op("V_ADD_VF gp%d, gp%d, f%d, 0", t, t, one)
		p.Op("V_RECI_V gp%d, gp%d, 0", t, t)
		p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", y, x, t)
	})
	return nil
}

// ReLU writes dst = max(src, 0). PLENA has no element-wise max or
// compare: this is the SiLU template's gate with a slope of 65504^2
// (two V_MUL_VF, the f16 maximum twice): x * 1/(1 + exp(-k x)) is exactly
// x for x > 0 (exp underflows to 0) and 0 for x < 0 (exp overflows to
// inf, its reciprocal is 0) whenever |x| > 88/65504^2 (2e-8). Needs k.One
// and k.Big; uses one scratch row.
func ReLU(p *Prog, r RowRegs, k FPConsts, dst, src Act, scratch int) error {
	if err := sameShape("ReLU", dst, src); err != nil {
		return err
	}
	if err := need("1.0", k.One); err != nil {
		return err
	}
	if err := need("65504", k.Big); err != nil {
		return err
	}
	if err := checkScratch("ReLU", scratch); err != nil {
		return err
	}
	one, big, nbig := r.F[0], r.F[1], r.F[2]
	p.Comment("ReLU: y = x * 1/(1 + exp(-(65504^2) x)), %d Vector SRAM rows", src.Rows())
	p.Op("S_LD_FP f%d, gp0, %d", one, k.One)
	p.Op("S_LD_FP f%d, gp0, %d", big, k.Big)
	p.Op("S_SUB_FP f%d, f0, f%d", nbig, big)
	elementwise(p, r, dst, src, scratch, func(y, x, t int) {
		p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", t, x, nbig)
		p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", t, t, big)
		p.Op("V_EXP_V gp%d, gp%d, 0", t, t)
		p.Op("V_ADD_VF gp%d, gp%d, f%d, 0", t, t, one)
		p.Op("V_RECI_V gp%d, gp%d, 0", t, t)
		p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", y, x, t)
	})
	return nil
}

// GELU writes dst = GELU(src), the tanh form 0.5 x (1 + tanh u) with
// u = sqrt(2/pi)(x + 0.044715 x^3), as x * sigmoid(2u) (PLENA's gelu_asm
// uses the cruder x * sigmoid(1.702 x); the task's tolerance wants the
// tanh form). -2u = x * (-K - K*C*x^2) with K = 2 sqrt(2/pi), C = 0.044715
// (both folded into f registers once): V_MUL_VV x^2, V_MUL_VF (-K*C),
// V_ADD_VF (-K), V_MUL_VV (*x), then the SiLU template's V_EXP_V, V_ADD_VF
// (+1), V_RECI_V, V_MUL_VV. Needs k.One, k.GeluK, k.GeluC; uses one
// scratch row.
func GELU(p *Prog, r RowRegs, k FPConsts, dst, src Act, scratch int) error {
	if err := sameShape("GELU", dst, src); err != nil {
		return err
	}
	for _, c := range []struct {
		n string
		i int
	}{{"1.0", k.One}, {"2*sqrt(2/pi)", k.GeluK}, {"0.044715", k.GeluC}} {
		if err := need(c.n, c.i); err != nil {
			return err
		}
	}
	if err := checkScratch("GELU", scratch); err != nil {
		return err
	}
	one, nk, nkc := r.F[0], r.F[1], r.F[2]
	p.Comment("GELU (tanh form): y = x * 1/(1 + exp(x * (-K - K*C*x^2))), K = 2 sqrt(2/pi), C = 0.044715, %d Vector SRAM rows", src.Rows())
	p.Op("S_LD_FP f%d, gp0, %d", one, k.One)
	p.Op("S_LD_FP f%d, gp0, %d", nk, k.GeluK)
	p.Op("S_LD_FP f%d, gp0, %d", nkc, k.GeluC)
	p.Op("S_MUL_FP f%d, f%d, f%d", nkc, nkc, nk)
	p.Op("S_SUB_FP f%d, f0, f%d", nkc, nkc)
	p.Op("S_SUB_FP f%d, f0, f%d", nk, nk)
	elementwise(p, r, dst, src, scratch, func(y, x, t int) {
		p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t, x, x)
		p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", t, t, nkc)
		p.Op("V_ADD_VF gp%d, gp%d, f%d, 0", t, t, nk)
		p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t, t, x)
		p.Op("V_EXP_V gp%d, gp%d, 0", t, t)
		p.Op("V_ADD_VF gp%d, gp%d, f%d, 0", t, t, one)
		p.Op("V_RECI_V gp%d, gp%d, 0", t, t)
		p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", y, x, t)
	})
	return nil
}

// padRow writes, at the Vector SRAM row addr, a row whose columns below
// tail hold the value of f register in and whose others hold that of out,
// where exactly one of in, out is f0 (0.0). src is any Vector SRAM row of
// finite values (its product with 0.0 starts the row at zeros). It
// overwrites the 4 rows from addr (M_MM_WO writes BLEN rows) and, when
// tail is not a multiple of BLEN, the 64 FP SRAM entries from fpScratch.
// The matrix accumulator must be clear (every M_MM_WO leaves it so; it is
// at program start) and stays clear. gpA and gpM are scratch gp
// registers.
func padRow(p *Prog, addr, src, tail, in, out, gpA, gpM, fpScratch int) error {
	if tail <= 0 || tail >= rowVLEN {
		return fmt.Errorf("pad row: tail %d not in 1..%d", tail, rowVLEN-1)
	}
	if (in == 0) == (out == 0) {
		return fmt.Errorf("pad row: exactly one of the values must be f0")
	}
	p.SetInt(gpA, uint32(addr))
	if tail%rowBLEN != 0 {
		if fpScratch < 0 {
			return fmt.Errorf("pad row: a tail of %d columns (not a multiple of %d) needs 64 FP SRAM scratch entries", tail, rowBLEN)
		}
		p.Comment("pad row: columns < %d = f%d, others f%d, through FP SRAM %d.. (the tail is not a multiple of BLEN)", tail, in, out, fpScratch)
		for c := 0; c < rowVLEN; c++ {
			f := out
			if c < tail {
				f = in
			}
			p.Op("S_ST_FP f%d, gp0, %d", f, fpScratch+c)
		}
		p.SetInt(gpM, uint32(fpScratch))
		p.Op("S_MAP_V_FP gp%d, gp%d, 0", gpA, gpM)
		return nil
	}
	p.SetInt(gpM, uint32(src))
	p.Op("V_MUL_VF gp%d, gp%d, f0, 0", gpA, gpM)
	// Segments holding the non-zero value: all-padding segments for out,
	// segments with a real column for in.
	var mask uint32
	lo, hi := tail/rowHLEN, rowVLEN/rowHLEN // out: segments [tail/16, 4)
	val := out
	if out == 0 {
		lo, hi, val = 0, (tail+rowHLEN-1)/rowHLEN, in
	}
	for s := lo; s < hi; s++ {
		mask |= 1 << s
	}
	p.Comment("pad row: columns < %d = f%d, others f%d: masked V_ADD_VF on segments %#b, M_MM_WO zeros in the straddling segment", tail, in, out, mask)
	p.SetInt(gpM, mask)
	p.Op("C_SET_V_MASK_REG gp%d", gpM)
	p.Op("V_ADD_VF gp%d, gp%d, f%d, 1", gpA, gpA, val)
	// The 4-column groups of the straddling segment that must be zero.
	from, to := (tail/rowHLEN)*rowHLEN, tail // in == f0: real columns
	if out == 0 {
		from, to = tail, (tail+rowHLEN-1)/rowHLEN*rowHLEN
	}
	for c := from; c < to; c += rowBLEN {
		p.Op("M_MM_WO gp%d, gp0, %d", gpA, c)
	}
	return nil
}

// blockLoop runs body over the column blocks of one row of a: a C_LOOP of
// a.Blocks() iterations (or a.Blocks()-1 and a peeled last block when
// peel, so that body can treat the ragged block apart); body(last) emits
// one block's instructions and advances its own pointers.
func blockLoop(p *Prog, loop int, a Act, peel bool, body func(last bool)) {
	nb := a.Blocks()
	if !peel {
		p.Loop(loop, nb, func() { body(false) })
		return
	}
	if nb > 1 {
		p.Loop(loop, nb-1, func() { body(false) })
	}
	body(true)
}

// Softmax writes a = softmax(a) over each row's N columns, in place, in
// the manner of PLENA's online-softmax block: per row, V_RED_MAX of every
// block into an f register started at -inf, V_SUB_VF (x - max), V_EXP_V,
// V_RED_SUM into an f register started at 0.0, S_RECI_FP, V_MUL_VF. A
// ragged row first gets -inf in its padding columns (V_ADD_VV of a pad
// row 0 / -inf; see padRow). Needs k.NegInf; uses 4 scratch rows when
// N is ragged.
func Softmax(p *Prog, r RowRegs, k FPConsts, a Act, scratch int) error {
	if err := a.check("Softmax"); err != nil {
		return err
	}
	if err := need("-inf", k.NegInf); err != nil {
		return err
	}
	if err := checkScratch("Softmax", scratch); err != nil {
		return err
	}
	row, ptr, stride, last, bias := r.GP[0], r.GP[1], r.GP[2], r.GP[3], r.GP[4]
	outer, inner := r.GP[6], r.GP[7]
	ninf, m, s := r.F[0], r.F[1], r.F[2]
	ragged := a.Tail() != rowVLEN
	p.Comment("Softmax over %d rows of %d (%d column blocks)", a.M, a.N, a.Blocks())
	p.Op("S_LD_FP f%d, gp0, %d", ninf, k.NegInf)
	if ragged {
		if err := padRow(p, scratch, a.Addr, a.Tail(), 0, ninf, bias, last, k.Scratch); err != nil {
			return err
		}
		p.SetInt(bias, uint32(scratch))
		p.SetInt(last, uint32((a.Blocks()-1)*a.BlockStride()*rowVLEN))
	}
	p.SetInt(stride, uint32(a.BlockStride()*rowVLEN))
	p.SetInt(row, uint32(a.Addr))
	p.Loop(outer, a.M, func() {
		if ragged {
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", ptr, row, last)
			p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", ptr, ptr, bias)
		}
		p.Op("S_ADD_FP f%d, f%d, f0", m, ninf)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_RED_MAX f%d, gp%d, 0", m, ptr)
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", ptr, ptr, stride)
		})
		p.Op("S_ADD_FP f%d, f0, f0", s)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_SUB_VF gp%d, gp%d, f%d, 0, 0", ptr, ptr, m)
			p.Op("V_EXP_V gp%d, gp%d, 0", ptr, ptr)
			p.Op("V_RED_SUM f%d, gp%d", s, ptr)
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", ptr, ptr, stride)
		})
		p.Op("S_RECI_FP f%d, f%d", s, s)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", ptr, ptr, s)
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", ptr, ptr, stride)
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", row, row, rowVLEN)
	})
	return nil
}

// normScalars loads, once per kernel, f registers holding eps*N and
// sqrt(N) (N = 1/k.InvN): a row's 1/sqrt(S/N + eps) is computed as
// sqrt(N) / sqrt(S + eps*N) so that no f16 value is a tiny mean square
// (S/N + eps is about 2e-6 for the rows whose mean square is comparable
// to eps: an f16 subnormal, a few % off). S must stay below 65504 (f16).
func normScalars(p *Prog, k FPConsts, epsN, sqrtN int) error {
	if err := need("eps", k.Eps); err != nil {
		return err
	}
	if err := need("1/N", k.InvN); err != nil {
		return err
	}
	p.Op("S_LD_FP f%d, gp0, %d", sqrtN, k.InvN)
	p.Op("S_RECI_FP f%d, f%d", sqrtN, sqrtN)
	p.Op("S_LD_FP f%d, gp0, %d", epsN, k.Eps)
	p.Op("S_MUL_FP f%d, f%d, f%d", epsN, epsN, sqrtN)
	p.Op("S_SQRT_FP f%d, f%d", sqrtN, sqrtN)
	return nil
}

// rstd turns the sum of squares in f register s into 1/sqrt(s/N + eps).
func rstd(p *Prog, s, epsN, sqrtN int) {
	p.Op("S_ADD_FP f%d, f%d, f%d", s, s, epsN)
	p.Op("S_SQRT_FP f%d, f%d", s, s)
	p.Op("S_RECI_FP f%d, f%d", s, s)
	p.Op("S_MUL_FP f%d, f%d, f%d", s, s, sqrtN)
}

// RMSNorm writes a = a / sqrt(mean(a^2) + eps) * gamma per row, in place,
// as PLENA's rms_norm template: per row, V_MUL_VV x*x and V_RED_SUM over
// the row's blocks, the scalar 1/sqrt (S_ADD_FP, S_SQRT_FP, S_RECI_FP,
// S_MUL_FP; see normScalars for the f16 ranges), then V_MUL_VF and V_MUL_VV
// by gamma per block. gamma is the Vector SRAM address of a.Blocks() rows
// holding gamma's column blocks, or -1 for none. Padding columns are zero
// and add nothing to the sums. Needs k.Eps and k.InvN (1/a.N); uses one
// scratch row.
func RMSNorm(p *Prog, r RowRegs, k FPConsts, a Act, gamma, scratch int) error {
	if err := a.check("RMSNorm"); err != nil {
		return err
	}
	if err := checkScratch("RMSNorm", scratch); err != nil {
		return err
	}
	row, ptr, stride, t, g := r.GP[0], r.GP[1], r.GP[2], r.GP[3], r.GP[4]
	outer, inner := r.GP[6], r.GP[7]
	epsN, sqrtN, s := r.F[0], r.F[1], r.F[2]
	p.Comment("RMSNorm over %d rows of %d (%d column blocks)", a.M, a.N, a.Blocks())
	if err := normScalars(p, k, epsN, sqrtN); err != nil {
		return err
	}
	p.SetInt(stride, uint32(a.BlockStride()*rowVLEN))
	p.SetInt(t, uint32(scratch))
	p.SetInt(row, uint32(a.Addr))
	p.Loop(outer, a.M, func() {
		p.Op("S_ADD_FP f%d, f0, f0", s)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t, ptr, ptr)
			p.Op("V_RED_SUM f%d, gp%d", s, t)
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", ptr, ptr, stride)
		})
		rstd(p, s, epsN, sqrtN)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		if gamma >= 0 {
			p.SetInt(g, uint32(gamma))
		}
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", ptr, ptr, s)
			if gamma >= 0 {
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", ptr, ptr, g)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", g, g, rowVLEN)
			}
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", ptr, ptr, stride)
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", row, row, rowVLEN)
	})
	return nil
}

// LayerNorm writes a = (a - mean) / sqrt(var + eps) * gamma + beta per
// row, in place, in the manner of PLENA's layer_norm template (V_RED_SUM
// for the mean, V_SUB_VF, V_MUL_VV and V_RED_SUM for the variance, the
// scalar 1/sqrt, then V_MUL_VF/V_MUL_VV/V_ADD_VV with gamma and beta), but
// arranged for PLENA's numerics: every vector result is rounded to bf16
// and every scalar is f16, while outputs near 0 (where + beta cancels
// gamma*(x - mean)*rstd, up to 2 or 3 in size) must be right to 2^-7 of
// the typical output. PLENA's template, with its four bf16 roundings at
// that size, misses there; this makes one:
//
//   - mu1 = the f16 mean; one pass over d1 = x - mu1 sums d1 (mu2 =
//     mean(d1), small, so precise) and d1^2 (Kahan-compensated across the
//     blocks: f16 sums of 64 blocks lose 0.2%), giving rstd;
//   - the row is centred on mc = mu1 rounded to the bf16 grid of
//     2|mu| + 4 std (a bf16 (B + mu1) - B), so that d = x - mc is exact
//     for the elements within 4 std of the mean (x's MXFP8 values have 4
//     significant bits); mu2' = (mu1 - mc) + mu2 is the rest of the mean;
//   - rstd = rhi + rlo with rhi of 4 significant bits (Veltkamp split in
//     f16), so that s_hi = gamma*rhi is exact (gamma has 4 bits too);
//   - y = (d*s_hi + beta) + ((d - mu2')*gamma*rlo - mu2'*s_hi): the one
//     rounding at the size of gamma*(x - mean)*rstd is d*s_hi's; the
//     cancellation happens in + beta; the correction terms are small.
//
// A ragged row's padding columns, -mu1 after the subtraction, are zeroed
// by a V_MUL_VV with a pad row 1 / 0 (see padRow) before the sums. gamma
// and beta are the Vector SRAM addresses of a.Blocks() rows each. Needs
// k.One, k.Eps, k.InvN (1/a.N) and 4 FP SRAM scratch entries from
// k.Scratch; uses 8 scratch rows; M*VLEN must be below 2^18.
func LayerNorm(p *Prog, r RowRegs, k FPConsts, a Act, gamma, beta, scratch int) error {
	if err := a.check("LayerNorm"); err != nil {
		return err
	}
	if err := checkScratch("LayerNorm", scratch); err != nil {
		return err
	}
	for _, c := range []struct {
		n string
		i int
	}{{"1.0", k.One}, {"eps", k.Eps}, {"1/N", k.InvN}, {"FP SRAM scratch", k.Scratch}} {
		if err := need(c.n, c.i); err != nil {
			return err
		}
	}
	if gamma < 0 || beta < 0 {
		return fmt.Errorf("LayerNorm: gamma and beta rows are required")
	}
	stride := a.BlockStride() * rowVLEN
	if stride >= 1<<18 {
		return fmt.Errorf("LayerNorm: %d rows: a column block's stride %d does not fit S_ADDI_INT's 18 bits (not supported yet)", a.M, stride)
	}
	row, ptr, t1, t2, g, b := r.GP[0], r.GP[1], r.GP[2], r.GP[3], r.GP[4], r.GP[5]
	outer, inner := r.GP[6], r.GP[7]
	f := r.F
	ragged := a.Tail() != rowVLEN
	keepRow, tmp1, tmp2, zero := scratch, scratch+4*rowVLEN, scratch+5*rowVLEN, scratch+7*rowVLEN
	cEpsN, cSqrtN, cFour, c129 := k.Scratch, k.Scratch+1, k.Scratch+2, k.Scratch+3
	p.Comment("LayerNorm over %d rows of %d (%d column blocks)", a.M, a.N, a.Blocks())
	if ragged {
		p.Op("S_LD_FP f%d, gp0, %d", f[0], k.One)
		if err := padRow(p, keepRow, a.Addr, a.Tail(), f[0], 0, t1, g, k.Scratch); err != nil {
			return err
		}
	}
	p.Comment("constants to FP SRAM %d..%d: eps*N, sqrt(N), 4, 129 (N = 1/(1/N) in f16)", cEpsN, c129)
	p.Op("S_LD_FP f%d, gp0, %d", f[0], k.InvN)
	p.Op("S_RECI_FP f%d, f%d", f[1], f[0])
	p.Op("S_LD_FP f%d, gp0, %d", f[2], k.Eps)
	p.Op("S_MUL_FP f%d, f%d, f%d", f[2], f[2], f[1])
	p.Op("S_ST_FP f%d, gp0, %d", f[2], cEpsN)
	p.Op("S_SQRT_FP f%d, f%d", f[1], f[1])
	p.Op("S_ST_FP f%d, gp0, %d", f[1], cSqrtN)
	p.Op("S_LD_FP f%d, gp0, %d", f[0], k.One)
	p.Op("S_ADD_FP f%d, f%d, f%d", f[1], f[0], f[0]) // 2
	p.Op("S_RECI_FP f%d, f%d", f[3], f[1])           // 0.5
	p.Op("S_MUL_FP f%d, f%d, f%d", f[1], f[1], f[1]) // 4
	p.Op("S_ST_FP f%d, gp0, %d", f[1], cFour)
	p.Op("S_MUL_FP f%d, f%d, f%d", f[1], f[1], f[1]) // 16
	p.Op("S_MUL_FP f%d, f%d, f%d", f[1], f[1], f[1]) // 256
	p.Op("S_MUL_FP f%d, f%d, f%d", f[1], f[1], f[3]) // 128
	p.Op("S_ADD_FP f%d, f%d, f%d", f[1], f[1], f[0]) // 129
	p.Op("S_ST_FP f%d, gp0, %d", f[1], c129)
	p.SetInt(t1, uint32(a.Addr))
	p.SetInt(g, uint32(zero))
	p.Op("V_MUL_VF gp%d, gp%d, f0, 0", g, t1)
	p.SetInt(t1, uint32(tmp1))
	p.SetInt(t2, uint32(tmp2))
	p.SetInt(row, uint32(a.Addr))
	p.Loop(outer, a.M, func() {
		p.Comment("mu1 = f16 mean")
		p.Op("S_ADD_FP f%d, f0, f0", f[1])
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_RED_SUM f%d, gp%d", f[1], ptr)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", ptr, ptr, stride)
		})
		p.Op("S_LD_FP f%d, gp0, %d", f[3], k.InvN)
		p.Op("S_MUL_FP f%d, f%d, f%d", f[0], f[1], f[3])
		p.Comment("d1 = x - mu1: f1 = sum d1, f2 = sum d1^2 (Kahan, compensation in f3)")
		p.Op("S_ADD_FP f%d, f0, f0", f[1])
		p.Op("S_ADD_FP f%d, f0, f0", f[2])
		p.Op("S_ADD_FP f%d, f0, f0", f[3])
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		if ragged {
			p.SetInt(b, uint32(keepRow))
		}
		blockLoop(p, inner, a, ragged, func(last bool) {
			p.Op("V_SUB_VF gp%d, gp%d, f%d, 0, 0", t1, ptr, f[0])
			if last {
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t1, t1, b)
			}
			p.Op("V_RED_SUM f%d, gp%d", f[1], t1)
			p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t1, t1, t1)
			p.Op("S_ADD_FP f%d, f0, f0", f[4])
			p.Op("V_RED_SUM f%d, gp%d", f[4], t1)
			p.Op("S_SUB_FP f%d, f%d, f%d", f[4], f[4], f[3])
			p.Op("S_ADD_FP f%d, f%d, f%d", f[5], f[2], f[4])
			p.Op("S_SUB_FP f%d, f%d, f%d", f[3], f[5], f[2])
			p.Op("S_SUB_FP f%d, f%d, f%d", f[3], f[3], f[4])
			p.Op("S_ADD_FP f%d, f%d, f0", f[2], f[5])
			p.Op("S_ADDI_INT gp%d, gp%d, %d", ptr, ptr, stride)
		})
		p.Comment("mu2 = mean(d1) (f4); u = sum d1^2 - mu2 sum d1; rstd = sqrt(N)/sqrt(u + eps*N) (f2)")
		p.Op("S_LD_FP f%d, gp0, %d", f[4], k.InvN)
		p.Op("S_MUL_FP f%d, f%d, f%d", f[4], f[1], f[4])
		p.Op("S_MUL_FP f%d, f%d, f%d", f[1], f[1], f[4])
		p.Op("S_SUB_FP f%d, f%d, f%d", f[2], f[2], f[1])
		p.Op("S_LD_FP f%d, gp0, %d", f[5], cEpsN)
		p.Op("S_ADD_FP f%d, f%d, f%d", f[2], f[2], f[5])
		p.Op("S_SQRT_FP f%d, f%d", f[2], f[2])
		p.Op("S_RECI_FP f%d, f%d", f[2], f[2])
		p.Op("S_LD_FP f%d, gp0, %d", f[5], cSqrtN)
		p.Op("S_MUL_FP f%d, f%d, f%d", f[2], f[2], f[5])
		p.Comment("B = 2|mu1| + 4 std (f1); mc = bf16(bf16(B) + mu1) - bf16(B) (f3)")
		p.Op("S_SUB_FP f%d, f0, f%d", f[1], f[0])
		p.Op("S_MAX_FP f%d, f%d, f%d", f[1], f[1], f[0])
		p.Op("S_ADD_FP f%d, f%d, f%d", f[1], f[1], f[1])
		p.Op("S_RECI_FP f%d, f%d", f[5], f[2])
		p.Op("S_LD_FP f%d, gp0, %d", f[3], cFour)
		p.Op("S_MUL_FP f%d, f%d, f%d", f[5], f[5], f[3])
		p.Op("S_ADD_FP f%d, f%d, f%d", f[1], f[1], f[5])
		p.SetInt(g, uint32(zero))
		p.Op("V_ADD_VF gp%d, gp%d, f%d, 0", t1, g, f[1])
		p.Op("V_ADD_VF gp%d, gp%d, f%d, 0", t2, t1, f[0])
		p.Op("V_SUB_VV gp%d, gp%d, gp%d, 0", t2, t2, t1)
		p.Op("S_SUB_FP f%d, f0, f%d", f[3], f[1])
		p.Op("V_RED_MAX f%d, gp%d, 0", f[3], t2)
		p.Comment("mu2' = (mu1 - mc) + mu2 (f4); rstd = rhi (f5, 4 bits) + rlo (f2)")
		p.Op("S_SUB_FP f%d, f%d, f%d", f[0], f[0], f[3])
		p.Op("S_ADD_FP f%d, f%d, f%d", f[4], f[0], f[4])
		p.Op("S_LD_FP f%d, gp0, %d", f[5], c129)
		p.Op("S_MUL_FP f%d, f%d, f%d", f[5], f[5], f[2])
		p.Op("S_SUB_FP f%d, f%d, f%d", f[0], f[5], f[2])
		p.Op("S_SUB_FP f%d, f%d, f%d", f[5], f[5], f[0])
		p.Op("S_SUB_FP f%d, f%d, f%d", f[2], f[2], f[5])
		p.Comment("y = (d*gamma*rhi + beta) + ((d - mu2')*gamma*rlo - mu2'*gamma*rhi), d = x - mc")
		p.Op("S_ADDI_INT gp%d, gp%d, 0", ptr, row)
		p.SetInt(g, uint32(gamma))
		p.SetInt(b, uint32(beta))
		blockLoop(p, inner, a, false, func(bool) {
			p.Op("V_SUB_VF gp%d, gp%d, f%d, 0, 0", ptr, ptr, f[3])
			p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", t1, g, f[2])
			p.Op("V_SUB_VF gp%d, gp%d, f%d, 0, 0", t2, ptr, f[4])
			p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t2, t2, t1)
			p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", t1, g, f[5])
			p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", ptr, ptr, t1)
			p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", ptr, ptr, b)
			p.Op("V_MUL_VF gp%d, gp%d, f%d, 0", t1, t1, f[4])
			p.Op("V_SUB_VV gp%d, gp%d, gp%d, 0", t2, t2, t1)
			p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", ptr, ptr, t2)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", g, g, rowVLEN)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", b, b, rowVLEN)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", ptr, ptr, stride)
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", row, row, rowVLEN)
	})
	return nil
}
