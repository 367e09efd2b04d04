package plena

import (
	"math"
	"testing"
)

// NaN results, bit for bit, op by op, as PLENA's emulator produces them
// on its x86 hosts (SEMANTICS.md, "NaN results"). E is
// AICrossSim/PLENA_Simulator@ce0c59ad:transactional_emulator; each case
// names the line its expected value follows. Values are bf16 bits in
// Vector SRAM rows and f16 bits in the f registers. The NaN rule: one NaN
// operand comes back quieted (quiet bit set, sign and payload kept);
// ∞−∞, 0·∞, 0/0 and sqrt of a negative give x86's default NaN
// 0xffc00000 (bf16 0xffc0, f16 0xfe00); the bf16 and f16 casts keep the
// sign (E/lib/quantize/src/dtype.rs:50-55,170; half 2.6.0
// src/binary16/arch.rs:493-496).

const (
	bfQP   = 0x7fc1 // quiet +NaN with a payload
	bfQN   = 0xffd0 // quiet −NaN with a payload
	bfSP   = 0x7f81 // signalling +NaN: quieted to 0x7fc1
	bfSN   = 0xff81 // signalling −NaN: quieted to 0xffc1
	bfInf  = 0x7f80
	bfNInf = 0xff80
	bfOne  = 0x3f80
	bfTwo  = 0x4000
	bfDNaN = 0xffc0 // x86's default NaN 0xffc00000 as bf16
	bfPNaN = 0x7fc0 // its negation

	hQN   = 0xfe01 // quiet −NaN with a payload (f16)
	hSP   = 0x7c01 // signalling +NaN: quieted to 0x7e01
	hInf  = 0x7c00
	hNInf = 0xfc00
	hOne  = 0x3c00
	hDNaN = 0xfe00 // 0xffc00000 as f16
)

