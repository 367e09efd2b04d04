package agent

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// workerEnv, set to 1, makes the test binary serve one worker request
// (TestMain): the tests' Isolation runs the test binary itself.
const workerEnv = "KC_AGENT_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testIsolation runs tool calls in the test binary, with the test hooks
// enabled.
func testIsolation(t testing.TB, memory int64) *Isolation {
	t.Helper()
	return &Isolation{Command: []string{os.Args[0]}, Env: append(os.Environ(), workerEnv+"=1", TestHooksEnv+"=1"), Memory: memory}
}

// spinKernel runs until the cycle limit (10^8 cycles) and takes well over
// the tests' deadlines doing it: reading a CSR keeps every iteration on
// coral's per-instruction path (about 2 s to the limit), where a bare
// `j 1b` is translated code that reaches the limit in a tenth of that.
const spinKernel = "    .text\n    .globl _start\n_start:\n1:  csrr t0, mcycle\n    j 1b\n"

// TestIsolatedCallsMatch: a tool call in a worker process gives the
// result the same call gives in process, and so does the judgement.
func TestIsolatedCallsMatch(t *testing.T) {
	e := reluEnv(t)
	iso := testIsolation(t, 0)
	ctx := context.Background()
	for _, tc := range []struct{ tool, args string }{
		{ToolAssemble, srcArgs(reluOK)},
		{ToolAssemble, srcArgs(reluBadAsm)},
		{ToolRun, srcArgs(reluOK)},
		{ToolRun, srcArgs(reluWrong)},
		{ToolProfile, srcArgs(reluOK)},
		{ToolRun, `{"source": 5}`},
		{ToolTaskInfo, `{}`},
		{ToolSubmit, srcArgs(reluOK)},
	} {
		want := e.Call(ctx, tc.tool, tc.args)
		got := iso.Call(ctx, e, tc.tool, tc.args)
		if got.Text != want.Text || got.Err != want.Err || got.Submitted != want.Submitted || got.Source != want.Source ||
			(got.Outcome == nil) != (want.Outcome == nil) || got.Outcome != nil && (got.Outcome.Pass() != want.Outcome.Pass() || got.Outcome.Cycles() != want.Outcome.Cycles()) {
			t.Errorf("%s %.40s: in a worker %+v, in process %+v", tc.tool, tc.args, got, want)
		}
	}
	want, err := e.JudgeKernel(ctx, reluOK, 77)
	if err != nil {
		t.Fatal(err)
	}
	got, err := iso.Judge(ctx, e, reluOK, 77)
	if err != nil || *got != *want || !got.Pass {
		t.Errorf("judgement in a worker %+v (%v), in process %+v", got, err, want)
	}
}

// TestIsolationBoundary: a tool call that overflows the stack, allocates
// without bound, hangs outside the simulator or spins the simulator ends
// with an error result naming why, within its deadline plus a grace
// second, and the calls after it work.
func TestIsolationBoundary(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes that crash")
	}
	e := reluEnv(t)
	iso := testIsolation(t, 512<<20)
	for _, tc := range []struct {
		name, tool, src string
		timeout         time.Duration
		cancelAfter     time.Duration // 0: not cancelled
		want            string
	}{
		{"stack overflow", ToolAssemble, reluOK + HookStackOverflow + "\n", 30 * time.Second, 0, "stack overflow"},
		{"out of memory", ToolRun, reluOK + HookOutOfMemory + "\n", 30 * time.Second, 0, "out of memory"},
		{"hang past the deadline", ToolAssemble, reluOK + HookHang + "\n", 300 * time.Millisecond, 0, "ran past its deadline"},
		{"hang interrupted", ToolProfile, reluOK + HookHang + "\n", 30 * time.Second, 200 * time.Millisecond, "interrupted"},
		// The worker stops the simulation at the deadline and says so;
		// if it cannot start in time (a loaded machine, -race), it is
		// killed a second later.
		{"spinning kernel", ToolRun, spinKernel, 300 * time.Millisecond, 0, "ran past its deadline"},
		{"spinning kernel profiled", ToolProfile, spinKernel, 300 * time.Millisecond, 0, "ran past its deadline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if raceEnabled && strings.Contains(tc.src, HookOutOfMemory) {
				t.Skip("with -race a worker's address space is not limited")
			}
			ctx, cancel := context.WithTimeout(context.Background(), tc.timeout)
			defer cancel()
			if tc.cancelAfter > 0 {
				time.AfterFunc(tc.cancelAfter, cancel)
			}
			start := time.Now()
			c := iso.Call(ctx, e, tc.tool, srcArgs(tc.src))
			el := time.Since(start)
			if !c.Err || !strings.Contains(c.Text, tc.want) || c.Outcome != nil && c.Outcome.Pass() {
				t.Errorf("result (err %v):\n%s\nwant an error with %q", c.Err, c.Text, tc.want)
			}
			bound := tc.timeout
			if tc.cancelAfter > 0 {
				bound = tc.cancelAfter
			}
			if limit := bound + workerGrace + 2*time.Second; el > limit {
				t.Errorf("the call took %v, over %v", el, limit)
			}
			t.Logf("%v: %s", el.Round(time.Millisecond), strings.TrimSpace(c.Text))
			if after := iso.Call(context.Background(), e, ToolRun, srcArgs(reluOK)); after.Err || !after.Outcome.Pass() {
				t.Errorf("the next call: %s", after.Text)
			}
		})
	}
	// A judgement whose worker crashes is an error, not a verdict.
	j, err := iso.Judge(context.Background(), e, reluOK+HookStackOverflow+"\n", 1)
	if j != nil || err == nil || !strings.Contains(err.Error(), "stack overflow") {
		t.Errorf("judgement of a crashing worker: %+v, %v", j, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	j, err = iso.Judge(ctx, e, spinKernel, 1)
	if j != nil || err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("judgement of a spinning kernel: %+v, %v", j, err)
	}
}

