package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// turnOf is a step that makes the given tool calls in one turn.
func turnOf(calls ...ToolCall) Step {
	return func([]Message) (Turn, error) { return Turn{ToolCalls: calls, Usage: u}, nil }
}

func runCall(source string) ToolCall {
	b, _ := json.Marshal(map[string]string{"source": source})
	return ToolCall{Name: ToolRun, Arguments: string(b)}
}

// toolResults are the tool_result events' texts, in order.
func toolResults(t *testing.T, evs []RawEvent) []string {
	t.Helper()
	var out []string
	for _, e := range evs {
		if e.Type != "tool_result" {
			continue
		}
		var r struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(e.Data, &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r.Text)
	}
	return out
}

func notRun(texts []string) int {
	n := 0
	for _, s := range texts {
		if strings.HasPrefix(s, "error: not run") {
			n++
		}
	}
	return n
}

// TestBudgetCountsWork: a turn with three runs and a task_info uses three
// iterations (task_info is free); the next turn's four runs meet the end
// of a 5-iteration budget: two run, two are refused, and the attempt ends
// with the budget used up.
func TestBudgetCountsWork(t *testing.T) {
	info := ToolCall{Name: ToolTaskInfo, Arguments: "{}"}
	p := &Scripted{Steps: []Step{
		turnOf(runCall(reluWrong), info, runCall(reluWrong), runCall(reluOK)),
		turnOf(runCall(reluWrong), runCall(reluWrong), runCall(reluWrong), runCall(reluWrong)),
		CallStep(ToolSubmit, map[string]string{"source": reluOK}, u),
	}}
	rec, evs := attempt(t, p, Options{Budget: 5})
	res := toolResults(t, evs)
	if rec.Iterations != 5 || rec.StopReason != StopBudget || rec.Submitted || len(res) != 8 || notRun(res) != 2 {
		t.Fatalf("record %+v; %d results, %d not run", rec, len(res), notRun(res))
	}
	if !strings.Contains(res[7], "the iteration budget is used up (5 of 5") {
		t.Errorf("last result %q", res[7])
	}
	// The last passing run (iteration 3) is judged.
	if !rec.Success || rec.Judged != "last_passing_run" || rec.FirstCorrect != 3 {
		t.Errorf("record %+v", rec)
	}
}

// TestProbeFlood: 257 run calls in one turn (issue 15's probe flood that
// read back a whole visible output) run at most 8, each using an
// iteration, and never past the budget.
func TestProbeFlood(t *testing.T) {
	var calls []ToolCall
	for range 257 {
		calls = append(calls, runCall(reluWrong))
	}
	submit := CallStep(ToolSubmit, map[string]string{"source": reluOK}, u)
	rec, evs := attempt(t, &Scripted{Steps: []Step{turnOf(calls...), submit}}, Options{Budget: 15})
	res := toolResults(t, evs)
	ran := len(res) - notRun(res)
	if len(res) != 258 || ran != DefaultMaxToolCalls+1 || rec.Iterations != DefaultMaxToolCalls+1 || !rec.Success {
		t.Errorf("%d results, %d run, %d iterations (record %+v); want 258, 9, 9", len(res), ran, rec.Iterations, rec)
	}
	if !strings.Contains(res[DefaultMaxToolCalls], "at most 8 tool calls") {
		t.Errorf("result %d: %q", DefaultMaxToolCalls, res[DefaultMaxToolCalls])
	}
	// With a budget of 3, only 3 of them run.
	rec, evs = attempt(t, &Scripted{Steps: []Step{turnOf(calls...), submit}}, Options{Budget: 3})
	if res = toolResults(t, evs); len(res)-notRun(res) != 3 || rec.Iterations != 3 || rec.Submitted {
		t.Errorf("budget 3: %d run, %d iterations", len(res)-notRun(res), rec.Iterations)
	}
}

