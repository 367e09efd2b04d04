package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"kernelcraft/agent"
	"kernelcraft/asm"
	"kernelcraft/baseline"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// testWorkerEnv, set to 1, makes the test binary a kc-ref process
// (TestMain): kc-ref eval --batch starts its workers from os.Executable,
// which in a test is the test binary.
const testWorkerEnv = "KC_REF_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(testWorkerEnv) == "1" {
		os.Exit(run(append([]string{"kc-ref"}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
	// The workers this test process starts serve requests, with the
	// hooks that crash or hang one on purpose.
	os.Setenv(testWorkerEnv, "1")
	os.Setenv(agent.TestHooksEnv, "1")
	os.Exit(m.Run())
}

// batchRun runs kc-ref eval --batch on the lines (written to a file) and
// returns the exit status, the verdicts by id (as JSON text) and in
// output order, and stderr.
func batchRun(t *testing.T, lines []string, args ...string) (int, map[string]*batchVerdict, []string, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "requests.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := kcref(t, append(append([]string{"eval", "--batch"}, args...), file)...)
	byID := map[string]*batchVerdict{}
	var raw []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l == "" {
			continue
		}
		raw = append(raw, l)
		v := &batchVerdict{}
		if err := json.Unmarshal([]byte(l), v); err != nil {
			t.Fatalf("a verdict line is not JSON (%v): %s", err, l)
		}
		key := string(v.ID)
		if key == "" {
			key = fmt.Sprintf("line %d", v.Line)
		}
		if byID[key] != nil {
			t.Fatalf("two verdicts for %s", key)
		}
		byID[key] = v
	}
	return code, byID, raw, errs
}

// requestLine is a request as a JSON line.
func requestLine(t testing.TB, fields map[string]any) string {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func baselineSource(t testing.TB, target, task string, config int) string {
	t.Helper()
	k, err := baseline.Baseline(target, "", task, config)
	if err != nil {
		t.Fatal(err)
	}
	return string(k.Src)
}

// evalSummary is the line kc-ref eval prints after the verdicts, made
// from a batch verdict.
func evalSummary(v *batchVerdict) string {
	pf := map[bool]string{true: "PASS", false: "FAIL"}[v.Pass]
	s := fmt.Sprintf("%s %s %s config %d (seed %d, hidden seed %d): %d cycles (hidden case), %d (visible)",
		pf, v.Target, v.Task, v.Config, *v.Seed, *v.HiddenSeed, v.Cycles, v.VisibleCycles)
	switch {
	case v.BaselineError != "":
		s += "; no baseline: " + v.BaselineError
	case v.BaselineCycles == 0:
		s += fmt.Sprintf("; baseline %s FAILS the hidden case", v.Baseline)
	default:
		s += fmt.Sprintf("; baseline %s %d cycles", v.Baseline, v.BaselineCycles)
		if v.Speedup > 0 {
			s += fmt.Sprintf(", speedup %.2fx", v.Speedup)
		}
	}
	return s + "\n"
}

// TestBatchMatchesEval: over a sample of cells of all three targets
// (kernels that pass and kernels that fail, templates, other seeds, a
// baseline kind, and kernels judged on a cell whose visible case an
// earlier request made), every verdict of a batch is the one kc-ref eval gives
// the same kernel with the same seeds: the same verdict texts, halts,
// cycles, instructions, baseline and speedup, and exit status.
func TestBatchMatchesEval(t *testing.T) {
	dir := t.TempDir()
	mpauseOnly := ".text\n.globl _start\n_start:\n mpause\n" // writes nothing: fails
	type sample struct {
		id, target, task string
		config           int
		seed, hidden     uint64
		path, source     string
		kind             string
	}
	samples := []sample{
		{"coral-gemm-template", "coral", "gemm", 3, 1, 1, "../../testdata/kernels/coral/gemm_i8.s", "", ""},
		{"coral-softmax", "coral", "softmax", 4, 3, 11, "../../testdata/kernels/coral/softmax_f32.s", "", ""},
		{"coral-relu-compiler", "coral", "relu", 1, 1, 2, "../../ref/testdata/relu_coral.s", "", baseline.KindCompiler},
		{"coral-relu-fails", "coral", "relu", 2, 1, 5, "", mpauseOnly, ""},
		{"coral-layernorm-baseline", "coral", "layernorm", 2, 4, 6, "", baselineSource(t, "coral", "layernorm", 2), ""},
		{"plena-gemm", "plena", "gemm", 3, 7, 9, "", baselineSource(t, "plena", "gemm", 3), ""},
		{"plena-gemm-hidden-10", "plena", "gemm", 3, 7, 10, "", baselineSource(t, "plena", "gemm", 3), ""},
		{"plena-gemm-seed-8", "plena", "gemm", 3, 8, 9, "", baselineSource(t, "plena", "gemm", 3), ""},
		{"plena-gemm-c2-kernel", "plena", "gemm", 3, 7, 11, "", baselineSource(t, "plena", "gemm", 2), ""},
		{"plena-softmax", "plena", "softmax", 2, 1, 12, "", baselineSource(t, "plena", "softmax", 2), ""},
		{"plena-rmsnorm-other-config", "plena", "rmsnorm", 2, 1, 3, "", baselineSource(t, "plena", "rmsnorm", 1), ""},
		{"aie2-relu", "aie2", "relu", 1, 1, 4, "", baselineSource(t, "aie2", "relu", 1), ""},
		{"aie2-gemm", "aie2", "gemm", 2, 2, 8, "", baselineSource(t, "aie2", "gemm", 2), ""},
		{"aie2-silu-other-config", "aie2", "silu", 3, 1, 1, "", baselineSource(t, "aie2", "silu", 1), ""},
	}
	var lines []string
	for _, s := range samples {
		f := map[string]any{"id": s.id, "target": s.target, "task": s.task, "config": s.config, "seed": s.seed, "hidden_seed": s.hidden}
		if s.path != "" {
			f["path"] = s.path
		} else {
			f["source"] = s.source
		}
		if s.kind != "" {
			f["kind"] = s.kind
		}
		lines = append(lines, requestLine(t, f))
	}
	// One worker: the requests of one cell find its visible case kept.
	code, got, _, errs := batchRun(t, lines, "--jobs", "1")
	if len(got) != len(samples) {
		t.Fatalf("%d verdicts for %d requests (exit %d)\n%s", len(got), len(samples), code, errs)
	}
	passes := 0
	for i, s := range samples {
		v := got[`"`+s.id+`"`]
		if v == nil {
			t.Errorf("%s: no verdict", s.id)
			continue
		}
		if v.Error != "" || v.Line != i+1 || v.Visible == nil || v.Hidden == nil {
			t.Errorf("%s: line %d, error %q, want line %d judged", s.id, v.Line, v.Error, i+1)
			continue
		}
		path := s.path
		if path == "" {
			path = filepath.Join(dir, s.id+".s")
			if err := os.WriteFile(path, []byte(s.source), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		args := []string{"eval", "-t", s.target, path, s.task, "-c", fmt.Sprint(s.config), "--seed", fmt.Sprint(s.seed), "--hidden-seed", fmt.Sprint(s.hidden)}
		if s.kind != "" {
			args = append(args, "--kind", s.kind)
		}
		if !sameAsEval(t, s.id, v, args) {
			continue
		}
		if v.Pass {
			passes++
		} else if v.Diagnosis == "" || !strings.HasPrefix(v.Diagnosis, "FAIL ") {
			t.Errorf("%s fails with diagnosis %q", s.id, v.Diagnosis)
		}
	}
	if passes == 0 || passes == len(samples) {
		t.Errorf("%d of %d samples pass: the sample should hold both", passes, len(samples))
	}
	if code != 0 || !strings.Contains(errs, fmt.Sprintf("%d requests, %d judged, %d passed, 0 errors", len(samples), len(samples), passes)) {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// sameAsEval reports whether kc-ref eval with args says what the batch
// verdict v says (its verdict texts, halts, cycles, instructions,
// baseline, speedup and exit status); if not, the test fails.
func sameAsEval(t *testing.T, id string, v *batchVerdict, args []string) bool {
	t.Helper()
	code, out, errs := kcref(t, args...)
	if want := map[bool]int{true: 0, false: 1}[v.Pass]; code != want {
		t.Errorf("%s: kc-ref eval exit %d, the batch says pass=%v\n%s%s", id, code, v.Pass, out, errs)
		return false
	}
	expect := v.Visible.Verdict + fmt.Sprintf("%s; %d cycles, %d instructions\n\n", v.Visible.Halt, v.Visible.Cycles, v.Visible.Instructions) +
		v.Hidden.Verdict + fmt.Sprintf("%s; %d cycles, %d instructions\n\n", v.Hidden.Halt, v.Hidden.Cycles, v.Hidden.Instructions) +
		evalSummary(v)
	if !strings.HasPrefix(out, expect) {
		t.Errorf("%s: kc-ref eval says\n%s\nthe batch's verdict reads as\n%s", id, out, expect)
		return false
	}
	return true
}

// spinKernel loops until the cycle limit: a verdict (FAIL, cycle limit),
// after 10^8 simulated cycles.
const spinKernel = "    .text\n    .globl _start\n_start:\n1:  j 1b\n"

// TestBatchHostile: in a stream with a kernel that loops, workers that
// crash (a stack overflow, as an assembler crash would) or blow up their
// memory, a kernel that does not assemble, malformed and oversize lines,
// paths that do not exist and fields that do not check, every other
// request is judged, each bad one is its own line's error saying why, and
// the exit status is 1.
func TestBatchHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes that crash, and simulates 2x10^8 cycles")
	}
	good := func(id string, config int) string {
		return requestLine(t, map[string]any{"id": id, "target": "coral", "task": "relu", "config": config, "hidden_seed": 1,
			"source": baselineSource(t, "coral", "relu", config)})
	}
	hook := func(id, marker string) string {
		return requestLine(t, map[string]any{"id": id, "target": "coral", "task": "relu", "hidden_seed": 1, "source": marker + "\n" + spinKernel})
	}
	huge := `{"id": "huge", "target": "coral", "task": "relu", "source": "` + strings.Repeat("a", maxBatchLine) + `"}`
	lines := []string{
		good("good1", 1),
		requestLine(t, map[string]any{"id": "loops", "target": "coral", "task": "relu", "hidden_seed": 1, "source": spinKernel}),
		hook("stack", agent.HookStackOverflow),
		good("good2", 2),
		requestLine(t, map[string]any{"id": "asm", "target": "coral", "task": "relu", "source": "_start:\n vadd.vv v1, v2\n"}),
		`{"id": "truncated", "target": "coral"`,
		`not json at all`,
		`[1, 2, 3]`,
		`{"id": "two"} {"id": "values"}`,
		huge,
		good("good3", 3),
		requestLine(t, map[string]any{"id": "nofile", "target": "aie2", "task": "relu", "path": "/nonexistent/kernel.s"}),
		requestLine(t, map[string]any{"id": "dir", "target": "plena", "task": "relu", "path": t.TempDir()}),
		requestLine(t, map[string]any{"id": "stdin", "target": "plena", "task": "relu", "path": "-"}),
		requestLine(t, map[string]any{"id": "both", "target": "coral", "task": "relu", "path": "x.s", "source": "y"}),
		requestLine(t, map[string]any{"id": "neither", "target": "coral", "task": "relu"}),
		requestLine(t, map[string]any{"id": "task", "target": "coral", "task": "matmul", "source": "x"}),
		requestLine(t, map[string]any{"id": "unsupported", "target": "coral", "task": "rope", "source": "x"}),
		requestLine(t, map[string]any{"id": "config", "target": "plena", "task": "gemm", "config": 9, "source": "x"}),
		requestLine(t, map[string]any{"id": "target", "target": "gpu", "task": "gemm", "source": "x"}),
		requestLine(t, map[string]any{"id": "kind", "target": "plena", "task": "gemm", "kind": "template", "source": "x"}),
		`{"id": "field", "target": "coral", "task": "relu", "source": "x", "hidden-seed": 3}`,
		`{"id": "seed", "target": "coral", "task": "relu", "source": "x", "seed": -1}`,
		"",
		"   ",
		good("good4", 4),
		requestLine(t, map[string]any{"id": "bigsource", "target": "coral", "task": "relu", "source": strings.Repeat("a", asm.MaxSourceBytes+1)}),
	}
	wantErr := map[string]string{
		`"stack"`:       "the worker process crashed: stack overflow",
		`"asm"`:         "kernel.s:2:16: vadd.vv: too few operands",
		"line 6":        "line 6: not a request: unexpected EOF",
		"line 7":        "line 7: not a request: invalid character",
		"line 8":        "line 8: not a request: json: cannot unmarshal array",
		`"two"`:         "line 9: not a request: more than one JSON value on the line",
		"line 10":       fmt.Sprintf("line 10: the line is longer than %d bytes", maxBatchLine),
		`"nofile"`:      "line 12: /nonexistent/kernel.s: open /nonexistent/kernel.s: no such file or directory",
		`"dir"`:         "is a directory",
		`"stdin"`:       `line 14: "path": "-" is standard input`,
		`"both"`:        `line 15: a request gives its kernel as "source" or as "path", one of them`,
		`"neither"`:     `line 16: a request gives its kernel as "source" or as "path", one of them`,
		`"task"`:        `line 17: unknown task "matmul"`,
		`"unsupported"`: "line 18: task rope is not supported on coral",
		`"config"`:      "line 19: configuration 9: want 1..5",
		`"target"`:      `line 20: unknown target "gpu"`,
		`"kind"`:        `line 21: unknown baseline kind "template"`,
		"line 22":       `line 22: not a request: json: unknown field "hidden-seed"`,
		"line 23":       "line 23: not a request: json: cannot unmarshal number -1",
		`"bigsource"`:   fmt.Sprintf("line 27: the source is %d bytes, over the 16 MiB a kernel may have", asm.MaxSourceBytes+1),
	}
	if !raceEnabled { // under -race a worker has no address-space limit
		lines = append(lines, hook("memory", agent.HookOutOfMemory))
		wantErr[`"memory"`] = "line 28: the worker process crashed: out of memory"
	}
	code, got, _, errs := batchRun(t, lines, "--jobs", "2", "--memory", "256")
	for _, id := range []string{`"good1"`, `"good2"`, `"good3"`, `"good4"`} {
		if v := got[id]; v == nil || !v.Pass || v.Error != "" {
			t.Errorf("%s: %+v, want a pass", id, v)
		}
	}
	coralHW, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	if v := got[`"loops"`]; v == nil || v.Pass || v.Error != "" || v.Cycles != uint64(coralHW.MaxCycles) || !strings.Contains(v.Diagnosis, "cycle limit") {
		t.Errorf("the looping kernel: %+v, want a FAIL at the cycle limit", v)
	}
	for id, want := range wantErr {
		if v := got[id]; v == nil || !strings.Contains(v.Error, want) || v.Pass {
			t.Errorf("%s: %+v, want the error %q", id, v, want)
		}
	}
	if n := 5 + len(wantErr); len(got) != n {
		t.Errorf("%d verdicts, want %d (blank lines are skipped)", len(got), n)
	}
	if code != 1 || !strings.Contains(errs, fmt.Sprintf("%d requests, 5 judged, 4 passed, %d errors", 5+len(wantErr), len(wantErr))) {
		t.Errorf("exit %d, stderr %q; want 1 and the summary", code, errs)
	}
}

// TestBatchTimeout: a worker that hangs (outside the simulator, where no
// deadline is polled) is killed past --timeout and its request is an
// error; the requests before and after it are judged.
func TestBatchTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline")
	}
	lines := []string{
		requestLine(t, map[string]any{"id": 1, "target": "aie2", "task": "relu", "hidden_seed": 1, "source": baselineSource(t, "aie2", "relu", 1)}),
		requestLine(t, map[string]any{"id": 2, "target": "aie2", "task": "relu", "hidden_seed": 1, "source": agent.HookHang + "\n"}),
		requestLine(t, map[string]any{"id": 3, "target": "aie2", "task": "relu", "config": 2, "hidden_seed": 1, "source": baselineSource(t, "aie2", "relu", 2)}),
	}
	code, got, _, errs := batchRun(t, lines, "--jobs", "1", "--timeout", "2s")
	if v := got["2"]; v == nil || !strings.Contains(v.Error, "line 2: the worker ran past the deadline (2s) and was killed") {
		t.Errorf("the hanging request: %+v", v)
	}
	for _, id := range []string{"1", "3"} {
		if v := got[id]; v == nil || !v.Pass {
			t.Errorf("request %s: %+v, want a pass", id, v)
		}
	}
	if code != 1 || !strings.Contains(errs, "3 requests, 2 judged, 2 passed, 1 errors") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	// A simulation that runs past the deadline stops there (10^8 cycles
	// take far longer than 50 ms): an error, and the worker lives on.
	spin := requestLine(t, map[string]any{"id": "spin", "target": "coral", "task": "relu", "hidden_seed": 1, "source": spinKernel})
	code, got, _, errs = batchRun(t, []string{spin}, "--jobs", "1", "--timeout", "50ms")
	if v := got[`"spin"`]; code != 1 || v == nil || !strings.Contains(v.Error, "context deadline exceeded") || strings.Contains(v.Error, "killed") {
		t.Errorf("a simulation past its deadline: exit %d, %+v, %s", code, v, errs)
	}
}

// TestBatchDeterministic: a stream with fixed seeds gives the same
// verdict lines (in whatever order) with one job and with three.
func TestBatchDeterministic(t *testing.T) {
	var lines []string
	for i, c := range []struct {
		target, task string
		config       int
	}{{"coral", "relu", 1}, {"coral", "gemv", 2}, {"plena", "relu", 1}, {"plena", "silu", 2}, {"aie2", "relu", 3}, {"aie2", "gelu", 1}} {
		lines = append(lines, requestLine(t, map[string]any{"id": i, "target": c.target, "task": c.task, "config": c.config, "seed": 2, "hidden_seed": 3,
			"source": baselineSource(t, c.target, c.task, 1)}))
	}
	lines = append(lines, `{"id": "bad"`, requestLine(t, map[string]any{"id": "asm", "target": "plena", "task": "relu", "hidden_seed": 3, "source": "NOPE 1\n"}))
	_, _, one, _ := batchRun(t, lines, "--jobs", "1")
	_, _, three, _ := batchRun(t, lines, "--jobs", "3")
	slices.Sort(one)
	slices.Sort(three)
	if len(one) != len(lines) || !slices.Equal(one, three) {
		t.Errorf("one job:\n%s\nthree jobs:\n%s", strings.Join(one, "\n"), strings.Join(three, "\n"))
	}
}

// TestBatchUsage: flags that belong to a request, bad flag values and a
// stream that cannot be opened are exit 2; an empty stream is exit 0
// with its summary.
func TestBatchUsage(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"eval", "--batch", "-t", "coral", empty}, 2, "--target is a request's field"},
		{[]string{"eval", "--batch", "--hidden-seed", "3", empty}, 2, "--hidden-seed is a request's field"},
		{[]string{"eval", "--batch", "--jobs", "0", empty}, 2, "--jobs 0: want 1 to"},
		{[]string{"eval", "--batch", "--memory", "16", empty}, 2, "--memory 16: want 256 to"},
		{[]string{"eval", "--batch", "--timeout", "0s", empty}, 2, "--timeout must be positive"},
		{[]string{"eval", "--batch", empty, empty}, 2, "one FILE"},
		{[]string{"eval", "--batch", "/nonexistent/requests.jsonl"}, 2, "no such file"},
		{[]string{"eval", "--batch", empty}, 0, "kc-ref eval --batch: 0 requests, 0 judged, 0 passed, 0 errors"},
		{[]string{"eval", "--help"}, 0, ""},
	} {
		code, out, errs := kcref(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs, tc.code, tc.stderr)
		}
		if slices.Contains(tc.args, "--help") && !strings.Contains(out, "kc-ref eval --batch <<'EOF'") {
			t.Errorf("eval --help has no batch example:\n%s", out)
		}
	}
}

