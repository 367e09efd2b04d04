package judge

import (
	"context"
	"fmt"
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/internal/forge"
	"kernelcraft/ref"
)

// The hostile corpus of the judge (issue 15): kernels that try to get a
// pass or a speedup they have not earned. They are generated from the
// cases they cheat on, so they stay valid whatever the input generator
// does.

// fingerprintKernel is the honest kernel with a shortcut for the visible
// inputs of cs put in front of it: honest code everywhere else.
func fingerprintKernel(t *testing.T, honest string, cs *Cases) string {
	t.Helper()
	c, tensors := cs.Case(false)
	src, err := forge.Fingerprint(honest, forge.Known{Case: c, Tensors: tensors})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestFingerprintFastPathGainsNothing: a kernel that recognises the
// visible inputs and copies the precomputed outputs (else runs the
// honest template baseline) passes, but its speedup is measured on the
// fresh hidden case, where it runs the honest code: within 5% of the
// honest kernel's (issue 15 measured 1316x on gemv c5 when cycles came
// from the visible case). Its cycles are flagged as data-dependent.
func TestFingerprintFastPathGainsNothing(t *testing.T) {
	for _, cell := range []struct {
		task   string
		config int
	}{{"gemv", 1}, {"gemv", 5}, {"silu", 1}} {
		t.Run(fmt.Sprintf("%s_c%d", cell.task, cell.config), func(t *testing.T) {
			seeds := Seeds{Visible: ref.DefaultSeed, Hidden: FreshSeed()}
			cs, err := Generate("coral", cell.task, cell.config, seeds)
			if err != nil {
				t.Fatal(err)
			}
			k, err := baseline.Template(cell.task, cell.config)
			if err != nil {
				t.Fatal(err)
			}
			honest, err := cs.Judge(context.Background(), baseline.KindCompiler, "honest.s", k.Src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src := fingerprintKernel(t, string(k.Src), cs)
			cheat, err := cs.Judge(context.Background(), baseline.KindCompiler, "fingerprint.s", []byte(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !honest.Pass() || !cheat.Pass() {
				t.Fatalf("honest pass %v, fingerprint pass %v:\n%s", honest.Pass(), cheat.Pass(), cheat.Hidden.Verdict)
			}
			if cheat.VisibleCycles()*4 > honest.VisibleCycles() {
				t.Fatalf("the shortcut is not taken on the visible case: %d cycles, honest %d", cheat.VisibleCycles(), honest.VisibleCycles())
			}
			hs, cs5 := honest.Speedup(), cheat.Speedup()
			t.Logf("speedup over the compiler baseline: honest %.3fx, fingerprint %.3fx (visible-case cycles would give %.1fx); hidden seed %d",
				hs, cs5, float64(cheat.BaselineCycles())/float64(cheat.VisibleCycles()), seeds.Hidden)
			if hs == 0 || cs5 > 1.05*hs {
				t.Errorf("fingerprint speedup %.3fx, honest %.3fx: more than 5%% apart", cs5, hs)
			}
			if !cheat.DataDependentCycles() || honest.DataDependentCycles() {
				t.Errorf("data-dependent cycles: fingerprint %v, honest %v; want true, false", cheat.DataDependentCycles(), honest.DataDependentCycles())
			}
		})
	}
}

// TestHardcodedOutputsFailFreshHidden: a kernel that computes nothing
// and stores the expected outputs of the visible case and of what used
// to be the public hidden case (hidden seed 1) passes exactly those two
// cases, and fails the hidden case of a fresh seed.
func TestHardcodedOutputsFailFreshHidden(t *testing.T) {
	old, err := Generate("coral", "gemv", 5, GoldenSeeds)
	if err != nil {
		t.Fatal(err)
	}
	var cases []forge.Known
	for _, hidden := range []bool{false, true} {
		c, tensors := old.Case(hidden)
		cases = append(cases, forge.Known{Case: c, Tensors: tensors})
	}
	hardcoded, err := forge.Hardcoded(cases...)
	if err != nil {
		t.Fatal(err)
	}
	src := []byte(hardcoded)

	known, err := old.Eval(context.Background(), "hardcoded.s", src)
	if err != nil {
		t.Fatal(err)
	}
	if !known.Pass() {
		t.Fatalf("the hard-coded kernel does not even pass the cases it knows:\n%s", known.Hidden.Verdict)
	}
	fresh, err := EvalCell(context.Background(), "coral", "gemv", 5, Seeds{Visible: ref.DefaultSeed, Hidden: FreshSeed()}, "hardcoded.s", src)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Pass() || !fresh.Visible.Verdict.Pass || fresh.Hidden.Verdict.Pass {
		t.Errorf("fresh hidden case: visible pass %v, hidden pass %v; want true, false", fresh.Visible.Verdict.Pass, fresh.Hidden.Verdict.Pass)
	}
}

// TestFreshSeeds: hidden seeds differ from judgement to judgement, and a
// recorded one reproduces a judgement exactly.
func TestFreshSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	for range 64 {
		seen[FreshSeed()] = true
	}
	if len(seen) != 64 {
		t.Errorf("64 fresh seeds hold %d distinct values", len(seen))
	}
	k, err := baseline.Baseline("coral", baseline.KindCompiler, "softmax", 2)
	if err != nil {
		t.Fatal(err)
	}
	seeds := Seeds{Visible: 3, Hidden: FreshSeed()}
	var texts []string
	for range 2 {
		j, err := Judge(context.Background(), "coral", "softmax", 2, seeds, baseline.KindTemplate, k.Name, k.Src)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, fmt.Sprintf("%v %d %d %d %s", j.Pass(), j.Cycles(), j.VisibleCycles(), j.BaselineCycles(), j.Hidden.Verdict))
	}
	if texts[0] != texts[1] {
		t.Errorf("the same seeds judged twice differ:\n%s\n%s", texts[0], texts[1])
	}
	other, err := Generate("coral", "softmax", 2, Seeds{Visible: 3, Hidden: seeds.Hidden + 1})
	if err != nil {
		t.Fatal(err)
	}
	same, err := Generate("coral", "softmax", 2, seeds)
	if err != nil {
		t.Fatal(err)
	}
	if string(other.HiddenTensors["x"].Data) == string(same.HiddenTensors["x"].Data) {
		t.Error("two hidden seeds give the same inputs")
	}
}

// TestDataDependentMargin pins the flag's rule.
func TestDataDependentMargin(t *testing.T) {
	for _, tc := range []struct {
		v, h uint64
		want bool
	}{{100, 100, false}, {100, 102, false}, {100, 103, true}, {103, 100, true}, {0, 100, false}, {1000, 10, true}} {
		if got := dataDependent(tc.v, tc.h); got != tc.want {
			t.Errorf("dataDependent(%d, %d) = %v, want %v", tc.v, tc.h, got, tc.want)
		}
	}
}

// TestBaselineCyclesAlmostDataIndependent backs DataDependentMargin: no
// baseline kernel's cycles differ between the visible and hidden cases by
// more than it, over several hidden seeds (the template kernels' not at
// all).
func TestBaselineCyclesAlmostDataIndependent(t *testing.T) {
	lo, hi := 0.0, 0.0
	var loCell, hiCell string
	for _, kind := range baseline.Kinds {
		for _, task := range []string{"silu", "gelu", "softmax", "layernorm", "rmsnorm", "gemv"} {
			for _, config := range []int{1, 3} {
				k, err := baseline.Baseline("coral", kind, task, config)
				if err != nil {
					t.Fatal(err)
				}
				for _, hs := range []uint64{2, 3} {
					cell, err := EvalCell(context.Background(), "coral", task, config, Seeds{Visible: 1, Hidden: hs}, k.Name, k.Src)
					if err != nil {
						t.Fatal(err)
					}
					v, h := float64(cell.VisibleCycles()), float64(cell.Cycles())
					d, name := (h-v)/v, fmt.Sprintf("%s %s c%d hidden seed %d", kind, task, config, hs)
					if d < lo {
						lo, loCell = d, name
					}
					if d > hi {
						hi, hiCell = d, name
					}
					if cell.DataDependentCycles() {
						t.Errorf("%s %s c%d hidden seed %d: %v vs %v cycles", kind, task, config, hs, v, h)
					}
				}
			}
		}
	}
	t.Logf("relative cycle differences (hidden - visible) / visible: from %.4f%% (%s) to %.4f%% (%s)", 100*lo, loCell, 100*hi, hiCell)
}
