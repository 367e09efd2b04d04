package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kernelcraft/agent"
	"kernelcraft/ref"
)

func TestParseInts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  string
	}{
		{"1-5", []int{1, 2, 3, 4, 5}, ""},
		{"1,3", []int{1, 3}, ""},
		{"3, 1-2 ,3", []int{3, 1, 2}, ""},
		{"2", []int{2}, ""},
		{"5-1", nil, "N <= M"},
		{"1,,2", nil, "empty"},
		{"a", nil, "not N"},
		{"", nil, "empty"},
		{"1-100000", nil, "too long"},
	} {
		got, err := ParseInts(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v %v, want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestDefaultTargets: every target is complete (aie2 has all 110
// baselines), so a run without --targets covers all three, 285 cells.
func TestDefaultTargets(t *testing.T) {
	defined, planned := DefaultTargets()
	if want := []string{"plena", "aie2", "coral"}; !slices.Equal(defined, want) || len(planned) != 0 {
		t.Fatalf("DefaultTargets() = %v, planned %v; want %v, none planned", defined, planned, want)
	}
	cells, err := Matrix{Models: []string{"baseline"}, Targets: defined}.Cells()
	if err != nil || len(cells) != 285 {
		t.Fatalf("the default targets' cells: %d, %v; want 285", len(cells), err)
	}
}

func TestCells(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    Matrix
		n    int
		err  string
	}{
		{"all coral", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}}, 75, ""},
		{"two models", Matrix{Models: []string{"baseline", "openai:x"}, Targets: []string{"coral"}}, 150, ""},
		{"level 2", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Levels: []int{2}}, 10, ""},
		{"levels 1,3 configs 1,3", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Levels: []int{1, 3}, Configs: []int{1, 3}}, 26, ""},
		{"tasks by name", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"GEMM", "relu"}}, 10, ""},
		{"task and level disjoint", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"gemm"}, Levels: []int{2}}, 0, "no cells"},
		{"duplicate model", Matrix{Models: []string{"baseline", "baseline"}, Targets: []string{"coral"}, Tasks: []string{"relu"}}, 5, ""},
		{"unsupported task", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"rope"}}, 0, "not supported on coral"},
		{"unknown task", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"nope"}}, 0, "unknown task"},
		{"unknown target", Matrix{Models: []string{"baseline"}, Targets: []string{"tpu"}}, 0, "unknown target"},
		{"aie2", Matrix{Models: []string{"baseline"}, Targets: []string{"aie2"}}, 110, ""},
		{"plena", Matrix{Models: []string{"baseline"}, Targets: []string{"plena"}}, 100, ""},
		{"bad level", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Levels: []int{4}}, 0, "levels are"},
		{"bad config", Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Configs: []int{6}}, 0, "configurations are"},
		{"no model", Matrix{Targets: []string{"coral"}}, 0, "no models"},
	} {
		cells, err := tc.m.Cells()
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || len(cells) != tc.n {
			t.Errorf("%s: %d cells, %v; want %d", tc.name, len(cells), err, tc.n)
		}
	}
	cells, _ := Matrix{Models: []string{"m"}, Targets: []string{"coral"}, Tasks: []string{"gemm"}, Configs: []int{3}, Seed: 7}.Cells()
	if want := (Cell{"m", ref.Cell{Target: "coral", Task: "gemm", Config: 3}, 1, 7}); len(cells) != 1 || cells[0] != want {
		t.Errorf("cells %+v, want %+v", cells, want)
	}
}

func TestTrajectoryName(t *testing.T) {
	if got := TrajectoryName("openai:org/model", "coral", "gemm", 3, 1); got != "openai_org_model_coral_gemm_c3_s1.jsonl" {
		t.Errorf("got %q", got)
	}
}

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"3/4", Shard{3, 4}, ""},
		{"4/4", Shard{}, "0-based"},
		{"-1/4", Shard{}, "out of range"},
		{"1/0", Shard{}, "at least 1"},
		{"1", Shard{}, "want i/n"},
		{"a/b", Shard{}, "want i/n"},
	} {
		got, err := ParseShard(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %v %v", tc.in, got, err)
		}
	}
}

