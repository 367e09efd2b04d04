package coral_test

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

// debugMachine assembles src for a hardware config and loads it.
func debugMachine(t *testing.T, hwName, src string) *coral.Machine {
	t.Helper()
	h, err := isadefs.HWByName(hwName)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("t.s", []byte(src), asm.Options{HW: h})
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(p.ELF(), 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := coral.New(h, coral.Options{CoreOptions: sim.CoreOptions{MaxCycles: 100000}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	return m
}

const debugSrc = `
    .globl _start
_start:
    la t0, data
    vsetivli t1, 4, e32, m1, ta, ma
    vle32.v v1, (t0)
    lw a0, 4(t0)
    sw a0, 16(t0)
    lw a1, 8(t0)
    sw a1, 12(t0)
    vse32.v v1, (t0)
    li a7, 93
    ecall
    .data
data: .word 1, 2, 3, 4
out:  .word 0
`

func regIndex(t *testing.T, rs *sim.RegisterSet, name string) int {
	t.Helper()
	for i, r := range rs.Regs {
		if r.Name == name {
			return i
		}
	}
	t.Fatalf("no register %s", name)
	return -1
}

// TestDebugRegs: the register set numbers registers as GDB does, once
// each, and every register reads and (where software may) writes back.
func TestDebugRegs(t *testing.T) {
	m := debugMachine(t, "coral", debugSrc)
	rs := m.DebugRegs()
	if rs.Arch != "riscv:rv32" || rs.Regs[rs.PC].Name != "pc" || rs.General != 33 {
		t.Fatalf("arch %q, pc %d, general %d", rs.Arch, rs.PC, rs.General)
	}
	nums := map[int]bool{}
	for _, r := range rs.Regs {
		if nums[r.Num] {
			t.Errorf("number %d twice", r.Num)
		}
		nums[r.Num] = true
	}
	for _, c := range []struct {
		name string
		num  int
		bits int
	}{{"zero", 0, 32}, {"a0", 10, 32}, {"pc", 32, 32}, {"ft0", 33, 32}, {"fflags", 66, 32}, {"fcsr", 68, 32},
		{"mstatus", 65 + 0x300, 32}, {"vl", 65 + 0xc20, 32}, {"vlenb", 65 + 0xc22, 32}, {"v0", 4162, 128}, {"v31", 4193, 128}} {
		r := rs.Regs[regIndex(t, rs, c.name)]
		if r.Num != c.num || r.Bits != c.bits {
			t.Errorf("%s: number %d, %d bits; want %d, %d", c.name, r.Num, r.Bits, c.num, c.bits)
		}
	}
	for i, r := range rs.Regs {
		v, err := m.ReadReg(i)
		if err != nil || len(v) != r.Bits/8 {
			t.Errorf("read %s: %x, %v", r.Name, v, err)
		}
	}
	for _, c := range []struct {
		name string
		val  []byte
	}{{"a0", []byte{1, 2, 3, 4}}, {"pc", []byte{8, 0, 0, 0}}, {"fa1", []byte{0, 0, 0x80, 0x3f}},
		{"mscratch", []byte{9, 9, 9, 9}}, {"fcsr", []byte{0x21, 0, 0, 0}}, {"v7", bytes.Repeat([]byte{0xab}, 16)}} {
		i := regIndex(t, rs, c.name)
		if err := m.WriteReg(i, c.val); err != nil {
			t.Fatalf("write %s: %v", c.name, err)
		}
		if got, _ := m.ReadReg(i); !bytes.Equal(got, c.val) {
			t.Errorf("%s reads %x after writing %x", c.name, got, c.val)
		}
	}
	if m.X(10) != 0x04030201 || m.PC() != 8 || !bytes.Equal(m.VReg(7), bytes.Repeat([]byte{0xab}, 16)) {
		t.Errorf("the writes did not reach the machine: a0 %#x pc %#x", m.X(10), m.PC())
	}
	for _, c := range []struct {
		name string
		val  []byte
	}{{"zero", []byte{1, 0, 0, 0}}, {"cycle", []byte{0, 0, 0, 0}}, {"vl", []byte{1, 0, 0, 0}}, {"a0", []byte{1, 2}}} {
		if err := m.WriteReg(regIndex(t, rs, c.name), c.val); err == nil {
			t.Errorf("write %s = %x: no error", c.name, c.val)
		}
	}
	if _, err := m.ReadReg(len(rs.Regs)); err == nil {
		t.Error("reading a register past the set: no error")
	}
	// Without F and the vector unit, their registers are not offered.
	h, _ := isadefs.HWByName("coral")
	bare := *h
	bare.Extensions = []string{"I", "M", "Zicsr", "Zifencei", "Zbb"}
	mb, err := coral.New(&bare, coral.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range mb.DebugRegs().Regs {
		if r.Group == "float" || r.Group == "vector" || r.Name == "vl" {
			t.Errorf("register %s offered without its extension", r.Name)
		}
	}
}

// TestDebugMemory: reads stop at the end of memory, writes need all their
// bytes in memory, and a write to code changes what Step runs.
func TestDebugMemory(t *testing.T) {
	m := debugMachine(t, "coral", debugSrc)
	b, err := m.ReadMem(0x10000, 8)
	if err != nil || !bytes.Equal(b, []byte{1, 0, 0, 0, 2, 0, 0, 0}) {
		t.Fatalf("read data: %x %v", b, err)
	}
	if b, err := m.ReadMem(0x18000-2, 8); err != nil || len(b) != 2 {
		t.Errorf("read across the end of dtcm: %x %v, want 2 bytes", b, err)
	}
	if _, err := m.ReadMem(0x9000, 4); err == nil {
		t.Error("read outside memory: no error")
	}
	if err := m.WriteMem(0x18000-2, []byte{1, 2, 3, 4}); err == nil {
		t.Error("write across the end of dtcm: no error")
	}
	if b, _ := m.ReadMem(0x18000-2, 2); !bytes.Equal(b, []byte{0, 0}) {
		t.Errorf("a failed write changed memory: %x", b)
	}
	if got := m.Memory().WrittenRanges(); len(got) != 0 {
		t.Errorf("debugger writes counted as program stores: %v", got)
	}
	// Replace the first instruction (auipc t0) with addi a5, zero, 42.
	w := make([]byte, 4)
	binary.LittleEndian.PutUint32(w, 42<<20|15<<7|0x13)
	if err := m.WriteMem(0, w); err != nil {
		t.Fatal(err)
	}
	if !m.DebugStep() || m.X(15) != 42 || m.DebugPC() != 4 {
		t.Errorf("after stepping the patched instruction: a5 %d pc %#x", m.X(15), m.DebugPC())
	}
}

// TestDebugWatch: with a watch set, DebugStep reports scalar and vector
// loads and stores with their addresses and sizes; without one, nothing.
func TestDebugWatch(t *testing.T) {
	type acc struct {
		addr, n uint64
		kind    sim.Access
	}
	var got []acc
	m := debugMachine(t, "coral", debugSrc)
	m.SetWatch(func(addr, n uint64, k sim.Access) { got = append(got, acc{addr, n, k}) })
	for m.DebugStep() {
	}
	// The second load and store hit the region caches of the fast path
	// unless DebugStep sends them through memory's checks.
	want := []acc{{0x10000, 16, sim.Read}, {0x10004, 4, sim.Read}, {0x10010, 4, sim.Write},
		{0x10008, 4, sim.Read}, {0x1000c, 4, sim.Write}, {0x10000, 16, sim.Write}}
	if len(got) != len(want) {
		t.Fatalf("accesses %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("access %d: %v, want %v", i, got[i], want[i])
		}
	}
	h, _ := m.Halted()
	if h.Kind != sim.HaltExit || h.Code != 2 {
		t.Errorf("halt %v", h)
	}
	m2 := debugMachine(t, "coral", debugSrc)
	m2.SetWatch(func(addr, n uint64, k sim.Access) { t.Errorf("access %#x after the watch was removed", addr) })
	m2.SetWatch(nil)
	for m2.DebugStep() {
	}
}

// TestDebugStepCycles: stepping with DebugStep (a watch set or not) ends
// with the cycles, instructions and stalls of Run.
func TestDebugStepCycles(t *testing.T) {
	ref := debugMachine(t, "coral", debugSrc)
	ref.Run()
	for _, watch := range []bool{false, true} {
		m := debugMachine(t, "coral", debugSrc)
		if watch {
			m.SetWatch(func(uint64, uint64, sim.Access) {})
		}
		for m.DebugStep() {
		}
		a, b := ref.Stats(), m.Stats()
		if a.Cycles != b.Cycles || a.Instructions != b.Instructions || !slices.Equal(a.StallCycles, b.StallCycles) {
			t.Errorf("watch %v: cycles %d, instructions %d, stalls %v; Run: %d, %d, %v", watch, b.Cycles, b.Instructions, b.StallCycles, a.Cycles, a.Instructions, a.StallCycles)
		}
	}
}
