package coral

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// TestCostTablesMatchRuns: every cell of every vector instruction's cost
// table (the manual's numbers) is what the simulator measures: the
// program "vsetvli; the instruction; mpause" takes the cycles the cell
// says (dispatch, issue the next cycle, result after the cell's cycles,
// mpause waiting for it), and a cell shown as illegal ("-") traps.
func TestCostTablesMatchRuns(t *testing.T) {
	h := hw(t, "coral-f")
	cm, err := NewCostModel(h)
	if err != nil {
		t.Fatal(err)
	}
	c := cm.(*costModel)
	cells, legal := 0, 0
	for _, in := range c.enabled() {
		vo, o, ok := c.vecOp(in)
		if !ok {
			continue
		}
		for _, sew := range []uint32{8, 16, 32} {
			for _, l := range lmuls {
				cell := c.cost(vo, o, sew, l.vlmul)
				vtype := int64(0xc0 | map[uint32]uint32{8: 0, 16: 1, 32: 2}[sew]<<3 | l.vlmul)
				m := newMachineHW(t, h, Options{}, []uint32{enc(t, "vsetvli", t0, zero, vtype), o.word, 0x08000073})
				m.SetX(a0, dtcm)
				hl := m.Run()
				cells++
				name := fmt.Sprintf("%s e%d m%s", in.Mnemonic, sew, l.name)
				if !cell.ok {
					if hl.Kind != sim.HaltTrap {
						t.Errorf("%s: the manual says illegal, the run ends %s", name, hl)
					}
					continue
				}
				legal++
				want := uint64(cell.ready) + 2 + uint64(m.t.vRetire) // vsetvli at 0, issue at 1, mpause after the retire
				if in.Flags["alone"] {
					want++ // dispatched in a fresh cycle
				}
				if hl.Kind != sim.HaltPause || m.Stats().Cycles != want {
					t.Errorf("%s: the manual says %s (%d cycles), the run ends %s after %d", name, cell, want, hl, m.Stats().Cycles)
				}
			}
		}
	}
	t.Logf("%d cost cells compared with runs (%d legal)", cells, legal)
	if legal < 1000 {
		t.Errorf("only %d legal cells", legal)
	}
}

// TestCostModelFollowsConfig: the manual's numbers are the config's: a
// changed timing value changes the text where it matters.
func TestCostModelFollowsConfig(t *testing.T) {
	base := hw(t, "coral")
	rulesOf := func(h *isadefs.HW) (string, sim.CostModel) {
		t.Helper()
		cm, err := NewCostModel(h)
		if err != nil {
			t.Fatal(err)
		}
		return cm.Rules(), cm
	}
	orig, _ := rulesOf(base)
	for _, tc := range []struct {
		key      string
		val      int64
		was, now []string
		inst     string // an instruction whose entry changes too
		instNow  string
	}{
		{"lat.vdiv.e32", 20, []string{"5/8/13 at SEW 8/16/32", "vdivu.vv (e32)       vdiv×1             1/13/14"}, []string{"5/8/20 at SEW 8/16/32", "vdivu.vv (e32)       vdiv×1             1/20/21     2/40/41"}, "vdivu.vv", "e32  LMUL=1 1/20/21"},
		{"vec.units.valu", 1, []string{"valu 2,", "vadd.vv (e32)        valu×2"}, []string{"valu 1,", "vadd.vv (e32)        valu×1             1/1/2       2/2/3       4/4/5       8/8/9"}, "vadd.vv", "vector unit valu×1"},
		{"mispredict_penalty", 3, []string{"2 cycles after the branch (1 + mispredict_penalty 1)"}, []string{"4 cycles after the branch (1 + mispredict_penalty 3)"}, "bne", "4 cycles later"},
		{"lat.div", 40, []string{"hold their unit 33 cycles (lat.div)"}, []string{"hold their unit 40 cycles (lat.div)", "- lat.div = 40:"}, "div", "holds its unit 40 cycles"},
		{"dispatch_width", 2, []string{"at most 4 instructions per cycle"}, []string{"at most 2 instructions per cycle"}, "", ""},
		{"vec.dispatch_width", 1, []string{"at most 2 per cycle (vec.dispatch_width)"}, []string{"at most 1 per cycle (vec.dispatch_width)"}, "", ""},
		{"lat.vlsu", 5, []string{"vle32.v (e32)        memory port        1/5/6"}, []string{"vle32.v (e32)        memory port        1/5/8       2/9/12"}, "vle32.v", "result ready 5 cycles (lat.vlsu)"},
		{"vec.retire", 4, []string{"retires 2 cycles after its last result"}, []string{"retires 4 cycles after its last result"}, "vadd.vv", "retired 4 cycles later (vec.retire)"},
		{"vec.units.vred", 1, []string{"vred shares the vperm unit"}, []string{"vred 1"}, "vredsum.vs", "vector unit vred×1"},
	} {
		h := *base
		h.Timing = maps.Clone(base.Timing)
		h.Timing[tc.key] = tc.val
		got, cm := rulesOf(&h)
		for _, s := range tc.was {
			if !strings.Contains(orig, s) {
				t.Errorf("%s: the coral manual lacks %q:\n%s", tc.key, s, orig)
			}
			if strings.Contains(got, s) {
				t.Errorf("%s = %d: the manual still says %q", tc.key, tc.val, s)
			}
		}
		for _, s := range tc.now {
			if !strings.Contains(got, s) {
				t.Errorf("%s = %d: the manual lacks %q:\n%s", tc.key, tc.val, s, got)
			}
		}
		if tc.inst != "" {
			if e := cm.Inst(testISA.Lookup(tc.inst)[0]); !strings.Contains(e, tc.instNow) {
				t.Errorf("%s = %d: the %s entry lacks %q:\n%s", tc.key, tc.val, tc.inst, tc.instNow, e)
			}
		}
	}
}
