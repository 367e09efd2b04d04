// Command cgen regenerates the compiler baseline: it compiles
// baseline/coral/c/TASK.c with clang-16 once per coral (task,
// configuration) and writes baseline/coral/s/TASK_cN.s. For the tasks with
// two loop orders (baseline.LoopOrderTasks) it compiles both, judges both
// on the golden seeds (visible and hidden case) and keeps the faster, and
// records both cycle counts and the choice in baseline/coral/orders.md.
// Run it from the repository root (baseline/gen.sh does).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"kernelcraft/baseline"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

// cell is one (task, configuration) and what cgen made of it.
type cell struct {
	task   string
	config int
	asm    []byte
	order  baseline.OrderRow
	err    error
}

func main() {
	workers := flag.Int("j", runtime.NumCPU(), "cells compiled and judged at a time")
	flag.Parse()
	clang, err := exec.LookPath(baseline.Clang)
	if err != nil {
		fail(fmt.Errorf("%v (apt-get install clang-16)", err))
	}
	var cells []*cell
	for _, t := range ref.Supported("coral") {
		for c := 1; c <= ref.NumConfigs; c++ {
			cells = append(cells, &cell{task: t.ID, config: c})
		}
	}
	jobs := make(chan *cell)
	var wg sync.WaitGroup
	for range max(*workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				c.asm, c.order, c.err = build(clang, c.task, c.config)
			}
		}()
	}
	for _, c := range cells {
		jobs <- c
	}
	close(jobs)
	wg.Wait()
	var rows []baseline.OrderRow
	for _, c := range cells {
		if c.err != nil {
			fail(c.err)
		}
		if err := os.WriteFile(filepath.Join("baseline/coral/s", baseline.CompiledName(c.task, c.config)), c.asm, 0o644); err != nil {
			fail(err)
		}
		if c.order.Chosen != 0 {
			rows = append(rows, c.order)
			fmt.Fprintf(os.Stderr, "cgen: %-15s c%d: order 1 %10d, order 2 %10d cycles: order %d\n", c.task, c.config, c.order.Cycles[0], c.order.Cycles[1], c.order.Chosen)
		}
	}
	if err := os.WriteFile("baseline/coral/orders.md", []byte(baseline.OrderTable(rows)), 0o644); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "cgen: %d assembly files in baseline/coral/s, %d loop-order choices in baseline/coral/orders.md\n", len(cells), len(rows))
}

// build compiles a cell; for a task with two loop orders, both, judging
// each, and returns the faster's assembly (order 1 on a tie).
func build(clang, task string, config int) ([]byte, baseline.OrderRow, error) {
	if !slices.Contains(baseline.LoopOrderTasks, task) {
		s, err := baseline.CompileCOrder(clang, "baseline/coral/c", task, config, 0)
		return s, baseline.OrderRow{}, err
	}
	row := baseline.OrderRow{Task: task, Config: config, Chosen: 1}
	var asm [2][]byte
	for i := range asm {
		s, err := baseline.CompileCOrder(clang, "baseline/coral/c", task, config, i+1)
		if err != nil {
			return nil, row, err
		}
		name := fmt.Sprintf("%s_c%d.s (order %d)", task, config, i+1)
		c, err := judge.EvalCell(context.Background(), "coral", task, config, judge.GoldenSeeds, name, s)
		if err != nil {
			return nil, row, fmt.Errorf("%s: %v", name, err)
		}
		if !c.Pass() {
			return nil, row, fmt.Errorf("%s fails:\n%s\n%s", name, c.Visible.Verdict, c.Hidden.Verdict)
		}
		asm[i], row.Cycles[i] = s, c.Cycles()
	}
	if row.Cycles[1] < row.Cycles[0] {
		row.Chosen = 2
	}
	return asm[row.Chosen-1], row, nil
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "cgen: %v\n", err)
	os.Exit(1)
}