func TestResolveShard(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spec  string
		count int
		env   map[string]string
		want  Shard
		src   string
		err   string
	}{
		{"none", "", 0, nil, All, "", ""},
		{"flag", "2/5", 0, nil, Shard{2, 5}, "--shard", ""},
		{"flag beats env", "1/2", 2, map[string]string{"JOB_COMPLETION_INDEX": "0"}, Shard{1, 2}, "--shard", ""},
		{"flag and count disagree", "1/2", 3, nil, Shard{}, "", "disagree"},
		{"k8s", "", 4, map[string]string{"JOB_COMPLETION_INDEX": "3"}, Shard{3, 4}, "JOB_COMPLETION_INDEX", ""},
		{"k8s without count", "", 0, map[string]string{"JOB_COMPLETION_INDEX": "3"}, Shard{}, "", "needs --shards"},
		{"k8s out of range", "", 3, map[string]string{"JOB_COMPLETION_INDEX": "3"}, Shard{}, "", "out of range"},
		{"k8s not a number", "", 3, map[string]string{"JOB_COMPLETION_INDEX": "x"}, Shard{}, "", "not an integer"},
		{"slurm 1-based", "", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"}, Shard{7, 8}, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm step", "", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "3"}, Shard{2, 3}, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm count flag", "", 2, map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, Shard{1, 2}, "SLURM_ARRAY_TASK_ID", ""},
		{"slurm no count", "", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, Shard{}, "", "needs --shards"},
		{"count without index", "", 4, nil, Shard{}, "", "needs an index"},
		{"bad spec", "5/4", 0, nil, Shard{}, "", "0-based"},
	} {
		got, src, err := ResolveShard(tc.spec, tc.count, func(k string) string { return tc.env[k] })
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want || src != tc.src {
			t.Errorf("%s: %v %q %v, want %v %q", tc.name, got, src, err, tc.want, tc.src)
		}
	}
}

// TestShardPartition: for every n, the shards are disjoint and their
// union is the matrix.
func TestShardPartition(t *testing.T) {
	cells, err := Matrix{Models: []string{"a", "b"}, Targets: []string{"coral"}}.Cells()
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 7; n++ {
		seen := map[Key]int{}
		for i := range n {
			sel := Shard{i, n}.Select(cells)
			if len(sel) < len(cells)/n || len(sel) > len(cells)/n+1 {
				t.Errorf("shard %d/%d has %d of %d cells", i, n, len(sel), len(cells))
			}
			for _, c := range sel {
				seen[c.Key()]++
			}
		}
		if len(seen) != len(cells) {
			t.Errorf("n=%d: union has %d of %d cells", n, len(seen), len(cells))
		}
		for k, c := range seen {
			if c != 1 {
				t.Errorf("n=%d: %s in %d shards", n, k, c)
			}
		}
	}
	if (Shard{2, 3}).ResultsName() != "results-shard-2-of-3.jsonl" || All.ResultsName() != "results.jsonl" {
		t.Error("results names")
	}
}

func rec(model, task string, config int, success bool, speedup float64) agent.Record {
	return agent.Record{Model: model, Target: "coral", Task: task, Level: 1, Config: config, Seed: 1,
		Success: success, Speedup: speedup, StopReason: agent.StopSubmitted, Iterations: 1}
}

func writeLines(t *testing.T, path string, recs []agent.Record, tail string) {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		j, _ := json.Marshal(r)
		b.Write(j)
		b.WriteByte('\n')
	}
	b.WriteString(tail)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadResultsTornAndMalformed(t *testing.T) {
	dir := t.TempDir()
	a, b := rec("m", "relu", 1, true, 1), rec("m", "relu", 2, false, 0)
	writeLines(t, filepath.Join(dir, "results.jsonl"), []agent.Record{a}, "not json\n"+`{"model":"m","target":"coral","task":"relu","config":2,"seed":1,"succ`)
	writeLines(t, filepath.Join(dir, "results-shard-1-of-2.jsonl"), []agent.Record{b}, "")
	writeLines(t, filepath.Join(dir, "other.jsonl"), []agent.Record{rec("m", "gelu", 1, true, 1)}, "") // not a results file
	recs, warns, err := ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Config != 2 || recs[1].Config != 1 { // sorted by file name: results-shard… < results.jsonl
		t.Errorf("records %+v", recs)
	}
	if len(warns) != 2 || !strings.Contains(warns[0], "results.jsonl:2: not a record") || !strings.Contains(warns[1], "results.jsonl:3: ignoring a torn last line") {
		t.Errorf("warnings %q", warns)
	}
	if _, _, err := ReadResults(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing path is no error")
	}
}

