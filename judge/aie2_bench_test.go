package judge

import (
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/ref"
)

// BenchmarkRunAIE2Cells times the simulations alone: the cases and
// executables of every aie2 baseline cell (visible and hidden) are made
// once, then each op runs and checks them all on one goroutine (cpu-s:
// the CPU time of one op, setup excluded).
func BenchmarkRunAIE2Cells(b *testing.B) { benchRunCells(b, "aie2", false) }

// BenchmarkAssembleAIE2Cells times the assembly of every aie2 baseline
// kernel as EvalAll assembles it (once per cell, with the visible case's
// hardware config); the kernels and cases are made once, outside the
// timing (cpu-s: the CPU time of one op).
func BenchmarkAssembleAIE2Cells(b *testing.B) { benchAssembleCells(b, "aie2") }

// BenchmarkAssemblePlenaCells is BenchmarkAssembleAIE2Cells for plena.
func BenchmarkAssemblePlenaCells(b *testing.B) { benchAssembleCells(b, "plena") }

func benchAssembleCells(b *testing.B, target string) {
	type cell struct {
		c *ref.Case
		k baseline.Kernel
	}
	var cells []cell
	for _, task := range ref.Supported(target) {
		for cfg := 1; cfg <= ref.NumConfigs; cfg++ {
			k, err := baseline.Baseline(target, "", task.ID, cfg)
			if err != nil {
				continue // no baseline yet
			}
			c, _, err := ref.Generate(target, task.ID, cfg, GoldenSeeds.Visible, false)
			if err != nil {
				b.Fatal(err)
			}
			cells = append(cells, cell{c, k})
		}
	}
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		for _, c := range cells {
			if _, err := Assemble(c.c, c.k.Name, c.k.Src); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(cells)), "cells")
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s")
	}
}
