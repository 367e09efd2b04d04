package plena

import (
	"fmt"

	"kernelcraft/ref"
)

// Attention in the manner of PLENA's flash_attn_asm (PLENA_Compiler
// asm_templates/flash_attn_asm.py with flashattn/{reset,qkt,online_softmax,
// pv,output}.py): per query tile of at most MLEN rows, a loop over
// key/value blocks of MLEN keys read from HBM as Matrix SRAM tiles; QK^T
// of the block with M_TMM (K's tile read transposed) and M_MM_WO into an
// MLEN-wide score tile; the online softmax row by row with the running
// max and sum in FP SRAM (V_RED_MAX, S_MAX_FP, S_EXP_FP of the max
// difference, V_SUB_VF, V_EXP_V, V_RED_SUM); PV with M_MM/M_MM_WO into a
// PV tile; the output rescaled (O = alpha*O + PV, V_MUL_VF and V_ADD_VV,
// masked to the head's segments with V_MASK when heads share a row) and
// finally divided by the sum.
//
// PLENA's template computes QK^T for the BROADCAST query heads of one KV
// head at once with M_BTMM (its head_dim is HLEN = 16); head_dim here is
// 16 to 128, so the score tile comes from M_TMM, which contracts a whole
// 64-column row: a head narrower than 64 columns has the other columns of
// its Q rows zero.

// The geometry of PLENA's behaviour configuration (isa-defs/hw/plena.json
// and plena-highmem); HWOf checks a case's hardware against it.
const (
	mlen = 64 // systolic array rows, Matrix SRAM tile side
	vlen = 64 // Vector SRAM row
	blen = 4  // systolic array columns: M_MM/M_TMM produce BLEN x BLEN
	hlen = 16 // V_MASK segment width
	tile = mlen * mlen
)

// checkGeometry fails unless the case's hardware has the geometry the
// attention generators are written for.
func checkGeometry(h HW) error {
	if h.MLEN != mlen || h.VLEN != vlen || h.BLEN != blen || h.HLEN != hlen || h.MTiles < 4 {
		return fmt.Errorf("attention baselines need MLEN = VLEN = %d, BLEN %d, HLEN %d and 4 Matrix SRAM tiles (have %+v)", mlen, blen, hlen, h)
	}
	return nil
}

// attnCore is one head's attention o = softmax(q k^T * scale + mask) v
// over one query tile at a time, with K and V read from HBM block by
// block.
type attnCore struct {
	s, skv, d int
	causal    bool
	scaled    bool // multiply by FP SRAM[fpScale] (false when the scale is 1)

	k, v       HBMTensor
	k2, v2     *HBMTensor // residual parts (K = k + k2, V = v + v2), same layout, or nil
	kCol, vCol int        // first column of the head in K's and V's rows
	bias       *HBMTensor // T5: score row of query q gets HBM row biasRow0+q, columns = keys
	biasRow0   int
	oCol       int  // first column of the head in O's rows (V_MASK segments when masked)
	masked     bool // O's rows hold other heads' columns too
	fpScale    int  // FP SRAM index of the score scale
	fpNegInf   int  // FP SRAM index of -inf

	// Buffers (Vector SRAM element addresses) and FP SRAM state.
	bufS, bufPV, bufB int // score tile, PV tile, bias tile (MLEN rows each)
	maskTile          int // causal mask: row i is 0 for keys j <= i, -inf after
	tailRow           int // 0 for the keys of the last block, -inf after
	zeroRow           int // BLEN zero rows
	fpState           int // m at +i, l at +MLEN+i, alpha at +2*MLEN+i; a mask window after
}

// Registers of the attention core: it owns gp1..gp12 while it runs (gp0
// stays 0) and f1..f6.
const (
	rKV   = 1  // key/value block loop counter
	rL2   = 2  // loop counters of the sections
	rL3   = 3  //
	rOff  = 4  // element offset of the current key block's first row in K/V
	rT0   = 5  // temporaries gp5..gp10
	rBOff = 12 // column offset of the current key block in the bias rows
)

func (a *attnCore) dblocks() int { return (a.d + mlen - 1) / mlen }

// alloc places the core's Vector SRAM buffers (rows rows each; the
// causal mask tile MLEN rows) with va, and its FP SRAM state (5*MLEN
// entries) at fp.
func (a *attnCore) alloc(va *VAlloc, rows, fp int) error {
	get := func(name string, n int) (int, error) {
		t, err := va.Matrix(name, n, vlen)
		return int(t.Addr), err
	}
	var err error
	if a.bufS, err = get("scores", rows); err != nil {
		return err
	}
	if a.bufPV, err = get("PV", rows); err != nil {
		return err
	}
	if a.bias != nil {
		if a.bufB, err = get("bias", rows); err != nil {
			return err
		}
	}
	if a.causal {
		if a.maskTile, err = get("causal mask", mlen); err != nil {
			return err
		}
	}
	if a.skv%mlen != 0 {
		if a.tailRow, err = get("key-tail mask", 1); err != nil {
			return err
		}
	}
	if a.zeroRow, err = get("zero rows", blen); err != nil {
		return err
	}
	a.fpState = fp
	return nil
}

// headMask is the V_MASK of the head's segments in O's column block db.
func (a *attnCore) headMask(db int) uint32 {
	lo := a.oCol % vlen / hlen
	n := min(a.d-db*vlen, vlen)
	var m uint32
	for s := lo; s < lo+(n+hlen-1)/hlen; s++ {
		m |= 1 << s
	}
	return m
}

