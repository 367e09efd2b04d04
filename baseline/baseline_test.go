package baseline

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"kernelcraft/ref"
)

var update = flag.Bool("update", false, "rewrite the golden cycle tables in testdata/")

// TestCompiledCurrent recompiles every C baseline with clang-16 and
// compares the result with the committed assembly (regenerate with
// baseline/gen.sh). Without clang-16 it is skipped, except in CI.
func TestCompiledCurrent(t *testing.T) {
	clang, err := exec.LookPath(Clang)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required in CI: %v", Clang, err)
		}
		t.Skipf("%s not installed", Clang)
	}
	type cell struct {
		task   string
		config int
	}
	var cells []cell
	for _, task := range ref.Supported("coral") {
		for c := 1; c <= ref.NumConfigs; c++ {
			cells = append(cells, cell{task.ID, c})
		}
	}
	n := len(cells)
	errs := make([]error, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, c := range cells {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			got, err := CompileC(clang, "coral/c", c.task, c.config)
			if err != nil {
				errs[i] = err
				return
			}
			want, err := Compiled(c.task, c.config)
			if err != nil {
				errs[i] = err
				return
			}
			if !bytes.Equal(got, want) {
				errs[i] = fmt.Errorf("coral/s/%s differs from what %s makes of coral/c/%s.c: run baseline/gen.sh", CompiledName(c.task, c.config), Clang, c.task)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	files, _ := filepath.Glob("coral/s/*.s")
	if len(files) != n {
		t.Errorf("coral/s holds %d .s files, want %d (one per cell): run baseline/gen.sh and remove stale files", len(files), n)
	}
	t.Logf("%d cells: committed assembly is %s's output", n, Clang)
}

// golden compares text with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./baseline -update)", err)
	}
	if string(want) != text {
		t.Errorf("%s changed (a change to the timing model or the kernels? review, then go test ./baseline -run %s -update):\n--- want\n%s--- got\n%s", path, t.Name(), want, text)
	}
}

// allCells evaluates a baseline on every coral cell (visible and hidden
// cases): all must pass, and the cycle table is the golden
// testdata/NAME_cycles.md.
func allCells(t *testing.T, name string, kernel KernelFunc) []*Cell {
	start := time.Now()
	cells, errs := EvalAll("coral", ref.DefaultSeed, kernel, nil)
	for _, e := range errs {
		t.Error(e)
	}
	pass := 0
	for _, c := range cells {
		if c.Visible == nil {
			continue
		}
		if c.Pass() {
			pass++
		} else {
			t.Errorf("%s config %d fails:\n%s\n%s", c.Task, c.Config, c.Visible.Verdict, c.Hidden.Verdict)
		}
	}
	table := Table(cells)
	t.Logf("%s baseline, coral: %d of %d cells pass (visible and hidden) in %v\n%s", name, pass, len(cells), time.Since(start).Round(time.Millisecond), table)
	if pass != len(cells) || len(cells) != 75 {
		t.Errorf("%d of %d cells pass, want 75 of 75", pass, len(cells))
	}
	golden(t, name+"_cycles.md", table)
	return cells
}

// TestCompilerBaselineAllCells: the compiler baseline passes all 75 coral
// cells; its cycles are testdata/compiler_cycles.md.
func TestCompilerBaselineAllCells(t *testing.T) {
	allCells(t, KindCompiler, CompilerKernel)
}

// TestTemplateBaselineAllCells: the template baseline passes all 75 coral
// cells; its cycles are testdata/template_cycles.md.
func TestTemplateBaselineAllCells(t *testing.T) {
	cells := allCells(t, KindTemplate, Template)
	// Data-independent integer kernels take the same time on both cases.
	for _, c := range cells {
		if c.Visible != nil && c.Hidden != nil && c.Visible.Cycles() != c.Hidden.Cycles() {
			t.Errorf("%s config %d: visible %d cycles, hidden %d: the template kernels have no data-dependent branches", c.Task, c.Config, c.Visible.Cycles(), c.Hidden.Cycles())
		}
	}
}

// TestChosenKind: the chosen baseline is the faster one of the golden
// tables, and parseTable reads back what Table writes.
func TestChosenKind(t *testing.T) {
	c, tm := parseTable(compilerCycles), parseTable(templateCycles)
	if len(c) != 15 || len(tm) != 15 {
		t.Fatalf("golden tables have %d and %d tasks, want 15", len(c), len(tm))
	}
	counts := map[string]int{}
	for task, row := range c {
		for i, cc := range row {
			kind := ChosenKind(task, i+1)
			counts[kind]++
			best := min(cc, tm[task][i])
			if got := map[string]uint64{KindCompiler: cc, KindTemplate: tm[task][i]}[kind]; got != best || best == 0 {
				t.Errorf("%s config %d: chose %s (%d cycles), best %d", task, i+1, kind, got, best)
			}
		}
	}
	t.Logf("chosen baselines: %v", counts)
	if ChosenKind("gemm", 5) != KindTemplate || ChosenKind("nope", 1) != KindCompiler {
		t.Errorf("ChosenKind(gemm, 5) = %s, ChosenKind(nope, 1) = %s", ChosenKind("gemm", 5), ChosenKind("nope", 1))
	}
}

// BenchmarkEvalAllCompiler times the whole 75-cell evaluation (visible and
// hidden cases: generation, assembly, simulation, checking) of the
// compiler baseline.
func BenchmarkEvalAllCompiler(b *testing.B) {
	for b.Loop() {
		_, errs := EvalAll("coral", ref.DefaultSeed, CompilerKernel, nil)
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
}

// BenchmarkEvalAllTemplate times the 75-cell evaluation of the template
// baseline.
func BenchmarkEvalAllTemplate(b *testing.B) {
	for b.Loop() {
		_, errs := EvalAll("coral", ref.DefaultSeed, Template, nil)
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
}

// TestEvalAllReportsFailures: a kernel that computes nothing fails every
// cell it runs on, one that does not assemble is an error, and the table
// and progress lines say so.
func TestEvalAllReportsFailures(t *testing.T) {
	kernel := func(task string, config int) (Kernel, error) {
		switch {
		case task == "relu":
			return Kernel{Name: "nothing.s", Src: []byte("_start:\n    mpause\n")}, nil
		case task == "gemv" && config == 2:
			return Kernel{}, fmt.Errorf("no kernel")
		}
		return Kernel{Name: "broken.s", Src: []byte("_start:\n    vadd.vv v1\n")}, nil
	}
	var progress bytes.Buffer
	cells, errs := EvalAll("coral", ref.DefaultSeed, kernel, &progress)
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
