package aie2

import (
	"strings"
	"testing"
)

// TestLUTPasses: the exp and divide passes schedule at their slot bound
// or near it, and the kernels they make assemble.
func TestLUTPasses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		emit  func(p *Prog) (int, error)
		maxII int
	}{
		{"exp -x", func(p *Prog) (int, error) {
			return ExpPass(p, ExpSpec{Sign: -1, Denom: true}, 40, "p1", "p2", "p3", "p4")
		}, 12},
		{"exp, sum", func(p *Prog) (int, error) {
			return ExpPass(p, ExpSpec{Sign: 1, Shift: 100, Sum: true}, 40, "p1", "p2", "p3", "p4")
		}, 12},
		{"gelu arg", func(p *Prog) (int, error) { return GELUArgPass(p, 40, "p1", "p2", "p4") }, 11},
		{"divide", func(p *Prog) (int, error) { return DividePass(p, 40, "p1", "p2", "p3", "p4", "p6") }, 11},
	} {
		p := &Prog{}
		LUTConsts(p)
		ii, err := tc.emit(p)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		t.Logf("%s: ii %d", tc.name, ii)
		if ii > tc.maxII {
			t.Errorf("%s: ii %d, want <= %d", tc.name, ii, tc.maxII)
		}
		p.Op("done")
		assemble(t, string(p.Source()))
	}
}

// TestVerifyCatchesOverwrite: a value read after the next iteration's
// write of its register has landed is refused at that interval.
func TestVerifyCatchesOverwrite(t *testing.T) {
	ops := []VOp{
		vop("lda", 7, "wl0", "", "vlda wl0, [p0], #32"),
		vop("vec", 6, "bml2", "wl0", "vmul.f bml2, x0, x1, r1"),
		vop("st", 1, "", "bml2", "vst.conv.bf16.fp32 bml2, [p1], #32"),
	}
	T := []int{0, 7, 20}
	if err := verify(ops, T, 4); err == nil || !strings.Contains(err.Error(), "bml2") {
		t.Errorf("ii 4 with bml2 read 7 cycles after landing: %v", err)
	}
	if err := verify(ops, T, 8); err != nil {
		t.Errorf("ii 8: %v", err)
	}
}
