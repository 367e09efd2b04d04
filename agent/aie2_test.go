package agent

import (
	"strings"
	"testing"

	"kernelcraft/baseline"
)

// TestAIE2EndToEnd: the agent loop on an aie2 cell (relu config 3, the
// ragged shapes) with a scripted model: it reads the manual's exposed-
// pipeline rules and the task, runs a kernel whose software pipeline
// drains too early (its last two stores dropped), reads the diagnosis,
// runs and submits the baseline's kernel, which the judge passes on the
// hidden case at speedup 1.
func TestAIE2EndToEnd(t *testing.T) {
	good, err := baseline.Baseline("aie2", "", "relu", 3)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(good.Src), "\n")
	drop := 0
	for i := len(lines) - 1; i >= 0 && drop < 2; i-- {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "vst ") {
			lines = append(lines[:i], lines[i+1:]...)
			drop++
		}
	}
	if drop != 2 {
		t.Fatalf("the baseline has no two stores to drop:\n%s", good.Src)
	}
	wrong := strings.Join(lines, "\n")
	manual, info, diag, rec := scriptedRepair(t, "aie2", "relu", 3, "pipeline", wrong, string(good.Src))
	if !strings.Contains(manual, "delay slots") || !strings.Contains(info, "ReLU") {
		t.Errorf("manual %q\ntask info %q", manual[:min(200, len(manual))], info[:min(200, len(info))])
	}
	if !strings.Contains(diag, "unwritten") {
		t.Errorf("the diagnosis does not say the last outputs are unwritten:\n%s", diag)
	}
	if !rec.Success || rec.Target != "aie2" || rec.Iterations != 5 || rec.FirstCorrect != 4 || rec.Speedup != 1 || rec.Cycles == 0 || rec.Cycles != rec.BaselineCycles || rec.StopReason != StopSubmitted {
		t.Errorf("record %+v", rec)
	}
}
