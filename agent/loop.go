package agent

import (
	"context"
	"fmt"
	"strings"
	"time"

	"kernelcraft/baseline"
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
// text, as the model sent it (possibly malformed).
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
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
)

// Record is the outcome of one attempt.
type Record struct {
	Model  string `json:"model"`
	Target string `json:"target"`
	Task   string `json:"task"`
	Level  int    `json:"level"`
	Config int    `json:"config"`
	Seed   uint64 `json:"seed"`
	// Success: the submitted kernel, or without a submit the last kernel
	// that passed run, passed the hidden case (and the visible case, on
	// which its cycles are measured, as baseline.Cell.Pass requires).
	Success   bool `json:"success"`
	Submitted bool `json:"submitted"`
	// Judged says which kernel was judged: "submitted", "last_passing_run"
	// or "none".
	Judged     string `json:"judged"`
	Iterations int    `json:"iterations"`
	Budget     int    `json:"budget"`
	// FirstCorrect is the first iteration in which a run or submit passed
	// (0: never).
	FirstCorrect   int     `json:"first_correct"`
	Cycles         uint64  `json:"cycles"`          // the judged kernel on the visible case
	BaselineCycles uint64  `json:"baseline_cycles"` // the chosen baseline on the visible case (0: none)
	Speedup        float64 `json:"speedup"`         // BaselineCycles / Cycles when successful, else 0
	TokensIn       int     `json:"tokens_in"`
	TokensOut      int     `json:"tokens_out"`
	CostUSD        float64 `json:"cost_usd"` // from the provider's price (0: unknown or free)
	WallSeconds    float64 `json:"wall_seconds"`
	StopReason     string  `json:"stop_reason"`
	Error          string  `json:"error,omitempty"`
}

// Options configure an attempt.
type Options struct {
	// Budget overrides the level's iteration budget when > 0.
	Budget int
	// Budgets overrides Budgets per level when non-nil.
	Budgets map[int]int
	// Trajectory, when non-nil, receives every event as it happens.
	Trajectory *Trajectory
}

// Corrective messages sent when a turn cannot be acted on.
const (
	NoToolCallMessage = "You did not call a tool. Every turn must call one of the tools (assemble, run, profile, submit, isa_manual, task_info); call submit with your final kernel when you are done."
)

// SystemPrompt is the system message of an attempt.
func SystemPrompt(e *Env, budget int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You are an expert kernel engineer writing assembly for the %s accelerator (hardware config %s).\n", e.Target, e.HW.Name)
	fmt.Fprintf(&b, "%s\n\n", e.HW.Description)
	b.WriteString("Write a correct and fast assembly kernel for the task below, using the tools:\n")
	b.WriteString("- isa_manual(section?): the ISA manual; task_info: the task, tensors, calling convention;\n")
	b.WriteString("- assemble(source), run(source): check your kernel on the visible inputs, with a diagnosis on a mismatch;\n")
	b.WriteString("- profile(source): cycles, stalls, unit utilisation;\n")
	b.WriteString("- submit(source): your final kernel, judged on hidden inputs. This ends the attempt.\n\n")
	fmt.Fprintf(&b, "Rules: every turn is one iteration and must call a tool; you have %d iterations. ", budget)
	b.WriteString("Send the complete source each time. If you never submit, your last kernel that passed run is judged. ")
	b.WriteString("Correctness comes first; speed is measured in simulated cycles against a baseline kernel.\n")
	return b.String()
}

// Attempt runs one attempt of provider p on env and returns its record.
// It never panics on a model's behaviour: turns without a tool call,
// unknown tools and malformed arguments get a corrective message and the
// iteration counts.
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
	tools := Tools()
	var submitted, lastPassing string
	var haveSubmit, havePassing bool
	var final *Outcome
loop:
	for it := 1; it <= budget; it++ {
		if err := ctx.Err(); err != nil {
			rec.StopReason, rec.Error = StopInterrupted, err.Error()
			break
		}
		t0 := time.Now()
		turn, err := p.Turn(ctx, msgs, tools)
		rec.Iterations = it
		if err != nil {
			rec.StopReason, rec.Error = StopProviderError, err.Error()
			if ctx.Err() != nil {
				rec.StopReason = StopInterrupted
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
		am := Message{Role: "assistant", Content: turn.Text, ToolCalls: turn.ToolCalls}
		msgs = append(msgs, am)
		tr.Event("message", am)
		if len(turn.ToolCalls) == 0 {
			um := Message{Role: "user", Content: NoToolCallMessage}
			msgs = append(msgs, um)
			tr.Event("message", um)
			continue
		}
		for _, tc := range turn.ToolCalls {
			tr.Event("tool_call", map[string]any{"iteration": it, "id": tc.ID, "name": tc.Name, "arguments": tc.Arguments})
			t1 := time.Now()
			c := env.Call(tc.Name, tc.Arguments)
			tm := Message{Role: "tool", ToolCallID: tc.ID, Name: tc.Name, Content: c.Text}
			msgs = append(msgs, tm)
			tr.Event("tool_result", map[string]any{"iteration": it, "id": tc.ID, "name": tc.Name, "text": c.Text,
				"error": c.Err, "ms": time.Since(t1).Milliseconds()})
			if c.Outcome != nil && c.Outcome.Pass() && rec.FirstCorrect == 0 {
				rec.FirstCorrect = it
			}
			if tc.Name == ToolRun && c.Outcome != nil && c.Outcome.Pass() {
				lastPassing, havePassing = c.Source, true
			}
			if c.Submitted {
				submitted, haveSubmit, final = c.Source, true, c.Outcome
				rec.StopReason = StopSubmitted
				break loop
			}
		}
	}
	switch {
	case haveSubmit:
		rec.Submitted, rec.Judged = true, "submitted"
	case havePassing:
		rec.Judged = "last_passing_run"
		submitted = lastPassing
		final = env.Execute(lastPassing, true)
	}
	if final != nil {
		rec.Success = final.Pass()
		if rec.Success {
			vis := env.Execute(submitted, false)
			rec.Cycles = vis.Cycles()
			rec.Success = vis.Pass()
		}
	}
	if k, err := baseline.Baseline(env.Target, "", env.Task, env.Config); err == nil {
		if o := env.Execute(string(k.Src), false); o.Pass() {
			rec.BaselineCycles = o.Cycles()
		}
	}
	if rec.Success && rec.Cycles > 0 && rec.BaselineCycles > 0 {
		rec.Speedup = float64(rec.BaselineCycles) / float64(rec.Cycles)
	}
	rec.WallSeconds = time.Since(start).Seconds()
	tr.Event("record", rec)
	return rec
}
