package agent

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Message is one entry of the conversation, in a provider-neutral form.
type Message struct {
	Role       string     `json:"role"` // system, user, assistant, tool
	Content    string     `json:"content,omitempty"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`   // assistant messages
	ToolCallID string     `json:"tool_call_id,omitempty"` // tool messages
	Name       string     `json:"name,omitempty"`         // tool messages: the tool's name
}

// ToolCall is one function call the model made; Arguments is its raw JSON
// text, as the model sent it (possibly malformed). Refusal, when set, is
// why the call is not run (a kind of call the provider cannot honour,
// such as OpenAI's custom tool calls); it is the call's error result.
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	Refusal   string `json:"refusal,omitempty"`
}

// Usage is the token accounting of one model turn. InputTokens counts
// every prompt token, including those read from or written to the
// provider's prompt cache, which are also counted (as parts of it) in
// CacheReadTokens and CacheWriteTokens, priced differently.
type Usage struct {
	InputTokens      int `json:"input_tokens"`
	OutputTokens     int `json:"output_tokens"`
	CacheReadTokens  int `json:"cache_read_tokens,omitempty"`
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
}

// Turn is one answer of the model: text, tool calls and token usage.
type Turn struct {
	Text      string     `json:"text,omitempty"`
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	Usage     Usage      `json:"usage"`
}

// Provider answers one model turn: the conversation so far and the tool
// definitions in, the assistant's text, tool calls and usage out. An error
// is fatal to the attempt.
type Provider interface {
	Name() string
	Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error)
}

// Budgets are the iteration budgets per level (DESIGN.md §5).
var Budgets = map[int]int{1: 15, 2: 20, 3: 25}

// Stop reasons of an attempt.
const (
	StopSubmitted     = "submitted"
	StopBudget        = "budget"
	StopProviderError = "provider_error"
	StopInterrupted   = "interrupted" // the context was cancelled (Ctrl-C)
	StopTimeout       = "timeout"     // the attempt ran past Options.CellTimeout
	// StopTrajectory: the trajectory could not be written (a full disk),
	// so the model was not called again: its answers could not be
	// recorded. The bench does not record such an attempt.
	StopTrajectory = "trajectory_error"
)

// Limits of one attempt that no model reply can exceed.
const (
	// DefaultMaxToolCalls is how many tool calls of one turn are run;
	// the rest get an error result.
	DefaultMaxToolCalls = 8
	// DefaultMaxReplyBytes bounds a reply (its text and every tool call's
	// name and arguments); a larger reply runs no tool.
	DefaultMaxReplyBytes = 1 << 20
	// DefaultCellTimeout is the wall-clock limit of one attempt.
	DefaultCellTimeout = 30 * time.Minute
)

// Record is the outcome of one attempt.
type Record struct {
	Model  string `json:"model"`
	Target string `json:"target"`
	Task   string `json:"task"`
	Level  int    `json:"level"`
	Config int    `json:"config"`
	Seed   uint64 `json:"seed"` // the visible case's
	// HiddenSeed is the seed of the hidden case the kernel was judged on,
	// drawn at judging time (0 and absent when nothing was judged);
	// replaying the attempt with it reproduces the verdict and cycles.
	HiddenSeed uint64 `json:"hidden_seed,omitempty"`
	// Success: the submitted kernel, or without a submit the last kernel
	// that passed run, passed the visible and the hidden case.
	Success   bool `json:"success"`
	Submitted bool `json:"submitted"`
	// Judged says which kernel was judged: "submitted", "last_passing_run"
	// or "none".
	Judged     string `json:"judged"`
	Iterations int    `json:"iterations"`
	Budget     int    `json:"budget"`
	// FirstCorrect is the first iteration in which a run passed, or the
	// submit's if the judged submission passed and no run did (0: never).
	FirstCorrect   int     `json:"first_correct"`
	Cycles         uint64  `json:"cycles"`          // the judged kernel on the hidden case
	VisibleCycles  uint64  `json:"visible_cycles"`  // the judged kernel on the visible case
	BaselineCycles uint64  `json:"baseline_cycles"` // the chosen baseline on the hidden case (0: none)
	Speedup        float64 `json:"speedup"`         // BaselineCycles / Cycles when successful, else 0
	// DataDependentCycles: the judged kernel's cycles on the visible and
	// hidden cases differ by more than judge.DataDependentMargin (a
	// kernel that recognises inputs, or an honest data-dependent one; the
	// speedup is the hidden case's either way).
	DataDependentCycles bool    `json:"data_dependent_cycles,omitempty"`
	TokensIn            int     `json:"tokens_in"`
	TokensOut           int     `json:"tokens_out"`
	CostUSD             float64 `json:"cost_usd"` // from the provider's price (0: unknown or free)
	WallSeconds         float64 `json:"wall_seconds"`
	StopReason          string  `json:"stop_reason"`
	Error               string  `json:"error,omitempty"`
	// Replay, on a replayed attempt, is how its kernel fared against the
	// recording: judged again on the recorded hidden seed and, unless
	// the replay only reproduces, on a fresh one (ReplayCheck).
	Replay ReplayCheck `json:"replay,omitzero"`
}

