package aie2

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestMacInt8xInt4 runs the int8 x int4 4x16x8 mode (configuration 0 |
// sign bits) through vmul, vmac and vmsc against a plain-loop model:
// C[r][n] = ±acc + ±Σk X[r][k]·Y[k][n], X row-major 4x16 bytes, Y
// row-major 16x8 nibbles (element i in byte i/2, low nibble first),
// signed or unsigned by the configuration's sgn_x and sgn_y.
func TestMacInt8xInt4(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 9))
	for _, c := range []struct {
		op         string
		sp, sa     int64
		sgnX, sgnY bool
	}{
		{"vmul cm2, x0, x1, r0", 1, 0, true, true},
		{"vmac cm2, cm0, x0, x1, r0", 1, 1, true, true},
		{"vmsc cm2, cm0, x0, x1, r0", -1, 1, true, false},
		{"vmac cm2, cm0, x0, x1, r0", 1, 1, false, true},
		{"vnegmac cm2, cm0, x0, x1, r0", -1, -1, false, false},
	} {
		x, y := make([]byte, 64), make([]byte, 64)
		for i := range x {
			x[i], y[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		acc := make([]byte, 128)
		for i := 0; i < 32; i++ {
			binary.LittleEndian.PutUint32(acc[4*i:], r.Uint32())
		}
		cfg := uint64(0)
		if c.sgnX {
			cfg |= cfgSgnX
		}
		if c.sgnY {
			cfg |= cfgSgnY
		}
		m := build(t, c.op+"\nnop\nnop\nnop\nnop\nnop\ndone\n", Options{})
		m.SetVec("x0", x)
		m.SetVec("x1", y)
		m.SetVec("cm0", acc)
		m.SetReg("r0", cfg)
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %v", c.op, h)
		}
		out, _ := m.Vec("cm2")
		for row := 0; row < 4; row++ {
			for n := 0; n < 8; n++ {
				var sum int64
				for k := 0; k < 16; k++ {
					xv := int64(x[row*16+k])
					if c.sgnX {
						xv = int64(int8(x[row*16+k]))
					}
					e := k*8 + n
					yv := int64(y[e/2]>>(4*(e%2))) & 15
					if c.sgnY && yv >= 8 {
						yv -= 16
					}
					sum += xv * yv
				}
				lane := row*8 + n
				a := int64(int32(binary.LittleEndian.Uint32(acc[4*lane:])))
				want := uint32(c.sp*sum + c.sa*a)
				if got := binary.LittleEndian.Uint32(out[4*lane:]); got != want {
					t.Errorf("%s (cfg %#x) lane %d: %#x, want %#x", c.op, cfg, lane, got, want)
				}
			}
		}
	}
}
