package aie2

import (
	"strings"
	"testing"

	"kernelcraft/baseline/internal/registry"
)

// TestDecoderLLaMANoStaleReads runs the decoder_llama configurations the
// (not yet registered) generator supports under the warn hazard policy:
// early reads only inside one pipelined part (as for ffn and attention);
// the others must say "not supported yet". Each run must end in done.
func TestDecoderLLaMANoStaleReads(t *testing.T) {
	gens := &registry.Registry[*Prog]{Target: Target, Manner: "test", New: func() *Prog { return &Prog{} }}
	gens.Register("decoder_llama", genDecoderLLaMA)
	for cfg := 1; cfg <= 5; cfg++ {
		src, err := gens.Kernel("decoder_llama", cfg)
		if err != nil {
			if !strings.Contains(err.Error(), "not supported yet") {
				t.Errorf("c%d: %v", cfg, err)
			}
			t.Logf("c%d: %v", cfg, err)
			continue
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
