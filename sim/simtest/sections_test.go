package simtest_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestFunctionSectionsRun: code in function sections (.text.NAME, as
// compilers emit with -ffunction-sections) is placed in the program as a
// linker merges them into .text, so each target runs it unchanged: one
// executable segment, the entry in one function section calling or
// falling into another. Before, kc-as wrote a segment per section and
// aie2 and plena ran only the entry's ("pc 0 is outside the program").
func TestFunctionSectionsRun(t *testing.T) {
	peano, err := os.ReadFile("../../testdata/kernels/aie2/peano_function_sections.s")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		hw    string
		src   string
		setup func(t *testing.T, c sim.Core)
		check func(t *testing.T, c sim.Core, img *sim.Image)
	}{
		{hw: "coral", src: `
	.section .text.main,"ax",@progbits
	.globl _start
_start:
	li a0, 20
	call add22
	la t1, result
	sw a0, 0(t1)
	mpause
	.section .text.add22,"ax",@progbits
	.p2align 4
add22:
	addi a0, a0, 22
	ret
	.data
result: .word 0
`, check: func(t *testing.T, c sim.Core, img *sim.Image) {
			b, err := c.Memory().Peek(img.Symbols["result"], 4)
			if err != nil || binary.LittleEndian.Uint32(b) != 42 {
				t.Errorf("result %v (%v), want 42", b, err)
			}
		}},
		{hw: "plena", src: "S_ADDI_INT gp1, gp0, 5\n.section .text.f2,\"ax\",@progbits\nS_ADDI_INT gp2, gp1, 1\n",
			check: func(t *testing.T, c sim.Core, img *sim.Image) {
				var b bytes.Buffer
				c.DumpRegs(&b)
				if !strings.Contains(b.String(), "gp2  00000006") {
					t.Errorf("registers:\n%s\nwant gp2 = 6 (the function section ran)", b.String())
				}
			}},
		{hw: "aie2", src: string(peano),
			setup: func(t *testing.T, c sim.Core) {
				var a, b [32]byte
				for i := range 8 {
					binary.LittleEndian.PutUint32(a[4*i:], uint32(100*i))
					binary.LittleEndian.PutUint32(b[4*i:], uint32(i+1))
				}
				for _, l := range []struct {
					addr uint64
					data []byte
				}{{0x74000, a[:]}, {0x78000, b[:]}} {
					if err := c.Memory().Load(l.addr, l.data); err != nil {
						t.Fatal(err)
					}
				}
				for r, v := range map[string]uint64{"p0": 0x74000, "p1": 0x78000, "p2": 0x7C000} {
					if err := c.SetReg(r, v); err != nil {
						t.Fatal(err)
					}
				}
			},
			check: func(t *testing.T, c sim.Core, img *sim.Image) {
				b, err := c.Memory().Peek(0x7C000, 32)
				if err != nil {
					t.Fatal(err)
				}
				for i := range 8 {
					if got, want := binary.LittleEndian.Uint32(b[4*i:]), uint32(101*i+1); got != want {
						t.Errorf("c[%d] = %d, want %d", i, got, want)
					}
				}
			}},
	}
	for _, c := range cases {
		hw := loadHW(t, c.hw)
		p := program(t, hw, c.hw+" function sections", []byte(c.src))
		exec := 0
		for _, s := range p.Image.Segments {
			if s.Exec {
				exec++
			}
		}
		if exec != 1 {
			t.Errorf("%s: %d executable segments, want 1 (.text with the function sections merged)", c.hw, exec)
		}
		tgt, err := sim.LookupTarget(hw.ISA)
		if err != nil {
			t.Fatal(err)
		}
		core, err := tgt.New(hw, sim.CoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := core.Load(p.Image); err != nil {
			t.Fatal(err)
		}
		if c.setup != nil {
			c.setup(t, core)
		}
		if h := core.Run(); !h.OK() {
			t.Errorf("%s: %s", c.hw, h)
			continue
		}
		c.check(t, core, p.Image)
	}
}
