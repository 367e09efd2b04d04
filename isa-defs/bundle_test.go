package isadefs

import (
	"strings"
	"testing"
)

// toyVLIW is a two-slot bundle ISA exercising slots, formats, register
// classes, don't-care bits, tied and biased operands.
const toyVLIW = `isa toy
word 32
separator ; bundle
slot a 8 nop=nopa
slot b 8 nop=nopb
format f16 16 | a 1x 000001
format f24 24 | a b 001 xx010
regfile-nonumeric r r0..r3
regclass cls 2=r1 0=r0 3=r2 1=r1
operand ra reg.cls 7..6
operand rt tie.ra
operand nimm uimm 5..4=[3:2] bias=-16
inst nopa | | 7..0=0 | slot=a | nop
inst mova | ra, rt, #nimm | 3..0=0b0101 | slot=a | move
inst nopb | | 7..0=0 | slot=b | nop
inst movb | ra | 5..2=x 1..0=1 | slot=b | move b
`

func TestBundleISA(t *testing.T) {
	isa, err := Parse("toy.isa", toyVLIW)
	if err != nil {
		t.Fatal(err)
	}
	mova := isa.Lookup("mova")[0]
	cls := isa.RegFiles["cls"]
	if c, ok := cls.IndexOf("r1"); !ok || c != 2 {
		t.Errorf("r1 in cls: code %d %v, want the first code 2", c, ok)
	}
	if cls.Valid(4) || !cls.Valid(1) {
		t.Error("Valid")
	}
	nimm := isa.Operands["nimm"]
	if nimm.Min != -16 || nimm.Max != -4 || nimm.Align != 4 {
		t.Errorf("nimm range [%d, %d] step %d, want [-16, -4] step 4", nimm.Min, nimm.Max, nimm.Align)
	}
	w, err := mova.Encode([]int64{3, 3, -8})
	if err != nil || w != 3<<6|2<<4|0b0101 {
		t.Fatalf("Encode: %#x %v", w, err)
	}
	if got := mova.Format(w, 0, nil); got != "mova r2, r2, #-8" {
		t.Errorf("Format: %q", got)
	}
	if _, err := mova.Encode([]int64{3, 2, -8}); err == nil || !strings.Contains(err.Error(), "same register") {
		t.Errorf("tied operands that differ: %v", err)
	}
	movb := isa.Lookup("movb")[0]
	if movb.DontCare != 0b111100 || movb.Mask != 0b11 {
		t.Errorf("movb don't-care %#b mask %#b", movb.DontCare, movb.Mask)
	}
	// A bundle of movb alone takes the 24-bit format, with nopa in slot a.
	f, err := isa.ChooseFormat([]string{"b"}, 0)
	if err != nil || f.Name != "f24" {
		t.Fatalf("ChooseFormat(b): %v %v", f, err)
	}
	bw, _ := movb.Encode([]int64{0})
	bd, err := isa.Pack(f, map[string]uint64{"b": bw})
	if err != nil {
		t.Fatal(err)
	}
	code := bd.Bytes(3)
	g, size, ops, ok := isa.Unpack(code)
	if !ok || g != f || size != 3 || len(ops) != 2 || ops[0].Inst.Name != "nopa" || ops[1].Inst.Name != "movb" {
		t.Fatalf("Unpack(% x): %v %d %v %v", code, g, size, ops, ok)
	}
	if f, _ := isa.ChooseFormat([]string{"a"}, 0); f.Name != "f16" {
		t.Errorf("ChooseFormat(a) = %s, want f16", f.Name)
	}
	if _, err := isa.ChooseFormat([]string{"a"}, 24); err != nil {
		t.Errorf("a in a 24-bit format: %v", err)
	}
}

func TestBundleISAErrors(t *testing.T) {
	cases := []struct{ from, to, want string }{
		{"format f24 24 | a b 001 xx010", "format f24b 24 | a b 001 xx010\nformat f24 24 | a b 001 xx010", "cannot be told apart"},
		{"slot b 8 nop=nopb", "slot b 8 nop=nopq", "has no nop instruction"},
		{"| slot=b | move b", "| slot=c | move b", "unknown slot"},
		{"regclass cls 2=r1 0=r0 3=r2 1=r1", "regclass cls 2=r1 0=r9", "not a register of any regfile"},
		{"format f16 16 | a 1x 000001", "format f16 16 | a 1x 00001", "the layout has 15 bits"},
		{"operand rt tie.ra", "operand rt tie.zz", "tie.KIND needs a defined operand kind"},
	}
	for _, c := range cases {
		_, err := Parse("toy.isa", strings.Replace(toyVLIW, c.from, c.to, 1))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.to, err, c.want)
		}
	}
}

// TestAIE2Loads: the built-in aie2 ISA loads, with its slots and formats.
func TestAIE2Loads(t *testing.T) {
	isa, err := LoadISA("aie2")
	if err != nil {
		t.Fatal(err)
	}
	if len(isa.Slots) != 8 || len(isa.Formats) != 78 || len(isa.Insts) < 600 {
		t.Errorf("%d slots, %d formats, %d instructions", len(isa.Slots), len(isa.Formats), len(isa.Insts))
	}
}
