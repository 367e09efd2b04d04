package bench

import (
	"regexp"
	"sort"
	"testing"
	"time"

	"kernelcraft/agent"
)

// simulateETA runs cells of the given durations on slots against a fake
// clock, each slot taking the next cell when its cell ends, and returns
// at each finish the progress line's ETA, the time really left and the
// former estimate (elapsed / finished × left).
func simulateETA(t *testing.T, slots int, durations []time.Duration) (etas, truths, former []time.Duration) {
	t.Helper()
	type event struct{ at time.Time }
	start := time.Unix(1_000_000, 0)
	clock := start
	p := &progress{s: &Summary{}, start: start, total: len(durations), todo: len(durations), now: func() time.Time { return clock }}
	var running []event
	next := 0
	startCell := func() {
		p.begin()
		running = append(running, event{clock.Add(durations[next])})
		next++
	}
	for next < min(slots, len(durations)) {
		startCell()
	}
	etaRE := regexp.MustCompile(`ETA (\S+)`)
	var finishes []time.Time
	for len(running) > 0 {
		sort.Slice(running, func(i, j int) bool { return running[i].at.Before(running[j].at) })
		clock = running[0].at
		running = running[1:]
		p.finish(Cell{}, &agent.Record{Success: true}, nil)
		m := etaRE.FindStringSubmatch(p.line())
		eta, err := time.ParseDuration(m[1])
		if err != nil {
			t.Fatalf("line %q: %v", p.line(), err)
		}
		finishes, etas = append(finishes, clock), append(etas, eta)
		former = append(former, clock.Sub(start)/time.Duration(p.finished)*time.Duration(p.todo-p.finished))
		if next < len(durations) {
			startCell()
		}
	}
	for _, at := range finishes {
		truths = append(truths, finishes[len(finishes)-1].Sub(at))
	}
	return etas, truths, former
}

// TestETAWithParallelCells: the ETA of a run of cells in parallel, read
// from the progress line at every finish against a fake clock.
func TestETAWithParallelCells(t *testing.T) {
	// The run: 285 cells of about 2 s on 8 slots (1 min 15 s),
	// started together. The first finish said 9 min (elapsed / finished ×
	// left: the 7 cells about to finish counted as not started).
	var even []time.Duration
	for i := range 285 {
		even = append(even, 2*time.Second+time.Duration(i%7)*50*time.Millisecond)
	}
	etas, truths, former := simulateETA(t, 8, even)
	t.Logf("even: first ETA %s, %s left (former estimate %s)", etas[0], truths[0], former[0].Round(time.Second))
	for i := range etas {
		if truths[i] < 10*time.Second {
			break
		}
		if r := float64(etas[i]) / float64(truths[i]); r < 0.75 || r > 1.5 {
			t.Errorf("even, finish %d: ETA %s, %s really left (ratio %.2f)", i+1, etas[i], truths[i], r)
		}
	}
	// Cells of 2 to 14 s mixed: the first to finish are the short ones,
	// so the first few estimates are short; from the first slots' worth of
	// finishes on, within a factor of 2 until the last cells' spread.
	var mixed []time.Duration
	for i := range 96 {
		mixed = append(mixed, time.Duration(2+i%5*3)*time.Second)
	}
	etas, truths, _ = simulateETA(t, 8, mixed)
	for i := 8; i < len(etas); i++ {
		if truths[i] < 20*time.Second {
			break
		}
		if r := float64(etas[i]) / float64(truths[i]); r < 0.5 || r > 2 {
			t.Errorf("mixed, finish %d: ETA %s, %s really left (ratio %.2f)", i+1, etas[i], truths[i], r)
		}
	}
	if last := etas[len(etas)-1]; last != 0 {
		t.Errorf("ETA at the end: %s, want 0s", last)
	}
}

// TestEstimateETA: the estimator's cases.
func TestEstimateETA(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name string
		in   etaInput
		want time.Duration
		ok   bool
	}{
		{"nothing finished", etaInput{left: 10, slots: 4, ages: []time.Duration{s, s, s, s}}, 0, false},
		{"all done", etaInput{left: 0, finished: 5, spent: 5 * s}, 0, true},
		// d = 2 s; running cells 1 s in: 1 s left each; 4 waiting on 4 slots: (4×2 + 4×1) / 4.
		{"parallel", etaInput{left: 8, slots: 4, finished: 4, spent: 8 * s, ages: []time.Duration{s, s, s, s}}, 3 * s, true},
		// One cell left, younger than d: what it has left, not shared.
		{"last cell", etaInput{left: 1, slots: 4, finished: 7, spent: 70 * s, ages: []time.Duration{4 * s}}, 6 * s, true},
		// A running cell older than d is taken to end now.
		{"overdue", etaInput{left: 1, slots: 2, finished: 3, spent: 3 * s, ages: []time.Duration{5 * s}}, 0, true},
		// Serial: d × left.
		{"one slot", etaInput{left: 5, slots: 1, finished: 2, spent: 6 * s}, 15 * s, true},
	} {
		got, ok := estimateETA(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: %s %v, want %s %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
