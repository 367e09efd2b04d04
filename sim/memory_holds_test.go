package sim

import (
	"bytes"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestHoldsAndFill: Fill writes n copies of a byte (marked as loaded, so a
// released memory zeroes them), Holds compares in place, and both refuse
// ranges that leave a region or wrap around.
func TestHoldsAndFill(t *testing.T) {
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMemory(hw)
	defer m.Release()
	r := m.Regions[len(m.Regions)-1]
	base, size := r.Base, uint64(len(r.Data))
	for _, tc := range []struct {
		off, n uint64
		b      byte
	}{{0, 1, 0xAA}, {3, 1000, 0x5C}, {7, 0, 0x11}, {size - 77, 77, 0xFF}, {100, 64, 0}} {
		want := bytes.Repeat([]byte{tc.b}, int(tc.n))
		if err := m.Fill(base+tc.off, tc.n, tc.b); err != nil {
			t.Fatalf("Fill(%#x, %d): %v", base+tc.off, tc.n, err)
		}
		if !m.Holds(base+tc.off, want) {
			t.Errorf("after Fill(%#x, %d, %#x) memory does not hold it", base+tc.off, tc.n, tc.b)
		}
		got, _ := m.Peek(base+tc.off, tc.n)
		if !bytes.Equal(got, want) {
			t.Errorf("Peek after Fill(%#x, %d, %#x) = % x", base+tc.off, tc.n, tc.b, got[:min(8, len(got))])
		}
		if tc.n > 0 {
			changed := append([]byte(nil), want...)
			changed[tc.n/2] ^= 1
			if m.Holds(base+tc.off, changed) {
				t.Errorf("Holds(%#x) true for bytes that differ in one bit", base+tc.off)
			}
		}
	}
	for _, tc := range []struct{ addr, n uint64 }{{base + size - 3, 4}, {base + 1, ^uint64(0)}, {^uint64(0) - 1, 8}} {
		if err := m.Fill(tc.addr, tc.n, 1); err == nil {
			t.Errorf("Fill(%#x, %d) outside a region: no error", tc.addr, tc.n)
		}
	}
	if m.Holds(base+size-3, []byte{0, 0, 0, 0}) {
		t.Error("Holds true for a range past the region's end")
	}
	// Filled bytes are loaded bytes: ResetReported zeroes them.
	m.ResetReported()
	if !m.Holds(base+3, make([]byte, 1000)) {
		t.Error("ResetReported left filled bytes behind")
	}
}
