package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// feed records a synthetic run: pcs in program order, each dispatched
// cost cycles after the previous one; a pc followed by a smaller one is a
// taken back edge. A pc listed in waitOn waits on that pc's instruction.
func feed(tl *Timeline, pcs []uint64, cost map[uint64]int64, waitOn map[uint64]uint64) {
	var d int64
	for i, pc := range pcs {
		d += cost[pc]
		e := TimelineEvent{TimelineRow: TimelineRow{PC: pc, Text: "op", Dispatch: d, Issue: d, Done: d + 1}}
		if i+1 < len(pcs) {
			e.Next = pcs[i+1]
		}
		e.BackEdge = e.Next < pc
		if from, ok := waitOn[pc]; ok {
			e.Waits = []TimelineWait{{Cause: "raw", Kind: WaitRegister, Cycles: uint64(cost[pc]), On: "a0", Rel: "written by", From: from, HasFrom: true}}
		}
		tl.Record(&e)
	}
}

// nested: an outer loop 0x0..0x14 (3 times) around an inner one
// 0x4..0x8 (4 times each), then a second top-level loop 0x18..0x1c (2
// times).
func nested() []uint64 {
	var pcs []uint64
	for range 3 {
		pcs = append(pcs, 0x0)
		for range 4 {
			pcs = append(pcs, 0x4, 0x8)
		}
		pcs = append(pcs, 0xc, 0x10, 0x14)
	}
	for range 2 {
		pcs = append(pcs, 0x18, 0x1c)
	}
	return append(pcs, 0x20)
}

func TestTimelineWindows(t *testing.T) {
	cases := []struct {
		name   string
		tl     Timeline
		cost   map[uint64]int64
		wantPC []uint64
		trunc  bool
	}{
		// The inner loop, though the outer one holds it and more.
		{"innermost", Timeline{}, map[uint64]int64{0x4: 1, 0x8: 1, 0xc: 5, 0x18: 1, 0x1c: 1},
			[]uint64{0x4, 0x8, 0x4, 0x8, 0x4, 0x8}, false},
		// The hotter of two innermost loops.
		{"hotter", Timeline{}, map[uint64]int64{0x4: 1, 0x8: 1, 0x18: 50, 0x1c: 1},
			[]uint64{0x18, 0x1c}, false},
		{"iterations", Timeline{Iterations: 1}, map[uint64]int64{0x4: 1, 0x8: 1},
			[]uint64{0x4, 0x8}, false},
		{"rows", Timeline{MaxRows: 3}, map[uint64]int64{0x4: 1, 0x8: 1},
			[]uint64{0x4, 0x8, 0x4}, false},
		{"pcs", Timeline{Window: TimelineWindow{TimelinePCs, 0x10, 0x18}, MaxRows: 4}, nil,
			[]uint64{0x10, 0x14, 0x10, 0x14}, true},
		{"cycles", Timeline{Window: TimelineWindow{TimelineCycles, 2, 4}}, map[uint64]int64{0x4: 1},
			[]uint64{0x4, 0x8, 0x4, 0x8}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl := c.tl
			feed(&tl, nested(), c.cost, nil)
			var got []uint64
			for _, r := range tl.Rows() {
				got = append(got, r.PC)
			}
			if len(got) != len(c.wantPC) {
				t.Fatalf("rows at %#x, want %#x", got, c.wantPC)
			}
			for i := range got {
				if got[i] != c.wantPC[i] {
					t.Fatalf("rows at %#x, want %#x", got, c.wantPC)
				}
			}
			if tl.truncated != c.trunc {
				t.Errorf("truncated %v", tl.truncated)
			}
		})
	}
}