// TestOversizedReply: a reply over the size limit runs none of its tool
// calls, every call gets an error result, and neither the conversation
// nor the trajectory keeps the reply.
func TestOversizedReply(t *testing.T) {
	big := reluOK + "\n# " + strings.Repeat("x", 4096) + "\n"
	p := &Scripted{Steps: []Step{
		turnOf(runCall(big), ToolCall{Name: ToolSubmit, Arguments: `{"source": "` + strings.Repeat("y", 2000) + `"}`}),
		CallStep(ToolSubmit, map[string]string{"source": reluOK}, u),
	}}
	rec, evs := attempt(t, p, Options{MaxReplyBytes: 4000})
	res := toolResults(t, evs)
	if len(res) != 3 || notRun(res) != 2 || !strings.Contains(res[0], "over the limit of 4000 bytes") {
		t.Fatalf("results %q", res)
	}
	if !rec.Success || rec.Iterations != 2 || rec.FirstCorrect != 2 {
		t.Errorf("record %+v", rec)
	}
	for _, e := range evs {
		if strings.Contains(string(e.Data), strings.Repeat("x", 1000)) || strings.Contains(string(e.Data), strings.Repeat("y", 1000)) {
			t.Errorf("a %s event keeps the oversized reply (%d bytes)", e.Type, len(e.Data))
		}
	}
}

// slowProvider answers every turn with a run after a pause.
type slowProvider struct{ pause time.Duration }

func (slowProvider) Name() string { return "slow" }
func (s slowProvider) Turn(ctx context.Context, _ []Message, _ []Tool) (Turn, error) {
	select {
	case <-time.After(s.pause):
	case <-ctx.Done():
		return Turn{}, ctx.Err()
	}
	return turnOf(runCall(reluOK))(nil)
}

// TestCellTimeout: an attempt past its wall-clock limit stops with stop
// reason timeout (a record the benchmark keeps, unlike an interrupt), its
// last passing kernel judged.
func TestCellTimeout(t *testing.T) {
	rec, _ := attempt(t, slowProvider{30 * time.Millisecond}, Options{CellTimeout: 200 * time.Millisecond})
	if rec.StopReason != StopTimeout || rec.Iterations >= 15 || !rec.Success || rec.Judged != "last_passing_run" {
		t.Errorf("record %+v", rec)
	}
}

// TestHiddenSeedOption: Options.HiddenSeed judges on that hidden case.
func TestHiddenSeedOption(t *testing.T) {
	seed := uint64(12345)
	rec, evs := attempt(t, &Scripted{Steps: []Step{CallStep(ToolSubmit, map[string]string{"source": reluOK}, u)}}, Options{HiddenSeed: &seed})
	if rec.HiddenSeed != seed || !rec.Success {
		t.Errorf("record %+v", rec)
	}
	if count(evs, "judgement") != 1 {
		t.Error("no judgement event")
	}
}

// TestHTTPProbeFlood: the probe flood through a loopback OpenAI- and
// Anthropic-compatible server: of the reply's 257 tool calls the first
// MaxReplyToolCalls (64) are kept and the rest dropped as they are decoded,
// which the reply's text says; the model's next request carries 64 tool
// results, of which 8 ran; the attempt's record counts 9 iterations.
func TestHTTPProbeFlood(t *testing.T) {
	flood := reply{In: 10, Out: 10}
	for range 257 {
		flood.Calls = append(flood.Calls, call{ToolRun, srcArgs(reluWrong)})
	}
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			ran, refused := -1, -1
			f := newFakeAPI(t, kind, fixed(flood), func(s seen) reply {
				ran, refused = 0, 0
				for _, r := range s.ToolResults {
					if strings.HasPrefix(r.Content, "error: not run") {
						refused++
					} else {
						ran++
					}
				}
				return callReply(ToolSubmit, srcArgs(reluOK), 10, 10)
			})
			p, _ := provider(t, f, ProviderConfig{})
			rec, traj := run(t, p, Options{})
			if ran != DefaultMaxToolCalls || refused != MaxReplyToolCalls-DefaultMaxToolCalls {
				t.Errorf("the server saw %d results that ran and %d refused; want %d and %d", ran, refused, DefaultMaxToolCalls, MaxReplyToolCalls-DefaultMaxToolCalls)
			}
			if !strings.Contains(traj, "this reply made 257 tool calls; only the first 64 were kept and the other 193 dropped unanswered") {
				t.Error("the trajectory does not say that tool calls were dropped")
			}
			if !rec.Success || rec.Iterations != DefaultMaxToolCalls+1 {
				t.Errorf("record %+v", rec)
			}
		})
	}
}
