package aie2

import (
	"encoding/binary"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestMoveForwardingInPlace: a vector permute's result reaches the next
// bundle's :mov operand one cycle early (II_VSHUFFLE dst=2:mov, II_VADD
// src=1:mov), so an in-place shuffle followed one bundle later by a read
// of the register's old value reads the new one, while an operand of
// another class in the same bundle (vst's data, read at issue) still gets
// the old one. No policy reports it: the forwarded read gets the newest
// value, what sequential code computes (the manual states the rule).
func TestMoveForwardingInPlace(t *testing.T) {
	const src = `	mova r0, #1
	mova r1, #2
	mova r3, #23
	vbcst.32 x0, r0
	vbcst.32 x1, r1
	nop
	nop
	vshuffle x0, x0, x1, r3
	vadd.32 x2, x0, x1 ; vst wl0, [p0, #0]
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	done
`
	for _, pol := range []Policy{Exposed, Warn, Interlock} {
		m := build(t, src, Options{Hazard: pol})
		if err := m.SetReg("p0", dmem); err != nil {
			t.Fatal(err)
		}
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %s", pol, h)
		}
		// Mode 23 (T512_1x2_hi) writes xb, all 2s, into x0.
		x2, err := m.Vec("wl2")
		if err != nil {
			t.Fatal(err)
		}
		if v := binary.LittleEndian.Uint32(x2); v != 4 {
			t.Errorf("%s: vadd one bundle after the in-place vshuffle: lane 0 = %d, want 4 (new x0 2 + x1 2, forwarded through :mov), not 3 (old x0)", pol, v)
		}
		if v := binary.LittleEndian.Uint32(m.peek(t, dmem, 4)); v != 1 {
			t.Errorf("%s: vst of wl0 in the same bundle stored %d, want 1 (old x0: a store's data is not of class :mov)", pol, v)
		}
		if _, n := m.Warnings(); n != 0 {
			t.Errorf("%s: %d warnings, want none (the forwarded read gets the newest value)", pol, n)
		}
	}
}

// TestBankStallHoldsResultsInFlight: a bank conflict freezes the whole
// core, results in flight included, so a read in the stalled bundle gets
// what it gets without the conflict. The add is issued 6 bundles after
// the lda, whose write lands in the add's read cycle and is not seen: it
// reads the 7 the program wrote before, with or without a conflict (two
// loads of its bundle on one bank, or its load meeting the vst.srs of two
// bundles before, which writes in its cycle 7), under every policy (the
// read is not stale, so interlock does not wait and warn does not report
// it). The only difference is the stall.
func TestBankStallHoldsResultsInFlight(t *testing.T) {
	for _, c := range []struct {
		name    string
		pre, rd string
		p3      uint64
		stalls  uint64
	}{
		{"no conflict", "nop", "vlda wl0, [p2, #0] ; vldb wl1, [p3, #0]", dmem + 0x4100, 0},
		{"two loads on one bank", "nop", "vlda wl0, [p2, #0] ; vldb wl1, [p3, #0]", dmem + 0x140, 1},
		{"load meets an earlier store", "vst.srs.s16.s32 bml0, s0, [p3, #0]", "vlda wl0, [p2, #0]", dmem + 0x140, 1},
		{"load and earlier store on other banks", "vst.srs.s16.s32 bml0, s0, [p3, #0]", "vlda wl0, [p2, #0]", dmem + 0x4100, 0},
	} {
		src := "\tmova r1, #7\n" + strings.Repeat("\tnop\n", 2) + "\tlda r1, [p0, #0]\n" + strings.Repeat("\tnop\n", 3) +
			"\t" + c.pre + "\n\tnop\n\t" + c.rd + " ; add r2, r1, #0\n" + strings.Repeat("\tnop\n", 8) + "\tdone\n"
		for _, pol := range []Policy{Exposed, Warn, Interlock} {
			m := build(t, src, Options{Hazard: pol})
			m.poke(t, dmem, []byte{42, 0, 0, 0})
			for r, v := range map[string]uint64{"p0": dmem, "p2": dmem + 0x100, "p3": c.p3} {
				if err := m.SetReg(r, v); err != nil {
					t.Fatal(err)
				}
			}
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s, %s: %s", c.name, pol, h)
			}
			st := m.Stats()
			if r2 := m.mustReg(t, "r2"); r2 != 7 {
				t.Errorf("%s, %s: r2 = %d, want 7 (the lda's 42 lands in the add's read cycle, stall or not)", c.name, pol, r2)
			}
			if s := st.StallCycles[stallBank]; s != c.stalls {
				t.Errorf("%s, %s: %d bank stall cycles, want %d", c.name, pol, s, c.stalls)
			}
			if _, n := m.Warnings(); n != 0 || st.StallCycles[stallInterlock] != 0 {
				t.Errorf("%s, %s: %d warnings, %d interlock stall cycles; want none", c.name, pol, n, st.StallCycles[stallInterlock])
			}
		}
	}
}

