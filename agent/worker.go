package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Limits of the tool calls that assemble or simulate a kernel.
const (
	// DefaultToolTimeout is the deadline of one tool call (assemble, run,
	// profile); the final judgement, up to three simulations, gets
	// JudgeTimeoutFactor times as long.
	DefaultToolTimeout = 60 * time.Second
	// JudgeTimeoutFactor scales the tool timeout for the final judgement.
	JudgeTimeoutFactor = 3
	// DefaultWorkerMemory bounds how much a worker process's address
	// space may grow (RLIMIT_AS beyond what the Go runtime reserves at
	// start; the Go heap is held below three quarters of it).
	DefaultWorkerMemory = 1 << 30
	// WorkerMaxStack is the largest goroutine stack of a worker: a
	// runaway recursion ends the worker at this depth (Go's default is
	// 1 GB).
	WorkerMaxStack = 16 << 20
	// workerGrace is how long past the deadline a worker may take to
	// report its stopped simulation before it is killed.
	workerGrace = time.Second
	// maxWorkerReply bounds what is read of a worker's reply, and
	// maxWorkerStderr the head of its stderr kept for a crash message.
	maxWorkerReply  = 4 << 20
	maxWorkerStderr = 4 << 10
	// maxWorkerRequest bounds a request (its source: the assembler takes
	// at most 16 MiB anyway).
	maxWorkerRequest = 64 << 20
)

// Isolation runs the tool calls that assemble or simulate model-written
// source (assemble, run, profile and the final judgement) each in a
// worker process: a Go fatal error there (a stack overflow, running out
// of memory), which no recover can catch, or a call that will not stop
// ends that call with an error result instead of the whole process. The
// worker serves one call (ServeWorker) under the call's deadline, a
// memory limit and a stack limit, and is killed when the deadline has
// passed by workerGrace or the call's context is cancelled.
type Isolation struct {
	// Command is the worker's command line (Command[0] is run with the
	// rest as arguments); it must serve one request with ServeWorker,
	// as kc-agent's hidden tool-worker command does.
	Command []string
	// Env, when not nil, is the worker's environment (nil: this
	// process's).
	Env []string
	// Memory bounds the worker's address space in bytes (0:
	// DefaultWorkerMemory).
	Memory int64
}

// workerRequest is what a worker is asked to do: a tool call (assemble,
// run or profile on the cell's visible case) or the judgement ("judge")
// of a kernel with a hidden seed.
type workerRequest struct {
	Op     string `json:"op"`
	Target string `json:"target"`
	Task   string `json:"task"`
	Config int    `json:"config"`
	Seed   uint64 `json:"seed"`
	Source string `json:"source"`
	// HazardPolicy is run's or profile's hazard policy ("": the cell's own).
	HazardPolicy string `json:"hazard_policy,omitempty"`
	HiddenSeed   uint64 `json:"hidden_seed,omitempty"`
	TimeoutMS    int64  `json:"timeout_ms"` // 0: none
	Memory       int64  `json:"memory"`
}

// workerReply is a worker's answer.
type workerReply struct {
	Text      string  `json:"text,omitempty"`
	Err       bool    `json:"err,omitempty"`
	Assembled bool    `json:"assembled,omitempty"`
	Passed    bool    `json:"passed,omitempty"`
	Cycles    uint64  `json:"cycles,omitempty"`
	Stopped   bool    `json:"stopped,omitempty"`
	Judged    *Judged `json:"judged,omitempty"`
	Error     string  `json:"error,omitempty"` // the judgement's error
}

// Judged is the judgement of an attempt's kernel as the record and the
// trajectory keep it (judge.Judgement without the runs).
type Judged struct {
	Pass           bool    `json:"pass"`
	Cycles         uint64  `json:"cycles"`
	VisibleCycles  uint64  `json:"visible_cycles"`
	BaselineCycles uint64  `json:"baseline_cycles"`
	Speedup        float64 `json:"speedup"`
	DataDependent  bool    `json:"data_dependent,omitempty"`
	Visible        string  `json:"visible"` // the verdicts' text
	Hidden         string  `json:"hidden"`
	Baseline       string  `json:"baseline,omitempty"`
	BaselineErr    string  `json:"baseline_error,omitempty"`
}

// JudgeKernel judges a kernel (Env.Judge) and keeps what a record needs.
func (e *Env) JudgeKernel(ctx context.Context, source string, hiddenSeed uint64) (*Judged, error) {
	j, err := e.Judge(ctx, source, hiddenSeed)
	if err != nil {
		return nil, err
	}
	out := &Judged{Pass: j.Pass(), Cycles: j.Cycles(), VisibleCycles: j.VisibleCycles(), BaselineCycles: j.BaselineCycles(),
		Speedup: j.Speedup(), DataDependent: j.DataDependentCycles(), Visible: j.Visible.Verdict.String(),
		Hidden: j.Hidden.Verdict.String(), Baseline: j.BaselineName}
	if j.BaselineErr != nil {
		out.BaselineErr = j.BaselineErr.Error()
	}
	return out, nil
}

