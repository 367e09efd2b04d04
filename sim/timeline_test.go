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
	// No loop at all.
	none := &Timeline{}
	feed(none, []uint64{0, 4, 8}, nil, nil)
	var b bytes.Buffer
	none.WriteText(&b)
	if !strings.Contains(b.String(), "no loop found") {
		t.Errorf("no loop:\n%s", b.String())
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
