package plena

import (
	"encoding/binary"
	"math"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// loadHW returns a built-in hardware config with HBM cut to 1 MiB (the
// tests need no more, and a fresh 64 MiB per machine is slow).
func loadHW(t testing.TB, name string) *isadefs.HW {
	t.Helper()
	hw, err := isadefs.LoadHW(name)
	if err != nil {
		t.Fatal(err)
	}
	h := *hw
	h.Memory = append([]isadefs.Region(nil), hw.Memory...)
	for i := range h.Memory {
		if h.Memory[i].Name == "hbm" {
			h.Memory[i].Size = 1 << 20
		}
	}
	return &h
}

// withParams is a copy of hw with some params replaced.
func withParams(hw *isadefs.HW, params map[string]int64) *isadefs.HW {
	h := *hw
	h.Params = map[string]int64{}
	for k, v := range hw.Params {
		h.Params[k] = v
	}
	for k, v := range params {
		h.Params[k] = v
	}
	return &h
}

// withTiming is a copy of hw with the given timing entries set.
func withTiming(hw *isadefs.HW, timing map[string]int64) *isadefs.HW {
	h := *hw
	h.Timing = map[string]int64{}
	for k, v := range hw.Timing {
		h.Timing[k] = v
	}
	for k, v := range timing {
		h.Timing[k] = v
	}
	return &h
}

// assemble assembles plena source with kc-as's back end.
func assemble(t testing.TB, hw *isadefs.HW, src string) *asm.Program {
	t.Helper()
	as, err := asm.New("plena")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("test.asm", []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("assemble: %v\n%s", err, src)
	}
	return p
}

// newMachine builds a machine with a program loaded.
func newMachine(t testing.TB, hw *isadefs.HW, src string, o Options) *Machine {
	t.Helper()
	p := assemble(t, hw, src)
	img, err := sim.LoadELF(p.ELF(), asm.MachinePlena)
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

// wordsImage is an image of raw instruction words at the code region.
func wordsImage(t testing.TB, hw *isadefs.HW, words []uint32) *sim.Image {
	t.Helper()
	img, err := ParseMem(hw, memText(words))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func memText(words []uint32) []byte {
	var out []byte
	for _, w := range words {
		out = append(out, []byte("0x")...)
		const hex = "0123456789ABCDEF"
		for s := 28; s >= 0; s -= 4 {
			out = append(out, hex[w>>uint(s)&15])
		}
		out = append(out, '\n')
	}
	return out
}

// mustRun runs to the end and fails unless the program ran off its end.
func mustRun(t testing.TB, m *Machine) {
	t.Helper()
	if h := m.Run(); h.Kind != sim.HaltEnd {
		t.Fatalf("halt %s: %s", h.KindName(), h)
	}
}

// vrow reads Vector SRAM row r as f32.
func (m *Machine) testRow(r int) []float32 {
	out := make([]float32, m.cfg.VLEN)
	m.loadRow(out, r)
	return out
}

// setRow writes Vector SRAM row r from f32 values (rounded to bf16).
func (m *Machine) setRow(r int, v []float32) { m.storeRow(r, v) }

// setTile writes Matrix SRAM tile i from f32 values.
func (m *Machine) setTile(i int, v []float32) {
	ts := m.cfg.MLEN * m.cfg.MLEN
	b := m.ms.msram.Data[4*ts*i:]
	for j, x := range v[:ts] {
		binary.LittleEndian.PutUint32(b[4*j:], math.Float32bits(x))
	}
}
