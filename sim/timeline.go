package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Timeline records, for a window of a run, one row per dynamic instruction
// with its dispatch, issue and completion cycles and the reason for every
// wait, in the spirit of llvm-mca's timeline view (CoreOptions.Timeline).
// A core fills it from the same timing decisions that count the run's
// cycles: a timeline never changes a run's cycle count.
//
// The window is a cycle range, a PC range, or by default the hottest
// innermost loop's first iterations after the one that revealed the loop
// (the loop is found by its back edge, a taken backward branch or jump).
// A Timeline records one run: use a fresh one for each.
type Timeline struct {
	// Window selects the rows (the zero value: the hottest loop).
	Window TimelineWindow
	// MaxRows bounds the rows kept (0: DefaultTimelineRows).
	MaxRows int
	// Iterations is how many loop iterations the default window keeps
	// (0: DefaultTimelineIterations).
	Iterations int

	rows      []TimelineRow
	truncated bool
	loops     []*tlLoop
	loopAt    map[[2]uint64]*tlLoop
	active    []*tlLoop
	cycles    map[uint64]uint64 // dispatch-charged cycles by PC
	prevD     int64
	started   bool
	done      bool
	chosen    *tlLoop
	// first holds the run's first MaxRows instructions in the default
	// window: what it shows when the run has no loop.
	first    []TimelineRow
	firstCut bool
}

// TimelineWindow is the part of a run a Timeline records.
type TimelineWindow struct {
	Kind     TimelineKind
	From, To uint64 // cycles or addresses, From ≤ x < To
}

// TimelineKind is the kind of a TimelineWindow.
type TimelineKind int

// The kinds of timeline windows.
const (
	TimelineHotLoop TimelineKind = iota // the hottest innermost loop's first iterations
	TimelineCycles                      // instructions dispatched in [From, To)
	TimelinePCs                         // instructions at addresses in [From, To)
)

// Defaults of Timeline.MaxRows and Timeline.Iterations, the widest cycle
// axis drawn (longer rows are cut with '>'), and how many loops the
// default window follows (memory: at most maxTimelineLoops · MaxRows
// rows).
const (
	DefaultTimelineRows       = 100
	DefaultTimelineIterations = 3
	timelineAxisMax           = 160
	maxTimelineLoops          = 64
)

// WaitKind classifies a wait for the bottleneck summary; targets map their
// stall causes onto these.
type WaitKind int

// The kinds of waits.
const (
	WaitRegister  WaitKind = iota // a register written by an earlier instruction
	WaitUnit                      // a busy functional unit (multiplier, divider, vector unit)
	WaitMemPort                   // the memory port
	WaitQueue                     // a full queue or issue width (vector queue, dispatch width)
	WaitSerialize                 // a serialising instruction, a drain or a sync
	WaitControl                   // a branch mispredict or redirect
)

var waitKindNames = []string{"register dependency", "unit busy", "memory port", "vector queue", "serialising op", "control"}

// String names the kind.
func (k WaitKind) String() string {
	if k < 0 || int(k) >= len(waitKindNames) {
		return fmt.Sprintf("wait%d", int(k))
	}
	return waitKindNames[k]
}

