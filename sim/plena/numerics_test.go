package plena

import (
	"math"
	"testing"
)

func TestBF16FromF32(t *testing.T) {
	for _, c := range []struct {
		in   uint32
		want uint16
		why  string
	}{
		{0x3f800000, 0x3f80, "1.0"},
		{0x3f808000, 0x3f80, "1 + 2^-8: a tie, to even (down)"},
		{0x3f818000, 0x3f82, "1 + 3*2^-8: a tie, to even (up)"},
		{0x3f808001, 0x3f81, "just above the tie"},
		{0x3f807fff, 0x3f80, "just below the tie"},
		{0xbfc00000, 0xbfc0, "-1.5"},
		{0x7f7fffff, 0x7f80, "largest f32 rounds up to infinity"},
		{0x7f7f7fff, 0x7f7f, "below the half: stays finite"},
		{0x00008000, 0x0000, "subnormal tie to even: zero"},
		{0x00018000, 0x0002, "subnormal tie to even: up"},
		{0x007fffff, 0x0080, "largest subnormal carries into the smallest normal"},
		{0x7f800000, 0x7f80, "infinity"},
		{0xff800000, 0xff80, "-infinity"},
		{0x7fc00000, 0x7fc0, "quiet NaN"},
		{0xffc00000, 0xffc0, "x86's default NaN"},
		{0x7f800001, 0x7f80, "a NaN whose payload rounds away: infinity (the emulator's cast)"},
		{0x7fffffff, 0x7f80, "a NaN whose payload carries out: infinity (the emulator's cast)"},
		{0x7fc10000, 0x7fc1, "NaN payload kept"},
	} {
		if got := BF16FromF32(math.Float32frombits(c.in)); got != c.want {
			t.Errorf("BF16FromF32(%#08x) = %#04x, want %#04x (%s)", c.in, got, c.want, c.why)
		}
	}
}

func TestF16(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want uint16
	}{
		{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {65519, 0x7bff}, {65520, 0x7c00},
		{math.Ldexp(1, -24), 0x0001}, {math.Ldexp(1, -25), 0x0000}, {math.Ldexp(1.5, -25), 0x0001},
		{math.Ldexp(1, -14), 0x0400}, {0.1, 0x2e66}, {1 + math.Ldexp(1, -11), 0x3c00}, {1 + math.Ldexp(3, -11), 0x3c02},
		{math.Inf(-1), 0xfc00},
	} {
		if got := F16FromF32(float32(c.in)); got != c.want {
			t.Errorf("F16FromF32(%g) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
	if got := F16FromF32(float32(math.NaN())); got&0x7e00 != 0x7e00 {
		t.Errorf("NaN -> %#04x, want a quiet NaN", got)
	}
	// Every f16 widens exactly and rounds back to itself.
	for h := 0; h < 1<<16; h++ {
		f := F32FromF16(uint16(h))
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			if f == f {
				t.Fatalf("F32FromF16(%#04x) = %g, want NaN", h, f)
			}
			continue
		}
		if back := F16FromF32(f); back != uint16(h) {
			t.Fatalf("f16 %#04x -> %g -> %#04x", h, f, back)
		}
	}
	if got := F32FromF16(0x0001); got != float32(math.Ldexp(1, -24)) {
		t.Errorf("smallest subnormal = %g", got)
	}
}
