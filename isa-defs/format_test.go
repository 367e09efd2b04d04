package isadefs_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

var update = flag.Bool("update", false, "rewrite testdata/format.golden")

// A small ISA exercising every rendering rule of the generic printer.
const toyISA = `
isa toy
word 16
regfile r zero|z0 one two three
regfile-nonumeric c cA cB
enum mode fast=1 slow=2 fast2=1
operand rd   reg.r 1..0
operand rs   reg.r 3..2
operand cr   reg.c 5
operand imm  simm 7..4
operand uimm uimm 7..4
operand off  pcrel 7..4=[4:1]
operand mode enum.mode 9..8 default=1
operand k    custom 11..10 default=3
operand kk   custom 13..12
inst add  | rd, rs, imm        | 15..8=0x01            | ext=T | rd = rs + imm
inst addu | rd, rs, uimm       | 15..8=0x02            | ext=T | rd = rs + uimm
inst br   | rs, off            | 15..8=0x03 1..0=0     | ext=T | branch
inst ld   | rd, imm(rs)        | 15..8=0x04            | ext=T | load
inst cv   | rd, rs, mode       | 15..10=0x05 7..4=0    | ext=T | default at the end
inst op   | rd, mode, rs       | 15..10=0x06 7..4=0    | ext=T | default in the middle stays
inst tw   | rd, rs, mode, k    | 15..12=0x7 7..4=0     | ext=T | two trailing defaults
inst cx   | rd, kk, cr         | 15..14=2 11..6=0 4..2=0 | ext=T | unknown class, reg file of 2
inst nop  |                    | 15..0=0xffff          | ext=T | no operands
`

func TestFormatRules(t *testing.T) {
	isa, err := isadefs.Parse("toy.isa", toyISA)
	if err != nil {
		t.Fatal(err)
	}
	custom := func(k *isadefs.OperandKind, v int64) (string, bool) {
		if k.Class == "custom" {
			return fmt.Sprintf("<%s=%d>", k.Name, v), true
		}
		return "", false
	}
	enc := func(mn string, vals ...int64) uint64 {
		t.Helper()
		w, err := isa.Lookup(mn)[0].Encode(vals)
		if err != nil {
			t.Fatalf("%s %v: %v", mn, vals, err)
		}
		return w
	}
	cases := []struct {
		name   string
		w, pc  uint64
		custom isadefs.CustomFormat
		want   string
	}{
		{"canonical register names, negative decimal", enc("add", 0, 3, -8), 0, nil, "add zero, three, -8"},
		{"unsigned decimal", enc("addu", 1, 2, 15), 0, nil, "addu one, two, 15"},
		{"pcrel is pc + offset in hex", enc("br", 2, -16), 0x100, nil, "br two, 0xf0"},
		{"pcrel forward", enc("br", 2, 14), 0x100, nil, "br two, 0x10e"},
		{"custom may render pcrel as offset", enc("br", 2, -16), 0x100, func(k *isadefs.OperandKind, v int64) (string, bool) {
			return fmt.Sprint(v), k.Class == "pcrel"
		}, "br two, -16"},
		{"structural syntax", enc("ld", 3, -1, 1), 0, nil, "ld three, -1(one)"},
		{"trailing default left out", enc("cv", 1, 2, 1), 0, nil, "cv one, two"},
		{"trailing non-default kept, canonical enum name", enc("cv", 1, 2, 2), 0, nil, "cv one, two, slow"},
		{"enum value without a name prints as a number", enc("cv", 1, 2, 3), 0, nil, "cv one, two, 3"},
		{"default in the middle stays", enc("op", 1, 1, 2), 0, nil, "op one, fast, two"},
		{"two trailing defaults both dropped", enc("tw", 0, 0, 1, 3), 0, custom, "tw zero, zero"},
		{"only the last default dropped", enc("tw", 0, 0, 2, 3), 0, custom, "tw zero, zero, slow"},
		{"a non-default after a default keeps both", enc("tw", 0, 0, 1, 0), 0, custom, "tw zero, zero, fast, <k=0>"},
		{"unknown class without custom: decimal", enc("cx", 3, 2, 1), 0, nil, "cx three, 2, cB"},
		{"unknown class with custom", enc("cx", 3, 2, 0), 0, custom, "cx three, <kk=2>, cA"},
		{"no operands", 0xffff, 0, nil, "nop"},
	}
	for _, c := range cases {
		if got := isa.Format(c.w, c.pc, nil, c.custom); got != c.want {
			t.Errorf("%s: Format(%#04x) = %q, want %q", c.name, c.w, got, c.want)
		}
	}
	// Words that decode to nothing render as data, padded to the word size.
	if got := isa.Format(0x0010, 0, nil, nil); got != ".word 0x0010" {
		t.Errorf("undecodable word: %q", got)
	}
	// A register value beyond the file is shown, not a panic.
	k := isa.Operands["cr"]
	if got := k.FormatValue(5, 0, nil); got != "c?5" {
		t.Errorf("out-of-file register: %q", got)
	}
	// FormatValues with too few values marks the missing ones.
	if got := isa.Lookup("add")[0].FormatValues([]int64{1}, 0, nil); got != "add one, ?, ?" {
		t.Errorf("missing values: %q", got)
	}
}

