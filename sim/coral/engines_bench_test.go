//go:build unix

package coral_test

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

// The engines compared side by side (issue 32): translated code, the
// block engine and the reference stepper, on kc-sim bench's scalar
// workload (cmd/kc-sim/workloads/scalar.s) and a mixed ALU/multiply/
// load-store loop (testdata/mixed.s), both scaled down here; TRANSLATE.md
// has the full-size figures with qemu-user.

// workloadImage assembles a workload source with {{ITERS}} iterations
// for coral-user.
func workloadImage(tb testing.TB, path string, iters int) *sim.Image {
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	s := strings.ReplaceAll(string(src), "{{ITERS}}", strconv.Itoa(iters))
	p := assembleTB(tb, diffHWB(tb), s)
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

var engineWorkloads = []struct {
	name, path string
	iters      int
}{
	{"scalar", "../../cmd/kc-sim/workloads/scalar.s", 200_000},
	{"mixed", "testdata/mixed.s", 120_000},
}

// cpuTime is the process's user and system CPU time (the machine may be
// shared: CPU time, not wall time, gives the ratios).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runEngine loads img on m and runs it to its exit, returning the CPU
// time and the instructions.
func runEngine(b *testing.B, m *coral.Machine, img *sim.Image) (time.Duration, uint64) {
	if err := m.Load(img); err != nil {
		b.Fatal(err)
	}
	c0 := cpuTime()
	if h := m.Run(); h.Kind != sim.HaltExit {
		b.Fatal(h)
	}
	return cpuTime() - c0, m.Stats().Instructions
}

// BenchmarkEngines runs each workload on each engine per op and reports
// each engine's simulated MIPS (CPU time) and the translator's speed-up
// over the block engine and the reference stepper, measured in the same
// run (x-blocks, x-step). The stepper runs a tenth of the iterations.
// The cycles of the three runs must agree (they are checked).
func BenchmarkEngines(b *testing.B) {
	for _, w := range engineWorkloads {
		b.Run(w.name, func(b *testing.B) {
			hw := diffHWB(b)
			img := workloadImage(b, w.path, w.iters)
			small := workloadImage(b, w.path, w.iters/10)
			ms := map[string]*coral.Machine{}
			for _, e := range []string{coral.EngineTranslate, coral.EngineBlocks, coral.EngineStep} {
				m, err := coral.New(hw, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62, Engine: e}})
				if err != nil {
					b.Skip(err) // no translation on this host
				}
				ms[e] = m
			}
			var cpu [3]time.Duration
			var insts [3]uint64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for k, e := range []string{coral.EngineTranslate, coral.EngineBlocks, coral.EngineStep} {
					im := img
					if e == coral.EngineStep {
						im = small
					}
					c, n := runEngine(b, ms[e], im)
					cpu[k] += c
					insts[k] += n
				}
				if a, bl := ms[coral.EngineTranslate].Stats().Cycles, ms[coral.EngineBlocks].Stats().Cycles; a != bl {
					b.Fatalf("cycles: translate %d, blocks %d", a, bl)
				}
			}
			b.StopTimer()
			mips := func(k int) float64 { return float64(insts[k]) / cpu[k].Seconds() / 1e6 }
			b.ReportMetric(mips(0), "translate-MIPS")
			b.ReportMetric(mips(1), "blocks-MIPS")
			b.ReportMetric(mips(2), "step-MIPS")
			b.ReportMetric(mips(0)/mips(1), "x-blocks")
			b.ReportMetric(mips(0)/mips(2), "x-step")
		})
	}
}
