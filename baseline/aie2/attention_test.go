package aie2

import "testing"

// TestAttentionNoStaleReads runs every configuration of the attention
// kernels under the warn hazard policy: as for ffn, an early read may
// only sample a value in flight from the same pipelined part (a matrix
// product, a copy loop, the softmax rows); the code between parts (the
// head loop's ends, the calls of the projection subroutines) waits the
// pipeline out.
func TestAttentionNoStaleReads(t *testing.T) {
	for _, task := range []string{"sdpa", "mha", "gqa", "mqa"} {
		for cfg := 1; cfg <= 5; cfg++ {
			src, prog, n, ws := warnRun(t, task, cfg)
			if uint64(len(ws)) < n {
				t.Fatalf("%s c%d: %d warnings, %d kept: raise the simulator's limit", task, cfg, n, len(ws))
			}
			regionOf := regionLines(src)
			inside := 0
			for _, w := range ws {
				if w.WriterPC == 0 && w.PC == 0 {
					continue
				}
				r, wr := regionOf(prog.LineOf(uint64(w.PC))), regionOf(prog.LineOf(uint64(w.WriterPC)))
				if r != wr || r == "" {
					t.Errorf("%s c%d: %v (reader in %q, writer in %q)", task, cfg, w, r, wr)
					break
				}
				inside++
			}
			t.Logf("%s c%d: %d early reads, all inside one part", task, cfg, inside)
		}
	}
}
