package plena

import (
	"fmt"

	"kernelcraft/ref"
)

// Attention in the manner of PLENA's flash_attn_asm (PLENA_Compiler
// asm_templates/flash_attn_asm.py with flashattn/{reset,qkt,online_softmax,
// pv,output}.py): per query tile of MLEN rows, a loop over key/value blocks
// of MLEN keys; QK^T of the block with M_TMM (the Matrix SRAM tile of K read
// transposed) and M_MM_WO into an MLEN x MLEN score tile; the online softmax
// row by row with the running max and sum in FP SRAM (V_MUL_VF scale,
// V_RED_MAX, S_MAX_FP, S_EXP_FP of the max difference, V_SUB_VF, V_EXP_V,
// V_RED_SUM); PV with M_MM/M_MM_WO into a PV tile; the output rescaled
// (O = alpha*O + PV, V_MUL_VF and V_ADD_VV, masked to the head's segments
// with V_MASK when heads share a row) and finally divided by the sum.

// The geometry of PLENA's behaviour configuration (isa-defs/hw/plena.json);
// the generators check the case's hardware against it.
const (
	mlen = 64 // systolic array rows, Matrix SRAM tile side
	vlen = 64 // Vector SRAM row
	blen = 4  // systolic array columns: M_MM/M_TMM produce BLEN x BLEN
	hlen = 16 // V_MASK segment width
	tile = mlen * mlen
)

// hbmMat is a matrix in HBM as H_PREFETCH_M/H_PREFETCH_V read it: the
// address-register value, SCALE_REG and the row pitch (STRIDE_REG).
type hbmMat struct {
	addr, scale uint32
	pitch       int
}

// hbmOf is the hbmMat of an MXFP8 tensor of a case.
func hbmOf(s ref.TensorSpec) (hbmMat, error) {
	if s.Memory != "hbm" || s.Layout == nil || s.Layout.ScaleReg == 0 {
		return hbmMat{}, fmt.Errorf("tensor %s is not an MXFP8 tensor in HBM", s.Name)
	}
	_, c := s.Shape[0], s.Shape[len(s.Shape)-1]
	pitch := c
	if s.Layout.Pitch > 0 {
		pitch = s.Layout.Pitch
	}
	return hbmMat{addr: uint32(s.Addr), scale: uint32(s.Layout.ScaleReg), pitch: pitch}, nil
}

// setAddr points address register a at m (C_SET_ADDR_REG with the high
// word 0), using gp[tmp].
func setAddr(p *Prog, a, tmp int, m hbmMat) {
	p.SetInt(tmp, m.addr)
	p.Op("C_SET_ADDR_REG a%d, gp0, gp%d", a, tmp)
}

// setScaleStride sets SCALE_REG and STRIDE_REG for prefetches of m, using
// gp[tmp].
func setScaleStride(p *Prog, tmp int, m hbmMat) {
	p.SetInt(tmp, m.scale)
	p.Op("C_SET_SCALE_REG gp%d", tmp)
	p.SetInt(tmp, uint32(m.pitch))
	p.Op("C_SET_STRIDE_REG gp%d", tmp)
}

// attnCore is one head's attention o = softmax(q k^T * scale + mask) v,
// with K and V read from HBM tile by tile.
type attnCore struct {
	s, skv, d int
	causal    bool
	scaled    bool // multiply the scores by FP SRAM[fpScale] (false when the scale is 1)

	// Q comes from HBM (qHBM set: prefetched tile by tile into the core's
	// own buffer) or is in Vector SRAM at qV (row i of column block b at
	// qV + (b*qRows + i)*VLEN).
	qHBM        *hbmMat
	qCol        int // column of the head's first element in the HBM rows (a multiple of 64)
	qV, qRows   int
	k, v        hbmMat
	kCol, vCol  int     // columns of the head in K's and V's HBM rows (multiples of 64)
	bias        *hbmMat // T5: score row i of query q gets HBM row biasRow0+q, columns = keys
	biasRow0    int
	oV, oRows   int // O in Vector SRAM: row i of block b at oV + (b*oRows + i)*VLEN
	oCol        int // column of the head's first element in O (its V_MASK segments when masked)
	masked      bool
	fpScale     int // FP SRAM index of the score scale
	fpNegInf    int // FP SRAM index of -inf
	vFree       int // first Vector SRAM element the core may use (buffers below)
	fpFree      int // first FP SRAM entry the core may use (3*MLEN + 2*MLEN entries)
	loadConsts  bool
	maskTileV   int // causal mask tile (set up by setup when causal)
	tailRowV    int // key-tail mask row (when skv % MLEN != 0)
	zeroRowV    int // a zero row (4 rows are zeroed)
	bufQ, bufS  int // Q tile (dblocks tiles), score tile
	bufPV, bufB int // PV tile, bias tile
	fpState     int // m at +i, l at +MLEN+i, alpha at +2*MLEN+i
}