func TestOpenResultsRepairsTail(t *testing.T) {
	dir := t.TempDir()
	a, b := rec("m", "relu", 1, true, 1), rec("m", "relu", 2, true, 1)
	ja, _ := json.Marshal(a)
	for _, tc := range []struct {
		name, tail string
		want       int // records after appending b
		warn       bool
	}{
		{"torn", `{"model":"m","tar`, 2, true},
		{"complete without newline", string(ja), 3, false},
		{"clean", "", 2, false},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".jsonl")
		writeLines(t, path, []agent.Record{a}, tc.tail)
		w, warning, err := OpenResults(path)
		if err != nil {
			t.Fatal(err)
		}
		if (warning != "") != tc.warn {
			t.Errorf("%s: warning %q", tc.name, warning)
		}
		if err := w.Append(&b); err != nil {
			t.Fatal(err)
		}
		w.Close()
		recs, warns, err := ReadResultsFile(path)
		if err != nil || len(recs) != tc.want || len(warns) != 0 {
			t.Errorf("%s: %d records, warnings %q, %v; want %d", tc.name, len(recs), warns, err, tc.want)
		}
	}
}

func TestDedupeDeterministic(t *testing.T) {
	fail := rec("m", "relu", 1, false, 0)
	pass := rec("m", "relu", 1, true, 1.5)
	faster := rec("m", "relu", 1, true, 2)
	errRec := rec("m", "relu", 1, true, 3)
	errRec.StopReason = agent.StopProviderError
	other := rec("m", "relu", 2, true, 1)
	all := []agent.Record{fail, pass, other, faster, errRec}
	var first []agent.Record
	for perm := range 5 {
		in := slices.Clone(all)
		for i := range perm {
			in[i], in[len(in)-1-i] = in[len(in)-1-i], in[i]
		}
		kept, warns := Dedupe(in)
		slices.SortFunc(kept, func(a, b agent.Record) int { return a.Config - b.Config })
		if len(kept) != 2 || kept[0].Speedup != 2 || len(warns) != 1 || !strings.Contains(warns[0], "4 records") {
			t.Errorf("perm %d: kept %+v, warnings %q", perm, kept, warns)
		}
		if first == nil {
			first = kept
		} else if !reflect.DeepEqual(first, kept) {
			t.Errorf("perm %d: %+v != %+v", perm, kept, first)
		}
	}
}

