package aie2

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestVPush runs every vpush form against a lane model: vpush.lo puts
// the scalar in lane 0 and moves lane i to lane i+1 (the last lane
// drops); vpush.hi puts it in the last lane and moves lane i to i−1. The
// result lands in cycle 2 (II_VPUSH_LO/HI).
func TestVPush(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 8))
	for _, w := range []int{8, 16, 32, 64} {
		for _, hi := range []bool{false, true} {
			a := make([]byte, 64)
			for i := range a {
				a[i] = byte(r.Uint32())
			}
			v := r.Uint64()
			if w < 64 {
				v &= 1<<32 - 1
			}
			sreg := "r16"
			if w == 64 {
				sreg = "l0"
			}
			mn := "vpush.lo." + strconv.Itoa(w) + " x2, " + sreg + ", x0"
			if hi {
				mn = "vpush.hi." + strconv.Itoa(w) + " x2, x0, " + sreg
			}
			m := build(t, mn+"\nvmov wl3, wl2\nvmov wl4, wl2\nnop\ndone\n", Options{})
			m.SetVec("x0", a)
			m.SetReg("r16", v&(1<<32-1))
			m.SetReg("r17", v>>32)
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s: %v", mn, h)
			}
			n := w / 8
			want := make([]byte, 64)
			vb := make([]byte, 8)
			for k := range vb {
				vb[k] = byte(v >> (8 * k))
			}
			if hi {
				copy(want, a[n:])
				copy(want[64-n:], vb[:n])
			} else {
				copy(want[n:], a[:64-n])
				copy(want, vb[:n])
			}
			got, _ := m.Vec("x2")
			if !bytes.Equal(got, want) {
				t.Errorf("%s:\n got % x\nwant % x", mn, got[:16], want[:16])
			}
			early, _ := m.Vec("wl3")
			late, _ := m.Vec("wl4")
			if !bytes.Equal(early, make([]byte, 32)) || !bytes.Equal(late, want[:32]) {
				t.Errorf("%s: the result is not there exactly from cycle 2", mn)
			}
		}
	}
}