func (a *attnCore) check() error {
	switch {
	case a.causal && a.s != a.skv:
		return fmt.Errorf("causal attention with S %d != S_kv %d is not supported", a.s, a.skv)
	case a.dblocks() > 2:
		return fmt.Errorf("head_dim %d: at most 2*MLEN (Matrix SRAM holds 4 tiles: K and V of 2 column blocks)", a.d)
	case (a.k2 != nil) != (a.v2 != nil) || a.k2 != nil && a.dblocks() > 1:
		return fmt.Errorf("head_dim %d: two-part K and V need 4 tiles for one column block", a.d)
	case a.d < vlen && (a.kCol%vlen+a.d > vlen || a.vCol%vlen+a.d > vlen || a.oCol%vlen+a.d > vlen):
		return fmt.Errorf("head of %d columns at K column %d, V column %d, O column %d: not inside one 64-column block", a.d, a.kCol, a.vCol, a.oCol)
	case a.d >= vlen && (a.kCol%vlen != 0 || a.vCol%vlen != 0 || a.oCol%vlen != 0):
		return fmt.Errorf("head_dim %d: the head's columns must start a 64-column block", a.d)
	case a.masked && a.oCol%hlen != 0:
		return fmt.Errorf("head at O column %d: not HLEN-aligned for V_MASK", a.oCol)
	}
	return nil
}

// setup writes the code every query tile shares: a zero row, the causal
// mask tile and the key-tail mask row (from a window of MLEN zeros and
// MLEN -inf in FP SRAM, mapped with S_MAP_V_FP).
func (a *attnCore) setup(p *Prog) {
	p.Comment("attention setup: %d zero rows at %d (the clear accumulator written out)", blen, a.zeroRow)
	p.SetInt(rT0, uint32(a.zeroRow))
	p.Loop(rL2, vlen/blen, func() {
		p.Op("M_MM_WO gp%d, gp0, 0", rT0)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, blen)
	})
	if !a.causal && a.skv%mlen == 0 {
		return
	}
	win := a.fpState + 3*mlen
	p.Comment("mask window in FP SRAM %d..%d: %d zeros, then %d -inf", win, win+2*mlen-1, mlen, mlen)
	p.Op("S_LD_FP f2, gp0, %d", a.fpNegInf)
	p.SetInt(rT0, uint32(win))
	p.Loop(rL2, mlen, func() {
		p.Op("S_ST_FP f0, gp%d, 0", rT0)
		p.Op("S_ST_FP f2, gp%d, %d", rT0, mlen)
		p.Op("S_ADDI_INT gp%d, gp%d, 1", rT0, rT0)
	})
	if a.causal {
		p.Comment("causal mask tile at %d: row i is 0 for keys j <= i, -inf after", a.maskTile)
		p.SetInt(rT0, uint32(a.maskTile))
		p.SetInt(rT0+1, uint32(win+mlen-1))
		p.Op("S_ADDI_INT gp%d, gp0, 1", rT0+2)
		p.Loop(rL2, mlen, func() {
			p.Op("S_MAP_V_FP gp%d, gp%d, 0", rT0, rT0+1)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
			p.Op("S_SUB_INT gp%d, gp%d, gp%d", rT0+1, rT0+1, rT0+2)
		})
	}
	if t := a.skv % mlen; t != 0 {
		p.Comment("key-tail mask row at %d: 0 for the %d keys of the last block, -inf after", a.tailRow, t)
		p.SetInt(rT0, uint32(a.tailRow))
		p.SetInt(rT0+1, uint32(win+mlen-t))
		p.Op("S_MAP_V_FP gp%d, gp%d, 0", rT0, rT0+1)
	}
}