// TestManualStatesForwardingAndStalls: the manual's cycles section, the
// pipeline rules and the entries of the :mov-forwarding moves and permutes
// state the two rules above; an entry without the bypass (vmov of w) does
// not claim it.
func TestManualStatesForwardingAndStalls(t *testing.T) {
	cm, err := NewCostModel(loadHW(t))
	if err != nil {
		t.Fatal(err)
	}
	c := cm.(*CostModel)
	for _, w := range []struct{ where, text, want string }{
		{"cycles", c.Rules(), "reaches an operand of the same class one cycle early, so the very next bundle reads the new value"},
		{"cycles", c.Rules(), "(warn) does not report it"},
		{"cycles", c.Rules(), "The whole core stands still for it, results in flight included"},
		{"cycles", c.Rules(), "during those waits results in flight keep landing"},
		{"pipeline", c.pipeline(), "code that overwrites a register in place cannot read its old value there"},
	} {
		if !strings.Contains(w.text, w.want) {
			t.Errorf("%s section lacks %q", w.where, w.want)
		}
	}
	const inPlace = "after an in-place overwrite"
	for _, e := range []struct {
		name, itin string
		want       bool
	}{
		{"vshuffle", "II_VSHUFFLE", true},
		{"vmov", "II_VMOV_X", true},
		{"vadd.32", "II_VADD", true},
		{"vmov", "II_VMOV_W", false},
		{"vmac.f", "", false},
	} {
		found := false
		for _, in := range c.isa.Lookup(e.name) {
			if e.itin != "" && in.Attrs["itin"] != e.itin {
				continue
			}
			found = true
			if got := strings.Contains(c.Inst(in), inPlace); got != e.want {
				t.Errorf("%s (%s): entry states the in-place rule = %v, want %v:\n%s", e.name, in.Attrs["itin"], got, e.want, c.Inst(in))
			}
		}
		if !found {
			t.Errorf("no %s form with itinerary %q", e.name, e.itin)
		}
	}
}

// TestTimelineBankStallHoldsResultsInFlight: the timeline draws the freeze
// as the simulator runs it: the lda in flight during the stall is ready
// after the stalled bundle issues (its add reads the old r1), not in the
// cycle the bundle issues, which would tell the reader it sees the load.
func TestTimelineBankStallHoldsResultsInFlight(t *testing.T) {
	src := "\tmova r1, #7\n" + strings.Repeat("\tnop\n", 2) + "\tlda r1, [p0, #0]\n" + strings.Repeat("\tnop\n", 5) +
		"\tvlda wl0, [p2, #0] ; vldb wl1, [p3, #0] ; add r2, r1, #0\n" + strings.Repeat("\tnop\n", 8) + "\tdone\n"
	for _, c := range []struct {
		name  string
		p3    uint64
		stall int64
	}{
		{"no conflict", dmem + 0x4100, 0},
		{"bank conflict", dmem + 0x140, 1},
	} {
		tl := &sim.Timeline{}
		m := build(t, src, Options{CoreOptions: sim.CoreOptions{Timeline: tl}})
		for r, v := range map[string]uint64{"p0": dmem, "p2": dmem + 0x100, "p3": c.p3} {
			if err := m.SetReg(r, v); err != nil {
				t.Fatal(err)
			}
		}
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %s", c.name, h)
		}
		var ld, rd *sim.TimelineRow
		rows := tl.Rows()
		for i := range rows {
			switch {
			case strings.HasPrefix(rows[i].Text, "lda r1"):
				ld = &rows[i]
			case strings.HasPrefix(rows[i].Text, "vlda wl0"):
				rd = &rows[i]
			}
		}
		if ld == nil || rd == nil {
			t.Fatalf("%s: no lda or vlda row in %d rows", c.name, len(rows))
		}
		if want := ld.Issue + 7 + c.stall; ld.Done != want || rd.Issue != ld.Issue+6+c.stall {
			t.Errorf("%s: lda issues %d, ready %d (want %d); the stalled bundle issues %d (want %d)", c.name, ld.Issue, ld.Done, want, rd.Issue, ld.Issue+6+c.stall)
		}
	}
}
