package coral

import (
	"context"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"kernelcraft/sim"
)

// runModes are the ways Run executes a program: each polls the stop flag
// in its own loop.
var runModes = []struct {
	name string
	opts func(o *Options)
	mach func(m *Machine)
}{
	{"translate", nil, nil}, // auto: translated code where it applies
	{"blocks", func(o *Options) { o.Engine = EngineBlocks }, nil},
	{"per-instruction", nil, func(m *Machine) { m.noBlocks = true }},
	{"reference", func(o *Options) { o.Reference = true }, nil},
	{"trace", func(o *Options) { o.Trace = io.Discard }, nil},
	{"profile", func(o *Options) { o.Profile = &sim.Profile{} }, nil},
}

// TestCancelSpinningKernel cancels a spinning kernel with a huge cycle
// limit through a context, in every run mode, and requires Run to
// return with HaltCancelled soon after (the bound is generous: the
// machine is shared; the simulator polls within about a millisecond).
func TestCancelSpinningKernel(t *testing.T) {
	spinners := []struct {
		name  string
		words []uint32
	}{
		{"j 1b", []uint32{enc(t, "jal", zero, 0)}},
		{"beq self", []uint32{enc(t, "beq", zero, zero, 0)}},
		// scalarLoop with t0 = 0 (2^32 iterations of loads, stores and
		// a mul), then back to the start.
		{"scalar loop", append(asm(t, scalarLoop...), enc(t, "jal", zero, -48))},
		// vectorKernel with t0 = 0: 2^32 iterations of vector loads and
		// a widening multiply-accumulate (vector plans, segments).
		{"vector loop", append(asm(t, vectorKernel...), 0x08000073)},
	}
	for _, k := range spinners {
		for _, mode := range runModes {
			t.Run(k.name+"/"+mode.name, func(t *testing.T) {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				stop, release := sim.StopOnDone(ctx)
				defer release()
				opts := Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62, Stop: stop}}
				if mode.opts != nil {
					mode.opts(&opts)
				}
				m := newMachine(t, opts, k.words)
				if mode.mach != nil {
					mode.mach(m)
				}
				done := make(chan sim.Halt, 1)
				go func() { done <- m.Run() }()
				time.Sleep(50 * time.Millisecond)
				t0 := time.Now()
				cancel()
				var h sim.Halt
				select {
				case h = <-done:
				case <-time.After(10 * time.Second):
					t.Fatal("Run did not return within 10 s of the cancel")
				}
				if d := time.Since(t0); d > 2*time.Second {
					t.Errorf("Run returned %v after the cancel, want well under 1 s", d)
				}
				if h.Kind != sim.HaltCancelled || h.OK() || h.ExitStatus() != sim.ExitInterrupted || h.KindName() != "cancelled" {
					t.Errorf("halt %v (%s), status %d, want cancelled, 130", h.KindName(), h, h.ExitStatus())
				}
				if st := m.Stats(); st.Cycles == 0 || st.Instructions == 0 {
					t.Errorf("cycles %d, instructions %d: the run made no progress before the cancel", st.Cycles, st.Instructions)
				}
				if h2 := m.Run(); h2.Kind != sim.HaltCancelled {
					t.Errorf("a second Run gives %v", h2.KindName())
				}
			})
		}
	}
}

// TestStopFlagKeepsResults runs programs with a stop flag that is never
// set and without one: the flag makes the block engine stop its state
// mode every pollCycles cycles, which must change nothing, including
// where an exact cycle limit stops the run.
func TestStopFlagKeepsResults(t *testing.T) {
	loop := append(asm(t, scalarLoop...), 0x08000073)
	for _, tc := range []struct {
		name  string
		iters uint32
		limit int64
	}{
		{"to mpause", 400_000, 0},
		{"cycle limit inside a chunk", 400_000, 3*pollCycles + 12345},
		{"cycle limit at a chunk", 400_000, 2 * pollCycles},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var results [2]struct {
				h  sim.Halt
				st sim.Stats
				x  [32]uint32
			}
			for i, stop := range []*atomic.Bool{nil, new(atomic.Bool)} {
				m := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: tc.limit, Stop: stop}}, loop)
				m.SetX(t0, tc.iters)
				results[i].h = m.Run()
				results[i].st = *m.Stats()
				results[i].x = m.x
			}
			a, b := results[0], results[1]
			if a.h.Kind != b.h.Kind || a.h.PC != b.h.PC || a.st.Cycles != b.st.Cycles || a.st.Instructions != b.st.Instructions || a.x != b.x {
				t.Errorf("without a stop flag: %s, %d cycles, %d instructions; with one: %s, %d cycles, %d instructions",
					a.h, a.st.Cycles, a.st.Instructions, b.h, b.st.Cycles, b.st.Instructions)
			}
			for i := range a.st.StallCycles {
				if a.st.StallCycles[i] != b.st.StallCycles[i] {
					t.Errorf("stall %s: %d without a stop flag, %d with one", a.st.StallNames[i], a.st.StallCycles[i], b.st.StallCycles[i])
				}
			}
			if tc.limit == 0 && a.h.Kind != sim.HaltPause || tc.limit > 0 && a.h.Kind != sim.HaltCycleLimit {
				t.Errorf("halt %s", a.h)
			}
			if a.st.Cycles < 2*pollCycles {
				t.Errorf("%d cycles: the run does not cross a poll", a.st.Cycles)
			}
		})
	}
}
