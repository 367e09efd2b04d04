package baseline

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"text/template"

	"kernelcraft/ref"
)

// goldenParams are the placeholders of the hand-optimised kernels in
// testdata/kernels/coral (Go templates), from a configuration's params.
func goldenParams(p ref.Params) map[string]any {
	m := map[string]any{"M": p.M, "N": p.N, "K": p.K, "K1": p.K, "K2": 2 * p.K, "K3": 3 * p.K, "K4": 4 * p.K, "N4": 4 * p.N,
		"RowBytes": 4 * p.N, "InvN": f32bits(1 / float64(max(p.N, 1))), "Eps": f32bits(p.Eps)}
	if len(p.Requant) > 0 {
		m["Mult"], m["Shift"], m["ZP"] = p.Requant[0].Mult, p.Requant[0].Shift, p.Requant[0].ZP
	}
	return m
}

func f32bits(v float64) string { return fmt.Sprintf("%#x", math.Float32bits(float32(v))) }

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
		tm, err := template.New(g.file).Option("missingkey=error").Parse(string(text))
		if err != nil {
			t.Fatal(err)
		}
		for c := 1; c <= ref.NumConfigs; c++ {
			cfg, err := ref.LookupConfig("coral", g.task, c)
			if err != nil {
				t.Fatal(err)
			}
			var src bytes.Buffer
			if err := tm.Execute(&src, goldenParams(cfg.Params)); err != nil {
				t.Fatal(err)
			}
			cell, err := EvalCell("coral", g.task, c, ref.DefaultSeed, path, src.Bytes())
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
