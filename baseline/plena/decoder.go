package plena

import (
	"fmt"

	"kernelcraft/ref"
)

// The decoder blocks (decoder_llama, decoder_t5), composed of PLENA's
// templates in three passes over token tiles of T rows (64, 32 or 16,
// the largest whose buffers fit in Vector SRAM next to the output):
//
//  1. the KV cache: a = rmsnorm(x) (rms_norm template), per head
//     K_h = a Wk_h (the head projection, at column 0 of its own 64-column
//     block), RoPE on it (LLaMA: rotate_half(K_h) = K_h @ rot on the
//     matrix unit, the rope template's V_MUL_VV/V_ADD_VV), V_h = a Wv_h,
//     both stored to the HBM KV cache in two MX parts (storeTwoPart);
//  2. attention: a = rmsnorm(x) again, per head Q_h (RoPE for LLaMA) and
//     the flash-attention core (causal; T5 adds its position bias to the
//     scores and does not scale them) into O's head columns, then
//     y = x + O Wo (the projection template, a residual V_ADD_VV): y
//     holds h1;
//  3. the feed-forward: b = rmsnorm(h1), per chunk of at most 4 column
//     blocks of d_ff: silu(b Wg) * (b Wu) (LLaMA, SwiGLURows) or
//     relu(b Wi) (T5, the ReLU row op), times the chunk's rows of the down
//     projection, accumulated into y (the projection template's
//     Accumulate).
//
// Every pass computes on the S token rows only (rounded up to BLEN), also
// when S is less than a 64-row tile: PLENA's templates take the token
// count and loop over it, not over MLEN rows —
// AICrossSim/PLENA_Compiler@a76561258f5dafc680afe0e399f23f6843008ed4:
// asm_templates/projection_asm.py:76 (`for act_col in range(batch //
// blen)`), asm_templates/normalization_asm.py:35 (`for batch in
// range(batch_size)`), asm_templates/rope_asm.py:71 (a loop of
// num_chunks * seq_len rows) and asm_templates/flashattn/overall.py:68
// (`br = min(mlen, q_len)` rows of online softmax, PV and O). Only the
// flash-attention template's per-head QK^T runs all MLEN/BLEN query row
// groups (asm_templates/flashattn/qkt.py:176); attnCore.tile runs the
// real ones. The KV cache's rows past S, which the attention's
// H_PREFETCH_M reads with their 64-row key block, are stored zeros
// (zeroCacheRows), not computed.

func init() {
	register("decoder_llama", genDecoder)
	register("decoder_t5", genDecoder)
}

// FP SRAM preload of the decoder tasks (ref/plena.go plenaConsts): 0.0,
// 1.0, eps, 1/d_model, the score scale, -inf; then the entries used here.
const (
	fpDecEps, fpDecInvN, fpDecScale, fpDecNegInf = 2, 3, 4, 5
	fpDecCore                                    = 8   // the attention core's state (5*MLEN entries)
	fpDecBig                                     = 400 // 2^15, the ReLU slope (T5)
	fpDecRowScratch                              = 448 // the row ops' 64 entries
)

// decPlan holds the buffers of the three passes.
type decPlan struct {
	T                  int
	g1, g2             VTensor // gamma rows
	rowScratch         VTensor // ScratchRows rows for the row ops
	pscratch           VTensor // projections' K-split partial sums, one block of T rows
	xr, c0, cf, sf     VTensor // LLaMA RoPE: rotate_half rows, a half table, full cos and sin rows
	a, kh, tmp         VTensor // pass 1
	a2, qh, o          VTensor // pass 2
	b, g, u            VTensor // pass 3
	ffnChunk, ffnBlock int
}

// planDecoder lays out the buffers for the largest token tile that fits.
func planDecoder(c *ref.Case, h HW, pr ref.Params, a *attnCore, llama bool) (decPlan, error) {
	var err error
	for _, t := range []int{64, 32, 16} {
		var pl decPlan
		if pl, err = tryDecoderPlan(c, h, pr, a, llama, t); err == nil {
			return pl, nil
		}
	}
	return decPlan{}, err
}

