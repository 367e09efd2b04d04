package bench

import (
	"context"
	"testing"

	"kernelcraft/agent"
	"kernelcraft/internal/cputime"
)

// BenchmarkMainJob times the README's main job, `kc-agent bench` with
// the baseline model over every cell of every complete target (285), in
// process and without the report: a fresh results folder each time, the
// cells run GOMAXPROCS at a time, every attempt must pass. wall-s is one
// run's wall time, cpu-s its CPU time (all threads), the figure to
// compare on a machine shared with other work. BenchmarkEvalAll* in
// judge/ time the judge alone on the same cells: the difference is what
// the agent layer adds (set-up, tools, trajectories, records).
//
//	go test -run XXX -bench MainJob -benchtime 3x ./agent/bench/
func BenchmarkMainJob(b *testing.B) {
	targets, _ := DefaultTargets()
	cells, err := Matrix{Models: []string{"baseline"}, Targets: targets, Seed: 1}.Cells()
	if err != nil {
		b.Fatal(err)
	}
	run := func() {
		cfg := Config{Dir: b.TempDir(), Cells: cells, NewProvider: func(c Cell) (agent.Provider, error) {
			return agent.NewProvider(c.Model, c.Target, c.Task, c.Config, agent.ProviderConfig{})
		}}
		s, err := Run(context.Background(), cfg)
		if err != nil {
			b.Fatal(err)
		}
		if !s.Complete() || s.Passed != len(cells) {
			b.Fatalf("summary: %s", s)
		}
	}
	cpu0, cpuOK := cputime.Process()
	for b.Loop() {
		run()
	}
	b.ReportMetric(float64(len(cells)), "cells")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s")
	if cpu1, ok := cputime.Process(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}