// Call runs a tool call: the ones that assemble or simulate (assemble,
// run, profile) in a worker process, the others (isa_manual, task_info,
// submit, and every malformed call) here.
func (iso *Isolation) Call(ctx context.Context, e *Env, name, arguments string) Call {
	a, bad := parseCall(e.Target, name, arguments)
	if bad != nil {
		return *bad
	}
	switch name {
	case ToolAssemble, ToolRun, ToolProfile:
	default:
		return e.call(ctx, name, a)
	}
	_, policy, err := e.policyHW(a.policy) // "" for the cell's own
	if err != nil {
		return Call{Err: true, Source: a.arg, Text: "error: " + err.Error() + "\n"}
	}
	arg := a.arg
	r, err := iso.do(ctx, workerRequest{Op: name, Target: e.Target, Task: e.Task, Config: e.Config, Seed: e.Seed, Source: arg, HazardPolicy: policy})
	c := Call{Source: arg}
	if err != nil {
		c.Err, c.Text = true, fmt.Sprintf("error: the %s call did not finish: %v\n", name, err)
		return c
	}
	c.Text, c.Err = Truncate(r.Text, MaxResultChars), r.Err
	if name != ToolAssemble {
		c.Outcome = &Outcome{Assembled: r.Assembled, Passed: r.Passed && !r.Stopped, RunCycles: r.Cycles, Text: c.Text, Policy: policy, stopped: r.Stopped}
	}
	return c
}

// Judge judges a kernel (Env.JudgeKernel) in a worker process.
func (iso *Isolation) Judge(ctx context.Context, e *Env, source string, hiddenSeed uint64) (*Judged, error) {
	r, err := iso.do(ctx, workerRequest{Op: "judge", Target: e.Target, Task: e.Task, Config: e.Config, Seed: e.Seed,
		Source: source, HiddenSeed: hiddenSeed})
	switch {
	case err != nil:
		return nil, err
	case r.Error != "":
		return nil, errors.New(r.Error)
	case r.Judged == nil:
		return nil, errors.New("the worker returned no judgement")
	}
	return r.Judged, nil
}

// do runs one request in a worker process and returns its reply, or why
// there is none (the deadline, an interrupt, a crash).
func (iso *Isolation) do(ctx context.Context, req workerRequest) (*workerReply, error) {
	if len(iso.Command) == 0 {
		return nil, errors.New("no worker command to run the call in")
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("not started: %w", context.Cause(ctx))
	}
	req.Memory = iso.Memory
	if req.Memory <= 0 {
		req.Memory = DefaultWorkerMemory
	}
	deadline, hasDeadline := ctx.Deadline()
	if hasDeadline {
		req.TimeoutMS = max(1, time.Until(deadline).Milliseconds())
	}
	in, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	if len(in) > maxWorkerRequest {
		return nil, fmt.Errorf("not started: the source is %d bytes, over the %d MiB a tool call takes", len(req.Source), maxWorkerRequest>>20)
	}
	cmd := exec.Command(iso.Command[0], iso.Command[1:]...)
	cmd.Env = iso.Env
	cmd.Stdin = bytes.NewReader(in)
	out := &cappedBuffer{max: maxWorkerReply}
	errHead := &cappedBuffer{max: maxWorkerStderr} // a fatal error's message comes first
	cmd.Stdout, cmd.Stderr = out, errHead
	cmd.WaitDelay = workerGrace
	setWorkerAttrs(cmd)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("the worker process could not be started: %v", err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var werr error
	killed := ""
	select {
	case werr = <-waited:
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// The worker stops its simulation at the same deadline: give
			// it a moment to say so.
			select {
			case werr = <-waited:
			case <-time.After(workerGrace):
				killed = fmt.Sprintf("it ran past its deadline (%v) and was killed", time.Since(start).Round(time.Millisecond))
			}
		} else {
			killed = "interrupted"
		}
		if killed != "" {
			cmd.Process.Kill()
			<-waited
		}
	}
	if killed != "" {
		return nil, errors.New(killed)
	}
	if werr != nil || out.over {
		return nil, workerFailure(werr, out.over, errHead.String())
	}
	var r workerReply
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		return nil, fmt.Errorf("the worker's reply is not valid (%v)%s", err, stderrNote(errHead.String()))
	}
	return &r, nil
}

