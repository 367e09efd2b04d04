package judge

import (
	"context"
	"testing"

	"kernelcraft/baseline"
)

// BenchmarkEvalAllAIE2 times `kc-ref eval --all -t aie2 --baseline`: the
// aie2 cells with the baseline kernels of baseline/aie2, visible and
// hidden cases (generation, assembly, simulation, checking) on GOMAXPROCS
// workers (wall-s, cpu-s as for coral). Cells without a baseline kernel
// yet cost nothing and are skipped; a failing cell fails the benchmark.
func BenchmarkEvalAllAIE2(b *testing.B) {
	kernel := func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline("aie2", "", task, config)
	}
	cpu0, cpuOK := processCPU()
	cells := 0
	for b.Loop() {
		all, _ := EvalAll(context.Background(), "aie2", GoldenSeeds, kernel, nil)
		cells = 0
		for _, c := range all {
			if c.Visible == nil {
				continue
			}
			cells++
			if !c.Pass() {
				b.Fatalf("%s config %d fails", c.Task, c.Config)
			}
		}
	}
	b.ReportMetric(float64(cells), "cells")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s")
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}
