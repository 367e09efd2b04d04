package plena

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCorpus runs PLENA's compiler-template programs (their cycles
// dominated by the systolic tile products, the bf16 row operations and
// the HBM model). Reports simulated instructions per host second.
func BenchmarkCorpus(b *testing.B) {
	for _, name := range []string{"tmpl_linear", "tmpl_ffn", "tmpl_flashattn_prefill", "tmpl_silu"} {
		b.Run(name, func(b *testing.B) {
			data, err := os.ReadFile(filepath.Join(corpusDir, name+".mem"))
			if err != nil {
				b.Fatal(err)
			}
			hw := loadHW(b, "plena")
			img, err := ParseMem(hw, data)
			if err != nil {
				b.Fatal(err)
			}
			m, err := New(hw, Options{})
			if err != nil {
				b.Fatal(err)
			}
			var instr uint64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := m.Load(img); err != nil {
					b.Fatal(err)
				}
				m.Run()
				instr += m.stats.Instructions
			}
			b.ReportMetric(float64(instr)/b.Elapsed().Seconds()/1e6, "MIPS")
		})
	}
}

// BenchmarkOps times single instruction kinds in a loop of 1000.
func BenchmarkOps(b *testing.B) {
	for _, c := range []struct{ name, op string }{
		{"M_MM", "M_MM 0, gp0, gp0"},
		{"M_BTMM", "M_BTMM 0, gp0, gp0"},
		{"V_ADD_VV", "V_ADD_VV gp1, gp0, gp0, 0"},
		{"V_EXP_V", "V_EXP_V gp1, gp0, 0"},
		{"H_PREFETCH_V", "H_PREFETCH_V gp1, gp0, a0, 0, 0"},
	} {
		b.Run(c.name, func(b *testing.B) {
			hw := loadHW(b, "plena")
			m := newMachine(b, hw, "S_ADDI_INT gp1, gp0, 512\nC_LOOP_START gp2, 1000\n"+c.op+"\nC_LOOP_END gp2\n", Options{})
			img := m.prog
			_ = img
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				m.reset()
				m.loaded = true
				m.Run()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/op-instr")
		})
	}
}
