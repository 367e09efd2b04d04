package aie2

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// TestDebuggerRegisters: on the exposed pipeline the debugger shows a
// register as the next bundle reads it: a load's value only once it has
// landed; a register written from the debugger holds its value until a
// write in flight to it lands; once halted, every write has landed. The
// vector registers read back what was written; reading costs no cycles.
func TestDebuggerRegisters(t *testing.T) {
	m := build(t, "movxm p0, #0x70000\nlda r1, [p0, #0]\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nnop\nmov r2, #3\ndone\n", Options{})
	m.poke(t, 0x70000, []byte{7, 0, 0, 0})
	reg := func(i int) uint32 {
		b, err := m.ReadReg(i)
		if err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint32(b)
	}
	m.DebugStep() // movxm
	m.DebugStep() // lda: r1 lands 7 cycles later
	if got := reg(1); got != 0 {
		t.Errorf("r1 %d right after the load issued, want 0 (not landed)", got)
	}
	if err := m.WriteReg(1, []byte{5, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if got := reg(1); got != 5 {
		t.Errorf("r1 %d after the debugger wrote 5", got)
	}
	for range 7 {
		m.DebugStep()
	}
	if got := reg(1); got != 7 {
		t.Errorf("r1 %d once the load has landed, want 7", got)
	}
	x := bytes.Repeat([]byte{0xab}, 64)
	if err := m.WriteReg(dbgX+3, x); err != nil {
		t.Fatal(err)
	}
	if got, _ := m.ReadReg(dbgX + 3); !bytes.Equal(got, x) {
		t.Errorf("x3 reads %x", got)
	}
	if err := m.WriteReg(dbgX+3, x[:32]); err == nil {
		t.Error("a 32-byte write to x3: no error")
	}
	if err := m.WriteReg(dbgScalar, []byte{0xff, 0xff, 0xff, 0xff}); err != nil || reg(dbgScalar) != 0xFFFFF {
		t.Errorf("p0 = %#x (%v), want 20 bits", reg(dbgScalar), err)
	}
	cycles := m.Cycles()
	for m.DebugStep() {
	}
	if h, ok := m.Halted(); !ok || h.KindName() != "pause" || reg(2) != 3 || m.Cycles() != cycles+3 { // nop, mov, done
		t.Errorf("halt %v %v, r2 %d, cycles %d (want %d)", h, ok, reg(2), m.Cycles(), cycles+3)
	}
}