// TestRunResume runs a few baseline cells, then the same set again (all
// skipped), then drops one record and resumes (only it runs).
func TestRunResume(t *testing.T) {
	dir := t.TempDir()
	cells, err := Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"relu"}, Configs: []int{1, 2, 3}, Seed: 1}.Cells()
	if err != nil {
		t.Fatal(err)
	}
	var made atomic.Int32
	cfg := Config{Dir: dir, Cells: cells, Jobs: 2, NewProvider: func(c Cell) (agent.Provider, error) {
		made.Add(1)
		return agent.NewProvider(c.Model, c.Target, c.Task, c.Config, agent.ProviderConfig{})
	}}
	var log strings.Builder
	cfg.Progress = &log
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Ran != 3 || s.Passed != 3 || s.Skipped != 0 || !s.Complete() || made.Load() != 3 {
		t.Fatalf("summary %+v", s)
	}
	if !strings.Contains(log.String(), "[3/3] pass 3") || !strings.Contains(log.String(), "PASS baseline coral relu c2 s1") ||
		!strings.Contains(log.String(), "3 cells, 0 already recorded, 3 to run with 2 jobs;") {
		t.Errorf("progress:\n%s", log.String())
	}
	// A finished run leaves no lock file behind.
	if locks, _ := filepath.Glob(filepath.Join(dir, "*.lock")); len(locks) > 0 {
		t.Errorf("lock files left: %v", locks)
	}
	for _, c := range cells {
		data, err := os.ReadFile(filepath.Join(dir, TrajectoryDir, TrajectoryName(c.Model, c.Target, c.Task, c.Config, c.Seed)))
		if err != nil || strings.Count(string(data), `"type":"record"`) != 1 {
			t.Errorf("trajectory of %s: %v", c, err)
		}
	}
	s, err = Run(context.Background(), cfg)
	if err != nil || s.Ran != 0 || s.Skipped != 3 || s.PassedAll != 3 || made.Load() != 3 {
		t.Fatalf("second run: %+v %v", s, err)
	}
	// Drop config 2's record: the resume runs only it, and its
	// trajectory is replaced, not appended to.
	path := filepath.Join(dir, "results.jsonl")
	recs, _, _ := ReadResultsFile(path)
	recs = slices.DeleteFunc(recs, func(r agent.Record) bool { return r.Config == 2 })
	writeLines(t, path, recs, `{"model":"baseline","target":"coral","task":"relu","config":2`)
	s, err = Run(context.Background(), cfg)
	if err != nil || s.Ran != 1 || s.Skipped != 2 || made.Load() != 4 || len(s.Warnings) == 0 {
		t.Fatalf("resume: %+v %v", s, err)
	}
	recs, warns, _ := ReadResultsFile(path)
	if len(recs) != 3 || len(warns) != 0 {
		t.Errorf("after resume: %d records, %q", len(recs), warns)
	}
	data, _ := os.ReadFile(filepath.Join(dir, TrajectoryDir, TrajectoryName("baseline", "coral", "relu", 2, 1)))
	if n := strings.Count(string(data), `"type":"attempt"`); n != 1 {
		t.Errorf("re-run trajectory has %d attempts", n)
	}
}

// blocking is a provider whose turn waits for the context: an attempt
// that is running when Ctrl-C comes.
type blocking struct{ started chan struct{} }

func (b *blocking) Name() string { return "blocking" }
func (b *blocking) Turn(ctx context.Context, _ []agent.Message, _ []agent.Tool) (agent.Turn, error) {
	b.started <- struct{}{}
	<-ctx.Done()
	return agent.Turn{}, ctx.Err()
}

