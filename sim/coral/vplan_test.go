package coral

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// TestPlansMatchStep holds the vector plans (Run's fast path: cached
// decode, direct SIMD kernel calls, the unit-stride copy) to the reference
// stepper on random vector instruction words, each executed three times
// under two vtypes and vl values (so plans are made, reused and remade),
// with random register contents, vxrm and masks, on every SIMD path and
// the pure-Go fallback: results, traps, cycles and stalls must agree.
func TestPlansMatchStep(t *testing.T) {
	prev := vec.Path()
	defer vec.SetPath(prev)
	n := 1500
	if testing.Short() {
		n = 300
	}
	for _, path := range append(vec.Paths(), "generic") {
		vec.SetPath(path)
		ran, kernels := 0, 0
		r := rand.New(rand.NewPCG(11, uint64(len(path))))
		for i := range n {
			word := randVecWord(r)
			vt1, vt2 := randVtype(r), randVtype(r)
			prog := asm(t, fmt.Sprintf("vsetvli t3, a7, %#x", vt1), "csrrw zero, vxrm, s2")
			prog = append(prog, word, word)
			prog = append(prog, asm(t, fmt.Sprintf("vsetvli t3, a6, %#x", vt2))...)
			prog = append(prog, word, 0x08000073) // mpause
			var regs [32]uint32
			for j := 1; j < 32; j++ {
				regs[j] = dtcm + uint32(r.IntN(0x7000))
				if r.IntN(8) == 0 {
					regs[j] = r.Uint32()
				}
			}
			regs[a7], regs[a6] = uint32(r.IntN(140)), uint32(r.IntN(140))
			regs[18] = uint32(r.IntN(4)) // s2: vxrm
			var vinit [NVReg * VLENB]byte
			for j := range vinit {
				vinit[j] = byte(r.Uint32())
			}
			var ms [2]*Machine
			for k, o := range []Options{{}, {CoreOptions: sim.CoreOptions{Reference: true}}} {
				m := newMachine(t, o, prog)
				for j := 1; j < 32; j++ {
					m.SetX(j, regs[j])
				}
				*m.v.V = vinit
				for j := 0; j < 256; j++ {
					m.Memory().Load(dtcm+uint64(j), []byte{byte(j * 13)})
				}
				m.Run()
				ms[k] = m
			}
			if h, _ := ms[0].Halted(); h.OK() {
				ran++
				for _, vo := range ms[0].vops {
					if vo.plan.fast == fxKernel {
						kernels++
					}
				}
			}
			if d := diffMachines(ms[0], ms[1]); d != "" {
				h, _ := ms[1].Halted()
				t.Fatalf("%s: program %d (word %#08x, vtypes %#x %#x): fast vs reference: %s (reference halt: %s)", path, i, word, vt1, vt2, d, h)
			}
		}
		t.Logf("%s: %d of %d programs ran to the end, %d through a SIMD kernel", path, ran, n, kernels)
		if ran < n/10 || path != "generic" && kernels < n/20 {
			t.Errorf("%s: too few programs exercised the plans", path)
		}
	}
}

// randVecWord returns a random OP-V, vector load or vector store word,
// biased towards the integer arithmetic the plans cover.
func randVecWord(r *rand.Rand) uint32 {
	w := r.Uint32()
	if r.IntN(4) != 0 { // register fields multiples of 8: groups aligned at any LMUL
		w &^= 0x1f<<7 | 0x1f<<15 | 0x1f<<20
		w |= uint32(r.IntN(4))<<10 | uint32(r.IntN(4))<<18 | uint32(r.IntN(4))<<23
	}
	switch r.IntN(6) {
	case 0:
		return w&^0x7f | 0x07 // load
	case 1:
		return w&^0x7f | 0x27 // store
	}
	w = w&^0x7f | 0x57
	f3 := []uint32{0, 2, 3, 4, 6}[r.IntN(5)] // OPIVV, OPMVV, OPIVI, OPIVX, OPMVX
	return w&^(7<<12) | f3<<12
}

// randVtype returns a legal coral vtype (or, now and then, a vill one).
func randVtype(r *rand.Rand) uint32 {
	if r.IntN(20) == 0 {
		return 0x1ff
	}
	sew := uint32(r.IntN(3))
	lmul := []uint32{0, 1, 2, 3, 7, 6}[r.IntN(6)]
	return uint32(r.IntN(4))<<6 | sew<<3 | lmul
}
