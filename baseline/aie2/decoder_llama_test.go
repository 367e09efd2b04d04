package aie2

import (
	"testing"
)

// TestDecoderLLaMANoStaleReads runs every decoder_llama configuration
// under the warn hazard policy: early reads only inside one pipelined
// part (as for ffn and attention); each run must end in done.
// Configuration 3 is the program-memory-bound variant (genLLaMAShared),
// with subroutines calling subroutines.
func TestDecoderLLaMANoStaleReads(t *testing.T) {
	for cfg := 1; cfg <= 5; cfg++ {
		src, err := Kernel("decoder_llama", cfg)
		if err != nil {
			t.Fatalf("c%d: %v", cfg, err)
		}
		s, prog, n, ws := warnRunSrc(t, "decoder_llama", cfg, src)
		if uint64(len(ws)) < n {
			t.Fatalf("c%d: %d warnings, %d kept: raise the simulator's limit", cfg, n, len(ws))
		}
		regionOf := regionLines(s)
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
