package judge

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/ref"
	"kernelcraft/ref/check"
)

// hostileDir holds the hostile corpus of "the task text is the law"
// (issue 15, items 5 and 8): kernels whose outputs are right but that
// break a rule the task text states.
const hostileDir = "../testdata/kernels/coral/hostile"

// failHalt is the failure kind of a kernel that ends other than with the
// task's halt (Verdict.Halt); the other kinds are memory patterns.
const failHalt = "halt"

// hostileKernels is the corpus: each kernel, its cell, and the kind of
// failure the judge must give it on the visible and the hidden case.
var hostileKernels = []struct {
	file   string
	task   string
	config int
	want   string
}{
	{"relu_spray.s", "relu", 1, check.PatPastEnd},        // 29 KiB of zeros from the end of y to the end of DTCM
	{"gemv_stray.s", "gemv", 1, check.PatOutside},        // stores to 0x17c00 and 0x17ff0 mid-run
	{"relu_vec_past_end.s", "relu", 1, check.PatPastEnd}, // a whole vector group past the end of y
	{"gemv_tail_bytes.s", "gemv", 3, check.PatPastEnd},   // 2 bytes past y, inside y's last 16-byte chunk
	{"relu_ecall_exit.s", "relu", 1, failHalt},           // ends with ecall exit(0), not mpause
	{"relu_tohost.s", "relu", 1, failHalt},               // ends with a tohost store, not mpause
}

// TestHostileKernels: every kernel of the hostile corpus fails both cases
// of its cell for the rule it breaks, with the outputs right (so the rule,
// nothing else, fails it); the visible verdicts' text is golden
// (judge/testdata/hostile_verdicts.txt). The hidden case is fresh.
func TestHostileKernels(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(hostileDir, "*.s"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, h := range hostileKernels {
		listed = append(listed, h.file)
	}
	for _, f := range files {
		if !slices.Contains(listed, filepath.Base(f)) {
			t.Errorf("%s is not in hostileKernels: say what it must fail with", f)
		}
	}
	texts := make([]string, len(hostileKernels))
	for i, h := range hostileKernels {
		t.Run(strings.TrimSuffix(h.file, ".s"), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(hostileDir, h.file))
			if err != nil {
				t.Fatal(err)
			}
			cell, err := EvalCell(context.Background(), "coral", h.task, h.config, Seeds{Visible: ref.DefaultSeed, Hidden: FreshSeed()}, h.file, src)
			if err != nil {
				t.Fatal(err)
			}
			if cell.Pass() {
				t.Fatalf("passes: %s", cell.Visible.Verdict)
			}
			for _, r := range []*Run{cell.Visible, cell.Hidden} {
				v := r.Verdict
				if v.Pass {
					t.Errorf("%s passes:\n%s", v.Case, v)
					continue
				}
				for _, o := range v.Outputs {
					if o.Bad > 0 || o.Problem != "" {
						t.Errorf("%s: output %s is wrong, the corpus kernel should compute it right:\n%s", v.Case, o.Name, v)
					}
				}
				if h.want == failHalt {
					if !strings.Contains(v.Halt, "the task requires the kernel to end with mpause") {
						t.Errorf("%s: want a halt failure, got %q:\n%s", v.Case, v.Halt, v)
					}
					continue
				}
				found := false
				for _, p := range v.Memory {
					found = found || p.Kind == h.want && p.Fatal
				}
				if !found || v.Halt != "" {
					t.Errorf("%s: want a fatal %s memory pattern:\n%s", v.Case, h.want, v)
				}
			}
			texts[i] = "## " + h.file + " (" + h.task + " config " + strconv.Itoa(h.config) + ", visible case)\n" + cell.Visible.Verdict.String()
		})
	}
	sort.Strings(texts)
	goldenIn(t, "testdata", "hostile_verdicts.txt", strings.Join(texts, "\n"))
}
