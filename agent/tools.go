// Package agent is KernelCraft's agent driver: the tools exposed to a
// model by function calling (DESIGN.md §5), the repair loop that runs one
// attempt within an iteration budget, the providers that answer model
// turns, and the JSONL trajectory of each attempt.
package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/judge"
	"kernelcraft/ref"
	"kernelcraft/sim"
	"kernelcraft/sim/aie2"
	"kernelcraft/sim/manual"
)

// Tool is one function definition offered to the model: a name, a
// description and a JSON schema for its arguments.
type Tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Parameters  map[string]any `json:"parameters"`
}

// Tool names.
const (
	ToolISAManual = "isa_manual"
	ToolTaskInfo  = "task_info"
	ToolAssemble  = "assemble"
	ToolRun       = "run"
	ToolProfile   = "profile"
	ToolSubmit    = "submit"
)

// MaxResultChars bounds a tool result's length (the ISA manual gets
// MaxManualChars); longer results are cut with an explicit note.
const (
	MaxResultChars = 8000
	MaxManualChars = 32000
)

func sourceSchema(what string) map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"source": map[string]any{"type": "string", "description": what},
		},
		"required":             []string{"source"},
		"additionalProperties": false,
	}
}

// Tools returns the six tool definitions of DESIGN.md §5.
func Tools() []Tool {
	src := "the complete assembly source of the kernel"
	return []Tool{
		{ToolISAManual, "The target's ISA manual: without a section, the overview (registers, memory map, calling convention, list of sections); with a section (an extension name as the overview lists them, \"pseudo\", or \"cycles\": what decides cycles on this target, its issue rules, units, latencies and costs), each instruction's syntax, semantics and functional unit; with an instruction's mnemonic, its syntax, semantics, unit, latency, encoding and cost.",
			map[string]any{"type": "object", "properties": map[string]any{
				"section": map[string]any{"type": "string", "description": "optional section name; omit for the overview"}},
				"additionalProperties": false}},
		{ToolTaskInfo, "The task: definition, configuration, tensors with shapes, dtypes and addresses, calling convention, tolerance and hardware config.",
			map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}},
		{ToolAssemble, "Assemble a kernel: ok and code size, or the errors with line:col and hints.", sourceSchema(src)},
		{ToolRun, "Assemble, simulate on the visible inputs and check: pass/fail, cycles, halt reason, and on a mismatch the checker's diagnosis.", sourceSchema(src)},
		{ToolProfile, "Assemble and simulate on the visible inputs: cycles, stalls by cause, functional unit utilisation, the cycles of the hottest source lines, hazard warnings (which register or unit each stall waited for, and the line responsible), and a timeline of the hottest loop's first iterations (each instruction's dispatch, issue and result cycles, what it waited for, and the loop's bottleneck).", sourceSchema(src)},
		{ToolSubmit, "Submit the final kernel. This ends the attempt; it is judged on the visible inputs and on hidden inputs drawn at that moment, and its speed is measured on the hidden inputs.", sourceSchema(src)},
	}
}

// HazardPolicyArg is the optional argument of run and profile on the
// targets with hazard policies (aie2): the policy of that call's
// simulation only. The judge always runs the cell's own config, so
// submit has no such argument.
const HazardPolicyArg = "hazard_policy"

// hazardPolicyTarget is the target whose hardware configs have hazard
// policies (sim/aie2: params.hazard_policy).
const hazardPolicyTarget = "aie2"

// ToolsFor returns the tool definitions a model working on target sees:
// Tools, and on aie2 the hazard_policy argument of run and profile.
func ToolsFor(target string) []Tool {
	tools := Tools()
	if target != hazardPolicyTarget {
		return tools
	}
	for i, t := range tools {
		if t.Name != ToolRun && t.Name != ToolProfile {
			continue
		}
		schema := sourceSchema("the complete assembly source of the kernel")
		schema["properties"].(map[string]any)[HazardPolicyArg] = map[string]any{
			"type": "string",
			"enum": aie2.PolicyNames,
			"description": "optional, for debugging this call only: what a read before the write it means has landed does. exposed (default; the hardware's, and the only one the judge uses): it gets the old value; " +
				"warn: the same values, and each such read is reported (stale reads, with both instructions); interlock: the reader waits (counted as stall cycles) and gets the new value. " +
				"A kernel that passes only under interlock is wrong on the hardware.",
		}
		tools[i].Parameters = schema
	}
	return tools
}