// tile writes the attention of queries q0..q0+rows-1 (rows <= MLEN, in
// one key block's span when causal). Their Q rows are in Vector SRAM
// from qAt (column block b at qAt + b*qStride; the head's columns at
// K's in-block offset, the rest zero), scaled in place; O's rows from
// oAt (the head's column block; the next at oAt + oStride) are zeroed in
// the head's columns, accumulated and normalised.
func (a *attnCore) tile(p *Prog, q0, rows, qAt, qStride, oAt, oStride int) error {
	if rows < 1 || rows > mlen || a.causal && q0%mlen+rows > mlen {
		return fmt.Errorf("query tile %d..%d: at most %d rows inside one key block", q0, q0+rows-1, mlen)
	}
	r4 := (rows + blen - 1) / blen
	p.Comment("attention: query rows %d..%d", q0, q0+rows-1)
	p.Op("S_LD_FP f1, gp0, %d", a.fpScale)
	p.Op("S_LD_FP f2, gp0, %d", a.fpNegInf)
	aregs := map[int]HBMTensor{1: a.k, 2: a.v}
	if a.k2 != nil {
		aregs[5], aregs[6] = *a.k2, *a.v2
	}
	for _, r := range []int{1, 2, 5, 6} {
		if m, ok := aregs[r]; ok {
			p.SetInt(rT0, m.Addr)
			p.Op("C_SET_ADDR_REG a%d, gp0, gp%d", r, rT0)
		}
	}
	if a.bias != nil {
		p.SetInt(rT0, a.bias.Addr)
		p.Op("C_SET_ADDR_REG a3, gp0, gp%d", rT0)
	}
	if a.scaled {
		// The score scale goes into Q (PLENA's template scales each score
		// row; scaling the tile once saves a bf16 rounding of every score).
		for db := 0; db < a.dblocks(); db++ {
			p.SetInt(rT0, uint32(qAt+db*qStride))
			p.Loop(rL2, r4*blen, func() {
				p.Op("V_MUL_VF gp%d, gp%d, f1, 0", rT0, rT0)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
			})
		}
	}
	// Reset: m = -inf, l = 0, the head's columns of O = 0.
	p.SetInt(rT0, uint32(a.fpState))
	p.Loop(rL2, r4*blen, func() {
		p.Op("S_ST_FP f2, gp%d, 0", rT0)
		p.Op("S_ST_FP f0, gp%d, %d", rT0, mlen)
		p.Op("S_ADDI_INT gp%d, gp%d, 1", rT0, rT0)
	})
	for db := 0; db < a.dblocks(); db++ {
		p.SetInt(rT0, uint32(oAt+db*oStride))
		p.SetInt(rT0+1, uint32(a.zeroRow))
		if a.masked {
			p.SetInt(rT0+2, ^a.headMask(db)&0xf)
			p.Op("C_SET_V_MASK_REG gp%d", rT0+2)
		}
		p.Loop(rL2, r4*blen, func() {
			if a.masked {
				// Other heads' segments: 0 + O; the head's: the zero row (rs1).
				p.Op("V_ADD_VV gp%d, gp%d, gp%d, 1", rT0, rT0+1, rT0)
			} else {
				p.Op("V_ADD_VF gp%d, gp%d, f0, 0", rT0, rT0+1)
			}
			p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
		})
	}
	// Key blocks: those wholly visible in a loop, then the masked one.
	nkv := (a.skv + mlen - 1) / mlen
	full, last := nkv, 0
	switch {
	case a.causal:
		full, last = q0/mlen, 1
	case a.skv%mlen != 0:
		full, last = nkv-1, 2
	}
	p.Op("S_ADDI_INT gp%d, gp0, 0", rOff)
	if a.bias != nil {
		p.Op("S_ADDI_INT gp%d, gp0, 0", rBOff)
	}
	if full > 0 {
		p.Comment("key blocks 0..%d", full-1)
		p.Loop(rKV, full, func() { a.block(p, q0, r4, qAt, qStride, oAt, oStride, 0) })
	}
	if last != 0 {
		p.Comment("key block %d, masked", full)
		a.block(p, q0, r4, qAt, qStride, oAt, oStride, last)
	}
	// O /= l.
	for db := 0; db < a.dblocks(); db++ {
		mk := 0
		if a.masked {
			p.SetInt(rT0+2, a.headMask(db))
			p.Op("C_SET_V_MASK_REG gp%d", rT0+2)
			mk = 1
		}
		p.SetInt(rT0, uint32(oAt+db*oStride))
		p.SetInt(rT0+1, uint32(a.fpState))
		p.Loop(rL2, r4*blen, func() {
			p.Op("S_LD_FP f6, gp%d, %d", rT0+1, mlen)
			p.Op("S_RECI_FP f6, f6")
			p.Op("V_MUL_VF gp%d, gp%d, f6, %d", rT0, rT0, mk)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, 1", rT0+1, rT0+1)
		})
	}
	return nil
}