// Options configure an attempt.
type Options struct {
	// Budget overrides the level's iteration budget when > 0.
	Budget int
	// Budgets overrides Budgets per level when non-nil.
	Budgets map[int]int
	// Trajectory, when non-nil, receives every event as it happens.
	Trajectory *Trajectory
	// MaxToolCalls, MaxReplyBytes and CellTimeout override the Default
	// limits when > 0.
	MaxToolCalls  int
	MaxReplyBytes int
	CellTimeout   time.Duration
	// HiddenSeed, when not nil, is the hidden seed to judge with instead
	// of a fresh one (reproducing a recorded judgement). A Replayer
	// provider's recording supplies one too.
	HiddenSeed *uint64
	// ToolTimeout is the deadline of each tool call (0:
	// DefaultToolTimeout); the final judgement gets JudgeTimeoutFactor
	// times as long. A simulation past it stops; in this process the
	// assembler cannot be stopped, in a worker (Isolation) it is killed.
	ToolTimeout time.Duration
	// Isolation, when not nil, runs the tool calls that assemble or
	// simulate, and the judgement, in worker processes (except for a
	// TrustedProvider); nil runs them in this process, where a Go fatal
	// error in them ends the process.
	Isolation *Isolation
}

// TrustedProvider is a provider whose kernels are not model-written (the
// model-free baseline provider submits the repository's baselines):
// Attempt runs its tool calls and judgement in this process even when
// Options.Isolation is set, which saves a worker process per call.
type TrustedProvider interface {
	TrustedSource() bool
}

// Corrective messages sent when a turn cannot be acted on.
const (
	NoToolCallMessage = "You did not call a tool. Every turn must call one of the tools (assemble, run, profile, submit, isa_manual, task_info); call submit with your final kernel when you are done."
	SubmittedMessage  = "submitted; the attempt is over. The kernel is judged on the visible case and on a hidden case drawn now; its speed is measured on the hidden case.\n"
)

// costly reports whether a tool call uses an iteration of its own when a
// turn holds more than one (DESIGN.md §5): the tools that assemble or
// simulate.
func costly(name string) bool {
	switch name {
	case ToolAssemble, ToolRun, ToolProfile, ToolSubmit:
		return true
	}
	return false
}

// SystemPrompt is the system message of an attempt.
func SystemPrompt(e *Env, budget int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You are an expert kernel engineer writing assembly for the %s accelerator (hardware config %s).\n", e.Target, e.HW.Name)
	fmt.Fprintf(&b, "%s\n\n", e.HW.Description)
	b.WriteString("Write a correct and fast assembly kernel for the task below, using the tools:\n")
	b.WriteString("- isa_manual(section?): the ISA manual; task_info: the task, tensors, calling convention;\n")
	b.WriteString("- assemble(source), run(source): check your kernel on the visible inputs, with a diagnosis on a mismatch;\n")
	b.WriteString("- profile(source): cycles, stalls, unit utilisation;\n")
	if e.Target == hazardPolicyTarget {
		b.WriteString("  run and profile take an optional hazard_policy for debugging that call: warn reports every read made before the write it means lands, interlock makes such a read wait; the judge always runs exposed (the hardware's behaviour);\n")
	}
	b.WriteString("- submit(source): your final kernel, judged on the visible inputs and on hidden inputs drawn when you submit; its speed is measured on the hidden inputs. This ends the attempt.\n\n")
	fmt.Fprintf(&b, "Rules: every turn is one iteration and must call a tool; you have %d iterations. ", budget)
	fmt.Fprintf(&b, "A turn that calls assemble, run, profile or submit more than once uses one iteration per such call; at most %d tool calls of a turn are run. ", DefaultMaxToolCalls)
	b.WriteString("Send the complete source each time. If you never submit, your last kernel that passed run is judged. ")
	b.WriteString("Correctness comes first; speed is measured in simulated cycles against a baseline kernel.\n")
	return b.String()
}

// attemptState is what the turn loop of an attempt tracks.
type attemptState struct {
	used                   int // iterations used
	submitted, lastPassing string
	haveSubmit, havePass   bool
	submitIt               int
}