// ToolNames lists the tool names in definition order.
func ToolNames() []string {
	var names []string
	for _, t := range Tools() {
		names = append(names, t.Name)
	}
	return names
}

// Env is the world one attempt's tools act on: the target, task and
// configuration and the visible case the agent may run. The hidden case
// its final kernel is judged on does not exist until the judgement
// (Judge): its seed is drawn then.
type Env struct {
	Target, Task string
	Config       int
	Seed         uint64 // the visible case's seed
	Visible      *ref.Case
	HW           *isadefs.HW
	ISA          *isadefs.ISA

	visT map[string]*sim.Tensor

	manual    *manual.Manual // built by the first isa_manual call
	manualErr error
	// runs memoises Execute: the same source on the visible case gives
	// the same outcome (the simulator is deterministic), and an attempt
	// asks for it more than once (run, then the judgement). The key is
	// the hazard policy and the source.
	runs map[runKey]*Outcome
	// memoHolder is the one memoised outcome that keeps its run's memo.
	memoHolder *Outcome
}

// runKey is a memoised run: the source under a hazard policy ("": the
// cell's own).
type runKey struct{ policy, source string }

// NewEnv generates the visible case of a cell for seed.
func NewEnv(target, task string, config int, seed uint64) (*Env, error) {
	e := &Env{Target: target, Task: task, Config: config, Seed: seed}
	var err error
	if e.Visible, e.visT, err = ref.Generate(target, task, config, seed, false); err != nil {
		return nil, err
	}
	if e.HW, err = isadefs.HWByName(e.Visible.HW); err != nil {
		return nil, err
	}
	if e.ISA, err = isadefs.LoadISA(e.HW.ISA); err != nil {
		return nil, err
	}
	return e, nil
}

// Level is the task's level (1, 2 or 3).
func (e *Env) Level() int { return e.Visible.Level }

// Outcome is what running a kernel on the visible case produced.
type Outcome struct {
	Assembled bool
	Passed    bool   // the kernel ran and passed the checker
	RunCycles uint64 // the run's cycle count (0: it did not run)
	// Run is the visible run when the tool ran in this process (nil when
	// the kernel did not assemble or could not be set up, or when the
	// call ran in a worker process: see Isolation).
	Run  *judge.Run
	Text string // the tool result shown to the model
	// Policy is the hazard policy the run was made under when the call
	// chose one other than the cell's own ("": the cell's own, the
	// judge's); only such runs count as passing runs of the attempt.
	Policy string
	// stopped: the simulation was stopped (deadline, Ctrl-C) before it
	// ended, and stopErr says how (nil in a worker's outcome); such an
	// outcome is not memoised.
	stopped bool
	stopErr error
	// elf and memo are the executable and the memo (sim.RunMemo) of an
	// in-process run on the cell's own config, which the judgement
	// reuses (judge.Prior); nil otherwise.
	elf  []byte
	memo *sim.RunMemo
}

// Pass reports whether the kernel ran and passed the checker.
func (o *Outcome) Pass() bool { return o.Passed }

// Cycles is the run's cycle count, or 0.
func (o *Outcome) Cycles() uint64 { return o.RunCycles }

const kernelName = "kernel.s"

func assembleText(err error) string {
	var el asm.ErrorList
	if errors.As(err, &el) {
		var b strings.Builder
		fmt.Fprintf(&b, "assembly failed: %d error(s)\n", len(el))
		for _, e := range el {
			if e.Line > 0 {
				fmt.Fprintf(&b, "line %d:%d: %s\n", e.Line, e.Col, e.Msg)
			} else {
				fmt.Fprintf(&b, "%s\n", e.Msg)
			}
			for _, x := range e.Expansion { // the macro calls and .rept that made the line
				fmt.Fprintf(&b, "  %s\n", x)
			}
			if e.Hint != "" {
				fmt.Fprintf(&b, "  hint: %s\n", strings.ReplaceAll(e.Hint, "\n", "\n        "))
			}
		}
		return b.String()
	}
	return "assembly failed: " + err.Error() + "\n"
}

