package aie2

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// lutModel is a LUT gather from the wording (SEMANTICS.md, xdna-emu's
// record of aietools' me_addr.h and its NPU characterisation): address i
// of the w register's words (4·hi + i) aligned down to the lookup's
// element pairs (4x16: 4 bytes, 4x32: 8, 4x64: 16), bit 4 set on the odd
// ones, 8 bytes read at each. mem holds data memory from dmem.
func lutModel(mem []byte, w []uint32, bits int, hi bool) []byte {
	var out []byte
	for i := 0; i < 4; i++ {
		a := w[i]
		if hi {
			a = w[4+i]
		}
		a -= a % uint32(bits/4)
		if i%2 == 1 {
			a |= 16
		}
		off := a - dmem
		out = append(out, mem[off:off+8]...)
	}
	return out
}

// TestLUTGather runs every vldb.4x form on random addresses (aligned and
// not) into a random table and compares with lutModel; the result lands
// in cycle 7 (AIE2Schedule.td II_VLDB_4X).
func TestLUTGather(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 3))
	mem := make([]byte, 1024)
	for i := range mem {
		mem[i] = byte(r.Uint32())
	}
	for _, bits := range []int{16, 32, 64} {
		for _, hi := range []bool{false, true} {
			for trial := 0; trial < 4; trial++ {
				w := make([]uint32, 8)
				wb := make([]byte, 32)
				for i := range w {
					w[i] = dmem + uint32(r.IntN(1000-24)) // room for |16 and 8 bytes
					binary.LittleEndian.PutUint32(wb[4*i:], w[i])
				}
				name := map[bool]string{false: "lo", true: "hi"}[hi]
				src := "vldb.4x" + itoa(bits) + "." + name + " wl1, wl0\n" + "nop\nnop\nnop\nnop\nnop\n" + "vmov wl2, wl1\nvmov wl3, wl1\nnop\nnop\ndone\n"
				m := build(t, src, Options{})
				m.poke(t, dmem, mem)
				m.SetVec("wl0", wb)
				if h := m.Run(); !h.OK() {
					t.Fatal(h)
				}
				want := lutModel(mem, w, bits, hi)
				got, _ := m.Vec("wl1")
				if !bytes.Equal(got, want) {
					t.Errorf("vldb.4x%d.%s addresses %x:\n got % x\nwant % x", bits, name, w, got, want)
				}
				// Issued 6 cycles after the gather, the first vmov sees the
				// old wl1 (zero), the one 7 after the loaded value.
				early, _ := m.Vec("wl2")
				late, _ := m.Vec("wl3")
				if !bytes.Equal(early, make([]byte, 32)) || !bytes.Equal(late, want) {
					t.Errorf("vldb.4x%d.%s: a read 6 cycles later saw % x, 7 later % x", bits, name, early[:8], late[:8])
				}
			}
		}
	}
	// An address outside data memory traps.
	m := build(t, "vldb.4x32.lo wl1, wl0\nnop\nnop\nnop\nnop\nnop\nnop\nnop\ndone\n", Options{})
	m.SetVec("wl0", fill(32, 4, 0x60000))
	if h := m.Run(); h.OK() {
		t.Errorf("a gather at 0x60000 ran: %v", h)
	}
}
