package plena

// The projection template (PLENA_Compiler asm_templates/projection_asm.py,
// its linear_loop variant: C_LOOP instead of full unrolling, and its later
// K-split: at most MATRIX_SRAM_TILES weight tiles at a time, partial sums
// added with V_ADD_VV) and the matrix tasks built from it: gemv, gemm,
// bmm, linear, ffn, swiglu.

import (
	"fmt"

	"kernelcraft/ref"
)

// Proj is one projection Out = Act @ W (or Act @ W^T with Trans), Act and
// Out in Vector SRAM in the activation layout, W in HBM.
type Proj struct {
	Act VTensor // Act.Rows rows of K = Act.Cols
	// W holds the weights: K rows of N (Trans: N rows of K) from row WRow0
	// (a batch's first row for bmm).
	// WCol0 is the first column (a multiple of MLEN) of W's matrix: a
	// slice of a wider weight.
	W            HBMTensor
	WRow0, WCol0 int
	Trans        bool // W is stored [N, K] (nn.Linear's out x in): M_TMM on its tiles
	// Accumulate adds the product to Out (through Scratch) instead of
	// writing it.
	Accumulate bool
	AReg       int // the HBM address register used for W
	Out        VTensor
	// Scratch is one column block of Act.Rows rows (plus spare) for the
	// K-split's partial sums, needed when K/MLEN exceeds the Matrix SRAM
	// tiles.
	Scratch VTensor
	Loop    int // first free template loop counter (RegLoop0 at top level)
}

// kTiles is the number of MLEN-deep slices of K.
func (pr Proj) kTiles(h HW) int { return (pr.Act.Cols + h.MLEN - 1) / h.MLEN }

// NeedsScratch reports whether the projection needs Proj.Scratch.
func (pr Proj) NeedsScratch(h HW) bool { return pr.Accumulate || pr.kTiles(h) > h.MTiles }

// Projection emits the whole projection, column block by column block
// (PLENA's order: a block's weight tiles are prefetched once and every
// BLEN x BLEN output block of it computed).
func Projection(p *Prog, h HW, pr Proj) error {
	for nb := 0; nb < pr.Out.Blocks(); nb++ {
		if err := ProjBlock(p, h, pr, nb); err != nil {
			return err
		}
	}
	return nil
}