// TestReadLine: lines end at \n or \r\n or the stream's end; a line over
// the limit is reported too long without being kept, and the next line
// is read whole.
func TestReadLine(t *testing.T) {
	type line struct {
		text    string
		tooLong bool
	}
	for _, tc := range []struct {
		in   string
		want []line
	}{
		{"", nil},
		{"a\nbb\r\n\nccc", []line{{"a", false}, {"bb", false}, {"", false}, {"ccc", false}}},
		{"12345678\n123456789\n1\n", []line{{"12345678", false}, {"", true}, {"1", false}}},
		{"12345678\r\n" + strings.Repeat("x", 100) + "\nlast", []line{{"12345678", false}, {"", true}, {"last", false}}},
		{strings.Repeat("y", 50), []line{{"", true}}},
	} {
		r := bufio.NewReaderSize(strings.NewReader(tc.in), 16) // fragments shorter than lines
		var got []line
		for {
			l, tooLong, err := readLine(r, 8)
			if err != nil && err != io.EOF {
				t.Fatal(err)
			}
			if err == io.EOF && l == nil && !tooLong {
				break
			}
			got = append(got, line{string(l), tooLong})
			if err == io.EOF {
				break
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.in, got, tc.want)
		}
	}
}

// lazyStream hands out n copies of a request line as they are read,
// counting the lines begun.
type lazyStream struct {
	line    []byte
	n       int
	begun   atomic.Int64
	pending []byte
}

