package aie2

import (
	"encoding/binary"
	"math"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

func loadHW(t testing.TB) *isadefs.HW {
	t.Helper()
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	return hw
}

// build assembles src and loads it into a new machine.
func build(t testing.TB, src string, o Options) *Machine {
	t.Helper()
	hw := loadHW(t)
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("test.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("assemble: %v\n%s", err, src)
	}
	img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(hw, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	return m
}

// assembleOnly assembles src.
func assembleOnly(src string) (*asm.Program, error) {
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		return nil, err
	}
	as, err := asm.New("aie2")
	if err != nil {
		return nil, err
	}
	return as.Assemble("test.s", []byte(src), asm.Options{HW: hw})
}

// run builds and runs src to done.
func run(t testing.TB, src string, o Options) *Machine {
	t.Helper()
	m := build(t, src, o)
	if h := m.Run(); h.Kind != sim.HaltPause {
		t.Fatalf("halt %s: %s\n%s", h.KindName(), h, src)
	}
	return m
}

func (m *Machine) mustReg(t testing.TB, name string) uint32 {
	t.Helper()
	v, err := m.Reg(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

const dmem = 0x70000

// poke writes bytes to data memory.
func (m *Machine) poke(t testing.TB, addr uint64, b []byte) {
	t.Helper()
	if err := m.mem.Load(addr, b); err != nil {
		t.Fatal(err)
	}
}

func (m *Machine) peek(t testing.TB, addr uint64, n int) []byte {
	t.Helper()
	b, err := m.mem.Peek(addr, uint64(n))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func bf16(f float32) uint16 { return uint16(math.Float32bits(f) >> 16) }

func bf16Bytes(v []float32) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], bf16(x))
	}
	return b
}

func f32s(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func mathF32(f float32) uint32 { return math.Float32bits(f) }