// ProjBlock emits output column block nb of a projection: per K chunk of
// at most MTiles tiles, H_PREFETCH_M of the chunk's tiles, then per BLEN
// columns (C_LOOP) and per BLEN rows (C_LOOP) the chunk's M_MM (M_TMM)
// and one M_MM_WO; chunks after the first write to Scratch and are added
// to the block with V_ADD_VV. It sets pr.AReg, SCALE_REG and STRIDE_REG;
// uses gp1..gp9, gp15 and the loop counters pr.Loop, pr.Loop+1. When
// Act.Rows is not a multiple of BLEN, the last M_MM_WO of a column group
// writes up to BLEN-1 rows past Out.Rows in Out's block: the caller
// orders the blocks so that those rows are written again afterwards (or
// are spare).
func ProjBlock(p *Prog, h HW, pr Proj, nb int) error {
	K, N, rows := pr.Act.Cols, pr.Out.Cols, pr.Act.Rows
	if pr.Out.Rows != rows || nb < 0 || nb >= pr.Out.Blocks() {
		return fmt.Errorf("projection: %d activation rows into %d output rows, block %d of %d", rows, pr.Out.Rows, nb, pr.Out.Blocks())
	}
	if pr.Loop < RegLoop0 || pr.Loop+1 > RegLoop0+4 {
		return fmt.Errorf("projection: loop counters gp%d, gp%d outside gp10..gp14", pr.Loop, pr.Loop+1)
	}
	wRows, wCols := K, N
	if pr.Trans {
		wRows, wCols = N, K
	}
	if pr.WCol0%h.MLEN != 0 || pr.WCol0+wCols > pr.W.Pitch || pr.WRow0+wRows > pr.W.Rows {
		return fmt.Errorf("projection: %s (%d x %d, pitch %d) has no %d x %d matrix at row %d", pr.W.Name, pr.W.Rows, pr.W.Cols, pr.W.Pitch, wRows, wCols, pr.WRow0)
	}
	if pr.Act.Stride*h.VLEN >= 1<<18 {
		return fmt.Errorf("projection: activation block stride %d rows too large for S_ADDI_INT", pr.Act.Stride)
	}
	kt := pr.kTiles(h)
	colGroups := (min(h.MLEN, N-nb*h.MLEN) + h.BLEN - 1) / h.BLEN
	rowGroups := (rows + h.BLEN - 1) / h.BLEN
	groupStep := h.BLEN * h.VLEN // Vector SRAM elements of BLEN rows
	tileElems := h.MLEN * h.MLEN
	SetHBM(p, pr.AReg, pr.W)
	p.Comment("projection %s: output column block %d (%d x %d) of %d x %d @ %s, K = %d in chunks of <= %d tiles", pr.W.Name, nb, rows, colGroups*h.BLEN, rows, N, pr.W.Name, K, h.MTiles)
	for k0 := 0; k0 < kt; k0 += h.MTiles {
		cnt := min(h.MTiles, kt-k0)
		if body := rowGroups*(5+2*cnt) + 4; body > h.MaxLoop {
			return fmt.Errorf("projection: %d row groups make a loop iteration of %d instructions (limit %d)", rowGroups, body, h.MaxLoop)
		}
		var err error
		if pr.Trans {
			err = PrefetchTiles(p, h, pr.AReg, pr.W, 0, cnt, pr.WRow0+nb*h.MLEN, pr.WCol0+k0*h.MLEN, 0, h.MLEN)
		} else {
			err = PrefetchTiles(p, h, pr.AReg, pr.W, 0, cnt, pr.WRow0+k0*h.MLEN, pr.WCol0+nb*h.MLEN, h.MLEN, 0)
		}
		if err != nil {
			return err
		}
		target := pr.Out.At(0, nb)
		acc := k0 > 0 || pr.Accumulate
		if acc {
			if pr.Scratch.Stride < rows || pr.Scratch.Cols < h.VLEN {
				return fmt.Errorf("projection: K = %d needs a scratch block of %d rows", K, rows)
			}
			target = pr.Scratch.At(0, 0)
		}
		colStep := h.BLEN // next BLEN columns of a tile
		if pr.Trans {
			colStep = h.BLEN * h.MLEN // next BLEN rows of a tile
		}
		p.SetInt(4, target)
		p.Op("S_ADDI_INT gp5, gp0, 0")
		p.Loop(pr.Loop, colGroups, func() {
			p.SetInt(6, pr.Act.At(0, k0))
			p.Op("S_ADDI_INT gp7, gp4, 0")
			p.Loop(pr.Loop+1, rowGroups, func() {
				p.Op("S_ADDI_INT gp1, gp5, 0")
				p.Op("S_ADDI_INT gp2, gp6, 0")
				for t := 0; t < cnt; t++ {
					if pr.Trans {
						p.Op("M_TMM 0, gp2, gp1")
					} else {
						p.Op("M_MM 0, gp1, gp2")
					}
					if t < cnt-1 {
						p.Op("S_ADDI_INT gp1, gp1, %d", tileElems)
						p.Op("S_ADDI_INT gp2, gp2, %d", pr.Act.Stride*h.VLEN)
					}
				}
				p.Op("M_MM_WO gp7, gp0, 0")
				p.Op("S_ADDI_INT gp6, gp6, %d", groupStep)
				p.Op("S_ADDI_INT gp7, gp7, %d", groupStep)
			})
			p.Op("S_ADDI_INT gp4, gp4, %d", h.BLEN)
			p.Op("S_ADDI_INT gp5, gp5, %d", colStep)
		})
		if acc {
			p.Comment("K-split: add the partial sums of tiles %d..%d", k0, k0+cnt-1)
			if err := AddRows(p, h, pr.Out.At(0, nb), pr.Scratch.At(0, 0), rows, pr.Loop); err != nil {
				return err
			}
		}
	}
	return nil
}

// AddRows adds n consecutive Vector SRAM rows from src into the n rows
// from dst (V_ADD_VV dst, dst, src per row, in a C_LOOP counted by gp
// loop); uses gp4, gp5.
func AddRows(p *Prog, h HW, dst, src uint32, n, loop int) error {
	return rowLoop(p, h, n, loop, []uint32{dst, src}, func() {
		p.Op("V_ADD_VV gp4, gp4, gp5, 0")
	})
}

// AddRowTo adds one Vector SRAM row (a bias block) to n consecutive rows
// from dst; uses gp4, gp5.
func AddRowTo(p *Prog, h HW, dst, row uint32, n, loop int) error {
	p.SetInt(5, row)
	return rowLoop(p, h, n, loop, []uint32{dst}, func() {
		p.Op("V_ADD_VV gp4, gp4, gp5, 0")
	})
}

