// Package plena is the assembler back end of the plena target (the PLENA
// LLM accelerator): PLENA's own assembly syntax ("OPCODE op, op, …" with
// ';' and '//' comments, gpN/fN/aN registers, a bare number as first
// operand) encoded word for word as PLENA's assembler encodes it
// (isa-defs/plena/plena.isa), plus the shared assembler's labels,
// constants and expressions. Where PLENA's assembler writes a word the
// emulator reads differently, the word is reproduced and the back end
// warns (Lint). Importing the package registers the target with asm.
package plena

import (
	"debug/elf"
	"fmt"
	"strconv"
	"strings"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

func init() {
	asm.Register("plena", func() (asm.Backend, error) {
		isa, err := isadefs.LoadISA("plena")
		if err != nil {
			return nil, err
		}
		return &Backend{isa: isa}, nil
	})
}

// Backend implements asm.Backend and asm.Linter for plena.
type Backend struct{ isa *isadefs.ISA }

// ISA returns plena's instruction set.
func (b *Backend) ISA() *isadefs.ISA { return b.isa }

// Machine is the project's ELF machine number for plena.
func (b *Backend) Machine() elf.Machine { return asm.MachinePlena }

// ParseOperand is never called: plena has no target operand classes.
func (b *Backend) ParseOperand(k *isadefs.OperandKind, _ []*asm.Arg, _ *asm.Ctx) (int64, int, error) {
	return 0, 0, fmt.Errorf("plena: operand class %q has no parser", k.Class)
}

// FormatOperand prints the unused rd of the matrix instructions as the
// number PLENA's documents write there ("M_MM 0, gp1, gp2").
func (b *Backend) FormatOperand(k *isadefs.OperandKind, v int64) (string, bool) {
	if k.Name == "rz" {
		return strconv.FormatInt(v, 10), true
	}
	return "", false
}

// Modifier: plena has no relocation modifiers.
func (b *Backend) Modifier(name string, _ int64, _ *asm.Ctx) (int64, error) {
	return 0, fmt.Errorf("unknown operator %s: plena has no relocation modifiers (write the value, or a constant expression)", name)
}

// Macro implements plena's pseudo-instructions:
//
//   - @drop: an instruction that PLENA's assembler drops (C_BREAK with no
//     operands) emits nothing, with a warning;
//   - @skiprs1.NAME: "NAME rd, rs1, imm" is "NAME rd, imm" (PLENA's
//     assembler ignores the register), with a warning unless rs1 is gp0.
func (b *Backend) Macro(name string, args map[string]*asm.Arg, ctx *asm.Ctx, _ int) ([]string, error) {
	if name == "drop" {
		ctx.Warn("C_BREAK without operands emits nothing: PLENA's assembler skips a line of one word",
			"a program ends when it runs off its last instruction; no C_BREAK is needed (the emulator cannot execute C_BREAK 0x34 anyway)")
		return nil, nil
	}
	if mn, ok := strings.CutPrefix(name, "skiprs1."); ok {
		rd, rs1, imm := args["rd"], args["rs1"], args["imm22"]
		if rd == nil || rs1 == nil || imm == nil {
			return nil, fmt.Errorf("%s: expected rd, a register and an immediate", mn)
		}
		if r := strings.ToLower(ctx.SourceText(rs1)); r != "gp0" && r != "f0" && r != "a0" {
			ctx.WarnArg(rs1, fmt.Sprintf("%s: the register operand %s is ignored (not encoded)", mn, ctx.SourceText(rs1)),
				fmt.Sprintf("the form is %s rd, imm; PLENA's assembler accepts and ignores a register before the immediate", mn))
		}
		return []string{fmt.Sprintf("%s %s, %s", mn, ctx.SourceText(rd), ctx.SourceText(imm))}, nil
	}
	return nil, fmt.Errorf("plena: unknown macro @%s", name)
}

// Lint warns about the encodings PLENA's assembler writes but its emulator
// reads differently (plena.isa flags maskdrop and immshift), and about an
// S_LUI_INT immediate that breaks rule lui-units (rules.go).
func (b *Backend) Lint(in *isadefs.Inst, values []int64) []asm.Lint {
	out := luiLint(in, values)
	for i, k := range in.Operands {
		if i >= len(values) || values[i] == 0 {
			continue
		}
		v := values[i]
		switch {
		case in.Flags["maskdrop"] && k.Name == "rmask_lost":
			msg := fmt.Sprintf("%s's mask operand %d is dropped: PLENA's assembler puts it at bit 14 (the unused rs2 field), where the emulator reads no mask, so the operation is unmasked", in.Name, v)
			if v>>4 != 0 {
				msg = fmt.Sprintf("%s's mask operand %d lands at bit 14: the emulator reads rmask = %d from bits 21..18 and ignores the low 4 bits", in.Name, v, (v>>4)&15)
			}
			out = append(out, asm.Lint{Operand: i, Msg: msg,
				Hint: "only V_ADD_VV/VF, V_SUB_VV/VF and V_MUL_VV/VF honour rmask with PLENA's assembler; write 0 here"})
		case in.Flags["immshift"] && k.Name == "imm22":
			out = append(out, asm.Lint{Operand: i,
				Msg:  fmt.Sprintf("%s's immediate %d is encoded at bit 10 but the emulator reads it from bit 14: the offset applied is %d >> 4 = %d", in.Name, v, v, v>>4),
				Hint: "write 0 and put the whole address in the register"})
		}
	}
	return out
}