func (s *lazyStream) Read(p []byte) (int, error) {
	if len(s.pending) == 0 {
		if int(s.begun.Load()) == s.n {
			return 0, io.EOF
		}
		s.begun.Add(1)
		s.pending = s.line
	}
	k := copy(p, s.pending)
	s.pending = s.pending[k:]
	return k, nil
}

// aheadWriter records, at each verdict written, the most lines the
// stream had handed out beyond the verdicts written.
type aheadWriter struct {
	src      *lazyStream
	written  int
	maxAhead int
}

func (w *aheadWriter) Write(p []byte) (int, error) {
	w.written += bytes.Count(p, []byte("\n"))
	w.maxAhead = max(w.maxAhead, int(w.src.begun.Load())-w.written)
	return len(p), nil
}

// TestBatchBoundedReadAhead: however long the stream, at most about
// three times --jobs requests are read and not yet answered (in the
// reader, queued, in the workers, their verdicts queued): lines larger
// than the reader's buffer, read only as the batch asks for them, run
// no further ahead of the verdicts than that.
func TestBatchBoundedReadAhead(t *testing.T) {
	const jobs, n = 2, 40
	src := baselineSource(t, "coral", "relu", 1) + "# " + strings.Repeat("x", 80<<10) + "\n" // over the 64 KiB buffer
	s := &lazyStream{line: []byte(requestLine(t, map[string]any{"target": "coral", "task": "relu", "hidden_seed": 1, "source": src}) + "\n"), n: n}
	w := &aheadWriter{src: s}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := runBatch(context.Background(), s, w, batchOptions{Jobs: jobs, Timeout: time.Minute, Memory: 1 << 30, Worker: []string{exe, batchWorkerCommandName}})
	if err != nil || sum.Passed != n || w.written != n {
		t.Fatalf("%v (%v), %d verdicts written", sum, err, w.written)
	}
	if bound := 3*jobs + 3; w.maxAhead > bound {
		t.Errorf("the stream was read %d requests ahead of the verdicts, over %d", w.maxAhead, bound)
	}
	t.Logf("at most %d requests read ahead of the verdicts", w.maxAhead)
}