func bfBits(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// TestVectorNaN: the element-wise vector ops on rows a (row 1) and b (row
// 2) and the scalar f (f1) write row 3; each case fills the rows with its
// pairs repeated and checks every element.
func TestVectorNaN(t *testing.T) {
	type pair struct{ a, b, want uint16 }
	for _, c := range []struct {
		name, src, line string
		f               uint16
		pairs           []pair
	}{
		{"V_ADD_VV", "V_ADD_VV gp3, gp1, gp2, 0", "main.rs:823 (libtorch add)", 0, []pair{
			{bfQN, bfOne, bfQN}, {bfOne, bfQN, bfQN}, {bfSP, bfOne, 0x7fc1}, {bfInf, bfNInf, bfDNaN}, {bfOne, bfOne, bfTwo}}},
		{"V_SUB_VV", "V_SUB_VV gp3, gp1, gp2, 0", "main.rs:851 (libtorch sub)", 0, []pair{
			{bfQN, bfOne, bfQN}, {bfOne, bfSP, 0x7fc1}, {bfOne, bfSN, 0xffc1}, {bfInf, bfInf, bfDNaN}, {bfOne, bfOne, 0}}},
		{"V_MUL_VV", "V_MUL_VV gp3, gp1, gp2, 0", "main.rs:875 (libtorch mul)", 0, []pair{
			{bfQN, bfTwo, bfQN}, {bfTwo, bfSN, 0xffc1}, {0, bfInf, bfDNaN}, {bfNInf, 0x8000, bfDNaN}}},
		{"V_ADD_VF NaN f", "V_ADD_VF gp3, gp1, f1, 0", "main.rs:721", hQN, []pair{
			{bfOne, 0, 0xffc0}, {bfInf, 0, 0xffc0}}}, // f = 0xffc02000 in f32: its payload rounds away
		{"V_ADD_VF", "V_ADD_VF gp3, gp1, f1, 0", "main.rs:721", hNInf, []pair{
			{bfInf, 0, bfDNaN}, {bfSP, 0, 0x7fc1}, {bfOne, 0, bfNInf}}},
		{"V_SUB_VF", "V_SUB_VF gp3, gp1, f1, 0, 0", "main.rs:758 (row - f)", hInf, []pair{
			{bfInf, 0, bfDNaN}, {bfQN, 0, bfQN}, {bfOne, 0, bfNInf}}},
		// f − row is tch's neg(row − f) (tch 0.20.0 src/tensor/ops.rs,
		// impl_op_basic!(Sub, sub, g_sub_scalar, neg)): every NaN has the
		// sign of row − f's flipped, ∞ − ∞ gives +NaN, x − x gives −0.
		{"V_SUB_VF rorder", "V_SUB_VF gp3, gp1, f1, 0, 1", "main.rs:762 ((f as f64) - tensor)", hInf, []pair{
			{bfInf, 0, bfPNaN}, {bfQN, 0, 0x7fd0}, {bfQP, 0, 0xffc1}, {bfSN, 0, 0x7fc1}, {bfOne, 0, bfInf}}},
		{"V_SUB_VF rorder x-x", "V_SUB_VF gp3, gp1, f1, 0, 1", "main.rs:762", hOne, []pair{
			{bfOne, 0, 0x8000}, {bfTwo, 0, 0xbf80}, {0, 0, bfOne}}},
		{"V_SUB_VF rorder NaN f", "V_SUB_VF gp3, gp1, f1, 0, 1", "main.rs:762", hQN, []pair{
			{bfOne, 0, 0x7fc0}, {bfInf, 0, 0x7fc0}}}, // −quiet(f); with a NaN row too the emulator's choice is libtorch's FMA encoding (SEMANTICS.md)
		{"V_SUB_VF rorder masked", "S_ADDI_INT gp5, gp0, 1\nC_SET_V_MASK_REG gp5\nV_SUB_VF gp3, gp1, f1, 1, 1", "main.rs:779", hInf, []pair{
			{bfInf, 0, bfPNaN}, {bfQN, 0, 0x7fd0}}}, // segment 0 only; the rest copy rs1 (checked below)
		{"V_MUL_VF", "V_MUL_VF gp3, gp1, f1, 0", "main.rs:795", 0, []pair{
			{bfInf, 0, bfDNaN}, {bfSN, 0, 0xffc1}, {bfOne, 0, 0}}},
		{"V_MUL_VF NaN f", "V_MUL_VF gp3, gp1, f1, 0", "main.rs:795", 0x7d00, []pair{
			{bfOne, 0, 0x7fe0}, {0, 0, 0x7fe0}}}, // f16 0x7d00 (signalling) widens to 0x7fe00000
		{"V_EXP_V", "V_EXP_V gp3, gp1, 0", "main.rs:899 (libtorch exp: one NaN operand throughout)", 0, []pair{
			{bfSN, 0, 0xffc1}, {bfQP, 0, bfQP}, {bfNInf, 0, 0}, {bfInf, 0, bfInf}}},
		{"V_RECI_V", "V_RECI_V gp3, gp1, 0", "main.rs:923 (libtorch reciprocal, 1/x)", 0, []pair{
			{bfQN, 0, bfQN}, {bfSP, 0, 0x7fc1}, {0, 0, bfInf}, {0x8000, 0, bfNInf}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "S_ADDI_INT gp1, gp0, 64\nS_ADDI_INT gp2, gp0, 128\nS_ADDI_INT gp3, gp0, 192\n" + c.src
			var a []float32
			m := runWith(t, src, func(m *Machine) {
				vl := m.cfg.VLEN
				a, b := make([]float32, vl), make([]float32, vl)
				for i := range a {
					p := c.pairs[i%len(c.pairs)]
					a[i], b[i] = bfBits(p.a), bfBits(p.b)
				}
				m.setRow(1, a)
				m.setRow(2, b)
				m.SetF(1, c.f)
			})
			a = m.testRow(1)
			got := m.testRow(3)
			masked := c.name == "V_SUB_VF rorder masked"
			for i, g := range got {
				want := c.pairs[i%len(c.pairs)].want
				if masked && i >= m.cfg.HLEN {
					want = uint16(math.Float32bits(a[i]) >> 16)
				}
				if gb := uint16(math.Float32bits(g) >> 16); gb != want {
					t.Fatalf("%s element %d (a %#04x, b %#04x, f %#04x): %#04x, want %#04x (E/src/%s)",
						c.src, i, math.Float32bits(a[i])>>16, c.pairs[i%len(c.pairs)].b, c.f, gb, want, c.line)
				}
			}
		})
	}
}

// TestScalarNaN: the f-register ops, f3 = op(f1, f2) in f16 (the half
// crate computes each in f32: half 2.6.0 src/binary16/arch.rs:813-830,
// and rounds back keeping the sign, 493-496).
func TestScalarNaN(t *testing.T) {
	for _, c := range []struct {
		src, line    string
		f1, f2, want uint16
	}{
		{"S_ADD_FP f3, f1, f2", "main.rs:1874", hQN, hOne, hQN},
		{"S_ADD_FP f3, f1, f2", "main.rs:1874", hOne, hSP, 0x7e01},
		{"S_ADD_FP f3, f1, f2", "main.rs:1874", hInf, hNInf, hDNaN},
		{"S_SUB_FP f3, f1, f2", "main.rs:1879", hInf, hInf, hDNaN},
		{"S_SUB_FP f3, f1, f2", "main.rs:1879", hOne, 0xfd00, 0xff00},
		{"S_MUL_FP f3, f1, f2", "main.rs:1891", 0, hInf, hDNaN},
		{"S_MUL_FP f3, f1, f2", "main.rs:1891", 0xfc01, 0x4000, 0xfe01},
		{"S_RECI_FP f3, f1", "main.rs:1901 (f16::ONE / x)", 0xfc01, 0, 0xfe01},
		{"S_RECI_FP f3, f1", "main.rs:1901", 0, 0, hInf},
		{"S_RECI_FP f3, f1", "main.rs:1901", 0x8000, 0, hNInf},
		{"S_SQRT_FP f3, f1", "main.rs:1906 (f32::sqrt)", 0xbc00, 0, hDNaN},
		{"S_SQRT_FP f3, f1", "main.rs:1906", hNInf, 0, hDNaN},
		{"S_SQRT_FP f3, f1", "main.rs:1906", 0x8000, 0, 0x8000},
		{"S_SQRT_FP f3, f1", "main.rs:1906", hSP, 0, 0x7e01},
		{"S_EXP_FP f3, f1", "main.rs:1896 (f32::exp, glibc expf: x + x)", 0xfc01, 0, 0xfe01},
		{"S_EXP_FP f3, f1", "main.rs:1896", hNInf, 0, 0},
	} {
		m := runWith(t, c.src, func(m *Machine) {
			m.SetF(1, c.f1)
			m.SetF(2, c.f2)
		})
		if got := m.F(3); got != c.want {
			t.Errorf("%s (f1 %#04x, f2 %#04x) = %#04x, want %#04x (E/src/%s)", c.src, c.f1, c.f2, got, c.want, c.line)
		}
	}
}

// TestReduceNaN: V_RED_SUM and V_RED_MAX into f1 from a row of ones
// with the given elements at the front.
func TestReduceNaN(t *testing.T) {
	for _, c := range []struct {
		name, src, line string
		f               uint16
		front           []uint16
		want            uint16
	}{
		// fd + Σ row (main.rs:965): one NaN comes through quieted.
		{"sum, NaN element", "V_RED_SUM f1, gp1", "main.rs:965", hOne, []uint16{bfQN}, 0xfe80},
		{"sum, NaN f", "V_RED_SUM f1, gp1", "main.rs:965", hQN, nil, hQN},
		{"sum, inf - inf", "V_RED_SUM f1, gp1", "main.rs:965", hOne, []uint16{bfInf, bfNInf}, hDNaN},
		{"sum, f -inf, row inf", "V_RED_SUM f1, gp1", "main.rs:965", hNInf, []uint16{bfInf}, hDNaN},
		// f32::max(row max, fd) (main.rs:988): a NaN row max gives fd
		// itself, a NaN fd gives the row max (LLVM's x86 maxnum: the
		// second operand when the first is NaN).
		{"max, NaN element", "V_RED_MAX f1, gp1, 0", "main.rs:988", hOne, []uint16{bfQN}, hOne},
		{"max, NaN element and NaN f", "V_RED_MAX f1, gp1, 0", "main.rs:988", hQN, []uint16{bfQP}, hQN},
		{"max, NaN f", "V_RED_MAX f1, gp1, 0", "main.rs:988", hQN, []uint16{bfTwo}, 0x4000},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := runWith(t, "S_ADDI_INT gp1, gp0, 64\n"+c.src, func(m *Machine) {
				row := make([]float32, m.cfg.VLEN)
				for i := range row {
					row[i] = 1
				}
				for i, h := range c.front {
					row[i] = bfBits(h)
				}
				m.setRow(1, row)
				m.SetF(1, c.f)
			})
			if got := m.F(1); got != c.want {
				t.Errorf("%s = %#04x, want %#04x (E/src/%s)", c.src, got, c.want, c.line)
			}
		})
	}
}

