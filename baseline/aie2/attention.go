package aie2

import (
	"fmt"
	"math"

	"kernelcraft/ref"
)

// Attention (sdpa, mha, gqa, mqa) in three stages per head, as a
// compiler chains mlir-aie's mm.cc and softmax.cc kernels through a
// buffer:
//
//   - scores = Q K^T by MatMul (K stored [S_kv, D] is the W of a Linear:
//     SideNK) into the scratch tensor, rounded to bf16;
//   - each score row scaled and masked, then softmax's row passes
//     (softmaxRow: max, exp by the MAC, 1/sum) in place: the row is copied
//     into an aligned buffer in the kernel's own memory when S_kv is not a
//     multiple of 32; the scale is one element-wise MAC [s | s]·[scale_hi
//     | scale_lo] (scale split into two bf16); masked lanes (j > i under
//     causal, and the padding past S_kv) are replaced by softmax's pad by
//     vsel on the mask of vlt.s16 between the row index i and a column
//     table (j, or -32768 where nothing is masked, 32767 past S_kv);
//   - O = P V by MatMul.
//
// The projections of mha/gqa/mqa are MatMuls too, and a head's Q, K, V
// and O are column views of the projected matrices (MMSpec.LDA/LDB/LDC).
//
// Kernel memory: MatMul's zero chunk and staging buffer and softmax's row
// buffer at 0x70000 (the stages run one after the other), the column
// table at 0x70200.

const (
	attnCols    = 0x70200
	attnColsEnd = 0x70400
)

func init() {
	register("sdpa", genSDPA)
}

// attnHead is one head's attention: O = softmax(Q K^T·scale + mask) V.
// Addresses are those of the head's first element; LD* are row strides
// in elements.
type attnHead struct {
	S, Skv, D          int
	Q, K, V, O, Scr    int
	LDQ, LDK, LDV, LDO int
	LDS                int // the score rows' stride (S_kv when 0)
	Scale              float64
	Causal             bool
	// Bias: an additive bias on the scores (T5's pos_bias), S rows of
	// S_kv contiguous elements from the address in dj4 (read at the
	// start of the row loop): each row copied to attnBias and added by
	// the scale's MAC, [s | b]·[scale | 1].
	Bias bool
}

// attnBias is the bias row buffer (after the column table).
const attnBias = 0x70300

// lds is the score rows' stride in elements.
func (h *attnHead) lds() int {
	if h.LDS != 0 {
		return h.LDS
	}
	return h.Skv
}

// attnTables writes the column table of a score row of skv elements
// (padded to a multiple of 32) at attnCols.
func attnTables(p *Prog, skv int, causal bool) error {
	c32 := (skv + 31) / 32
	if attnCols+64*c32 > attnColsEnd {
		return fmt.Errorf("attention: S_kv = %d not supported yet (the column table is larger than the kernel's memory)", skv)
	}
	col := func(j int) uint32 {
		switch {
		case j >= skv:
			return 32767
		case causal:
			return uint32(j)
		}
		return 0x8000
	}
	p.Op("movxm p7, #%d", attnCols)
	for j := 0; j < 32*c32; j += 2 {
		p.Op("movxm r8, #%d", int32(col(j)|col(j+1)<<16))
		p.Op("st r8, [p7], #4")
	}
	p.Nops(6)
	return nil
}

