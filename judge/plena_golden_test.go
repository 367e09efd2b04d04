package judge

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/ref"
)

// TestPlenaGoldenKernels: the hand-optimised plena kernels (softmax,
// RMSNorm and GEMM, Go templates in testdata/kernels/plena; GEMM's HBM
// addresses come from baseline.LayoutParams) pass every
// configuration, visible and hidden, and take fewer cycles than plena's
// baseline (PLENA's compiler templates in Go, baseline/plena) on each.
func TestPlenaGoldenKernels(t *testing.T) {
	for _, g := range []struct{ file, task string }{
		{"softmax.asm", "softmax"}, {"rmsnorm.asm", "rmsnorm"}, {"gemm.asm", "gemm"},
	} {
		path := filepath.Join("..", "testdata", "kernels", "plena", g.file)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !baseline.IsTemplate(text) {
			t.Errorf("%s has no placeholders", path)
		}
		for c := 1; c <= ref.NumConfigs; c++ {
			src, err := baseline.Instantiate(path, text, "plena", g.task, c)
			if err != nil {
				t.Fatal(err)
			}
			cell, err := EvalCell(context.Background(), "plena", g.task, c, GoldenSeeds, path, src)
			if err != nil {
				t.Fatalf("%s config %d: %v", g.file, c, err)
			}
			if !cell.Pass() {
				t.Errorf("%s config %d fails:\n%s\n%s", g.file, c, cell.Visible.Verdict, cell.Hidden.Verdict)
				continue
			}
			base, err := baseline.Baseline("plena", "", g.task, c)
			if err != nil {
				t.Fatal(err)
			}
			bcell, err := EvalCell(context.Background(), "plena", g.task, c, GoldenSeeds, base.Name, base.Src)
			if err != nil {
				t.Fatalf("%s config %d: %v", base.Name, c, err)
			}
			if !bcell.Pass() {
				t.Errorf("%s fails:\n%s\n%s", base.Name, bcell.Visible.Verdict, bcell.Hidden.Verdict)
				continue
			}
			k, b := cell.Cycles(), bcell.Cycles()
			t.Logf("%-12s c%d: %7d cycles; baseline %7d (%.2fx)", g.file, c, k, b, float64(b)/float64(k))
			if k >= b {
				t.Errorf("%s config %d: %d cycles does not beat the baseline's %d", g.file, c, k, b)
			}
		}
	}
}