// block writes one key/value block: prefetch K and V, QK^T, the online
// softmax, PV and the rescale of O. mask: 0 none, 1 causal (the
// diagonal block), 2 the key tail.
func (a *attnCore) block(p *Prog, q0, r4, qAt, qStride, oAt, oStride, mask int) {
	db := a.dblocks()
	t0, t1, t2, t3, t4, t5 := rT0, rT0+1, rT0+2, rT0+3, rT0+4, rT0+5
	// Prefetch: K's column blocks into Matrix SRAM tiles 0 and 1, V's into
	// 2 and 3 (their rows start at the block's first key, rOff).
	type src struct {
		t       HBMTensor
		col     int
		tile, a int
	}
	srcs := []src{{a.k, a.kCol, 0, 1}, {a.v, a.vCol, 2, 2}}
	if a.k2 != nil {
		srcs = []src{{a.k, a.kCol, 0, 1}, {*a.k2, a.kCol, 1, 5}, {a.v, a.vCol, 2, 2}, {*a.v2, a.vCol, 3, 6}}
	}
	for _, m := range srcs {
		p.SetInt(t0, m.t.ScaleReg)
		p.Op("C_SET_SCALE_REG gp%d", t0)
		p.SetInt(t0, uint32(m.t.Pitch))
		p.Op("C_SET_STRIDE_REG gp%d", t0)
		n := db
		if a.k2 != nil {
			n = 1
		}
		for b := 0; b < n; b++ {
			p.SetInt(t0, uint32(m.col/vlen*vlen+b*vlen))
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", t0, t0, rOff)
			p.SetInt(t1, uint32((m.tile+b)*tile))
			p.Op("H_PREFETCH_M gp%d, gp%d, a%d, 1, 1", t1, t0, m.a)
		}
	}
	// QK^T: per BLEN query rows and BLEN keys, M_TMM over the head's
	// column blocks, M_MM_WO into the score tile.
	p.SetInt(t0, uint32(qAt))
	p.SetInt(t1, uint32(a.bufS))
	p.Loop(rL2, r4, func() {
		p.Op("S_ADDI_INT gp%d, gp0, 0", t2)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", t3, t1)
		if db > 1 || a.k2 != nil {
			p.SetInt(t4, uint32(tile))
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t5, t0, qStride)
		}
		p.Loop(rL3, mlen/blen, func() {
			p.Op("M_TMM 0, gp%d, gp%d", t0, t2)
			switch {
			case db > 1:
				p.Op("M_TMM 0, gp%d, gp%d", t5, t4)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", t4, t4, blen*mlen)
			case a.k2 != nil: // the residual part, same Q rows
				p.Op("M_TMM 0, gp%d, gp%d", t0, t4)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", t4, t4, blen*mlen)
			}
			p.Op("M_MM_WO gp%d, gp0, 0", t3)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t2, t2, blen*mlen)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t3, t3, blen)
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", t0, t0, blen*vlen)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", t1, t1, blen*vlen)
	})
	// Bias rows (T5): the block's columns of rows biasRow0+q0.. into the bias tile.
	if a.bias != nil {
		p.SetInt(t0, a.bias.ScaleReg)
		p.Op("C_SET_SCALE_REG gp%d", t0)
		p.SetInt(t0, uint32(a.bias.Pitch))
		p.Op("C_SET_STRIDE_REG gp%d", t0)
		p.SetInt(t0, uint32((a.biasRow0+q0)*a.bias.Pitch))
		p.Op("S_ADD_INT gp%d, gp%d, gp%d", t0, t0, rBOff)
		p.SetInt(t1, uint32(a.bufB))
		p.Loop(rL2, r4, func() {
			p.Op("H_PREFETCH_V gp%d, gp%d, a3, 1, 0", t1, t0)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t1, t1, blen*vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t0, t0, blen*a.bias.Pitch)
		})
	}
	// Online softmax, row by row: m, l and alpha in FP SRAM.
	p.SetInt(t0, uint32(a.bufS))
	p.SetInt(t1, uint32(a.fpState))
	switch mask {
	case 1:
		p.SetInt(t2, uint32(a.maskTile+q0%mlen*vlen))
	case 2:
		p.SetInt(t2, uint32(a.tailRow))
	}
	if a.bias != nil {
		p.SetInt(t3, uint32(a.bufB))
	}
	p.Loop(rL2, r4*blen, func() {
		if a.bias != nil {
			p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", t0, t0, t3)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t3, t3, vlen)
		}
		if mask != 0 {
			p.Op("V_ADD_VV gp%d, gp%d, gp%d, 0", t0, t0, t2)
			if mask == 1 {
				p.Op("S_ADDI_INT gp%d, gp%d, %d", t2, t2, vlen)
			}
		}
		p.Op("S_ADD_FP f3, f2, f0")
		p.Op("V_RED_MAX f3, gp%d, 0", t0)
		p.Op("S_LD_FP f4, gp%d, 0", t1)
		p.Op("S_MAX_FP f3, f3, f4")
		p.Op("S_SUB_FP f4, f4, f3")
		p.Op("S_EXP_FP f4, f4")
		p.Op("S_ST_FP f3, gp%d, 0", t1)
		p.Op("S_ST_FP f4, gp%d, %d", t1, 2*mlen)
		p.Op("V_SUB_VF gp%d, gp%d, f3, 0, 0", t0, t0)
		p.Op("V_EXP_V gp%d, gp%d, 0", t0, t0)
		p.Op("S_ADD_FP f5, f0, f0")
		p.Op("V_RED_SUM f5, gp%d", t0)
		p.Op("S_LD_FP f6, gp%d, %d", t1, mlen)
		p.Op("S_MUL_FP f6, f6, f4")
		p.Op("S_ADD_FP f6, f6, f5")
		p.Op("S_ST_FP f6, gp%d, %d", t1, mlen)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", t0, t0, vlen)
		p.Op("S_ADDI_INT gp%d, gp%d, 1", t1, t1)
	})
	// PV and the rescale, one column block of the head at a time.
	for b := 0; b < db; b++ {
		n4 := (min(a.d-b*vlen, vlen) + blen - 1) / blen
		p.SetInt(t0, uint32(a.bufS))
		p.SetInt(t1, uint32(a.bufPV+a.oCol%vlen))
		p.Loop(rL2, r4, func() {
			p.SetInt(t2, uint32((2+b)*tile+a.vCol%vlen))
			p.Op("S_ADDI_INT gp%d, gp%d, 0", t3, t1)
			if a.v2 != nil {
				p.SetInt(t4, uint32(3*tile+a.vCol%vlen))
			}
			p.Loop(rL3, n4, func() {
				p.Op("M_MM 0, gp%d, gp%d", t2, t0)
				if a.v2 != nil { // the residual part
					p.Op("M_MM 0, gp%d, gp%d", t4, t0)
					p.Op("S_ADDI_INT gp%d, gp%d, %d", t4, t4, blen)
				}
				p.Op("M_MM_WO gp%d, gp0, 0", t3)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", t2, t2, blen)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", t3, t3, blen)
			})
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t0, t0, blen*vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t1, t1, blen*vlen)
		})
		mk := 0
		if a.masked {
			p.SetInt(t3, a.headMask(b))
			p.Op("C_SET_V_MASK_REG gp%d", t3)
			mk = 1
		}
		p.SetInt(t0, uint32(oAt+b*oStride))
		p.SetInt(t1, uint32(a.bufPV))
		p.SetInt(t2, uint32(a.fpState))
		p.Loop(rL2, r4*blen, func() {
			p.Op("S_LD_FP f4, gp%d, %d", t2, 2*mlen)
			p.Op("V_MUL_VF gp%d, gp%d, f4, %d", t0, t0, mk)
			p.Op("V_ADD_VV gp%d, gp%d, gp%d, %d", t0, t0, t1, mk)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t0, t0, vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t1, t1, vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, 1", t2, t2)
		})
	}
	p.Op("S_ADDI_INT gp%d, gp%d, %d", rOff, rOff, mlen*a.k.Pitch)
	if a.bias != nil {
		p.Op("S_ADDI_INT gp%d, gp%d, %d", rBOff, rBOff, mlen)
	}
}

// FP SRAM preload indices of the attention tasks (ref/plena.go
// plenaConsts): 0.0, 1.0, the score scale, -inf.
const (
	fpAttnScale  = 2
	fpAttnNegInf = 3
	fpAttnFree   = 8
)

