package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// The convolutions, in the manner of mlir-aie's conv2dk3_dw.cc
// (depthwise, channels last, vectorised over the channels): bf16
// element-wise MACs (configuration 60: lane i = X[i]·Y[i] + X[i+16]·Y[i+16])
// with one of the two operands zero in lanes 16..31, so each vmac.f adds
// one tap's products for 16 channels into fp32 lanes; four partial
// accumulators per channel block take the taps in rotation (a vmac.f
// reads its accumulator in cycle 3 and writes it in cycle 6), summed with
// vadd.f; results rounded to bf16 to nearest even.
//
// Channel counts that are not a multiple of 16 leave pixels and taps off
// the 32-byte grid of AIE2's vector loads: such vectors are read as two
// aligned 32-byte chunks and shifted into place with vshift (an unaligned
// window); weights whose rows are misaligned are realigned once into the
// kernel's own 1 KiB at 0x70000, zero in lanes 16..31; lanes beyond C
// carry neighbouring data that only reaches lanes that are never stored.
// Taps that fall into the zero padding read a zero buffer at 0x70000.
// Outputs that are not whole aligned vectors are staged in the kernel's
// area and copied out a word at a time.

func init() {
	register("depthwise_conv", genDepthwise)
}

// Kernel-area layout of the convolutions.
const (
	scrBase   = 0x70000 // zero buffer (128 bytes)
	scrWPad   = 128     // realigned weights, 32 bytes per (tap, block)
	scrStage  = 992     // one 32-byte output block on its way out
	scrZeroSz = 128
)

// accName is the i-th fp32 accumulator (bml0..8, then bmh0..8).
func accName(i int) string {
	if i < 9 {
		return fmt.Sprintf("bml%d", i)
	}
	return fmt.Sprintf("bmh%d", i-9)
}

// Scalar temporaries of the taps, two sets used by alternate taps so that
// neighbouring taps' address arithmetic overlaps.
var tapTemps = [2][4]string{{"r22", "r23", "r24", "r25"}, {"r28", "r29", "r30", "r31"}}