// Assemble assembles source for the attempt's hardware config and
// reports ok and the code size, or the errors. The assembler cannot be
// interrupted; Isolation bounds it from outside.
func (e *Env) Assemble(source string) (elf []byte, text string) {
	hw := e.HW
	as, err := asm.New(hw.ISA)
	if err != nil {
		return nil, "assembly failed: " + err.Error() + "\n"
	}
	p, err := as.Assemble(kernelName, []byte(source), asm.Options{HW: hw, Judged: true})
	if err != nil {
		return nil, assembleText(err)
	}
	var b strings.Builder
	b.WriteString("ok\n")
	for _, s := range p.Sections {
		if s.Size > 0 {
			fmt.Fprintf(&b, "%s: %d bytes at %#x\n", s.Name, s.Size, s.Addr)
		}
	}
	return p.ELF(), b.String()
}

// Execute assembles source and runs it on the visible case; the
// simulation stops when ctx is done. Outcomes are memoised per source
// (except stopped ones); an Env is used by one attempt at a time.
func (e *Env) Execute(ctx context.Context, source string) *Outcome {
	o, _ := e.ExecuteWith(ctx, source, "")
	return o
}

// ExecuteWith is Execute under a hazard policy (aie2's exposed, warn or
// interlock; "" is the cell's own); a policy the target does not have is
// an error.
func (e *Env) ExecuteWith(ctx context.Context, source, policy string) (*Outcome, error) {
	hw, policy, err := e.policyHW(policy)
	if err != nil {
		return nil, err
	}
	k := runKey{policy, source}
	if o, ok := e.runs[k]; ok {
		return o, nil
	}
	opts := sim.CoreOptions{}
	if policy == "" {
		opts.Memo = &sim.RunMemo{}
	}
	o, elf := e.execute(ctx, source, hw, policy, opts)
	if policy == "" && o.Run != nil {
		// Only the latest run keeps its memo (up to sim.MemoCap bytes):
		// the judgement is of the kernel submitted, usually the one run
		// last, and an attempt runs many kernels.
		if e.memoHolder != nil {
			e.memoHolder.memo = nil
		}
		o.elf, o.memo = elf, opts.Memo
		e.memoHolder = o
	}
	if o.stopped {
		return o, nil
	}
	if e.runs == nil {
		e.runs = map[runKey]*Outcome{}
	}
	e.runs[k] = o
	return o, nil
}

// policyHW is the config a run under the named hazard policy uses: nil
// (the cell's own) for "" or the cell's own policy, else a copy of the
// cell's config with only the policy changed. The policy it returns is
// "" for the cell's own, else its canonical name.
func (e *Env) policyHW(policy string) (*isadefs.HW, string, error) {
	if policy == "" {
		return nil, "", nil
	}
	hw, err := aie2.WithHazardPolicy(e.HW, policy)
	if err != nil {
		return nil, "", err
	}
	if hw.Param("hazard_policy", 0) == e.HW.Param("hazard_policy", 0) {
		return nil, "", nil
	}
	return hw, aie2.PolicyNames[hw.Param("hazard_policy", 0)], nil
}

// stoppedText is the tool result of a simulation stopped before it ended.
func stoppedText(err error) string {
	why := "it was interrupted"
	if errors.Is(err, context.DeadlineExceeded) {
		why = "the tool call ran past its deadline"
	}
	return fmt.Sprintf("error: %s: %v; no verdict (a kernel must end with the task's halt well within the deadline)\n", why, err)
}

// execute is Execute with core options; it also returns the executable
// (nil when the source did not assemble).
func (e *Env) execute(ctx context.Context, source string, hw *isadefs.HW, policy string, opts sim.CoreOptions) (*Outcome, []byte) {
	elf, text := e.Assemble(source)
	if elf == nil {
		return &Outcome{Text: text}, nil
	}
	r, err := judge.RunCaseOn(ctx, e.Visible, hw, e.visT, elf, opts)
	if stopped := (*judge.StoppedError)(nil); errors.As(err, &stopped) {
		return &Outcome{Assembled: true, Text: stoppedText(err), stopped: true, stopErr: err}, elf
	}
	if err != nil {
		return &Outcome{Assembled: true, Text: "the kernel could not be run: " + err.Error() + "\n"}, elf
	}
	var b strings.Builder
	verdict := "FAIL"
	if r.Verdict.Pass {
		verdict = "PASS"
	}
	fmt.Fprintf(&b, "%s on the visible case\ncycles: %d\ninstructions: %d\nhalt: %s\n", verdict, r.Stats.Cycles, r.Stats.Instructions, r.Halt.String())
	writePolicy(&b, policy, r.Stats)
	if !r.Verdict.Pass {
		b.WriteString("\n")
		b.WriteString(r.Verdict.String())
		if !strings.HasSuffix(b.String(), "\n") {
			b.WriteString("\n")
		}
	}
	return &Outcome{Assembled: true, Passed: r.Verdict.Pass, RunCycles: r.Cycles(), Run: r, Text: b.String(), Policy: policy}, elf
}