func init() {
	register("sdpa", genSDPA)
	register("flash_attention", genSDPA)
}

// genSDPA is sdpa and flash_attention: the flash-attention template with
// q, k, v from HBM and o in Vector SRAM ([D/64, S, 64] at its address).
// Per query tile of MLEN rows, Q is prefetched into Vector SRAM; the
// running O lives in o itself, so the rows of a last, partial query tile
// run past o into its spare rows (NewVAlloc leaves them).
func genSDPA(p *Prog, c *ref.Case, params ref.Params) error {
	h, err := HWOf(c)
	if err != nil {
		return err
	}
	if err := checkGeometry(h); err != nil {
		return err
	}
	in, err := hbmIn(c, "q", "k", "v")
	if err != nil {
		return err
	}
	o, err := VOut(c, "o")
	if err != nil {
		return err
	}
	a := &attnCore{
		s: params.S, skv: params.SKV, d: params.D, causal: params.Causal, scaled: params.Scale != 1,
		k: in[1], v: in[2],
		fpScale: fpAttnScale, fpNegInf: fpAttnNegInf,
	}
	if err := a.check(); err != nil {
		return err
	}
	db := a.dblocks()
	if db > 1 && params.S%mlen != 0 {
		return fmt.Errorf("head_dim %d with S %d: o's column blocks would overlap a partial query tile", params.D, params.S)
	}
	va, err := NewVAlloc(c, h)
	if err != nil {
		return err
	}
	// o's rows past S up to the last tile's end (D <= 64: one block).
	if pad := (params.S+mlen-1)/mlen*mlen - params.S; pad > 0 {
		if _, err := va.Matrix("o's last query tile", pad, vlen); err != nil {
			return err
		}
	}
	qt, err := va.Matrix("Q tile", mlen, db*vlen)
	if err != nil {
		return err
	}
	if err := a.alloc(va, mlen, fpAttnFree); err != nil {
		return err
	}
	p.Comment("o = softmax(q k^T * %g%s) v: S %d, S_kv %d, head_dim %d; flash attention over %d-key blocks", params.Scale, map[bool]string{true: " + causal mask"}[params.Causal], params.S, params.SKV, params.D, mlen)
	a.setup(p)
	for q0 := 0; q0 < params.S; q0 += mlen {
		rows := min(mlen, params.S-q0)
		if err := PreloadAct(p, h, 0, in[0], q0, VTensor{Addr: qt.Addr, Rows: (rows + blen - 1) / blen * blen, Cols: params.D, Stride: mlen, VLEN: vlen}); err != nil {
			return err
		}
		if err := a.tile(p, q0, rows, int(qt.Addr), tile, int(o.At(q0, 0)), params.S*vlen); err != nil {
			return err
		}
	}
	return nil
}

