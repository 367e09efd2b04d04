package judge

import (
	"context"
	"regexp"
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/sim"
)

// batchedOps are the instructions whose cycles differ between plena and
// plena-emulator (plena charges them their work at the matrix unit's
// peak, PLENA's emulator 1 or MLEN cycles).
var batchedOps = regexp.MustCompile(`(?m)^\s*(M_BMM|M_BTMM|M_BMV|M_BTMV|M_BMM_WO|M_BMV_WO)\b`)

// TestPlenaBaselineEmulatorTable: plena's baseline golden cycle table
// (testdata/plena_compiler_cycles.md, hidden cases of GoldenSeeds) is what
// PLENA's emulator's own cycle table gives. Every cell whose case runs on
// plena is run again under plena-emulator and must take the golden
// cycles; the plena-highmem cells (no emulator-table config has their
// memories) are checked not to use the six batched instructions, the
// only ones the two tables charge differently, so that their cycles are
// the emulator table's too (the HBM model is the same in both).
func TestPlenaBaselineEmulatorTable(t *testing.T) {
	golden := baseline.TargetGoldenCycles("plena", baseline.KindCompiler)
	if len(golden) == 0 {
		t.Fatal("no plena golden cycle table")
	}
	ran, scanned := 0, 0
	for task, row := range golden {
		for config := 1; config <= len(row); config++ {
			if row[config-1] == 0 {
				continue
			}
			k, err := baseline.Baseline("plena", "", task, config)
			if err != nil {
				t.Fatal(err)
			}
			if m := batchedOps.Find(k.Src); m != nil {
				t.Errorf("%s config %d: the baseline uses %s, which plena and plena-emulator charge differently", task, config, m)
				continue
			}
			cs, err := Generate("plena", task, config, GoldenSeeds)
			if err != nil {
				t.Fatal(err)
			}
			c, tensors := cs.Case(true)
			if c.HW != "plena" {
				scanned++
				continue
			}
			emu := *c
			emu.HW = "plena-emulator"
			elf, err := Assemble(&emu, k.Name, k.Src)
			if err != nil {
				t.Fatal(err)
			}
			r, err := RunCase(context.Background(), &emu, tensors, elf, sim.CoreOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Verdict.Pass || r.Cycles() != row[config-1] {
				t.Errorf("%s config %d under plena-emulator: pass %v, %d cycles; golden %d", task, config, r.Verdict.Pass, r.Cycles(), row[config-1])
			}
			ran++
		}
	}
	t.Logf("%d cells run under plena-emulator, %d plena-highmem cells checked for the batched instructions", ran, scanned)
	if ran == 0 {
		t.Error("no cell ran under plena-emulator")
	}
}
