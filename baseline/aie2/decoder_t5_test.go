package aie2

import "testing"

// TestDecoderT5NoStaleReads runs every configuration of decoder_t5 under
// the warn hazard policy: an early read may only sample a value in flight
// from the same pipelined part (as for the attention kernels); the code
// between the parts (norms, attention, residual adds, the FFN's products)
// waits the pipeline out.
func TestDecoderT5NoStaleReads(t *testing.T) {
	for cfg := 1; cfg <= 5; cfg++ {
		src, prog, n, ws := warnRun(t, "decoder_t5", cfg)
		if uint64(len(ws)) < n {
			t.Fatalf("c%d: %d warnings, %d kept: raise the simulator's limit", cfg, n, len(ws))
		}
		regionOf := regionLines(src)
		inside := 0
		for _, w := range ws {
			if w.WriterPC == 0 && w.PC == 0 {
				continue
			}
			r, wr := regionOf(prog.LineOf(uint64(w.PC))), regionOf(prog.LineOf(uint64(w.WriterPC)))
			if r != wr || r == "" {
				t.Errorf("c%d: %v (reader in %q, writer in %q)", cfg, w, r, wr)
				break
			}
			inside++
		}
		t.Logf("c%d: %d early reads, all inside one part", cfg, inside)
	}
}

// TestT5SharedFFN: the FFN goes through the shared product subroutine
// only for the shapes whose product code would not fit program memory
// (8-column tails).
func TestT5SharedFFN(t *testing.T) {
	for _, tc := range []struct {
		dm, dff int
		want    bool
	}{{32, 64, false}, {32, 96, false}, {40, 72, true}, {48, 80, false}, {48, 64, false}, {40, 80, true}} {
		if got := t5SharedFFN(tc.dm, tc.dff); got != tc.want {
			t.Errorf("t5SharedFFN(%d, %d) = %v, want %v", tc.dm, tc.dff, got, tc.want)
		}
	}
}
