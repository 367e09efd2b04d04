package aie2

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// pack4Model narrows byte lanes to 4 bits from the wording: saturate to
// [-8, 7] ([-7, 7] when crSat is 3; unsigned [0, 15]) when crSat's bit 0
// is set, else keep the low nibble; lane i in byte i/2, low nibble first.
func pack4Model(x []byte, sat uint64, signed bool) []byte {
	d := make([]byte, 32)
	for i := 0; i < 64; i++ {
		v := int(x[i])
		if signed {
			v = int(int8(x[i]))
		}
		if sat&1 != 0 {
			lo, hi := 0, 15
			if signed {
				lo, hi = -8, 7
				if sat == 3 {
					lo = -7
				}
			}
			v = min(max(v, lo), hi)
		}
		d[i/2] |= byte(v&15) << (4 * (i % 2))
	}
	return d
}

// TestPack4 runs vpack.s4.s8, vpack.d4.d8 and vst.pack.s4.s8/d4.d8
// against pack4Model under every crSat mode and both crPackSign values.
func TestPack4(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 7))
	for _, form := range []string{"s4.s8", "d4.d8"} {
		for _, sat := range []uint64{0, 1, 3} {
			for _, sign := range []uint64{0, 1} {
				x := make([]byte, 64)
				for i := range x {
					x[i] = byte(r.Uint32())
					if i%4 == 0 {
						x[i] = byte(r.IntN(16)) - 8 // in range
					}
				}
				signed := form[0] == 's' || sign == 1
				want := pack4Model(x, sat, signed)
				prog := "vpack." + form + " wl2, x0\nvst.pack." + form + " x0, [p0, #0]\nnop\nnop\nnop\nnop\nnop\nnop\nnop\ndone\n"
				m := build(t, prog, Options{})
				m.SetVec("x0", x)
				m.SetReg("p0", dmem)
				m.SetReg("crsat", sat)
				m.SetReg("crpacksign", sign)
				if h := m.Run(); !h.OK() {
					t.Fatalf("%s: %v", prog, h)
				}
				got, _ := m.Vec("wl2")
				if !bytes.Equal(got, want) {
					t.Errorf("vpack.%s crsat %d crpacksign %d:\n got % x\nwant % x", form, sat, sign, got, want)
				}
				mem, _ := m.mem.Bytes(dmem, 32, 0)
				if !bytes.Equal(mem, want) {
					t.Errorf("vst.pack.%s crsat %d crpacksign %d:\n got % x\nwant % x", form, sat, sign, mem, want)
				}
			}
		}
	}
}
