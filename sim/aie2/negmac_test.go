package aie2

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestNegSubMac runs vnegmac, vnegmsc, vsubmac and vsubmsc (and, for
// reference, vmac, vmsc, vaddmac, vaddmsc) in the int8 4x8x8 acc32 mode
// against a model of the matrix product written with plain loops: C[r][n]
// = s1·acc1 + s2·acc2 + sp·Σk X[r][k]·Y[k][n] (mod 2^32), the signs by the
// opcode (vnegmac −acc − XY, vnegmsc −acc + XY, vsubmac acc1 − acc2 + XY,
// vsubmsc acc1 − acc2 − XY) flipped again by the configuration's sub_mul,
// sub_acc1 and sub_acc2 bits; the result lands in cycle 5 (II_VNEGMAC,
// II_VADDMAC).
func TestNegSubMac(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 5))
	cases := []struct {
		src            string
		two            bool // a second accumulator
		sp, s1, s2     int64
		cfgMul, cfgAcc bool // set sub_mul, sub_acc1 (or sub_acc2 with two) in the configuration
	}{
		{"vmac cm2, cm0, x0, x1, r0", false, 1, 1, 0, false, false},
		{"vmsc cm2, cm0, x0, x1, r0", false, -1, 1, 0, false, false},
		{"vnegmac cm2, cm0, x0, x1, r0", false, -1, -1, 0, false, false},
		{"vnegmsc cm2, cm0, x0, x1, r0", false, 1, -1, 0, false, false},
		{"vnegmac cm2, cm0, x0, x1, r0", false, 1, 1, 0, true, true},
		{"vnegmsc cm2, cm0, x0, x1, r0", false, -1, -1, 0, true, false},
		{"vaddmac cm0, cm0, cm1, x0, x1, r0", true, 1, 1, 1, false, false},
		{"vaddmsc cm0, cm0, cm1, x0, x1, r0", true, -1, 1, 1, false, false},
		{"vsubmac cm0, cm0, cm1, x0, x1, r0", true, 1, 1, -1, false, false},
		{"vsubmsc cm0, cm0, cm1, x0, x1, r0", true, -1, 1, -1, false, false},
		{"vsubmac cm0, cm0, cm1, x0, x1, r0", true, -1, 1, 1, true, true},
	}
	for _, c := range cases {
		x, y := make([]byte, 64), make([]byte, 64)
		for i := range x {
			x[i], y[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		acc1, acc2 := make([]byte, 128), make([]byte, 128)
		for i := 0; i < 32; i++ {
			binary.LittleEndian.PutUint32(acc1[4*i:], r.Uint32())
			binary.LittleEndian.PutUint32(acc2[4*i:], r.Uint32())
		}
		cfg := uint64(776) // int8 x int8 4x8x8, both signed
		if c.cfgMul {
			cfg |= cfgSubMul
		}
		if c.cfgAcc && c.two {
			cfg |= cfgSubAcc2
		} else if c.cfgAcc {
			cfg |= cfgSubAcc1
		}
		// A w copy of the result's low lanes 4 cycles after sees the old
		// value, 5 after the new one.
		low := "bml2" // the destination's low half
		if c.two {
			low = "bml0"
		}
		src := c.src + "\nnop\nnop\nnop\nvmov x6, " + low + "\nvmov x7, " + low + "\nnop\nnop\ndone\n"
		m := build(t, src, Options{})
		m.SetVec("x0", x)
		m.SetVec("x1", y)
		m.SetVec("cm0", acc1)
		m.SetVec("cm1", acc2)
		if !c.two {
			m.SetVec("cm2", acc2) // the destination's old value, not an input
		}
		m.SetReg("r0", cfg)
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %v", c.src, h)
		}
		out, _ := m.Vec(map[bool]string{false: "cm2", true: "cm0"}[c.two])
		early, _ := m.Vec("x6")
		late, _ := m.Vec("x7")
		for row := 0; row < 4; row++ {
			for n := 0; n < 8; n++ {
				var sum int64
				for k := 0; k < 8; k++ {
					sum += int64(int8(x[row*8+k])) * int64(int8(y[k*8+n]))
				}
				lane := row*8 + n
				a1 := int64(int32(binary.LittleEndian.Uint32(acc1[4*lane:])))
				a2 := int64(int32(binary.LittleEndian.Uint32(acc2[4*lane:])))
				want := uint32(c.s1*a1 + c.s2*a2 + c.sp*sum)
				if got := binary.LittleEndian.Uint32(out[4*lane:]); got != want {
					t.Errorf("%s (cfg %#x) lane %d: %#x, want %#x", c.src, cfg, lane, got, want)
				}
				if lane < 16 {
					if got := binary.LittleEndian.Uint32(late[4*lane:]); got != want {
						t.Errorf("%s: lane %d not there 5 cycles after issue", c.src, lane)
					}
					old := acc1
					if !c.two {
						old = acc2
					}
					if got, was := binary.LittleEndian.Uint32(early[4*lane:]), binary.LittleEndian.Uint32(old[4*lane:]); got != was {
						t.Errorf("%s: lane %d already written 4 cycles after issue", c.src, lane)
					}
				}
			}
		}
	}
}
