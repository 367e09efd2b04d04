package plena

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateCorpusCycles = flag.Bool("update", false, "rewrite testdata/corpus_cycles.golden")

// TestCorpusCycles runs every program of the PLENA corpus (PLENA's
// assembler's output for the flash-attention, FFN, GELU, ... templates
// and the form and random programs) on zeroed memories under
// plena-emulator and plena, and compares each run's end and cycles with
// testdata/corpus_cycles.golden (-update rewrites it). The plena-emulator
// column holds plena-emulator to PLENA's emulator's cycle table with the
// HBM of PLENA's Ramulator2 at e442c64 (no refresh, reads forwarded from
// the write buffer; TestEmulatorFigures holds the programs that meet
// either to the emulator's own figures); the plena column differs only where a program
// runs the batched products or write-outs (M_BMM, M_BTMM, M_BMV, M_BTMV,
// M_BMM_WO, M_BMV_WO), which plena charges at the matrix unit's peak.
func TestCorpusCycles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.mem"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %-40s %-40s\n", "program", "plena-emulator", "plena")
	for _, f := range files {
		name := filepath.Base(f[:len(f)-4])
		fmt.Fprintf(&b, "%-24s", name)
		for _, hwName := range []string{"plena-emulator", "plena"} {
			m := loadCorpusOn(t, name, hwName)
			h := m.Run()
			end := "end"
			if h.Trap != nil {
				end = fmt.Sprintf("trap at %#x", h.Trap.Addr)
			} else if !h.OK() {
				end = fmt.Sprintf("halt kind %d", h.Kind)
			}
			fmt.Fprintf(&b, " %-40s", fmt.Sprintf("%d cycles, %d insts, %s", m.Cycles(), m.Stats().Instructions, end))
		}
		b.WriteString("\n")
	}
	got := strings.ReplaceAll(b.String(), " \n", "\n")
	got = strings.Join(trimRight(strings.Split(got, "\n")), "\n")
	golden := filepath.Join("testdata", "corpus_cycles.golden")
	if *updateCorpusCycles {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("corpus cycles differ from %s (go test -run TestCorpusCycles -update rewrites it):\n%s", golden, got)
	}
}

func trimRight(lines []string) []string {
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}
