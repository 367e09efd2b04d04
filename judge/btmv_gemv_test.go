package judge

import (
	"context"
	"os"
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/sim"
)

// TestBTMVGEMV judges testdata/kernels/plena/gemv_btmv_c1.asm, a 64 x 64
// GEMV whose matrix work is four M_BTMV (issue 28). PLENA's emulator
// charges M_BTMV 1 cycle for BROADCAST x HLEN x MLEN = 4,096 multiply-adds
// and M_BMV_WO 1 for four rows; under that table (hardware config
// plena-emulator) the kernel takes 310 cycles, 4.7x faster than the
// baseline's M_MM kernel, a speedup of the table rather than of the
// kernel. Under plena, which charges every instruction at least its work
// at its unit's peak (BLEN x BLEN MACs per cycle: M_MM's rate), it takes
// 1,333 and may be no more than 2x faster than the baseline, whose
// cycles both configs give alike.
func TestBTMVGEMV(t *testing.T) {
	src, err := os.ReadFile("../testdata/kernels/plena/gemv_btmv_c1.asm")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	j, err := Judge(ctx, "plena", "gemv", 1, GoldenSeeds, "", "gemv_btmv_c1.asm", src)
	if err != nil {
		t.Fatal(err)
	}
	if !j.Pass() {
		t.Fatalf("the kernel fails: visible %v, hidden %v", j.Visible.Verdict, j.Hidden.Verdict)
	}
	if s := j.Speedup(); s == 0 || s > 2 {
		t.Errorf("plena: %d cycles against the baseline's %d: speedup %.2fx, want at most 2x", j.Cycles(), j.BaselineCycles(), s)
	}
	t.Logf("plena: %d cycles, baseline %s %d: %.2fx", j.Cycles(), j.BaselineName, j.BaselineCycles(), j.Speedup())

	// The same kernel and baseline on the same hidden case under
	// plena-emulator.
	cs, err := Generate("plena", "gemv", 1, GoldenSeeds)
	if err != nil {
		t.Fatal(err)
	}
	c, tensors := cs.Case(true)
	if c.HW != "plena" {
		t.Fatalf("gemv configuration 1 runs on %s, not plena", c.HW)
	}
	emu := *c
	emu.HW = "plena-emulator"
	k, err := baseline.Baseline("plena", "", "gemv", 1)
	if err != nil {
		t.Fatal(err)
	}
	var cycles [2]uint64
	for i, s := range [][]byte{src, k.Src} {
		elf, err := Assemble(&emu, "k.asm", s)
		if err != nil {
			t.Fatal(err)
		}
		r, err := RunCase(ctx, &emu, tensors, elf, sim.CoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Verdict.Pass {
			t.Fatalf("plena-emulator: kernel %d fails: %v", i, r.Verdict)
		}
		cycles[i] = r.Cycles()
	}
	if cycles[0] != 310 || cycles[1] != j.BaselineCycles() {
		t.Errorf("plena-emulator: the kernel takes %d cycles (want 310, the emulator's table) and the baseline %d (want %d, as under plena)", cycles[0], cycles[1], j.BaselineCycles())
	}
	t.Logf("plena-emulator: %d cycles, baseline %d: %.2fx", cycles[0], cycles[1], float64(cycles[1])/float64(cycles[0]))
}