// TestFormatCoralGolden renders one word per coral instruction two ways
// (generic printer; generic printer at pc 0x1000) and compares with
// testdata/format.golden. go test -update rewrites the file. (The coral
// operand text that llvm-mc reads is checked, for every golden encoding,
// by asm's TestCoralGolden.)
func TestFormatCoralGolden(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	var b bytes.Buffer
	b.WriteString("# WORD | isa.Format(w, 0, nil, nil) | isa.Format(w, 0x1000, nil, nil)\n")
	for _, in := range isa.Insts {
		vals := sampleValues(in)
		w, err := in.Encode(vals)
		if err != nil {
			t.Fatalf("%s %v: %v", in.Mnemonic, vals, err)
		}
		fmt.Fprintf(&b, "%08x | %s | %s\n", w, isa.Format(w, 0, nil, nil), isa.Format(w, 0x1000, nil, nil))
	}
	for _, w := range []uint64{0x00000000, 0xffffffff, 0x0000007f} {
		fmt.Fprintf(&b, "%08x | %s | -\n", w, isa.Format(w, 0, nil, nil))
	}
	const path = "testdata/format.golden"
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./isa-defs -run FormatCoralGolden -update writes it)", err)
	}
	got := strings.Split(b.String(), "\n")
	exp := strings.Split(string(want), "\n")
	for i := 0; i < len(got) || i < len(exp); i++ {
		var g, e string
		if i < len(got) {
			g = got[i]
		}
		if i < len(exp) {
			e = exp[i]
		}
		if g != e {
			t.Errorf("%s:%d:\n got  %s\n want %s", path, i+1, g, e)
		}
	}
}

// sampleValues picks fixed, varied operand values: registers spread over
// the file, negative signed immediates, masked vector forms, a non-default
// rounding mode, a named CSR.
func sampleValues(in *isadefs.Inst) []int64 {
	vals := make([]int64, len(in.Operands))
	for j, k := range in.Operands {
		a := max(k.Align, 1)
		var v int64
		switch k.Class {
		case "reg":
			v = int64(5+7*j+in.Line) % (k.Max + 1)
		case "simm", "pcrel":
			v = k.Min / 3
		case "uimm":
			v = k.Max / 3
		case "enum":
			v = k.Enum.Values[k.Enum.Order[1%len(k.Enum.Order)]]
		case "vmask":
			v = int64(in.Line % 2)
		case "vtype":
			v = 0xd1 // e32, m2, ta, ma
		}
		v = v / a * a
		vals[j] = min(max(v, k.Min), k.Max/a*a)
	}
	return vals
}
