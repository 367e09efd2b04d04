package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
)

// TestBenchAllCoral is the README's main job on coral: the baseline
// provider over every coral cell passes 75/75 and prints both tables
// (plena's 100 cells, the rest of the main job, are judged with the
// golden seeds by judge.TestPlenaBaselineAllCells).
func TestBenchAllCoral(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	start := time.Now()
	if st := run([]string{"kc-agent", "bench", "--targets", "coral", "--out", dir}, &out, &errb); st != 0 {
		t.Fatalf("status %d:\n%s\n%s", st, out.String(), errb.String())
	}
	t.Logf("75 coral cells in %s", time.Since(start).Round(time.Millisecond))
	for _, s := range []string{
		"## Success", "| **Total** | **75/75** |", "| **Level 2 subtotal** | **10/10** |", "| 21 | ConvBlock | 5/5 |",
		"## Speedup", "| **Geomean** | **1.00 (1.00)** |",
	} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, out.String())
		}
	}
	for _, s := range []string{"[75/75] pass 75", "75 run now (75 passed)"} {
		if !strings.Contains(errb.String(), s) {
			t.Errorf("stderr lacks %q:\n%s", s, errb.String())
		}
	}
	recs := readKeys(t, dir)
	if len(recs) != 75 {
		t.Errorf("%d records", len(recs))
	}
	trajs, _ := filepath.Glob(filepath.Join(dir, "trajectories", "baseline_coral_*_c?_s1.jsonl"))
	if len(trajs) != 75 {
		t.Errorf("%d trajectories", len(trajs))
	}
	// Again: everything is recorded, nothing runs.
	out.Reset()
	errb.Reset()
	if st := run([]string{"kc-agent", "bench", "--targets", "coral", "--out", dir, "--no-report"}, &out, &errb); st != 0 || out.Len() != 0 ||
		!strings.Contains(errb.String(), "75 already recorded, 0 run now") {
		t.Errorf("second run: status %d, stdout %q, stderr:\n%s", st, out.String(), errb.String())
	}
}

// readKeys reads dir's records and counts them per cell.
func readKeys(t *testing.T, dir string) map[bench.Key]int {
	t.Helper()
	recs, warnings, err := bench.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("warnings reading %s: %q", dir, warnings)
	}
	keys := map[bench.Key]int{}
	for i := range recs {
		if recs[i].StopReason == agent.StopInterrupted {
			t.Errorf("interrupted record %s", bench.RecordKey(&recs[i]))
		}
		keys[bench.RecordKey(&recs[i])]++
	}
	return keys
}

func TestBenchErrors(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--shard", "3/3"}, nil, "0-based"},
		{[]string{"--shard", "x"}, nil, "want i/n"},
		{[]string{"--shard", "1/2", "--shards", "3"}, nil, "disagree"},
		{[]string{"--shards", "4"}, nil, "needs an index"},
		{nil, map[string]string{"JOB_COMPLETION_INDEX": "1"}, "needs --shards"},
		{[]string{"--shards", "2"}, map[string]string{"JOB_COMPLETION_INDEX": "2"}, "out of range"},
		{[]string{"--tasks", "nope"}, nil, "unknown task"},
		{[]string{"--targets", "coral", "--tasks", "rope"}, nil, "not supported on coral"},
		{[]string{"--targets", "tpu"}, nil, "unknown target"},
		{[]string{"--models", "nope:x"}, nil, "unknown provider"},
		{[]string{"--models", "baseline,openai:gpt-4o"}, nil, "set OPENAI_API_KEY"},
		{[]string{"--configs", "0-2"}, nil, "configurations are 1..5"},
		{[]string{"--configs", "3-1"}, nil, "--configs"},
		{[]string{"--levels", "4"}, nil, "levels are"},
		{[]string{"--jobs", "-1"}, nil, "must not be negative"},
		{[]string{"--format", "pdf"}, nil, "want md, csv, svg, html"},
		{[]string{"relu"}, nil, "no arguments"},
		{[]string{"--tool-memory", "255"}, nil, "want 256 to 1048576 MiB"},
		{[]string{"--tool-memory", "1048577"}, nil, "want 256 to 1048576 MiB"},
		{[]string{"--tool-timeout", "0s"}, nil, "--tool-timeout must be positive"},
	} {
		for _, k := range []string{bench.EnvJobCompletionIndex, bench.EnvSlurmTaskID, bench.EnvSlurmTaskCount, bench.EnvSlurmTaskMin} {
			t.Setenv(k, tc.env[k])
		}
		dir := t.TempDir()
		var out, errb bytes.Buffer
		args := append([]string{"kc-agent", "bench", "--out", dir}, tc.args...)
		if st := run(args, &out, &errb); st != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v %v: status %d, stderr %q; want 2 and %q", tc.args, tc.env, st, errb.String(), tc.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%v: a usage error wrote %d files", tc.args, len(ents))
		}
	}
}

