package mx

import (
	"math"
	"testing"
)

// TestE4M3Decode: PLENA's values, including its subnormal rule (exponent
// 0 is (m/8)*2^-7; the emulator's test_e4m3_subnormal values).
func TestE4M3Decode(t *testing.T) {
	for _, c := range []struct {
		b    uint8
		want float64
	}{
		{0x00, 0}, {0x80, math.Copysign(0, -1)},
		{0x07, 0.0068359375}, {0x87, -0.0068359375}, {0x01, 0.0009765625}, {0x04, 0.00390625},
		{0x08, 0.015625}, {0x38, 1}, {0x3f, 1.875}, {0x77, 240}, {0xf7, -240},
		{0x78, math.Inf(1)}, {0xf8, math.Inf(-1)},
	} {
		got := DecodeE4M3(c.b)
		if float64(got) != c.want || math.Signbit(float64(got)) != math.Signbit(c.want) {
			t.Errorf("DecodeE4M3(%#02x) = %g, want %g", c.b, got, c.want)
		}
	}
	if v := DecodeE4M3(0x79); v == v {
		t.Errorf("DecodeE4M3(0x79) = %g, want NaN", v)
	}
	for _, c := range []struct {
		b    uint8
		want float64
	}{{0, 0}, {1, math.Ldexp(1, -126)}, {127, 1}, {130, 8}, {254, math.Ldexp(1, 127)}, {255, math.Inf(1)}} {
		if got := DecodeE8M0(c.b); float64(got) != c.want {
			t.Errorf("DecodeE8M0(%d) = %g, want %g", c.b, got, c.want)
		}
	}
}

// TestE4M3Encode: the emulator's store quantiser (H_STORE_V).
func TestE4M3Encode(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want uint8
		why  string
	}{
		{1, 0x38, "1.0"},
		{1.875, 0x3f, "largest mantissa"},
		{1.9375, 0x3f, "rounds up to mantissa 8: clamped to 7, no carry into the exponent"},
		{1.0625, 0x39, "a tie: half away from zero (PLENA's Python quantiser would round to even: 0x38)"},
		{-2.5, 0xc2, "negative"},
		{240, 0x77, "largest value"},
		{300, 0x77, "overflow saturates"},
		{1e30, 0x77, "far overflow saturates"},
		{math.Ldexp(1, -8), 0x04, "2^-8: subnormal 4/8 * 2^-7"},
		{math.Ldexp(1, -7), 0x07, "2^-7 has exponent -7: the subnormal encoding, saturated at 7/8 * 2^-7"},
		{math.Ldexp(1.5, -7), 0x07, "also saturates"},
		{math.Ldexp(1, -6), 0x08, "2^-6: smallest normal"},
		{math.Ldexp(1, -12), 0x00, "underflow to 0"},
	} {
		if got := EncodeE4M3(float32(c.v)); got != c.want {
			t.Errorf("EncodeE4M3(%g) = %#02x, want %#02x (%s)", c.v, got, c.want, c.why)
		}
	}
}

// TestMXBlock: the shared exponent and the scale byte of a block.
func TestMXBlock(t *testing.T) {
	elems := make([]byte, 8)
	s := EncodeBlock([]float32{1, 2, 3, 4, 5, 6, 7, 8}, elems)
	if s != 130 {
		t.Errorf("scale byte %d, want 130 (2^3: max 8)", s)
	}
	want := []byte{0x20, 0x28, 0x2c, 0x30, 0x32, 0x34, 0x36, 0x38}
	for i := range want {
		if elems[i] != want[i] {
			t.Errorf("element %d = %#02x, want %#02x", i, elems[i], want[i])
		}
		if v := DecodeE4M3(elems[i]) * DecodeE8M0(s); v != float32(i+1) {
			t.Errorf("element %d decodes to %g, want %d", i, v, i+1)
		}
	}
	if s := EncodeBlock(make([]float32, 8), elems); s != 0 {
		t.Errorf("zero block: scale byte %d, want 0", s)
	}
	nan := float32(math.NaN())
	if s := EncodeBlock([]float32{nan, 0.5, 0, 0, 0, 0, 0, 0.25}, elems); s != 126 {
		t.Errorf("NaN ignored by the max: scale byte %d, want 126", s)
	}
	// The 1e-9 added before the log2 dominates tiny blocks: exponent -30.
	if s := EncodeBlock([]float32{math.SmallestNonzeroFloat32, 0, 0, 0, 0, 0, 0, 0}, elems); s != 97 || elems[0] != 0 {
		t.Errorf("tiny block: scale byte %d, element %#02x, want 97 (floor(log2(1e-9)) = -30) and 0", s, elems[0])
	}
	// Round trip of every finite E4M3 value in a block with 1.5: what the
	// dequantiser gives re-quantises to the same value, except the values
	// that land in [2^-7, 2^-6) after the shared scale, which the store
	// quantiser encodes with exponent -7 and so saturates at 7/8 * 2^-7.
	for b := 0; b < 256; b++ {
		if b&0x78 == 0x78 {
			continue
		}
		v := DecodeE4M3(uint8(b))
		s := EncodeBlock([]float32{v, 1.5, 0, 0, 0, 0, 0, 0}, elems)
		got := DecodeE4M3(elems[0]) * DecodeE8M0(s)
		r := math.Abs(float64(v) / float64(DecodeE8M0(s)))
		if got != v && !(r >= 1.0/128 && r < 1.0/64) {
			t.Errorf("E4M3 %#02x = %g re-encodes to %#02x x 2^%d = %g", b, v, elems[0], int(s)-127, got)
		}
	}
}

// TestE4M3EncTable checks the store quantiser's table against EncodeE4M3
// for every bf16 bit pattern, and that EncodeBlock agrees with the
// element-by-element rule on blocks whose quotients are not all bf16.
func TestE4M3EncTable(t *testing.T) {
	tab := e4m3EncTable()
	for i := range tab {
		v := math.Float32frombits(uint32(i) << 16)
		if got, want := tab[i], EncodeE4M3(v); got != want {
			t.Fatalf("table[%#04x] (%g) = %#02x, want %#02x", i, v, got, want)
		}
	}
	cases := [][]float32{
		{1, 2, 3, 4, 5, 6, 7, 8},
		{1.0000001, -3.3333333, 0.1, 1e-30, -0, 7.99, 0.0078125, 448},
		{math.SmallestNonzeroFloat32, 3e-39, -1e-38, 0, 0, 0, 0, 1e-39},
		{float32(math.Inf(1)), 1, 2, 3, float32(math.NaN()), -4, 5, 6},
	}
	for _, blk := range cases {
		elems := make([]byte, 8)
		s := EncodeBlock(blk, elems)
		var maxAbs float32
		for _, x := range blk {
			if a := float32(math.Abs(float64(x))); a > maxAbs { // NaN ignored
				maxAbs = a
			}
		}
		e := max(min(rustI32(float32(math.Floor(float64(log2f(maxAbs+1e-9))))), 127), -127)
		for i, x := range blk {
			want := uint8(0)
			if x != 0 {
				want = EncodeE4M3(x / powi2(e))
			}
			if elems[i] != want {
				t.Errorf("EncodeBlock(%v) (scale %d): element %d = %#02x, want %#02x", blk, s, i, elems[i], want)
			}
		}
	}
}