// Registers of the attention core (gp0 stays 0).
const (
	rKV   = 1  // key/value block loop counter
	rL2   = 2  // loop counters of the sections
	rL3   = 3  //
	rOff  = 4  // element offset of the current key block's first row in K/V
	rBOff = 12 // column offset of the current key block in the bias rows
	rT0   = 5  // temporaries rT0..rT0+6
)

func (a *attnCore) dblocks() int { return (a.d + mlen - 1) / mlen }

// layoutBuffers places the core's Vector SRAM buffers from vFree and its
// FP SRAM state at fpFree; it returns the first Vector SRAM element after
// them.
func (a *attnCore) layoutBuffers() int {
	at := a.vFree
	take := func(rows int) int { x := at; at += rows * vlen; return x }
	if a.qHBM != nil {
		a.bufQ = take(a.dblocks() * mlen)
	}
	a.bufS = take(mlen)
	a.bufPV = take(mlen)
	if a.bias != nil {
		a.bufB = take(mlen)
	}
	if a.causal {
		a.maskTileV = take(mlen)
	}
	if a.skv%mlen != 0 {
		a.tailRowV = take(1)
	}
	a.zeroRowV = take(blen)
	a.fpState = a.fpFree
	return at
}

// headMask is the V_MASK of the head's segments in its O rows.
func (a *attnCore) headMask(db int) uint32 {
	lo := a.oCol % vlen / hlen
	n := min(a.d-db*vlen, vlen)
	var m uint32
	for s := lo; s < lo+(n+hlen-1)/hlen; s++ {
		m |= 1 << s
	}
	return m
}

// setup writes the code every query tile shares: the FP constants in
// f1 (scale) and f2 (-inf), a zero row, the causal mask tile and the
// key-tail mask row.
func (a *attnCore) setup(p *Prog) {
	p.Comment("attention setup: f1 = scale, f2 = -inf, a zero row at %d", a.zeroRowV)
	p.Op("S_LD_FP f1, gp0, %d", a.fpScale)
	p.Op("S_LD_FP f2, gp0, %d", a.fpNegInf)
	// The accumulator is clear (M_MM_WO clears it): write it out as zeros.
	p.SetInt(rT0, uint32(a.zeroRowV))
	p.Loop(rL2, vlen/blen, func() {
		p.Op("M_MM_WO gp%d, gp0, 0", rT0)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, blen)
	})
	if !a.causal && a.skv%mlen == 0 {
		return
	}
	// FP SRAM window: MLEN zeros then MLEN -inf; a mask row is VLEN
	// entries of it from the right start (S_MAP_V_FP).
	win := a.fpState + 3*mlen
	p.Comment("mask window in FP SRAM %d..%d: %d zeros, then %d -inf", win, win+2*mlen-1, mlen, mlen)
	p.SetInt(rT0, uint32(win))
	p.Loop(rL2, mlen, func() {
		p.Op("S_ST_FP f0, gp%d, 0", rT0)
		p.Op("S_ST_FP f2, gp%d, %d", rT0, mlen)
		p.Op("S_ADDI_INT gp%d, gp%d, 1", rT0, rT0)
	})
	if a.causal {
		p.Comment("causal mask tile at %d: row i is 0 for keys j <= i, -inf after", a.maskTileV)
		p.SetInt(rT0, uint32(a.maskTileV))
		p.SetInt(rT0+1, uint32(win+mlen-1))
		p.Op("S_ADDI_INT gp%d, gp0, 1", rT0+2)
		p.Loop(rL2, mlen, func() {
			p.Op("S_MAP_V_FP gp%d, gp%d, 0", rT0, rT0+1)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
			p.Op("S_SUB_INT gp%d, gp%d, gp%d", rT0+1, rT0+1, rT0+2)
		})
	}
	if t := a.skv % mlen; t != 0 {
		p.Comment("key-tail mask row at %d: 0 for the %d keys of the last block, -inf after", a.tailRowV, t)
		p.SetInt(rT0, uint32(a.tailRowV))
		p.SetInt(rT0+1, uint32(win+mlen-t))
		p.Op("S_MAP_V_FP gp%d, gp%d, 0", rT0, rT0+1)
	}
}

