package baseline

import (
	"os"
	"path/filepath"
	"testing"

	"kernelcraft/ref"
)

// TestGoldenKernels: the hand-optimised coral kernels (GEMM int8, softmax
// and layernorm fp32) pass every configuration, visible and hidden, and
// are faster than both baselines' golden cycles on each.
func TestGoldenKernels(t *testing.T) {
	comp, tmpl := parseTable(compilerCycles), parseTable(templateCycles)
	for _, g := range []struct{ file, task string }{
		{"gemm_i8.s", "gemm"}, {"softmax_f32.s", "softmax"}, {"layernorm_f32.s", "layernorm"},
	} {
		path := filepath.Join("..", "testdata", "kernels", "coral", g.file)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !IsTemplate(text) {
			t.Errorf("%s has no placeholders", path)
		}
		for c := 1; c <= ref.NumConfigs; c++ {
			src, err := Instantiate(path, text, "coral", g.task, c)
			if err != nil {
				t.Fatal(err)
			}
			cell, err := EvalCell("coral", g.task, c, ref.DefaultSeed, path, src)
			if err != nil {
				t.Fatalf("%s config %d: %v", g.file, c, err)
			}
			if !cell.Pass() {
				t.Errorf("%s config %d fails:\n%s\n%s", g.file, c, cell.Visible.Verdict, cell.Hidden.Verdict)
				continue
			}
			cc, tc := comp[g.task][c-1], tmpl[g.task][c-1]
			k := cell.Cycles()
			t.Logf("%-15s c%d: %9d cycles; compiler %9d (%.2fx), template %9d (%.2fx)", g.file, c, k, cc, float64(cc)/float64(k), tc, float64(tc)/float64(k))
			if k >= cc || k >= tc {
				t.Errorf("%s config %d: %d cycles does not beat the compiler (%d) and template (%d) baselines", g.file, c, k, cc, tc)
			}
		}
	}
}

func TestInstantiate(t *testing.T) {
	src, err := Instantiate("k.s", []byte("li t0, {{.M}}\nli t1, {{.K3}}\nli t2, {{.Mult}}\n"), "coral", "gemm", 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := "li t0, 32\nli t1, 192\nli t2, "; string(src[:len(want)]) != want {
		t.Errorf("got %q", src)
	}
	if _, err := Instantiate("k.s", []byte("li t0, {{.Nope}}"), "coral", "gemm", 2); err == nil {
		t.Error("an unknown placeholder was accepted")
	}
	if _, err := Instantiate("k.s", []byte("li t0, {{.M}}"), "coral", "rope", 1); err == nil {
		t.Error("an unsupported task was accepted")
	}
}
