package coral

import (
	"fmt"
	"strings"
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

// vectorLoops are the vector-heavy element loops of coral's RVV kernels at
// LMUL 4–8, one per element width: each iteration loads its operands
// (unit stride), runs a few integer ops on whole register groups and
// stores a result, counted by t0. a1, a2 and a3 point at 512-byte areas
// of DTCM.
var vectorLoops = []struct {
	name  string
	elems int // elements per vector instruction
	setup []string
	body  []string
}{
	{"i8-m8", 128, []string{"vsetvli t1, zero, 0xc3"}, []string{ // e8, m8
		"vle8.v v8, (a1)", "vle8.v v16, (a2)", "vmacc.vv v24, v8, v16", "vsadd.vv v0, v24, v8",
		"vmax.vx v0, v0, zero", "vse8.v v0, (a3)"}},
	{"i16-m8", 64, []string{"vsetvli t1, zero, 0xcb"}, []string{ // e16, m8
		"vle16.v v8, (a1)", "vle16.v v16, (a2)", "vmul.vv v24, v8, v16", "vsra.vi v24, v24, 3",
		"vsadd.vv v24, v24, v8", "vmacc.vx v0, a5, v24", "vse16.v v0, (a3)"}},
	{"i32-m8", 32, []string{"vsetvli t1, zero, 0xd3"}, []string{ // e32, m8
		"vle32.v v8, (a1)", "vle32.v v16, (a2)", "vmul.vv v24, v8, v16", "vadd.vv v24, v24, v8",
		"vmax.vv v24, v24, v16", "vmacc.vv v0, v8, v24", "vse32.v v0, (a3)"}},
	{"i8-wmacc-m4", 64, []string{"vsetvli t1, zero, 0xc2"}, []string{ // e8, m4: int8 dot product
		"vle8.v v4, (a1)", "vle8.v v8, (a2)", "vwmacc.vv v16, v4, v8", "vwmacc.vv v24, v8, v4"}},
	{"requant-i32-i8", 32, []string{"vsetvli t1, zero, 0xd3"}, []string{ // e32 m8 → e16 m4 → e8 m2
		"vle32.v v8, (a1)", "vsetvli zero, zero, 0xca", "vnclip.wi v16, v8, 4", "vsetvli zero, zero, 0xc1",
		"vnclip.wi v20, v16, 3", "vse8.v v20, (a3)", "vsetvli zero, zero, 0xd3"}},
}

// vectorLoopMachine assembles vector loop w for iters iterations.
func vectorLoopMachine(tb testing.TB, w int, iters int) *Machine {
	l := vectorLoops[w]
	lines := append([]string{"lui a1, 0x10", "addi a2, a1, 512", "addi a3, a2, 512", "addi a5, zero, 3"}, l.setup...)
	lines = append(lines, l.body...)
	lines = append(lines, "addi t0, t0, -1", fmt.Sprintf("bne t0, zero, %d", -4*(len(l.body)+1)), "mpause")
	m := newMachine(tb, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}}, asm(tb, lines...))
	for i := 0; i < 1024; i++ {
		m.Memory().Load(dtcm+uint64(i), []byte{byte(i*7 - 100)})
	}
	m.SetX(t0, uint32(max(iters, 1)))
	return m
}

// BenchmarkVectorLoops runs each of vectorLoops on each SIMD path and,
// interleaved in the same run, on the pure-Go fallback (vec.UseFallback):
// ns/op is per loop iteration on the SIMD path, x-vs-generic the
// fallback's time over the SIMD path's (the figure issue 10 asks to be at
// least 4), Melem/s the vector elements per second on the SIMD path.
func BenchmarkVectorLoops(b *testing.B) {
	prev := vec.Path()
	defer vec.SetPath(prev)
	// Each run is a fresh machine of blk iterations: long enough that the
	// block engine's first visits (computing the loop's timing edges) do
	// not count.
	const blk = 50000
	for w, l := range vectorLoops {
		run := func(b *testing.B, path string, iters int, timed bool) time.Duration {
			b.StopTimer()
			vec.SetPath(path)
			m := vectorLoopMachine(b, w, iters)
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
			b.Run(l.name+"/"+p, func(b *testing.B) {
				b.ReportAllocs()
				var fast, slow time.Duration
				for done := 0; done < b.N; done += blk {
					n := min(blk, b.N-done)
					fast += run(b, p, n, true)
					slow += run(b, "generic", n, false)
				}
				b.StartTimer()
				b.ReportMetric(float64(slow)/float64(fast), "x-vs-generic")
				vops := 0
				for _, s := range l.body {
					if s[0] == 'v' && !strings.HasPrefix(s, "vsetvli") {
						vops++
					}
				}
				b.ReportMetric(float64(vops*l.elems*b.N)/fast.Seconds()/1e6, "Melem/s")
			})
		}
	}
}
