package baseline

import (
	"testing"

	"kernelcraft/ref"
)

// BenchmarkEvalAllCoral times the main job, `kc-ref eval --all -t coral
// --baseline`: the 75 coral cells with their chosen baseline kernels,
// visible and hidden cases (generation, assembly, simulation, checking)
// on GOMAXPROCS workers. wall-s is the wall time of one evaluation.
func BenchmarkEvalAllCoral(b *testing.B) {
	kernel := func(task string, config int) (Kernel, error) {
		return Baseline("coral", "", task, config)
	}
	for b.Loop() {
		cells, errs := EvalAll("coral", ref.DefaultSeed, kernel, nil)
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
}