// emit writes the whole attention: setup, then every query tile.
func (a *attnCore) emit(p *Prog) error {
	if a.causal && a.s != a.skv {
		return fmt.Errorf("causal attention with S %d != S_kv %d is not supported", a.s, a.skv)
	}
	if a.dblocks() > 2 {
		return fmt.Errorf("head_dim %d: at most 2*MLEN (Matrix SRAM holds 4 tiles: K and V of 2 column blocks)", a.d)
	}
	if a.dblocks() > 1 && a.oRows%mlen != 0 {
		return fmt.Errorf("head_dim %d with %d rows: O's column blocks must be whole query tiles", a.d, a.oRows)
	}
	if a.masked && (a.oCol%hlen != 0 || a.oCol%vlen+a.d > vlen) {
		return fmt.Errorf("head at column %d, head_dim %d: not HLEN-aligned inside one row", a.oCol, a.d)
	}
	a.setup(p)
	// Address registers: a0 Q, a1 K, a2 V, a3 bias.
	if a.qHBM != nil {
		setAddr(p, 0, rT0, *a.qHBM)
	}
	setAddr(p, 1, rT0, a.k)
	setAddr(p, 2, rT0, a.v)
	if a.bias != nil {
		setAddr(p, 3, rT0, *a.bias)
	}
	nq := (a.s + mlen - 1) / mlen
	nkv := (a.skv + mlen - 1) / mlen
	for t := 0; t < nq; t++ {
		q0 := t * mlen
		rows := min(mlen, a.s-q0)
		r4 := (rows + blen - 1) / blen
		p.Comment("query tile %d: rows %d..%d", t, q0, q0+rows-1)
		a.tilePrologue(p, q0, r4)
		full, last := nkv, 0 // blocks without a mask; the masked last block's kind
		switch {
		case a.causal:
			full, last = t, 1
		case a.skv%mlen != 0:
			full, last = nkv-1, 2
		}
		p.Op("S_ADDI_INT gp%d, gp0, 0", rOff)
		if a.bias != nil {
			p.Op("S_ADDI_INT gp%d, gp0, 0", rBOff)
		}
		if full > 0 {
			p.Comment("key blocks 0..%d", full-1)
			p.Loop(rKV, full, func() { a.block(p, q0, r4, 0) })
		}
		if last != 0 {
			p.Comment("key block %d (masked)", full)
			a.block(p, q0, r4, last)
		}
		a.tileEpilogue(p, q0, r4)
	}
	return nil
}

// qAddr is the Vector SRAM address of row q0 of Q's block db.
func (a *attnCore) qAddr(q0, db int) int {
	if a.qHBM != nil {
		return a.bufQ + db*tile
	}
	return a.qV + (db*a.qRows+q0)*vlen
}

