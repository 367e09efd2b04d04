package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

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

// TestProfileTimeline: the profile tool ends with the compact timeline of
// the hottest loop, whose summary names the bottleneck each kernel has by
// construction (kc-sim's timeline goldens: a dependency chain, a
// memory-port-bound copy). The kernels do not compute relu: the check
// fails, the profile is all the same.
func TestProfileTimeline(t *testing.T) {
	for _, c := range []struct {
		kernel, bottleneck string
	}{
		{"timeline_chain", "bottleneck: register dependency"},
		{"timeline_memcopy", "bottleneck: the memory port (memory port)"},
	} {
		t.Run(c.kernel, func(t *testing.T) {
			k, err := os.ReadFile(filepath.Join("..", "cmd", "kc-sim", "testdata", c.kernel+".s"))
			if err != nil {
				t.Fatal(err)
			}
			call := reluEnv(t).Call(context.Background(), ToolProfile, src(string(k)))
			text := call.Text
			if call.Outcome == nil || call.Outcome.Run == nil || len(text) > MaxResultChars || strings.Contains(text, "[truncated") {
				t.Fatalf("%d characters:\n%s", len(text), text)
			}
			i := strings.Index(text, "\ntimeline of the hottest loop")
			if i < 0 || !strings.Contains(text[i:], "\nsummary: ") || !strings.Contains(text[i:], c.bottleneck) {
				t.Errorf("no timeline naming %q:\n%s", c.bottleneck, text)
			}
			golden(t, "profile_"+c.kernel, text)
		})
	}
}

// TestProfileTimelineBounded: a kernel whose loop is longer than the
// timeline's rows and whose lines are long still gets a profile within
// the tool-result limit, not cut by Truncate, with the timeline's summary;
// a kernel that spins forever ends at the tool's deadline with a short
// result (the timeline records a bounded window whatever the run's
// length).
func TestProfileTimelineBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("    .globl _start\n_start:\n    li t0, 3\n1:\n")
	for i := range 1000 { // 4000 bytes: within coral's 8 KiB ITCM and bnez's reach
		fmt.Fprintf(&b, "    addi t%d, t%d, %d    # a comment long enough to make the source lines wide, which the table must not echo\n", 1+i%5, 1+(i+1)%5, i%2000)
	}
	b.WriteString("    addi t0, t0, -1\n    bnez t0, 1b\n    mpause\n")
	call := reluEnv(t).Call(context.Background(), ToolProfile, src(b.String()))
	text := call.Text
	if call.Outcome == nil || call.Outcome.Run == nil || len(text) > MaxResultChars || strings.Contains(text, "[truncated") {
		t.Fatalf("%d characters:\n%s", len(text), text)
	}
	for _, want := range []string{"timeline of the hottest loop", "\nsummary: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the result lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "more rows not shown") && !strings.Contains(text, "the window has more instructions") {
		t.Errorf("the result does not say that the timeline's rows were cut:\n%s", text)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	call = reluEnv(t).Call(ctx, ToolProfile, src("    .globl _start\n_start:\n1:  addi t0, t0, 1\n    j 1b\n"))
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("a spinning kernel's profile took %v after a 1 s deadline", took)
	}
	if !call.Err || len(call.Text) > MaxResultChars || !strings.Contains(call.Text, "deadline") {
		t.Errorf("spinning kernel: err %v, %d characters:\n%s", call.Err, len(call.Text), call.Text)
	}
}

// TestProfileTimelinePlena: plena's profile ends with the compact
// timeline too; the GEMM kernel's hottest loop (one M_MM of MLEN cycles
// per column block) is bound by the matrix unit.
func TestProfileTimelinePlena(t *testing.T) {
	k, err := os.ReadFile(filepath.Join("..", "testdata", "kernels", "plena", "gemm_c1.asm"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEnv("plena", "gemm", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	call := e.Call(context.Background(), ToolProfile, src(string(k)))
	text := call.Text
	if !call.Outcome.Pass() || len(text) > MaxResultChars || strings.Contains(text, "[truncated") {
		t.Fatalf("pass %v, %d characters:\n%s", call.Outcome.Pass(), len(text), text)
	}
	i := strings.Index(text, "\ntimeline of the hottest loop")
	if i < 0 || !strings.Contains(text[i:], "\nsummary: ") || !strings.Contains(text[i:], "bottleneck: the matrix unit (unit busy)") {
		t.Errorf("no timeline naming the matrix unit:\n%s", text)
	}
	golden(t, "profile_timeline_plena_gemm", text)
}
