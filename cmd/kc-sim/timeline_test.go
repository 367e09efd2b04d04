package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
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
		// plena: instructions complete one after another.
		{"timeline_plena_hbm", "timeline_plena_hbm.asm", nil, "bottleneck: the HBM port (memory port),"},
		{"timeline_plena_mm", "timeline_plena_mm.asm", nil, "bottleneck: the matrix unit (unit busy),"},
		{"timeline_plena_mm_cycles", "timeline_plena_mm.asm", []string{"--timeline=200:300"}, "bottleneck: the matrix unit (unit busy),"},
		// aie2: one bundle a cycle, stalls on bank conflicts.
		{"timeline_aie2_vmac", "timeline_aie2_vmac.s", nil, "bottleneck: the vec slot (busiest unit), busy 100%"},
		{"timeline_aie2_banks", "timeline_aie2_banks.s", nil, "bottleneck: a data-memory bank (memory port),"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			target, elf := timelineKernel(t, c.kernel)
			args := append([]string{"-t", target, "-", "--timeline"}, c.args...)
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

// timelineKernel assembles a kernel of testdata for its target: plena
// for .asm, aie2 for names with "aie2", else coral (with its line table).
func timelineKernel(t *testing.T, name string) (target string, elf []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	target = "coral"
	switch {
	case strings.HasSuffix(name, ".asm"):
		target = "plena"
	case strings.Contains(name, "aie2"):
		target = "aie2"
	default:
		return target, kernelELF(t, path, true)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New(target)
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName(target)
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble(name, src, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	return target, p.ELF()
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
	kernels := []string{"timeline_chain.s", "timeline_memcopy.s", "timeline_vunit.s",
		"../../../testdata/kernels/coral/dot_i8.s", "../../../testdata/kernels/coral/sum_loop.s",
		"timeline_plena_hbm.asm", "timeline_plena_mm.asm", "../../../testdata/kernels/plena/gemm_c1.asm",
		"timeline_aie2_vmac.s", "timeline_aie2_banks.s", "../../../testdata/kernels/aie2/vadd.s"}
	var target string
	stats := func(t *testing.T, elf []byte, args ...string) string {
		t.Helper()
		status, stdout, stderr := kcsim(t, elf, append([]string{"-t", target, "-", "--stats=json"}, args...)...)
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
			var elf []byte
			target, elf = timelineKernel(t, k)
			want := stats(t, elf)
			if !strings.Contains(want, "[") || strings.HasPrefix(want, "[null") {
				t.Fatalf("no cycles in %s", want)
			}
			for _, w := range []string{"--timeline", "--timeline=0:30", "--timeline=0:0x100", "--timeline=0x40000010:0x40000020"} {
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

// TestTimelineTargets: every target records timelines, so the agent's
// profile tool shows one whatever the target.
func TestTimelineTargets(t *testing.T) {
	for _, tg := range sim.Targets() {
		if !tg.Timelines {
			t.Errorf("%s: no timeline", tg.Name)
			continue
		}
		hw, err := isadefs.HWByName(tg.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tg.New(hw, sim.CoreOptions{Timeline: &sim.Timeline{}}); err != nil {
			t.Errorf("%s: %v", tg.Name, err)
		}
	}
}

// TestTimelineJSONTargets: plena's and aie2's timelines as JSON: the
// rows' waits and units and the summary's bottleneck.
func TestTimelineJSONTargets(t *testing.T) {
	for _, c := range []struct {
		kernel, bottleneck, kind string
		check                    func(rows []sim.TimelineRow) bool
	}{
		{"timeline_plena_hbm.asm", "the HBM port", "memory port", func(rows []sim.TimelineRow) bool {
			w := rows[0].Waits
			return len(w) == 2 && w[1].Cause == "hbm-read" && w[1].Backend && rows[0].Unit == "the HBM port" && rows[0].Slots == uint64(rows[0].Done-rows[0].Dispatch) &&
				rows[1].Waits[0].Inherited && rows[1].Waits[0].FromRow == 0
		}},
		{"timeline_aie2_vmac.s", "the vec slot", sim.BusiestUnit, func(rows []sim.TimelineRow) bool {
			return rows[0].Unit == "the lda slot" && len(rows[0].Uses) == 1 && rows[0].Uses[0].Unit == "the vec slot" && rows[1].Unit == "the vec slot" && len(rows[1].Uses) == 0
		}},
		{"timeline_aie2_banks.s", "a data-memory bank", "memory port", func(rows []sim.TimelineRow) bool {
			w := rows[0].Waits
			return len(w) == 1 && w[0].Cause == "bank_conflict" && w[0].Resource == "a data-memory bank" && strings.HasPrefix(w[0].On, "data-memory bank 0")
		}},
	} {
		t.Run(c.kernel, func(t *testing.T) {
			target, elf := timelineKernel(t, c.kernel)
			status, stdout, stderr := kcsim(t, elf, "-t", target, "-", "--timeline", "--timeline-format", "json")
			if status != 0 {
				t.Fatalf("exit %d, stderr:\n%s", status, stderr)
			}
			var out struct {
				Rows    []sim.TimelineRow
				Summary sim.TimelineSummary
			}
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatalf("%v:\n%s", err, stdout)
			}
			if out.Summary.Bottleneck != c.bottleneck || out.Summary.Kind != c.kind {
				t.Errorf("bottleneck %q (%s), want %q (%s)", out.Summary.Bottleneck, out.Summary.Kind, c.bottleneck, c.kind)
			}
			if len(out.Rows) != 12 || !c.check(out.Rows) {
				t.Errorf("%d rows: %+v", len(out.Rows), out.Rows[:min(2, len(out.Rows))])
			}
		})
	}
}
