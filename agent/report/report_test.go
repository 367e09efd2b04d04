package report

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
	"kernelcraft/ref"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update after a reviewed change):\n%s", name, got)
	}
}

// synthetic is a results set that exercises every kind of cell: two
// targets (plena's column shows -- for conv2d, coral's for rope), two
// models, partial runs (· cells, a level with no records), failures
// (none in the speedup table), a provider error, duplicates and an
// interrupted record.
func synthetic() []agent.Record {
	var recs []agent.Record
	add := func(model, target string, t *ref.Task, config int, success bool, speedup float64, stop string) {
		if !success {
			speedup = 0
		}
		r := agent.Record{Model: model, Target: target, Task: t.ID, Level: t.Level, Config: config, Seed: 1,
			Success: success, Speedup: speedup, StopReason: stop, Iterations: 1}
		if model != "baseline" {
			r.Iterations, r.TokensIn, r.TokensOut, r.CostUSD = 2+config, 1000*config, 100, 0.01*float64(config)
			if success {
				r.FirstCorrect = 2
			}
		}
		recs = append(recs, r)
	}
	for _, target := range []string{"coral", "plena"} {
		for _, t := range ref.Supported(target) {
			for c := 1; c <= 5; c++ {
				// baseline: everything passes at 1x, except plena's level 3, not run.
				if !(target == "plena" && t.Level == 3) {
					add("baseline", target, t, c, true, 1, agent.StopSubmitted)
				}
				// the model: coral level 1 only, configs 1-3 pass with speedups
				// that depend on the task; plena, only tasks 1..4 config 1.
				switch {
				case target == "coral" && t.Level == 1 && c <= 3:
					add("openai:gpt-x", target, t, c, t.Number%4 != 3, 0.5+0.25*float64(t.Number%5)+0.1*float64(c), agent.StopSubmitted)
				case target == "coral" && t.Level == 1 && c == 4:
					add("openai:gpt-x", target, t, c, false, 0, agent.StopBudget)
				case target == "coral" && t.Level == 1:
					add("openai:gpt-x", target, t, c, false, 0, agent.StopProviderError)
				case target == "plena" && t.Number <= 4 && c == 1:
					add("openai:gpt-x", target, t, c, t.Number%2 == 1, 2, agent.StopSubmitted)
				}
			}
		}
	}
	gemm, _ := ref.Lookup("gemm")
	// duplicates: a failed retry of a passing cell (the pass is kept) and
	// an interrupted attempt of a cell (skipped).
	add("openai:gpt-x", "coral", gemm, 1, false, 0, agent.StopBudget)
	add("openai:gpt-x", "coral", gemm, 1, false, 0, agent.StopBudget)
	add("openai:gpt-x", "coral", gemm, 5, false, 0, agent.StopInterrupted)
	// a plena success whose cycles depend on the data.
	for i := range recs {
		if r := &recs[i]; r.Model == "openai:gpt-x" && r.Target == "plena" && r.Success {
			r.DataDependentCycles, r.VisibleCycles, r.Cycles, r.HiddenSeed = true, 100, 900, 42
			break
		}
	}
	return recs
}

func TestSyntheticGoldens(t *testing.T) {
	r, warnings := Build(synthetic())
	if len(warnings) != 2 || !strings.Contains(warnings[0], "gemm c5 s1: the attempt was interrupted") || !strings.Contains(warnings[1], "openai:gpt-x coral gemm c1 s1 has 3 records") {
		t.Errorf("warnings %q", warnings)
	}
	wantCols := []Column{{"plena", "baseline"}, {"plena", "openai:gpt-x"}, {"coral", "baseline"}, {"coral", "openai:gpt-x"}}
	if !slices.Equal(r.Columns, wantCols) {
		t.Errorf("columns %v", r.Columns)
	}
	if len(r.Tasks) != 23 {
		t.Errorf("%d rows", len(r.Tasks))
	}
	if st := r.Stat("gemm", Column{"coral", "openai:gpt-x"}); st == nil || st.N != 5 || st.Passed != 3 {
		t.Errorf("gemm stat %+v", st)
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := r.Write(&b, f, "all"); err != nil {
			t.Fatal(err)
		}
		golden(t, "synthetic."+f, b.Bytes())
	}
	md, _ := os.ReadFile("testdata/synthetic.md")
	for _, s := range []string{
		"| 13 | RoPE | 5/5 | · | -- | -- |",     // coral does not support rope; the model did not run it on plena
		"| 11 | Conv2D | -- | -- | 5/5 | 0/5 |", // plena does not support conv2d
		"| **Level 3 subtotal** | · | · | **5/5** | · |",
		"| **Total** | **90/90** | **2/4** | **75/75** | **27/60** |", // plena level 3 and the model's level 2-3 not run,
		"| 8 | GEMM | 1.00 (1.00) | · | 1.00 (1.00) | 1.45 (1.55) |",  // the duplicates' failures do not count
		"| 11 | Conv2D | -- | -- | 1.00 (1.00) | none |",
		"| plena | openai:gpt-x | 4 | 2 | 3.0 | 2.0 | 0 | 1 | 4000 | 400 | 0.04 |",
		"| coral | baseline | 75 | 75 | 1.0 | -- | 0 | 0 | 0 | 0 | 0.00 |",
		"- plena / openai:gpt-x: silu c1 (visible 100 cycles, hidden 900, hidden seed 42)",
	} {
		if !strings.Contains(string(md), s) {
			t.Errorf("synthetic.md lacks %q", s)
		}
	}
}