// projCols is the projection template narrowed to one head: columns
// [dstCol, dstCol+n) of dst's first column block (dst.Rows rows) get
// act @ w[:, wCol..wCol+n) (n a multiple of BLEN, both ranges inside one
// 64-column block), where the head's columns land at another in-block
// offset than w's (PLENA's M_MM_WO writes any BLEN columns of a row).
// The rest of dst's rows is kept. K is split in chunks of at most the
// Matrix SRAM tiles as ProjBlock does; later chunks go to scratch (one
// block of dst.Rows rows) and are added with a V_MASK-masked V_ADD_VV.
// Sets areg, SCALE_REG, STRIDE_REG and V_MASK; uses gp1..gp7, gp15 and
// the loop counters loop, loop+1.
func projCols(p *Prog, h HW, act VTensor, w HBMTensor, wCol, n int, dst VTensor, dstCol int, scratch VTensor, areg, loop int) error {
	if n%h.BLEN != 0 || wCol%h.MLEN+n > h.MLEN || dstCol%h.VLEN+n > h.VLEN || dst.Rows != act.Rows {
		return fmt.Errorf("head projection: %d columns from %s column %d to column %d (%d rows from %d)", n, w.Name, wCol, dstCol, dst.Rows, act.Rows)
	}
	if act.Cols > w.Rows {
		return fmt.Errorf("head projection: %d-deep activations, %s has %d rows", act.Cols, w.Name, w.Rows)
	}
	kt := (act.Cols + h.MLEN - 1) / h.MLEN
	rowGroups := (act.Rows + h.BLEN - 1) / h.BLEN
	SetHBM(p, areg, w)
	p.Comment("head projection: columns %d..%d of %s -> Vector SRAM %d, columns %d..%d (%d rows, K = %d)", wCol, wCol+n-1, w.Name, dst.Addr, dstCol, dstCol+n-1, act.Rows, act.Cols)
	for k0 := 0; k0 < kt; k0 += h.MTiles {
		cnt := min(h.MTiles, kt-k0)
		if err := PrefetchTiles(p, h, areg, w, 0, cnt, k0*h.MLEN, wCol/h.MLEN*h.MLEN, h.MLEN, 0); err != nil {
			return err
		}
		target := dst.At(0, 0)
		if k0 > 0 {
			if scratch.Stride < act.Rows {
				return fmt.Errorf("head projection: K = %d needs a scratch block of %d rows", act.Cols, act.Rows)
			}
			target = scratch.At(0, 0)
		}
		p.SetInt(4, target+uint32(dstCol%h.VLEN))
		p.SetInt(5, uint32(wCol%h.MLEN))
		p.Loop(loop, n/h.BLEN, func() {
			p.SetInt(6, act.At(0, k0))
			p.Op("S_ADDI_INT gp7, gp4, 0")
			p.Loop(loop+1, rowGroups, func() {
				p.Op("S_ADDI_INT gp1, gp5, 0")
				p.Op("S_ADDI_INT gp2, gp6, 0")
				for t := 0; t < cnt; t++ {
					p.Op("M_MM 0, gp1, gp2")
					if t < cnt-1 {
						p.Op("S_ADDI_INT gp1, gp1, %d", h.MLEN*h.MLEN)
						p.Op("S_ADDI_INT gp2, gp2, %d", act.Stride*h.VLEN)
					}
				}
				p.Op("M_MM_WO gp7, gp0, 0")
				p.Op("S_ADDI_INT gp6, gp6, %d", h.BLEN*h.VLEN)
				p.Op("S_ADDI_INT gp7, gp7, %d", h.BLEN*h.VLEN)
			})
			p.Op("S_ADDI_INT gp4, gp4, %d", h.BLEN)
			p.Op("S_ADDI_INT gp5, gp5, %d", h.BLEN)
		})
		if k0 > 0 {
			var m uint32
			for s := dstCol % h.VLEN / h.HLEN; s < (dstCol%h.VLEN+n+h.HLEN-1)/h.HLEN; s++ {
				m |= 1 << s
			}
			p.SetInt(1, m)
			p.Op("C_SET_V_MASK_REG gp1")
			p.Comment("K-split: add the partial sums of tiles %d..%d in the head's segments", k0, k0+cnt-1)
			if err := rowLoop(p, h, rowGroups*h.BLEN, loop, []uint32{dst.At(0, 0), scratch.At(0, 0)}, func() {
				p.Op("V_ADD_VV gp4, gp4, gp5, 1")
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

// storeRows writes rows [0, src.Rows) of every column block of src (Vector
// SRAM) to HBM matrix dst's rows row0.., columns col0.. (H_STORE_V, HBM_V_Writeback_Amount
// = BLEN rows at a time, MX-quantised), as PLENA's store_act template;
// src.Rows is a multiple of 4. Sets areg, SCALE_REG and STRIDE_REG;
// clobbers gp1..gp3 and gp15.
func storeRows(p *Prog, h HW, areg int, dst HBMTensor, row0, col0 int, src VTensor) error {
	if src.Rows%h.PrefetchV != 0 || col0%h.VLEN != 0 || col0+src.Blocks()*h.VLEN > dst.Pitch || row0+src.Rows > dst.Rows {
		return fmt.Errorf("store to %s: %d rows of %d columns at row %d (pitch %d, %d rows)", dst.Name, src.Rows, src.Cols, row0, dst.Pitch, dst.Rows)
	}
	SetHBM(p, areg, dst)
	p.Comment("store_act: %d rows x %d blocks from Vector SRAM %d -> %s rows %d..", src.Rows, src.Blocks(), src.Addr, dst.Name, row0)
	for b := 0; b < src.Blocks(); b++ {
		p.SetInt(RegScratch1, src.At(0, b))
		p.SetInt(RegScratch2, uint32(row0*dst.Pitch+col0+b*h.VLEN))
		n := src.Rows / h.PrefetchV
		p.Loop(RegPrimLoop, n, func() {
			p.Op("H_STORE_V gp%d, gp%d, a%d, 1, 1", RegScratch1, RegScratch2, areg)
			if n > 1 {
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch1, RegScratch1, h.PrefetchV*h.VLEN)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch2, RegScratch2, h.PrefetchV*dst.Pitch)
			}
		})
	}
	return nil
}

// zeroCacheRows stores zeros to rows [row0, Rows) of every column block
// of the caches (HBM matrices), PrefetchV rows per H_STORE_V from buf's
// first PrefetchV rows (zeroed here from the zero row): the KV cache's
// rows past the last token, which the attention reads (H_PREFETCH_M
// loads whole 64-row key blocks) and masks, must be finite, and the HBM
// scratch starts as 0xFF bytes (MX NaN). Nothing is computed for them.
// Sets areg, SCALE_REG and STRIDE_REG; clobbers gp1..gp5 and gp15.
func zeroCacheRows(p *Prog, h HW, areg int, caches []HBMTensor, row0 int, buf VTensor, zero uint32) error {
	if len(caches) == 0 || row0 >= caches[0].Rows {
		return nil
	}
	if buf.Rows < h.PrefetchV || row0%h.PrefetchV != 0 {
		return fmt.Errorf("zero cache rows from %d: need a buffer of %d rows (have %d) and a row0 multiple of it", row0, h.PrefetchV, buf.Rows)
	}
	zeroRows(p, buf.Addr, zero, h.PrefetchV, RegLoop0)
	for _, m := range caches {
		if (m.Rows-row0)%h.PrefetchV != 0 || h.PrefetchV*m.Pitch >= 1<<18 {
			return fmt.Errorf("zero rows %d..%d of %s (pitch %d)", row0, m.Rows-1, m.Name, m.Pitch)
		}
		SetHBM(p, areg, m)
		p.Comment("rows %d..%d of %s: zeros", row0, m.Rows-1, m.Name)
		for b := 0; b < m.Pitch/h.VLEN; b++ {
			p.SetInt(RegScratch1, buf.Addr)
			p.SetInt(RegScratch2, uint32(row0*m.Pitch+b*h.VLEN))
			p.Loop(RegPrimLoop, (m.Rows-row0)/h.PrefetchV, func() {
				p.Op("H_STORE_V gp%d, gp%d, a%d, 1, 1", RegScratch1, RegScratch2, areg)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch2, RegScratch2, h.PrefetchV*m.Pitch)
			})
		}
	}
	return nil
}

// kvCache carves n [rows, cols] MXFP8 matrices (each followed by its
// scale plane) out of the case's HBM scratch region: the K and V caches
// and their residual parts.
func kvCache(c *ref.Case, rows, cols int, names ...string) ([]HBMTensor, error) {
	s, err := Tensor(c, "scratch")
	if err != nil {
		return nil, err
	}
	base, err := regionBase(c, "hbm")
	if err != nil {
		return nil, err
	}
	pitch := (cols + vlen - 1) / vlen * vlen
	elems := rows * pitch
	size := elems + (elems/8+63)/64*64
	if s.Memory != "hbm" || len(names)*size > s.Shape[0] {
		return nil, fmt.Errorf("the HBM scratch (%d bytes in %s) cannot hold %d caches of %d x %d", s.Shape[0], s.Memory, len(names), rows, pitch)
	}
	out := make([]HBMTensor, len(names))
	for i, n := range names {
		out[i] = HBMTensor{Name: n, Shape: []int{rows, cols}, Addr: uint32(s.Addr-base) + uint32(i*size), ScaleReg: uint32(elems), Rows: rows, Cols: cols, Pitch: pitch}
	}
	return out, nil
}

// loadRows prefetches rows [row0, row0+dst.Rows) of src's columns
// col0.. into dst's column blocks (H_PREFETCH_V, PLENA's preload_act for
// a column range); dst.Rows is a multiple of HBM_V_Prefetch_Amount. Sets
// areg, SCALE_REG and STRIDE_REG; clobbers gp1..gp3 and gp15.
func loadRows(p *Prog, h HW, areg int, src HBMTensor, row0, col0 int, dst VTensor) error {
	if dst.Rows%h.PrefetchV != 0 || col0%h.VLEN != 0 || col0+dst.Blocks()*h.VLEN > src.Pitch {
		return fmt.Errorf("load from %s: %d rows of %d columns at column %d (pitch %d)", src.Name, dst.Rows, dst.Cols, col0, src.Pitch)
	}
	SetHBM(p, areg, src)
	for b := 0; b < dst.Blocks(); b++ {
		p.SetInt(RegScratch1, dst.At(0, b))
		p.SetInt(RegScratch2, uint32(row0*src.Pitch+col0+b*h.VLEN))
		n := dst.Rows / h.PrefetchV
		p.Loop(RegPrimLoop, n, func() {
			p.Op("H_PREFETCH_V gp%d, gp%d, a%d, 1, 1", RegScratch1, RegScratch2, areg)
			if n > 1 {
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch1, RegScratch1, h.PrefetchV*h.VLEN)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", RegScratch2, RegScratch2, h.PrefetchV*src.Pitch)
			}
		})
	}
	return nil
}

// storeTwoPart stores src's rows (Vector SRAM, computed on chip) to the
// HBM matrix hi at rows row0.., columns col0.., and what its MX
// quantisation lost to lo:
// H_STORE_V keeps 4 significant bits of a value (E4M3 under its block's
// scale); the residual src - hi, read back with H_PREFETCH_V and
// subtracted with V_SUB_VV (exact: hi is within a factor 2 of src), is
// quantised in turn, so hi + lo is src to about 2^-8 of its block's
// largest value, near bf16's own rounding. tmp is one column block of
// src.Rows rows. Uses a-register areg, gp1..gp5, gp15 and the loop
// counter loop.
func storeTwoPart(p *Prog, h HW, areg int, hi, lo HBMTensor, row0, col0 int, src, tmp VTensor, loop int) error {
	if err := storeRows(p, h, areg, hi, row0, col0, src); err != nil {
		return err
	}
	for b := 0; b < src.Blocks(); b++ {
		t := tmp
		t.Rows, t.Cols = src.Rows, h.VLEN
		if err := loadRows(p, h, areg, hi, row0, col0+b*h.VLEN, t); err != nil {
			return err
		}
		p.Comment("residual of %s's column block %d", hi.Name, b)
		if err := rowLoop(p, h, src.Rows, loop, []uint32{t.Addr, src.At(0, b)}, func() {
			p.Op("V_SUB_VV gp4, gp5, gp4, 0")
		}); err != nil {
			return err
		}
		if err := storeRows(p, h, areg, lo, row0, col0+b*h.VLEN, t); err != nil {
			return err
		}
	}
	return nil
}

func init() {
	register("mha", genMHA)
	register("gqa", genMHA)
	register("mqa", genMHA)
}

// mhaPlan is the Vector SRAM of the multi-head attention tasks for a
// token tile of T rows.
type mhaPlan struct {
	T       int
	x       VTensor // x's rows of the tile, all d_model columns
	qh      VTensor // one head's Q rows (the head at K's in-block offset, the rest zero)
	ot      VTensor // O's rows of the tile (concat of the heads); K, V rows before the attention
	scratch VTensor // K-split partial sums of the projections
}

// planMHA lays the tile buffers and the attention core's out after the
// output y, with the largest token tile (64, 32 or 16 rows) that fits.
func planMHA(c *ref.Case, h HW, pr ref.Params, a *attnCore) (mhaPlan, error) {
	var err error
	for _, t := range []int{64, 32, 16} {
		var pl mhaPlan
		var va *VAlloc
		if va, err = NewVAlloc(c, h); err != nil {
			return pl, err
		}
		pl.T = t
		if pl.x, err = va.Matrix("x tile", t, pr.DModel); err != nil {
			continue
		}
		if pl.qh, err = va.Matrix("Q head tile", t, vlen); err != nil {
			continue
		}
		if pl.ot, err = va.Matrix("O tile", t, pr.H*pr.D); err != nil {
			continue
		}
		if pl.scratch, err = va.Matrix("partial sums", t, vlen); err != nil {
			continue
		}
		if err = a.alloc(va, t, fpAttnFree); err != nil {
			continue
		}
		return pl, nil
	}
	return mhaPlan{}, err
}

// genMHA is mha, gqa and mqa: y = concat_h(attention(x Wq_h, x Wk_g, x Wv_g)) Wo
// with g = h / (heads/kv_heads), composed of PLENA's templates. Phase 1,
// per token tile: x's rows prefetched (preload_act), K = x Wk and V = x Wv
// (the projection template) stored to the KV cache in HBM (H_STORE_V;
// Matrix SRAM, which the attention's K and V tiles need, is filled only
// from HBM). Phase 2, per token tile: per head Q_h = x Wq_h into its own
// rows at K's in-block offset (the head projection), the flash-attention
// core into O's head columns, then y's rows = O Wo (the projection
// template).
func genMHA(p *Prog, c *ref.Case, pr ref.Params) error {
	h, err := HWOf(c)
	if err != nil {
		return err
	}
	if err := checkGeometry(h); err != nil {
		return err
	}
	in, err := hbmIn(c, "x", "wq", "wk", "wv", "wo")
	if err != nil {
		return err
	}
	x, wq, wk, wv, wo := in[0], in[1], in[2], in[3], in[4]
	y, err := VOut(c, "y")
	if err != nil {
		return err
	}
	hkv := pr.HKV
	if hkv == 0 {
		hkv = pr.H
	}
	if pr.H%hkv != 0 || pr.D%hlen != 0 {
		return fmt.Errorf("heads %d, kv_heads %d, head_dim %d: need kv_heads | heads and HLEN | head_dim", pr.H, hkv, pr.D)
	}
	spad := (pr.S + mlen - 1) / mlen * mlen
	cache, err := kvCache(c, spad, hkv*pr.D, "K cache", "K residual", "V cache", "V residual")
	if err != nil {
		return err
	}
	a := &attnCore{s: pr.S, skv: pr.S, d: pr.D, causal: pr.Causal, scaled: pr.Scale != 1,
		k: cache[0], k2: &cache[1], v: cache[2], v2: &cache[3], masked: pr.D < vlen, fpScale: fpAttnScale, fpNegInf: fpAttnNegInf}
	pl, err := planMHA(c, h, pr, a)
	if err != nil {
		return err
	}
	if pr.S%blen != 0 && pr.S > pl.T {
		return fmt.Errorf("a ragged last tile (S %d) would have its output projection overwrite the first tile's rows", pr.S)
	}
	T := pl.T
	p.Comment("%s: S %d, heads %d (kv %d), head_dim %d, d_model %d; token tiles of %d rows", c.Task, pr.S, pr.H, hkv, pr.D, pr.DModel, T)
	a.setup(p)
	// Phase 1: the KV cache, computed for the S real rows (rounded up to
	// BLEN) as PLENA's projection template takes the token count; its rows
	// past them, to the last key block's end, are stored zeros.
	if err := zeroCacheRows(p, h, 5, cache, (pr.S+blen-1)/blen*blen, pl.qh, uint32(a.zeroRow)); err != nil {
		return err
	}
	for r0 := 0; r0 < pr.S; r0 += T {
		n4 := (min(T, pr.S-r0) + blen - 1) / blen * blen
		xt := pl.x.RowsView(0, n4)
		if err := PreloadAct(p, h, 0, x, r0, xt); err != nil {
			return err
		}
		for i, w := range []HBMTensor{wk, wv} {
			kv := VTensor{Addr: pl.ot.Addr, Rows: n4, Cols: hkv * pr.D, Stride: T, VLEN: vlen}
			if err := Projection(p, h, Proj{Act: xt, W: w, AReg: 4, Out: kv, Scratch: pl.scratch, Loop: RegLoop0}); err != nil {
				return err
			}
			if err := storeTwoPart(p, h, 5, cache[2*i], cache[2*i+1], r0, 0, kv, pl.qh, RegLoop0); err != nil {
				return err
			}
		}
	}
	// Phase 2: per token tile, the heads' attention and the output projection.
	group := pr.H / hkv
	for r0 := 0; r0 < pr.S; r0 += T {
		n := min(T, pr.S-r0)
		n4 := (n + blen - 1) / blen * blen
		xt := pl.x.RowsView(0, n4)
		if err := PreloadAct(p, h, 0, x, r0, xt); err != nil {
			return err
		}
		for hd := 0; hd < pr.H; hd++ {
			g := hd / group
			a.kCol, a.vCol, a.oCol = g*pr.D, g*pr.D, hd*pr.D
			qh := pl.qh.RowsView(0, n4)
			if pr.D < vlen {
				p.Comment("head %d: Q rows zeroed (M_TMM contracts all 64 columns)", hd)
				p.SetInt(4, qh.Addr)
				p.SetInt(5, uint32(a.zeroRow))
				p.Loop(RegLoop0, n4, func() {
					p.Op("V_ADD_VF gp4, gp5, f0, 0")
					p.Op("S_ADDI_INT gp4, gp4, %d", vlen)
				})
			}
			if err := projCols(p, h, xt, wq, hd*pr.D, pr.D, qh, a.kCol%vlen, pl.scratch, 4, RegLoop0); err != nil {
				return err
			}
			if err := a.tile(p, r0, n, int(qh.Addr), 0, int(pl.ot.At(0, hd*pr.D/vlen)), T*vlen); err != nil {
				return err
			}
		}
		if err := Projection(p, h, Proj{Act: pl.ot.RowsView(0, n), W: wo, AReg: 4, Out: y.RowsView(r0, n), Scratch: pl.scratch, Loop: RegLoop0}); err != nil {
			return err
		}
	}
	return nil
}
