package plena

import (
	"sync/atomic"
	"testing"
	"time"

	"kernelcraft/sim"
)

// TestCancelStopsRun: a program that would run for a long time (64
// hardware loops of 4 M iterations each, about 500 M instructions) ends with HaltCancelled soon after its
// stop flag is set, with either run loop; a flag that is never set
// changes nothing.
func TestCancelStopsRun(t *testing.T) {
	hw := loadHW(t, "plena")
	src := ".rept 64\nC_LOOP_START gp1, 4194303\nS_ADDI_INT gp3, gp3, 1\nC_LOOP_END gp1\n.endr\n"
	for _, ref := range []bool{false, true} {
		var stop atomic.Bool
		m := newMachine(t, hw, src, Options{CoreOptions: sim.CoreOptions{Stop: &stop, Reference: ref, MaxCycles: 1 << 60}})
		done := make(chan sim.Halt, 1)
		go func() { done <- m.Run() }()
		time.Sleep(50 * time.Millisecond)
		stop.Store(true)
		asked := time.Now()
		select {
		case h := <-done:
			if h.Kind != sim.HaltCancelled || h.OK() {
				t.Errorf("reference=%v: halt %v, want cancelled (not a success)", ref, h)
			}
			t.Logf("reference=%v: stopped %v after the flag", ref, time.Since(asked))
		case <-time.After(2 * time.Second):
			t.Fatalf("reference=%v: still running 2 s after the stop flag", ref)
		}
	}
	var never atomic.Bool
	a := newMachine(t, hw, "S_ADDI_INT gp3, gp3, 5\nS_ADDI_INT gp4, gp3, 1\n", Options{CoreOptions: sim.CoreOptions{Stop: &never}})
	b := newMachine(t, hw, "S_ADDI_INT gp3, gp3, 5\nS_ADDI_INT gp4, gp3, 1\n", Options{})
	ha, hb := a.Run(), b.Run()
	if ha.Kind != hb.Kind || a.Stats().Cycles != b.Stats().Cycles {
		t.Errorf("an unset stop flag changed the run: %v %d cycles vs %v %d", ha, a.Stats().Cycles, hb, b.Stats().Cycles)
	}
}
