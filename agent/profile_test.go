package agent

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/baseline"
)

// TestProfileBaselines: on real kernels (the baselines of a few cells),
// the profile tool's text fits in a tool result, its table's line numbers
// and source texts are the kernel's own, and its total is the run's cycles.
func TestProfileBaselines(t *testing.T) {
	row := regexp.MustCompile(`(?m)^\s+(\d+)\s+\d+\s+\d+\s+[\d.]+%  (.*)$`)
	total := regexp.MustCompile(`(\d+) cycles in all`)
	for _, c := range []struct {
		task   string
		config int
		kind   string
	}{
		{"relu", 2, baseline.KindCompiler},
		{"layernorm", 1, baseline.KindTemplate},
		{"gemm", 1, baseline.KindCompiler},
		{"softmax", 1, ""},
	} {
		t.Run(c.task, func(t *testing.T) {
			k, err := baseline.Baseline("coral", c.kind, c.task, c.config)
			if err != nil {
				t.Fatal(err)
			}
			e, err := NewEnv("coral", c.task, c.config, 1)
			if err != nil {
				t.Fatal(err)
			}
			call := e.Call(context.Background(), ToolProfile, src(string(k.Src)))
			text := call.Text
			if !call.Outcome.Pass() || strings.Contains(text, "[truncated") || len(text) > MaxResultChars {
				t.Fatalf("pass %v, %d characters:\n%s", call.Outcome.Pass(), len(text), text)
			}
			if m := total.FindStringSubmatch(text); m == nil || m[1] != strconv.FormatUint(call.Outcome.Cycles(), 10) {
				t.Errorf("profile total %v, run cycles %d", m, call.Outcome.Cycles())
			}
			lines := strings.Split(string(k.Src), "\n")
			rows := row.FindAllStringSubmatch(text, -1)
			if len(rows) != profileLines {
				t.Errorf("%d rows, want %d:\n%s", len(rows), profileLines, text)
			}
			for _, r := range rows {
				n, _ := strconv.Atoi(r[1])
				if n < 1 || n > len(lines) {
					t.Errorf("line %d: not in the kernel (%d lines)", n, len(lines))
					continue
				}
				got := strings.TrimSuffix(r[2], "...")
				if want := strings.Join(strings.Fields(lines[n-1]), " "); !strings.HasPrefix(want, got) {
					t.Errorf("line %d shown as %q, the kernel has %q", n, r[2], want)
				}
			}
		})
	}
}