// TestRunInterrupted: cancelling the context stops the running attempts
// as interrupted; none is recorded, the cells not started are counted,
// and a resume runs them all.
func TestRunInterrupted(t *testing.T) {
	dir := t.TempDir()
	cells, _ := Matrix{Models: []string{"blocking"}, Targets: []string{"coral"}, Tasks: []string{"relu"}, Seed: 1}.Cells()
	started := make(chan struct{}, 10)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		<-started
		cancel()
	}()
	s, err := Run(ctx, Config{Dir: dir, Cells: cells, Jobs: 2, NewProvider: func(Cell) (agent.Provider, error) { return &blocking{started}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Interrupted) != 2 || s.NotStarted != 3 || s.Ran != 0 || s.Complete() || !strings.Contains(s.String(), "run the same command again") {
		t.Fatalf("summary %+v", s)
	}
	if recs, _, _ := ReadResults(dir); len(recs) != 0 {
		t.Errorf("interrupted cells recorded: %+v", recs)
	}
	s, err = Run(context.Background(), Config{Dir: dir, Cells: cells, Jobs: 2, NewProvider: func(c Cell) (agent.Provider, error) {
		return &agent.BaselineProvider{Target: c.Target, Task: c.Task, Config: c.Config}, nil
	}})
	if err != nil || s.Ran != 5 || s.Passed != 5 || !s.Complete() {
		t.Fatalf("resume: %+v %v", s, err)
	}
	recs, _, _ := ReadResults(dir)
	if len(recs) != 5 || recs[0].Model != "blocking" {
		t.Errorf("records: %d, model %q (want the cell's model)", len(recs), recs[0].Model)
	}
}

// TestRunCellErrors: a provider that cannot be made and a cell whose case
// cannot be generated are errors, not records.
func TestRunCellErrors(t *testing.T) {
	dir := t.TempDir()
	cells := []Cell{{Model: "x", Cell: ref.Cell{Target: "coral", Task: "relu", Config: 1}, Level: 1, Seed: 1}, {Model: "x", Cell: ref.Cell{Target: "coral", Task: "rope", Config: 1}, Level: 2, Seed: 1}}
	s, err := Run(context.Background(), Config{Dir: dir, Cells: cells, Jobs: 1, NewProvider: func(c Cell) (agent.Provider, error) {
		if c.Task == "relu" {
			return nil, fmt.Errorf("no key")
		}
		return &agent.BaselineProvider{Target: c.Target, Task: c.Task, Config: c.Config}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Errors) != 2 || s.Ran != 0 || !strings.Contains(s.String(), "2 cells could not run") {
		t.Errorf("summary %+v", s)
	}
	if recs, _, _ := ReadResults(dir); len(recs) != 0 {
		t.Errorf("records %+v", recs)
	}
}

// TestProgressLive: on a terminal the progress line is rewritten with \r
// and ends with a newline; a cell's error still gets a line of its own.
func TestProgressLive(t *testing.T) {
	var log strings.Builder
	cells := []Cell{{Model: "baseline", Cell: ref.Cell{Target: "coral", Task: "relu", Config: 1}, Level: 1, Seed: 1}, {Model: "baseline", Cell: ref.Cell{Target: "coral", Task: "rope", Config: 1}, Level: 2, Seed: 1}}
	s, err := Run(context.Background(), Config{Dir: t.TempDir(), Cells: cells, Jobs: 1, Progress: &log, Live: true,
		NewProvider: func(c Cell) (agent.Provider, error) {
			return agent.NewProvider(c.Model, c.Target, c.Task, c.Config, agent.ProviderConfig{})
		}})
	if err != nil || s.Ran != 1 || len(s.Errors) != 1 || s.Complete() {
		t.Fatalf("%+v %v", s, err)
	}
	out := log.String()
	for _, want := range []string{"\r\x1b[K[1/2] pass 1  running 0  elapsed ", "\r\x1b[Kbench: baseline coral rope c1 s1: ", "ETA 0s  tokens in 0 out 0  $0.00\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("progress lacks %q:\n%q", want, out)
		}
	}
	if strings.Count(out, "\n") != 3 { // the start note, the error, the final newline
		t.Errorf("progress %q", out)
	}
}

// TestRunLocked: a second run of the same shard into the same folder is
// refused while the first holds the lock, and so is a shard of another
// count (it overlaps); once the first is done, both run.
func TestRunLocked(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockResults(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	cells := []Cell{{Model: "baseline", Cell: ref.Cell{Target: "coral", Task: "relu", Config: 1}, Level: 1, Seed: 1}}
	np := func(c Cell) (agent.Provider, error) {
		return agent.NewProvider(c.Model, c.Target, c.Task, c.Config, agent.ProviderConfig{})
	}
	if _, err := Run(context.Background(), Config{Dir: dir, Cells: cells, NewProvider: np}); err == nil || !strings.Contains(err.Error(), "another kc-agent bench") {
		t.Errorf("locked: %v", err)
	}
	// A shard of a count other than the running one's overlaps it (here
	// on the very cell): refused too.
	if _, err := Run(context.Background(), Config{Dir: dir, Cells: cells, Shard: Shard{0, 2}, NewProvider: np}); err == nil || !strings.Contains(err.Error(), "sharded otherwise") {
		t.Errorf("overlapping shard: %v", err)
	}
	unlock()
	if _, err := os.Stat(filepath.Join(dir, "results.jsonl.lock")); !os.IsNotExist(err) {
		t.Errorf("unlock leaves the lock file: %v", err)
	}
	// One cell, one job: singular.
	var log strings.Builder
	if s, err := Run(context.Background(), Config{Dir: t.TempDir(), Cells: cells, Jobs: 4, NewProvider: np, Progress: &log}); err != nil || s.Ran != 1 ||
		!strings.Contains(log.String(), "1 cell, 0 already recorded, 1 to run with 1 job;") {
		t.Errorf("one cell: %+v %v\n%s", s, err, log.String())
	}
	if s, err := Run(context.Background(), Config{Dir: dir, Cells: cells, Shard: Shard{0, 2}, NewProvider: np}); err != nil || s.Ran != 1 {
		t.Errorf("shard after the unsharded run stopped: %+v %v", s, err)
	}
	if s, err := Run(context.Background(), Config{Dir: dir, Cells: cells, NewProvider: np}); err != nil || s.Skipped != 1 {
		t.Errorf("unlocked: %+v %v", s, err)
	}
}

// TestProgressTick: on a terminal the line is redrawn while attempts run,
// so elapsed time moves between finished cells.
func TestProgressTick(t *testing.T) {
	var buf syncBuffer
	p := &progress{w: &buf, live: true, s: &Summary{}, start: time.Now(), total: 3, todo: 3}
	p.begin()
	stop := p.tick(5 * time.Millisecond)
	// Wait for a redraw rather than sleeping a fixed time: a loaded
	// machine may not run the ticker within any short bound.
	const redraw = "\r\x1b[K[0/3] pass 0  running 1  elapsed "
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(buf.String(), redraw) && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	stop()
	if out := buf.String(); !strings.Contains(out, redraw) {
		t.Errorf("no redraw: %q", out)
	}
	quiet := &progress{s: &Summary{}, start: time.Now()}
	quiet.tick(time.Millisecond)() // no writer: no goroutine, nothing to stop
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestReadResultsBounded: a "results file" with a line longer than
// MaxRecordLine (a binary, /dev/zero) is an error naming the line, read
// without holding more than that line in memory.
func TestReadResultsBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	good, _ := json.Marshal(agent.Record{Model: "m", Target: "coral", Task: "relu", Config: 1, Seed: 1})
	data := append(append(good, '\n'), bytes.Repeat([]byte{0}, 32*MaxRecordLine)...)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err := ReadResults(path)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "results.jsonl:2: a line longer than 1024 KiB") {
		t.Errorf("error %v", err)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 8*MaxRecordLine { // of a 32 MiB file
		t.Errorf("reading allocated %d bytes", grown)
	}
	// A line exactly at the limit is read (and is not a record).
	line := append(bytes.Repeat([]byte(" "), MaxRecordLine-1), '\n')
	if err := os.WriteFile(path, append(append(good, '\n'), line...), 0o644); err != nil {
		t.Fatal(err)
	}
	if recs, _, err := ReadResults(path); err != nil || len(recs) != 1 {
		t.Errorf("at the limit: %d records, %v", len(recs), err)
	}
}

// TestShardCountsDoNotOverlap: while a 3-way shard writes a folder, a
// 2-way shard or an unsharded run there is refused (their cells overlap),
// another 3-way shard is not, and once the writer is gone all are fine.
func TestShardCountsDoNotOverlap(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock")
	}
	dir := t.TempDir()
	unlock, err := lockResults(filepath.Join(dir, Shard{0, 3}.ResultsName()))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s    Shard
		want string
	}{{Shard{0, 2}, "sharded otherwise than this shard 0/2"}, {All, "sharded otherwise than this unsharded run"}, {Shard{1, 3}, ""}} {
		err := checkOverlap(dir, tc.s)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("shard %v: %v, want %q", tc.s, err, tc.want)
		}
	}
	unlock()
	if err := checkOverlap(dir, Shard{0, 2}); err != nil {
		t.Errorf("after the writer finished: %v", err)
	}
}

// TestLockRemovedOnUnlock: unlock removes the lock file; the next run
// creates and locks a new one, which still excludes a second run.
func TestLockRemovedOnUnlock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.jsonl")
	unlock, err := lockResults(path)
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	first, err := lockResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockResults(path); err == nil || !strings.Contains(err.Error(), "another kc-agent bench") {
		t.Errorf("second lock while the first holds: %v", err)
	}
	first()
	if _, err := os.Stat(path + ".lock"); !os.IsNotExist(err) {
		t.Errorf("lock file after unlock: %v", err)
	}
}
