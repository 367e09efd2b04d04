package isadefs_test

import (
	"slices"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

const docISA = `
isa dt
word 16
regfile-nonumeric r r0 r1 r2 r3
regfile-nonumeric v v0 v1
operand rd  reg.r 1..0
operand rs  reg.r 3..2
operand rt  reg.r 5..4
operand vd  reg.v 6
operand s4  simm 11..8
inst add     | rd, rs, rt | 15..12=1 11..6=0 | ext=T | llvm ADD
inst addi    | rd, rs, #s4 | 15..12=2 7..4=0 | ext=T | llvm ADDI
inst vld.lo  | vd, [rs] | 15..12=3 11..7=0 5..4=0 1..0=0 | ext=T | llvm VLDLO
inst vld.hi  | vd, [rs] | 15..12=4 11..7=0 5..4=0 1..0=0 | ext=T | llvm VLDHI
opname r r
opname s imm
doc add | rdst, ra, rb | rdst = ra + rb | add r0, r1, r2
doc addi | rdst, ra, k | rdst = ra + k | addi r0, r1, #3
doc vld.* | | vector load | vld.lo v0, [r1]
doc vld.hi | vdst, ptr | the high half | vld.hi v1, [r2]
`

// TestDocs: docs attach to mnemonics exactly or by the longest pattern,
// their operand names replace the automatic ones only where they extend
// them, and repeated automatic names are numbered.
func TestDocs(t *testing.T) {
	isa, err := isadefs.Parse("dt.isa", docISA)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ mn, sem, syntax string }{
		{"add", "rdst = ra + rb", "rdst, ra, rb"},
		{"addi", "rdst = ra + k", "rdst, ra, #imm"},
		{"vld.lo", "vector load", "v, [r]"},
		{"vld.hi", "the high half", "vdst, [r]"},
	} {
		in := isa.Lookup(tc.mn)[0]
		if d := isa.DocOf(tc.mn); d == nil || d.Semantics != tc.sem {
			t.Errorf("%s: doc %+v, want %q", tc.mn, d, tc.sem)
		}
		if got := isa.DisplaySyntax(in); got != tc.syntax {
			t.Errorf("%s: syntax %q, want %q", tc.mn, got, tc.syntax)
		}
	}
	undoc, err := isadefs.Parse("dt.isa", strings.Split(docISA, "opname r r")[0])
	if err != nil {
		t.Fatal(err)
	}
	if got := undoc.OperandNames(undoc.Lookup("add")[0]); !slices.Equal(got, []string{"r1", "r2", "r3"}) {
		t.Errorf("automatic names %v, want r1 r2 r3", got)
	}
	if undoc.DocOf("add") != nil {
		t.Error("a doc without doc lines")
	}
}

// TestDocErrors: a doc line that names nothing, has names that fit no
// form, or is malformed is an error at its line.
func TestDocErrors(t *testing.T) {
	base := strings.Split(docISA, "opname")[0]
	for _, tc := range []struct{ line, want string }{
		{"doc sub | a | b | sub", "dt.isa:15: doc sub: names no instruction"},
		{"doc add | a, b | sum | add r0, r1, r2", "dt.isa:15: doc add: 2 operand names fit none of its forms"},
		{"doc add | a, b, c | sum", "dt.isa:15: doc: want 'doc MNEMONIC | NAMES | SEMANTICS | EXAMPLE'"},
		{"doc add | | | x", "semantics not empty"},
		{"doc add | a b, c, d | sum | x", `bad operand name "a b"`},
		{"doc [ | | sum | x", "bad pattern"},
		{"doc add | | a | x\ndoc add | | b | y", "dt.isa:16: doc add: given twice (line 15)"},
		{"opname r", "opname: want 'opname KIND NAME'"},
	} {
		_, err := isadefs.Parse("dt.isa", base+tc.line+"\n")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.line, err, tc.want)
		}
	}
}
