package aie2

import (
	"bytes"
	"strings"
	"testing"
)

// TestVector128: vlda.128/vldb.128 read 16 bytes (16-byte aligned) into
// the low half of a w register, whose high half reads 0; vst.128 writes
// the low 16 bytes of w and leaves the memory after them alone. Loads
// land in cycle 7 as vlda does.
func TestVector128(t *testing.T) {
	mem := make([]byte, 64)
	for i := range mem {
		mem[i] = byte(0xA0 + i)
	}
	src := "vlda.128 wl0, [p0]\nvldb.128 wl1, [p1], m0\nvst.128 wl2, [p2, #0]\n" + strings.Repeat("nop\n", 7) + "done\n"
	m := build(t, src, Options{})
	m.poke(t, dmem, mem)
	m.SetReg("p0", dmem+16)
	m.SetReg("p1", dmem+32)
	m.SetReg("m0", 16)
	m.SetReg("p2", dmem+48)
	m.SetVec("wl0", fill(32, 4, 0x55555555))
	m.SetVec("wl2", fill(32, 1, 0x77))
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	w0, _ := m.Vec("wl0")
	w1, _ := m.Vec("wl1")
	want0 := append(append([]byte{}, mem[16:32]...), make([]byte, 16)...)
	want1 := append(append([]byte{}, mem[32:48]...), make([]byte, 16)...)
	if !bytes.Equal(w0, want0) || !bytes.Equal(w1, want1) {
		t.Errorf("128-bit loads:\nwl0 % x\nwl1 % x", w0, w1)
	}
	if p := m.mustReg(t, "p1"); p != dmem+48 {
		t.Errorf("vldb.128 post-modify: p1 %#x", p)
	}
	got, _ := m.mem.Bytes(dmem+48, 16, 0)
	if !bytes.Equal(got, fill(16, 1, 0x77)) {
		t.Errorf("vst.128 wrote % x", got)
	}
	if after, _ := m.mem.Bytes(dmem+64, 16, 0); !bytes.Equal(after, make([]byte, 16)) {
		t.Errorf("vst.128 wrote past its 16 bytes: % x", after)
	}
	// A 16-byte access must be 16-byte aligned.
	m = build(t, "vlda.128 wl0, [p0]\n"+strings.Repeat("nop\n", 7)+"done\n", Options{})
	m.SetReg("p0", dmem+8)
	if h := m.Run(); h.OK() || !strings.Contains(h.String(), "16-byte aligned") {
		t.Errorf("vlda.128 at +8: %v", h)
	}
}