// tilePrologue loads the query tile, resets the running max and sum and
// zeroes the head's part of O's rows.
func (a *attnCore) tilePrologue(p *Prog, q0, r4 int) {
	if a.qHBM != nil {
		setScaleStride(p, rT0, *a.qHBM)
		for db := 0; db < a.dblocks(); db++ {
			p.SetInt(rT0, uint32(a.bufQ+db*tile))
			p.SetInt(rT0+1, uint32(q0*a.qHBM.pitch+a.qCol+db*vlen))
			p.Loop(rL2, r4, func() {
				p.Op("H_PREFETCH_V gp%d, gp%d, a0, 1, 0", rT0, rT0+1)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, blen*vlen)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0+1, rT0+1, blen*a.qHBM.pitch)
			})
		}
	}
	if a.scaled {
		// The score scale goes into Q (PLENA's template scales each score
		// row; scaling the tile once saves a bf16 rounding of every score).
		for db := 0; db < a.dblocks(); db++ {
			p.SetInt(rT0, uint32(a.qAddr(q0, db)))
			p.Loop(rL2, r4*blen, func() {
				p.Op("V_MUL_VF gp%d, gp%d, f1, 0", rT0, rT0)
				p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
			})
		}
	}
	p.SetInt(rT0, uint32(a.fpState))
	p.Loop(rL2, r4*blen, func() {
		p.Op("S_ST_FP f2, gp%d, 0", rT0)
		p.Op("S_ST_FP f0, gp%d, %d", rT0, mlen)
		p.Op("S_ADDI_INT gp%d, gp%d, 1", rT0, rT0)
	})
	for db := 0; db < a.dblocks(); db++ {
		p.SetInt(rT0, uint32(a.oBase(q0, db)))
		p.SetInt(rT0+1, uint32(a.zeroRowV))
		if a.masked {
			p.SetInt(rT0+2, ^a.headMask(db)&0xf)
			p.Op("C_SET_V_MASK_REG gp%d", rT0+2)
		}
		p.Loop(rL2, r4*blen, func() {
			if a.masked {
				// Other heads' segments: 0 + O; the head's: a copy of the zero row.
				p.Op("V_ADD_VV gp%d, gp%d, gp%d, 1", rT0, rT0+1, rT0)
			} else {
				p.Op("V_ADD_VF gp%d, gp%d, f0, 0", rT0, rT0+1)
			}
			p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
		})
	}
}

// oBase is the Vector SRAM address of row q0 of O's block db (the row's
// start: the head's columns are selected by V_MASK).
func (a *attnCore) oBase(q0, db int) int {
	return a.oV + (db*a.oRows+q0)*vlen + (a.oCol/vlen)*a.oRows*vlen
}