// writePolicy says, for a run under a hazard policy other than the
// cell's own, which one it was and what it found: warn's stale reads
// (the profile lists them by line), interlock's stall cycles.
func writePolicy(b *strings.Builder, policy string, s *sim.Stats) {
	if policy == "" {
		return
	}
	fmt.Fprintf(b, "hazard policy: %s (this call only; the judge runs the kernel under exposed)\n", policy)
	count := func(names []string, vals []uint64, name string) uint64 {
		for i, n := range names {
			if n == name && i < len(vals) {
				return vals[i]
			}
		}
		return 0
	}
	switch policy {
	case "warn":
		fmt.Fprintf(b, "stale reads: %d (reads before the write they mean landed; profile with hazard_policy warn lists them by line)\n", count(s.CounterNames, s.Counters, "stale_reads"))
	case "interlock":
		fmt.Fprintf(b, "interlock stall cycles: %d\n", count(s.StallNames, s.StallCycles, "interlock"))
	}
}

// Judge judges a kernel on the cell with the hidden case of hiddenSeed
// (judge.Cases.Judge): the kernel on both cases, the chosen baseline on
// the hidden one. The visible run is Execute's. An error means the
// kernel could not be assembled or set up, or ctx stopped a simulation.
func (e *Env) Judge(ctx context.Context, source string, hiddenSeed uint64) (*judge.Judgement, error) {
	cs, err := judge.Complete(e.Visible, e.visT, hiddenSeed)
	if err != nil {
		return nil, err
	}
	o := e.Execute(ctx, source)
	if o.stopErr != nil {
		return nil, o.stopErr
	}
	return cs.Judge(ctx, "", kernelName, []byte(source), &judge.Prior{ELF: o.elf, Visible: o.Run, Memo: o.memo})
}

// Profile rows: the hottest source lines and the hazards with the most
// stall cycles that the profile tool lists.
const (
	profileLines   = 12
	profileHazards = 8
)

// The profile tool's timeline of the hottest loop: at most this many
// rows (its first iterations) and characters, less when the rest of the
// result leaves less room under MaxResultChars.
const (
	profileTimelineRows  = 64
	profileTimelineChars = 3600
	profileTimelineMin   = 400 // below this, the timeline is left out with a note
)

// Profile assembles source, runs it on the visible case and reports the
// simulator's statistics, the cycles by source line (numbered as in
// source) and the hazards behind the stalls.
func (e *Env) Profile(ctx context.Context, source string) *Outcome {
	o, _ := e.ProfileWith(ctx, source, "")
	return o
}

