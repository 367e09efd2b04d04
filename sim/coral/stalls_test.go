package coral_test

import (
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
	"kernelcraft/sim/coral/progen"
)

// TestDispatchStallsWithinCycles: what --stats and the manual say of the
// stall counts. The dispatch stalls delay the in-order front end one
// after another, so they add up to at most the cycles; the after-dispatch
// (vector backend) stalls overlap, so the total can exceed the cycles,
// and on these random vector programs it does.
func TestDispatchStallsWithinCycles(t *testing.T) {
	hw := diffHW(t, false)
	isa := isadefs.MustLoadISA("coral")
	over := 0
	const programs = 30
	for seed := uint64(1); seed <= programs; seed++ {
		p := progen.Generate(isa, progen.Options{Seed: seed, Insts: 150, Vector: true, Float: true})
		prog := assembleFor(t, hw, p.Source+simEpilogue+progen.Data(seed))
		img, err := sim.LoadELF(prog.ELF(), 0)
		if err != nil {
			t.Fatal(err)
		}
		m, err := coral.New(hw, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: 10_000_000}})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Load(img); err != nil {
			t.Fatal(err)
		}
		if h := m.Run(); h.Kind != sim.HaltPause {
			t.Fatalf("seed %d: %s", seed, h)
		}
		st := m.Stats()
		var front, all uint64
		for i, c := range st.StallCycles {
			all += c
			if !st.StallAfterDispatch[i] {
				front += c
			}
		}
		if front > st.Cycles {
			t.Errorf("seed %d: dispatch stalls %d > %d cycles (%v %v)", seed, front, st.Cycles, st.StallNames, st.StallCycles)
		}
		if all > st.Cycles {
			over++
		}
	}
	t.Logf("%d programs: dispatch stalls within the cycles in all; all stalls above the cycles in %d", programs, over)
	if over == 0 {
		t.Errorf("no program's stalls add up to more than its cycles: the overlap the output explains does not happen")
	}
}