// genDepthwise: y[oh,ow,c] = bias[c] + sum x[oh*s+kh-pad, ow*s+kw-pad, c]
// * w[kh,kw,c], one output pixel per iteration of a row and a column loop,
// the taps unrolled.
func genDepthwise(p *Prog, c *ref.Case, params ref.Params) error {
	for i, n := range []string{"x", "w", "bias", "y"} {
		r, err := Reg(c, n)
		if err != nil {
			return err
		}
		if want := fmt.Sprintf("p%d", i); r != want {
			return fmt.Errorf("tensor %s in %s, want %s", n, r, want)
		}
	}
	C, H, W := params.Cin, params.Hin, params.Win
	KH, KW, pad, s := params.KH, params.KW, params.Pad, params.Stride
	if s == 0 {
		s = 1
	}
	if C <= 0 || params.Cout != C {
		return fmt.Errorf("depthwise needs C_in = C_out > 0 (have %d, %d)", C, params.Cout)
	}
	if C%2 != 0 {
		return fmt.Errorf("odd channel count C = %d not supported yet", C)
	}
	if KH > 5 || KH < 1 || KW < 1 {
		return fmt.Errorf("KH = %d, KW = %d: 1..5 kernel rows supported", KH, KW)
	}
	OH := (H+2*pad-KH)/s + 1
	OW := (W+2*pad-KW)/s + 1
	nb := (C + 15) / 16
	if nb > 3 {
		return fmt.Errorf("more than 48 channels (C = %d) not supported yet", C)
	}
	taps := KH * KW
	c2 := 2 * C
	alignedX := c2%32 == 0 // every pixel and tap row on the 32-byte grid
	wpad := !alignedX && scrWPad+taps*nb*32 <= scrStage
	// Y (weights) is zero in lanes 16..31 when read from an aligned row or
	// the realigned copy; otherwise X is (moved into a zeroed register).
	zeroY := alignedX || wpad
	border := pad > 0 || s*(OH-1)+KH > H || s*(OW-1)+KW > W
	maxW := (taps*C + 16*(nb-1)) * 2
	if (alignedX && maxW > 992) || (!zeroY && maxW+32 > 992+512) || s*c2 > 63*32 {
		return fmt.Errorf("weights of %d bytes: offsets beyond the load immediates not supported yet", taps*c2)
	}

	prologue(p)
	pre := &opBuilder{b: newBlock()}
	con := func(r string, v int) {
		if v >= -1024 && v <= 1023 {
			pre.alu(fmt.Sprintf("movx %s, #%d", r, v), r)
		} else {
			pre.alu(fmt.Sprintf("movxm %s, #%d", r, v), r)
		}
	}
	// r0, r1 row and column counts; r2 conf 60, r3 conf 61 (zeroing), r4
	// 0, r5 31, r6 H, r7 W, r8 2C, r9 the pixel's address (input row
	// oh*s-pad, column ow*s-pad), r10 oh*s-pad, r11 ow*s-pad, r12 the
	// row's first pixel address, r13 x, r14 the zero buffer, r15 s*2C, r16
	// s*W*2C, r17.. kh*W*2C, r26 a tap row's address, r27 a tap's
	// validity.
	con("r2", 60)
	con("r3", 61)
	con("r4", 0)
	con("r5", 31)
	con("r6", H)
	con("r7", W)
	con("r8", c2)
	con("r15", s*c2)
	con("r16", s*W*c2)
	for kh := 0; kh < KH; kh++ {
		con(fmt.Sprintf("r%d", 17+kh), kh*W*c2)
	}
	con("r14", scrBase)
	pre.op("mov r13, p0", rd(1, "p0"), rd(1, "r13"))
	pre.op(fmt.Sprintf("movxm p4, #%d", scrBase), nil, rd(1, "p4"))
	pre.op(fmt.Sprintf("movxm p0, #%d", scrBase+scrStage), nil, rd(1, "p0"))
	pre.op("mov p5, p1", rd(1, "p1"), rd(1, "p5"))
	pre.op("padda [p5], #512", rd(1, "p5"), rd(1, "p5"))
	// Zero the registers whose high halves must stay zero, and the zero
	// buffer.
	for _, x := range []string{"x0", "x1", "x2", "x6", "x7", "x8", "x9", "x10", "x11"} {
		pre.vec2(fmt.Sprintf("vbcst.16 %s, r4", x), x, "r4")
	}
	for off := 0; off < scrZeroSz; off += 32 {
		pre.op(fmt.Sprintf("vst wl9, [p4, #%d]", off), rd(1, "wl9", "p4"), rd(5, "M:zero"))
	}
	// Realigned weights: a 32-byte row of 16 bf16 per (tap, block).
	if wpad {
		k := 0
		for t := 0; t < taps; t++ {
			for b := 0; b < nb; b++ {
				off := (t*C + 16*b) * 2
				fl, m := off&^31, off&31
				T := 3 + k%3
				tm := tapTemps[k%2][0]
				pre.vld(fmt.Sprintf("vlda wl%d, [p1, #%d]", T, fl), fmt.Sprintf("wl%d", T), "p1", "")
				pre.vld(fmt.Sprintf("vlda wh%d, [p1, #%d]", T, fl+32), fmt.Sprintf("wh%d", T), "p1", "")
				pre.alu(fmt.Sprintf("movx %s, #%d", tm, m), tm)
				xt := fmt.Sprintf("x%d", T)
				pre.vec2(fmt.Sprintf("vshift %s, %s, %s, %s", xt, xt, xt, tm), xt, xt, tm)
				pre.op(fmt.Sprintf("vst wl%d, [p4, #%d]", T, scrWPad+(t*nb+b)*32),
					rd(1, fmt.Sprintf("wl%d", T), "p4"), rd(5, "M:wpad"))
				k++
			}
		}
	}
	con("r0", OH)
	con("r12", -(pad*W+pad)*c2)
	pre.alu("add r12, r12, r13", "r12", "r12", "r13")
	con("r10", -pad)
	if pre.err != nil {
		return pre.err
	}
	if err := pre.b.emit(p, ""); err != nil {
		return err
	}

	rowTop, colTop := p.NewLabel("dwrow"), p.NewLabel("dwcol")
	p.Align16()
	p.Label(rowTop)
	rb := &opBuilder{b: newBlock()}
	rb.alu("add r9, r12, #0", "r9", "r12")
	rb.alu(fmt.Sprintf("movx r11, #%d", -pad), "r11")
	rb.alu(fmt.Sprintf("movx r1, #%d", OW), "r1")
	if rb.err != nil {
		return rb.err
	}
	if err := rb.b.emit(p, ""); err != nil {
		return err
	}

	p.Align16()
	p.Label(colTop)
	pb := &opBuilder{b: newBlock()}
	K := min(4, taps)
	for b := 0; b < nb; b++ {
		pb.vld(fmt.Sprintf("vlda.conv.fp32.bf16 %s, [p2, #%d]", accName(b*4), 32*b), accName(b*4), "p2", "")
	}
	idx := 0
	for kh := 0; kh < KH; kh++ {
		pb.alu(fmt.Sprintf("add r26, r9, r%d", 17+kh), "r26", "r9", fmt.Sprintf("r%d", 17+kh))
		prevAddr := "r26"
		for kw := 0; kw < KW; kw++ {
			t := kh*KW + kw
			tt := tapTemps[t%2]
			tA, tB, tC, tM := tt[0], tt[1], tt[2], tt[3]
			if kw > 0 {
				pb.alu(fmt.Sprintf("add %s, %s, r8", tC, prevAddr), tC, prevAddr, "r8")
			} else {
				pb.alu(fmt.Sprintf("add %s, r26, #0", tC), tC, "r26")
			}
			prevAddr = tC
			addr := tC
			if border {
				pb.alu(fmt.Sprintf("add %s, r10, #%d", tA, kh), tA, "r10")
				pb.alu(fmt.Sprintf("ltu %s, %s, r6", tA, tA), tA, tA, "r6")
				pb.alu(fmt.Sprintf("add %s, r11, #%d", tB, kw), tB, "r11")
				pb.alu(fmt.Sprintf("ltu %s, %s, r7", tB, tB), tB, tB, "r7")
				pb.alu(fmt.Sprintf("and r27, %s, %s", tA, tB), "r27", tA, tB)
				pb.alu(fmt.Sprintf("sel.nez %s, %s, r14, r27", tA, tC), tA, tC, "r14", "r27")
				addr = tA
			}
			pX := fmt.Sprintf("p%d", 6+t%2)
			if alignedX {
				pb.op(fmt.Sprintf("mov %s, %s", pX, addr), rd(1, addr), rd(1, pX))
			} else {
				pb.alu(fmt.Sprintf("and %s, %s, r5", tM, addr), tM, addr, "r5")
				pb.alu(fmt.Sprintf("sub %s, %s, %s", tB, addr, tM), tB, addr, tM)
				pb.op(fmt.Sprintf("mov %s, %s", pX, tB), rd(1, tB), rd(1, pX))
			}
			for b := 0; b < nb; b++ {
				q := idx % 3
				idx++
				V := fmt.Sprintf("x%d", 6+q)
				if alignedX {
					pb.vld(fmt.Sprintf("vlda wl%d, [%s, #%d]", 6+q, pX, 32*b), fmt.Sprintf("wl%d", 6+q), pX, "")
				} else {
					T := fmt.Sprintf("x%d", 3+q)
					pb.vld(fmt.Sprintf("vlda wl%d, [%s, #%d]", 3+q, pX, 32*b), fmt.Sprintf("wl%d", 3+q), pX, "")
					pb.vld(fmt.Sprintf("vldb wh%d, [%s, #%d]", 3+q, pX, 32*b+32), fmt.Sprintf("wh%d", 3+q), pX, "")
					pb.vec2(fmt.Sprintf("vshift %s, %s, %s, %s", V, T, T, tM), V, T, tM)
				}
				X, Y := V, fmt.Sprintf("x%d", q)
				off := (t*C + 16*b) * 2
				switch {
				case alignedX:
					pb.vld(fmt.Sprintf("vlda wl%d, [p1, #%d]", q, off), fmt.Sprintf("wl%d", q), "p1", "")
				case wpad:
					pb.vld(fmt.Sprintf("vlda wl%d, [p4, #%d]", q, scrWPad+(t*nb+b)*32), fmt.Sprintf("wl%d", q), "p4", "M:wpad")
				default:
					fl, m := off&^31, off&31
					base := "p1"
					if fl+32 > 992 {
						base, fl = "p5", fl-512
					}
					pb.vld(fmt.Sprintf("vlda wl%d, [%s, #%d]", q, base, fl), fmt.Sprintf("wl%d", q), base, "")
					pb.vld(fmt.Sprintf("vlda wh%d, [%s, #%d]", q, base, fl+32), fmt.Sprintf("wh%d", q), base, "")
					pb.alu(fmt.Sprintf("movx %s, #%d", tt[1], m), tt[1])
					pb.vec2(fmt.Sprintf("vshift %s, %s, %s, %s", Y, Y, Y, tt[1]), Y, Y, tt[1])
					X = fmt.Sprintf("x%d", 9+q)
					pb.vec2(fmt.Sprintf("vmov wl%d, wl%d", 9+q, 6+q), fmt.Sprintf("wl%d", 9+q), fmt.Sprintf("wl%d", 6+q))
				}
				acc := accName(b*4 + t%4)
				if t%4 != 0 && t < 4 {
					pb.mac(fmt.Sprintf("vmac.f %s, %s, %s, %s, r3", acc, acc, X, Y), acc, "", X, Y, "r3")
				} else {
					pb.mac(fmt.Sprintf("vmac.f %s, %s, %s, %s, r2", acc, acc, X, Y), acc, acc, X, Y, "r2")
				}
			}
		}
	}
	vadd := func(d, a, b string) {
		pb.op(fmt.Sprintf("vadd.f %s, %s, %s, r4", d, a, b), cat(rd(1, a, b, "r4"), rd(3, a, b)), rd(6, d))
	}
	for b := 0; b < nb; b++ {
		a := func(k int) string { return accName(b*4 + k) }
		switch K {
		case 2:
			vadd(a(0), a(0), a(1))
		case 3:
			vadd(a(0), a(0), a(1))
			vadd(a(0), a(0), a(2))
		case 4:
			vadd(a(0), a(0), a(1))
			vadd(a(2), a(2), a(3))
			vadd(a(0), a(0), a(2))
		}
	}
	wi := 0
	for b := 0; b < nb; b++ {
		acc := accName(b * 4)
		if alignedX {
			pb.op(fmt.Sprintf("vst.conv.bf16.fp32 %s, [p3, #%d]", acc, 32*b), rd(1, acc, "p3"), nil)
			if b == nb-1 {
				pb.op(fmt.Sprintf("padda [p3], #%d", c2), rd(1, "p3"), rd(1, "p3"))
			}
			continue
		}
		pb.op(fmt.Sprintf("vst.conv.bf16.fp32 %s, [p0, #0]", acc), rd(1, acc, "p0"), rd(7, "M:stage"))
		nv := min(16, C-16*b)
		for i := 0; i < nv/2; i++ {
			r := tapTemps[wi%2][wi/2%4]
			wi++
			pb.op(fmt.Sprintf("lda %s, [p0, #%d]", r, 4*i), cat(rd(1, "p0"), rd(5, "M:stage")), rd(7, r))
			pb.op(fmt.Sprintf("st %s, [p3], #4", r), rd(1, r, "p3"), rd(1, "p3"))
		}
	}
	pb.alu("add r9, r9, r15", "r9", "r9", "r15")
	pb.alu(fmt.Sprintf("add r11, r11, #%d", s), "r11", "r11")
	pb.alu("add r1, r1, #-1", "r1", "r1")
	if pb.err != nil {
		return pb.err
	}
	if err := pb.b.emit(p, "jnz r1, #"+colTop, "r1"); err != nil {
		return err
	}

	eb := &opBuilder{b: newBlock()}
	eb.alu("add r12, r12, r16", "r12", "r12", "r16")
	eb.alu(fmt.Sprintf("add r10, r10, #%d", s), "r10", "r10")
	eb.alu("add r0, r0, #-1", "r0", "r0")
	if eb.err != nil {
		return eb.err
	}
	if err := eb.b.emit(p, "jnz r0, #"+rowTop, "r0"); err != nil {
		return err
	}
	p.Op("done")
	return nil
}
