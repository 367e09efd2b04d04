package aie2

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/sim"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// earlyKernel loads a word and adds it to itself in the next bundle, in a
// zero-overhead loop: the add reads r1 six cycles before the load's value
// lands (a scalar load takes 7).
var earlyKernel = `
	movxm p0, #0x70000
	movxm ls, #start
	movxm le, #last
	movxm lc, #4
` + strings.Repeat(wideNop+"\n", 7) + `
	.p2align 4
start:
	lda r1, [p0, #0] ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; add r3, r1, r1 ; nopm ; nopv
last:
	nopa ; nopb ; st r3, [p0, #8] ; nopx ; nopm ; nopv
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	done
`

// TestTimelinePolicies: under interlock the add's row waits for r1,
// naming the load's bundle, and the summary names the register
// dependency; under warn the add's row notes each read of the old r1
// (a wait of 0 cycles) and nothing waits; under exposed the model tracks
// no early reads and the rows have no waits. Goldens in testdata/.
func TestTimelinePolicies(t *testing.T) {
	for _, c := range []struct {
		pol        Policy
		summary    string
		addWaits   string // the first add row's waits
		staleReads int
	}{
		{Interlock, "bottleneck: register dependency, ", "interlock 6 on r1 waits for the write of [", 0},
		{Warn, "no waits", "stale-read 0 on r1 read (old value) before the write of [", 3},
		{Exposed, "no waits", "", 0},
	} {
		t.Run(c.pol.String(), func(t *testing.T) {
			tl := &sim.Timeline{}
			m := run(t, earlyKernel, Options{CoreOptions: sim.CoreOptions{Timeline: tl}, Hazard: c.pol})
			rows := tl.Rows()
			if len(rows) != 9 {
				t.Fatalf("%d rows, want 3 iterations of 3 bundles", len(rows))
			}
			var text bytes.Buffer
			tl.WriteText(&text)
			out := text.String()
			if !strings.Contains(out, "summary: ") || !strings.Contains(out[strings.Index(out, "summary: "):], c.summary) {
				t.Errorf("summary does not say %q:\n%s", c.summary, out)
			}
			add := rows[1]
			if !strings.HasPrefix(add.Text, "add r3, r1, r1") {
				t.Fatalf("row 1 is %q", add.Text)
			}
			got := waitsText(add.Waits)
			if c.addWaits == "" && got != "" || c.addWaits != "" && !strings.Contains(got, c.addWaits) {
				t.Errorf("add waits %q, want %q", got, c.addWaits)
			}
			for _, w := range add.Waits {
				if w.HasFrom && w.From != rows[0].PC {
					t.Errorf("the add waits on %#x, not the load at %#x", w.From, rows[0].PC)
				}
			}
			stale := 0
			for _, r := range rows {
				for _, w := range r.Waits {
					if w.Cause == StaleRead {
						stale++
					}
				}
			}
			if _, n := m.Warnings(); stale != c.staleReads || c.pol == Warn && n == 0 {
				t.Errorf("%d stale reads noted in the window (%d warnings in the run), want %d", stale, n, c.staleReads)
			}
			golden(t, filepath.Join("testdata", "timeline_"+c.pol.String()+".txt"), out)
		})
	}
}

// waitsText is the waits as the timeline prints them (FromRow resolved
// by Timeline.Rows).
func waitsText(ws []sim.TimelineWait) string {
	var parts []string
	for _, w := range ws {
		p := fmt.Sprintf("%s %d on %s", w.Cause, w.Cycles, w.On)
		if w.HasFrom {
			p += fmt.Sprintf(" %s [%d]", w.Rel, w.FromRow)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}

// TestTimelineSameCycles: a run's cycles, stalls and counters are the
// same with a timeline, under every policy, and the reference stepper
// gives the same rows as the fast path.
func TestTimelineSameCycles(t *testing.T) {
	kernels := map[string]string{"early": earlyKernel, "zol": zolSrc(5), "stale": staleKernel}
	for name, src := range kernels {
		for _, pol := range []Policy{Exposed, Warn, Interlock} {
			plain := run(t, src, Options{Hazard: pol})
			tl := &sim.Timeline{Window: sim.TimelineWindow{Kind: sim.TimelineCycles, From: 0, To: 1 << 40}, MaxRows: 5000}
			with := run(t, src, Options{CoreOptions: sim.CoreOptions{Timeline: tl}, Hazard: pol})
			a, b := plain.Stats(), with.Stats()
			if a.Cycles != b.Cycles || a.Instructions != b.Instructions || !equalU64(a.StallCycles, b.StallCycles) || !equalU64(a.Counters, b.Counters) {
				t.Errorf("%s/%s: with a timeline %d cycles %v %v, without %d %v %v", name, pol, b.Cycles, b.StallCycles, b.Counters, a.Cycles, a.StallCycles, a.Counters)
			}
			rows := tl.Rows()
			if uint64(len(rows)) != b.Counters[cntBundles] {
				t.Errorf("%s/%s: %d rows for %d bundles", name, pol, len(rows), b.Counters[cntBundles])
			}
			// Each row issues the cycle after the previous one and its stalls.
			var stalls uint64
			for i, r := range rows {
				var s int64
				for _, w := range r.Waits {
					s += int64(w.Cycles)
					stalls += w.Cycles
				}
				if i > 0 && r.Dispatch != rows[i-1].Dispatch+1+s {
					t.Errorf("%s/%s: row %d issues in cycle %d, after %d with %d stall cycles", name, pol, i, r.Dispatch, rows[i-1].Dispatch, s)
				}
			}
			if stalls != b.StallCycles[stallBank]+b.StallCycles[stallInterlock] {
				t.Errorf("%s/%s: %d stall cycles in the rows, %v in the stats", name, pol, stalls, b.StallCycles)
			}
			ref := &sim.Timeline{Window: tl.Window, MaxRows: 5000}
			r := run(t, src, Options{CoreOptions: sim.CoreOptions{Timeline: ref, Reference: true}, Hazard: pol})
			if r.Cycles() != with.Cycles() || !sameRows(ref.Rows(), rows) {
				t.Errorf("%s/%s: the reference stepper's rows differ", name, pol)
			}
		}
	}
}

func equalU64(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameRows(a, b []sim.TimelineRow) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].PC != b[i].PC || a[i].Dispatch != b[i].Dispatch || a[i].Done != b[i].Done || a[i].Text != b[i].Text || waitsText(a[i].Waits) != waitsText(b[i].Waits) {
			return false
		}
	}
	return true
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
		t.Fatalf("%v (go test ./sim/aie2 -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
	}
}
