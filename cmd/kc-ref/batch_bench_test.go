package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"kernelcraft/baseline"
	"kernelcraft/internal/cputime"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

// baselineCell is a cell of the 285 and its chosen baseline's golden
// cycles (hidden case of judge.GoldenSeeds).
type baselineCell struct {
	ref.Cell
	golden uint64
}

// baselineStream is a batch of the 285 cells of the three targets, each
// with its chosen baseline kernel and judge.GoldenSeeds, the largest
// first (baseline.SimCost, as kc-ref eval --all orders them), and the
// cells by id (the line's number).
func baselineStream(tb testing.TB) ([]byte, map[string]baselineCell) {
	tb.Helper()
	var cells []baselineCell
	for _, target := range ref.Targets {
		for _, t := range ref.Supported(target) {
			for c := 1; c <= ref.NumConfigs; c++ {
				kind := baseline.KindCompiler
				if target == "coral" {
					kind = baseline.ChosenKind(t.ID, c)
				}
				cells = append(cells, baselineCell{ref.Cell{Target: target, Task: t.ID, Config: c}, baseline.TargetGoldenCycles(target, kind)[t.ID][c-1]})
			}
		}
	}
	sort.SliceStable(cells, func(a, b int) bool {
		return baseline.SimCost(cells[a].Target, cells[a].Task, cells[a].Config) > baseline.SimCost(cells[b].Target, cells[b].Task, cells[b].Config)
	})
	var buf bytes.Buffer
	byID := map[string]baselineCell{}
	for _, c := range cells {
		id := fmt.Sprintf("%s/%s/%d", c.Target, c.Task, c.Config)
		byID[fmt.Sprintf("%q", id)] = c
		buf.WriteString(requestLine(tb, map[string]any{"id": id, "target": c.Target, "task": c.Task, "config": c.Config,
			"seed": judge.GoldenSeeds.Visible, "hidden_seed": judge.GoldenSeeds.Hidden, "source": baselineSource(tb, c.Target, c.Task, c.Config)}))
		buf.WriteByte('\n')
	}
	return buf.Bytes(), byID
}

// BenchmarkBatchBaselines times kc-ref eval --batch over the 285
// baseline kernels (baselineStream) in a warm pool: its GOMAXPROCS worker
// processes have judged the stream once before the timing starts, so
// this is the steady state of a long stream. judgements/s/core is the
// throughput over the jobs (one per core).
func BenchmarkBatchBaselines(b *testing.B) {
	stream, _ := baselineStream(b)
	jobs := runtime.GOMAXPROCS(0)
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	p := newBatchPool(batchOptions{Jobs: jobs, Timeout: defaultBatchTimeout, Memory: 1 << 30, Worker: []string{exe, batchWorkerCommandName}})
	defer p.stop()
	once := func() batchSummary {
		sum, err := p.run(context.Background(), bytes.NewReader(stream), io.Discard)
		if err != nil || sum.Passed != 285 || sum.Requests != 285 {
			b.Fatalf("%v (%v)", sum, err)
		}
		return sum
	}
	once()
	cpu0, ok0 := poolCPU(p)
	for b.Loop() {
		once()
	}
	reportThroughput(b, 285, jobs)
	if cpu1, ok1 := poolCPU(p); ok0 && ok1 {
		reportCPU(b, 285, cpu1-cpu0)
	}
	started := 0
	for _, w := range p.workers {
		started += w.started
	}
	b.ReportMetric(float64(started), "workers-started")
}

// poolCPU is the CPU time this process, its worker processes that have
// ended (retired or crashed: waited for) and the pool's running ones
// have used so far; false where it cannot be measured (the running
// workers' is read from Linux's /proc).
func poolCPU(p *batchPool) (time.Duration, bool) {
	total, ok := cputime.Process()
	ended, ok2 := childrenCPU()
	total += ended
	for _, w := range p.workers {
		if w.proc == nil {
			continue
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", w.proc.cmd.Process.Pid))
		if err != nil {
			return 0, false
		}
		// The fields after the command name (which may hold spaces): utime
		// and stime are the 12th and 13th, in clock ticks of 1/100 s.
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) < 13 {
			return 0, false
		}
		var ut, st int64
		fmt.Sscan(f[11], &ut)
		fmt.Sscan(f[12], &st)
		total += time.Duration(ut+st) * 10 * time.Millisecond
	}
	return total, ok && ok2
}

