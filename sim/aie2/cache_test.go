package aie2

import (
	"testing"

	"kernelcraft/asm"
	"kernelcraft/sim"
)

// TestDecodeCacheAcrossLoads: loading the program memory the bundles were
// decoded from keeps them (the same kernel run on another case); another
// program, or a debugger's write to program memory, decodes afresh, and
// every run gives the program's own result.
func TestDecodeCacheAcrossLoads(t *testing.T) {
	image := func(src string) *sim.Image {
		p, err := assembleOnly(src)
		if err != nil {
			t.Fatal(err)
		}
		img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	tail := "nop\nnop\nnop\nnop\nnop\nnop\ndone\n"
	a, b := image("mova r1, #5\n"+tail), image("mova r1, #7\n"+tail)
	m, err := New(loadHW(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	runR1 := func(img *sim.Image) uint32 {
		t.Helper()
		if err := m.Load(img); err != nil {
			t.Fatal(err)
		}
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		return m.mustReg(t, "r1")
	}
	if r := runR1(a); r != 5 {
		t.Fatalf("a: r1 = %d", r)
	}
	decoded := m.cache[m.entry]
	if r := runR1(a); r != 5 || m.cache[m.entry] != decoded || decoded == nil {
		t.Errorf("a again: r1 = %d, entry bundle kept: %v", r, m.cache[m.entry] == decoded && decoded != nil)
	}
	if r := runR1(b); r != 7 || m.cache[m.entry] == decoded {
		t.Errorf("b: r1 = %d, entry bundle decoded afresh: %v", r, m.cache[m.entry] != decoded)
	}
	// A debugger rewrites the first bundle with b's; loading a afterwards
	// must not reuse what was decoded from the rewritten memory.
	code, err := m.ReadMem(uint64(m.entry), 16)
	if err != nil {
		t.Fatal(err)
	}
	runR1(a)
	if err := m.WriteMem(uint64(m.entry), code); err != nil {
		t.Fatal(err)
	}
	m.reset()
	if h := m.Run(); !h.OK() || m.mustReg(t, "r1") != 7 {
		t.Fatalf("after the write: %v, r1 = %d", h, m.mustReg(t, "r1"))
	}
	if r := runR1(a); r != 5 {
		t.Errorf("a after a debugger write: r1 = %d", r)
	}
}
