package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// MMSpec is one matrix product C = A x B (+ bias), the building block of
// the matrix kernels and of those that reuse it (attention): bf16
// operands row-major in data memory, C[m][n] = sum_k A[m][k] B[k][n]
// accumulated in fp32 by bf16 4x8x4 MACs and rounded to bf16 to nearest
// even.
//
// A is [M][K] at AAddr; B is [K][N] at BAddr (SideNK false) or, for
// y = x W^T, W = [N][K] (SideNK true); C is written at CAddr with row
// stride LDC (>= N). With HasBias, bias (N elements at BiasAddr) is
// added to every row. Batch > 1 repeats the product over Batch
// consecutive matrices of each operand (strides M*K, K*N, M*LDC; the
// bias shared). The addresses are the case's layout: they decide at
// generation time which rows need a vshift (not 32-byte aligned), and
// the kernel loads them as constants. The *Banks masks (bit i: the
// i-th 16 KiB bank of data memory) let the scheduler keep accesses to
// one bank out of the same cycle. K, N and LDC must be even and K >= 16;
// operands may be read up to 64 bytes past their end. (N and LDC may be
// odd with SideNK and M = 1: GEMV.)
type MMSpec struct {
	M, N, K, LDC, Batch               int
	SideNK, HasBias                   bool
	AAddr, BAddr, CAddr, BiasAddr     int
	ABanks, BBanks, CBanks, BiasBanks uint8
}

// Scalar registers of the matrix kernels: r1..r11 constants, r13..r15
// temporaries, r16..r19 vsel masks, r20..r23 loop counters, r24..r31
// addresses; p0 (A), p1 (B), p2 (C), p3 (bias) walk a block, p6 the
// staging buffer, p7 the zero chunk.
const (
	rCntBatch = "r20"
	rCntN     = "r21"
	rCntM     = "r22"
	rCntK     = "r23"
	rA        = "r24" // the block's A
	rB        = "r25" // the n-block's B
	rC        = "r26" // the block's C
	rCn       = "r27" // the n-block's C (row 0)
	rBias     = "r12" // the n-block's bias
)

// mov adds a register copy (mv slot).
func (g *mmGen) mov(dst, src string) {
	g.op(fmt.Sprintf("mov %s, %s", dst, src), []mmOpnd{{src, 1}}, []mmOpnd{{dst, 1}}, nil)
}

// addK adds a constant to a register.
func (g *mmGen) addK(r string, v int) error {
	if v == 0 {
		return nil
	}
	if v >= -64 && v <= 63 {
		g.op(fmt.Sprintf("add %s, %s, #%d", r, r, v), []mmOpnd{{r, 1}}, []mmOpnd{{r, 1}}, nil)
		return nil
	}
	k := g.tmpK(v)
	g.op(fmt.Sprintf("add %s, %s, %s", r, r, k), []mmOpnd{{r, 1}, {k, 1}}, []mmOpnd{{r, 1}}, nil)
	return nil
}

// counted emits body n times: inline once, or under a loop on counter.
func (g *mmGen) counted(n int, counter string, body func() error) error {
	if n <= 0 {
		return nil
	}
	if n == 1 {
		return body()
	}
	g.op(fmt.Sprintf("movxm %s, #%d", counter, n), nil, []mmOpnd{{counter, 1}}, nil)
	g.labels++
	top := fmt.Sprintf(".Lmm%d", g.labels)
	g.s.drainLabel(top)
	if err := body(); err != nil {
		return err
	}
	g.s.loop(counter, top)
	return nil
}

// prologueOps sets rounding, the kernel memory pointers and zero chunk.
func (g *mmGen) prologueOps() error {
	g.op("movxm crrnd, #12", nil, []mmOpnd{{"crrnd", 1}}, nil)
	g.op(fmt.Sprintf("movxm p7, #%d", areaZero), nil, []mmOpnd{{"p7", 1}}, nil)
	g.op(fmt.Sprintf("movxm p6, #%d", areaStage), nil, []mmOpnd{{"p6", 1}}, nil)
	z, err := g.k(0)
	if err != nil {
		return err
	}
	v := g.v()
	g.op(fmt.Sprintf("vbcst.16 %s, %s", vx(v), z), []mmOpnd{{z, 1}}, []mmOpnd{{vx(v), 2}}, nil)
	g.op(fmt.Sprintf("vst %s, [p7, #0]", vlo(v)), []mmOpnd{{vlo(v), 1}, {"p7", 1}}, nil,
		&mmMem{region: "zero", banks: 1, c: 5, store: true})
	return nil
}

