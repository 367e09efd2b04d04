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
	entry := func(m *Machine) *bundle { return m.prog.at(m.entry).Load() }
	decoded := entry(m)
	if r := runR1(a); r != 5 || entry(m) != decoded || decoded == nil {
		t.Errorf("a again: r1 = %d, entry bundle kept: %v", r, entry(m) == decoded && decoded != nil)
	}
	// Another machine loading the same program shares the bundles.
	m2, err := New(loadHW(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := m2.Load(a); err != nil {
		t.Fatal(err)
	}
	if entry(m2) != decoded {
		t.Errorf("a on a second machine: the decoded bundles are not shared")
	}
	if r := runR1(b); r != 7 || entry(m) == decoded {
		t.Errorf("b: r1 = %d, entry bundle decoded afresh: %v", r, entry(m) != decoded)
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

// TestSharedProgramConcurrent: machines on several goroutines run one
// program (decoding and publishing its bundles as they go) and all get its
// result; go test -race checks the sharing.
func TestSharedProgramConcurrent(t *testing.T) {
	src := vmacLoop(200)
	p, err := assembleOnly(src)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
	if err != nil {
		t.Fatal(err)
	}
	hw := loadHW(t)
	want := make(chan uint64, 4)
	for range 4 {
		go func() {
			m, err := New(hw, Options{})
			if err == nil {
				err = m.Load(img)
			}
			if err != nil {
				want <- 0
				return
			}
			m.SetReg("r0", 28)
			m.Run()
			want <- uint64(m.Cycles())
		}()
	}
	first := <-want
	for range 3 {
		if c := <-want; c != first || c == 0 {
			t.Errorf("cycles %d and %d", first, c)
		}
	}
}
