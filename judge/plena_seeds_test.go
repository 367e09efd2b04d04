package judge

import (
	"context"
	"testing"

	"kernelcraft/baseline"
)

// TestPlenaBaselineHardSeeds: hidden seeds on which a plena baseline once
// failed, each with why; the baseline passes them now.
func TestPlenaBaselineHardSeeds(t *testing.T) {
	for _, tc := range []struct {
		task   string
		config int
		hidden uint64
		why    string
	}{
		{"mqa", 4, 2160354972865488565, "two scores of one row, 56 and 55, closer than bf16 holds them: the level's atol alone failed the bf16-score kernel by 4%; ref.admitBF16 sizes this case's atol"},
	} {
		k, err := baseline.Baseline("plena", "", tc.task, tc.config)
		if err != nil {
			t.Fatal(err)
		}
		cell, err := EvalCell(context.Background(), "plena", tc.task, tc.config, Seeds{Visible: 1, Hidden: tc.hidden}, k.Name, k.Src)
		if err != nil {
			t.Fatal(err)
		}
		if !cell.Pass() {
			t.Errorf("%s config %d, hidden seed %d (%s):\n%s\n%s", tc.task, tc.config, tc.hidden, tc.why, cell.Visible.Verdict, cell.Hidden.Verdict)
		}
	}
}