// workerFailure says why a worker ended without a reply.
func workerFailure(werr error, over bool, stderr string) error {
	switch {
	case over:
		return fmt.Errorf("the worker's reply exceeded %d bytes", maxWorkerReply)
	case strings.Contains(stderr, "stack overflow") || strings.Contains(stderr, "stack exceeds"):
		return fmt.Errorf("the worker process crashed: stack overflow (a goroutine stack exceeded %d MiB)", WorkerMaxStack>>20)
	case strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory"):
		return errors.New("the worker process crashed: out of memory (its address space is limited)")
	}
	return fmt.Errorf("the worker process failed (%v)%s", werr, stderrNote(stderr))
}

func stderrNote(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") {
			return ": " + l
		}
	}
	if l := lines[len(lines)-1]; l != "" {
		return ": " + l
	}
	return ""
}

// cappedBuffer keeps the first max bytes written to it and notes more.
type cappedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); len(p) > room {
		b.over = true
		b.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

// TestHooksEnv, set to 1 in a worker's environment, lets a kernel source
// that holds a test-hook marker (see ServeWorker) crash or hang the
// worker on purpose, so that tests can show that the boundary holds. It
// has no effect otherwise.
const TestHooksEnv = "KC_AGENT_TEST_HOOKS"

// ServeWorker serves one worker request: it reads the request from in,
// applies its memory and stack limits to this process, runs the call
// under the request's deadline and writes the reply to out. It is the
// body of kc-agent's hidden tool-worker command; an error is for the
// request itself (unreadable, a cell that does not exist).
func ServeWorker(in io.Reader, out io.Writer) error {
	data, err := io.ReadAll(io.LimitReader(in, maxWorkerRequest+1))
	if err != nil {
		return err
	}
	if len(data) > maxWorkerRequest {
		return fmt.Errorf("tool worker: the request is over %d MiB", maxWorkerRequest>>20)
	}
	var req workerRequest
	if err := json.Unmarshal(data, &req); err != nil {
		return fmt.Errorf("tool worker: bad request: %v", err)
	}
	if err := LimitWorker(req.Memory); err != nil {
		return fmt.Errorf("tool worker: %v", err)
	}
	ctx := context.Background()
	if req.TimeoutMS > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(req.TimeoutMS)*time.Millisecond)
		defer cancel()
	}
	if os.Getenv(TestHooksEnv) == "1" {
		testHook(req.Source)
	}
	env, err := NewEnv(req.Target, req.Task, req.Config, req.Seed)
	if err != nil {
		return fmt.Errorf("tool worker: %v", err)
	}
	var r workerReply
	switch req.Op {
	case ToolAssemble, ToolRun, ToolProfile:
		c := env.call(ctx, req.Op, callArgs{arg: req.Source, policy: req.HazardPolicy})
		r.Text, r.Err = c.Text, c.Err
		if o := c.Outcome; o != nil {
			r.Assembled, r.Passed, r.Cycles, r.Stopped = o.Assembled, o.Passed, o.RunCycles, o.stopped
		}
	case "judge":
		j, err := env.JudgeKernel(ctx, req.Source, req.HiddenSeed)
		if err != nil {
			r.Error = err.Error()
		}
		r.Judged = j
	default:
		return fmt.Errorf("tool worker: unknown op %q", req.Op)
	}
	return json.NewEncoder(out).Encode(&r)
}

// Test hook markers (with TestHooksEnv set): the worker recurses without
// bound, allocates without bound, or spins without polling anything.
const (
	HookStackOverflow = "#kc-test-hook: stack-overflow"
	HookOutOfMemory   = "#kc-test-hook: out-of-memory"
	HookHang          = "#kc-test-hook: hang"
)

// hookHeld and hookSpins keep the test hooks' work observable, so the
// compiler cannot drop it.
var (
	hookHeld  [][]byte
	hookSpins uint64
)

func testHook(source string) {
	switch {
	case strings.Contains(source, HookStackOverflow):
		recurse(1)
	case strings.Contains(source, HookOutOfMemory):
		// One write per page commits it; filling every byte took over a
		// second on a loaded machine, past the hostile tests' 1 s tool
		// deadline, so the call ended as a timeout instead.
		for {
			b := make([]byte, 64<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = byte(i >> 12)
			}
			hookHeld = append(hookHeld, b)
		}
	case strings.Contains(source, HookHang):
		for hookSpins = 1; hookSpins != 0; hookSpins++ {
		}
	}
}

// recurse recurses until the stack limit ends the process (n never
// reaches 0 again before that).
//
//go:noinline
func recurse(n int) int {
	if n == 0 {
		return 0
	}
	var pad [256]byte
	pad[n%256] = byte(n)
	return recurse(n+1) + int(pad[(n+1)%256])
}
