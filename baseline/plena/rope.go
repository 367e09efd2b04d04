package plena

import (
	"fmt"

	"kernelcraft/ref"
)

// RoPE, rotate-half pairing: y = x*[c, c] + rotate_half(x)*[s, s] with
// rotate_half(x) = [-x2, x1] and c, s = cos, sin [S, D/2]. PLENA's rope
// template (CMP-HEAD rope_asm) is that one V_MUL_VV/V_MUL_VV/V_ADD_VV per
// row on rows its harness preloads: rotate_half(x) and full-width cos and
// sin. PLENA's ISA cannot move elements along a row, so:
//
//   - when D/2 is a multiple of VLEN the halves are whole column blocks:
//     x2 and x1 are read where they are, cos and sin rows serve both
//     halves, and per pair of blocks six vector operations write both
//     output halves;
//   - otherwise the case's const rot ([D, D], 0 and +-1) is rotate_half
//     as a matrix: rotate_half(x) = x @ rot and [c, c] = [c, 0] + [c, 0]
//     @ rot (the same for s) on the matrix unit with the projection
//     template, exactly (every output is one input element), then the
//     template's three operations per row.

func init() { register("rope", genRoPE) }

func genRoPE(p *Prog, c *ref.Case, par ref.Params) error {
	h, err := HWOf(c)
	if err != nil {
		return err
	}
	in, err := hbmIn(c, "x", "cos", "sin")
	if err != nil {
		return err
	}
	y, err := VOut(c, "y")
	if err != nil {
		return err
	}
	alloc, err := NewVAlloc(c, h)
	if err != nil {
		return err
	}
	S, D, H := par.S, par.D, par.H
	if D%2 != 0 || y.Rows != H*S || y.Cols != D {
		return fmt.Errorf("rope: x %dx%d for %d heads of %d positions of %d", y.Rows, y.Cols, H, S, D)
	}
	if err := PreloadAct(p, h, 0, in[0], 0, y); err != nil {
		return err
	}
	if (D/2)%h.VLEN == 0 {
		return ropeBlocks(p, h, alloc, in[1], in[2], y, H, S, D)
	}
	rot, err := HBMOf(c, "rot")
	if err != nil {
		return err
	}
	return ropeRot(p, h, alloc, rot, in[1], in[2], y, H, S, D)
}

// ropeTables preloads cos and sin ([S, D/2]) into Vector SRAM as [S, cols]
// matrices whose columns from D/2 on are zero.
func ropeTables(p *Prog, h HW, alloc *VAlloc, cos, sin HBMTensor, S, D, cols int, zeroSrc uint32) (VTensor, VTensor, error) {
	var out [2]VTensor
	for i, t := range []HBMTensor{cos, sin} {
		v, err := alloc.Matrix(t.Name, S, cols)
		if err != nil {
			return VTensor{}, VTensor{}, err
		}
		half := v
		half.Cols = D / 2
		if err := PreloadAct(p, h, 0, t, 0, half); err != nil {
			return VTensor{}, VTensor{}, err
		}
		if zb := v.Blocks() - half.Blocks(); zb > 0 {
			p.Comment("%s: zero column blocks %d..%d", t.Name, half.Blocks(), v.Blocks()-1)
			p.SetInt(RegScratch0, zeroSrc)
			p.SetInt(RegScratch1, v.At(0, half.Blocks()))
			p.Loop(RegPrimLoop, zb*S, func() {
				p.Op("V_MUL_VF gp%d, gp%d, f0, 0", RegScratch1, RegScratch0)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch1, RegScratch1, h.VLEN)
			})
		}
		out[i] = v
	}
	return out[0], out[1], nil
}

