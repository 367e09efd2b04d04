package plena

import (
	"slices"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// timelineKernels are loops whose bottleneck is known by construction.
var timelineKernels = []struct {
	name, src, bottleneck string
}{
	// Scalar and control instructions of 1 cycle, one after another.
	{"latency", `
S_ADDI_INT gp1, gp0, 1
C_LOOP_START gp10, 6
S_ADDI_INT gp2, gp2, 1
S_ADDI_INT gp3, gp3, 2
S_ADD_FP f1, f1, f1
C_LOOP_END gp10
`, LatencyBound},
	// A row through the vector unit between an HBM read and an HBM write.
	{"hbm", `
S_ADDI_INT gp1, gp0, 4096
C_SET_SCALE_REG gp1
C_SET_ADDR_REG a0, gp0, gp0
S_ADDI_INT gp2, gp0, 0
S_ADDI_INT gp3, gp0, 0
C_LOOP_START gp10, 4
H_PREFETCH_V gp2, gp3, a0, 0, 0
V_ADD_VV gp2, gp2, gp2, 0
H_STORE_V gp2, gp3, a0, 0, 0
S_ADDI_INT gp3, gp3, 256
C_LOOP_END gp10
`, "the HBM port"},
	// Vector reductions (8 cycles each) on one row.
	{"vector", `
S_ADDI_INT gp2, gp0, 0
C_LOOP_START gp10, 5
V_RED_SUM f1, gp2
V_RED_SUM f2, gp2
S_ADDI_INT gp3, gp3, 1
C_LOOP_END gp10
`, "the vector unit"},
}

// TestTimelineBottlenecks: the default window's summary names each
// kernel's bottleneck, and H_ instructions wait on the HBM port (reads
// for prefetches, writes for stores) while the row behind them only
// passes the wait on.
func TestTimelineBottlenecks(t *testing.T) {
	hw := loadHW(t, "plena")
	for _, k := range timelineKernels {
		t.Run(k.name, func(t *testing.T) {
			tl := &sim.Timeline{}
			m := newMachine(t, hw, k.src, Options{CoreOptions: sim.CoreOptions{Timeline: tl}})
			if h := m.Run(); h.Kind != sim.HaltEnd {
				t.Fatal(h)
			}
			rows := tl.Rows()
			s := sim.Summarize(rows, 0)
			if s.Bottleneck != k.bottleneck {
				t.Errorf("bottleneck %q, want %q: %s", s.Bottleneck, k.bottleneck, s.Text)
			}
			if len(rows) == 0 || !strings.HasPrefix(tl.Describe(), "the hottest loop") {
				t.Fatalf("%d rows of %s", len(rows), tl.Describe())
			}
			for i, r := range rows {
				for _, w := range r.Waits {
					ok := true
					switch w.Cause {
					case HBMRead:
						ok = strings.HasPrefix(r.Text, "H_PREFETCH") && w.Backend && int64(w.Cycles) == r.Done-r.Dispatch
					case HBMWrite:
						ok = strings.HasPrefix(r.Text, "H_STORE_V") && w.Backend && int64(w.Cycles) == r.Done-r.Dispatch
					case SerialIssue:
						if i > 0 {
							p := rows[i-1]
							ok = w.FromRow == i-1 && int64(w.Cycles) == p.Done-p.Dispatch && w.Inherited == strings.HasPrefix(p.Text, "H_")
						}
					default:
						ok = false
					}
					if !ok {
						t.Errorf("row %d (%s): wait %+v", i, r.Text, w)
					}
				}
			}
		})
	}
}

// TestTimelineSerial: over the whole run, every row starts when the one
// before it completes, the rows' cycles add up to the run's, and the
// cycles, counters and rows are those of the run without a timeline and
// of the reference stepper.
func TestTimelineSerial(t *testing.T) {
	hw := loadHW(t, "plena")
	for _, k := range timelineKernels {
		whole := sim.TimelineWindow{Kind: sim.TimelineCycles, From: 0, To: 1 << 40}
		tl := &sim.Timeline{Window: whole, MaxRows: 5000}
		m := newMachine(t, hw, k.src, Options{CoreOptions: sim.CoreOptions{Timeline: tl}})
		m.Run()
		plain := newMachine(t, hw, k.src, Options{})
		plain.Run()
		a, b := plain.Stats(), m.Stats()
		if a.Cycles != b.Cycles || a.Instructions != b.Instructions || !slices.Equal(a.Counters, b.Counters) {
			t.Errorf("%s: with a timeline %d cycles %v, without %d %v", k.name, b.Cycles, b.Counters, a.Cycles, a.Counters)
		}
		rows := tl.Rows()
		if uint64(len(rows)) != b.Instructions {
			t.Fatalf("%s: %d rows for %d instructions", k.name, len(rows), b.Instructions)
		}
		var sum int64
		for i, r := range rows {
			if i > 0 && r.Dispatch != rows[i-1].Done || r.Issue != r.Dispatch || r.Done < r.Dispatch {
				t.Errorf("%s: row %d: %d..%d after %d..%d", k.name, i, r.Dispatch, r.Done, rows[i-1].Dispatch, rows[i-1].Done)
			}
			sum += r.Done - r.Dispatch
		}
		if uint64(sum) != b.Cycles {
			t.Errorf("%s: rows take %d cycles, the run %d", k.name, sum, b.Cycles)
		}
		ref := &sim.Timeline{Window: whole, MaxRows: 5000}
		r := newMachine(t, hw, k.src, Options{CoreOptions: sim.CoreOptions{Timeline: ref, Reference: true}})
		r.Run()
		got := ref.Rows()
		if len(got) != len(rows) {
			t.Fatalf("%s: the reference stepper has %d rows, Run %d", k.name, len(got), len(rows))
		}
		for i := range got {
			if got[i].PC != rows[i].PC || got[i].Dispatch != rows[i].Dispatch || got[i].Done != rows[i].Done || got[i].Text != rows[i].Text || len(got[i].Waits) != len(rows[i].Waits) {
				t.Errorf("%s: row %d: reference %+v, Run %+v", k.name, i, got[i], rows[i])
			}
		}
	}
}
