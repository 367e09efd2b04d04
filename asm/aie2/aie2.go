// Package aie2 is the assembler back end of the aie2 target (the AMD AI
// Engine-ML core of XDNA NPUs): llvm-aie's assembly syntax — one VLIW
// bundle per line, slot operations separated by ';', '#' immediates,
// register pairs written r17:r16 — encoded byte for byte as llvm-aie
// encodes it (isa-defs/aie2/aie2.isa: slots, bundle formats, slot
// encodings). The shared assembler does the syntax, expressions, labels,
// slot assignment and format choice; this package adds the checks of the
// zero-overhead loop and branch-target alignment that llvm-aie's code
// generator guarantees (see CheckProgram). Importing the package registers
// the target with asm.
package aie2

import (
	"debug/elf"
	"fmt"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

func init() {
	asm.Register("aie2", func() (asm.Backend, error) {
		isa, err := isadefs.LoadISA("aie2")
		if err != nil {
			return nil, err
		}
		return &Backend{isa: isa}, nil
	})
}

// Backend implements asm.Backend for aie2.
type Backend struct{ isa *isadefs.ISA }

// ISA returns aie2's instruction set.
func (b *Backend) ISA() *isadefs.ISA { return b.isa }

// Machine is the project's ELF machine number for aie2.
func (b *Backend) Machine() elf.Machine { return asm.MachineAIE2 }

// ParseOperand is never called: aie2's operands are registers (of
// register classes) and immediates, which the shared assembler parses.
func (b *Backend) ParseOperand(k *isadefs.OperandKind, _ []*asm.Arg, _ *asm.Ctx) (int64, int, error) {
	return 0, 0, fmt.Errorf("aie2: operand class %q has no parser", k.Class)
}

// FormatOperand leaves every operand to the generic rendering.
func (b *Backend) FormatOperand(*isadefs.OperandKind, int64) (string, bool) { return "", false }

// Modifier: aie2 has no relocation modifiers (jump targets and movxm
// immediates are absolute addresses: write the label).
func (b *Backend) Modifier(name string, _ int64, _ *asm.Ctx) (int64, error) {
	return 0, fmt.Errorf("unknown operator %s: aie2 has no relocation modifiers (write the label or value)", name)
}

// Macro: aie2 has no pseudo-instructions.
func (b *Backend) Macro(name string, _ map[string]*asm.Arg, _ *asm.Ctx, _ int) ([]string, error) {
	return nil, fmt.Errorf("aie2: unknown macro @%s", name)
}
