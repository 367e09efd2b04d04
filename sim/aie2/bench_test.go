package aie2

import (
	"math/rand/v2"
	"strings"
	"testing"

	"kernelcraft/sim/vec"
)

// vmacLoop is a zero-overhead loop of 4 vmac.f bundles run n times (the
// configuration in r0).
func vmacLoop(n int) string {
	body := "nopa ; nopb ; nops ; nopx ; nopm ; vmac.f bml%d, bml%d, x0, x1, r0"
	var lines []string
	for i := 0; i < 4; i++ {
		lines = append(lines, strings.ReplaceAll(body, "%d", itoa(i)))
	}
	return "movxm ls, #start\nmovxm le, #last\nmovxm lc, #" + itoa(n) + "\n" + strings.Repeat(wideNop+"\n", 7) +
		".p2align 4\nstart:\n" + strings.Join(lines[:3], "\n") + "\nlast:\n" + lines[3] + "\n" + strings.Repeat("nop\n", 7) + "done\n"
}

// BenchmarkVMacFLoop: a zero-overhead loop of 4 vmac.f bundles (128 bf16
// MACs each) run 1000 times; reports simulated cycles per second.
func BenchmarkVMacFLoop(b *testing.B) {
	m := build(b, vmacLoop(1000), Options{})
	var cycles int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.reset()
		m.SetReg("r0", 28)
		if h := m.Run(); !h.OK() {
			b.Fatal(h)
		}
		cycles += m.Cycles()
	}
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds()/1e6, "Mcycles/s")
}

// BenchmarkMacF: one bf16 4x8x4 MAC (128 products into 16 lanes) on the
// scalar reference (the simulator's code before vec.MacBF16) and on each
// vec path, near-exponent random operands.
func BenchmarkMacF(b *testing.B) {
	defer vec.UseFallback(false)
	mm, err := lookupMode(28)
	if err != nil {
		b.Fatal(err)
	}
	var x, y, a1, a2, out [64]byte
	fillMacOperands(rand.New(rand.NewPCG(1, 1)), &x, &y, &a1, &a2, false, true)
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			out = refMacF(mm, &x, &y, &a1, &a2, 0, false)
		}
	})
	for _, p := range simdPaths() {
		b.Run(p, func(b *testing.B) {
			vec.SetPath(p)
			for b.Loop() {
				vec.MacBF16(&out, &x, &y, &a1, &a2, mm.lay, 0)
			}
		})
	}
}

// BenchmarkMacInt8: one int8 4x8x8 MAC (256 products into 32 lanes) on
// the scalar reference and on vec.MacInt.
func BenchmarkMacInt8(b *testing.B) {
	mm, err := lookupMode(776)
	if err != nil {
		b.Fatal(err)
	}
	var x, y [64]byte
	var a1, a2, out [128]byte
	r := rand.New(rand.NewPCG(1, 2))
	for i := range x {
		x[i], y[i] = byte(r.Uint32()), byte(r.Uint32())
	}
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			out = refMacInt(mm, &x, &y, &a1, &a2, 776, false)
		}
	})
	b.Run("vec", func(b *testing.B) {
		for b.Loop() {
			vec.MacInt(&out, &x, &y, &a1, &a2, &mm.ig, true, true, 0)
		}
	})
}