// TestAttemptSurvivesCrashes: in one attempt, tool calls that crash
// their worker get error results and the attempt goes on to a judged,
// passing submit; a submitted kernel that crashes the judgement is a
// failure with the reason.
func TestAttemptSurvivesCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes that crash")
	}
	e := reluEnv(t)
	crash := reluOK + HookStackOverflow + "\n"
	p := &Scripted{Steps: []Step{
		turnOf(ToolCall{Name: ToolAssemble, Arguments: srcArgs(crash)}, runCall(spinKernel), runCall(reluOK)),
		CallStep(ToolSubmit, map[string]string{"source": reluOK}, u),
	}}
	opt := Options{Isolation: testIsolation(t, 512<<20), ToolTimeout: 500 * time.Millisecond}
	rec := Attempt(context.Background(), p, e, opt)
	if !rec.Success || rec.StopReason != StopSubmitted || rec.FirstCorrect == 0 {
		t.Errorf("record %+v", rec)
	}
	p = &Scripted{Steps: []Step{CallStep(ToolSubmit, map[string]string{"source": crash}, u)}}
	rec = Attempt(context.Background(), p, reluEnv(t), opt)
	if rec.Success || rec.StopReason != StopSubmitted || !strings.Contains(rec.Error, "stack overflow") {
		t.Errorf("record %+v", rec)
	}
}

// TestAttemptInterruptedWhileJudging: a Ctrl-C during the judgement makes
// the attempt interrupted (not recorded), whatever was judged.
func TestAttemptInterruptedWhileJudging(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := &Scripted{Steps: []Step{func([]Message) (Turn, error) {
		time.AfterFunc(300*time.Millisecond, cancel)
		return Turn{ToolCalls: []ToolCall{{Name: ToolSubmit, Arguments: srcArgs(spinKernel)}}}, nil
	}}}
	start := time.Now()
	rec := Attempt(ctx, p, reluEnv(t), Options{})
	if rec.StopReason != StopInterrupted || rec.Success {
		t.Errorf("record %+v", rec)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("the interrupted judgement took %v", el)
	}
}

// BenchmarkToolCall is the cost of the worker process: the same run
// call in process and in a worker.
func BenchmarkToolCall(b *testing.B) {
	e, err := NewEnv("coral", "relu", 1, 1)
	if err != nil {
		b.Fatal(err)
	}
	iso := testIsolation(b, 0)
	ctx := context.Background()
	args := srcArgs(reluOK)
	b.Run("in-process", func(b *testing.B) {
		for range b.N {
			e.runs = nil // no memo
			if c := e.Call(ctx, ToolRun, args); !c.Outcome.Pass() {
				b.Fatal(c.Text)
			}
		}
	})
	b.Run("worker", func(b *testing.B) {
		for range b.N {
			if c := iso.Call(ctx, e, ToolRun, args); !c.Outcome.Pass() {
				b.Fatal(c.Text)
			}
		}
	})
}

// TestTrustedProviderInProcess: the baseline provider's calls (the
// repository's own kernels) run in this process even with an Isolation
// set, here one whose worker cannot start; a scripted model's run there.
func TestTrustedProviderInProcess(t *testing.T) {
	broken := &Isolation{Command: []string{"/nonexistent/kc-agent-worker"}}
	p, err := NewProvider("baseline", "coral", "relu", 1, ProviderConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if rec := Attempt(context.Background(), p, reluEnv(t), Options{Isolation: broken}); !rec.Success {
		t.Errorf("baseline provider: %+v", rec)
	}
	s := &Scripted{Steps: []Step{CallStep(ToolSubmit, map[string]string{"source": reluOK}, u)}}
	rec := Attempt(context.Background(), s, reluEnv(t), Options{Isolation: broken})
	if rec.Success || !strings.Contains(rec.Error, "the worker process could not be started") {
		t.Errorf("scripted provider: %+v", rec)
	}
}