// ProfileWith is Profile under a hazard policy (see ExecuteWith).
func (e *Env) ProfileWith(ctx context.Context, source, policy string) (*Outcome, error) {
	hw, policy, err := e.policyHW(policy)
	if err != nil {
		return nil, err
	}
	prof := &sim.Profile{}
	opts := sim.CoreOptions{Profile: prof}
	if t, err := sim.LookupTarget(e.HW.ISA); err == nil && t.Timelines {
		opts.Timeline = &sim.Timeline{MaxRows: profileTimelineRows}
	}
	o, elf := e.execute(ctx, source, hw, policy, opts)
	if o.Run == nil {
		return o, nil
	}
	s := o.Run.Stats
	var b strings.Builder
	verdict := "FAIL"
	if o.Pass() {
		verdict = "PASS"
	}
	fmt.Fprintf(&b, "check: %s (visible case)\ncycles: %d\ninstructions: %d\nIPC: %.2f\nhalt: %s\n", verdict, s.Cycles, s.Instructions, s.IPC(), o.Run.Halt.String())
	writePolicy(&b, policy, s)
	b.WriteString("\nstalls by cause (cycles, % of total):\n")
	type kv struct {
		name string
		v    uint64
	}
	var stalls []kv
	for i, n := range s.StallNames {
		if i < len(s.StallCycles) && s.StallCycles[i] > 0 {
			stalls = append(stalls, kv{n, s.StallCycles[i]})
		}
	}
	sort.SliceStable(stalls, func(i, j int) bool { return stalls[i].v > stalls[j].v })
	if len(stalls) == 0 {
		b.WriteString("  none\n")
	}
	for _, st := range stalls {
		fmt.Fprintf(&b, "  %-16s %10d  %5.1f%%\n", st.name, st.v, pct(st.v, s.Cycles))
	}
	b.WriteString("\nunit utilisation (busy cycles / (cycles x units)):\n")
	for i, n := range s.UnitNames {
		if i >= len(s.UnitBusy) {
			break
		}
		units := 1
		if i < len(s.UnitCount) && s.UnitCount[i] > 0 {
			units = s.UnitCount[i]
		}
		fmt.Fprintf(&b, "  %-8s x%d %10d  %5.1f%%\n", n, units, s.UnitBusy[i], pct(s.UnitBusy[i], s.Cycles*uint64(units)))
	}
	b.WriteString("\n")
	ro := sim.ReportOptions{Top: profileLines, Hazards: profileHazards}
	if lt, err := asm.ReadLineTable(elf); err == nil && lt != nil {
		ro.Line, ro.Source = lt.Line, lt.Source
	}
	prof.WriteReport(&b, ro)
	if opts.Timeline != nil {
		// The timeline comes last and gets the room the rest leaves, so
		// the result is never cut by Truncate.
		room := min(profileTimelineChars, MaxResultChars-b.Len()-1)
		if room < profileTimelineMin {
			b.WriteString("\n(the timeline of the hottest loop is left out: no room in the result)\n")
		} else {
			b.WriteString("\n")
			b.WriteString(opts.Timeline.Compact(sim.CompactOptions{MaxChars: room, Line: ro.Line, Width: 28}))
		}
	}
	o.Text = b.String()
	return o, nil
}

func pct(v, total uint64) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(v) / float64(total)
}

// TaskInfo is the task text of the visible case (ref.Describe).
func (e *Env) TaskInfo() string { return ref.Describe(e.Visible) }

// manualOf builds (once) the ISA manual of the environment's hardware
// config (sim/manual: the same text as kc-as --isa).
func (e *Env) manualOf() (*manual.Manual, error) {
	if e.manual == nil && e.manualErr == nil {
		e.manual, e.manualErr = manual.New(e.HW, e.Visible.Convention.Halt)
	}
	return e.manual, e.manualErr
}

// Sections lists the ISA manual's sections: the overview, each extension
// the hardware config enables, the pseudo-instructions and what decides
// cycles.
func (e *Env) Sections() []string {
	m, err := e.manualOf()
	if err != nil {
		return []string{manual.Overview}
	}
	return m.Sections()
}

// Manual returns one section of the ISA manual generated from isa-defs
// and the timing model ("" or "overview" is the overview), or one
// instruction's entry by mnemonic; an unknown name gives the error text.
func (e *Env) Manual(section string) string {
	m, err := e.manualOf()
	if err == nil {
		var text string
		if text, err = m.Section(section); err == nil {
			return text
		}
	}
	return "error: " + err.Error() + "\n"
}

// Truncate cuts text longer than max characters at a line boundary and
// appends a note saying how much was left out.
func Truncate(text string, max int) string {
	if len(text) <= max {
		return text
	}
	cut := strings.LastIndexByte(text[:max], '\n') + 1
	if cut <= 0 {
		cut = max
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut-- // never split a character
		}
	}
	rest := text[cut:]
	return fmt.Sprintf("%s[truncated: %d more characters, %d more lines not shown]\n", text[:cut], len(rest), strings.Count(rest, "\n"))
}

// maxNameShown bounds how much of an unknown tool name is echoed back.
const maxNameShown = 64

// Call is the result of one tool call.
type Call struct {
	Text      string   // the tool result shown to the model
	Outcome   *Outcome // the visible run's outcome for run and profile
	Submitted bool     // the call was a valid submit: the attempt ends
	Source    string   // the kernel source the call carried, if any
	Err       bool     // the call was rejected (unknown tool, bad arguments)
}

// callArgs are a tool call's arguments: the source of the tools that
// take one (the section of isa_manual), and run's and profile's hazard
// policy ("" when not given).
type callArgs struct{ arg, policy string }