// tryDecoderPlan lays the buffers out for token tiles of t rows: the
// shared ones, then each pass's from the same point (the passes run one
// after another).
func tryDecoderPlan(c *ref.Case, h HW, pr ref.Params, a *attnCore, llama bool, t int) (decPlan, error) {
	pl := decPlan{T: t}
	va, err := NewVAlloc(c, h)
	if err != nil {
		return pl, err
	}
	m := func(dst *VTensor, name string, rows, cols int) {
		if err == nil {
			*dst, err = va.Matrix(name, rows, cols)
		}
	}
	m(&pl.g1, "g1", 1, pr.DModel)
	m(&pl.g2, "g2", 1, pr.DModel)
	m(&pl.rowScratch, "row-op scratch", ScratchRows, vlen)
	m(&pl.pscratch, "partial sums", t, vlen)
	if llama {
		m(&pl.xr, "rotate_half rows", t, pr.D)
		m(&pl.c0, "half table", t, pr.D)
		m(&pl.cf, "cos rows", t, pr.D)
		m(&pl.sf, "sin rows", t, pr.D)
	}
	if err != nil {
		return pl, err
	}
	if err := a.alloc(va, t, fpDecCore); err != nil {
		return pl, err
	}
	shared := *va
	m(&pl.a, "pass 1 a", t, pr.DModel)
	m(&pl.kh, "K/V head rows", t, vlen)
	m(&pl.tmp, "residual rows", t, vlen)
	*va = shared
	m(&pl.a2, "pass 2 a", t, pr.DModel)
	m(&pl.qh, "Q head rows", t, vlen)
	m(&pl.o, "O tile", t, pr.H*pr.D)
	*va = shared
	pl.ffnBlock = min(4, (pr.F+vlen-1)/vlen)
	pl.ffnChunk = pl.ffnBlock * vlen
	m(&pl.b, "pass 3 b", t, pr.DModel)
	m(&pl.g, "gate rows", t, pl.ffnChunk)
	if llama {
		m(&pl.u, "up rows", t, pl.ffnChunk)
	}
	return pl, err
}

// copyRows copies n consecutive Vector SRAM rows (V_ADD_VF with 0.0);
// uses gp4, gp5.
func copyRows(p *Prog, h HW, dst, src uint32, n, loop int) error {
	return rowLoop(p, h, n, loop, []uint32{dst, src}, func() {
		p.Op("V_ADD_VF gp4, gp5, f0, 0")
	})
}

// zeroRows writes n consecutive Vector SRAM rows from the zero row;
// uses gp4, gp5.
func zeroRows(p *Prog, dst, zero uint32, n, loop int) {
	p.SetInt(4, dst)
	p.SetInt(5, zero)
	p.Loop(loop, n, func() {
		p.Op("V_ADD_VF gp4, gp5, f0, 0")
		p.Op("S_ADDI_INT gp4, gp4, %d", vlen)
	})
}

