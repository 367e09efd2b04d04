package judge

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"kernelcraft/baseline"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// KernelFunc chooses the kernel to evaluate for a (task, configuration).
type KernelFunc func(task string, config int) (baseline.Kernel, error)

// CellError is a cell whose kernel could not be evaluated at all.
type CellError struct {
	Task   string
	Config int
	Err    error
}

func (e *CellError) Error() string { return fmt.Sprintf("%s config %d: %v", e.Task, e.Config, e.Err) }

// EvalAll evaluates a kernel for every (task, configuration) of a target,
// visible and hidden cases of seeds, on GOMAXPROCS workers. It writes one
// progress line per finished cell to progress (if not nil) and returns
// the cells in task, configuration order; a cell that could not be
// evaluated has no runs, and its error is in the returned errors (once
// ctx is done, the simulations still to finish stop with an error).
//
// The unit of work is one simulation: a worker that takes a cell
// generates both of its cases, assembles the kernel once and simulates
// the visible case, recording a sim.RunMemo; only then is the hidden run
// queued (queued runs are taken before new cells), and it replays the
// memo: the two cases run one program on tensors at the same addresses,
// so a core's memoised timing (plena's HBM model) is computed once per
// cell, with results exactly those of a run without it. Other workers
// take other cells meanwhile. Cells are taken largest first (by the
// baseline's golden cycle count, see baseline.SimCost), so that the
// longest simulations do not start last and leave one core working alone
// at the end.
func EvalAll(ctx context.Context, target string, seeds Seeds, kernel KernelFunc, progress io.Writer) ([]*Cell, []error) {
	type cellJob struct {
		i      int
		task   string
		config int
	}
	var cells0 []cellJob
	for _, t := range ref.Supported(target) {
		for c := 1; c <= ref.NumConfigs; c++ {
			cells0 = append(cells0, cellJob{len(cells0), t.ID, c})
		}
	}
	order := make([]cellJob, len(cells0))
	copy(order, cells0)
	sort.SliceStable(order, func(a, b int) bool {
		return baseline.SimCost(target, order[a].task, order[a].config) > baseline.SimCost(target, order[b].task, order[b].config)
	})

	cells := make([]*Cell, len(cells0))
	errs := make([]error, len(cells0))
	pending := make([]int, len(cells0)) // runs of each cell still to finish
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	done := 0
	start := time.Now()
	next := 0                          // next cell of order to prepare
	var runs []func()                  // queued hidden runs, taken before new cells
	finish := func(i int, err error) { // with mu held
		if err != nil && errs[i] == nil {
			c := cells0[i]
			errs[i] = &CellError{c.task, c.config, err}
			cells[i] = &Cell{Cell: ref.Cell{Target: target, Task: c.task, Config: c.config}, Seeds: seeds}
		}
		if pending[i]--; pending[i] > 0 {
			return
		}
		done++
		if progress != nil {
			c := cells0[i]
			status := "ERROR"
			if cell := cells[i]; errs[i] == nil && cell.Hidden != nil {
				status = fmt.Sprintf("%-4s %10d cycles", passText(cell.Pass()), cell.Cycles())
			}
			fmt.Fprintf(progress, "[%2d/%d %5.1fs] %-15s c%d  %s\n", done, len(cells0), time.Since(start).Seconds(), c.task, c.config, status)
		}
	}
	// prepare generates a cell's cases and assembles its kernel; it
	// returns the visible run (to do now), which queues the hidden one
	// when it is done.
	prepare := func(j cellJob) func() {
		cell := &Cell{Cell: ref.Cell{Target: target, Task: j.task, Config: j.config}, Seeds: seeds}
		k, err := kernel(j.task, j.config)
		var cases [2]*ref.Case
		var tensors [2]map[string]*sim.Tensor
		var elf []byte
		for h := 0; h < 2 && err == nil; h++ {
			s := seeds.Visible
			if h == 1 {
				s = seeds.Hidden
			}
			cases[h], tensors[h], err = ref.Generate(target, j.task, j.config, s, h == 1)
		}
		if err == nil {
			elf, err = Assemble(cases[0], k.Name, k.Src)
		}
		mu.Lock()
		cells[j.i] = cell
		if err != nil {
			pending[j.i] = 1
			finish(j.i, err)
			mu.Unlock()
			return nil
		}
		pending[j.i] = 2
		mu.Unlock()
		memo := &sim.RunMemo{} // recorded by the visible run, replayed by the hidden one
		run := func(h int) func() {
			return func() {
				r, err := RunCase(ctx, cases[h], tensors[h], elf, sim.CoreOptions{Memo: memo})
				if err != nil {
					err = fmt.Errorf("%s %s config %d: %w", target, j.task, j.config, err)
				}
				mu.Lock()
				if err == nil {
					if h == 1 {
						cell.Hidden = r
					} else {
						cell.Visible = r
					}
				}
				finish(j.i, err)
				mu.Unlock()
			}
		}
		return func() {
			run(0)()
			mu.Lock()
			runs = append(runs, run(1))
			cond.Signal()
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				for len(runs) == 0 && next == len(order) && done < len(cells0) {
					cond.Wait()
				}
				var work func()
				switch {
				case len(runs) > 0:
					work = runs[0]
					runs = runs[1:]
				case next < len(order):
					j := order[next]
					next++
					work = func() {
						if r := prepare(j); r != nil {
							r()
						}
					}
				}
				mu.Unlock()
				if work == nil {
					cond.Broadcast()
					return
				}
				work()
				mu.Lock()
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var out []error
	for _, e := range errs {
		if e != nil {
			out = append(out, e)
		}
	}
	return cells, out
}

func passText(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

// Table renders cells as a summary table: one row per task, the cycle
// count of each configuration (hidden case, the figure speedups use), and
// FAIL or ERROR where the kernel did not pass. Cells are in EvalAll's
// order.
func Table(cells []*Cell) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %-15s |", "task")
	for c := 1; c <= ref.NumConfigs; c++ {
		fmt.Fprintf(&b, " %12s |", fmt.Sprintf("c%d", c))
	}
	b.WriteString("\n|" + strings.Repeat("-", 17) + "|")
	for c := 1; c <= ref.NumConfigs; c++ {
		b.WriteString(strings.Repeat("-", 13) + ":|")
	}
	b.WriteString("\n")
	byTask := map[string][]*Cell{}
	var order []string
	for _, cell := range cells {
		if cell == nil {
			continue
		}
		if _, ok := byTask[cell.Task]; !ok {
			order = append(order, cell.Task)
			byTask[cell.Task] = make([]*Cell, ref.NumConfigs)
		}
		byTask[cell.Task][cell.Config-1] = cell
	}
	for _, task := range order {
		fmt.Fprintf(&b, "| %-15s |", task)
		for _, cell := range byTask[task] {
			s := "ERROR"
			if cell != nil && cell.Hidden != nil {
				s = fmt.Sprint(cell.Cycles())
				if !cell.Pass() {
					s = "FAIL " + s
				}
			}
			fmt.Fprintf(&b, " %12s |", s)
		}
		b.WriteString("\n")
	}
	return b.String()
}