// TestBenchShards: n shards of the same selection (by --shard, by
// JOB_COMPLETION_INDEX, by SLURM_ARRAY_TASK_ID) write their own files into
// one folder; their union is the matrix, each cell once; the report of
// the folder sees them all.
func TestBenchShards(t *testing.T) {
	sel := []string{"--targets", "coral", "--tasks", "relu,gemv", "--configs", "1-5", "--no-report"}
	full, err := bench.Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"relu", "gemv"}, Seed: 1}.Cells()
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"flag", "k8s", "slurm"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			const n = 3
			for i := range n {
				args := append([]string{"kc-agent", "bench", "--out", dir}, sel...)
				t.Setenv(bench.EnvJobCompletionIndex, "")
				t.Setenv(bench.EnvSlurmTaskID, "")
				t.Setenv(bench.EnvSlurmTaskMin, "")
				t.Setenv(bench.EnvSlurmTaskCount, "")
				switch mode {
				case "flag":
					args = append(args, "--shard", (bench.Shard{Index: i, Count: n}).String())
				case "k8s":
					t.Setenv(bench.EnvJobCompletionIndex, string(rune('0'+i)))
					args = append(args, "--shards", "3")
				case "slurm": // --array=1-3
					t.Setenv(bench.EnvSlurmTaskID, string(rune('1'+i)))
					t.Setenv(bench.EnvSlurmTaskMin, "1")
					t.Setenv(bench.EnvSlurmTaskCount, "3")
				}
				var out, errb bytes.Buffer
				if st := run(args, &out, &errb); st != 0 {
					t.Fatalf("shard %d: status %d: %s", i, st, errb.String())
				}
				if want := "shard " + (bench.Shard{Index: i, Count: n}).String(); !strings.Contains(errb.String(), want) {
					t.Errorf("stderr lacks %q: %s", want, errb.String())
				}
			}
			files, _ := bench.ResultsFiles(dir)
			if len(files) != n {
				t.Errorf("results files %v", files)
			}
			keys := readKeys(t, dir)
			if len(keys) != len(full) {
				t.Errorf("union has %d cells, want %d", len(keys), len(full))
			}
			for _, c := range full {
				if keys[c.Key()] != 1 {
					t.Errorf("%s recorded %d times", c, keys[c.Key()])
				}
			}
			var out, errb bytes.Buffer
			if st := run([]string{"kc-agent", "report", dir, "--table", "success"}, &out, &errb); st != 0 || !strings.Contains(out.String(), "| **Total** | **10/10** |") {
				t.Errorf("report: status %d\n%s%s", st, out.String(), errb.String())
			}
		})
	}
}

var (
	buildOnce sync.Once
	buildDir  string
	buildBin  string
	buildErr  error
)