// TestCaseCache: a worker's visible cases are kept by cell and seed, the
// least recently used forgotten first beyond caseCacheEntries.
func TestCaseCache(t *testing.T) {
	cc := &caseCache{}
	get := func(task string, config int, seed uint64) *ref.Case {
		c, tensors, err := cc.visible("coral", task, config, seed)
		if err != nil || c.Task != task || c.Config != config || c.Seed != seed || c.Hidden || len(tensors) == 0 {
			t.Fatalf("%s %d seed %d: %+v, %v", task, config, seed, c, err)
		}
		return c
	}
	a, b := get("relu", 1, 1), get("relu", 1, 2)
	if get("relu", 1, 1) != a || b == a || get("relu", 2, 1) == a || get("gelu", 1, 1) == a {
		t.Error("a kept case is not reused, or another cell's or seed's is taken for it")
	}
	if _, _, err := cc.visible("coral", "rope", 1, 1); err == nil {
		t.Error("an unsupported cell gives a case")
	}
	get("relu", 1, 1) // now the most recently used
	for seed := uint64(10); seed < 10+caseCacheEntries-1; seed++ {
		get("silu", 1, seed)
	}
	if len(cc.list) != caseCacheEntries || get("relu", 1, 1) != a {
		t.Errorf("%d cases kept; the most recently used one forgotten", len(cc.list))
	}
	if get("relu", 1, 2) == b || len(cc.list) != caseCacheEntries { // the least recently used: forgotten, generated again
		t.Errorf("%d cases kept (want %d), or the least recently used one still kept", len(cc.list), caseCacheEntries)
	}
}