// rowLoop runs body over n consecutive rows: gp4, gp5, ... start at the
// given addresses and advance by one row per iteration.
func rowLoop(p *Prog, h HW, n, loop int, addrs []uint32, body func()) error {
	if len(addrs) > 6 || loop < RegLoop0 || loop > RegLoop0+4 {
		return fmt.Errorf("row loop: %d address registers, counter gp%d", len(addrs), loop)
	}
	for i, a := range addrs {
		p.SetInt(4+i, a)
	}
	p.Loop(loop, n, func() {
		body()
		for i := range addrs {
			p.Op("S_ADDI_INT gp%d, gp%d, %d", 4+i, 4+i, h.VLEN)
		}
	})
	return nil
}

// Sigmoid rows: the SiLU template's gate. SigmoidMul writes, for n
// consecutive rows from src, dst = x * sigmoid(scale * x) where scale is
// already in f2 (1.0 for SiLU) and f1 holds 1.0: V_MUL_VF (scale),
// V_SUB_VF (0 - t, rorder 1), V_EXP_V, V_ADD_VF (+1), V_RECI_V, V_MUL_VV.
// tmp is a scratch row. Uses gp4..gp6.
func SigmoidMul(p *Prog, h HW, dst, src, tmp uint32, n, loop int) error {
	p.SetInt(6, tmp)
	return rowLoop(p, h, n, loop, []uint32{dst, src}, func() {
		p.Op("V_MUL_VF gp6, gp5, f2, 0")
		p.Op("V_SUB_VF gp6, gp6, f0, 0, 1")
		p.Op("V_EXP_V gp6, gp6, 0")
		p.Op("V_ADD_VF gp6, gp6, f1, 0")
		p.Op("V_RECI_V gp6, gp6, 0")
		p.Op("V_MUL_VV gp4, gp5, gp6, 0")
	})
}