func TestTimelineSummary(t *testing.T) {
	tl := &Timeline{}
	feed(tl, nested(), map[uint64]int64{0x4: 1, 0x8: 2}, map[uint64]uint64{0x8: 0x4, 0x4: 0x0})
	rows := tl.Rows()
	// 0x4's first row waits on 0x0, which is outside the window.
	if w := rows[0].Waits[0]; w.FromRow != -1 || rows[1].Waits[0].FromRow != 0 || rows[3].Waits[0].FromRow != 2 {
		t.Errorf("from rows %d %d %d", w.FromRow, rows[1].Waits[0].FromRow, rows[3].Waits[0].FromRow)
	}
	s := Summarize(rows, tl.iterations(rows))
	if s.Bottleneck != "register dependency" || s.WaitCycles != 9 || s.Iterations != 3 || s.Share != 1 {
		t.Errorf("summary %+v", s)
	}
	var text bytes.Buffer
	tl.WriteText(&text)
	if !strings.Contains(text.String(), "summary: 6 instructions in 9 cycles") || !strings.Contains(text.String(), "written by [0]") {
		t.Errorf("text:\n%s", text.String())
	}
	var js bytes.Buffer
	if err := tl.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var out struct{ Rows []TimelineRow }
	if err := json.Unmarshal(js.Bytes(), &out); err != nil || len(out.Rows) != 6 {
		t.Errorf("json: %v, %d rows", err, len(out.Rows))
	}
	if s := Summarize(nil, 0); s.Text != "no instructions in the window" || s.Bottleneck != "" {
		t.Errorf("empty: %+v", s)
	}
	if s := Summarize([]TimelineRow{{Dispatch: 0, Done: 1}}, 0); !strings.Contains(s.Text, "no waits") {
		t.Errorf("no waits: %+v", s)
	}
	// No loop at all: the whole run is shown, or its first MaxRows
	// instructions.
	none := &Timeline{}
	feed(none, []uint64{0, 4, 8}, nil, nil)
	var b bytes.Buffer
	none.WriteText(&b)
	if out := b.String(); !strings.Contains(out, "the whole run (no loop found)") || strings.Contains(out, "no instructions in the window") || len(none.Rows()) != 3 {
		t.Errorf("no loop: %d rows\n%s", len(none.Rows()), out)
	}
	long := &Timeline{MaxRows: 2}
	feed(long, []uint64{0, 4, 8, 12}, nil, nil)
	b.Reset()
	long.WriteText(&b)
	if out := b.String(); !strings.Contains(out, "the run's first 2 instructions (no loop found") || len(long.Rows()) != 2 || !long.cutShort() {
		t.Errorf("no loop, cut: %d rows\n%s", len(long.Rows()), out)
	}
}

// TestTimelineCompact: the compact text keeps within MaxChars, shows the
// rows that fit (with source lines when it has them), says how many it
// left out, and ends with the summary when there is room for it.
func TestTimelineCompact(t *testing.T) {
	var pcs []uint64
	for range 40 {
		pcs = append(pcs, 0x0, 0x4, 0x8)
	}
	pcs = append(pcs, 0xc)
	for _, c := range []struct {
		max                 int
		minRows, maxRows    int
		note, lines, summed bool
	}{
		{0, 9, 9, false, false, true},
		{0, 9, 9, false, true, true},
		{800, 1, 8, true, true, true},
		{560, 0, 1, true, false, true},
		{300, 0, 0, true, false, false}, // the summary does not fit
	} {
		tl := Timeline{}
		feed(&tl, pcs, map[uint64]int64{0x4: 2}, map[uint64]uint64{0x4: 0x0})
		o := CompactOptions{MaxChars: c.max}
		if c.lines {
			o.Line = func(pc uint64) int { return int(pc/4) + 10 }
		}
		got := tl.Compact(o)
		if c.max > 0 && len(got) > c.max {
			t.Errorf("max %d: %d characters:\n%s", c.max, len(got), got)
		}
		if !strings.HasPrefix(got, "timeline of the hottest loop 0x0..0x8") {
			t.Errorf("max %d: no description:\n%s", c.max, got)
		}
		summed := strings.Contains(got, "waits: register dependency 6\nsummary: 9 instructions") && strings.HasSuffix(got, "(100%), 86% of the window's 7 cycles\n")
		if summed != c.summed {
			t.Errorf("max %d: summary %v, want %v:\n%s", c.max, summed, c.summed, got)
		}
		rows := 0
		for _, l := range strings.Split(got, "\n") {
			if f := strings.Fields(l); len(f) > 5 && f[5] == "op" {
				rows++
				if c.lines && f[1] != "10" && f[1] != "11" && f[1] != "12" {
					t.Errorf("row %q: want a source line", l)
				}
				if !c.lines && !strings.HasPrefix(f[1], "0x") {
					t.Errorf("row %q: want an address", l)
				}
			}
		}
		if rows < c.minRows || rows > c.maxRows || strings.Contains(got, fmt.Sprintf("(%d more rows not shown)", 9-rows)) != c.note {
			t.Errorf("max %d: %d rows (want %d..%d), note %v:\n%s", c.max, rows, c.minRows, c.maxRows, c.note, got)
		}
	}
}