// TestMain removes the kc-agent binary the subprocess tests share. Run
// with tool-worker as its first argument, the test binary is the worker
// process of the tool calls that the tests' in-process kc-agent starts
// (os.Executable is the test binary).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == workerCommandName {
		os.Exit(run(os.Args, os.Stdout, os.Stderr))
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// buildKCAgent builds the command once for the subprocess tests.
func buildKCAgent(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds kc-agent and runs it as a subprocess")
	}
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "kc-agent-test-"); buildErr != nil {
			return
		}
		buildBin = filepath.Join(buildDir, "kc-agent")
		if out, err := exec.Command("go", "build", "-o", buildBin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildBin
}

// subsetArgs selects 20 coral cells; --jobs 1 keeps the run long enough
// to be stopped mid-way.
var subsetArgs = []string{"bench", "--targets", "coral", "--tasks", "relu,gemv,gemm,depthwise_conv", "--jobs", "1", "--no-report"}

const subsetCells = 20

// startBench starts kc-agent bench on dir and waits until its results
// file has at least k lines.
func startBench(t *testing.T, bin, dir string, k int) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, append(subsetArgs, "--out", dir)...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX=", "SLURM_ARRAY_TASK_ID=")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		data, _ := os.ReadFile(filepath.Join(dir, "results.jsonl"))
		if n := bytes.Count(data, []byte("\n")); n >= k {
			if n >= subsetCells {
				t.Fatalf("the run finished (%d lines) before it could be stopped", n)
			}
			return cmd, &errb
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no %d results after 2 minutes; stderr:\n%s", k, errb.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// resume runs the subset again to completion and checks that every cell
// is recorded exactly once and the report reads the folder.
func resume(t *testing.T, bin, dir string) string {
	t.Helper()
	cmd := exec.Command(bin, append(subsetArgs, "--out", dir)...)
	cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX=", "SLURM_ARRAY_TASK_ID=")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("resume: %v\n%s", err, errb.String())
	}
	keys := readKeys(t, dir)
	if len(keys) != subsetCells {
		t.Errorf("%d cells recorded, want %d", len(keys), subsetCells)
	}
	for k, n := range keys {
		if n != 1 {
			t.Errorf("%s recorded %d times", k, n)
		}
	}
	out, err := exec.Command(bin, "report", dir, "--format", "csv", "--table", "success").CombinedOutput()
	if err != nil || !strings.Contains(string(out), ",,Total,20/20") || strings.Contains(string(out), "warning") {
		t.Errorf("report: %v\n%s", err, out)
	}
	return errb.String()
}

