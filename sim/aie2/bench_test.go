package aie2

import (
	"strings"
	"testing"
)

// BenchmarkVMacFLoop: a zero-overhead loop of 4 vmac.f bundles (128 bf16
// MACs each) run 1000 times; reports simulated cycles per second.
func BenchmarkVMacFLoop(b *testing.B) {
	body := "nopa ; nopb ; nops ; nopx ; nopm ; vmac.f bml%d, bml%d, x0, x1, r0"
	var lines []string
	for i := 0; i < 4; i++ {
		lines = append(lines, strings.ReplaceAll(body, "%d", itoa(i)))
	}
	src := "movxm ls, #start\nmovxm le, #last\nmovxm lc, #1000\n" + strings.Repeat(wideNop+"\n", 7) +
		".p2align 4\nstart:\n" + strings.Join(lines[:3], "\n") + "\nlast:\n" + lines[3] + "\n" + strings.Repeat("nop\n", 7) + "done\n"
	m := build(b, src, Options{})
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