// TestTimelineSummaryUnits: a unit busy in every cycle of the window is
// its bottleneck though nothing waits (a VLIW slot); waits win when they
// cost more cycles than the busiest unit needed; a row's further units
// count as its Unit does; Resource names what a wait counts towards; and
// waits of 0 cycles are noted, not counted.
func TestTimelineSummaryUnits(t *testing.T) {
	// rows: n bundles a cycle apart, each using vec and, every other one,
	// lda; stall cycles before the first of each pair.
	rows := func(n int, stall uint64) []TimelineRow {
		var out []TimelineRow
		var d int64
		for i := range n {
			r := TimelineRow{PC: uint64(i % 2), Text: "op", Unit: "the vec slot", Slots: 1, Instances: 1}
			if i%2 == 0 {
				r.Uses = []TimelineUse{{Unit: "the lda slot", Slots: 1, Instances: 1}}
				if stall > 0 && i > 0 {
					d += int64(stall)
					r.Waits = []TimelineWait{{Cause: "bank", Kind: WaitMemPort, Cycles: stall, On: "bank 3", Resource: "a bank"}}
				}
			}
			r.Dispatch, r.Issue, r.Done = d, d, d+5
			d++
			out = append(out, r)
		}
		return out
	}
	for _, c := range []struct {
		name       string
		rows       []TimelineRow
		bottleneck string
		kind       string
		share      float64
		text       string
	}{
		{"slot", rows(8, 0), "the vec slot", BusiestUnit, 1, "busy 100% of the 8 cycles the window dispatched in"},
		{"few waits", rows(8, 1), "the vec slot", BusiestUnit, 8.0 / 11, "the most waited for: a bank, 3 of the 3 wait cycles"},
		{"waits", rows(8, 4), "a bank", "memory port", 1, "bottleneck: a bank (memory port), 12 of the 12 wait cycles"},
		{"idle", []TimelineRow{{Dispatch: 0, Done: 1, Unit: "u", Slots: 1, Instances: 1}, {Dispatch: 1, Done: 9}, {Dispatch: 2, Done: 3}}, "", "", 0,
			"no waits: throughput is limited by the dispatch width and latencies (the busiest unit, u, was busy 11% of the window)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := Summarize(c.rows, 0)
			if s.Bottleneck != c.bottleneck || s.Kind != c.kind || fmt.Sprintf("%.3f", s.Share) != fmt.Sprintf("%.3f", c.share) || !strings.Contains(s.Text, c.text) {
				t.Errorf("summary %q (%s, %s, %.3f), want %q (%s, %.3f) saying %q", s.Text, s.Bottleneck, s.Kind, s.Share, c.bottleneck, c.kind, c.share, c.text)
			}
		})
	}
	s := Summarize(rows(8, 0), 0)
	if len(s.Units) != 2 || s.Units[0].Unit != "the vec slot" || s.Units[0].Slots != 8 || s.Units[1].Unit != "the lda slot" || s.Units[1].Slots != 4 {
		t.Errorf("units %+v", s.Units)
	}
	noted := rows(4, 0)
	noted[1].Waits = []TimelineWait{{Cause: "stale-read", Kind: WaitRegister, On: "r1", Rel: "read before the write of", From: 0, HasFrom: true}}
	noted[3].Waits = noted[1].Waits
	s = Summarize(noted, 0)
	if len(s.Waits) != 0 || s.WaitCycles != 0 || len(s.Unwaited) != 1 || s.Unwaited[0].Count != 2 || !strings.HasSuffix(s.Text, "; not waited for: stale-read ×2") {
		t.Errorf("noted hazards: %+v", s)
	}
}
