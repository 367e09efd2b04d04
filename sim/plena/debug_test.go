package plena

import (
	"encoding/binary"
	"strings"
	"testing"
)

// TestDebugger: the debugging interface's registers by index (the pc as
// an address of the program, only there), memory across regions, and a
// word of the program rewritten through WriteMem, which Run (the
// pre-decoded program) then executes; reading and writing cost no cycles.
func TestDebugger(t *testing.T) {
	hw := loadHW(t, "plena")
	m := newMachine(t, hw, "S_ADDI_INT gp1, gp0, 5\nS_ADDI_INT gp2, gp1, 1\n", Options{})
	rs := m.DebugRegs()
	if rs.Regs[dbgPC].Name != "pc" || rs.Regs[dbgA].Name != "a0" || rs.Regs[dbgScale+1].Name != "STRIDE" || len(rs.Regs) != dbgCount {
		t.Fatalf("registers %+v", rs.Regs)
	}
	for _, c := range []struct {
		reg  int
		val  []byte
		want string // error
	}{
		{dbgPC, le(0x40000004, 4), ""},
		{dbgPC, le(0x40000002, 4), "no instruction of the program"},
		{dbgPC, le(0x4000000c, 4), "no instruction of the program"},
		{dbgPC, le(0x40000000, 4), ""},
		{dbgA + 3, le(1<<40, 8), ""},
		{dbgF, le(0x3c00, 2), ""},
		{3, le(7, 2), "takes 4 bytes"},
		{dbgCount, le(0, 4), "no register"},
	} {
		err := m.WriteReg(c.reg, c.val)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("WriteReg(%d, %x): %v, want %q", c.reg, c.val, err, c.want)
		}
	}
	if m.A(3) != 1<<40 || m.F(0) != 0x3c00 || m.DebugPC() != 0x40000000 {
		t.Errorf("a3 %#x, f0 %#x, pc %#x", m.A(3), m.F(0), m.DebugPC())
	}
	// gp2 = gp1 + 1 becomes gp2 = gp1 + 9: the word's immediate changes.
	w, err := m.ReadMem(0x40000004, 4)
	if err != nil {
		t.Fatal(err)
	}
	word := binary.LittleEndian.Uint32(w)
	nine := assemble(t, hw, "S_ADDI_INT gp2, gp1, 9\n").Sections[0].Data
	if err := m.WriteMem(0x40000004, nine); err != nil {
		t.Fatal(err)
	}
	if got, _ := m.ReadMem(0x40000004, 4); binary.LittleEndian.Uint32(got) == word {
		t.Fatalf("the word did not change")
	}
	if _, err := m.ReadMem(0x50000000, 4); err == nil {
		t.Error("ReadMem outside memory: no error")
	}
	if err := m.WriteMem(0x31000ffe, []byte{1, 2, 3, 4}); err == nil {
		t.Error("WriteMem past intmem's end: no error")
	}
	if m.Cycles() != 0 {
		t.Errorf("the debugger cost %d cycles", m.Cycles())
	}
	mustRun(t, m)
	if m.GP(2) != 14 {
		t.Errorf("gp2 = %d, want 14 (Run executes the rewritten word)", m.GP(2))
	}
}

func le(v uint64, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return b
}
