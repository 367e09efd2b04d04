package isadefs

import (
	"strings"
	"testing"
)

// semISA is a 32-bit ISA with memory operands in each addressing mode.
const semISA = `isa t
word 32
regfile r r0 r1 r2 r3
regfile p p0 p1
regfile m m0 m1
operand rd reg.r 1..0
operand rs reg.r 3..2
operand pa reg.p 4
operand mo reg.m 5
operand imm simm 11..6
inst ld  | rd, [pa, rs]  | 31..12=1 11..5=0 | sem=load elem=s8 am=idx | indexed
inst ldi | rd, [pa, #imm] | 31..12=2 3..2=0 5=0 | sem=load elem=u16 am=idx.imm | indexed by an immediate
inst ldp | rd, [pa], mo | 31..12=3 3..2=0 11..6=0 | sem=load elem=32 am=post | post-modify
inst ldq | rd, [pa], #imm | 31..12=4 3..2=0 5=0 | sem=load elem=32 am=post.imm | post-modify by an immediate
inst lds | rd, [sp, #imm] | 31..12=5 5..2=0 | sem=load elem=32 am=sp | sp-relative
inst ldr | rd, [pa] | 31..12=6 3..2=0 11..5=0 | sem=load elem=32 am=ptr | plain
inst add | rd, rs | 31..12=7 11..4=0 | sem=alu.add | add
inst mac | rd | 31..12=8 11..2=0 | sem=vmac.mac elem=bf16 acc=64 | MAC
inst lck | rd | 31..12=9 11..2=0 | sem=none:needs_a_lock_model | lock
`

func TestSemantics(t *testing.T) {
	isa, err := Parse("t.isa", semISA)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Semantics{
		"ld":  {Op: "load", Elem: Elem{8, 's'}, Mode: AddrIdx, Ptr: 1, Off: 2},
		"ldi": {Op: "load", Elem: Elem{16, 'u'}, Mode: AddrIdxImm, Ptr: 1, Off: 2},
		"ldp": {Op: "load", Elem: Elem{32, 0}, Mode: AddrPost, Ptr: 1, Off: 2},
		"ldq": {Op: "load", Elem: Elem{32, 0}, Mode: AddrPostImm, Ptr: 1, Off: 2},
		"lds": {Op: "load", Elem: Elem{32, 0}, Mode: AddrSP, Ptr: -1, Off: 1},
		"ldr": {Op: "load", Elem: Elem{32, 0}, Mode: AddrPtr, Ptr: 1, Off: -1},
		"add": {Op: "alu.add", Ptr: -1, Off: -1},
		"mac": {Op: "vmac.mac", Elem: Elem{16, 'f'}, AccBits: 64, Ptr: -1, Off: -1},
		"lck": {Op: "none", Why: "needs a lock model", Ptr: -1, Off: -1},
	}
	for _, in := range isa.Insts {
		got, ok := in.Semantics()
		if !ok || got != want[in.Mnemonic] {
			t.Errorf("%s: %+v, %v; want %+v", in.Mnemonic, got, ok, want[in.Mnemonic])
		}
	}
}

// TestSemanticsErrors: malformed semantics attributes, an addressing mode
// the syntax contradicts and an instruction without sem= among ones with
// it are load errors.
func TestSemanticsErrors(t *testing.T) {
	base := semISA
	if _, err := Parse("t.isa", base); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{"sem=alu.add", "", "no sem="},
		{"sem=alu.add", "unit=alu", "no sem="},
		{"sem=alu.add", "sem=Alu.Add", "lower-case words"},
		{"sem=alu.add", "sem=alu.add:why", "only none takes a reason"},
		{"sem=none:needs_a_lock_model", "sem=none:", "only none takes a reason"},
		{"elem=s8", "elem=s7", "elem=s7"},
		{"elem=bf16", "elem=fp16", "elem=fp16"},
		{"acc=64", "acc=48", "acc=48"},
		{"sem=alu.add", "sem=alu.add am=idx", "no memory operand"},
		{"sem=load elem=32 am=ptr", "sem=load elem=32", "needs am=MODE"},
		{"am=post.imm", "am=postimm", "unknown addressing mode"},
		{"am=idx.imm", "am=post.imm", "wrong side of ']'"},
		{"am=post |", "am=idx |", "wrong side of ']'"},
		{"am=post |", "am=post.imm |", "wrong class"},
		{"am=idx |", "am=idx.imm |", "wrong class"},
		{"am=sp", "am=idx.imm", "address register"},
		{"am=ptr", "am=post", "no offset operand"},
		{"am=post.imm", "am=ptr", "am=ptr"},
		{"sem=load elem=32 am=sp", "elem=32 am=sp", "need sem="},
	} {
		src := strings.Replace(base, tc.old, tc.new, 1)
		if src == base {
			t.Fatalf("%q is not in the test ISA", tc.old)
		}
		_, err := Parse("t.isa", src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v; want one containing %q", tc.old, tc.new, err, tc.want)
		}
	}
}

// TestAIE2Semantics: every aie2 instruction declares its semantics.
func TestAIE2Semantics(t *testing.T) {
	isa := MustLoadISA("aie2")
	for _, in := range isa.Insts {
		if _, ok := in.Semantics(); !ok {
			t.Errorf("%s %s: no sem=", in.Mnemonic, in.Syntax)
		}
	}
}
