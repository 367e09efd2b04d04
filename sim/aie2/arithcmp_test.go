package aie2

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// laneModel is lane i of a w-bit register (signed or not), read from the
// bytes without sim/vec.
func laneModel(b []byte, i, w int, signed bool) int64 {
	var u uint64
	for k := w/8 - 1; k >= 0; k-- {
		u = u<<8 | uint64(b[i*w/8+k])
	}
	if signed && u>>(w-1) != 0 {
		return int64(u) - 1<<w
	}
	return int64(u)
}

func putLaneModel(b []byte, i, w int, v int64) {
	for k := 0; k < w/8; k++ {
		b[i*w/8+k] = byte(v >> (8 * k))
	}
}

// arithModel is each instruction from its intrinsic's wording (UG1583:
// sub_lt/sub_ge "vector subtraction (a-b) … checks for which lanes a < b
// (a >= b)", maxdiff_lt "the maximum between the difference and zero …
// a < b", abs_gtz/neg_gtz "absolute value/negation … a > 0", bneg_ltz
// "bitwise negation … a < 0", addsub a − b where the mask bit is set):
// the lanes and the mask, lanes wrapping to w bits.
func arithModel(op string, w int, signed bool, a, b []byte, maskIn uint64) ([]byte, uint64) {
	d := make([]byte, 64)
	var mask uint64
	for i := 0; i < 512/w; i++ {
		x, y := laneModel(a, i, w, signed), laneModel(b, i, w, signed)
		var v int64
		var bit bool
		switch op {
		case "vsub_lt":
			v, bit = x-y, x < y
		case "vsub_ge":
			v, bit = x-y, x >= y
		case "vmaxdiff_lt":
			bit = x < y
			if x > y {
				v = x - y
			}
		case "vabs_gtz":
			v, bit = x, x > 0
			if x < 0 {
				v = -x
			}
		case "vneg_gtz":
			v, bit = -x, x > 0
		case "vbneg_ltz":
			v, bit = -1-x, x < 0
		case "vaddsub":
			v = x + y
			if maskIn>>i&1 != 0 {
				v = x - y
			}
		}
		if bit {
			mask |= 1 << i
		}
		putLaneModel(d, i, w, v)
	}
	return d, mask
}

// TestArithCompare runs every form of vsub_lt, vsub_ge, vmaxdiff_lt,
// vabs_gtz, vneg_gtz, vbneg_ltz and vaddsub on random registers (lanes
// near zero and the extremes among them), the .d forms under both
// values of crVaddSign, against arithModel; lanes and mask land in cycle
// 2 (AIE2Schedule.td II_VSUB_CMP, II_VMAXDIFF_LT, II_VABS_GTZ,
// II_VNEG_GTZ, II_VBNEG_LTZ, II_VADDSUB).
func TestArithCompare(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 41))
	type form struct {
		op, mn string
		two    bool // two vector sources
	}
	var forms []form
	for _, w := range []string{"8", "16", "32"} {
		for _, op := range []string{"vsub_lt", "vsub_ge", "vmaxdiff_lt"} {
			forms = append(forms, form{op, op + ".s" + w, true}, form{op, op + ".d" + w, true})
		}
		forms = append(forms, form{"vabs_gtz", "vabs_gtz.s" + w, false}, form{"vabs_gtz", "vabs_gtz.d" + w, false},
			form{"vneg_gtz", "vneg_gtz" + w, false}, form{"vbneg_ltz", "vbneg_ltz.s" + w, false}, form{"vaddsub", "vaddsub." + w, true})
	}
	if len(forms) != 33 {
		t.Fatalf("%d forms", len(forms))
	}
	special := []uint64{0, 1, 0x80, 0x7F, 0xFF, 0x8000, 0x7FFF, 0xFFFF, 0x80000000, 0x7FFFFFFF, 0xFFFFFFFF}
	for _, fm := range forms {
		w := 8
		switch {
		case strings.HasSuffix(fm.mn, "16"):
			w = 16
		case strings.HasSuffix(fm.mn, "32"):
			w = 32
		}
		maskReg := "r20"
		if w == 8 {
			maskReg = "l2"
		}
		var src string
		switch {
		case fm.op == "vaddsub":
			src = fm.mn + " x2, x0, x1, " + maskReg
		case fm.two:
			src = fm.mn + " x2, " + maskReg + ", x0, x1"
		default:
			src = fm.mn + " x2, " + maskReg + ", x0"
		}
		// A w copy (no bypass) one cycle after sees the old wl2, two
		// after the new one.
		src += "\nvmov wl3, wl2\nvmov wl4, wl2\nnop\ndone\n"
		signs := []uint64{1}
		if strings.Contains(fm.mn, ".d") {
			signs = []uint64{0, 1}
		}
		for _, sign := range signs {
			for trial := 0; trial < 3; trial++ {
				a, b := make([]byte, 64), make([]byte, 64)
				for i := 0; i < 512/w; i++ {
					va, vb := r.Uint64(), r.Uint64()
					if r.IntN(3) == 0 {
						va = special[r.IntN(len(special))]
					}
					if r.IntN(4) == 0 {
						vb = va // equal lanes
					}
					putLaneModel(a, i, w, int64(va))
					putLaneModel(b, i, w, int64(vb))
				}
				maskIn := r.Uint64()
				m := build(t, src, Options{})
				m.SetVec("x0", a)
				m.SetVec("x1", b)
				m.SetVec("x2", make([]byte, 64))
				m.SetReg("crvaddsign", sign)
				if fm.op == "vaddsub" {
					m.SetReg("r20", maskIn&0xFFFFFFFF)
					m.SetReg("r21", maskIn>>32)
				}
				if h := m.Run(); !h.OK() {
					t.Fatalf("%s: %v", src, h)
				}
				want, wantMask := arithModel(fm.op, w, sign == 1, a, b, maskIn)
				got, _ := m.Vec("x2")
				early, _ := m.Vec("wl3")
				late, _ := m.Vec("wl4")
				if !bytes.Equal(got, want) {
					t.Errorf("%s (crvaddsign %d):\na % x\nb % x\n got % x\nwant % x", fm.mn, sign, a, b, got, want)
				}
				if !bytes.Equal(early, make([]byte, 32)) || !bytes.Equal(late, want[:32]) {
					t.Errorf("%s: the result is not ready in cycle 2 exactly", fm.mn)
				}
				if fm.op == "vaddsub" {
					continue
				}
				mask := uint64(m.mustReg(t, "r20"))
				if w == 8 {
					mask |= uint64(m.mustReg(t, "r21")) << 32
				}
				if mask != wantMask {
					t.Errorf("%s (crvaddsign %d): mask %#x, want %#x\na % x\nb % x", fm.mn, sign, mask, wantMask, a, b)
				}
			}
		}
	}
}
