package judge

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kernelcraft/baseline"
	"kernelcraft/ref"
)

var update = flag.Bool("update", false, "rewrite the golden cycle tables in ../baseline/testdata/")

// golden compares text with ../baseline/testdata/name (the golden cycle
// tables, which the baseline package embeds), or rewrites it with -update.
func golden(t *testing.T, name, text string) {
	t.Helper()
	goldenIn(t, filepath.Join("..", "baseline", "testdata"), name, text)
}

// goldenIn compares text with dir/name, or rewrites it with -update.
func goldenIn(t *testing.T, dir, name, text string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./judge -run %s -update)", err, t.Name())
	}
	if string(want) != text {
		t.Errorf("%s changed (a change to the timing model or the kernels? review, then go test ./judge -run %s -update):\n--- want\n%s--- got\n%s", path, t.Name(), want, text)
	}
}

// allCells evaluates a baseline on every coral cell (visible and hidden
// cases): all must pass, and the cycle table is the golden
// testdata/NAME_cycles.md.
func allCells(t *testing.T, name string, kernel KernelFunc) []*Cell {
	return targetCells(t, "coral", name, 75, kernel)
}

// targetCells evaluates a baseline on every cell of a target (visible and
// hidden cases): all want cells must pass (a cell without a kernel is
// listed in the log as a failure), and the cycle table is the golden
// testdata/NAME_cycles.md. Each task's cells are also checked in a
// subtest of that task's name, so that -run 'Test/gemm' checks one task
// (while other tasks have no kernel yet).
func targetCells(t *testing.T, target, name string, want int, kernel KernelFunc) []*Cell {
	start := time.Now()
	cells, errs := EvalAll(context.Background(), target, GoldenSeeds, kernel, nil)
	failed := map[string][]string{}
	for _, e := range errs {
		var ce *CellError
		if errors.As(e, &ce) {
			failed[ce.Task] = append(failed[ce.Task], e.Error())
		}
	}
	pass := 0
	byTask := map[string][]*Cell{}
	var tasks []string
	for _, c := range cells {
		if _, ok := byTask[c.Task]; !ok {
			tasks = append(tasks, c.Task)
		}
		byTask[c.Task] = append(byTask[c.Task], c)
		if c.Visible == nil {
			continue
		}
		if c.Pass() {
			pass++
		} else {
			failed[c.Task] = append(failed[c.Task], fmt.Sprintf("%s config %d fails:\n%s\n%s", c.Task, c.Config, c.Visible.Verdict, c.Hidden.Verdict))
		}
	}
	table := Table(cells)
	t.Logf("%s baseline, %s: %d of %d cells pass (visible and hidden) in %v\n%s", name, target, pass, len(cells), time.Since(start).Round(time.Millisecond), table)
	for _, task := range tasks {
		t.Run(task, func(t *testing.T) {
			for _, f := range failed[task] {
				t.Error(f)
			}
		})
	}
	t.Run("all", func(t *testing.T) {
		if pass != len(cells) || len(cells) != want {
			t.Errorf("%d of %d cells pass, want %d of %d", pass, len(cells), want, want)
		}
		golden(t, name+"_cycles.md", table)
	})
	return cells
}

// TestCompilerBaselineAllCells: the compiler baseline passes all 75 coral
// cells; its cycles are testdata/compiler_cycles.md.
func TestCompilerBaselineAllCells(t *testing.T) {
	allCells(t, baseline.KindCompiler, baseline.CompilerKernel)
}

// TestTemplateBaselineAllCells: the template baseline passes all 75 coral
// cells; its cycles are testdata/template_cycles.md.
func TestTemplateBaselineAllCells(t *testing.T) {
	cells := allCells(t, baseline.KindTemplate, baseline.Template)
	// Data-independent integer kernels take the same time on both cases.
	for _, c := range cells {
		if c.Visible != nil && c.Hidden != nil && c.Visible.Cycles() != c.Hidden.Cycles() {
			t.Errorf("%s config %d: visible %d cycles, hidden %d: the template kernels have no data-dependent branches", c.Task, c.Config, c.Visible.Cycles(), c.Hidden.Cycles())
		}
	}
}

// TestPlenaBaselineAllCells: plena's baseline (PLENA's compiler
// templates, baseline/plena) passes all 100 plena cells; its cycles are
// testdata/plena_compiler_cycles.md. One family's tasks alone:
// go test ./judge -run 'TestPlenaBaselineAllCells/^(gemm|gemv)$'.
func TestPlenaBaselineAllCells(t *testing.T) {
	targetCells(t, "plena", "plena_"+baseline.KindCompiler, 100, func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline("plena", "", task, config)
	})
}

