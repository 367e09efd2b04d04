package vec

import (
	"math/rand/v2"
	"testing"
	"time"
)

// Benchmarks of the element loops that dominate coral's RVV kernels, at
// VLEN 128 and LMUL 4–8 (one instruction's worth of elements per call).
// For each SIMD path the host has, the sub-benchmark times the path
// (ns/op) and, interleaved in the same run, the pure-Go fallback on the
// same calls; x-vs-generic is fallback time / SIMD time. The generic
// sub-benchmark times the fallback alone.

func benchPaths(b *testing.B, elems int, f func()) {
	prev := Path()
	defer SetPath(prev)
	for _, p := range Paths() {
		b.Run(p, func(b *testing.B) {
			b.ReportAllocs()
			var fast, slow time.Duration
			const blk = 4096
			for done := 0; done < b.N; done += blk {
				n := min(blk, b.N-done)
				SetPath(p)
				t0 := time.Now()
				for range n {
					f()
				}
				fast += time.Since(t0)
				b.StopTimer()
				SetPath("generic")
				t1 := time.Now()
				for range n {
					f()
				}
				slow += time.Since(t1)
				b.StartTimer()
			}
			b.ReportMetric(float64(slow)/float64(fast), "x-vs-generic")
			b.ReportMetric(float64(elems)*float64(b.N)/fast.Seconds()/1e6, "Melem/s")
		})
	}
	b.Run("generic", func(b *testing.B) {
		SetPath("generic")
		b.ReportAllocs()
		for range b.N {
			f()
		}
		b.ReportMetric(float64(elems)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Melem/s")
	})
}

func brnd[T Signed](n int) []T {
	r := rand.New(rand.NewPCG(7, uint64(n)))
	s := make([]T, n)
	for i := range s {
		s[i] = T(r.Uint64())
	}
	return s
}

func bmask(n int) []byte {
	m := make([]byte, (n+7)/8)
	for i := range m {
		m[i] = byte(0x5a + 37*i)
	}
	return m
}

// vwmacc.vv e8→e16, LMUL 4 (64 elements): the int8 dot-product inner loop.
func BenchmarkVWMaccE8M4(b *testing.B) {
	d, x, y := brnd[int16](64), brnd[int8](64), brnd[int8](64)
	benchPaths(b, 64, func() { Wide[int8, uint8](WMacc, d, x, y, nil, 0, 64) })
}

// vwmacc.vx e16→e32, LMUL 4 (32 elements).
func BenchmarkVWMaccXE16M4(b *testing.B) {
	d, x := brnd[int32](32), brnd[int16](32)
	benchPaths(b, 32, func() { WideX[int16, uint16](WMacc, d, x, 77, nil, 0, 32) })
}

// vadd.vv e32, LMUL 8 (32 elements).
func BenchmarkVAddE32M8(b *testing.B) {
	d, x, y := brnd[int32](32), brnd[int32](32), brnd[int32](32)
	benchPaths(b, 32, func() { BinVV32(Add, d, x, y, nil, 0, 32, 0) })
}

// vadd.vv e8, LMUL 8 (128 elements).
func BenchmarkVAddE8M8(b *testing.B) {
	d, x, y := brnd[int8](128), brnd[int8](128), brnd[int8](128)
	benchPaths(b, 128, func() { BinVV8(Add, d, x, y, nil, 0, 128, 0) })
}

// vadd.vv e8, LMUL 8, masked (v0.t).
func BenchmarkVAddMaskedE8M8(b *testing.B) {
	d, x, y, m := brnd[int8](128), brnd[int8](128), brnd[int8](128), bmask(128)
	benchPaths(b, 128, func() { BinVV8(Add, d, x, y, m, 0, 128, 0) })
}

// vmacc.vv e8, LMUL 8 (128 elements).
func BenchmarkVMaccE8M8(b *testing.B) {
	d, x, y := brnd[int8](128), brnd[int8](128), brnd[int8](128)
	benchPaths(b, 128, func() { MacVV8(Macc, d, x, y, nil, 0, 128) })
}

// vsadd.vv e16, LMUL 8 (64 elements).
func BenchmarkVSAddE16M8(b *testing.B) {
	d, x, y := brnd[int16](64), brnd[int16](64), brnd[int16](64)
	benchPaths(b, 64, func() { BinVV16(SAdd, d, x, y, nil, 0, 64, 0) })
}

// vnclip.wi e16→e8, LMUL 4 destination (64 elements), rnu.
func BenchmarkVNClipE8M4(b *testing.B) {
	d, x := brnd[int8](64), brnd[int16](64)
	benchPaths(b, 64, func() { NarrowX[int8, uint8](NClip, d, x, 5, nil, 0, 64, 0) })
}

// vnclip.wi e32→e16, LMUL 4 destination (32 elements), rne.
func BenchmarkVNClipE16M4(b *testing.B) {
	d, x := brnd[int16](32), brnd[int32](32)
	benchPaths(b, 32, func() { NarrowX[int16, uint16](NClip, d, x, 9, nil, 0, 32, 1) })
}

// vredsum.vs e32, LMUL 8 (32 elements).
func BenchmarkVRedSumE32M8(b *testing.B) {
	x := brnd[int32](32)
	var acc int32
	benchPaths(b, 32, func() { acc = Red[int32, uint32](RedSum, x, nil, 32, acc) })
}

// vredmax.vs e8, LMUL 8 (128 elements).
func BenchmarkVRedMaxE8M8(b *testing.B) {
	x := brnd[int8](128)
	var acc int8
	benchPaths(b, 128, func() { acc = Red[int8, uint8](RedMax, x, nil, 128, acc) })
}

// vwredsum.vs e8→e16, LMUL 8 (128 elements).
func BenchmarkVWRedSumE8M8(b *testing.B) {
	x := brnd[int8](128)
	var acc int16
	benchPaths(b, 128, func() { acc = WRed[int8, uint8](true, x, nil, 128, acc) })
}

// vmslt.vv e8, LMUL 8 (128 elements) into a mask register.
func BenchmarkVMsltE8M8(b *testing.B) {
	x, y, dm := brnd[int8](128), brnd[int8](128), make([]byte, 16)
	benchPaths(b, 128, func() { CmpVV8(Slt, dm, x, y, nil, 0, 128) })
}

// vmerge.vvm e16, LMUL 8 (64 elements).
func BenchmarkVMergeE16M8(b *testing.B) {
	d, x, y, m := brnd[int16](64), brnd[int16](64), brnd[int16](64), bmask(64)
	benchPaths(b, 64, func() { Merge(d, x, y, m, 0, 64) })
}

// vsmul.vx e32, LMUL 8 (32 elements), rnu: requantisation.
func BenchmarkVSMulE32M8(b *testing.B) {
	d, x := brnd[int32](32), brnd[int32](32)
	benchPaths(b, 32, func() { BinVX32(SMul, d, x, 1234567, nil, 0, 32, 0) })
}

// vssra.vi e16, LMUL 8 (64 elements), rne.
func BenchmarkVSSraE16M8(b *testing.B) {
	d, x := brnd[int16](64), brnd[int16](64)
	benchPaths(b, 64, func() { BinVX16(SSra, d, x, 5, nil, 0, 64, 1) })
}

// vsext.vf4 e8→e32, LMUL 8 destination (32 elements).
func BenchmarkVSextE8E32M8(b *testing.B) {
	d, x := brnd[int32](32), brnd[int8](32)
	benchPaths(b, 32, func() { Ext[int8, uint8](true, d, x, nil, 0, 32) })
}
