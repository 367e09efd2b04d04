package judge

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"kernelcraft/baseline"
	"kernelcraft/baseline/aie2"
	"kernelcraft/ref"
)

// TestAIE2BaselineAllCells: every aie2 cell whose task has a generator in
// baseline/aie2 passes its visible and hidden case with the baseline
// kernel; the cycles are the golden testdata/aie2_compiler_cycles.md. The
// cells without a generator yet are logged.
func TestAIE2BaselineAllCells(t *testing.T) {
	start := time.Now()
	have := aie2.Tasks()
	var cells []*Cell
	var missing []string
	for _, task := range ref.Supported("aie2") {
		if !slices.Contains(have, task.ID) {
			missing = append(missing, task.ID)
			continue
		}
		for c := 1; c <= ref.NumConfigs; c++ {
			k, err := baseline.Baseline("aie2", "", task.ID, c)
			if err != nil {
				t.Errorf("%s config %d: %v", task.ID, c, err)
				continue
			}
			cell, err := EvalCell(context.Background(), "aie2", task.ID, c, GoldenSeeds, k.Name, k.Src)
			if err != nil {
				t.Errorf("%s config %d: %v", task.ID, c, err)
				continue
			}
			if !cell.Pass() {
				t.Errorf("%s config %d fails:\n%s\n%s", task.ID, c, cell.Visible.Verdict, cell.Hidden.Verdict)
			}
			cells = append(cells, cell)
		}
	}
	table := Table(cells)
	t.Logf("aie2 baseline: %d cells evaluated in %v; no generator yet for %d tasks (%d cells): %s\n%s",
		len(cells), time.Since(start).Round(time.Millisecond), len(missing), len(missing)*ref.NumConfigs, strings.Join(missing, ", "), table)
	golden(t, "aie2_compiler_cycles.md", table)
}
