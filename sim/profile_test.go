package sim

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// testProfile builds a small profile by hand: a load, a dependent add on
// the same line as a second instruction (a pseudo's expansion), a loop
// branch, and an instruction with no source line.
func testProfile() *Profile {
	p := &Profile{}
	p.Reset([]string{"raw", "mispredict", "backend-raw"}, []bool{false, false, true})
	p.Charging = "each instruction is charged its own cycles"
	add := func(pc uint64, text string, count, cycles uint64, stalls ...uint64) {
		s := p.At(pc)
		s.Text = text
		s.Count += count
		p.Charge(s, cycles)
		copy(s.Stalls, stalls)
	}
	add(0x0, "lw a0, 0(a1)", 10, 10)
	add(0x4, "addi a0, a0, 1", 10, 30, 20)
	add(0x8, "addi a2, a2, 1", 10, 10)
	add(0xc, "bnez a3, -12", 10, 12, 0, 2)
	add(0x10, "mpause", 1, 5, 0, 0, 7)
	add(0x20, "ret", 1, 3)
	for range 10 {
		p.AddHazard(Hazard{PC: 0x4, Cause: 0, On: "a0", Rel: "written by", From: 0x0, HasFrom: true, Latency: 2, Cycles: 2})
	}
	p.AddHazard(Hazard{PC: 0xc, Cause: 1, Rel: "after", From: 0x8, HasFrom: true, Cycles: 2})
	p.AddHazard(Hazard{PC: 0x10, Cause: 2, On: "v8", Cycles: 7})
	return p
}

var testSource = []string{"loop:", "  lw a0, 0(a1)", "  addi a0, a0, 1  # two words:", "  bnez a3, loop", "  mpause"}

func testLine(pc uint64) int {
	switch pc {
	case 0x0:
		return 2
	case 0x4, 0x8:
		return 3
	case 0xc:
		return 4
	case 0x10:
		return 5
	}
	return 0
}

func TestProfileLines(t *testing.T) {
	p := testProfile()
	lines := p.Lines(testLine)
	want := []LineStat{
		{Line: 2, PCs: []uint64{0x0}, Count: 10, Cycles: 10},
		{Line: 3, PCs: []uint64{0x4, 0x8}, Count: 10, Cycles: 40},
		{Line: 4, PCs: []uint64{0xc}, Count: 10, Cycles: 12},
		{Line: 5, PCs: []uint64{0x10}, Count: 1, Cycles: 5},
		{Line: 0, PCs: []uint64{0x20}, Count: 1, Cycles: 3},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(lines), len(want))
	}
	var sum uint64
	for i, w := range want {
		g := lines[i]
		sum += g.Cycles
		if g.Line != w.Line || g.Count != w.Count || g.Cycles != w.Cycles || len(g.PCs) != len(w.PCs) || g.PCs[0] != w.PCs[0] {
			t.Errorf("line %d: %+v, want %+v", w.Line, g, w)
		}
	}
	if sum != p.Cycles || p.Cycles != 70 {
		t.Errorf("lines add up to %d, profile %d, want 70", sum, p.Cycles)
	}
	if lines[1].Stalls[0] != 20 {
		t.Errorf("line 3 stalls %v", lines[2].Stalls)
	}
	h := p.Hazards()
	if len(h) != 3 || h[0].Count != 10 || h[0].Cycles != 20 || h[1].Cause != 2 || h[2].PC != 0xc {
		t.Errorf("hazards %+v", h)
	}
}

func TestProfileReportGolden(t *testing.T) {
	src := func(n int) string {
		if n >= 1 && n <= len(testSource) {
			return testSource[n-1]
		}
		return ""
	}
	cases := []struct {
		name string
		opts ReportOptions
	}{
		{"by_line", ReportOptions{Line: testLine, Source: src, Hazards: 10}},
		{"by_line_top2", ReportOptions{Top: 2, Line: testLine, Source: src, Hazards: 1, Width: 12}},
		{"by_line_no_source", ReportOptions{Line: testLine, Hazards: 10}},
		{"by_address", ReportOptions{Hazards: 10}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			testProfile().WriteReport(&b, c.opts)
			path := filepath.Join("testdata", "profile_"+c.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./sim -update)", err)
			}
			if b.String() != string(want) {
				t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, b.String(), want)
			}
		})
	}
	// No stalls at all: the report says so.
	p := &Profile{}
	p.Reset([]string{"raw"}, nil)
	p.Charge(p.At(0), 1)
	var b strings.Builder
	p.WriteReport(&b, ReportOptions{Hazards: 3})
	if !strings.Contains(b.String(), "hazards: none") {
		t.Errorf("no hazards:\n%s", b.String())
	}
}