// BenchmarkEvalAllCompiler times the whole 75-cell evaluation (visible and
// hidden cases: generation, assembly, simulation, checking) of the
// compiler baseline.
func BenchmarkEvalAllCompiler(b *testing.B) {
	for b.Loop() {
		_, errs := EvalAll(context.Background(), "coral", GoldenSeeds, baseline.CompilerKernel, nil)
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
}

// BenchmarkEvalAllTemplate times the 75-cell evaluation of the template
// baseline.
func BenchmarkEvalAllTemplate(b *testing.B) {
	for b.Loop() {
		_, errs := EvalAll(context.Background(), "coral", GoldenSeeds, baseline.Template, nil)
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
}

// TestEvalAllReportsFailures: a kernel that computes nothing fails every
// cell it runs on, one that does not assemble is an error, and the table
// and progress lines say so.
func TestEvalAllReportsFailures(t *testing.T) {
	kernel := func(task string, config int) (baseline.Kernel, error) {
		switch {
		case task == "relu":
			return baseline.Kernel{Name: "nothing.s", Src: []byte("_start:\n    mpause\n")}, nil
		case task == "gemv" && config == 2:
			return baseline.Kernel{}, fmt.Errorf("no kernel")
		}
		return baseline.Kernel{Name: "broken.s", Src: []byte("_start:\n    vadd.vv v1\n")}, nil
	}
	var progress bytes.Buffer
	cells, errs := EvalAll(context.Background(), "coral", GoldenSeeds, kernel, &progress)
	if len(cells) != 75 || len(errs) != 70 {
		t.Fatalf("%d cells, %d errors; want 75 and 70 (every task but relu)", len(cells), len(errs))
	}
	for _, c := range cells {
		if c.Pass() {
			t.Errorf("%s config %d passes", c.Task, c.Config)
		}
	}
	table := Table(cells)
	for _, want := range []string{"| relu            |       FAIL 1 |", "| gemv            |        ERROR |"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	if !strings.Contains(progress.String(), "relu            c1  FAIL") || !strings.Contains(progress.String(), "[75/75") {
		t.Errorf("progress:\n%s", progress.String())
	}
	if !strings.Contains(errs[0].Error(), "broken.s:2") && !strings.Contains(errs[0].Error(), "no kernel") {
		t.Errorf("error %v does not name the kernel's line", errs[0])
	}
}

// TestGoldenKernels: the hand-optimised coral kernels (GEMM int8, softmax
// and layernorm fp32) pass every configuration, visible and hidden, and
// are faster than both baselines' golden cycles on each.
func TestGoldenKernels(t *testing.T) {
	checkGoldenKernels(t, "coral", []string{baseline.KindCompiler, baseline.KindTemplate},
		[]goldenKernel{{"gemm_i8.s", "gemm"}, {"softmax_f32.s", "softmax"}, {"layernorm_f32.s", "layernorm"}})
}

// TestNaiveKernels: the first RVV kernel a competent author writes for
// gemv, gemm and linear (testdata/kernels/coral/naive: one output row or
// dot product at a time, unit-stride loads, nothing clever) passes every
// configuration, and the chosen baseline (the faster of the compiler and
// template baselines' golden cycles) is never beaten by it 2x or more: a
// baseline that is, is one a kernel author would not accept. The ratios
// are logged.
func TestNaiveKernels(t *testing.T) {
	for _, g := range []goldenKernel{{"gemv_i8.s", "gemv"}, {"gemm_i8.s", "gemm"}, {"linear_i8.s", "linear"}} {
		path := filepath.Join("..", "testdata", "kernels", "coral", "naive", g.file)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for c := 1; c <= ref.NumConfigs; c++ {
			src, err := baseline.Instantiate(path, text, "coral", g.task, c)
			if err != nil {
				t.Fatal(err)
			}
			cell, err := EvalCell(context.Background(), "coral", g.task, c, GoldenSeeds, path, src)
			if err != nil {
				t.Fatalf("%s config %d: %v", g.file, c, err)
			}
			if !cell.Pass() {
				t.Errorf("%s config %d fails:\n%s\n%s", g.file, c, cell.Visible.Verdict, cell.Hidden.Verdict)
				continue
			}
			kind := baseline.ChosenKind(g.task, c)
			b := baseline.TargetGoldenCycles("coral", kind)[g.task][c-1]
			ratio := float64(b) / float64(cell.Cycles())
			t.Logf("naive %-11s c%d: %9d cycles; chosen baseline (%s) %9d: %.2fx", g.file, c, cell.Cycles(), kind, b, ratio)
			if b == 0 || ratio >= 2 {
				t.Errorf("%s config %d: the naive kernel's %d cycles beat the chosen %s baseline's %d by %.2fx (2x or more)", g.file, c, cell.Cycles(), kind, b, ratio)
			}
		}
	}
}

// goldenKernel is a hand-optimised kernel in testdata/kernels/TARGET and
// its task.
type goldenKernel struct{ file, task string }

// checkGoldenKernels: each kernel (a Go template) passes every
// configuration of its task, visible and hidden, and takes fewer cycles
// than each kind of the target's baseline by its golden cycle table
// (judged on the same seeds, GoldenSeeds).
func checkGoldenKernels(t *testing.T, target string, kinds []string, kernels []goldenKernel) {
	t.Helper()
	for _, g := range kernels {
		path := filepath.Join("..", "testdata", "kernels", target, g.file)
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !baseline.IsTemplate(text) {
			t.Errorf("%s has no placeholders", path)
		}
		for c := 1; c <= ref.NumConfigs; c++ {
			src, err := baseline.Instantiate(path, text, target, g.task, c)
			if err != nil {
				t.Fatal(err)
			}
			cell, err := EvalCell(context.Background(), target, g.task, c, GoldenSeeds, path, src)
			if err != nil {
				t.Fatalf("%s config %d: %v", g.file, c, err)
			}
			if !cell.Pass() {
				t.Errorf("%s config %d fails:\n%s\n%s", g.file, c, cell.Visible.Verdict, cell.Hidden.Verdict)
				continue
			}
			k := cell.Cycles()
			line := fmt.Sprintf("%-15s c%d: %9d cycles", g.file, c, k)
			for _, kind := range kinds {
				b := baseline.TargetGoldenCycles(target, kind)[g.task][c-1]
				line += fmt.Sprintf("; %s %9d (%.2fx)", kind, b, float64(b)/float64(k))
				if b == 0 || k >= b {
					t.Errorf("%s config %d: %d cycles does not beat the %s baseline's %d", g.file, c, k, kind, b)
				}
			}
			t.Log(line)
		}
	}
}
