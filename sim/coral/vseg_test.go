package coral

import (
	"fmt"
	"math/rand"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// segmentProgram builds a random counted loop whose body is made of runs
// of vector instructions the segments cover (unit-stride loads and stores,
// single-width integer ops in .vv, .vx and .vi forms, saturating ones)
// broken by what ends a segment (masked ops, vsets, widening ops, scalar
// ops that move the pointers or change a .vx scalar). Loads may read what
// a store of the same run wrote; with far set, the pointers walk off the
// end of DTCM, so that some run's accesses leave the region caches and
// finally fault.
func segmentProgram(t testing.TB, r *rand.Rand, far bool) []uint32 {
	sew := []int{8, 16, 32}[r.Intn(3)]
	lmul := r.Intn(4) // m1, m2, m4, m8
	groups := 1 << lmul
	vtype := 0xc0 | map[int]int{8: 0, 16: 1, 32: 2}[sew]<<3 | lmul
	vreg := func() string { return fmt.Sprintf("v%d", groups*(1+r.Intn(32/groups-1))) }
	ptr := func() string { return []string{"a1", "a2", "a3"}[r.Intn(3)] }
	lines := []string{"lui a1, 0x10", "addi a2, a1, 256", "addi a3, a2, 256", "addi a5, zero, 3",
		fmt.Sprintf("addi a7, zero, %d", 1+r.Intn(groups*128/sew)),
		fmt.Sprintf("addi t0, zero, %d", 2+r.Intn(40))}
	if r.Intn(2) == 0 {
		lines = append(lines, fmt.Sprintf("vsetvli t1, a7, %d", vtype)) // a partial vl
	} else {
		lines = append(lines, fmt.Sprintf("vsetvli t1, zero, %d", vtype))
	}
	loop := len(lines)
	bin := []string{"vadd", "vsub", "vmul", "vmax", "vminu", "vsadd", "vssubu", "vand", "vxor", "vmacc", "vnmsac", "vsra", "vsll", "vssra", "vsmul"}
	for i, n := 0, 2+r.Intn(12); i < n; i++ {
		switch k := r.Intn(20); {
		case k < 4:
			lines = append(lines, fmt.Sprintf("vle%d.v %s, (%s)", sew, vreg(), ptr()))
		case k < 6:
			lines = append(lines, fmt.Sprintf("vse%d.v %s, (%s)", sew, vreg(), ptr()))
		case k < 11:
			lines = append(lines, fmt.Sprintf("%s.vv %s, %s, %s", bin[r.Intn(len(bin))], vreg(), vreg(), vreg()))
		case k < 13:
			lines = append(lines, fmt.Sprintf("%s.vx %s, %s, a5", bin[r.Intn(len(bin))], vreg(), vreg()))
		case k < 14:
			lines = append(lines, fmt.Sprintf("vadd.vi %s, %s, %d", vreg(), vreg(), r.Intn(31)-15))
		case k < 15:
			lines = append(lines, fmt.Sprintf("vadd.vv %s, %s, %s, 0", vreg(), vreg(), vreg())) // masked by v0
		case k < 16:
			lines = append(lines, fmt.Sprintf("vsetvli zero, zero, %d", vtype))
		case k < 17:
			lines = append(lines, "addi a5, a5, 7")
		case k < 18:
			step := sew / 8 * (1 + r.Intn(4))
			if far {
				step = 512
			}
			lines = append(lines, fmt.Sprintf("addi %s, %s, %d", ptr(), ptr(), step))
		case k < 19:
			lines = append(lines, fmt.Sprintf("csrrwi zero, vxrm, %d", r.Intn(4)))
		default:
			lines = append(lines, "vmseq.vv v0, v8, v16")
		}
	}
	lines = append(lines, "addi t0, t0, -1")
	lines = append(lines, fmt.Sprintf("bne t0, zero, %d", -4*(len(lines)-loop)), "mpause")
	return asm(t, lines...)
}

// TestSegmentsMatchStep runs random segment-heavy loops on every vector
// path against the reference stepper (results, memory, cycles, at the end
// and at cycle limits anywhere), and checks that the SIMD paths replayed
// segments at all.
func TestSegmentsMatchStep(t *testing.T) {
	prev := vec.Path()
	defer vec.SetPath(prev)
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, p := range append(vec.Paths(), "generic") {
		t.Run(p, func(t *testing.T) {
			vec.SetPath(p)
			r := rand.New(rand.NewSource(int64(len(p))))
			var runs uint64
			for i := 0; i < n; i++ {
				words := segmentProgram(t, r, i%10 == 9)
				var init [4]uint32
				for j := range init {
					init[j] = uint32(r.Int63())
				}
				setup := func(m *Machine) {
					for j, reg := range []int{a0, a4, a6, s0} {
						m.SetX(reg, init[j])
					}
					for j := 0; j < 1024; j++ {
						m.Memory().Load(dtcm+uint64(j), []byte{byte(j*13 + i)})
					}
				}
				ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true}}, words)
				fast := newMachine(t, Options{}, words)
				setup(ref)
				setup(fast)
				ref.Run()
				fast.Run()
				if d := diffMachines(fast, ref); d != "" {
					t.Fatalf("program %d: fast vs reference: %s", i, d)
				}
				runs += fast.vsegRuns
				limit := 1 + r.Int63n(max(1, int64(ref.Stats().Cycles)))
				ref = newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true, MaxCycles: limit}}, words)
				fast = newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit}}, words)
				setup(ref)
				setup(fast)
				ref.Run()
				fast.Run()
				if d := diffMachines(fast, ref); d != "" {
					t.Fatalf("program %d limit %d: fast vs reference: %s", i, limit, d)
				}
			}
			if p == "generic" {
				if runs != 0 {
					t.Errorf("the fallback replayed %d segments", runs)
				}
			} else if runs < uint64(10*n) {
				t.Errorf("%d segment replays over %d programs: segments hardly ran", runs, n)
			}
			t.Logf("%d segment replays", runs)
		})
	}
}
