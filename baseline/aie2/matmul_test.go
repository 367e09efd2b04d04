package aie2

import (
	"strings"
	"testing"
)

// cyclesOf are the bundle indices (0-based, labels and directives
// skipped) of the bundles containing sub.
func cyclesOf(src, sub string) []int {
	n := 0
	var out []int
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "\t.") {
			continue
		}
		if strings.Contains(l, sub) {
			out = append(out, n)
		}
		n++
	}
	return out
}

// cycleOf is the first of cyclesOf, or -1.
func cycleOf(src, sub string) int {
	if c := cyclesOf(src, sub); len(c) > 0 {
		return c[0]
	}
	return -1
}

// TestSchedTiming: the list scheduler places a reader after its value
// lands (a vector load's 7 cycles, a shuffle's 2), lets a later write
// issue before an earlier read as long as it lands after it (the
// exposed pipeline), keeps two lda operations out of one bundle and
// assembles.
func TestSchedTiming(t *testing.T) {
	g := newMMGen()
	a, b, c := g.v(), g.v(), g.v()
	g.op("vlda "+vlo(a)+", [p0, #0]", []mmOpnd{{"p0", 1}}, []mmOpnd{{vlo(a), 7}}, &mmMem{region: "a", banks: 1, c: 5})
	g.op("vlda "+vhi(a)+", [p0, #32]", []mmOpnd{{"p0", 1}}, []mmOpnd{{vhi(a), 7}}, &mmMem{region: "a", banks: 2, c: 5})
	if err := g.shuffle(vx(b), vx(a), vx(a), shufT128Lo); err != nil {
		t.Fatal(err)
	}
	if err := g.shuffle(vx(c), vx(b), vx(b), shufT128Hi); err != nil {
		t.Fatal(err)
	}
	// r9 is read in cycle 1 of the st (issue) and rewritten by a later
	// load: the load may issue first if it lands after the read.
	g.op("st r9, [p1, #0]", []mmOpnd{{"r9", 1}, {"p1", 1}}, nil, &mmMem{region: "c", banks: 4, c: 5, store: true})
	g.op("lda r9, [p2, #0]", []mmOpnd{{"p2", 1}}, []mmOpnd{{"r9", 7}}, &mmMem{region: "d", banks: 8, c: 5})
	g.op("vst "+vlo(c)+", [p1, #32]", []mmOpnd{{vlo(c), 1}, {"p1", 1}}, nil, &mmMem{region: "c", banks: 4, c: 5, store: true})
	g.op("done", nil, nil, nil)
	p := &Prog{}
	if err := g.emit(p); err != nil {
		t.Fatal(err)
	}
	src := string(p.Source())
	assemble(t, src)
	l0, l1 := cycleOf(src, "vlda wl"), cycleOf(src, "vlda wh")
	sh := cyclesOf(src, "vshuffle")
	if len(sh) != 2 {
		t.Fatalf("%d shuffles:\n%s", len(sh), src)
	}
	s1, s2 := sh[0], sh[1]
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"two loads in two bundles", l0 >= 0 && l1 > l0},
		{"shuffle 7 cycles after the last load", s1 >= l1+7},
		{"dependent shuffle 2 cycles later", s2 >= s1+2},
		{"store 2 cycles after its shuffle", cycleOf(src, "vst w") >= s2+2},
		{"lda r9 lands after the st reads r9", cycleOf(src, "lda r9")+7 > cycleOf(src, "st r9")},
	} {
		if !tc.ok {
			t.Errorf("%s:\n%s", tc.name, src)
		}
	}
}

// TestSchedErrors: an operation reading a virtual register nobody wrote,
// more live vector values than registers, and an unknown mnemonic are
// errors, not panics.
func TestSchedErrors(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		build      func(g *mmGen)
	}{
		{"read before write", "before any write", func(g *mmGen) {
			v := g.v()
			g.op("vst "+vlo(v)+", [p1, #0]", []mmOpnd{{vlo(v), 1}, {"p1", 1}}, nil, nil)
		}},
		{"too many live values", "no free vector register", func(g *mmGen) {
			var vs []int
			for range 13 {
				v := g.v()
				vs = append(vs, v)
				g.op("vlda "+vlo(v)+", [p0, #0]", []mmOpnd{{"p0", 1}}, []mmOpnd{{vlo(v), 7}}, nil)
			}
			for _, v := range vs {
				g.op("vst "+vlo(v)+", [p1, #0]", []mmOpnd{{vlo(v), 1}, {"p1", 1}}, nil, nil)
			}
		}},
		{"unknown mnemonic", "no slot", func(g *mmGen) { g.op("frobnicate r1", nil, nil, nil) }},
	} {
		g := newMMGen()
		tc.build(g)
		err := g.emit(&Prog{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestMatMulSpecErrors: shapes the kernel does not handle are clear
// errors.
func TestMatMulSpecErrors(t *testing.T) {
	for _, sp := range []MMSpec{
		{M: 8, N: 16, K: 15, LDC: 16, AAddr: 0x74000, BAddr: 0x78000, CAddr: 0x7c000},
		{M: 8, N: 16, K: 8, LDC: 16, AAddr: 0x74000, BAddr: 0x78000, CAddr: 0x7c000},
		{M: 8, N: 16, K: 32, LDC: 16, AAddr: 0x7ff00, BAddr: 0x78000, CAddr: 0x7c000},
	} {
		if err := MatMul(&Prog{}, &sp, true); err == nil {
			t.Errorf("%+v: no error", sp)
		}
	}
}