// ropeBlocks: D/2 a multiple of VLEN. For half-block j (< D/2/VLEN) of
// every row: lo = block j, hi = block j + D/2/VLEN, c and s = block j of
// cos and sin at the row's position: hi' = hi*c + lo*s, lo' = lo*c - hi*s.
func ropeBlocks(p *Prog, h HW, alloc *VAlloc, cos, sin HBMTensor, y VTensor, H, S, D int) error {
	cv, sv, err := ropeTables(p, h, alloc, cos, sin, S, D, D/2, y.Addr)
	if err != nil {
		return err
	}
	tmp, err := alloc.Matrix("rope scratch", 2, h.VLEN)
	if err != nil {
		return err
	}
	halfBlocks := D / 2 / h.VLEN
	rows := H * S
	hiOff := halfBlocks * rows * h.VLEN
	if S*h.VLEN >= 1<<18 {
		return fmt.Errorf("rope: %d rows of %d too large for S_ADDI_INT steps", rows, D)
	}
	// gp4 lo, gp5 hi, gp6 c, gp7 s, gp8 t1, gp9 t2; gp1/gp2 the table
	// block bases, gp3 hi - lo; loops gp10 (half-blocks), gp11 (heads),
	// gp12 (positions).
	const lo, hi, cr, sr, t1, t2, cb, sb, off = 4, 5, 6, 7, 8, 9, 1, 2, 3
	p.Comment("RoPE by whole column blocks: %d half-blocks x %d heads x %d positions", halfBlocks, H, S)
	p.SetInt(lo, y.Addr)
	p.SetInt(t1, tmp.Addr)
	p.SetInt(t2, tmp.Addr+uint32(h.VLEN))
	p.SetInt(cb, cv.Addr)
	p.SetInt(sb, sv.Addr)
	p.SetInt(off, uint32(hiOff))
	p.Loop(RegLoop0, halfBlocks, func() {
		p.Loop(RegLoop0+1, H, func() {
			p.Op("S_ADDI_INT gp%d, gp%d, 0", cr, cb)
			p.Op("S_ADDI_INT gp%d, gp%d, 0", sr, sb)
			p.Loop(RegLoop0+2, S, func() {
				p.Op("S_ADD_INT gp%d, gp%d, gp%d", hi, lo, off)
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t1, hi, sr)
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t2, hi, cr)
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", hi, lo, sr)
				p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", hi, hi, t2)
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t2, lo, cr)
				p.Op("V_SUB_VV gp%d, gp%d, gp%d, 0", lo, t2, t1)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", lo, lo, h.VLEN)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", cr, cr, h.VLEN)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", sr, sr, h.VLEN)
			})
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", cb, cb, S*h.VLEN)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", sb, sb, S*h.VLEN)
	})
	return nil
}

// ropeRot: rotate_half(x) and the full-width tables on the matrix unit
// with rot, then y = x*cf + xr*sf per row.
func ropeRot(p *Prog, h HW, alloc *VAlloc, rot, cos, sin HBMTensor, y VTensor, H, S, D int) error {
	cpad, spad, err := ropeTables(p, h, alloc, cos, sin, S, D, D, y.Addr)
	if err != nil {
		return err
	}
	xr, err := alloc.Matrix("rotate_half(x)", H*S, D)
	if err != nil {
		return err
	}
	var full [2]VTensor
	for i, t := range []VTensor{cpad, spad} {
		f, err := alloc.Matrix("full table", S, D)
		if err != nil {
			return err
		}
		if err := Projection(p, h, Proj{Act: t, W: rot, AReg: 1, Out: f, Loop: RegLoop0}); err != nil {
			return err
		}
		if err := AddRows(p, h, f.Addr, t.Addr, f.Blocks()*S, RegLoop0); err != nil {
			return err
		}
		full[i] = f
	}
	if err := Projection(p, h, Proj{Act: y, W: rot, AReg: 1, Out: xr, Loop: RegLoop0}); err != nil {
		return err
	}
	tmp, err := alloc.Matrix("rope scratch", 1, h.VLEN)
	if err != nil {
		return err
	}
	if S*h.VLEN >= 1<<18 {
		return fmt.Errorf("rope: %d positions too many for S_ADDI_INT steps", S)
	}
	// gp4 y, gp5 xr, gp6 cf, gp7 sf, gp8 t; gp1/gp2 the table block
	// bases; loops gp10 (blocks), gp11 (heads), gp12 (positions).
	const yr, xrr, cr, sr, t, cb, sb = 4, 5, 6, 7, 8, 1, 2
	p.Comment("RoPE: y = x*[c, c] + rotate_half(x)*[s, s], %d blocks x %d heads x %d positions", y.Blocks(), H, S)
	p.SetInt(yr, y.Addr)
	p.SetInt(xrr, xr.Addr)
	p.SetInt(t, tmp.Addr)
	p.SetInt(cb, full[0].Addr)
	p.SetInt(sb, full[1].Addr)
	p.Loop(RegLoop0, y.Blocks(), func() {
		p.Loop(RegLoop0+1, H, func() {
			p.Op("S_ADDI_INT gp%d, gp%d, 0", cr, cb)
			p.Op("S_ADDI_INT gp%d, gp%d, 0", sr, sb)
			p.Loop(RegLoop0+2, S, func() {
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", t, xrr, sr)
				p.Op("V_MUL_VV gp%d, gp%d, gp%d, 0", yr, yr, cr)
				p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", yr, yr, t)
				for _, r := range []int{yr, xrr, cr, sr} {
					p.Op("S_ADDI_INT gp%d, gp%d, %d", r, r, h.VLEN)
				}
			})
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", cb, cb, S*h.VLEN)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", sb, sb, S*h.VLEN)
	})
	return nil
}
