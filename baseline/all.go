package baseline

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"kernelcraft/ref"
)

// Kernel is a kernel's assembly source and a name for messages.
type Kernel struct {
	Name string
	Src  []byte
}

// KernelFunc chooses the kernel to evaluate for a (task, configuration).
type KernelFunc func(task string, config int) (Kernel, error)

// CompilerKernel is the KernelFunc of the compiler baseline on coral.
func CompilerKernel(task string, config int) (Kernel, error) {
	src, err := Compiled(task, config)
	return Kernel{Name: "baseline/coral/s/" + CompiledName(task, config), Src: src}, err
}

// CellError is a cell whose kernel could not be evaluated at all.
type CellError struct {
	Task   string
	Config int
	Err    error
}

func (e *CellError) Error() string { return fmt.Sprintf("%s config %d: %v", e.Task, e.Config, e.Err) }

// EvalAll evaluates a kernel for every (task, configuration) of a target,
// visible and hidden cases of seed, on up to GOMAXPROCS cells at once. It
// writes one progress line per finished cell to progress (if not nil) and
// returns the cells in task, configuration order; a cell that could not
// be evaluated has no runs, and its error is in the returned errors.
func EvalAll(target string, seed uint64, kernel KernelFunc, progress io.Writer) ([]*Cell, []error) {
	type job struct {
		i      int
		task   string
		config int
	}
	var jobs []job
	for _, t := range ref.Supported(target) {
		for c := 1; c <= ref.NumConfigs; c++ {
			jobs = append(jobs, job{len(jobs), t.ID, c})
		}
	}
	cells := make([]*Cell, len(jobs))
	errs := make([]error, len(jobs))
	var mu sync.Mutex
	done := 0
	start := time.Now()
	ch := make(chan job)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				k, err := kernel(j.task, j.config)
				var cell *Cell
				if err == nil {
					cell, err = EvalCell(target, j.task, j.config, seed, k.Name, k.Src)
				}
				if err != nil {
					cell = &Cell{Target: target, Task: j.task, Config: j.config}
				}
				mu.Lock()
				cells[j.i] = cell
				if err != nil {
					errs[j.i] = &CellError{j.task, j.config, err}
				}
				done++
				if progress != nil {
					status := "ERROR"
					if cell.Visible != nil {
						status = fmt.Sprintf("%-4s %10d cycles", passText(cell.Pass()), cell.Cycles())
					}
					fmt.Fprintf(progress, "[%2d/%d %5.1fs] %-15s c%d  %s\n", done, len(jobs), time.Since(start).Seconds(), j.task, j.config, status)
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
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
// count of each configuration (visible case), and FAIL or ERROR where the
// kernel did not pass. Cells are in EvalAll's order.
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
			if cell != nil && cell.Visible != nil {
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
