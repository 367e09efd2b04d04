package baseline

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"kernelcraft/ref"
)

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

// TestLoopOrders: coral/orders.md (written by baseline/gen.sh) has both
// loop orders' cycles for every configuration of each task with two
// orders and none for the others; the order compiled is the faster (1 on
// a tie), and its cycles are the compiler baseline's golden cycles, so
// the record is of the committed assembly under the current timing model.
// With clang-16 it also checks that the two orders compile to different
// code (the switch is not dead).
func TestLoopOrders(t *testing.T) {
	golden := parseTable(compilerCycles)
	seen := map[string]int{}
	chosen := map[int]int{}
	for _, r := range LoopOrders() {
		seen[r.Task]++
		chosen[r.Chosen]++
		if !slices.Contains(LoopOrderTasks, r.Task) || r.Config < 1 || r.Config > ref.NumConfigs {
			t.Errorf("coral/orders.md: unexpected row %+v", r)
			continue
		}
		want := 1
		if r.Cycles[1] < r.Cycles[0] {
			want = 2
		}
		if r.Cycles[0] == 0 || r.Cycles[1] == 0 || r.Chosen != want {
			t.Errorf("%s config %d: orders %v cycles, compiled order %d, want %d", r.Task, r.Config, r.Cycles, r.Chosen, want)
		}
		if g := golden[r.Task][r.Config-1]; g != r.Cycles[r.Chosen-1] {
			t.Errorf("%s config %d: order %d took %d cycles when baseline/gen.sh chose it, the golden table has %d (after a timing change: baseline/gen.sh, then go test ./judge -run AllCells -update)", r.Task, r.Config, r.Chosen, r.Cycles[r.Chosen-1], g)
		}
	}
	for _, task := range LoopOrderTasks {
		if seen[task] != ref.NumConfigs {
			t.Errorf("coral/orders.md has %d rows for %s, want %d (run baseline/gen.sh)", seen[task], task, ref.NumConfigs)
		}
	}
	t.Logf("compiled loop orders: %v", chosen)
	clang, err := exec.LookPath(Clang)
	if err != nil {
		t.Skipf("%s not installed: the orders' code not compared", Clang)
	}
	for _, task := range LoopOrderTasks {
		one, err1 := CompileCOrder(clang, "coral/c", task, 1, 1)
		two, err2 := CompileCOrder(clang, "coral/c", task, 1, 2)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if bytes.Equal(one, two) {
			t.Errorf("%s: -DORDER=1 and -DORDER=2 compile to the same code", task)
		}
	}
}
