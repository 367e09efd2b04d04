package plena

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// BenchmarkSIMD times the element loops' SIMD paths against the pure-Go
// fallback in the same run: for each path the host has, blocks of runs on
// the path alternate with blocks on the fallback, and x-vs-generic is the
// fallback's time over the path's (ns/op is the path's). Workloads: one
// instruction kind repeated 100 times in a hardware loop, and PLENA's
// compiler-template programs (load and run; their HBM model time is the
// same on every path).
func BenchmarkSIMD(b *testing.B) {
	hw := loadHW(b, "plena")
	type work struct {
		name string
		m    *Machine
		img  *sim.Image
	}
	var works []work
	for _, c := range []struct{ name, op string }{
		{"M_MM", "M_MM 0, gp0, gp0"},
		{"M_TMM", "M_TMM 0, gp0, gp0"},
		{"M_MV", "M_MV 0, gp0, gp0"},
		{"M_BMM", "M_BMM 0, gp0, gp0"},
		{"M_BTMM", "M_BTMM 0, gp0, gp0"},
		{"M_BMM_WO", "M_BMM_WO gp3, 0"},
		{"V_ADD_VV", "V_ADD_VV gp1, gp0, gp0, 0"},
		{"V_MUL_VF", "V_MUL_VF gp1, gp0, f1, 0"},
		{"V_EXP_V", "V_EXP_V gp1, gp0, 0"},
		{"V_RECI_V", "V_RECI_V gp1, gp0, 0"},
		{"V_RED_SUM", "V_RED_SUM f1, gp0"},
		{"V_RED_MAX", "V_RED_MAX f1, gp0, 0"},
	} {
		src := "S_ADDI_INT gp1, gp0, 512\nS_ADDI_INT gp3, gp0, 1024\nC_LOOP_START gp2, 100\n" + c.op + "\nC_LOOP_END gp2\n"
		works = append(works, work{name: c.name, m: newMachine(b, hw, src, Options{})})
	}
	for _, name := range []string{"tmpl_linear", "tmpl_ffn", "tmpl_flashattn_prefill", "tmpl_silu", "tmpl_rms", "tmpl_bmm"} {
		data, err := os.ReadFile(filepath.Join(corpusDir, name+".mem"))
		if err != nil {
			b.Fatal(err)
		}
		img, err := ParseMem(hw, data)
		if err != nil {
			b.Fatal(err)
		}
		m, err := New(hw, Options{})
		if err != nil {
			b.Fatal(err)
		}
		works = append(works, work{name: name, m: m, img: img})
	}
	prev := vec.Path()
	defer vec.SetPath(prev)
	for _, w := range works {
		run := func() {
			if w.img != nil {
				if err := w.m.Load(w.img); err != nil {
					b.Fatal(err)
				}
			} else {
				w.m.reset()
				w.m.loaded = true
			}
			w.m.Run()
		}
		for _, p := range vec.Paths() {
			b.Run(w.name+"/"+p, func(b *testing.B) {
				var fast, slow time.Duration
				const blk = 4
				for done := 0; done < b.N; done += blk {
					n := min(blk, b.N-done)
					vec.SetPath(p)
					t0 := time.Now()
					for range n {
						run()
					}
					fast += time.Since(t0)
					b.StopTimer()
					vec.SetPath("generic")
					t1 := time.Now()
					for range n {
						run()
					}
					slow += time.Since(t1)
					b.StartTimer()
				}
				b.ReportMetric(float64(slow)/float64(fast), "x-vs-generic")
			})
		}
	}
}
