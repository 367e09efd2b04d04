package coral_test

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

// timelineSrc mixes every kind of wait: load-use, the memory port, the
// multiplier, the divider, vector loads and a permute-bound slide.
const timelineSrc = `
    .globl _start
_start:
    la a1, buf
    li t0, 6
    vsetvli t1, zero, e32, m2, ta, ma
1:  lw a0, 0(a1)
    addi a0, a0, 1
    sw a0, 4(a1)
    mul a2, a0, t0
    mul a3, a2, t0
    divu a4, a3, t0
    vle32.v v0, (a1)
    vslidedown.vi v2, v0, 1
    vadd.vv v4, v2, v0
    vse32.v v4, (a1)
    addi t0, t0, -1
    bnez t0, 1b
    mpause
    .data
buf: .space 64
`

// TestTimelineIsTheModel: the timeline's dispatch cycles are those the
// trace prints (the same timing decisions), on the fast per-instruction
// path and the reference stepper alike, and recording one changes no
// counter of the run.
func TestTimelineIsTheModel(t *testing.T) {
	h, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(assembleTB(t, h, timelineSrc).ELF(), 0)
	if err != nil {
		t.Fatal(err)
	}
	start := func(o coral.Options) *coral.Machine {
		m, err := coral.New(h, o)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Load(img); err != nil {
			t.Fatal(err)
		}
		if hl := m.Run(); hl.Kind != sim.HaltPause {
			t.Fatalf("halt %s", hl)
		}
		return m
	}
	plain := start(coral.Options{})
	all := sim.TimelineWindow{Kind: sim.TimelineCycles, From: 0, To: 1 << 40}
	var trace bytes.Buffer
	var rows [][]sim.TimelineRow
	for _, o := range []coral.Options{{}, {CoreOptions: sim.CoreOptions{Reference: true}}, {CoreOptions: sim.CoreOptions{Trace: &trace}}, {CoreOptions: sim.CoreOptions{Profile: &sim.Profile{}}}} {
		o.Timeline = &sim.Timeline{Window: all, MaxRows: 1000}
		m := start(o)
		sp, sq := plain.Stats(), m.Stats()
		if sp.Cycles != sq.Cycles || sp.Instructions != sq.Instructions ||
			!reflect.DeepEqual(sp.StallCycles, sq.StallCycles) || !reflect.DeepEqual(sp.UnitBusy, sq.UnitBusy) {
			t.Fatalf("%+v: the timeline changed the counters: cycles %d/%d", o, sp.Cycles, sq.Cycles)
		}
		r := o.Timeline.Rows()
		if uint64(len(r)) != sq.Instructions {
			t.Fatalf("%d rows for %d instructions", len(r), sq.Instructions)
		}
		var waits uint64
		for _, row := range r {
			var backend int64
			for _, w := range row.Waits {
				if w.Cause != coral.InOrderIssue {
					waits += w.Cycles
				}
				if w.Backend {
					backend += int64(w.Cycles)
				}
			}
			// Every cycle between dispatch and issue has its reason
			// (vector instructions issue the cycle after dispatch at the
			// earliest; scalar ones at dispatch).
			if row.Issue != row.Dispatch && row.Issue-row.Dispatch-1 != backend {
				t.Errorf("%#x %s: dispatch %d, issue %d, backend waits %v", row.PC, row.Text, row.Dispatch, row.Issue, row.Waits)
			}
			if row.Issue < row.Dispatch || row.Done <= row.Dispatch || row.Done > int64(sq.Cycles) {
				t.Errorf("%#x %s: dispatch %d issue %d done %d (run %d cycles)", row.PC, row.Text, row.Dispatch, row.Issue, row.Done, sq.Cycles)
			}
		}
		var stalls uint64
		for _, s := range sq.StallCycles {
			stalls += s
		}
		if waits != stalls {
			t.Errorf("the rows' waits add up to %d cycles, the run's stalls to %d", waits, stalls)
		}
		rows = append(rows, r)
	}
	for i := 1; i < len(rows); i++ {
		if !reflect.DeepEqual(rows[0], rows[i]) {
			t.Errorf("path %d records a different timeline", i)
		}
	}
	lines := strings.Split(strings.TrimSpace(trace.String()), "\n")
	if len(lines) != len(rows[0]) {
		t.Fatalf("%d trace lines, %d rows", len(lines), len(rows[0]))
	}
	for i, l := range lines {
		d, _ := strconv.ParseInt(strings.Fields(l)[0], 10, 64)
		if d != rows[0][i].Dispatch {
			t.Errorf("row %d: dispatch %d, the trace says %d: %s", i, rows[0][i].Dispatch, d, l)
		}
	}
	// Every kind of wait the program has is named.
	kinds := map[sim.WaitKind]bool{}
	for _, r := range rows[0] {
		for _, w := range r.Waits {
			kinds[w.Kind] = true
			if w.Kind == sim.WaitRegister && (w.On == "" || !w.HasFrom) {
				t.Errorf("%s: register wait without register or writer: %+v", r.Text, w)
			}
		}
	}
	for _, k := range []sim.WaitKind{sim.WaitRegister, sim.WaitMemPort, sim.WaitUnit, sim.WaitSerialize} {
		if !kinds[k] {
			t.Errorf("no %s wait in the timeline", k)
		}
	}
}
