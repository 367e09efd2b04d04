package aie2

import (
	"bytes"
	"testing"
)

// TestVMovD: vmov.d copies an accumulator through the MAC pipeline
// (AIE2Schedule.td II_VMOV_D: source read in cycle 3, result in cycle
// 5): a copy into the source by a bundle issued with it (landing in
// cycle 2) is what it copies, and a read 4 cycles later still sees the
// destination's old value, 5 later the copy.
func TestVMovD(t *testing.T) {
	old, early, late := fill(128, 4, 0x11111111), fill(128, 4, 0x22222222), fill(128, 4, 0x33333333)
	m := build(t, "vmov.d cm2, cm0 ; vmov cm0, cm1\nnop\nnop\nnop\nvmov x6, bml2\nvmov x7, bml2\nnop\nnop\ndone\n", Options{})
	m.SetVec("cm0", early)
	m.SetVec("cm1", late)
	m.SetVec("cm2", old)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	got, _ := m.Vec("cm2")
	if !bytes.Equal(got, late) {
		t.Errorf("cm2 % x, want the value cm0 had in cycle 3 (% x)", got[:8], late[:8])
	}
	x6, _ := m.Vec("x6")
	x7, _ := m.Vec("x7")
	if !bytes.Equal(x6, old[:64]) || !bytes.Equal(x7, late[:64]) {
		t.Errorf("4 cycles after: % x (want the old % x); 5 after: % x", x6[:8], old[:8], x7[:8])
	}
}