// Attempt runs one attempt of provider p on env and returns its record.
// It never panics on a model's behaviour: turns without a tool call,
// unknown tools, malformed arguments, oversized replies and calls beyond
// the budget or the per-turn cap get an error result, and the iterations
// count. After the loop the judged kernel (the submitted one, else the
// last that passed run) is judged with a hidden seed drawn then.
func Attempt(ctx context.Context, p Provider, env *Env, opt Options) *Record {
	start := time.Now()
	tr := opt.Trajectory
	budgets := opt.Budgets
	if budgets == nil {
		budgets = Budgets
	}
	budget := budgets[env.Level()]
	if opt.Budget > 0 {
		budget = opt.Budget
	}
	if budget <= 0 {
		budget = 15
	}
	maxCalls, maxReply, timeout := opt.MaxToolCalls, opt.MaxReplyBytes, opt.CellTimeout
	if maxCalls <= 0 {
		maxCalls = DefaultMaxToolCalls
	}
	if maxReply <= 0 {
		maxReply = DefaultMaxReplyBytes
	}
	if timeout <= 0 {
		timeout = DefaultCellTimeout
	}
	toolTimeout := opt.ToolTimeout
	if toolTimeout <= 0 {
		toolTimeout = DefaultToolTimeout
	}
	if tp, ok := p.(TrustedProvider); ok && tp.TrustedSource() {
		opt.Isolation = nil
	}
	cellCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	rec := &Record{Model: p.Name(), Target: env.Target, Task: env.Task, Level: env.Level(), Config: env.Config,
		Seed: env.Seed, Budget: budget, Judged: "none", StopReason: StopBudget}
	tr.Event("attempt", map[string]any{"model": rec.Model, "target": rec.Target, "task": rec.Task,
		"config": rec.Config, "level": rec.Level, "seed": rec.Seed, "budget": budget})
	msgs := []Message{
		{Role: "system", Content: SystemPrompt(env, budget)},
		{Role: "user", Content: "Task:\n\n" + env.TaskInfo()},
	}
	for _, m := range msgs {
		tr.Event("message", m)
	}
	tools := ToolsFor(env.Target)
	st := &attemptState{}
	stopped := func() bool { // with the reason recorded
		switch {
		case ctx.Err() != nil:
			rec.StopReason, rec.Error = StopInterrupted, ctx.Err().Error()
		case cellCtx.Err() != nil:
			rec.StopReason, rec.Error = StopTimeout, fmt.Sprintf("the attempt ran past its %v limit", timeout)
		case tr.Err() != nil:
			rec.StopReason, rec.Error = StopTrajectory, "the trajectory could not be written: "+tr.Err().Error()
		default:
			return false
		}
		return true
	}
loop:
	for st.used < budget {
		if stopped() {
			break
		}
		it := st.used + 1
		t0 := time.Now()
		turn, err := p.Turn(cellCtx, msgs, tools)
		st.used = it
		rec.Iterations = it
		if err != nil {
			if !stopped() {
				rec.StopReason, rec.Error = StopProviderError, err.Error()
			}
			tr.Event("error", map[string]any{"iteration": it, "error": err.Error()})
			break
		}
		rec.TokensIn += turn.Usage.InputTokens
		rec.TokensOut += turn.Usage.OutputTokens
		cost := 0.0
		if c, ok := p.(Coster); ok {
			cost = c.Cost(turn.Usage)
			rec.CostUSD += cost
		}
		// The replay provider reads the turn's usage and cost back from here.
		tr.Event("usage", map[string]any{"iteration": it, "input_tokens": turn.Usage.InputTokens,
			"output_tokens": turn.Usage.OutputTokens, "cache_read_tokens": turn.Usage.CacheReadTokens,
			"cache_write_tokens": turn.Usage.CacheWriteTokens, "cost_usd": cost, "ms": time.Since(t0).Milliseconds()})
		for i := range turn.ToolCalls {
			if turn.ToolCalls[i].ID == "" {
				turn.ToolCalls[i].ID = fmt.Sprintf("call_%d_%d", it, i+1)
			}
		}
		size := replySize(turn)
		oversized := size > maxReply
		if oversized {
			// Keep the conversation (resent every turn) and the
			// trajectory small: the reply is replaced by a note.
			turn.Text = fmt.Sprintf("[reply of %d bytes removed: over the %d-byte limit]", size, maxReply)
			for i := range turn.ToolCalls {
				if n := turn.ToolCalls[i].Name; len(n) > maxNameShown {
					turn.ToolCalls[i].Name = strings.ToValidUTF8(n[:maxNameShown], "")
				}
				turn.ToolCalls[i].Arguments = "{}"
			}
		}
		am := Message{Role: "assistant", Content: turn.Text, ToolCalls: turn.ToolCalls}
		msgs = append(msgs, am)
		tr.Event("message", am)
		if len(turn.ToolCalls) == 0 {
			um := Message{Role: "user", Content: NoToolCallMessage}
			msgs = append(msgs, um)
			tr.Event("message", um)
			continue
		}
		costlyCalls := 0
		for i, tc := range turn.ToolCalls {
			tr.Event("tool_call", map[string]any{"iteration": it, "id": tc.ID, "name": tc.Name, "arguments": tc.Arguments})
			t1 := time.Now()
			var c Call
			switch {
			case oversized:
				c = Call{Err: true, Text: fmt.Sprintf("error: not run: your reply was %d bytes, over the limit of %d bytes; send one kernel per call and fewer calls\n", size, maxReply)}
			case tc.Refusal != "":
				c = Call{Err: true, Text: "error: not run: " + tc.Refusal + "\n"}
			case i >= maxCalls:
				c = Call{Err: true, Text: fmt.Sprintf("error: not run: a turn may make at most %d tool calls; this was call %d\n", maxCalls, i+1)}
			case costly(tc.Name) && costlyCalls > 0 && st.used >= budget:
				c = Call{Err: true, Text: fmt.Sprintf("error: not run: the iteration budget is used up (%d of %d; each assemble, run, profile or submit beyond the first of a turn uses an iteration)\n", st.used, budget)}
			case ctx.Err() == nil && cellCtx.Err() != nil:
				c = Call{Err: true, Text: fmt.Sprintf("error: not run: the attempt ran past its %v limit\n", timeout)}
			default:
				if costly(tc.Name) {
					if costlyCalls > 0 {
						st.used++
						rec.Iterations = st.used
					}
					costlyCalls++
				}
				callCtx, cancelCall := context.WithTimeout(cellCtx, toolTimeout)
				if opt.Isolation != nil {
					c = opt.Isolation.Call(callCtx, env, tc.Name, tc.Arguments)
				} else {
					c = env.Call(callCtx, tc.Name, tc.Arguments)
				}
				cancelCall()
			}
			tm := Message{Role: "tool", ToolCallID: tc.ID, Name: tc.Name, Content: c.Text}
			msgs = append(msgs, tm)
			tr.Event("tool_result", map[string]any{"iteration": st.used, "id": tc.ID, "name": tc.Name, "text": c.Text,
				"error": c.Err, "ms": time.Since(t1).Milliseconds()})
			// A pass under another hazard policy (interlock) is no pass
			// under the judge's.
			if tc.Name == ToolRun && c.Outcome != nil && c.Outcome.Pass() && c.Outcome.Policy == "" {
				st.lastPassing, st.havePass = c.Source, true
				if rec.FirstCorrect == 0 {
					rec.FirstCorrect = st.used
				}
			}
			if c.Submitted {
				st.submitted, st.haveSubmit, st.submitIt = c.Source, true, st.used
				rec.StopReason = StopSubmitted
				break loop
			}
		}
	}
	judged, kind := "", "none"
	switch {
	case st.haveSubmit:
		rec.Submitted, kind = true, "submitted"
		judged = st.submitted
	case st.havePass:
		kind = "last_passing_run"
		judged = st.lastPassing
	}
	if kind != "none" && ctx.Err() == nil && rec.StopReason != StopTrajectory {
		rec.Judged = kind
		// Each judgement has its own deadline: it runs after a cell
		// timeout too; Ctrl-C stops it.
		judgeAttempt(ctx, JudgeTimeoutFactor*toolTimeout, p, env, opt, rec, judged, tr)
		if rec.Success && rec.FirstCorrect == 0 {
			rec.FirstCorrect = st.submitIt
		}
	}
	if ctx.Err() != nil {
		// Interrupted, at the latest during the judgement: whatever was
		// judged, the attempt did not finish.
		rec.StopReason, rec.Error, rec.Success = StopInterrupted, ctx.Err().Error(), false
	}
	rec.WallSeconds = time.Since(start).Seconds()
	tr.Event("record", rec)
	return rec
}

// replySize is the size of a model reply as the limits count it: its text
// and every tool call's name and arguments.
func replySize(t Turn) int {
	n := len(t.Text)
	for _, tc := range t.ToolCalls {
		n += len(tc.ID) + len(tc.Name) + len(tc.Arguments)
	}
	return n
}
