package judge

import (
	"context"
	"testing"

	"kernelcraft/baseline"
)

// BenchmarkEvalAllCoral times the main job, `kc-ref eval --all -t coral
// --baseline`: the 75 coral cells with their chosen baseline kernels,
// visible and hidden cases (generation, assembly, simulation, checking)
// on GOMAXPROCS workers. wall-s is the wall time of one evaluation,
// cpu-s the CPU time it used (all threads; on a machine shared with other
// work, wall-s depends on their load and cpu-s much less).
func BenchmarkEvalAllCoral(b *testing.B) {
	kernel := func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline("coral", "", task, config)
	}
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		cells, errs := EvalAll(context.Background(), "coral", GoldenSeeds, kernel, nil)
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
		for _, c := range cells {
			if !c.Pass() {
				b.Fatalf("%s config %d fails", c.Task, c.Config)
			}
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s")
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}

// BenchmarkEvalAllPlena times `kc-ref eval --all -t plena --baseline`:
// the 100 plena cells with PLENA's compiler templates (baseline/plena),
// visible and hidden cases, on GOMAXPROCS workers (wall-s, cpu-s as for
// coral). Cells without a baseline kernel yet are skipped (they cost
// nothing); failing cells fail the benchmark.
func BenchmarkEvalAllPlena(b *testing.B) {
	kernel := func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline("plena", "", task, config)
	}
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		cells, _ := EvalAll(context.Background(), "plena", GoldenSeeds, kernel, nil)
		for _, c := range cells {
			if c.Visible != nil && !c.Pass() {
				b.Fatalf("%s config %d fails", c.Task, c.Config)
			}
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s")
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}
