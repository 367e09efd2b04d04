package aie2

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// TestShiftAlignReverse runs the AIE API's reverse of 16 32-bit lanes
// (Xilinx/aie_api@dc3ab77c:include/aie_api/detail/aie2/reverse.hpp:170-181:
// v2 = shiftx(v1, v1, 3, 32); v1 = shift_bytes(v1, v2, 48); v1 =
// shuffle(v1, v2, T32_4x8_lo); the same again into v2) as vshift.align,
// vshift and vshuffle mode 32: the library's result is the reversed
// vector, which holds shiftx's semantics (vshift.align) to what the
// library was written against; and the 16-bit "swap the two 8-element
// subvectors" step (reverse.hpp:91-92, 142-143: shiftx(tmp, tmp, 3, 48)).
func TestShiftAlignReverse(t *testing.T) {
	src := `mov s1, #3
mov r0, #32
mov r1, #48
mov r2, #32
vshift.align x2, x1, s1, x1, r0
nop
nop
vshift x1, x1, x2, r1
nop
nop
vshuffle x1, x1, x2, r2
nop
nop
vshift.align x2, x1, s1, x1, r0
nop
nop
vshift x1, x1, x2, r1
nop
nop
vshuffle x2, x1, x2, r2
nop
nop
vshift.align x3, x4, s1, x4, r1
nop
nop
done
`
	m := build(t, src, Options{})
	v := make([]byte, 64)
	h := make([]byte, 64)
	for i := range 16 {
		binary.LittleEndian.PutUint32(v[4*i:], uint32(0x1000+i))
	}
	for i := range 32 {
		binary.LittleEndian.PutUint16(h[2*i:], uint16(0x200+i))
	}
	m.SetVec("x1", v)
	m.SetVec("x4", h)
	if hl := m.Run(); !hl.OK() {
		t.Fatal(hl)
	}
	got, _ := m.Vec("x2")
	want := make([]byte, 64)
	for i := range 16 {
		binary.LittleEndian.PutUint32(want[4*i:], uint32(0x1000+15-i))
	}
	if !bytes.Equal(got, want) {
		t.Errorf("reverse: % x\nwant % x", got, want)
	}
	sw, _ := m.Vec("x3")
	for i := range 16 {
		if e, g := uint16(0x200+(i+8)%16), binary.LittleEndian.Uint16(sw[2*i:]); g != e {
			t.Errorf("swap: lane %d = %#x, want %#x", i, g, e)
		}
	}
}

// TestShiftAlignStepZeroIsVShift: with step 0 (and 5-7: no pre-shift)
// and a shift below 64 vshift.align is vshift; a shift of 64 gives xb.
func TestShiftAlignStepZeroIsVShift(t *testing.T) {
	var a, b, d, e [64]byte
	for i := range 64 {
		a[i], b[i] = byte(i), byte(64+i)
	}
	for _, step := range []uint32{0, 5, 7} {
		for s := uint32(0); s < 64; s++ {
			shiftAlign(&d, &a, &b, step, s)
			ab := append(a[:], b[:]...)
			copy(e[:], ab[s:s+64])
			if d != e {
				t.Fatalf("step %d shift %d: % x, want % x", step, s, d[:8], e[:8])
			}
		}
		shiftAlign(&d, &a, &b, step, 64)
		if d != b {
			t.Errorf("step %d shift 64: % x, want xb", step, d[:8])
		}
	}
}
