package asm_test

import (
	"debug/elf"
	"errors"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

// The shared grammar and matcher must carry the other targets' syntax, not
// only RISC-V: aie2-style bracketed addressing with '#' immediates and ';'
// joining slots of a VLIW bundle, and PLENA-style ';' comments. These toy
// ISAs stand in for them until the real definitions land.

const toyVLIW = `
isa toyvliw
word 32
comment //
separator ; bundle
regfile r r0..r15
regfile p p0..p7
operand rd  reg.r 3..0
operand pa  reg.p 6..4
operand imm simm  15..7=[8:0]
operand rs  reg.r 19..16
inst vlda | rd, [pa, #imm] | 31..20=0x001 19..16=0 | ext=V unit=lda | rd = mem[pa + imm]
inst vldb | rd, [pa], #imm | 31..20=0x002 19..16=0 | ext=V unit=ldb | rd = mem[pa]; pa += imm
inst add  | rd, rs         | 31..20=0x003 15..4=0 | ext=V unit=alu | rd += rs
`

const toyNPU = `
isa toynpu
word 32
comment ;
separator | stmt
regfile gp gp0..gp15
operand rd  reg.gp 3..0
operand rs1 reg.gp 7..4
operand rs2 reg.gp 11..8
inst M_MM   | rd, rs1, rs2 | 31..12=0x00001 | ext=M unit=mx | systolic matmul
inst S_ADDI | rd, rs1, rs2 | 31..12=0x00002 | ext=M unit=alu | add
`

type toyBackend struct{ isa *isadefs.ISA }

func (b *toyBackend) ISA() *isadefs.ISA    { return b.isa }
func (b *toyBackend) Machine() elf.Machine { return elf.Machine(0x4b43) }
func (b *toyBackend) ParseOperand(k *isadefs.OperandKind, args []*asm.Arg, ctx *asm.Ctx) (int64, int, error) {
	return 0, 0, errors.New("no target classes")
}
func (b *toyBackend) FormatOperand(k *isadefs.OperandKind, v int64) (string, bool) { return "", false }
func (b *toyBackend) Modifier(name string, arg int64, ctx *asm.Ctx) (int64, error) {
	return 0, errors.New("no modifiers")
}
func (b *toyBackend) Macro(name string, args map[string]*asm.Arg, ctx *asm.Ctx, size int) ([]string, error) {
	return nil, errors.New("no macros")
}

func toyAssembler(t *testing.T, def string) (*asm.Assembler, *isadefs.HW) {
	t.Helper()
	isa, err := isadefs.Parse("toy.isa", def)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.NewWithBackend(&toyBackend{isa})
	if err != nil {
		t.Fatal(err)
	}
	hw := &isadefs.HW{Name: "toy", ISA: isa.Name, Extensions: []string{"V", "M"}, MaxCycles: 1,
		Memory: []isadefs.Region{{Name: "pm", Base: 0, Size: 4096, Perm: "rx", Sections: []string{".text"}}}}
	return as, hw
}

func words(p *asm.Program) []uint32 {
	d := p.Sections[0].Data
	out := make([]uint32, len(d)/4)
	for i := range out {
		out[i] = uint32(d[4*i]) | uint32(d[4*i+1])<<8 | uint32(d[4*i+2])<<16 | uint32(d[4*i+3])<<24
	}
	return out
}

func TestVLIWSyntax(t *testing.T) {
	as, hw := toyAssembler(t, toyVLIW)
	// Bracketed operands and '#' immediates are matched structurally.
	p, err := as.Assemble("k.s", []byte("vlda r1, [p2, #-3] // load\nvldb r4, [p5], #64\n"), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{0x001<<20 | 0x1fd<<7 | 2<<4 | 1, 0x002<<20 | 64<<7 | 5<<4 | 4} // -3 = 0x1fd in 9 bits
	if got := words(p); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("words %08x, want %08x", got, want)
	}
	// A shape mismatch is a clear error at the operand.
	_, err = as.Assemble("k.s", []byte("vlda r1, p2\n"), asm.Options{HW: hw})
	if err == nil || !strings.Contains(err.Error(), "k.s:1:10: expected a bracketed list") {
		t.Errorf("err = %v", err)
	}
	// Several slot operations on one line form a bundle: not packed yet,
	// and said so rather than assembled as separate instructions.
	_, err = as.Assemble("k.s", []byte("vlda r1, [p2, #0]; add r3, r4\n"), asm.Options{HW: hw})
	if err == nil || !strings.Contains(err.Error(), "VLIW bundles") {
		t.Errorf("bundle line: err = %v", err)
	}
}

func TestNPUSyntax(t *testing.T) {
	as, hw := toyAssembler(t, toyNPU)
	p, err := as.Assemble("k.s", []byte("; PLENA-style comment\nM_MM gp1, gp2, gp3 ; trailing comment\nS_ADDI gp4, gp0, gp15\n"), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{1<<12 | 3<<8 | 2<<4 | 1, 2<<12 | 15<<8 | 0<<4 | 4}
	if got := words(p); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("words %08x, want %08x", got, want)
	}
}