// MarshalText writes the kind's name.
func (k WaitKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *WaitKind) UnmarshalText(b []byte) error {
	for i, n := range waitKindNames {
		if n == string(b) {
			*k = WaitKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown wait kind %q", b)
}

// TimelineWait is one reason an instruction waited.
type TimelineWait struct {
	Cause  string   `json:"cause"` // the target's stall name (Stats.StallNames)
	Kind   WaitKind `json:"kind"`
	Cycles uint64   `json:"cycles"`
	// Backend: the wait came after dispatch (between dispatch and issue);
	// other waits held up the in-order dispatch itself.
	Backend bool `json:"backend,omitempty"`
	// Inherited: the wait only passes on the wait of the instruction
	// ahead (in-order issue behind it); the summary does not count it
	// towards the bottleneck, which would count the same cycles twice.
	Inherited bool   `json:"inherited,omitempty"`
	On        string `json:"on,omitempty"`  // what was waited for: a register, "the memory port", …
	Rel       string `json:"rel,omitempty"` // "written by", "in use by", "after", …
	// Resource, if set, is the summary's name for what the wait counts
	// towards when On is too fine (a bank's number, a scalar unit whose
	// short latencies add up to serial issue); else On or the kind.
	Resource string `json:"resource,omitempty"`
	// From is the address of the instruction responsible, if HasFrom;
	// FromRow its row in the timeline (-1: before the window).
	From    uint64 `json:"from_pc"`
	HasFrom bool   `json:"has_from"`
	FromRow int    `json:"from_row"`
}

// TimelineRow is one dynamic instruction.
type TimelineRow struct {
	PC       uint64         `json:"pc"`
	Text     string         `json:"text"`
	Dispatch int64          `json:"dispatch"`
	Issue    int64          `json:"issue"` // execution start (= Dispatch for in-order scalar ops)
	Done     int64          `json:"done"`  // the cycle its result is ready
	Waits    []TimelineWait `json:"waits,omitempty"`
	// Unit and Slots: the resource it occupied, named as waits name it
	// (TimelineWait.On: "the memory port", "the valu unit"), and for how
	// many slots or beats; Instances: how many slots the resource has a
	// cycle.
	Unit      string `json:"unit,omitempty"`
	Slots     uint64 `json:"slots,omitempty"`
	Instances int    `json:"instances,omitempty"`
	// Uses are further resources it occupied in the same row, counted as
	// Unit is (the other slots of a VLIW bundle).
	Uses []TimelineUse `json:"uses,omitempty"`
}

// TimelineUse is one more resource a row occupied (TimelineRow.Uses).
type TimelineUse struct {
	Unit      string `json:"unit"`
	Slots     uint64 `json:"slots"`
	Instances int    `json:"instances"`
}

// TimelineEvent is what a core reports for each retired instruction.
type TimelineEvent struct {
	TimelineRow
	// Next is the address of the next instruction; BackEdge is set when
	// the instruction is a branch or direct jump, so that Next < PC marks
	// a loop's back edge.
	Next     uint64
	BackEdge bool
}

type tlLoop struct {
	head, tail uint64 // the back edge's target and the branch
	rows       []TimelineRow
	iters      int
	full       bool
	cut        bool // rows were left out: the loop's iterations exceed MaxRows
}

// Record takes one retired instruction, in program order.
func (t *Timeline) Record(e *TimelineEvent) {
	if t.done && t.Window.Kind != TimelineHotLoop {
		return
	}
	maxRows := t.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultTimelineRows
	}
	switch t.Window.Kind {
	case TimelineCycles, TimelinePCs:
		x := e.PC
		if t.Window.Kind == TimelineCycles {
			if e.Dispatch < 0 {
				return
			}
			x = uint64(e.Dispatch)
			if x >= t.Window.To {
				t.done = true
				return
			}
		}
		if x < t.Window.From || x >= t.Window.To {
			return
		}
		if len(t.rows) >= maxRows {
			t.truncated, t.done = true, true
			return
		}
		t.rows = append(t.rows, cloneRow(e.TimelineRow))
		return
	}
	// The hottest loop: charge cycles by PC, find loops by their back
	// edges, record each loop's first iterations after its discovery;
	// keep the run's first rows for a run without a loop.
	if len(t.first) < maxRows {
		t.first = append(t.first, cloneRow(e.TimelineRow))
	} else {
		t.firstCut = true
	}
	if t.cycles == nil {
		t.cycles = map[uint64]uint64{}
		t.loopAt = map[[2]uint64]*tlLoop{}
	}
	if t.started && e.Dispatch > t.prevD {
		t.cycles[e.PC] += uint64(e.Dispatch - t.prevD)
	} else if !t.started && e.Dispatch > 0 {
		t.cycles[e.PC] += uint64(e.Dispatch)
	}
	t.started, t.prevD = true, e.Dispatch
	iters := t.Iterations
	if iters <= 0 {
		iters = DefaultTimelineIterations
	}
	keep := t.active[:0]
	for _, l := range t.active {
		if e.PC >= l.head && e.PC <= l.tail {
			if len(l.rows) < maxRows {
				l.rows = append(l.rows, cloneRow(e.TimelineRow))
			} else {
				l.full, l.cut = true, true
			}
			if e.PC == l.tail {
				l.iters++
				if e.Next != l.head { // the loop exits: its first run is recorded
					l.full = true
				}
			}
		}
		if l.iters >= iters || l.full {
			continue
		}
		keep = append(keep, l)
	}
	t.active = keep
	if e.BackEdge && e.Next < e.PC {
		k := [2]uint64{e.Next, e.PC}
		if _, ok := t.loopAt[k]; !ok && len(t.loops) < maxTimelineLoops {
			l := &tlLoop{head: e.Next, tail: e.PC}
			t.loopAt[k] = l
			t.loops = append(t.loops, l)
			t.active = append(t.active, l)
		}
	}
}

func cloneRow(r TimelineRow) TimelineRow {
	if r.Waits != nil {
		r.Waits = append([]TimelineWait(nil), r.Waits...)
	}
	if r.Uses != nil {
		r.Uses = append([]TimelineUse(nil), r.Uses...)
	}
	return r
}

// cutShort reports whether the window had more instructions than the
// rows kept (MaxRows).
func (t *Timeline) cutShort() bool {
	if t.Window.Kind == TimelineHotLoop {
		t.chooseLoop()
		if t.chosen == nil {
			return t.firstCut
		}
		return t.chosen.cut
	}
	return t.truncated
}

// Rows returns the recorded window (for the default window, the chosen
// loop's rows), each wait's FromRow resolved to the latest earlier row at
// its address.
func (t *Timeline) Rows() []TimelineRow {
	rows := t.rows
	if t.Window.Kind == TimelineHotLoop {
		t.chooseLoop()
		rows = t.first
		if t.chosen != nil {
			rows = t.chosen.rows
		}
	}
	last := map[uint64]int{}
	for i := range rows {
		for j := range rows[i].Waits {
			w := &rows[i].Waits[j]
			w.FromRow = -1
			if w.HasFrom {
				if k, ok := last[w.From]; ok {
					w.FromRow = k
				}
			}
		}
		last[rows[i].PC] = i
	}
	return rows
}

// chooseLoop picks the innermost loop (one that contains no other found
// loop) with the most cycles charged to its addresses.
func (t *Timeline) chooseLoop() {
	if t.chosen != nil {
		return
	}
	var best *tlLoop
	var bestC uint64
	for _, l := range t.loops {
		inner := true
		for _, o := range t.loops {
			if o != l && o.head >= l.head && o.tail <= l.tail {
				inner = false
				break
			}
		}
		if !inner || len(l.rows) == 0 {
			continue
		}
		var c uint64
		for pc, n := range t.cycles {
			if pc >= l.head && pc <= l.tail {
				c += n
			}
		}
		if best == nil || c > bestC {
			best, bestC = l, c
		}
	}
	t.chosen = best
}

// TimelineSummary is a window's bottleneck analysis.
type TimelineSummary struct {
	Instructions int    `json:"instructions"`
	Iterations   int    `json:"iterations,omitempty"` // back edges in the window (default window)
	Start        int64  `json:"start"`                // first dispatch
	End          int64  `json:"end"`                  // last completion
	Cycles       int64  `json:"cycles"`               // End - Start
	WaitCycles   uint64 `json:"wait_cycles"`
	// InheritedCycles are the waits that pass on an earlier
	// instruction's (TimelineWait.Inherited), not in WaitCycles.
	InheritedCycles uint64 `json:"inherited_wait_cycles"`
	// Waits are the wait cycles by resource (a register dependency, "the
	// memory port", "the valu unit", …), most first.
	Waits []TimelineResource `json:"waits"`
	// Unwaited counts, by cause, the hazards the core noted without
	// waiting for them (waits of 0 cycles: on an exposed pipeline, a read
	// that got a register's old value).
	Unwaited []TimelineCount `json:"unwaited,omitempty"`
	// Units are the slots each unit was occupied in the window.
	Units []TimelineUnit `json:"units,omitempty"`
	// Bottleneck names what limited the window's throughput ("" when
	// nothing waited and no unit was busy half the window): the resource
	// with the most wait cycles, or the busiest unit when it was busy
	// longer than that and in at least half the cycles the window
	// dispatched in (a unit that takes an instruction every cycle bounds
	// throughput without anything waiting on it).
	Bottleneck string `json:"bottleneck"`
	Kind       string `json:"bottleneck_kind,omitempty"`
	// Share is the bottleneck's share of the window's wait cycles (a
	// waited-for resource) or, for a busy unit (Kind BusiestUnit), of the
	// cycles from the window's first dispatch to its last.
	Share float64 `json:"bottleneck_share"`
	Text  string  `json:"text"`
}

// TimelineResource is the wait cycles on one resource.
type TimelineResource struct {
	Resource string   `json:"resource"`
	Kind     WaitKind `json:"kind"`
	Cycles   uint64   `json:"cycles"`
}

// TimelineCount is how often something happened in the window.
type TimelineCount struct {
	Cause string `json:"cause"`
	Count int    `json:"count"`
}

// TimelineUnit is a unit's occupancy in the window: Busy is
// Slots / (Instances · the window's cycles).
type TimelineUnit struct {
	Unit      string  `json:"unit"`
	Slots     uint64  `json:"slots"`
	Instances int     `json:"instances"`
	Busy      float64 `json:"busy"`
}

// BusiestUnit is the Kind of a TimelineSummary whose bottleneck is a unit
// that was busy rather than waited for.
const BusiestUnit = "busiest unit"

// resource is the summary's name for what a wait waited on.
func (w TimelineWait) resource() string {
	switch {
	case w.Resource != "":
		return w.Resource
	case w.Kind == WaitRegister:
		return "register dependency"
	case w.On != "":
		return w.On
	}
	return w.Cause
}

// Summarize computes the bottleneck of rows.
func Summarize(rows []TimelineRow, iterations int) TimelineSummary {
	s := TimelineSummary{Instructions: len(rows), Iterations: iterations}
	if len(rows) == 0 {
		s.Text = "no instructions in the window"
		return s
	}
	s.Start, s.End = rows[0].Dispatch, rows[0].Done
	by := map[string]*TimelineResource{}
	units := map[string]*TimelineUnit{}
	unwaited := map[string]int{}
	use := func(name string, slots uint64, inst int) {
		if name == "" {
			return
		}
		if units[name] == nil {
			units[name] = &TimelineUnit{Unit: name, Instances: max(1, inst)}
		}
		units[name].Slots += slots
	}
	for _, r := range rows {
		s.Start = min(s.Start, r.Dispatch)
		s.End = max(s.End, r.Done, r.Dispatch+1)
		for _, w := range r.Waits {
			switch {
			case w.Cycles == 0:
				unwaited[w.Cause]++
				continue
			case w.Inherited:
				s.InheritedCycles += w.Cycles
				continue
			}
			k := w.resource()
			if by[k] == nil {
				by[k] = &TimelineResource{Resource: k, Kind: w.Kind}
			}
			by[k].Cycles += w.Cycles
			s.WaitCycles += w.Cycles
		}
		use(r.Unit, r.Slots, r.Instances)
		for _, u := range r.Uses {
			use(u.Unit, u.Slots, u.Instances)
		}
	}
	s.Cycles = s.End - s.Start
	for _, v := range by {
		s.Waits = append(s.Waits, *v)
	}
	sort.Slice(s.Waits, func(i, j int) bool {
		if s.Waits[i].Cycles != s.Waits[j].Cycles {
			return s.Waits[i].Cycles > s.Waits[j].Cycles
		}
		return s.Waits[i].Resource < s.Waits[j].Resource
	})
	for c, n := range unwaited {
		s.Unwaited = append(s.Unwaited, TimelineCount{c, n})
	}
	sort.Slice(s.Unwaited, func(i, j int) bool { return s.Unwaited[i].Cause < s.Unwaited[j].Cause })
	for _, u := range units {
		if s.Cycles > 0 {
			u.Busy = float64(u.Slots) / float64(u.Instances) / float64(s.Cycles)
		}
		s.Units = append(s.Units, *u)
	}
	sort.Slice(s.Units, func(i, j int) bool {
		if s.Units[i].Slots != s.Units[j].Slots {
			return s.Units[i].Slots > s.Units[j].Slots
		}
		return s.Units[i].Unit < s.Units[j].Unit
	})
	// The busiest unit, by the cycles it needed (slots per instance),
	// and its share of the cycles in which the window's instructions
	// dispatched (a unit that takes one every cycle is busy all of them,
	// however long the last one takes to complete).
	var busiest *TimelineUnit
	for i := range s.Units {
		if busiest == nil || s.Units[i].Busy > busiest.Busy {
			busiest = &s.Units[i]
		}
	}
	var lastD int64
	for _, r := range rows {
		lastD = max(lastD, r.Dispatch)
	}
	span := max(1, lastD+1-s.Start)
	busyCycles, busyShare := 0.0, 0.0
	if busiest != nil {
		busyCycles = float64(busiest.Slots) / float64(busiest.Instances)
		busyShare = min(1, busyCycles/float64(span))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d instructions in %d cycles (%.2f cycles each", s.Instructions, s.Cycles, float64(s.Cycles)/float64(s.Instructions))
	if iterations > 0 {
		fmt.Fprintf(&b, ", %.1f per iteration", float64(s.Cycles)/float64(iterations))
	}
	b.WriteString("); ")
	var top TimelineResource
	if s.WaitCycles > 0 {
		top = s.Waits[0]
	}
	switch {
	case busiest != nil && busiest.Unit != top.Resource && busyCycles > float64(top.Cycles) && 2*busyShare >= 1:
		s.Bottleneck, s.Kind, s.Share = busiest.Unit, BusiestUnit, busyShare
		fmt.Fprintf(&b, "bottleneck: %s (%s), busy %.0f%% of the %d cycles the window dispatched in", busiest.Unit, BusiestUnit, 100*busyShare, span)
		if iterations > 0 {
			fmt.Fprintf(&b, " (%.1f per iteration", float64(span)/float64(iterations))
			if tail := s.End - (lastD + 1); tail > 0 {
				fmt.Fprintf(&b, "; the last result is ready %d cycles after", tail)
			}
			b.WriteString(")")
		}
		fmt.Fprintf(&b, ", %d slots, %d a cycle", busiest.Slots, busiest.Instances)
		if s.WaitCycles > 0 {
			fmt.Fprintf(&b, "; the most waited for: %s, %d of the %d wait cycles", top.Resource, top.Cycles, s.WaitCycles)
		} else {
			b.WriteString("; nothing waited")
		}
	case s.WaitCycles == 0:
		b.WriteString("no waits: throughput is limited by the dispatch width and latencies")
		if busiest != nil {
			fmt.Fprintf(&b, " (the busiest unit, %s, was busy %.0f%% of the window)", busiest.Unit, 100*busiest.Busy)
		}
	default:
		s.Bottleneck, s.Kind = top.Resource, top.Kind.String()
		s.Share = float64(top.Cycles) / float64(s.WaitCycles)
		name := top.Resource
		if name != top.Kind.String() {
			name += " (" + top.Kind.String() + ")"
		}
		fmt.Fprintf(&b, "bottleneck: %s, %d of the %d wait cycles (%.0f%%)", name, top.Cycles, s.WaitCycles, 100*s.Share)
		if s.InheritedCycles > 0 {
			fmt.Fprintf(&b, " (%d more waiting in order behind them)", s.InheritedCycles)
		}
		if s.Cycles > 0 && int64(top.Cycles) <= s.Cycles { // waits in the vector backend overlap
			fmt.Fprintf(&b, ", %.0f%% of the window's %d cycles", 100*float64(top.Cycles)/float64(s.Cycles), s.Cycles)
		}
		for _, u := range s.Units {
			if u.Unit == top.Resource {
				fmt.Fprintf(&b, "; %s was busy %.0f%% of the window (%d slots, %d a cycle)", u.Unit, 100*u.Busy, u.Slots, u.Instances)
			}
		}
	}
	for i, u := range s.Unwaited {
		if i == 0 {
			b.WriteString("; not waited for:")
		} else {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s ×%d", u.Cause, u.Count)
	}
	s.Text = b.String()
	return s
}

// iterations counts the window's back edges: rows after the first at the
// chosen loop's head.
func (t *Timeline) iterations(rows []TimelineRow) int {
	if t.Window.Kind != TimelineHotLoop || t.chosen == nil {
		return 0
	}
	n := 0
	for _, r := range rows {
		if r.PC == t.chosen.head {
			n++
		}
	}
	return n
}

// Describe says what the window is.
func (t *Timeline) Describe() string {
	switch t.Window.Kind {
	case TimelineCycles:
		return fmt.Sprintf("instructions dispatched in cycles %d..%d", t.Window.From, t.Window.To)
	case TimelinePCs:
		return fmt.Sprintf("instructions at %#x..%#x", t.Window.From, t.Window.To)
	}
	t.chooseLoop()
	if t.chosen == nil {
		if t.firstCut {
			return fmt.Sprintf("the run's first %d instructions (no loop found; --timeline-rows shows more)", len(t.first))
		}
		return "the whole run (no loop found)"
	}
	return fmt.Sprintf("the hottest loop %#x..%#x, first iterations after the one that found it", t.chosen.head, t.chosen.tail)
}

// WriteText writes the timeline as a table with a cycle axis, then the
// summary.
func (t *Timeline) WriteText(w io.Writer) {
	rows := t.Rows()
	s := Summarize(rows, t.iterations(rows))
	fmt.Fprintf(w, "\ntimeline of %s\n", t.Describe())
	if len(rows) == 0 {
		fmt.Fprintf(w, "no instructions in the window\n")
		return
	}
	fmt.Fprintf(w, "- waiting to dispatch, D dispatch, = dispatched, waiting to issue, e executing, E last cycle before the result is ready; cycle axis from %d\n", s.Start)
	axis := int(min(s.End-s.Start, timelineAxisMax))
	textW := 0
	for _, r := range rows {
		textW = max(textW, len(r.Text))
	}
	textW = min(textW, 40)
	idxW := len(fmt.Sprint(len(rows) - 1))
	// The axis header: tens digit above units digit, relative to Start.
	var tens, units strings.Builder
	for c := 0; c < axis; c++ {
		tens.WriteByte(byte('0' + (c/10)%10))
		units.WriteByte(byte('0' + c%10))
	}
	pad := strings.Repeat(" ", idxW+2+3*7)
	fmt.Fprintf(w, "%s  %s\n", pad, tens.String())
	fmt.Fprintf(w, "%*s %6s %6s %6s  %s  %-*s  waits\n", idxW+2, "#", "disp", "issue", "done", units.String(), textW, "instruction")
	for i, r := range rows {
		var held int64 // cycles the dispatch waited
		for _, w := range r.Waits {
			if !w.Backend {
				held += int64(w.Cycles)
			}
		}
		cells := make([]byte, axis)
		for c := range cells {
			cells[c] = '.'
			x := s.Start + int64(c)
			switch {
			case x == r.Dispatch:
				cells[c] = 'D'
			case x < r.Dispatch && x >= r.Dispatch-held:
				cells[c] = '-'
			case x < r.Dispatch:
			case x < r.Issue:
				cells[c] = '='
			case x < r.Done-1:
				cells[c] = 'e'
			case x == r.Done-1:
				cells[c] = 'E'
			}
		}
		if r.Done-s.Start > int64(axis) && axis > 0 {
			cells[axis-1] = '>'
		}
		text := r.Text
		if len(text) > textW {
			text = text[:textW-1] + "…"
		}
		line := fmt.Sprintf("[%*d] %6d %6d %6d  %s  %-*s  %s", idxW, i, r.Dispatch, r.Issue, r.Done, cells, textW, text, waitsText(r.Waits))
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if t.cutShort() {
		fmt.Fprintf(w, "(the window has more instructions: the first %d are shown)\n", len(rows))
	}
	fmt.Fprintf(w, "\nwaits by resource:\n")
	for _, r := range s.Waits {
		fmt.Fprintf(w, "  %-28s %-20s %8d cycles\n", r.Resource, r.Kind, r.Cycles)
	}
	if s.InheritedCycles > 0 {
		fmt.Fprintf(w, "  %-28s %-20s %8d cycles (passed on: not counted above)\n", "in order behind the above", "", s.InheritedCycles)
	}
	for _, u := range s.Unwaited {
		fmt.Fprintf(w, "  %-28s %-20s %8d times (not waited for)\n", u.Cause, "", u.Count)
	}
	if len(s.Waits) == 0 && len(s.Unwaited) == 0 {
		fmt.Fprintf(w, "  none\n")
	}
	if len(s.Units) > 0 {
		fmt.Fprintf(w, "occupancy:\n")
		for _, u := range s.Units {
			fmt.Fprintf(w, "  %-28s %6d slots, %d a cycle: busy %3.0f%%\n", u.Unit, u.Slots, u.Instances, 100*u.Busy)
		}
	}
	fmt.Fprintf(w, "summary: %s\n", s.Text)
}

// waitsText is a row's waits: "raw 2 on a0 written by [3]; …".
func waitsText(ws []TimelineWait) string {
	var parts []string
	for _, w := range ws {
		p := fmt.Sprintf("%s %d", w.Cause, w.Cycles)
		if w.On != "" {
			p += " on " + w.On
		}
		if w.HasFrom {
			if w.FromRow >= 0 {
				p += fmt.Sprintf(" %s [%d]", w.Rel, w.FromRow)
			} else {
				p += fmt.Sprintf(" %s %#x", w.Rel, w.From)
			}
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}

// WriteJSON writes the window, its rows and its summary as JSON.
func (t *Timeline) WriteJSON(w io.Writer) error {
	rows := t.Rows()
	if rows == nil {
		rows = []TimelineRow{}
	}
	out := struct {
		Window    string          `json:"window"`
		Rows      []TimelineRow   `json:"rows"`
		Truncated bool            `json:"truncated"`
		Summary   TimelineSummary `json:"summary"`
	}{t.Describe(), rows, t.cutShort(), Summarize(rows, t.iterations(rows))}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(out)
}

// CompactOptions shape Timeline.Compact.
type CompactOptions struct {
	// MaxChars bounds the text: rows that do not fit are left out (and
	// counted); the window's description and its summary always stay,
	// cut only if MaxChars cannot hold them. 0: no bound.
	MaxChars int
	// Line maps an instruction address to its 1-based source line (0:
	// unknown); nil shows addresses.
	Line func(pc uint64) int
	// Width bounds an instruction's text (0: 32 characters).
	Width int
}

// Compact writes the timeline without its cycle axis, for a reader of
// text (the agent's profile tool): one line per row with its source line
// (or address), dispatch, issue and result cycles relative to the
// window's first dispatch, its text and its waits, then the waits by
// resource and the summary; within o.MaxChars.
func (t *Timeline) Compact(o CompactOptions) string {
	rows := t.Rows()
	s := Summarize(rows, t.iterations(rows))
	width := o.Width
	if width <= 0 {
		width = 32
	}
	var head, tail strings.Builder
	fmt.Fprintf(&head, "timeline of %s", t.Describe())
	if len(rows) == 0 {
		head.WriteString(": no instructions in the window\n")
		return clipBytes(head.String(), o.MaxChars)
	}
	fmt.Fprintf(&head, "; cycles from %d: d dispatch, i issue, r result ready; waits: cause, cycles, on what, from which row\n", s.Start)
	where := "addr"
	if o.Line != nil {
		where = "line"
	}
	fmt.Fprintf(&head, "%4s %6s %5s %5s %5s  %-*s  %s\n", "#", where, "d", "i", "r", width, "instruction", "waits")
	if len(s.Waits) > 0 {
		tail.WriteString("waits:")
		for i, r := range s.Waits {
			if i > 0 {
				tail.WriteString(";")
			}
			fmt.Fprintf(&tail, " %s %d", r.Resource, r.Cycles)
		}
		if s.InheritedCycles > 0 {
			fmt.Fprintf(&tail, "; in order behind them %d (not counted)", s.InheritedCycles)
		}
		tail.WriteString("\n")
	}
	fmt.Fprintf(&tail, "summary: %s\n", s.Text)
	var body strings.Builder
	budget := -1
	if o.MaxChars > 0 {
		budget = max(0, o.MaxChars-head.Len()-tail.Len())
	}
	shown := 0
	for i, r := range rows {
		loc := fmt.Sprintf("%#x", r.PC)
		if o.Line != nil {
			if n := o.Line(r.PC); n > 0 {
				loc = fmt.Sprint(n)
			} else {
				loc = "?"
			}
		}
		text := r.Text
		if len(text) > width {
			text = text[:width-1] + "…"
		}
		line := fmt.Sprintf("%4d %6s %5d %5d %5d  %-*s  %s", i, loc, r.Dispatch-s.Start, r.Issue-s.Start, r.Done-s.Start, width, text, waitsText(r.Waits))
		line = strings.TrimRight(line, " ") + "\n"
		// Keep room for the note on the rows left out (at most 40 bytes).
		if budget >= 0 && body.Len()+len(line)+40 > budget {
			break
		}
		body.WriteString(line)
		shown++
	}
	if more := len(rows) - shown; more > 0 {
		fmt.Fprintf(&body, "(%d more rows not shown)\n", more)
	} else if t.cutShort() {
		body.WriteString("(the window has more instructions: the first rows are shown)\n")
	}
	return clipBytes(head.String()+body.String()+tail.String(), o.MaxChars)
}

// clipBytes cuts s to at most n bytes (0: no bound), at a character boundary.
func clipBytes(s string, n int) string {
	if n <= 0 || len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut < len(s) && s[cut]&0xc0 == 0x80 {
		cut--
	}
	return s[:cut]
}
