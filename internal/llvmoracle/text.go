// Package llvmoracle checks coral's encodings against llvm-mc: it renders
// instructions and pseudo-instructions as GNU/LLVM assembly text with
// generated operand sets, runs llvm-mc, and reads and writes the golden file
// testdata/encodings/coral.txt. Text is turned back into words only by the
// real assembler (kc-as), never by a second parser here.
package llvmoracle

import (
	"fmt"
	"strconv"

	"kernelcraft/asm/coral"
	isadefs "kernelcraft/isa-defs"
)

// SymbolKind is the operand kind name whose values are symbols (la, call):
// the generator renders value i as SymbolName(i).
const SymbolKind = "sym"

// SymbolName is the symbol the generator writes for value i of a sym operand.
func SymbolName(i int64) string { return fmt.Sprintf("sym%d", i) }

// Text renders coral operands as llvm-mc reads them: vtype as
// "e32, m1, ta, ma", vmask as "v0.t", branch and jump offsets as signed
// decimal offsets (llvm-mc takes a bare number as the offset), symbol
// operands as names. Everything else falls back to isadefs.
func Text(k *isadefs.OperandKind, v int64) (string, bool) {
	switch k.Class {
	case "vtype":
		return coral.FormatVtype(v), true
	case "vmask":
		if v == 0 {
			return "v0.t", true
		}
	case "pcrel":
		if k.Name == SymbolKind {
			return SymbolName(v), true
		}
		return strconv.FormatInt(v, 10), true
	}
	return "", false
}

// VType builds a vtype immediate.
func VType(sewBits, lmul int, ta, ma bool) int64 {
	v := int64(lmul&7) | int64(sewIndex(sewBits))<<3
	if ta {
		v |= 1 << 6
	}
	if ma {
		v |= 1 << 7
	}
	return v
}

func sewIndex(bits int) int {
	switch bits {
	case 8:
		return 0
	case 16:
		return 1
	case 32:
		return 2
	}
	return 3
}
