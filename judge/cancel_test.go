package judge

import (
	"context"
	"errors"
	"testing"
	"time"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// spinKernel runs to the cycle limit (10^8 cycles), about 2 s: reading a
// CSR keeps every iteration on coral's per-instruction path, where a bare
// `j 1b` is translated code that reaches the limit in 0.1 s, before the
// tests' deadlines.
const spinKernel = "    .text\n    .globl _start\n_start:\n1:  csrr t0, mcycle\n    j 1b\n"

// TestRunCaseStops: a spinning kernel with a huge cycle limit, run under
// a context that is cancelled or reaches its deadline, ends with a
// StoppedError naming the cause (no verdict) soon after.
func TestRunCaseStops(t *testing.T) {
	c, tensors, err := ref.Generate("coral", "relu", 1, ref.DefaultSeed, false)
	if err != nil {
		t.Fatal(err)
	}
	elf, err := Assemble(c, "spin.s", []byte(spinKernel))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{"cancel", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			return ctx, cancel
		}, context.Canceled},
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 100*time.Millisecond)
		}, context.DeadlineExceeded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := tc.ctx()
			defer cancel()
			start := time.Now()
			r, err := RunCase(ctx, c, tensors, elf, sim.CoreOptions{MaxCycles: 1 << 50})
			el := time.Since(start)
			var stopped *StoppedError
			if r != nil || !errors.As(err, &stopped) || !errors.Is(err, tc.want) || !stopped.Ran || stopped.Cycles == 0 {
				t.Fatalf("run %v, error %v; want a StoppedError for %v after some cycles", r, err, tc.want)
			}
			if el > 2*time.Second {
				t.Errorf("RunCase returned %v after the start, the context ended after 100ms", el)
			}
			t.Logf("%s after %v", err, el.Round(time.Millisecond))
		})
	}
	// A context already done: nothing runs.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := RunCase(ctx, c, tensors, elf, sim.CoreOptions{}); r != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("done context: run %v, error %v", r, err)
	}
}

// TestJudgeStoppedIsNoPass: a judgement whose simulations are stopped is
// an error, never a passing verdict, whether the kernel or the baseline
// was running.
func TestJudgeStoppedIsNoPass(t *testing.T) {
	seeds := Seeds{Visible: ref.DefaultSeed, Hidden: FreshSeed()}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	j, err := Judge(ctx, "coral", "relu", 1, seeds, "", "spin.s", []byte(spinKernel))
	if j != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("judgement %v, error %v; want no judgement and the deadline", j, err)
	}
	t.Log(err)
}