// hbmIn and vOut are HBMOf and VOut for generators that need several.
func hbmIn(c *ref.Case, names ...string) ([]HBMTensor, error) {
	out := make([]HBMTensor, len(names))
	for i, n := range names {
		t, err := HBMOf(c, n)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

func init() {
	register("gemm", genGEMM)
	register("gemv", genGEMV)
	register("bmm", genBMM)
	register("linear", genLinear)
	register("ffn", genFFN)
	register("swiglu", genSwiGLU)
}

// setup is what every matrix generator starts with: the hardware, its
// inputs in HBM, its output and a Vector SRAM allocator.
func setup(c *ref.Case, out string, in ...string) (HW, []HBMTensor, VTensor, *VAlloc, error) {
	h, err := HWOf(c)
	if err != nil {
		return h, nil, VTensor{}, nil, err
	}
	ts, err := hbmIn(c, in...)
	if err != nil {
		return h, nil, VTensor{}, nil, err
	}
	o, err := VOut(c, out)
	if err != nil {
		return h, nil, VTensor{}, nil, err
	}
	va, err := NewVAlloc(c, h)
	return h, ts, o, va, err
}

// withScratch allocates pr.Scratch (rows rows) when the projection needs
// the K-split.
func withScratch(pr *Proj, h HW, va *VAlloc, rows int) error {
	if !pr.NeedsScratch(h) {
		return nil
	}
	var err error
	pr.Scratch, err = va.Matrix("K-split partial sums", rows, h.VLEN)
	return err
}

// genGEMM: C = A @ B. A's rows prefetched as [K/64, M, 64]; the
// projection template with B's [K, N] tiles (M_MM).
func genGEMM(p *Prog, c *ref.Case, pr ref.Params) error {
	h, in, out, va, err := setup(c, "c", "a", "b")
	if err != nil {
		return err
	}
	act, err := va.Matrix("A", pr.M, pr.K)
	if err != nil {
		return err
	}
	pj := Proj{Act: act, W: in[1], AReg: 1, Out: out, Loop: RegLoop0}
	if err := withScratch(&pj, h, va, pr.M); err != nil {
		return err
	}
	if err := PreloadAct(p, h, 0, in[0], 0, act); err != nil {
		return err
	}
	return Projection(p, h, pj)
}

// genGEMV: y = A @ x. x prefetched as K/64 Vector SRAM rows; A's [M, K]
// tiles multiply it transposed (M_TMM, x the one activation row: the
// other BLEN-1 rows of each product are written to the rows after the
// block, which later blocks overwrite, or to the spare rows).
func genGEMV(p *Prog, c *ref.Case, pr ref.Params) error {
	h, in, out, va, err := setup(c, "y", "a", "x")
	if err != nil {
		return err
	}
	xv, err := va.Matrix("x", 1, pr.K)
	if err != nil {
		return err
	}
	xv.Stride = 1 // [K/64, 1, 64]: one row per block
	pj := Proj{Act: xv, W: in[0], Trans: true, AReg: 1, Out: out, Loop: RegLoop0}
	if err := withScratch(&pj, h, va, 1); err != nil {
		return err
	}
	if err := PreloadVec(p, h, 0, in[1], xv); err != nil {
		return err
	}
	return Projection(p, h, pj)
}

// genBMM: C[b] = A[b] @ B[b]. Every batch's A rows prefetched at once as
// [K/64, B*M, 64]; per output column block, per batch, the projection
// template with that batch's tiles of B (so the BLEN-row write-outs
// past a batch's last row land in rows written later).
func genBMM(p *Prog, c *ref.Case, pr ref.Params) error {
	h, in, out, va, err := setup(c, "c", "a", "b")
	if err != nil {
		return err
	}
	act, err := va.Matrix("A", pr.B*pr.M, pr.K)
	if err != nil {
		return err
	}
	pj := Proj{W: in[1], AReg: 1, Loop: RegLoop0}
	pj.Act = act.RowsView(0, pr.M)
	if err := withScratch(&pj, h, va, pr.M); err != nil {
		return err
	}
	if err := PreloadAct(p, h, 0, in[0], 0, act); err != nil {
		return err
	}
	for nb := 0; nb < out.Blocks(); nb++ {
		for b := 0; b < pr.B; b++ {
			pj.Act = act.RowsView(b*pr.M, pr.M)
			pj.Out = out.RowsView(b*pr.M, pr.M)
			pj.WRow0 = b * pr.K
			if err := ProjBlock(p, h, pj, nb); err != nil {
				return err
			}
		}
	}
	return nil
}

// genLinear: y = x @ w^T + bias, w stored [N, K] (M_TMM on its tiles),
// then the bias row added to every row of each column block (V_ADD_VV).
func genLinear(p *Prog, c *ref.Case, pr ref.Params) error {
	h, in, out, va, err := setup(c, "y", "x", "w", "bias")
	if err != nil {
		return err
	}
	act, err := va.Matrix("x", pr.M, pr.K)
	if err != nil {
		return err
	}
	bias, err := va.Matrix("bias", 1, pr.N)
	if err != nil {
		return err
	}
	bias.Stride = 1
	pj := Proj{Act: act, W: in[1], Trans: true, AReg: 1, Out: out, Loop: RegLoop0}
	if err := withScratch(&pj, h, va, pr.M); err != nil {
		return err
	}
	if err := PreloadAct(p, h, 0, in[0], 0, act); err != nil {
		return err
	}
	if err := PreloadVec(p, h, 2, in[2], bias); err != nil {
		return err
	}
	if err := Projection(p, h, pj); err != nil {
		return err
	}
	return addBias(p, h, out, bias)
}

// addBias adds the bias rows (one per column block) to every row of out.
func addBias(p *Prog, h HW, out, bias VTensor) error {
	p.Comment("bias: one V_ADD_VV per row and column block")
	for nb := 0; nb < out.Blocks(); nb++ {
		if err := AddRowTo(p, h, out.At(0, nb), bias.At(nb, 0), out.Rows, RegLoop0); err != nil {
			return err
		}
	}
	return nil
}

// rowChunks splits n rows into chunks of at most size rows (a multiple
// of BLEN), last chunk first: a chunk whose row count is not a multiple
// of BLEN writes BLEN-1 rows past it, which the chunks after it then
// overwrite.
func rowChunks(n, size int) [][2]int {
	var out [][2]int
	for r := 0; r < n; r += size {
		out = append(out, [2]int{r, min(size, n-r)})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// chunkRows is how many rows (a multiple of BLEN, at most rows rounded
// up to BLEN) fit when each row needs perRow Vector SRAM rows and fixed
// regions take the spare rows of regions more.
func chunkRows(h HW, va *VAlloc, rows, perRow, regions int) (int, error) {
	free := va.Free() - regions*va.Spare()
	n := free / perRow / h.BLEN * h.BLEN
	n = min(n, (rows+h.BLEN-1)/h.BLEN*h.BLEN)
	if n <= 0 {
		return 0, fmt.Errorf("vector SRAM: %d rows free, a row of work needs %d", free, perRow)
	}
	return n, nil
}

// genFFN: y = gelu(x @ W1 + b1) @ W2 + b2, in chunks of rows that fit in
// Vector SRAM beside the output, and per chunk in slabs of MTiles*MLEN
// hidden units (PLENA's FFN template, fused by slab): the slab's up
// projection, b1 and GELU (tanh form, x * sigmoid(2u)) row by row, then
// the slab's part of the down projection added into y's rows; b2 last.
func genFFN(p *Prog, c *ref.Case, pr ref.Params) error {
	if pr.Activation != "gelu" {
		return fmt.Errorf("ffn activation %q: this baseline has GELU only", pr.Activation)
	}
	h, in, out, va, err := setup(c, "y", "x", "w1", "b1", "w2", "b2")
	if err != nil {
		return err
	}
	dm, dff := pr.DModel, pr.F
	b1, err := va.Matrix("b1", 1, dff)
	if err != nil {
		return err
	}
	b2, err := va.Matrix("b2", 1, dm)
	if err != nil {
		return err
	}
	b1.Stride, b2.Stride = 1, 1
	tmp, err := va.Matrix("GELU temporary", 1, h.VLEN)
	if err != nil {
		return err
	}
	slab := h.MTiles * h.MLEN
	kb1, kb2 := (dm+h.VLEN-1)/h.VLEN, (min(dff, slab)+h.VLEN-1)/h.VLEN
	mc, err := chunkRows(h, va, pr.M, kb1+kb2+1, 3)
	if err != nil {
		return err
	}
	xv, err := va.Matrix("x rows", mc, dm)
	if err != nil {
		return err
	}
	hv, err := va.Matrix("hidden rows", mc, min(dff, slab))
	if err != nil {
		return err
	}
	scratch, err := va.Matrix("partial sums", mc, h.VLEN)
	if err != nil {
		return err
	}
	if err := PreloadVec(p, h, 2, in[2], b1); err != nil {
		return err
	}
	if err := PreloadVec(p, h, 2, in[4], b2); err != nil {
		return err
	}
	p.Op("S_LD_FP f1, gp0, 1")
	p.Op("S_LD_FP f2, gp0, 2")
	p.Op("S_LD_FP f3, gp0, 3")
	for _, ch := range rowChunks(pr.M, mc) {
		r0, n := ch[0], ch[1]
		p.Comment("rows %d..%d of %d", r0, r0+n-1, pr.M)
		x := xv.RowsView(0, n)
		if err := PreloadAct(p, h, 0, in[0], r0, x); err != nil {
			return err
		}
		for s0 := 0; s0 < dff; s0 += slab {
			hid := hv.RowsView(0, n)
			hid.Cols = min(slab, dff-s0)
			p.Comment("hidden units %d..%d", s0, s0+hid.Cols-1)
			up := Proj{Act: x, W: in[1], WCol0: s0, AReg: 1, Out: hid, Scratch: scratch, Loop: RegLoop0}
			if err := Projection(p, h, up); err != nil {
				return err
			}
			for nb := 0; nb < hid.Blocks(); nb++ {
				if err := AddRowTo(p, h, hid.At(0, nb), b1.At(s0/h.VLEN+nb, 0), n, RegLoop0); err != nil {
					return err
				}
				if err := GELURows(p, h, hid.At(0, nb), tmp.Addr, n, RegLoop0); err != nil {
					return err
				}
			}
			down := Proj{Act: hid, W: in[3], WRow0: s0, AReg: 1, Out: out.RowsView(r0, n), Scratch: scratch, Accumulate: s0 > 0, Loop: RegLoop0}
			if err := Projection(p, h, down); err != nil {
				return err
			}
		}
		if err := addBias(p, h, out.RowsView(r0, n), b2); err != nil {
			return err
		}
	}
	return nil
}

// GELURows applies the tanh-form GELU in place to n consecutive rows
// from addr: x * sigmoid(f2 * (x + f3 * x^3)) with f1 = 1.0, f2 =
// 2*sqrt(2/pi), f3 = 0.044715 already loaded; tmp is a scratch row. Uses
// gp4..gp6.
func GELURows(p *Prog, h HW, addr, tmp uint32, n, loop int) error {
	p.SetInt(6, tmp)
	return rowLoop(p, h, n, loop, []uint32{addr}, func() {
		p.Op("V_MUL_VV gp6, gp4, gp4, 0")
		p.Op("V_MUL_VF gp6, gp6, f3, 0")
		p.Op("V_MUL_VV gp6, gp6, gp4, 0")
		p.Op("V_ADD_VV gp6, gp6, gp4, 0")
		p.Op("V_MUL_VF gp6, gp6, f2, 0")
		p.Op("V_SUB_VF gp6, gp6, f0, 0, 1")
		p.Op("V_EXP_V gp6, gp6, 0")
		p.Op("V_ADD_VF gp6, gp6, f1, 0")
		p.Op("V_RECI_V gp6, gp6, 0")
		p.Op("V_MUL_VV gp4, gp4, gp6, 0")
	})
}

// SwiGLURows writes, for n consecutive rows, g = silu(g) * u in place:
// the SiLU template's gate (V_SUB_VF 0 - g, V_EXP_V, V_ADD_VF +1 with f1
// = 1.0, V_RECI_V, V_MUL_VV) times u (V_MUL_VV); tmp is a scratch row.
// Uses gp4..gp6.
func SwiGLURows(p *Prog, h HW, g, u, tmp uint32, n, loop int) error {
	p.SetInt(6, tmp)
	return rowLoop(p, h, n, loop, []uint32{g, u}, func() {
		p.Op("V_SUB_VF gp6, gp4, f0, 0, 1")
		p.Op("V_EXP_V gp6, gp6, 0")
		p.Op("V_ADD_VF gp6, gp6, f1, 0")
		p.Op("V_RECI_V gp6, gp6, 0")
		p.Op("V_MUL_VV gp6, gp6, gp4, 0")
		p.Op("V_MUL_VV gp4, gp6, gp5, 0")
	})
}

// genSwiGLU: y = silu(x @ Wg) * (x @ Wu), in chunks of rows: the gate
// projection into y's rows, the up projection into a temporary, then
// row by row the SiLU template's gate times up.
func genSwiGLU(p *Prog, c *ref.Case, pr ref.Params) error {
	h, in, out, va, err := setup(c, "y", "x", "wg", "wu")
	if err != nil {
		return err
	}
	dm, dff := pr.DModel, pr.F
	tmp, err := va.Matrix("SiLU temporary", 1, h.VLEN)
	if err != nil {
		return err
	}
	gate := Proj{W: in[1], AReg: 1, Loop: RegLoop0}
	upP := Proj{W: in[2], AReg: 1, Loop: RegLoop0}
	gate.Act.Cols = dm
	kb1, kb2 := (dm+h.VLEN-1)/h.VLEN, (dff+h.VLEN-1)/h.VLEN
	per := kb1 + kb2
	if gate.NeedsScratch(h) {
		per++
	}
	mc, err := chunkRows(h, va, pr.M, per, 3)
	if err != nil {
		return err
	}
	xv, err := va.Matrix("x rows", mc, dm)
	if err != nil {
		return err
	}
	uv, err := va.Matrix("up rows", mc, dff)
	if err != nil {
		return err
	}
	if gate.NeedsScratch(h) {
		if gate.Scratch, err = va.Matrix("K-split partial sums", mc, h.VLEN); err != nil {
			return err
		}
		upP.Scratch = gate.Scratch
	}
	p.Op("S_LD_FP f1, gp0, 1")
	for _, ch := range rowChunks(pr.M, mc) {
		r0, n := ch[0], ch[1]
		p.Comment("rows %d..%d of %d", r0, r0+n-1, pr.M)
		x := xv.RowsView(0, n)
		g := out.RowsView(r0, n)
		u := uv.RowsView(0, n)
		if err := PreloadAct(p, h, 0, in[0], r0, x); err != nil {
			return err
		}
		gate.Act, gate.Out = x, g
		upP.Act, upP.Out = x, u
		if err := Projection(p, h, gate); err != nil {
			return err
		}
		if err := Projection(p, h, upP); err != nil {
			return err
		}
		for nb := 0; nb < g.Blocks(); nb++ {
			if err := SwiGLURows(p, h, g.At(0, nb), u.At(0, nb), tmp.Addr, n, RegLoop0); err != nil {
				return err
			}
		}
	}
	return nil
}