// TestPrefetchNaN: H_PREFETCH_V dequantises E4M3 × E8M0 as f32 products
// (main.rs:1234, `*elem *= scale_val`) of the cast's values (dtype.rs:
// sign kept, the 3 mantissa bits at the top of the payload, so 0x79 is the
// signalling 0x7f900000, quieted by the product to 0x7fd00000); E8M0 255
// is +∞ and 0 is 0.0, so 0·∞ gives the default NaN.
func TestPrefetchNaN(t *testing.T) {
	codes := make([]byte, 64*64)
	for i := range codes {
		codes[i] = 0x38 // 1.0
	}
	scales := make([]byte, len(codes)/8)
	for i := range scales {
		scales[i] = 127
	}
	type el struct {
		code byte
		want uint16
	}
	blocks := []struct {
		scale byte
		els   []el
	}{
		{127, []el{{0x79, 0x7fd0}, {0xf9, 0xffd0}, {0x7f, 0x7ff0}, {0xfc, 0xffc0}, {0x78, bfInf}, {0x38, bfOne}, {0x7a, 0x7fe0}, {0xfb, 0xfff0}}},
		{0, []el{{0x78, bfDNaN}, {0xf8, bfDNaN}, {0x79, 0x7fd0}, {0x38, 0}, {0xb8, 0x8000}, {0xf9, 0xffd0}, {0, 0}, {0x80, 0x8000}}},
		{255, []el{{0, bfDNaN}, {0x80, bfDNaN}, {0x38, bfInf}, {0xb8, bfNInf}, {0xf9, 0xffd0}, {0x7c, 0x7fc0}, {0x01, bfInf}, {0x81, bfNInf}}},
	}
	for b, blk := range blocks {
		scales[b] = blk.scale
		for i, e := range blk.els {
			codes[8*b+i] = e.code
		}
	}
	m := runWith(t, `S_ADDI_INT gp1, gp0, 1024
C_SET_ADDR_REG a1, gp0, gp1
S_LUI_INT gp2, 1
C_SET_SCALE_REG gp2
S_ADDI_INT gp3, gp0, 64
C_SET_STRIDE_REG gp3
H_PREFETCH_V gp0, gp0, a1, 0, 0`, func(m *Machine) { mxImage(m, 1024, codes, scales) })
	got := m.testRow(0)
	for b, blk := range blocks {
		for i, e := range blk.els {
			if g := uint16(math.Float32bits(got[8*b+i]) >> 16); g != e.want {
				t.Errorf("E4M3 %#02x × E8M0 %d = %#04x, want %#04x (E/src/main.rs:1234)", e.code, blk.scale, g, e.want)
			}
		}
	}
}
