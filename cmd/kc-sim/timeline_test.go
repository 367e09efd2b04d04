package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// TestTimelineGolden: kernels whose bottleneck is known by construction,
// each timeline's summary naming it.
func TestTimelineGolden(t *testing.T) {
	cases := []struct {
		name, kernel string
		args         []string
		bottleneck   string // in the summary line
	}{
		{"timeline_chain", "timeline_chain.s", nil, "bottleneck: register dependency,"},
		{"timeline_memcopy", "timeline_memcopy.s", nil, "bottleneck: the memory port (memory port),"},
		{"timeline_vunit", "timeline_vunit.s", []string{"--timeline-rows", "30"}, "bottleneck: the vperm unit (unit busy),"},
		{"timeline_memcopy_cycles", "timeline_memcopy.s", []string{"--timeline=10:20"}, "bottleneck: the memory port (memory port),"},
		{"timeline_chain_pcs", "timeline_chain.s", []string{"--timeline=0xc:0x1c", "--timeline-rows", "8"}, "bottleneck: register dependency,"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			elf := kernelELF(t, filepath.Join("testdata", c.kernel), true)
			args := append([]string{"-", "--timeline"}, c.args...)
			status, stdout, stderr := kcsim(t, elf, args...)
			if status != 0 || stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr:\n%s", status, stdout, stderr)
			}
			var summary string
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, "summary: ") {
					summary = l
				}
			}
			if !strings.Contains(summary, c.bottleneck) {
				t.Errorf("summary %q does not name %q", summary, c.bottleneck)
			}
			golden(t, filepath.Join("testdata", c.name+".txt"), stderr)
		})
	}
}

// golden compares got with the file at path (-update rewrites it).
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/kc-sim -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// TestTimelineJSON: --timeline-format json on stdout, rows and summary.
func TestTimelineJSON(t *testing.T) {
	elf := kernelELF(t, "testdata/timeline_memcopy.s", true)
	status, stdout, stderr := kcsim(t, elf, "-", "--timeline", "--timeline-format", "json")
	if status != 0 {
		t.Fatalf("exit %d, stderr:\n%s", status, stderr)
	}
	var out struct {
		Window string
		Rows   []struct {
			PC                    uint64
			Text                  string
			Dispatch, Issue, Done int64
			Waits                 []struct {
				Cause, Kind, On string
				Cycles          uint64
				FromRow         int `json:"from_row"`
			}
		}
		Summary struct {
			Bottleneck string
			Kind       string  `json:"bottleneck_kind"`
			Share      float64 `json:"bottleneck_share"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	if out.Summary.Bottleneck != "the memory port" || out.Summary.Kind != "memory port" || out.Summary.Share != 1 {
		t.Errorf("summary %+v", out.Summary)
	}
	if len(out.Rows) != 36 { // three iterations of 12 instructions
		t.Fatalf("%d rows", len(out.Rows))
	}
	for i, r := range out.Rows {
		if r.Issue < r.Dispatch || r.Done <= r.Dispatch {
			t.Errorf("row %d: dispatch %d issue %d done %d", i, r.Dispatch, r.Issue, r.Done)
		}
		for _, w := range r.Waits {
			if w.Kind == "memory port" && (w.FromRow < 0 || w.FromRow >= i) && i > 0 {
				t.Errorf("row %d waits on row %d", i, w.FromRow)
			}
		}
	}
	golden(t, "testdata/timeline_memcopy.json", stdout)
}

// TestTimelineCycles: a run's cycles and stalls with --timeline are those
// without it, whatever the window.
func TestTimelineCycles(t *testing.T) {
	kernels := []string{"testdata/timeline_chain.s", "testdata/timeline_memcopy.s", "testdata/timeline_vunit.s",
		"../../testdata/kernels/coral/dot_i8.s", "../../testdata/kernels/coral/sum_loop.s"}
	stats := func(t *testing.T, elf []byte, args ...string) string {
		t.Helper()
		status, stdout, stderr := kcsim(t, elf, append([]string{"-", "--stats=json"}, args...)...)
		if status != 0 {
			t.Fatalf("%v: exit %d, stderr:\n%s", args, status, stderr)
		}
		var st map[string]any
		if err := json.Unmarshal([]byte(stdout), &st); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal([]any{st["cycles"], st["instructions"], st["stalls"], st["unit_utilisation"], st["counters"]})
		return string(b)
	}
	for _, k := range kernels {
		t.Run(filepath.Base(k), func(t *testing.T) {
			elf := kernelELF(t, k, true)
			want := stats(t, elf)
			if !strings.Contains(want, "[") || strings.HasPrefix(want, "[null") {
				t.Fatalf("no cycles in %s", want)
			}
			for _, w := range []string{"--timeline", "--timeline=0:30", "--timeline=0:0x100"} {
				if got := stats(t, elf, w); got != want {
					t.Errorf("%s: %s, without: %s", w, got, want)
				}
			}
		})
	}
}

// TestTimelineErrors: bad windows and formats are tool errors.
func TestTimelineErrors(t *testing.T) {
	elf := kernelELF(t, "testdata/timeline_chain.s", true)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--timeline=5"}, "want FROM:TO"},
		{[]string{"--timeline=20:10"}, "empty window"},
		{[]string{"--timeline=nosuch:0x10"}, "nosuch"},
		{[]string{"--timeline", "--timeline-format", "xml"}, "want text or json"},
		{[]string{"--timeline-format", "json"}, "need --timeline"},
		{[]string{"--timeline", "--timeline-rows", "0"}, "want 1..5000"},
		{[]string{"--timeline", "--timeline-format", "json", "--stats=json"}, "both write to stdout"},
	} {
		status, _, stderr := kcsim(t, elf, append([]string{"-"}, c.args...)...)
		if status != 127 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q (want %q)", c.args, status, stderr, c.want)
		}
	}
}

// TestTimelineOtherTargets: targets without a timeline say so.
func TestTimelineOtherTargets(t *testing.T) {
	for _, name := range []string{"plena", "aie2"} {
		tg, err := sim.LookupTarget(name)
		if err != nil {
			t.Fatal(err)
		}
		hw, err := isadefs.HWByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tg.New(hw, sim.CoreOptions{Timeline: &sim.Timeline{}}); err == nil || !strings.Contains(err.Error(), "not supported yet") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
