package isadefs_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/isa-defs/internal/gen-encodings/oracle"
)

const goldenPath = "../testdata/encodings/coral.txt"

// llvmGaps says why llvm-mc 14 may reject a statement: Coral's own
// instructions and CSR names. A rejected statement that matches none of
// these is a bug in coral.isa or in the generator.
func llvmGap(isa *isadefs.ISA, text string) string {
	mn, ops := oracle.Statement(text)
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

// TestCoralGolden checks every statement of the llvm-mc golden file against
// isa-defs without running llvm-mc: real instructions decode to their
// mnemonic, re-encode from the extracted operands, print back as the
// golden text and parse back to the same word; pseudo-instructions expand
// to the golden words. Every instruction and pseudo form must appear.
func TestCoralGolden(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	lines := loadGolden(t)
	seenInst := map[*isadefs.Inst]bool{}
	seenPseudo := map[*isadefs.Pseudo]bool{}
	var nInst, nPseudo, nRejected int
	for _, g := range lines {
		where := fmt.Sprintf("%s:%d: %s", goldenPath, g.Line, g.Text)
		if g.Rejected {
			nRejected++
			if why := llvmGap(isa, g.Text); why == "" {
				t.Errorf("%s: llvm-mc rejected it (%s), and it is not a known llvm-mc 14 gap", where, g.Note)
			}
		}
		if e, err := oracle.ParseInst(isa, g.Text, nil); err == nil {
			nInst++
			seenInst[e.Inst] = true
			checkInst(t, isa, where, g, e)
			continue
		}
		p, vals, err := oracle.ParsePseudo(isa, g.Text)
		if err != nil {
			t.Errorf("%s: neither an instruction nor a pseudo-instruction: %v", where, err)
			continue
		}
		nPseudo++
		seenPseudo[p] = true
		es, err := oracle.Expand(isa, p, vals)
		if err != nil {
			t.Errorf("%s: expand: %v", where, err)
			continue
		}
		words, err := oracle.Words(es)
		if err != nil {
			t.Errorf("%s: encode expansion: %v", where, err)
			continue
		}
		if !oracle.SameWords(words, g.Words) {
			t.Errorf("%s: expands to %s, golden %s", where, oracle.HexWords(words), oracle.HexWords(g.Words))
		}
	}
	for _, in := range isa.Insts {
		if !seenInst[in] {
			t.Errorf("coral.isa:%d: inst %s has no line in %s", in.Line, in.Mnemonic, goldenPath)
		}
	}
	for _, p := range isa.Pseudos {
		if !seenPseudo[p] {
			t.Errorf("coral.isa:%d: pseudo %s %s has no line in %s", p.Line, p.Mnemonic, p.Syntax, goldenPath)
		}
	}
	if nInst < 4*len(isa.Insts) {
		t.Errorf("only %d instruction lines for %d instructions", nInst, len(isa.Insts))
	}
	t.Logf("golden: %d instruction lines, %d pseudo lines, %d rejected by llvm-mc; %d instructions and %d pseudo forms covered",
		nInst, nPseudo, nRejected, len(seenInst), len(seenPseudo))
}

func checkInst(t *testing.T, isa *isadefs.ISA, where string, g oracle.GoldenLine, e oracle.Encoded) {
	t.Helper()
	if len(g.Words) != 1 {
		t.Errorf("%s: %d words for a real instruction", where, len(g.Words))
		return
	}
	w := uint64(g.Words[0])
	in := isa.Decode(w, nil)
	if in == nil {
		t.Errorf("%s: %08x does not decode", where, w)
		return
	}
	if in != e.Inst {
		t.Errorf("%s: %08x decodes to %s (line %d), want %s (line %d)", where, w, in.Mnemonic, in.Line, e.Inst.Mnemonic, e.Inst.Line)
		return
	}
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
	if pw, err := e.Word(); err != nil || uint64(pw) != w {
		t.Errorf("%s: the text encodes to %08x, %v; golden %08x", where, pw, err, w)
	}
}

// TestCoralDecodeUnambiguous: when two encodings can match the same word,
// one must be strictly more specific, so Decode's "most fixed bits" rule
// picks a unique instruction.
func TestCoralDecodeUnambiguous(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	for i, a := range isa.Insts {
		for _, b := range isa.Insts[i+1:] {
			common := a.Mask & b.Mask
			if a.Match&common != b.Match&common {
				continue // some fixed bit tells them apart
			}
			if a.Mask&^b.Mask != 0 && b.Mask&^a.Mask != 0 {
				t.Errorf("%s (line %d) and %s (line %d) both match some words and neither is more specific",
					a.Mnemonic, a.Line, b.Mnemonic, b.Line)
			}
		}
	}
}

// TestCoralLLVM compares isa-defs with llvm-mc on a fresh random sample of
// every instruction and pseudo-instruction. It needs llvm-mc on PATH; with
// CI=true a missing llvm-mc fails the test. KC_ORACLE_SEED repeats a run.
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
	g := oracle.NewGenerator(isa, seed, 6)
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
		if !oracle.SameWords(r.Words, f.Words) {
			mismatches++
			t.Errorf("%s: %q: isa-defs %s, llvm-mc %s", f.Name(), f.Text, oracle.HexWords(f.Words), oracle.HexWords(r.Words))
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
		if r.Rejected() != f.WantReject {
			bad++
			t.Errorf("%s %s: %q: noov=%q says reject=%v, llvm-mc: %v %s", f.Name(), f.Why, f.Text, f.Inst.Attrs["noov"], f.WantReject, r.Rejected(), r.Err)
		} else if !r.Rejected() && !oracle.SameWords(r.Words, f.Words) {
			bad++
			t.Errorf("%s: %q: isa-defs %s, llvm-mc %s", f.Name(), f.Text, oracle.HexWords(f.Words), oracle.HexWords(r.Words))
		}
	}
	t.Logf("llvm-mc: %d register-constraint forms (%d break noov), %d disagree with noov", len(cforms), wantReject, bad)
	if wantReject == 0 || wantReject == len(cforms) {
		t.Errorf("constraint forms must include both allowed and forbidden overlaps")
	}
}