// block writes one key/value block: prefetch K and V, QK^T, the online
// softmax, PV and the rescale of O. mask: 0 none, 1 causal (the
// diagonal block), 2 the key tail.
func (a *attnCore) block(p *Prog, q0, r4, mask int) {
	db := a.dblocks()
	t0, t1, t2, t3, t4, t5 := rT0, rT0+1, rT0+2, rT0+3, rT0+4, rT0+5
	// Prefetch: K's column blocks into tiles 0 and 1, V's into 2 and 3.
	for _, m := range []struct {
		mat  hbmMat
		col  int
		a    int
		tile int
	}{{a.k, a.kCol, 1, 0}, {a.v, a.vCol, 2, 2}} {
		setScaleStride(p, t0, m.mat)
		for b := 0; b < db; b++ {
			p.SetInt(t0, uint32(m.col+b*vlen))
			p.Op("S_ADD_INT gp%d, gp%d, gp%d", t0, t0, rOff)
			p.SetInt(t1, uint32((m.tile+b)*tile))
			p.Op("H_PREFETCH_M gp%d, gp%d, a%d, 1, 0", t1, t0, m.a)
		}
	}
	// QK^T: per group of BLEN query rows and BLEN keys, M_TMM over the
	// head's column blocks, M_MM_WO into the score tile.
	p.SetInt(t0, uint32(a.qAddr(q0, 0)))
	p.SetInt(t1, uint32(a.bufS))
	p.Loop(rL2, r4, func() {
		p.Op("S_ADDI_INT gp%d, gp0, 0", t2)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", t3, t1)
		if db > 1 {
			p.SetInt(t4, uint32(tile))
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t5, t0, a.qAddr(q0, 1)-a.qAddr(q0, 0))
		}
		p.Loop(rL3, mlen/blen, func() {
			p.Op("M_TMM 0, gp%d, gp%d", t0, t2)
			if db > 1 {
				p.Op("M_TMM 0, gp%d, gp%d", t5, t4)
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
		setScaleStride(p, t0, *a.bias)
		p.SetInt(t0, uint32((a.biasRow0+q0)*a.bias.pitch))
		p.Op("S_ADD_INT gp%d, gp%d, gp%d", t0, t0, rBOff)
		p.SetInt(t1, uint32(a.bufB))
		p.Loop(rL2, r4, func() {
			p.Op("H_PREFETCH_V gp%d, gp%d, a3, 1, 0", t1, t0)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t1, t1, blen*vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", t0, t0, blen*a.bias.pitch)
		})
	}
	// Online softmax, row by row: m, l and alpha in FP SRAM.
	p.SetInt(t0, uint32(a.bufS))
	p.SetInt(t1, uint32(a.fpState))
	switch mask {
	case 1:
		p.SetInt(t2, uint32(a.maskTileV))
	case 2:
		p.SetInt(t2, uint32(a.tailRowV))
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
		off := a.oCol % vlen
		p.SetInt(t0, uint32(a.bufS))
		p.SetInt(t1, uint32(a.bufPV+off))
		p.Loop(rL2, r4, func() {
			p.SetInt(t2, uint32((2+b)*tile))
			p.Op("S_ADDI_INT gp%d, gp%d, 0", t3, t1)
			p.Loop(rL3, n4, func() {
				p.Op("M_MM 0, gp%d, gp%d", t2, t0)
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
		p.SetInt(t0, uint32(a.oBase(q0, b)))
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
	p.Op("S_ADDI_INT gp%d, gp%d, %d", rOff, rOff, mlen*a.k.pitch)
	if a.bias != nil {
		p.Op("S_ADDI_INT gp%d, gp%d, %d", rBOff, rBOff, mlen)
	}
}

// tileEpilogue divides O's rows by the running sum.
func (a *attnCore) tileEpilogue(p *Prog, q0, r4 int) {
	for db := 0; db < a.dblocks(); db++ {
		mk := 0
		if a.masked {
			p.SetInt(rT0+2, a.headMask(db))
			p.Op("C_SET_V_MASK_REG gp%d", rT0+2)
			mk = 1
		}
		p.SetInt(rT0, uint32(a.oBase(q0, db)))
		p.SetInt(rT0+1, uint32(a.fpState))
		p.Loop(rL2, r4*blen, func() {
			p.Op("S_LD_FP f6, gp%d, %d", rT0+1, mlen)
			p.Op("S_RECI_FP f6, f6")
			p.Op("V_MUL_VF gp%d, gp%d, f6, %d", rT0, rT0, mk)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", rT0, rT0, vlen)
			p.Op("S_ADDI_INT gp%d, gp%d, 1", rT0+1, rT0+1)
		})
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
// q, k, v from HBM and o in Vector SRAM (at 0, [D/64, S, 64]). Running O
// lives in o itself, so the rows of a last, partial query tile run past o
// (the core's buffers start after them).
func genSDPA(p *Prog, c *ref.Case, params ref.Params) error {
	q, err := Tensor(c, "q")
	if err != nil {
		return err
	}
	k, err := Tensor(c, "k")
	if err != nil {
		return err
	}
	v, err := Tensor(c, "v")
	if err != nil {
		return err
	}
	o, err := Tensor(c, "o")
	if err != nil {
		return err
	}
	qm, err := hbmOf(q)
	if err != nil {
		return err
	}
	km, err := hbmOf(k)
	if err != nil {
		return err
	}
	vm, err := hbmOf(v)
	if err != nil {
		return err
	}
	oV, err := vsramElem(o)
	if err != nil {
		return err
	}
	a := &attnCore{
		s: params.S, skv: params.SKV, d: params.D, causal: params.Causal, scaled: params.Scale != 1,
		qHBM: &qm, k: km, v: vm,
		oV: oV, oRows: params.S,
		fpScale: fpAttnScale, fpNegInf: fpAttnNegInf, fpFree: fpAttnFree,
	}
	blocks := a.dblocks()
	rows := params.S
	if blocks == 1 {
		rows = (params.S + mlen - 1) / mlen * mlen
	}
	a.vFree = oV + blocks*rows*vlen
	a.layoutBuffers()
	p.Comment("o = softmax(q k^T * %g%s) v: S %d, S_kv %d, head_dim %d; flash attention over %d-key blocks", params.Scale, map[bool]string{true: " + causal mask"}[params.Causal], params.S, params.SKV, params.D, mlen)
	return a.emit(p)
}

// vsramElem is the Vector SRAM element address of a tensor there.
func vsramElem(s ref.TensorSpec) (int, error) {
	const base = 0x10000000
	if s.Memory != "vsram" || s.Addr < base || (s.Addr-base)%2 != 0 {
		return 0, fmt.Errorf("tensor %s is not bf16 in Vector SRAM", s.Name)
	}
	e := int(s.Addr-base) / 2
	if e%vlen != 0 {
		return 0, fmt.Errorf("tensor %s at Vector SRAM element %d: not row-aligned", s.Name, e)
	}
	return e, nil
}