func genDecoder(p *Prog, c *ref.Case, pr ref.Params) error {
	h, err := HWOf(c)
	if err != nil {
		return err
	}
	if err := checkGeometry(h); err != nil {
		return err
	}
	llama := c.Task == "decoder_llama"
	names := []string{"x", "g1", "g2", "wq", "wk", "wv", "wo"}
	if llama {
		names = append(names, "wg", "wu", "wd", "cos", "sin", "rot")
	} else {
		names = append(names, "wi", "wff", "pos_bias")
	}
	in, err := hbmIn(c, names...)
	if err != nil {
		return err
	}
	t := map[string]HBMTensor{}
	for i, n := range names {
		t[n] = in[i]
	}
	y, err := VOut(c, "y")
	if err != nil {
		return err
	}
	S, D, H, dm := pr.S, pr.D, pr.H, pr.DModel
	if H*D != dm || D > vlen || D%hlen != 0 {
		return fmt.Errorf("heads %d x head_dim %d vs d_model %d: need heads*head_dim = d_model, HLEN | head_dim <= 64", H, D, dm)
	}
	if dm%hlen != 0 {
		return fmt.Errorf("d_model %d: its padding columns are zeroed by HLEN-wide V_MASK segments", dm)
	}
	spad := (S + mlen - 1) / mlen * mlen
	cache, err := kvCache(c, spad, H*vlen, "K cache", "K residual", "V cache", "V residual")
	if err != nil {
		return err
	}
	a := &attnCore{s: S, skv: S, d: D, causal: pr.Causal, scaled: pr.Scale != 1,
		k: cache[0], k2: &cache[1], v: cache[2], v2: &cache[3], masked: D < vlen,
		fpScale: fpDecScale, fpNegInf: fpDecNegInf}
	if !llama {
		pb := t["pos_bias"]
		a.bias = &pb
	}
	pl, err := planDecoder(c, h, pr, a, llama)
	if err != nil {
		return err
	}
	if S%blen != 0 && S > pl.T {
		return fmt.Errorf("a ragged last tile (S %d) would have its projections overwrite the first tile's rows", S)
	}
	T := pl.T
	k := FPConsts{One: 1, NegInf: fpDecNegInf, Big: -1, Eps: fpDecEps, InvN: fpDecInvN, GeluK: -1, GeluC: -1, Scratch: fpDecRowScratch}
	p.Comment("%s: S %d, heads %d, head_dim %d, d_model %d, d_ff %d, causal; token tiles of %d rows", c.Task, S, H, D, dm, pr.F, T)
	a.setup(p)
	zero := uint32(a.zeroRow)
	if llama {
		// Columns D..63 of these rows stay zero: the products write only 0..D-1.
		for _, v := range []VTensor{pl.xr, pl.cf, pl.sf} {
			zeroRows(p, v.Addr, zero, min(T, (S+blen-1)/blen*blen), RegLoop0)
		}
	}
	if err := PreloadVec(p, h, 0, t["g1"], pl.g1); err != nil {
		return err
	}
	if err := PreloadVec(p, h, 0, t["g2"], pl.g2); err != nil {
		return err
	}
	if !llama {
		p.Comment("the ReLU slope 2^15 into FP SRAM %d (the f16 maximum is not preloaded)", fpDecBig)
		p.Op("S_LD_FP f1, gp0, 1")
		p.Op("S_ADD_FP f1, f1, f1")
		p.Op("S_MUL_FP f3, f1, f1")
		p.Op("S_MUL_FP f4, f1, f3")
		p.Op("S_MUL_FP f5, f3, f3")
		p.Op("S_MUL_FP f6, f5, f5")
		p.Op("S_MUL_FP f6, f6, f5")
		p.Op("S_MUL_FP f6, f6, f4")
		p.Op("S_ST_FP f6, gp0, %d", fpDecBig)
		k.Big = fpDecBig
	}
	normed := func(dst VTensor, r0 int, g VTensor) error {
		if err := PreloadAct(p, h, 0, t["x"], r0, dst); err != nil {
			return err
		}
		return RMSNorm(p, DefaultRowRegs, k, ActOf(dst), int(g.Addr), int(pl.rowScratch.Addr))
	}
	// The cos and sin rows (n4 rows, D columns at column 0) of positions r0..
	tables := func(r0, n4 int) error {
		for i, name := range []string{"cos", "sin"} {
			half := pl.c0.RowsView(0, n4)
			half.Cols = D / 2
			if err := PreloadAct(p, h, 0, t[name], r0, half); err != nil {
				return err
			}
			full := []VTensor{pl.cf, pl.sf}[i].RowsView(0, n4)
			if err := Projection(p, h, Proj{Act: pl.c0.RowsView(0, n4), W: t["rot"], AReg: 1, Out: full, Loop: RegLoop0}); err != nil {
				return err
			}
			if err := AddRows(p, h, full.Addr, pl.c0.Addr, n4, RegLoop0); err != nil {
				return err
			}
		}
		return nil
	}
	// RoPE of one head's rows (x.Rows rows, D columns at column 0).
	rope := func(x VTensor) error {
		xh := x
		xh.Cols = D
		if err := Projection(p, h, Proj{Act: xh, W: t["rot"], AReg: 1, Out: pl.xr.RowsView(0, x.Rows), Loop: RegLoop0}); err != nil {
			return err
		}
		p.Comment("RoPE: x = x*[c, c] + rotate_half(x)*[s, s]")
		p.SetInt(6, pl.cf.Addr)
		p.SetInt(7, pl.sf.Addr)
		p.SetInt(8, pl.rowScratch.Addr)
		return rowLoop(p, h, x.Rows, RegLoop0, []uint32{x.Addr, pl.xr.Addr}, func() {
			p.Op("V_MUL_VV gp8, gp5, gp7, 0")
			p.Op("V_MUL_VV gp4, gp4, gp6, 0")
			p.Op("V_ADD_VV gp4, gp4, gp8, 0")
			p.Op("S_ADDI_INT gp6, gp6, %d", vlen)
			p.Op("S_ADDI_INT gp7, gp7, %d", vlen)
		})
	}

	// Pass 1: the KV cache. Its rows past S (to the key block's end, which
	// the attention's H_PREFETCH_M reads whole) hold zeros, stored without
	// computing anything: the products, norms and RoPE run on the S real
	// rows only (rounded up to BLEN), as PLENA's rms_norm, rope and
	// projection templates take the token count (README.md, plena).
	if err := zeroCacheRows(p, h, 5, cache, (S+blen-1)/blen*blen, pl.kh, zero); err != nil {
		return err
	}
	for r0 := 0; r0 < S; r0 += T {
		n4 := (min(T, S-r0) + blen - 1) / blen * blen
		p.Comment("pass 1, rows %d..%d: K and V to the KV cache", r0, r0+n4-1)
		a1, kh := pl.a.RowsView(0, n4), pl.kh.RowsView(0, n4)
		if err := normed(a1, r0, pl.g1); err != nil {
			return err
		}
		if llama {
			if err := tables(r0, n4); err != nil {
				return err
			}
		}
		for hd := 0; hd < H; hd++ {
			for i, w := range []HBMTensor{t["wk"], t["wv"]} {
				zeroRows(p, kh.Addr, zero, n4, RegLoop0)
				if err := projCols(p, h, a1, w, hd*D, D, kh, 0, pl.pscratch, 4, RegLoop0); err != nil {
					return err
				}
				if llama && i == 0 {
					if err := rope(kh); err != nil {
						return err
					}
				}
				if err := storeTwoPart(p, h, 5, cache[2*i], cache[2*i+1], r0, hd*vlen, kh, pl.tmp, RegLoop0); err != nil {
					return err
				}
			}
		}
	}
	// Pass 2: attention and the first residual, into y.
	for r0 := 0; r0 < S; r0 += T {
		n := min(T, S-r0)
		n4 := (n + blen - 1) / blen * blen
		p.Comment("pass 2, rows %d..%d: attention, h1 = x + O Wo", r0, r0+n-1)
		a2, qh := pl.a2.RowsView(0, n4), pl.qh.RowsView(0, n4)
		if err := normed(a2, r0, pl.g1); err != nil {
			return err
		}
		if llama {
			if err := tables(r0, n4); err != nil {
				return err
			}
		}
		for hd := 0; hd < H; hd++ {
			zeroRows(p, qh.Addr, zero, n4, RegLoop0)
			if err := projCols(p, h, a2, t["wq"], hd*D, D, qh, 0, pl.pscratch, 4, RegLoop0); err != nil {
				return err
			}
			if llama {
				if err := rope(qh); err != nil {
					return err
				}
			}
			a.kCol, a.vCol, a.oCol = hd*vlen, hd*vlen, hd*D
			a.biasRow0 = hd * S
			if err := a.tile(p, r0, n, int(pl.qh.Addr), 0, int(pl.o.At(0, hd*D/vlen)), T*vlen); err != nil {
				return err
			}
		}
		if err := Projection(p, h, Proj{Act: pl.o.RowsView(0, n), W: t["wo"], AReg: 4, Out: y.RowsView(r0, n), Scratch: pl.pscratch, Loop: RegLoop0}); err != nil {
			return err
		}
		xt := pl.a2.RowsView(0, n4)
		if err := PreloadAct(p, h, 0, t["x"], r0, xt); err != nil {
			return err
		}
		for b := 0; b < y.Blocks(); b++ {
			if err := AddRows(p, h, y.At(r0, b), xt.At(0, b), n, RegLoop0); err != nil {
				return err
			}
		}
	}
	// Pass 3: the feed-forward and the second residual.
	for r0 := 0; r0 < S; r0 += T {
		n := min(T, S-r0)
		p.Comment("pass 3, rows %d..%d: y = h1 + FFN(rmsnorm(h1))", r0, r0+n-1)
		for b := 0; b < y.Blocks(); b++ {
			if tail := dm - b*vlen; tail < vlen {
				// The rmsnorm's sums take whole rows: h1's padding columns
				// (whatever the projections' last row groups left there)
				// become the zero row's, by V_MASK (dst = mask ? 0 + h1 : 0).
				p.Comment("h1's last column block with its padding columns zeroed")
				p.SetInt(1, uint32(1)<<(tail/hlen)-1)
				p.Op("C_SET_V_MASK_REG gp1")
				p.SetInt(6, zero)
				if err := rowLoop(p, h, n, RegLoop0, []uint32{pl.b.At(0, b), y.At(r0, b)}, func() {
					p.Op("V_ADD_VV gp4, gp6, gp5, 1")
				}); err != nil {
					return err
				}
				continue
			}
			if err := copyRows(p, h, pl.b.At(0, b), y.At(r0, b), n, RegLoop0); err != nil {
				return err
			}
		}
		bt := pl.b.RowsView(0, n)
		if err := RMSNorm(p, DefaultRowRegs, k, ActOf(bt), int(pl.g2.Addr), int(pl.rowScratch.Addr)); err != nil {
			return err
		}
		up, down := "wi", "wff"
		if llama {
			up, down = "wg", "wd"
		}
		for c0 := 0; c0 < pr.F; c0 += pl.ffnChunk {
			cn := min(pl.ffnChunk, pr.F-c0)
			g := pl.g.RowsView(0, n)
			g.Cols = cn
			u := pl.u.RowsView(0, n)
			u.Cols = cn
			if cn%vlen != 0 {
				// The last block's columns past d_ff stay zero: silu(0)*0 = relu(0) = 0.
				n4 := (n + blen - 1) / blen * blen
				zeroRows(p, g.At(0, g.Blocks()-1), zero, n4, RegLoop0)
				if llama {
					zeroRows(p, u.At(0, u.Blocks()-1), zero, n4, RegLoop0)
				}
			}
			if err := Projection(p, h, Proj{Act: bt, W: t[up], WCol0: c0, AReg: 4, Out: g, Scratch: pl.pscratch, Loop: RegLoop0}); err != nil {
				return err
			}
			if llama {
				if err := Projection(p, h, Proj{Act: bt, W: t["wu"], WCol0: c0, AReg: 4, Out: u, Scratch: pl.pscratch, Loop: RegLoop0}); err != nil {
					return err
				}
				p.Op("S_LD_FP f1, gp0, 1")
				for b := 0; b < g.Blocks(); b++ {
					if err := SwiGLURows(p, h, g.At(0, b), u.At(0, b), pl.rowScratch.Addr, n, RegLoop0); err != nil {
						return err
					}
				}
			} else if err := ReLU(p, DefaultRowRegs, k, ActOf(g), ActOf(g), int(pl.rowScratch.Addr)); err != nil {
				return err
			}
			if err := Projection(p, h, Proj{Act: g, W: t[down], WRow0: c0, AReg: 4, Out: y.RowsView(r0, n), Accumulate: true, Scratch: pl.pscratch, Loop: RegLoop0}); err != nil {
				return err
			}
		}
	}
	return nil
}