// attnSoftmax emits the row loop over the score matrix of h (S rows of
// S_kv at h.Scr, row stride h.lds()): scale, mask, softmax, in place
// (without a copy when the rows are 32-byte aligned and have room for
// the row's last 32-element chunk). r0 counts the rows, r4
// is the row index, r5 the row's address, r6 the row stride in bytes.
func attnSoftmax(p *Prog, h *attnHead) error {
	n := h.Skv
	if n%2 != 0 {
		return fmt.Errorf("attention: odd S_kv = %d not supported yet", n)
	}
	c32 := (n + 31) / 32
	c16 := (n + 15) / 16
	ld := h.lds()
	inPlace := (2*ld)%32 == 0 && h.Scr%32 == 0 && ld >= 32*c32
	if err := softmaxConsts(p); err != nil {
		return err
	}
	sh, sl := bfHiLo(h.Scale)
	if h.Bias {
		if sl != 0 || attnCols+64*c32 > attnBias || attnBias+64*c32 > attnColsEnd {
			return fmt.Errorf("attention: a score bias with scale %v or S_kv = %d not supported yet", h.Scale, n)
		}
		sl = bf16Of(1)
		p.Op("mov r8, dj4")
		p.Nops(1)
		p.Op("mov p0, r8")
	}
	p.Op("movxm r0, #%d", h.S)
	p.Op("mov r4, #0")
	p.Op("movxm r5, #%d", h.Scr)
	p.Op("movxm r6, #%d", 2*ld)
	p.Align16()
	top := p.NewLabel("attn_row")
	p.Label(top)
	row := "r5"
	if !inPlace {
		p.Op("mov p6, r5")
		p.Op("movxm p5, #%d", rowBuf)
		p.Nops(1)
		if err := copyU16(p, "p6", "p5", n); err != nil {
			return err
		}
		p.Op("movxm r7, #%d", rowBuf)
		row = "r7"
	}
	if h.Bias {
		p.Op("movxm p6, #%d", attnBias)
		p.Nops(1)
		if err := copyU16(p, "p0", "p6", n); err != nil {
			return err
		}
	}
	// x8 = [scale_hi | scale_lo], x0 = i, x9 = the pad in every lane (the
	// high halves of x0, x9 and x5 are the exp loop's zeros: restored
	// below).
	p.Op("mov p5, %s", row)
	if h.Bias {
		p.Op("movxm p6, #%d", attnBias)
	} else {
		p.Op("mov p6, %s", row)
	}
	p.Op("mov p1, %s", row)
	p.Op("movxm p7, #%d", attnCols)
	p.Op("movxm r8, #%d", sh)
	p.Op("movxm r9, #%d", sl)
	p.Op("vbcst.16 x8, r8")
	p.Op("vbcst.16 x4, r9")
	p.Op("vbcst.16 x0, r4")
	p.Op("vbcst.16 x9, %s", smPadReg)
	p.Nops(1)
	p.Op("vmov wh8, wh4")
	p.Nops(2)
	if _, err := p.VLoop(2*c32, 1, []VOp{
		vop("lda", 7, "wl4", "", "vlda wl4, [p5], #32"),
		vop("ldb", 7, "wh4", "", "vldb wh4, [p6], #32"),
		vop("vec", 6, "bml2", "wl4,wh4", "vmul.f bml2, x4, x8, r1"),
		vop("st", 2, "wl5", "bml2", "vconv.bf16.fp32 wl5, bml2"),
		late(vop("lda", 7, "wl3", "", "vlda wl3, [p7], #32")),
		vop("mv", 2, "r16", "wl3", "vlt.s16 r16, x0, x3"),
		vop("mv", 2, "wl3,wh3", "wl5,r16", "vsel.16 x3, x5, x9, r16"),
		vop("st", 1, "", "wl3", "vst wl3, [p1], #32"),
	}); err != nil {
		return err
	}
	p.Op("vbcst.16 x0, r2")
	p.Op("vbcst.16 x9, r2")
	p.Nops(6)
	if err := softmaxRow(p, row, row, c32, c16); err != nil {
		return err
	}
	if !inPlace {
		p.Op("mov p6, r5")
		p.Op("movxm p5, #%d", rowBuf)
		p.Nops(1)
		if err := copyU16(p, "p5", "p6", n); err != nil {
			return err
		}
	}
	p.Op("add r4, r4, #1")
	p.Op("add r5, r5, r6")
	p.Op("add r0, r0, #-1")
	p.Op("jnz r0, #%s", top)
	p.Nops(5)
	p.Nops(8)
	return nil
}

// attention emits one head: scores, softmax rows, P V; everything has
// landed when it ends.
func attention(p *Prog, h *attnHead) error {
	if h.Scale <= 0 || math.IsInf(h.Scale, 0) || math.IsNaN(h.Scale) {
		return fmt.Errorf("attention: scale %v", h.Scale)
	}
	qk := &MMSpec{M: h.S, N: h.Skv, K: h.D, LDC: h.Skv, LDA: h.LDQ, LDB: h.LDK, Batch: 1, SideNK: true,
		AAddr: h.Q, BAddr: h.K, CAddr: h.Scr,
		ABanks: bankMask(h.Q, 2*h.S*h.LDQ), BBanks: bankMask(h.K, 2*h.Skv*h.LDK), CBanks: bankMask(h.Scr, 2*h.S*h.Skv)}
	region(p, "attention scores")
	if err := MatMul(p, qk, false); err != nil {
		return err
	}
	region(p, "attention softmax rows")
	if err := attnSoftmax(p, h); err != nil {
		return err
	}
	region(p, "attention P V")
	pv := &MMSpec{M: h.S, N: h.D, K: h.Skv, LDC: h.LDO, LDB: h.LDV, Batch: 1,
		AAddr: h.Scr, BAddr: h.V, CAddr: h.O,
		ABanks: bankMask(h.Scr, 2*h.S*h.Skv), BBanks: bankMask(h.V, 2*h.Skv*h.LDV), CBanks: bankMask(h.O, 2*h.S*h.LDO)}
	return MatMul(p, pv, false)
}

// genSDPA: o = softmax(q k^T·scale + mask) v.
func genSDPA(p *Prog, c *ref.Case, params ref.Params) error {
	h := &attnHead{S: params.S, Skv: params.SKV, D: params.D, Scale: params.Scale, Causal: params.Causal}
	h.LDQ, h.LDK, h.LDV, h.LDO = h.D, h.D, h.D, h.D
	for _, t := range []struct {
		name string
		dst  *int
	}{{"q", &h.Q}, {"k", &h.K}, {"v", &h.V}, {"o", &h.O}, {"scratch", &h.Scr}} {
		a, err := tensorAddr(c, t.name)
		if err != nil {
			return err
		}
		*t.dst = a
	}
	region(p, "attention column table")
	if err := attnTables(p, h.Skv, h.Causal); err != nil {
		return err
	}
	if err := attention(p, h); err != nil {
		return err
	}
	p.Op("done")
	return nil
}
