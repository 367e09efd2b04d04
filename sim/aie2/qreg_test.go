package aie2

import (
	"bytes"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestQRegisterLoadStore: lda and st of a q register (the 128-bit
// sparsity mask, llvm-aie's LDA_dmv_lda_q / ST_dmv_sts_q) move 16 bytes,
// 16-byte aligned, in every addressing mode: [p, #imm], [p], #imm
// (post-increment), [sp, #imm] (the spill form); the value is there 7
// cycles after the load (II_LDA_Q dst=7), the store writes in E5. A
// misaligned address traps.
func TestQRegisterLoadStore(t *testing.T) {
	src := `movxm p0, #0x70100
movxm p1, #0x70200
movxm sp, #0x70400
lda q1, [p0, #16]
lda q2, [p0], #32
nop
nop
nop
nop
nop
nop
st q1, [p1], #16
st q2, [p1, #0]
st q1, [sp, #-16]
nop
nop
nop
nop
nop
done
`
	m := build(t, src, Options{})
	a := make([]byte, 48)
	for i := range a {
		a[i] = byte(0x40 + i)
	}
	m.poke(t, 0x70100, a)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	if got := m.peek(t, 0x70200, 32); !bytes.Equal(got[:16], a[16:32]) || !bytes.Equal(got[16:], a[:16]) {
		t.Errorf("stored % x, want % x then % x", got, a[16:32], a[:16])
	}
	if p0, p1 := m.mustReg(t, "p0"), m.mustReg(t, "p1"); p0 != 0x70120 || p1 != 0x70210 {
		t.Errorf("p0 %#x p1 %#x after post-increments", p0, p1)
	}
	sp := m.mustReg(t, "sp")
	if got := m.peek(t, uint64(sp-16), 16); !bytes.Equal(got, a[16:32]) {
		t.Errorf("spill % x", got)
	}
	bad := build(t, "movxm p0, #0x70108\nlda q0, [p0, #0]\n"+strings.Repeat("nop\n", 6)+"done\n", Options{})
	if h := bad.Run(); h.Kind != sim.HaltTrap || !strings.Contains(h.Trap.Msg, "aligned") {
		t.Errorf("misaligned q load: %s", h)
	}
}