// cancelWriter cancels a context at the first verdict written.
type cancelWriter struct {
	cancel context.CancelFunc
	buf    bytes.Buffer
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.cancel()
	return w.buf.Write(p)
}

// TestBatchInterrupted: a batch whose context ends (Ctrl-C, SIGTERM)
// stops at once, though its stream never ends and a worker hangs: the
// hanging worker is killed and its request's verdict says it was
// stopped, the verdicts written stand, and the error says it was
// interrupted.
func TestBatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in, feed := io.Pipe() // never closed: a terminal nobody types at
	defer feed.Close()
	go func() {
		feed.Write([]byte(requestLine(t, map[string]any{"id": "hang", "target": "coral", "task": "relu", "source": agent.HookHang}) + "\n"))
		feed.Write([]byte(requestLine(t, map[string]any{"id": "ok", "target": "coral", "task": "relu", "hidden_seed": 1, "source": baselineSource(t, "coral", "relu", 1)}) + "\n"))
	}()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := newBatchPool(batchOptions{Jobs: 2, Timeout: time.Hour, Memory: 1 << 30, Worker: []string{exe, batchWorkerCommandName}})
	defer p.stop()
	w := &cancelWriter{cancel: cancel}
	type result struct {
		sum batchSummary
		err error
	}
	done := make(chan result, 1)
	go func() {
		sum, err := p.run(ctx, in, w)
		done <- result{sum, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(time.Minute): // a safeguard: the run ends as soon as its context does
		t.Fatal("the interrupted batch did not end")
	}
	// The hanging request was taken by a worker before the other one (in
	// order): stopped, it has its verdict too.
	if !errors.Is(r.err, errInterrupted) || r.sum.Requests != 2 || r.sum.Passed != 1 || r.sum.Errors != 1 || !strings.Contains(w.buf.String(), `"id":"ok"`) ||
		!strings.Contains(w.buf.String(), `"error":"line 1: not judged: the batch was stopped"`) {
		t.Errorf("%v (%v); written: %s", r.sum, r.err, w.buf.String())
	}
	running := 0
	for _, w := range p.workers {
		if w.proc != nil {
			running++
		}
	}
	if running != 1 {
		t.Errorf("%d worker processes left running, want 1 (the one that judged; the hanging one killed)", running)
	}
}