// biasAccs sets bmh0..bmh3 to the n-block's bias, 4x4 tiles of
// bias[4j..4j+3] in every row: Sel_j (ones in column j) x [bias | 0].
func (g *mmGen) biasAccs(sp *MMSpec) error {
	g.mov("p3", rBias)
	yb := g.v()
	g.op(fmt.Sprintf("vlda %s, [p3, #0]", vlo(yb)), []mmOpnd{{"p3", 1}}, []mmOpnd{{vlo(yb), 7}},
		&mmMem{region: "bias", banks: sp.BiasBanks, c: 5})
	g.op(fmt.Sprintf("vlda %s, [p7, #0]", vhi(yb)), []mmOpnd{{"p7", 1}}, []mmOpnd{{vhi(yb), 7}},
		&mmMem{region: "zero", banks: 1, c: 5})
	z, err := g.k(0)
	if err != nil {
		return err
	}
	m, err := g.mask(0x01010101)
	if err != nil {
		return err
	}
	cfg, err := g.k(28)
	if err != nil {
		return err
	}
	ones, zero, sel0 := g.v(), g.v(), g.v()
	one := g.tmpK(int(bf16Of(1)))
	g.op(fmt.Sprintf("vbcst.16 %s, %s", vx(ones), one), []mmOpnd{{one, 1}}, []mmOpnd{{vx(ones), 2}}, nil)
	g.op(fmt.Sprintf("vbcst.16 %s, %s", vx(zero), z), []mmOpnd{{z, 1}}, []mmOpnd{{vx(zero), 2}}, nil)
	g.op(fmt.Sprintf("vsel.16 %s, %s, %s, %s", vx(sel0), vx(zero), vx(ones), m),
		[]mmOpnd{{vx(zero), 1}, {vx(ones), 1}, {m, 1}}, []mmOpnd{{vx(sel0), 2}}, nil)
	for j := range 4 {
		sel := sel0
		if j > 0 {
			sel = g.v()
			r := g.tmpK(64 - 2*j)
			g.op(fmt.Sprintf("vshift %s, %s, %s, %s", vx(sel), vx(zero), vx(sel0), r),
				[]mmOpnd{{vx(zero), 1}, {vx(sel0), 1}, {r, 1}}, []mmOpnd{{vx(sel), 2}}, nil)
		}
		acc := fmt.Sprintf("bmh%d", j)
		g.op(fmt.Sprintf("vmul.f %s, %s, %s, %s", acc, vx(sel), vx(yb), cfg),
			[]mmOpnd{{vx(sel), 1}, {vx(yb), 1}, {cfg, 1}}, []mmOpnd{{acc, 6}}, nil)
	}
	return nil
}

// block emits one output block: pointers from rA, rB, rC, accumulators
// initialised, the chunks of K (a loop over the whole ones), the output.
func (g *mmGen) block(sp *MMSpec, rows, cols, misA, misB, misC int) error {
	g.mov("p0", rA)
	g.mov("p1", rB)
	g.mov("p2", rC)
	for _, u := range []struct {
		p   string
		mis int
	}{{"p0", misA}, {"p1", misB}} {
		if u.mis != 0 {
			g.op(fmt.Sprintf("padda [%s], #%d", u.p, -u.mis), []mmOpnd{{u.p, 1}}, []mmOpnd{{u.p, 1}}, nil)
		}
	}
	for t := range (rows + 3) / 4 {
		for j := range (cols + 3) / 4 {
			acc := fmt.Sprintf("bml%d", 4*t+j)
			if sp.HasBias {
				src := fmt.Sprintf("bmh%d", j)
				g.op(fmt.Sprintf("vmov %s, %s", acc, src), []mmOpnd{{src, 1}}, []mmOpnd{{acc, 2}}, nil)
			} else {
				g.op("vclr "+acc, nil, []mmOpnd{{acc, 6}}, nil)
			}
		}
	}
	bl := &mmBlock{k: sp.K, rows: rows, cols: cols, bias: sp.HasBias}
	if sp.SideNK {
		bl.side = sideNK
	}
	mk := func() {
		bl.a = &mmMat{w: g.mmWalker("p0", "vlda", "a", sp.ABanks), zeroLoad: "vlda", ld: sp.K, rows: rows, mis: misA}
		bl.b = &mmMat{w: g.mmWalker("p1", "vldb", "b", sp.BBanks), zeroLoad: "vldb", ld: sp.N, rows: cols, mis: misB}
		if sp.SideNK {
			bl.b.ld = sp.K
		}
	}
	bStride := 2 * mmChunk * sp.N
	if sp.SideNK {
		bStride = 2 * mmChunk
	}
	full := sp.K / mmChunk
	chunk := func(kc int) error {
		mk()
		if err := g.chunkOps(bl, kc); err != nil {
			return err
		}
		if err := bl.a.w.finish(2 * mmChunk); err != nil {
			return err
		}
		return bl.b.w.finish(bStride)
	}
	if err := g.counted(full, rCntK, func() error { return chunk(0) }); err != nil {
		return err
	}
	if sp.K%mmChunk != 0 {
		// The partial chunk: validity from its absolute index, offsets
		// from the walkers' position.
		mk()
		bl2 := *bl
		bl2.k = sp.K - full*mmChunk
		if err := g.chunkOps(&bl2, 0); err != nil {
			return err
		}
		if err := bl.a.w.finish(0); err != nil {
			return err
		}
		if err := bl.b.w.finish(0); err != nil {
			return err
		}
	}
	return g.output(bl, &mmOut{ptr: "p2", ld: sp.LDC, mis: misC, region: "c", banks: sp.CBanks})
}

