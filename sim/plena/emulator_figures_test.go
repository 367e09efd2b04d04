package plena

import "testing"

// TestEmulatorFigures holds kc-sim's cycles on the programs PLENA's
// compiler templates generate for PLENA_Simulator's testbenches
// (testdata/plena/corpus/tmpl_*, PLENA's assembler's words) under
// plena-emulator to the cycles PLENA's emulator takes for them, as issue
// 30's review measured them with the emulator's own Ramulator2
// (CMU-SAFARI/ramulator2 e442c64 with PLENA's patch and C API): within 3
// cycles. These are the programs whose HBM traffic meets what the model
// once did differently (refreshes, which e442c64 never sends to HBM2, and
// no reads forwarded from the write buffer, which it does). The review
// gave ffn_intermediate's figure as kc-sim's then (with refreshes and no
// forwarding, rerun here) less 22, and linear's as 18,856 less 22; the
// model as it was is rerun too, to show that it took the figures the
// review reported. The other testbench programs of the corpus
// (linear_loop, silu, gelu, rms, layer_norm, flashattn_decode,
// flashattn_qkt, s_map_v) take the same cycles either way and are held by
// TestCorpusCycles. Not in the corpus: bmm at the testbench's batch of 4
// (20,100 instructions; tmpl_bmm is batch 1), and the loop, two_input and
// dllm1 testbenches.
func TestEmulatorFigures(t *testing.T) {
	const tolerance = 3
	old := withTiming(loadHW(t, "plena-emulator"), map[string]int64{"hbm.refresh": 1, "hbm.read_forwarding": 0})
	for _, c := range []struct {
		program  string
		emulator int64 // 0: the old model's cycles less 22
		before   int64 // the old model's cycles, as the review reported them (0: not given)
	}{
		{"tmpl_ffn", 57220, 57945},
		{"tmpl_flashattn_prefill", 32400, 32794},
		{"tmpl_linear", 18856 - 22, 18856},
		{"tmpl_ffn_intermediate", 0, 0},
		{"tmpl_h_store", 115, 245},
	} {
		m := loadCorpusHW(t, c.program, old)
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s (refresh, no forwarding): %v", c.program, h)
		}
		before := m.Cycles()
		if c.before != 0 && before != c.before {
			t.Errorf("%s: %d cycles with refreshes and no read forwarding, the review reported %d", c.program, before, c.before)
		}
		want := c.emulator
		if want == 0 {
			want = before - 22
		}
		m = loadCorpusOn(t, c.program, "plena-emulator")
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %v", c.program, h)
		}
		if d := m.Cycles() - want; d < -tolerance || d > tolerance {
			t.Errorf("%s: %d cycles under plena-emulator, PLENA's emulator %d (want within %d)", c.program, m.Cycles(), want, tolerance)
		}
		t.Logf("%s: %d cycles (before the fix %d), PLENA's emulator %d", c.program, m.Cycles(), before, want)
	}
}
