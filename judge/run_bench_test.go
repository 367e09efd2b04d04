package judge

import (
	"context"
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// BenchmarkRunPlenaCells times the simulations alone: the cases and
// executables of every plena baseline cell (visible and hidden) are made
// once, then each op runs and checks them all on one goroutine (cpu-s:
// the CPU time of one op, setup excluded). No run memo: this is the
// simulator's own speed.
func BenchmarkRunPlenaCells(b *testing.B) { benchRunCells(b, "plena", false) }

// BenchmarkRunPlenaCellsMemo is BenchmarkRunPlenaCells as EvalAll runs
// the cells: each cell's hidden run replays the HBM timing its visible
// run recorded in a fresh sim.RunMemo.
func BenchmarkRunPlenaCellsMemo(b *testing.B) { benchRunCells(b, "plena", true) }

// benchRunCells makes the visible and hidden case and the executable of
// every baseline cell of target once, then times running and checking
// them all on one goroutine, each cell's hidden run after its visible
// one, sharing a fresh sim.RunMemo when memo is set.
func benchRunCells(b *testing.B, target string, memo bool) {
	type run struct {
		c   *ref.Case
		t   map[string]*sim.Tensor
		elf []byte
	}
	var runs []run // visible, hidden of each cell
	for _, task := range ref.Supported(target) {
		for cfg := 1; cfg <= ref.NumConfigs; cfg++ {
			k, err := baseline.Baseline(target, "", task.ID, cfg)
			if err != nil {
				continue // no baseline yet
			}
			for h, s := range []uint64{GoldenSeeds.Visible, GoldenSeeds.Hidden} {
				c, t, err := ref.Generate(target, task.ID, cfg, s, h == 1)
				if err != nil {
					b.Fatal(err)
				}
				elf, err := Assemble(c, k.Name, k.Src)
				if err != nil {
					b.Fatal(err)
				}
				runs = append(runs, run{c, t, elf})
			}
		}
	}
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		var m *sim.RunMemo
		for i, r := range runs {
			if memo && i%2 == 0 {
				m = &sim.RunMemo{}
			}
			res, err := RunCase(context.Background(), r.c, r.t, r.elf, sim.CoreOptions{Memo: m})
			if err != nil {
				b.Fatal(err)
			}
			if !res.Verdict.Pass {
				b.Fatalf("%s config %d fails", r.c.Task, r.c.Config)
			}
		}
	}
	b.ReportMetric(float64(len(runs)), "runs")
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}