// TestShouldRetire: a worker retires once its address space has grown
// by three quarters of what its limit allows, never without a limit; and this
// process's address space is measured where Linux says it.
func TestShouldRetire(t *testing.T) {
	for _, tc := range []struct {
		grown  uint64
		memory int64
		want   bool
	}{
		{1 << 40, 0, false},
		{600 << 20, 1 << 30, false},
		{768 << 20, 1 << 30, false},
		{769 << 20, 1 << 30, true},
		{193 << 20, 256 << 20, true},
	} {
		if got := shouldRetire(tc.grown, tc.memory); got != tc.want {
			t.Errorf("shouldRetire(%d MiB, %d MiB) = %v", tc.grown>>20, tc.memory>>20, got)
		}
	}
	if n, ok := addressSpace(); runtime.GOOS == "linux" && (!ok || n < 1<<20) {
		t.Errorf("address space %d (%v)", n, ok)
	}
}

// TestBatchWorkerRetires: a worker that says it retires after its reply
// is let go, and a new one takes the next request, no request the worse.
func TestBatchWorkerRetires(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the stand-in worker")
	}
	script := filepath.Join(t.TempDir(), "worker.sh")
	// A worker that answers one job with a pass and retires.
	reply := `{"line":0,"pass":true,"cycles":7,"visible_cycles":7,"baseline_cycles":7,"speedup":1,"retire":true}`
	if err := os.WriteFile(script, []byte("read job\necho '"+reply+"'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newBatchPool(batchOptions{Jobs: 1, Timeout: time.Minute, Memory: 1 << 30, Worker: []string{"/bin/sh", script}})
	defer p.stop()
	var lines []string
	for i := range 3 {
		lines = append(lines, requestLine(t, map[string]any{"id": i, "target": "coral", "task": "relu", "source": "x"}))
	}
	var out bytes.Buffer
	sum, err := p.run(context.Background(), strings.NewReader(strings.Join(lines, "\n")), &out)
	if err != nil || sum.Passed != 3 || sum.Errors != 0 || strings.Contains(out.String(), "retire") {
		t.Errorf("%v (%v):\n%s", sum, err, out.String())
	}
	if w := p.workers[0]; w.started != 3 || w.proc != nil {
		t.Errorf("%d worker processes started, one running: %v; want 3, none", w.started, w.proc != nil)
	}
}

// TestBatchCrashRetry: a job whose worker crashes after serving others
// is sent again, once, to a fresh worker (the crash may be what the
// others left); a crash of a fresh worker is the job's own error.
func TestBatchCrashRetry(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the stand-in worker")
	}
	dir := t.TempDir()
	reply := `{"line":0,"pass":true,"cycles":7,"visible_cycles":7,"baseline_cycles":7,"speedup":1}`
	// Answers its first job, runs out of memory on the next.
	once := filepath.Join(dir, "once.sh")
	// Runs out of memory on every job.
	never := filepath.Join(dir, "never.sh")
	for file, text := range map[string]string{
		once:  "read job\necho '" + reply + "'\nread job\necho 'fatal error: out of memory' >&2\nexit 2\n",
		never: "read job\necho 'fatal error: out of memory' >&2\nexit 2\n",
	} {
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var lines []string
	for i := range 3 {
		lines = append(lines, requestLine(t, map[string]any{"id": i, "target": "coral", "task": "relu", "source": "x"}))
	}
	for _, tc := range []struct {
		script                         string
		passed, errors, started, retry int
	}{
		{once, 3, 0, 3, 2},  // requests 2 and 3 crash a used worker: sent again, answered
		{never, 0, 3, 3, 0}, // every crash is a fresh worker's: no second try
	} {
		p := newBatchPool(batchOptions{Jobs: 1, Timeout: time.Minute, Memory: 1 << 30, Worker: []string{"/bin/sh", tc.script}})
		var out bytes.Buffer
		sum, err := p.run(context.Background(), strings.NewReader(strings.Join(lines, "\n")), &out)
		p.stop()
		w := p.workers[0]
		if err != nil || sum.Passed != tc.passed || sum.Errors != tc.errors || w.started != tc.started || w.retried != tc.retry {
			t.Errorf("%s: %v (%v), %d workers started, %d jobs sent again; want %d passed, %d errors, %d, %d\n%s",
				filepath.Base(tc.script), sum, err, w.started, w.retried, tc.passed, tc.errors, tc.started, tc.retry, out.String())
		}
		if tc.errors > 0 && !strings.Contains(out.String(), "the worker process crashed: out of memory") {
			t.Errorf("%s: the errors do not say why:\n%s", filepath.Base(tc.script), out.String())
		}
	}
}
