package manual

import (
	"slices"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	_ "kernelcraft/sim/aie2"
	_ "kernelcraft/sim/coral"
	_ "kernelcraft/sim/plena"
)

// peakModel is the timing model of hardware config name as a
// sim.PeakModel, with the instructions the config enables.
func peakModel(t *testing.T, name string) (sim.PeakModel, []*isadefs.Inst) {
	t.Helper()
	hw, err := isadefs.HWByName(name)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := tg.Costs(hw)
	if err != nil {
		t.Fatal(err)
	}
	pm, ok := cm.(sim.PeakModel)
	if !ok {
		t.Fatalf("%s: the %s timing model states no peaks (sim.PeakModel)", name, hw.ISA)
	}
	isa, err := isadefs.LoadISA(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	var insts []*isadefs.Inst
	for _, in := range isa.Insts {
		if hw.HasExt(in.Ext()) {
			insts = append(insts, in)
		}
	}
	return pm, insts
}

// TestPeaks walks every instruction every built-in config enables (but
// the one that keeps PLENA's emulator's table on purpose)
// and fails where one declares no work (nor a reason for having none) or
// where the cycles the timing model charges it imply more work per cycle
// than its unit's peak, which the model derives from the config. Every
// registered target must take part.
func TestPeaks(t *testing.T) {
	tested := map[string]bool{}
	for _, name := range isadefs.HWNames() {
		hw, err := isadefs.HWByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if wb, ok := hw.Timing["work_bound"]; ok && wb == 0 {
			continue // PLENA's emulator's own table, kept on purpose: TestPeaksFindEmulatorTable
		}
		pm, insts := peakModel(t, name)
		tested[hw.ISA] = true
		uses, atPeak := 0, 0
		peaks := map[[2]string]sim.Peak{}
		for _, p := range pm.Peaks() {
			peaks[[2]string{p.Unit, p.Measure}] = p
		}
		for _, in := range insts {
			us, _, _ := pm.Uses(in)
			uses += len(us)
			for _, u := range us {
				if p := peaks[[2]string{u.Unit, u.Measure}]; u.Work*p.Den == p.Num*u.Cycles {
					atPeak++
				}
			}
		}
		for _, e := range sim.CheckPeaks(pm, insts) {
			t.Errorf("%s: %s", name, e)
		}
		t.Logf("%s: %d instructions, %d uses checked against %d peaks, %d of them exactly at a peak", name, len(insts), uses, len(pm.Peaks()), atPeak)
	}
	for _, tg := range sim.Targets() {
		if !tested[tg.Name] {
			t.Errorf("target %s has no config in TestPeaks", tg.Name)
		}
	}
}

// TestPeaksFindEmulatorTable: under plena-emulator (PLENA's emulator's
// cycle table) the check finds exactly the instructions that table lets
// do more than the unit can: the batched products and write-outs.
func TestPeaksFindEmulatorTable(t *testing.T) {
	pm, insts := peakModel(t, "plena-emulator")
	var got []string
	for _, e := range sim.CheckPeaks(pm, insts) {
		got = append(got, e.Inst)
		t.Log(e)
	}
	slices.Sort(got)
	want := []string{"M_BMM", "M_BMM_WO", "M_BMV", "M_BMV_WO", "M_BTMM", "M_BTMV"}
	if !slices.Equal(got, want) {
		t.Errorf("plena-emulator: the check finds %v, want %v", got, want)
	}
}

// TestCheckPeaksRules: an instruction without declared work, a use on a
// unit without a peak and work beyond the peak are each reported.
func TestCheckPeaksRules(t *testing.T) {
	isa, err := isadefs.Parse("t.isa", "isa t\nword 32\ninst a | | 31..0=1 | unit=u | x\ninst b | | 31..0=2 | unit=u | x\ninst c | | 31..0=3 | unit=u | x\ninst d | | 31..0=4 | unit=u | x\ninst e | | 31..0=5 | unit=u | x\n")
	if err != nil {
		t.Fatal(err)
	}
	pm := fakePeaks{
		"a": {{Unit: "u", Measure: "macs", Work: 32, Cycles: 2}}, // 16 per cycle: at the peak
		"b": {{Unit: "u", Measure: "macs", Work: 33, Cycles: 2}}, // over
		"c": {{Unit: "v", Measure: "macs", Work: 1, Cycles: 1}},  // no peak
		"d": nil,                                                 // no work, no reason
		"e": {{Unit: "u", Measure: "bytes", Work: 7, Cycles: 1}}, // 7 <= 15/2
	}
	var got []string
	for _, e := range sim.CheckPeaks(pm, isa.Insts) {
		got = append(got, e.Inst+": "+e.Why)
	}
	want := []string{"b: 33 macs in 2 cycle(s)", "c: 1 macs on unit v", "d: declares no work"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %d reports", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("report %d: %q, want it to start %q", i, got[i], want[i])
		}
	}
}

type fakePeaks map[string][]sim.Use

func (f fakePeaks) Peaks() []sim.Peak {
	return []sim.Peak{{Unit: "u", Measure: "macs", Num: 16, Den: 1}, {Unit: "u", Measure: "bytes", Num: 15, Den: 2}}
}

func (f fakePeaks) Uses(in *isadefs.Inst) ([]sim.Use, string, error) {
	return f[in.Name], "", nil
}

func TestPeakRate(t *testing.T) {
	for _, tc := range []struct {
		num, den int64
		want     string
	}{{16, 1, "16"}, {256000, 4000, "64"}, {1, 33, "1/33"}, {10, 4, "5/2"}, {0, 1, "0"}} {
		if got := (sim.Peak{Num: tc.num, Den: tc.den}).Rate(); got != tc.want {
			t.Errorf("%d/%d: %q, want %q", tc.num, tc.den, got, tc.want)
		}
	}
}
