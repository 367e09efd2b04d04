package coral

import (
	"encoding/binary"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
)

// FuzzRun runs arbitrary bytes as a program in ITCM, with a0..a3 pointing
// into DTCM: the simulator never panics, always halts with a reason, and
// the fast core agrees with the reference stepper on everything
// (diffMachines): halt, counters, registers and memory.
func FuzzRun(f *testing.F) {
	f.Add([]byte{0x73, 0x00, 0x00, 0x08})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	for _, p := range [][]string{
		scalarLoop,
		vectorKernel,
		{"addi a0, zero, 3", "addi a7, zero, 93", "ecall"},
		{"lw a0, 0(a1)", "sw a0, 3(a1)", "div a2, a0, a3", "jal zero, -12"},
		{"fcvt.s.w ft0, a0", "fdiv.s ft1, ft0, ft0", "fsqrt.s ft2, ft1", "fcvt.w.s a0, ft2", "csrrs a1, fflags, zero", "ebreak"},
	} {
		var b []byte
		for _, w := range asm(f, p...) {
			b = binary.LittleEndian.AppendUint32(b, w)
		}
		f.Add(b)
	}
	h := hw(f, "coral")
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 8192 {
			prog = prog[:8192]
		}
		img := &sim.Image{Segments: []sim.Segment{{Addr: 0, Data: prog, MemSize: uint64(max(len(prog), 4)), Exec: true}}, Symbols: map[string]uint64{}}
		d, _, err := harness.Check(simtest.Program{HW: h, Image: img, Options: sim.CoreOptions{MaxCycles: 20000},
			Setup: func(c sim.Core) error {
				for r := a0; r <= a3; r++ {
					c.(*Machine).SetX(r, dtcm+uint32(r)*64)
				}
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		if d != "" {
			t.Fatal(d)
		}
	})
}
