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
	W     HBMTensor
	WRow0 int
	Trans bool // W is stored [N, K] (nn.Linear's out x in): M_TMM on its tiles
	AReg  int  // the HBM address register used for W
	Out   VTensor
	// Scratch is one column block of Act.Rows rows (plus spare) for the
	// K-split's partial sums, needed when K/MLEN exceeds the Matrix SRAM
	// tiles.
	Scratch VTensor
	Loop    int // first free template loop counter (RegLoop0 at top level)
}

// kTiles is the number of MLEN-deep slices of K.
func (pr Proj) kTiles(h HW) int { return (pr.Act.Cols + h.MLEN - 1) / h.MLEN }

// NeedsScratch reports whether the projection needs Proj.Scratch.
func (pr Proj) NeedsScratch(h HW) bool { return pr.kTiles(h) > h.MTiles }

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
	if pr.W.Pitch < (wCols+h.MLEN-1)/h.MLEN*h.MLEN && pr.W.Pitch < wCols || pr.WRow0+wRows > pr.W.Rows {
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
			err = PrefetchTiles(p, h, pr.AReg, pr.W, 0, cnt, pr.WRow0+nb*h.MLEN, k0*h.MLEN, 0, h.MLEN)
		} else {
			err = PrefetchTiles(p, h, pr.AReg, pr.W, 0, cnt, pr.WRow0+k0*h.MLEN, nb*h.MLEN, h.MLEN, 0)
		}
		if err != nil {
			return err
		}
		target := pr.Out.At(0, nb)
		if k0 > 0 {
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
		if k0 > 0 {
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
}

// genGEMM: C = A @ B. A's rows prefetched as [K/64, M, 64]; the
// projection template with B's [K, N] tiles (M_MM).
func genGEMM(p *Prog, c *ref.Case, pr ref.Params) error {
	h, err := HWOf(c)
	if err != nil {
		return err
	}
	in, err := hbmIn(c, "a", "b")
	if err != nil {
		return err
	}
	out, err := VOut(c, "c")
	if err != nil {
		return err
	}
	va, err := NewVAlloc(c, h)
	if err != nil {
		return err
	}
	act, err := va.Matrix("A", pr.M, pr.K)
	if err != nil {
		return err
	}
	pj := Proj{Act: act, W: in[1], AReg: 1, Out: out, Loop: RegLoop0}
	if pj.NeedsScratch(h) {
		if pj.Scratch, err = va.Matrix("partial sums", pr.M, h.VLEN); err != nil {
			return err
		}
	}
	if err := PreloadAct(p, h, 0, in[0], 0, act); err != nil {
		return err
	}
	return Projection(p, h, pj)
}
