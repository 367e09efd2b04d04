package judge

import (
	"context"
	"testing"

	"kernelcraft/baseline"
)

// BenchmarkEvalAllCoral times `kc-ref eval --all -t coral --baseline`:
// see benchEvalAll.
func BenchmarkEvalAllCoral(b *testing.B) { benchEvalAll(b, "coral") }

// BenchmarkEvalAllPlena times `kc-ref eval --all -t plena --baseline`:
// the 100 plena cells with PLENA's compiler templates (baseline/plena);
// see benchEvalAll.
func BenchmarkEvalAllPlena(b *testing.B) { benchEvalAll(b, "plena") }

// BenchmarkEvalAllAIE2 times `kc-ref eval --all -t aie2 --baseline`:
// the 110 aie2 cells with the kernels of baseline/aie2; see benchEvalAll.
func BenchmarkEvalAllAIE2(b *testing.B) { benchEvalAll(b, "aie2") }

// benchEvalAll times one evaluation of every cell of target with its
// baseline kernel: visible and hidden cases generated, the kernel
// assembled, both runs simulated and checked, on GOMAXPROCS workers. A
// cell that fails or errs fails the benchmark. wall-s is the wall time of
// one evaluation, cpu-s the CPU time it used (all threads; on a machine
// shared with other work, wall-s depends on their load and cpu-s much
// less).
//
// One evaluation runs first, untimed (b.Loop starts the timer at its
// first call): the figures are the steady state of a process. A
// process's first evaluation also pays for touching its fresh heap (page
// faults; on the 2-core reference machine about 0.35-0.5 s more for
// plena, whose cases are the largest): `kc-ref eval --all` prints a cold
// process's time.
func benchEvalAll(b *testing.B, target string) {
	kernel := func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline(target, "", task, config)
	}
	eval := func() int {
		cells, errs := EvalAll(context.Background(), target, GoldenSeeds, kernel, nil)
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
		for _, c := range cells {
			if !c.Pass() {
				b.Fatalf("%s config %d fails", c.Task, c.Config)
			}
		}
		return len(cells)
	}
	eval()
	cpu0, cpuOK := processCPU()
	cells := 0
	for b.Loop() {
		cells = eval()
	}
	b.ReportMetric(float64(cells), "cells")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s")
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}