// MatMul writes a kernel computing the product of sp into p, ending with
// done when done is true (else the code falls through with every
// operation complete). It uses the registers listed above and the
// kernel's own memory at 0x70000 (0x70000..0x70120).
func MatMul(p *Prog, sp *MMSpec, done bool) error {
	g := newMMGen()
	if err := g.matmul(sp); err != nil {
		return err
	}
	if done {
		g.s.barrier()
		g.op("done", nil, nil, nil)
	} else {
		g.s.drainLabel("")
	}
	return g.emit(p)
}

// emit schedules the prologue constants and the body into p.
func (g *mmGen) emit(p *Prog) error {
	g.s.items = append(append(g.pro, mmItem{}), g.s.items...)
	return g.s.run(p)
}

// matmul adds the operations of sp's product.
func (g *mmGen) matmul(sp *MMSpec) error {
	if sp.K%2 != 0 || (!sp.SideNK && sp.N%2 != 0) || (sp.M > 1 && sp.LDC%2 != 0) {
		return fmt.Errorf("matmul %dx%dx%d: odd K, N or row stride not supported yet", sp.M, sp.N, sp.K)
	}
	if sp.K < mmChunk {
		return fmt.Errorf("matmul: K = %d < %d not supported yet", sp.K, mmChunk)
	}
	batch := max(sp.Batch, 1)
	sa, sb, sc := 2*sp.M*sp.K, 2*sp.K*sp.N, 2*sp.M*sp.LDC
	for _, r := range []struct{ addr, n int }{{sp.AAddr, batch * sa}, {sp.BAddr, batch * sb}} {
		if r.addr+r.n+64 > dmemEnd {
			return fmt.Errorf("matmul: operand at %#x reads past data memory", r.addr)
		}
	}
	if err := g.prologueOps(); err != nil {
		return err
	}
	// Batches whose operands have the same alignment share code: the
	// phase period is the number of batches after which every operand is
	// 32-byte aligned again.
	period := 1
	for (period*sa)%32 != 0 || (period*sb)%32 != 0 || (period*sc)%32 != 0 {
		period++
	}
	period = min(period, batch)
	for ph := range period {
		n := (batch - ph + period - 1) / period
		misA, misB, misC := (sp.AAddr+ph*sa)%32, (sp.BAddr+ph*sb)%32, (sp.CAddr+ph*sc)%32
		// r28..r30: the batch's A, B and C.
		for _, u := range []struct {
			r string
			v int
		}{{"r28", sp.AAddr + ph*sa}, {"r29", sp.BAddr + ph*sb}, {"r30", sp.CAddr + ph*sc}} {
			g.op(fmt.Sprintf("movxm %s, #%d", u.r, u.v), nil, []mmOpnd{{u.r, 1}}, nil)
		}
		err := g.counted(n, rCntBatch, func() error {
			g.mov(rB, "r29")
			g.mov(rCn, "r30")
			if sp.HasBias {
				g.op(fmt.Sprintf("movxm %s, #%d", rBias, sp.BiasAddr), nil, []mmOpnd{{rBias, 1}}, nil)
			}
			nFull, nTail := sp.N/mmBlockCols, sp.N%mmBlockCols
			for _, nc := range []struct{ count, cols int }{{nFull, mmBlockCols}, {1, nTail}} {
				if nc.cols == 0 || nc.count == 0 {
					continue
				}
				err := g.counted(nc.count, rCntN, func() error {
					if sp.HasBias {
						if err := g.biasAccs(sp); err != nil {
							return err
						}
					}
					g.mov(rA, "r28")
					g.mov(rC, rCn)
					mFull, mTail := sp.M/mmBlockRows, sp.M%mmBlockRows
					for _, mc := range []struct{ count, rows int }{{mFull, mmBlockRows}, {1, mTail}} {
						if mc.rows == 0 || mc.count == 0 {
							continue
						}
						err := g.counted(mc.count, rCntM, func() error {
							if err := g.block(sp, mc.rows, nc.cols, misA, misB, misC); err != nil {
								return err
							}
							if err := g.addK(rA, 2*mmBlockRows*sp.K); err != nil {
								return err
							}
							return g.addK(rC, 2*mmBlockRows*sp.LDC)
						})
						if err != nil {
							return err
						}
					}
					bstep := 2 * mmBlockCols
					if sp.SideNK {
						bstep = 2 * mmBlockCols * sp.K
					}
					if err := g.addK(rB, bstep); err != nil {
						return err
					}
					if sp.HasBias {
						if err := g.addK(rBias, 2*mmBlockCols); err != nil {
							return err
						}
					}
					return g.addK(rCn, 2*mmBlockCols)
				})
				if err != nil {
					return err
				}
			}
			// The next batch of this phase.
			for _, u := range []struct {
				r string
				d int
			}{{"r28", period * sa}, {"r29", period * sb}, {"r30", period * sc}} {
				if err := g.addK(u.r, u.d); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// mmTensor is a case tensor's address and banks.
func mmTensor(c *ref.Case, name string) (addr int, banks uint8, err error) {
	t, err := Tensor(c, name)
	if err != nil {
		return 0, 0, err
	}
	n := 2
	for _, d := range t.Shape {
		n *= d
	}
	return int(t.Addr), bankMask(int(t.Addr), n), nil
}

func init() {
	register("gemv", genGEMV)
	register("gemm", genGEMM)
	register("linear", genLinear)
	register("bmm", genBMM)
}

// genGEMM: C = A B.
func genGEMM(p *Prog, c *ref.Case, params ref.Params) error {
	return genProduct(p, c, params, "a", "b", "c", "", false, 1)
}

// genGEMV: y = A x, as the one-row product y^T = x^T A^T (A is the W of
// a Linear without bias: its rows are K-contiguous, tiled by T128_4x2 and
// transposed by T16_4x8; x fills one row of the 4x8 tiles).
func genGEMV(p *Prog, c *ref.Case, params ref.Params) error {
	sp := &MMSpec{M: 1, N: params.M, K: params.K, LDC: params.M, Batch: 1, SideNK: true}
	var err error
	if sp.AAddr, sp.ABanks, err = mmTensor(c, "x"); err != nil {
		return err
	}
	if sp.BAddr, sp.BBanks, err = mmTensor(c, "a"); err != nil {
		return err
	}
	if sp.CAddr, sp.CBanks, err = mmTensor(c, "y"); err != nil {
		return err
	}
	return MatMul(p, sp, true)
}

// genBMM: C[b] = A[b] B[b].
func genBMM(p *Prog, c *ref.Case, params ref.Params) error {
	return genProduct(p, c, params, "a", "b", "c", "", false, params.B)
}

// genLinear: y = x W^T + bias.
func genLinear(p *Prog, c *ref.Case, params ref.Params) error {
	return genProduct(p, c, params, "x", "w", "y", "bias", true, 1)
}

func genProduct(p *Prog, c *ref.Case, params ref.Params, a, b, out, bias string, nk bool, batch int) error {
	sp := &MMSpec{M: params.M, N: params.N, K: params.K, LDC: params.N, Batch: batch, SideNK: nk}
	var err error
	if sp.AAddr, sp.ABanks, err = mmTensor(c, a); err != nil {
		return err
	}
	if sp.BAddr, sp.BBanks, err = mmTensor(c, b); err != nil {
		return err
	}
	if sp.CAddr, sp.CBanks, err = mmTensor(c, out); err != nil {
		return err
	}
	if bias != "" {
		sp.HasBias = true
		if sp.BiasAddr, sp.BiasBanks, err = mmTensor(c, bias); err != nil {
			return err
		}
	}
	return MatMul(p, sp, true)
}
