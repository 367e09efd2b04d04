package bench

import "time"

// etaInput is what the progress line knows when it estimates the time
// left: cells still to finish, the slots cells run in, the run time of
// the cells finished so far, and how long each running cell has run.
type etaInput struct {
	left     int             // cells of this run not finished (running or waiting)
	slots    int             // cells run at once (the most seen running)
	finished int             // cells finished so far
	spent    time.Duration   // their run times, summed
	ages     []time.Duration // how long each running cell has run
}

// estimateETA is the time left, or false with no cell finished yet. A
// cell is taken to run as long as the mean of the finished ones (d); a
// running cell has d minus its age left (at least nothing); the cells
// still waiting share the slots: (waiting × d + left of the running) /
// slots, and never less than the running cell furthest from its end.
//
// The former estimate, elapsed / finished × left, counted the cells
// running in parallel as not started: the first cell to finish, with
// seven more about to, said 6-10 min for a run of 1 min 15 s. This one
// is still short early on when the first cells to finish are the short
// ones (nothing says yet how long the others take); it is right within a
// few finishes.
func estimateETA(in etaInput) (time.Duration, bool) {
	if in.left <= 0 {
		return 0, true
	}
	if in.finished <= 0 {
		return 0, false
	}
	d := in.spent / time.Duration(in.finished)
	slots := max(in.slots, len(in.ages), 1)
	var runningLeft, longest time.Duration
	for _, age := range in.ages {
		r := max(d-age, 0)
		runningLeft += r
		longest = max(longest, r)
	}
	waiting := max(in.left-len(in.ages), 0)
	eta := (time.Duration(waiting)*d + runningLeft) / time.Duration(slots)
	return max(eta, longest), true
}
