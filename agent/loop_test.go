package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func attempt(t *testing.T, p Provider, opt Options) (*Record, []RawEvent) {
	t.Helper()
	var buf bytes.Buffer
	opt.Trajectory = NewTrajectory(&buf)
	rec := Attempt(context.Background(), p, reluEnv(t), opt)
	evs, err := ReadEvents(&buf)
	if err != nil {
		t.Fatalf("trajectory: %v", err)
	}
	return rec, evs
}

func count(evs []RawEvent, typ string) int {
	n := 0
	for _, e := range evs {
		if e.Type == typ {
			n++
		}
	}
	return n
}

var u = Usage{InputTokens: 100, OutputTokens: 10}

// TestRepair: a model writes a wrong kernel, reads the diagnosis, fixes
// the kernel and submits.
func TestRepair(t *testing.T) {
	sawDiagnosis := false
	p := &Scripted{Steps: []Step{
		CallStep(ToolTaskInfo, `{}`, u),
		CallStep(ToolRun, map[string]string{"source": reluWrong}, u),
		func(m []Message) (Turn, error) {
			res := LastToolResult(m)
			if !strings.Contains(res, "FAIL on the visible case") || !strings.Contains(res, "min instead of max") {
				return Turn{}, fmt.Errorf("no diagnosis in %q", res)
			}
			sawDiagnosis = true
			return CallStep(ToolRun, map[string]string{"source": reluOK}, u)(m)
		},
		CallStep(ToolSubmit, map[string]string{"source": reluOK}, u),
	}}
	rec, evs := attempt(t, p, Options{})
	if !sawDiagnosis {
		t.Error("the script never saw the diagnosis")
	}
	want := Record{Model: "scripted", Target: "coral", Task: "relu", Level: 1, Config: 1, Seed: 1, Success: true, Submitted: true,
		Judged: "submitted", Iterations: 4, Budget: 15, FirstCorrect: 3, Cycles: 518, VisibleCycles: 518, BaselineCycles: 518, Speedup: 1,
		TokensIn: 400, TokensOut: 40, StopReason: StopSubmitted}
	got := *rec
	if got.HiddenSeed == 0 {
		t.Error("the record has no hidden seed")
	}
	got.WallSeconds, got.HiddenSeed = 0, 0
	if got != want {
		t.Errorf("record\n got %+v\nwant %+v", got, want)
	}
	if n := count(evs, "tool_call"); n != 4 {
		t.Errorf("%d tool_call events, want 4", n)
	}
	if n := count(evs, "tool_result"); n != 4 {
		t.Errorf("%d tool_result events, want 4", n)
	}
	if n := count(evs, "usage"); n != 4 {
		t.Errorf("%d usage events, want 4", n)
	}
	if evs[0].Type != "attempt" || evs[len(evs)-1].Type != "record" {
		t.Errorf("first %s last %s", evs[0].Type, evs[len(evs)-1].Type)
	}
}

// TestNoToolCalls: a model that only talks uses up its budget; each turn
// gets the corrective message and nothing is judged.
func TestNoToolCalls(t *testing.T) {
	var steps []Step
	corrections := 0
	for i := 0; i < 10; i++ {
		steps = append(steps, func(m []Message) (Turn, error) {
			if last := m[len(m)-1]; last.Role == "user" && last.Content == NoToolCallMessage {
				corrections++
			}
			return Turn{Text: "I think the kernel should use vmax.", Usage: u}, nil
		})
	}
	rec, evs := attempt(t, &Scripted{Steps: steps}, Options{Budget: 5})
	if rec.Success || rec.Submitted || rec.Iterations != 5 || rec.StopReason != StopBudget || rec.Judged != "none" || rec.FirstCorrect != 0 || rec.TokensIn != 500 {
		t.Errorf("record %+v", rec)
	}
	if corrections != 4 {
		t.Errorf("%d corrections seen by the model, want 4 (after each of turns 1-4)", corrections)
	}
	if n := count(evs, "tool_call"); n != 0 {
		t.Errorf("%d tool calls", n)
	}
}

// TestMalformedArguments: malformed JSON and an unknown tool get an error
// result, the iteration counts, and the model recovers.
func TestMalformedArguments(t *testing.T) {
	var results []string
	note := func(s Step) Step {
		return func(m []Message) (Turn, error) {
			results = append(results, LastToolResult(m))
			return s(m)
		}
	}
	p := &Scripted{Steps: []Step{
		CallStep(ToolRun, `{"source": "li t0, 1`, u),
		note(CallStep("compile", `{}`, u)),
		note(CallStep(ToolSubmit, `not json at all`, u)),
		note(CallStep(ToolSubmit, map[string]string{"source": reluOK}, u)),
	}}
	rec, _ := attempt(t, p, Options{})
	if !rec.Success || rec.Iterations != 4 || rec.FirstCorrect != 4 || rec.StopReason != StopSubmitted {
		t.Errorf("record %+v", rec)
	}
	want := []string{"not a valid JSON object", "unknown tool \"compile\"", "not a valid JSON object"}
	for i, w := range want {
		if i >= len(results) || !strings.Contains(results[i], w) {
			t.Errorf("result %d = %q, want it to contain %q", i, results, w)
		}
	}
}

