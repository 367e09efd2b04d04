package mx

import (
	"encoding/binary"
	"math"
	"testing"
)

// TestKnownBlocks: hand-worked blocks through quantiseBlocks and
// encodeBlocks (TestQuantiseMXVector and TestMXEncodeVector compare the
// loops with the scalar code on many more).
func TestKnownBlocks(t *testing.T) {
	if !vectorAvailable() {
		t.Skip("no vector loops on this host")
	}
	for _, tc := range []struct {
		name   string
		in     [8]float64
		want   [8]float64 // quantised
		mask   byte       // the elements left to the caller: zeros
		codes  [8]byte
		scale  byte
		stable bool
	}{
		{"powers of two", [8]float64{1, 2, 0.5, -1, 0.25, 1.5, -0.75, 1.875},
			[8]float64{1, 2, 0.5, -1, 0.25, 1.5, -0.75, 1.875}, 0,
			[8]byte{0x30, 0x38, 0x28, 0xb0, 0x20, 0x34, 0xac, 0x37}, 128, true},
		{"rounding", [8]float64{1, 1.0625, 1.1875, 1.96875, 0, 0, 0, 0},
			[8]float64{1, 1, 1.25, 1.875, 0, 0, 0, 0}, 0xf0, // 1.0625: tie to even (down); 1.96875 saturates at 7
			[8]byte{0x38, 0x38, 0x3a, 0x3f, 0, 0, 0, 0}, 127, true},
		{"clamped exponent", [8]float64{1, 0x1p-8, 0x1p-10, 0x1.8p-9, 0, 0, 0, 0},
			[8]float64{1, 0x1p-8, 0x1p-10, 0x1.8p-9, 0, 0, 0, 0}, 0xf0, // (m/8)*2^-7: m = 4, 1, 3
			[8]byte{0x38, 0x04, 0x01, 0x03, 0, 0, 0, 0}, 127, true},
	} {
		x := tc.in
		var mask, exps [1]byte
		out := make([]byte, 32)
		stable := quantiseBlocks(x[:], mask[:], exps[:], out)
		if mask[0] != tc.mask || x != tc.want || stable != tc.stable {
			t.Errorf("%s: quantiseBlocks gives %v (mask %#x, stable %v), want %v (mask %#x, stable %v)", tc.name, x, mask[0], stable, tc.want, tc.mask, tc.stable)
		}
		for i, v := range tc.want {
			if tc.mask&(1<<i) != 0 {
				binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(float32(v))) // the caller's part
			}
			if got := binary.LittleEndian.Uint32(out[4*i:]); got != math.Float32bits(float32(v)) {
				t.Errorf("%s: element %d's float32 bits %#x, want those of %g", tc.name, i, got, v)
			}
		}
		codes, scales := make([]byte, 8), make([]byte, 1)
		if n := encodeBlocks(out, codes, scales); n != 1 || [8]byte(codes) != tc.codes || scales[0] != tc.scale {
			t.Errorf("%s: encodeBlocks gives %d blocks, codes %#v scale %d, want %#v %d", tc.name, n, codes, scales[0], tc.codes, tc.scale)
		}
	}
}