// parseCall checks a tool call's name and JSON arguments for a model
// working on target. It returns the arguments, or the error result for
// the model.
func parseCall(target, name, arguments string) (a callArgs, bad *Call) {
	if !slices.Contains(ToolNames(), name) {
		shown := name
		if len(shown) > maxNameShown {
			shown = strings.ToValidUTF8(shown[:maxNameShown], "") + "…"
		}
		return a, &Call{Err: true, Text: fmt.Sprintf("error: unknown tool %q; the tools are: %s\n", shown, strings.Join(ToolNames(), ", "))}
	}
	var args map[string]any
	if strings.TrimSpace(arguments) == "" {
		arguments = "{}"
	}
	if err := json.Unmarshal([]byte(arguments), &args); err != nil {
		return a, &Call{Err: true, Text: fmt.Sprintf("error: the arguments of %s are not a valid JSON object (%v); send e.g. {\"source\": \"...\"}\n", name, err)}
	}
	str := func(k string) (string, bool) {
		v, ok := args[k]
		if !ok {
			return "", false
		}
		s, ok := v.(string)
		return s, ok
	}
	switch name {
	case ToolISAManual:
		a.arg, _ = str("section")
		return a, nil
	case ToolTaskInfo:
		return a, nil
	}
	src, ok := str("source")
	if !ok {
		return a, &Call{Err: true, Text: fmt.Sprintf("error: %s needs a string argument \"source\" with the kernel's assembly\n", name)}
	}
	a.arg = src
	if v, given := args[HazardPolicyArg]; given {
		if bad := policyArg(target, name, v); bad != nil {
			return a, bad
		}
		a.policy = v.(string)
	}
	return a, nil
}

// policyArg checks a call's hazard_policy argument: run and profile
// take it on aie2, as one of the policies' names.
func policyArg(target, name string, v any) *Call {
	fail := func(format string, args ...any) *Call {
		return &Call{Err: true, Text: "error: " + fmt.Sprintf(format, args...) + "\n"}
	}
	switch {
	case target != hazardPolicyTarget:
		return fail("%s: hazard_policy is an argument on aie2 only; %s has no hazard policies", name, target)
	case name != ToolRun && name != ToolProfile:
		return fail("%s takes no hazard_policy: only run and profile do (for debugging); the judge runs every kernel under the cell's own policy, exposed", name)
	}
	s, ok := v.(string)
	if !ok || !slices.Contains(aie2.PolicyNames, s) {
		return fail("%s: hazard_policy %s: want one of %s (or leave it out: exposed, the judge's)", name, shortJSON(v), strings.Join(aie2.PolicyNames, ", "))
	}
	return nil
}

// shortJSON shows a model's argument value in an error, cut to
// maxNameShown bytes.
func shortJSON(v any) string {
	b, _ := json.Marshal(v)
	s := string(b)
	if len(s) > maxNameShown {
		s = strings.ToValidUTF8(s[:maxNameShown], "") + "…"
	}
	return s
}

// Call runs a tool on its JSON arguments in this process (see Isolation
// for a worker process); ctx stops its simulation. Unknown tools and
// malformed arguments give an error text for the model, never a Go
// error.
func (e *Env) Call(ctx context.Context, name, arguments string) Call {
	a, bad := parseCall(e.Target, name, arguments)
	if bad != nil {
		return *bad
	}
	return e.call(ctx, name, a)
}

// call runs a tool whose arguments parseCall accepted: a.arg is the
// source, or the manual's section.
func (e *Env) call(ctx context.Context, name string, a callArgs) Call {
	arg := a.arg
	switch name {
	case ToolISAManual:
		return Call{Text: Truncate(e.Manual(arg), MaxManualChars)}
	case ToolTaskInfo:
		return Call{Text: Truncate(e.TaskInfo(), MaxResultChars)}
	}
	c := Call{Source: arg}
	switch name {
	case ToolAssemble:
		_, c.Text = e.Assemble(arg)
	case ToolRun, ToolProfile:
		run := e.ExecuteWith
		if name == ToolProfile {
			run = e.ProfileWith
		}
		o, err := run(ctx, arg, a.policy)
		if err != nil { // parseCall checked the policy: not reached
			return Call{Source: arg, Err: true, Text: "error: " + err.Error() + "\n"}
		}
		c.Outcome, c.Text = o, o.Text
	case ToolSubmit:
		c.Submitted = true
		c.Text = SubmittedMessage
	}
	if c.Outcome != nil && c.Outcome.stopped {
		c.Err = true
	}
	c.Text = Truncate(c.Text, MaxResultChars)
	return c
}
