package coral

import (
	"math/rand/v2"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// TestVectorSIMDPaths executes random OP-V instruction words (under random
// vtype, vl, vstart, vxrm and register contents) once on each SIMD path of
// sim/vec and once on the pure-Go fallback, from identical states: the
// register file, vxsat, vstart, scalar results and traps must agree.
func TestVectorSIMDPaths(t *testing.T) {
	paths := vec.Paths()
	if len(paths) == 0 {
		t.Skip("no SIMD path on this host")
	}
	prev := vec.Path()
	defer vec.SetPath(prev)
	hw, err := isadefs.HWByName("coral-f")
	if err != nil {
		t.Fatal(err)
	}
	mem := sim.NewMemory(hw)
	n := 30000
	if testing.Short() {
		n = 3000
	}
	for _, p := range paths {
		r := rand.New(rand.NewPCG(3, 4))
		fails, ran := 0, map[string]int{}
		for i := 0; i < n && fails < 5; i++ {
			word := r.Uint32()&^0x7f | 0x57
			if r.IntN(4) != 0 { // mostly the integer funct3s (OPIVV, OPMVV, OPIVI, OPIVX, OPMVX)
				word = word&^0x7000 | []uint32{0, 2, 3, 4, 6}[r.IntN(5)]<<12
			}
			op, _ := DecodeVector(nil, word)
			var v0 VState
			v0.Reset()
			lmul := []uint32{0, 1, 2, 3, 5, 6, 7}[r.IntN(7)]
			vtype := lmul | uint32(r.IntN(3))<<3 | uint32(r.IntN(4))<<6
			avl := uint32(r.IntN(140))
			if r.IntN(3) == 0 {
				avl = 1 << 20 // VLMAX
			}
			v0.SetVType(vtype, avl, false)
			if r.IntN(4) == 0 {
				v0.VStart = uint32(r.IntN(int(v0.VL) + 1))
			}
			v0.VXRM = uint32(r.IntN(4))
			for j := range v0.V {
				v0.V[j] = byte(r.Uint32())
				if r.IntN(8) == 0 {
					v0.V[j] = []byte{0, 0x7f, 0x80, 0xff}[r.IntN(4)]
				}
			}
			var x0, f0 [32]uint32
			for j := 1; j < 32; j++ {
				x0[j] = r.Uint32()
				if r.IntN(2) == 0 {
					x0[j] %= 40
				}
			}
			exec := func(path string) (VState, [32]uint32, string) {
				vec.SetPath(path)
				v, x, f := v0.clone(), x0, f0
				tr := v.Exec(&op, &x, &f, mem)
				msg := ""
				if tr != nil {
					msg = tr.Msg
				}
				return v, x, msg
			}
			gv, gx, gt := exec(p)
			wv, wx, wt := exec("generic")
			if wt == "" {
				ran[op.Name]++
			}
			if !gv.sameAs(&wv) || gx != wx || gt != wt {
				fails++
				k := -1
				for j := range gv.V {
					if gv.V[j] != wv.V[j] {
						k = j
						break
					}
				}
				t.Errorf("%s: %s (%#08x) vtype=%#x vl=%d vstart=%d vxrm=%d: first differing register byte %d (v%d), vxsat %d/%d, trap %q/%q",
					p, op.Name, word, v0.VType, v0.VL, v0.VStart, v0.VXRM, k, k/VLENB, gv.VXSAT, wv.VXSAT, gt, wt)
			}
		}
		t.Logf("%s: %d distinct instructions executed without a trap", p, len(ran))
		if len(ran) < 100 {
			t.Errorf("%s: only %d distinct instructions ran: %v", p, len(ran), ran)
		}
	}
}
