package asm_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"kernelcraft/asm"
	oracle "kernelcraft/internal/llvmoracle"
	isadefs "kernelcraft/isa-defs"
)

const goldenPath = "../testdata/encodings/coral.txt"

// llvmGaps says why llvm-mc 14 may reject a statement: Coral's own
// instructions and CSR names. A rejected statement that matches none of
// these is a bug in coral.isa or in the generator.
func llvmGap(isa *isadefs.ISA, text string) string {
	mn, ops, _ := strings.Cut(strings.TrimSpace(text), " ")
	switch mn {
	case "mpause", "flushat", "flushall":
		return "Coral custom instruction"
	}
	for _, f := range strings.FieldsFunc(ops, func(r rune) bool { return r == ',' || r == ' ' }) {
		if v, ok := isa.Operands["csr"].Enum.Values[f]; ok && coralCustomCSR(v, f) {
			return "Coral custom CSR name"
		}
	}
	return ""
}

// coralCustomCSR: tinfo (0x7a4) and Coral's mcontext0-7, mpc, msp, kisa,
// kscm0-4 are unknown to LLVM 14.
func coralCustomCSR(v int64, name string) bool {
	return v == 0x7a4 || (v >= 0x7c0 && v <= 0x7e1) || v >= 0xfc0 && v <= 0xfd4 || name == "tinfo"
}

