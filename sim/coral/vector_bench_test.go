package coral

import (
	"testing"
	"time"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// BenchmarkVectorKernelSIMD runs the int8 dot-product kernel of
// BenchmarkVectorKernel on each SIMD path of sim/vec and, interleaved in
// the same run, on the pure-Go fallback: ns/op is per loop iteration on
// the SIMD path, x-vs-generic the fallback's time over the SIMD path's.
func BenchmarkVectorKernelSIMD(b *testing.B) {
	prev := vec.Path()
	defer vec.SetPath(prev)
	const blk = 20000
	// run times one machine of iters iterations on path; only timed runs
	// count towards ns/op.
	run := func(b *testing.B, path string, iters int, timed bool) time.Duration {
		b.StopTimer()
		vec.SetPath(path)
		m := vectorKernelMachine(b, iters)
		if timed {
			b.StartTimer()
		}
		t0 := time.Now()
		h := m.Run()
		d := time.Since(t0)
		b.StopTimer()
		if h.Kind != sim.HaltPause {
			b.Fatal(h)
		}
		return d
	}
	for _, p := range vec.Paths() {
		b.Run(p, func(b *testing.B) {
			b.ReportAllocs()
			var fast, slow time.Duration
			for done := 0; done < b.N; done += blk {
				n := min(blk, b.N-done)
				fast += run(b, p, n, true)
				slow += run(b, "generic", n, false)
			}
			b.StartTimer()
			b.ReportMetric(float64(slow)/float64(fast), "x-vs-generic")
			b.ReportMetric(float64(64*b.N)/fast.Seconds()/1e6, "MMAC/s")
		})
	}
}