func TestGeomean(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{2}, 2}, {[]float64{1, 4}, 2}, {[]float64{0.5, 2, 1}, 1}} {
		if got := Geomean(tc.in); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Geomean(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	r, _ := Build(synthetic())
	var b bytes.Buffer
	if err := r.Write(&b, "pdf", "all"); err == nil || !strings.Contains(err.Error(), "unknown format") {
		t.Errorf("format: %v", err)
	}
	if err := r.Write(&b, "md", "cycles"); err == nil || !strings.Contains(err.Error(), "unknown table") {
		t.Errorf("table: %v", err)
	}
	empty, _ := Build(nil)
	if err := empty.Write(&b, "md", "all"); err == nil || !strings.Contains(err.Error(), "no records") {
		t.Errorf("empty: %v", err)
	}
}

func TestSkippedRecords(t *testing.T) {
	recs := []agent.Record{
		{Model: "m", Target: "coral", Task: "rope", Config: 1, StopReason: agent.StopSubmitted},
		{Model: "m", Target: "coral", Task: "nope", Config: 1, StopReason: agent.StopSubmitted},
		{Model: "m", Target: "coral", Task: "relu", Config: 1, StopReason: agent.StopInterrupted},
		{Model: "m", Target: "coral", Task: "relu", Config: 2, StopReason: agent.StopSubmitted, Success: true, Speedup: 2},
	}
	r, warnings := Build(recs)
	if len(warnings) != 3 || r.Records != 1 {
		t.Errorf("records %d, warnings %q", r.Records, warnings)
	}
	var b bytes.Buffer
	if err := r.Write(&b, "md", "speedup"); err != nil || !strings.Contains(b.String(), "| 2 | ReLU | 2.00 (2.00) |") || strings.Contains(b.String(), "Success") {
		t.Errorf("%v\n%s", err, b.String())
	}
}

// baselineRun is the main job's own output: a bench run of the
// baseline provider over coral's configuration 1 (every task) into dir.
func baselineRun(t *testing.T, dir string) *bench.Summary {
	t.Helper()
	cells, err := bench.Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Configs: []int{1}, Seed: 1}.Cells()
	if err != nil {
		t.Fatal(err)
	}
	s, err := bench.Run(context.Background(), bench.Config{Dir: dir, Cells: cells, NewProvider: func(c bench.Cell) (agent.Provider, error) {
		return agent.NewProvider(c.Model, c.Target, c.Task, c.Config, agent.ProviderConfig{})
	}})
	if err != nil || s.Passed == 0 {
		t.Fatalf("%+v %v", s, err)
	}
	return s
}

// TestBaselineRunGolden: a real bench run of the baseline provider over
// coral's configuration 1 (every task), read back from its folder with a
// torn last line appended (as a SIGKILL during a write would leave), so
// the report also proves it tolerates one. The baseline's speedup over
// itself is 1, so the golden does not depend on cycle counts.
func TestBaselineRunGolden(t *testing.T) {
	dir := t.TempDir()
	if s := baselineRun(t, dir); s.Ran != 15 || s.Passed != 15 {
		t.Fatalf("%+v", s)
	}
	f, err := os.OpenFile(filepath.Join(dir, "results.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := json.Marshal(agent.Record{Model: "baseline", Target: "coral", Task: "gemm", Config: 2, Seed: 1, Success: true})
	f.Write(line[:len(line)/2])
	f.Close()
	r, warnings, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "torn last line") {
		t.Errorf("warnings %q", warnings)
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := r.Write(&b, f, "all"); err != nil {
			t.Fatal(err)
		}
		golden(t, "baseline_coral_c1."+f, b.Bytes())
		// The legend's "--": every task is a row, those coral lacks marked.
		if want := map[string]string{"md": "| 13 | RoPE | -- |", "csv": "2,13,RoPE,--"}[f]; !strings.Contains(b.String(), want) {
			t.Errorf("%s: no %q row for a task coral does not support", f, want)
		}
	}
}