func loadGolden(t *testing.T) []oracle.GoldenLine {
	t.Helper()
	f, err := os.Open(goldenPath)
	if err != nil {
		t.Fatalf("%v (regenerate with scripts/gen-encodings.sh)", err)
	}
	defer f.Close()
	lines, err := oracle.ReadGolden(f)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestCoralGolden runs every statement of the llvm-mc golden file through
// kc-as (no llvm-mc needed): the words must be llvm-mc's. Single-word
// instructions must also decode to their mnemonic, re-encode from the
// extracted operands, print back as the golden text, and disassemble to
// text that kc-as assembles back to the same word. Every instruction and
// pseudo form of coral.isa must appear.
func TestCoralGolden(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	kcas, err := oracle.NewAssembler()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := asm.BackendFor("coral")
	lines := loadGolden(t)
	seenInst := map[*isadefs.Inst]bool{}
	seenPseudo := map[string]bool{}
	var nInst, nPseudo, nRejected, nRoundTrip int
	for _, g := range lines {
		where := fmt.Sprintf("%s:%d: %s", goldenPath, g.Line, g.Text)
		if g.Rejected {
			nRejected++
			if why := llvmGap(isa, g.Text); why == "" {
				t.Errorf("%s: llvm-mc rejected it (%s), and it is not a known llvm-mc 14 gap", where, g.Note)
			}
		}
		words, err := kcas.Words(g.Text)
		if err != nil {
			t.Errorf("%s: kc-as: %v", where, err)
			continue
		}
		if !oracle.SameWords(words, g.Words) {
			t.Errorf("%s: kc-as %s, golden %s", where, oracle.HexWords(words), oracle.HexWords(g.Words))
			continue
		}
		mn, _, _ := strings.Cut(g.Text, " ")
		// A real-instruction line prints back as itself; a pseudo with the
		// same mnemonic (jal off, jalr rs, fence) does not.
		if in := isa.Decode(uint64(g.Words[0]), nil); len(g.Words) == 1 && in != nil && in.Format(uint64(g.Words[0]), 0, oracle.Text) == g.Text {
			nInst++
			seenInst[in] = true
			checkInst(t, b, kcas, where, g, in)
			nRoundTrip++
			continue
		}
		nPseudo++
		for _, p := range isa.LookupPseudo(mn) {
			seenPseudo[p.Mnemonic+" "+p.Syntax] = seenPseudo[p.Mnemonic+" "+p.Syntax] || pseudoShape(p, g.Text)
		}
	}
	for _, in := range isa.Insts {
		if !seenInst[in] {
			t.Errorf("coral.isa:%d: inst %s has no line in %s", in.Line, in.Mnemonic, goldenPath)
		}
	}
	for _, p := range isa.Pseudos {
		if !seenPseudo[p.Mnemonic+" "+p.Syntax] {
			t.Errorf("coral.isa:%d: pseudo %s %s has no line in %s", p.Line, p.Mnemonic, p.Syntax, goldenPath)
		}
	}
	if nInst < 4*len(isa.Insts) {
		t.Errorf("only %d instruction lines for %d instructions", nInst, len(isa.Insts))
	}
	t.Logf("golden through kc-as: %d instruction lines (%d disassembly round trips), %d pseudo lines, %d rejected by llvm-mc; %d instructions and %d pseudo forms covered",
		nInst, nRoundTrip, nPseudo, nRejected, len(seenInst), len(seenPseudo))
}

// pseudoShape reports whether text has as many operands as the pseudo's
// syntax (forms of one mnemonic differ in operand count).
func pseudoShape(p *isadefs.Pseudo, text string) bool {
	_, ops, _ := strings.Cut(strings.TrimSpace(text), " ")
	n := 0
	if strings.TrimSpace(ops) != "" {
		n = strings.Count(ops, ",") + 1
	}
	want := 0
	if strings.TrimSpace(p.Syntax) != "" {
		want = strings.Count(p.Syntax, ",") + 1
	}
	optional := 0
	for _, k := range p.Operands {
		if k.HasDefault {
			optional++
		}
	}
	return n <= want && n >= want-optional
}

func checkInst(t *testing.T, b asm.Backend, kcas *oracle.Assembler, where string, g oracle.GoldenLine, in *isadefs.Inst) {
	t.Helper()
	w := uint64(g.Words[0])
	vals := make([]int64, len(in.Operands))
	for i, k := range in.Operands {
		vals[i] = k.Extract(w)
	}
	if re, err := in.Encode(vals); err != nil || re != w {
		t.Errorf("%s: re-encoding the decoded operands %v gives %08x, %v; want %08x", where, vals, re, err, w)
	}
	if txt := in.Format(w, 0, oracle.Text); txt != g.Text {
		t.Errorf("%s: Format(%08x) = %q", where, w, txt)
	}
	text, _, ok := asm.DisassembleWord(b, w, 0x100)
	if !ok {
		t.Errorf("%s: %08x does not disassemble", where, w)
		return
	}
	back, err := kcas.Words(text)
	if err != nil || len(back) != 1 || uint64(back[0]) != w {
		t.Errorf("%s: disassembles to %q, which assembles to %s, %v", where, text, oracle.HexWords(back), err)
	}
}

// TestCoralLLVM compares kc-as with llvm-mc on a fresh random sample of
// every instruction and pseudo-instruction, and checks that both reject
// the same register overlaps. It needs llvm-mc on PATH; with CI=true a
// missing llvm-mc fails the test. KC_ORACLE_SEED repeats a run.
func TestCoralLLVM(t *testing.T) {
	mc, err := exec.LookPath("llvm-mc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but llvm-mc is not on PATH: %v", err)
		}
		t.Skip("llvm-mc not on PATH")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("KC_ORACLE_SEED"); s != "" {
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("KC_ORACLE_SEED: %v", err)
		}
	}
	t.Logf("seed %d (rerun with KC_ORACLE_SEED=%d)", seed, seed)
	isa := isadefs.MustLoadISA("coral")
	llvm := oracle.LLVM{Path: mc}
	if v, err := llvm.Version(); err == nil {
		t.Logf("%s: %s", filepath.Base(mc), v)
	}
	kcas, err := oracle.NewAssembler()
	if err != nil {
		t.Fatal(err)
	}
	g := oracle.NewGenerator(isa, seed, 6, kcas.Words)
	forms, err := g.All()
	if err != nil {
		t.Fatal(err)
	}
	results, err := llvm.Check(forms)
	if err != nil {
		t.Fatal(err)
	}
	compared, mismatches, rejected := 0, 0, 0
	for i, f := range forms {
		r := results[i]
		if r.Rejected() {
			rejected++
			if llvmGap(isa, f.Text) == "" {
				mismatches++
				t.Errorf("%s: llvm-mc rejects %q: %s", f.Name(), f.Text, r.Err)
			}
			continue
		}
		compared++
		words, err := kcas.Words(f.Text)
		if err != nil || !oracle.SameWords(r.Words, words) || !oracle.SameWords(words, f.Words) {
			mismatches++
			t.Errorf("%s: %q: kc-as %s (%v), isa-defs %s, llvm-mc %s", f.Name(), f.Text, oracle.HexWords(words), err, oracle.HexWords(f.Words), oracle.HexWords(r.Words))
		}
	}
	t.Logf("llvm-mc: %d forms compared, %d mismatches (%d rejected as known llvm-mc 14 gaps)", compared, mismatches, rejected)

	// The noov attributes: llvm-mc must reject exactly the forms that
	// break them.
	cforms := g.ConstraintForms()
	cresults, err := llvm.Check(cforms)
	if err != nil {
		t.Fatal(err)
	}
	bad, wantReject := 0, 0
	for i, f := range cforms {
		if f.WantReject {
			wantReject++
		}
		r := cresults[i]
		_, kerr := kcas.Words(f.Text)
		if (kerr != nil) != r.Rejected() {
			bad++
			t.Errorf("%s %s: %q: kc-as error %v, llvm-mc rejects: %v %s", f.Name(), f.Why, f.Text, kerr, r.Rejected(), r.Err)
		}
		if r.Rejected() != f.WantReject {
			bad++
			t.Errorf("%s %s: %q: noov=%q says reject=%v, llvm-mc: %v %s", f.Name(), f.Why, f.Text, f.Inst.Attrs["noov"], f.WantReject, r.Rejected(), r.Err)
		} else if !r.Rejected() && !oracle.SameWords(r.Words, f.Words) {
			bad++
			t.Errorf("%s: %q: isa-defs %s, llvm-mc %s", f.Name(), f.Text, oracle.HexWords(f.Words), oracle.HexWords(r.Words))
		}
	}
	t.Logf("llvm-mc: %d register-constraint forms (%d break noov), %d disagree with kc-as or noov", len(cforms), wantReject, bad)
	if wantReject == 0 || wantReject == len(cforms) {
		t.Errorf("constraint forms must include both allowed and forbidden overlaps")
	}
}
