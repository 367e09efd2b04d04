package baseline

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	n := 0
	for _, task := range ref.Supported("coral") {
		for c := 1; c <= ref.NumConfigs; c++ {
			got, err := CompileC(clang, "coral/c", task.ID, c)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Compiled(task.ID, c)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("coral/s/%s differs from what %s makes of coral/c/%s.c: run baseline/gen.sh", CompiledName(task.ID, c), Clang, task.ID)
			}
			n++
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

// TestCompilerBaselineAllCells runs the compiler baseline on every coral
// cell (visible and hidden cases): all must pass, and the cycle table is
// the golden testdata/compiler_cycles.md.
func TestCompilerBaselineAllCells(t *testing.T) {
	start := time.Now()
	var progress bytes.Buffer
	cells, errs := EvalAll("coral", ref.DefaultSeed, CompilerKernel, &progress)
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
		if c.Visible.Cycles() != c.Hidden.Cycles() && !strings.Contains("silu gelu softmax swiglu", c.Task) {
			t.Errorf("%s config %d: visible %d cycles, hidden %d: a data-independent kernel should take the same time", c.Task, c.Config, c.Visible.Cycles(), c.Hidden.Cycles())
		}
	}
	table := Table(cells)
	t.Logf("compiler baseline, coral: %d of %d cells pass (visible and hidden) in %v\n%s", pass, len(cells), time.Since(start).Round(time.Millisecond), table)
	if pass != len(cells) || len(cells) != 75 {
		t.Errorf("%d of %d cells pass, want 75 of 75", pass, len(cells))
	}
	golden(t, "compiler_cycles.md", table)
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