// reportCPU reports the CPU time of one pass and the judgements per
// CPU-second: what a core gives when nothing else runs on it (on a
// shared machine the wall figures depend on the other work, this one
// much less).
func reportCPU(b *testing.B, n int, cpu time.Duration) {
	per := cpu.Seconds() / float64(b.N)
	b.ReportMetric(per, "cpu-s")
	b.ReportMetric(float64(n)/per, "judgements/cpu-s")
}

// BenchmarkBatchColdProcess times a fresh kc-ref process (built first)
// judging the 285 baseline kernels with --jobs GOMAXPROCS: the process's
// start, its workers' start and their cold heaps included.
func BenchmarkBatchColdProcess(b *testing.B) {
	stream, _ := baselineStream(b)
	dir := b.TempDir()
	file, exe := filepath.Join(dir, "baselines.jsonl"), filepath.Join(dir, "kc-ref")
	if err := os.WriteFile(file, stream, 0o644); err != nil {
		b.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", exe, "kernelcraft/cmd/kc-ref")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	jobs := runtime.GOMAXPROCS(0)
	var cpu time.Duration
	for b.Loop() {
		cmd := exec.Command(exe, "eval", "--batch", "--jobs", fmt.Sprint(jobs), file)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil || !strings.Contains(stderr.String(), "285 requests, 285 judged, 285 passed, 0 errors") {
			b.Fatalf("%v: %s", err, stderr.String())
		}
		// The process's CPU time with its workers' (waited for: a
		// process's rusage counts its reaped children).
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	reportThroughput(b, 285, jobs)
	reportCPU(b, 285, cpu)
}

func reportThroughput(b *testing.B, n, jobs int) {
	wall := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(wall, "wall-s")
	b.ReportMetric(float64(n)/wall, "judgements/s")
	b.ReportMetric(float64(n)/wall/float64(jobs), "judgements/s/core")
}

// TestBatchAllBaselines: kc-ref eval --batch over the 285 baseline
// kernels with the golden seeds: every one passes with the golden
// tables' cycles (kc-ref eval --all --baseline's), as baseline and as
// kernel (speedup 1). With KC_BATCH_EVAL_ALL=1 every verdict is also
// compared with kc-ref eval's for the same kernel and seeds, in full
// (sameAsEval: 285 more judgements).
func TestBatchAllBaselines(t *testing.T) {
	if testing.Short() {
		t.Skip("judges 285 cells")
	}
	stream, cells := baselineStream(t)
	start := time.Now()
	var out bytes.Buffer
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := runBatch(context.Background(), bytes.NewReader(stream), &out, batchOptions{Jobs: 2, Timeout: defaultBatchTimeout, Memory: 1 << 30, Worker: []string{exe, batchWorkerCommandName}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v (%v)", sum, time.Since(start))
	got := map[string]bool{}
	evalAll, dir, equal := os.Getenv("KC_BATCH_EVAL_ALL") == "1", t.TempDir(), 0
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		v := &batchVerdict{}
		if err := json.Unmarshal([]byte(l), v); err != nil {
			t.Fatal(err)
		}
		c, ok := cells[string(v.ID)]
		if !ok || got[string(v.ID)] {
			t.Errorf("unexpected or repeated verdict %s", l)
			continue
		}
		got[string(v.ID)] = true
		if !v.Pass || v.Error != "" || v.Cycles != c.golden || v.BaselineCycles != c.golden || v.Speedup != 1 || c.golden == 0 {
			t.Errorf("%s: pass %v, cycles %d, baseline %d, speedup %v, error %q; golden %d", v.ID, v.Pass, v.Cycles, v.BaselineCycles, v.Speedup, v.Error, c.golden)
			continue
		}
		if evalAll {
			path := filepath.Join(dir, strings.ReplaceAll(string(v.ID), "/", "-")+".s")
			if err := os.WriteFile(path, []byte(baselineSource(t, c.Target, c.Task, c.Config)), 0o644); err != nil {
				t.Fatal(err)
			}
			if sameAsEval(t, string(v.ID), v, []string{"eval", "-t", c.Target, path, c.Task, "-c", fmt.Sprint(c.Config), "--seed", "1", "--hidden-seed", "1"}) {
				equal++
			}
		}
	}
	if evalAll {
		t.Logf("%d verdicts equal to kc-ref eval's", equal)
		if equal != 285 {
			t.Errorf("%d of 285 verdicts equal to kc-ref eval's", equal)
		}
	}
	if len(got) != 285 || len(cells) != 285 || sum.Passed != 285 {
		t.Errorf("%d verdicts of %d cells: %v", len(got), len(cells), sum)
	}
}