// TestLastPassingRunJudged: without a submit, the last kernel that
// passed run is judged on the hidden case.
func TestLastPassingRunJudged(t *testing.T) {
	p := &Scripted{Steps: []Step{
		CallStep(ToolRun, map[string]string{"source": reluOK}, u),
		CallStep(ToolRun, map[string]string{"source": reluWrong}, u),
	}}
	rec, _ := attempt(t, p, Options{Budget: 3})
	if !rec.Success || rec.Submitted || rec.Judged != "last_passing_run" || rec.Iterations != 3 || rec.FirstCorrect != 1 || rec.Cycles != 518 {
		t.Errorf("record %+v", rec)
	}
	// Only failing runs: nothing to judge.
	p = &Scripted{Steps: []Step{CallStep(ToolRun, map[string]string{"source": reluWrong}, u)}}
	if rec, _ = attempt(t, p, Options{Budget: 2}); rec.Success || rec.Judged != "none" || rec.Cycles != 0 {
		t.Errorf("record %+v", rec)
	}
}

// TestSubmitWrong: a wrong submitted kernel fails, and the attempt ends.
func TestSubmitWrong(t *testing.T) {
	p := &Scripted{Steps: []Step{
		CallStep(ToolSubmit, map[string]string{"source": reluWrong}, u),
		CallStep(ToolSubmit, map[string]string{"source": reluOK}, u),
	}}
	rec, _ := attempt(t, p, Options{})
	if rec.Success || !rec.Submitted || rec.Iterations != 1 || rec.Speedup != 0 || rec.HiddenSeed == 0 {
		t.Errorf("record %+v", rec)
	}
}

type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Turn(context.Context, []Message, []Tool) (Turn, error) {
	return Turn{}, errors.New("connection refused")
}

func TestProviderError(t *testing.T) {
	rec, evs := attempt(t, failing{}, Options{})
	if rec.Success || rec.StopReason != StopProviderError || rec.Iterations != 1 || !strings.Contains(rec.Error, "connection refused") {
		t.Errorf("record %+v", rec)
	}
	if count(evs, "error") != 1 {
		t.Error("no error event")
	}
}

func TestBudgets(t *testing.T) {
	for lvl, want := range map[int]int{1: 15, 2: 20, 3: 25} {
		if Budgets[lvl] != want {
			t.Errorf("level %d budget %d, want %d", lvl, Budgets[lvl], want)
		}
	}
	rec, _ := attempt(t, &Scripted{}, Options{Budgets: map[int]int{1: 2}})
	if rec.Budget != 2 || rec.Iterations != 2 {
		t.Errorf("record %+v", rec)
	}
}

// TestBaselineProvider: the model-free provider passes a coral cell with
// speedup 1 in one iteration.
func TestBaselineProvider(t *testing.T) {
	for _, cell := range []struct {
		task   string
		config int
	}{{"relu", 1}, {"gemm", 3}, {"softmax", 2}} {
		env, err := NewEnv("coral", cell.task, cell.config, 1)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewProvider("baseline", "coral", cell.task, cell.config, ProviderConfig{})
		if err != nil {
			t.Fatal(err)
		}
		rec := Attempt(context.Background(), p, env, Options{})
		if !rec.Success || rec.Iterations != 1 || rec.FirstCorrect != 1 || rec.Speedup != 1 || rec.Cycles == 0 || rec.Cycles != rec.BaselineCycles {
			t.Errorf("%s c%d: record %+v", cell.task, cell.config, rec)
		}
	}
}

// TestInterrupted: a cancelled context stops the attempt: the tool call
// of the turn does not simulate, no next turn is asked for, and nothing
// is judged (not even a kernel that passed before: Ctrl-C stops every
// simulation); the record is interrupted, which bench does not record.
func TestInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps func(cancel func()) []Step
	}{
		{"during a run", func(cancel func()) []Step {
			return []Step{func(m []Message) (Turn, error) {
				cancel()
				return CallStep(ToolRun, map[string]string{"source": reluOK}, u)(m)
			}, CallStep(ToolSubmit, map[string]string{"source": reluWrong}, u)}
		}},
		{"after a passing run", func(cancel func()) []Step {
			return []Step{CallStep(ToolRun, map[string]string{"source": reluOK}, u), func(m []Message) (Turn, error) {
				cancel()
				return CallStep(ToolSubmit, map[string]string{"source": reluOK}, u)(m)
			}}
		}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var buf bytes.Buffer
		rec := Attempt(ctx, &Scripted{Steps: tc.steps(cancel)}, reluEnv(t), Options{Trajectory: NewTrajectory(&buf)})
		if rec.StopReason != StopInterrupted || rec.Success || rec.Judged != "none" || rec.HiddenSeed != 0 {
			t.Errorf("%s: record %+v", tc.name, rec)
		}
		if tc.name == "during a run" && !strings.Contains(buf.String(), "it was interrupted: the simulation was not started: context canceled") {
			t.Errorf("%s: trajectory:\n%s", tc.name, buf.String())
		}
	}
}