// TestKillResume: a bench run killed with SIGKILL mid-way (and, as a kill
// during a write would, leaving a torn last line) is resumed: the merged
// results hold every cell exactly once and the report reads them.
func TestKillResume(t *testing.T) {
	bin := buildKCAgent(t)
	dir := t.TempDir()
	cmd, _ := startBench(t, bin, dir, 4)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	path := filepath.Join(dir, "results.jsonl")
	data, _ := os.ReadFile(path)
	killedAt := bytes.Count(data, []byte("\n"))
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"model":"baseline","target":"coral","task":"gemm","config":5,"seed":1,"success":tr`)
	f.Close()
	stderr := resume(t, bin, dir)
	if !strings.Contains(stderr, "removed a torn last line") || !strings.Contains(stderr, "already recorded") {
		t.Errorf("resume stderr:\n%s", stderr)
	}
	t.Logf("killed after %d of %d cells; resume ran the rest", killedAt, subsetCells)
}

// TestInterruptResume: SIGINT lets the running attempt stop as
// interrupted, records none of the unfinished cells, prints the summary
// and exits 130; the resume completes the matrix.
func TestInterruptResume(t *testing.T) {
	bin := buildKCAgent(t)
	dir := t.TempDir()
	cmd, errb := startBench(t, bin, dir, 3)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitBenchInterrupted {
		t.Fatalf("exit %v, want status %d; stderr:\n%s", err, exitBenchInterrupted, errb.String())
	}
	for _, s := range []string{"interrupted: no new cells", "not recorded", "run the same command again to resume"} {
		if !strings.Contains(errb.String(), s) {
			t.Errorf("stderr lacks %q:\n%s", s, errb.String())
		}
	}
	n := len(readKeys(t, dir))
	if n >= subsetCells {
		t.Errorf("all %d cells recorded despite the interrupt", n)
	}
	resume(t, bin, dir)
	t.Logf("interrupted after %d of %d cells", n, subsetCells)
}

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for c := 1; c <= 5; c++ {
		r := agent.Record{Model: "m", Target: "coral", Task: "relu", Level: 1, Config: c, Seed: 1, Success: c != 2,
			StopReason: agent.StopSubmitted, Iterations: 2}
		if r.Success {
			r.Speedup = float64(c)
		}
		b, _ := json.Marshal(r)
		lines = append(lines, string(b))
	}
	os.WriteFile(filepath.Join(dir, "results.jsonl"), []byte(strings.Join(lines, "\n")+"\n"+lines[0]+"\n"), 0o644) // a duplicate
	empty := t.TempDir()
	for _, tc := range []struct {
		args   []string
		status int
		out    string
		errs   string
	}{
		{[]string{dir}, 0, "| 2 | ReLU | 4/5 |", "has 2 records"},
		{[]string{dir, "--table", "speedup"}, 0, "| 2 | ReLU | 2.78 (5.00) |", ""},
		{[]string{dir, "-f", "csv"}, 0, "1,2,ReLU,2.783,5.000", ""},
		{[]string{filepath.Join(dir, "results.jsonl"), "--table", "success", "--format", "csv"}, 0, ",,Total,4/5", ""},
		{[]string{empty}, 1, "", "no records"},
		{[]string{filepath.Join(dir, "missing")}, 2, "", "no such file"},
		{[]string{dir, "--format", "pdf"}, 2, "", "want md, csv, svg, html"},
		{[]string{dir, "--format", "svg", "--table", "speedup"}, 0, "ReLU, coral / m: geomean 2.78×, best 5.00×", ""},
		{[]string{dir, "-f", "html"}, 0, "<td>2.78 (5.00)</td>", ""},
		{[]string{dir, "--table", "x"}, 2, "", "want all, success, speedup, effort"},
	} {
		var out, errb bytes.Buffer
		st := run(append([]string{"kc-agent", "report"}, tc.args...), &out, &errb)
		if st != tc.status || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.errs) {
			t.Errorf("%v: status %d (want %d)\nstdout:\n%s\nstderr:\n%s", tc.args, st, tc.status, out.String(), errb.String())
		}
	}
}

func TestBenchHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"kc-agent", "bench", "--help"}, &out, &errb); st != 0 {
		t.Fatalf("status %d", st)
	}
	for _, s := range []string{"#SBATCH --array", "completionMode: Indexed", "--shard i/n", "Exit status", "--retries", "resume"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("help lacks %q", s)
		}
	}
}

// TestAnnounceInterrupt: an interrupt is announced exactly once, before
// wait returns, even when it comes just before the run ends (the race
// that once let the process exit without the announcement); a run that
// ends without one announces nothing.
func TestAnnounceInterrupt(t *testing.T) {
	for i := 0; i < 2000; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		var out bytes.Buffer
		stops := 0
		wait := announceInterrupt(ctx, func() { stops++ }, &out)
		interrupted := i%2 == 0
		if interrupted {
			cancel()
		}
		wait()
		want := 0
		if interrupted {
			want = 1
		}
		if n := strings.Count(out.String(), "interrupted: no new cells"); n != want || stops != want {
			t.Fatalf("round %d (interrupted %v): %d announcements, %d stops; want %d", i, interrupted, n, stops, want)
		}
		cancel()
	}
}
