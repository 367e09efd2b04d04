package rtlbench

import "testing"

func TestGeomFractional(t *testing.T) {
	for _, c := range []struct {
		g              Geom
		legal          bool
		regs, wide     int
		name           string
		vtype          int
		elems, segMem4 int
	}{
		{Geom{SEW: 8, LMUL: 1}, true, 1, 2, "1", 0xc0, 16, 4},
		{Geom{SEW: 8, LMUL: 4}, true, 4, 8, "4", 0xc2, 16, 4},
		{Geom{SEW: 8, LMUL: -2}, true, 1, 1, "mf2", 0xc7, 8, 2},
		{Geom{SEW: 8, LMUL: -4}, true, 1, 1, "mf4", 0xc6, 4, 1},
		{Geom{SEW: 8, LMUL: -8}, false, 1, 1, "mf8", 0xc5, 2, 1},
		{Geom{SEW: 16, LMUL: -2}, true, 1, 1, "mf2", 0xcf, 4, 2},
		{Geom{SEW: 16, LMUL: -4}, false, 1, 1, "mf4", 0xce, 2, 1},
		{Geom{SEW: 32, LMUL: -2}, false, 1, 1, "mf2", 0xd7, 2, 2},
		{Geom{SEW: 32, LMUL: 2}, true, 2, 4, "2", 0xd1, 4, 4},
	} {
		g := c.g
		if g.Legal() != c.legal || g.Regs() != c.regs || g.Group(2) != c.wide || g.Elems() != c.elems {
			t.Errorf("%v: legal %v regs %d wide %d elems %d, want %v %d %d %d",
				g, g.Legal(), g.Regs(), g.Group(2), g.Elems(), c.legal, c.regs, c.wide, c.elems)
		}
		if n := LMULName(g.LMUL); n != c.name {
			t.Errorf("%v: name %q, want %q", g, n, c.name)
		} else if back, err := ParseLMUL(n); err != nil || back != g.LMUL {
			t.Errorf("%v: ParseLMUL(%q) = %d, %v", g, n, back, err)
		}
		if v := g.Vtype(); v != c.vtype {
			t.Errorf("%v: vtype %#x, want %#x", g, v, c.vtype)
		}
		// A 4-field segment load at e8 m1 touches 4 lines a register; at
		// fractional LMUL the fields span less.
		if g.SEW == 8 {
			if m := segClass('L', 4).Mem(g); m.Lines != c.segMem4 || m.Regs != 4*g.Regs() {
				t.Errorf("%v: vlseg4 %+v, want %d lines of %d registers", g, m, c.segMem4, 4*g.Regs())
			}
		}
	}
}

func TestGeomsFractional(t *testing.T) {
	c, ok := ClassByName("vadd.vv")
	if !ok {
		t.Fatal("no vadd.vv")
	}
	frac := map[string]bool{}
	for _, g := range c.Geoms() {
		if !g.Legal() {
			t.Errorf("illegal geometry %v measured", g)
		}
		if g.LMUL < 0 && !g.Masked {
			frac[g.String()] = true
		}
	}
	for _, want := range []string{"e8/mf4/u/rm0", "e8/mf2/u/rm0", "e16/mf2/u/rm0"} {
		if !frac[want] {
			t.Errorf("vadd.vv not measured at %s", want)
		}
	}
	if len(frac) != 3 {
		t.Errorf("fractional geometries %v, want 3", frac)
	}
	// Whole-register classes are measured only at LMUL 1, unmasked.
	w, _ := ClassByName("vl8re8.v")
	for _, g := range w.Geoms() {
		if g.LMUL != 1 || g.Masked {
			t.Errorf("vl8re8.v at %v", g)
		}
	}
}
