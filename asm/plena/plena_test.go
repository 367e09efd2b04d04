package plena_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/plena"
	isadefs "kernelcraft/isa-defs"
)

var update = flag.Bool("update", false, "rewrite the warning golden files")

const corpusDir = "../../testdata/plena/corpus"

func plenaAsm(t testing.TB) *asm.Assembler {
	t.Helper()
	as, err := asm.New("plena")
	if err != nil {
		t.Fatal(err)
	}
	return as
}

// hwRTL is the plena config with the RTL extension opcodes enabled (no
// built-in config enables them: the emulator cannot run them).
func hwRTL(t testing.TB) *isadefs.HW {
	t.Helper()
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		t.Fatal(err)
	}
	hw.Extensions = append(hw.Extensions, "rtl")
	return hw
}

func assemble(t testing.TB, hw *isadefs.HW, name, src string) *asm.Program {
	t.Helper()
	p, err := plenaAsm(t).Assemble(name, []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

func words(t testing.TB, p *asm.Program) []uint64 {
	t.Helper()
	m, err := p.Mem()
	if err != nil {
		t.Fatal(err)
	}
	w, err := asm.ParseMem(m, 32)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestPlenaCorpus: every program of the corpus assembles to exactly the
// machine-code text PLENA's own assembler wrote for it (testdata/plena/
// corpus/README.md says where each came from), with the warnings of
// testdata/warnings (go test -update rewrites those).
func TestPlenaCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.asm"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus in %s: %v", corpusDir, err)
	}
	hw := hwRTL(t)
	total := 0
	seen := map[string]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".asm")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(file, ".asm") + ".mem")
		if err != nil {
			t.Fatal(err)
		}
		p := assemble(t, hw, filepath.Base(file), string(src))
		got, err := p.Mem()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Errorf("%s: word %d is %s, PLENA's assembler wrote %s (source line %d)", name, i, gl[i], wl[i], p.LineOf(0x40000000+4*uint64(i)))
					break
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("%s: %d words, PLENA's assembler wrote %d", name, len(gl)-1, len(wl)-1)
			}
			continue
		}
		total += bytes.Count(want, []byte("\n"))
		for _, w := range words(t, p) {
			if in := plenaAsm(t).Backend().ISA().Decode(w, nil); in != nil {
				seen[in.Name] = true
			}
		}
		checkGolden(t, filepath.Join("testdata", "warnings", name+".golden"), p.Warnings.Error())
	}
	// The corpus covers every opcode.
	for _, in := range plenaAsm(t).Backend().ISA().Insts {
		if !seen[in.Name] {
			t.Errorf("the corpus has no %s", in.Name)
		}
	}
	t.Logf("%d files, %d words identical to PLENA's assembler's", len(files), total)
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if got == "" {
			_ = os.Remove(path)
			return
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		want = nil
	} else if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSuffix(string(want), "\n") != got {
		t.Errorf("%s: warnings differ (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestDisassembleRoundTrip: the disassembly of every corpus program
// assembles back to the same words (lossy and undecodable words included).
func TestDisassembleRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.mem"))
	b, err := asm.BackendFor("plena")
	if err != nil {
		t.Fatal(err)
	}
	hw := hwRTL(t)
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := asm.ParseMem(data, 32)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		text := asm.DisassembleWords(b, want)
		got := words(t, assemble(t, hw, "dis.asm", text))
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: disassembly does not assemble back to the same words", file)
		}
	}
	// Words that decode to nothing come back through .word.
	odd := []uint64{0x00000000, 0x0000003f, 0x00040ADD, 0xFFFFFFC1}
	text := asm.DisassembleWords(b, odd)
	if got := words(t, assemble(t, hw, "odd.asm", text)); fmt.Sprint(got) != fmt.Sprint(odd) {
		t.Errorf("odd words: %x from\n%s", got, text)
	}
}

// TestPlenaSyntax: what kc-as adds to PLENA's syntax (labels, constants,
// expressions, numbers in any base) and how it reads PLENA's forms.
func TestPlenaSyntax(t *testing.T) {
	hw := hwRTL(t)
	cases := []struct{ src, want string }{
		{"S_ADDI_INT gp1, gp0, 64", "0x00100062"},
		{"s_addi_int GP1, gp0, 0x40", "0x00100062"},
		{"N = 16\nS_ADDI_INT gp1, gp0, N*4", "0x00100062"},
		{".set ROWS, 4\nC_LOOP_START gp5, ROWS\nloop: V_ADD_VV gp3, gp1, gp2, 0\nC_LOOP_END gp5", "0x0000116F 0x000084CD 0x00000170"},
		{"M_MM 0, gp2, gp1", "0x00004801"},
		{"M_MM gp0, gp2, gp1", "0x00004801"},
		{"M_MM 1+1, gp2, gp1", "0x00004881"},
		{"C_BREAK\nS_ADDI_INT gp1, gp0, 64", "0x00100062"}, // C_BREAK alone emits nothing (a source of only that is refused: nothing to run)
		{"C_BREAK 0, gp0, gp0", "0x00000034"},
		{"S_LUI_INT gp1, 4194303", "0xFFFFFC65"},
		// PLENA's compiler pads operands PLENA's assembler ignores.
		{"H_PREFETCH_V gp3, gp1, a0, 0, 0, 0", "0x000004E9"},
		{"M_MV_WO gp3, gp0, 0", "0x000000CB"},
		{"M_MV_WO gp3, gp7, 0, 1", "0x000000CB"},
		{"V_RED_SUM f1, gp2, 1", "0x00000855"},
	}
	for _, c := range cases {
		p := assemble(t, hw, "t.asm", c.src)
		m, err := p.Mem()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(strings.ReplaceAll(string(m), "\n", " ")); got != c.want {
			t.Errorf("%q = %q, want %q", c.src, got, c.want)
		}
	}
}

// TestPlenaWarnings: each lossy or ignored operand is reported at its
// position; padding that changes nothing is not.
func TestPlenaWarnings(t *testing.T) {
	hw := hwRTL(t)
	cases := []struct{ src, want string }{
		{"V_EXP_V gp3, gp1, 1", "1:19: warning: V_EXP_V's mask operand 1 is dropped"},
		{"M_BMV_WO gp5, 32", "1:15: warning: M_BMV_WO's immediate 32 is encoded at bit 10 but the emulator reads it from bit 14: the offset applied is 32 >> 4 = 2"},
		{"M_MV_WO gp3, gp7, 0", "1:14: warning: M_MV_WO: the register operand gp7 is ignored"},
		{"V_RED_SUM f1, gp2, 1", "1:20: warning: V_RED_SUM: operand 3 is ignored"},
		{"S_ADD_INT gp16, gp1, gp2", "1:11: warning: S_ADD_INT: gp16 does not fit the 4-bit rd field (bits 9..6)"},
		{"S_ADD_FP f8, f1, f2", "1:10: warning: S_ADD_FP: f8 is not a register (f0-f7)"},
		{"S_ADD_FP f1, gp1, f2", "1:14: warning: gp1 is a gp register (gp0-gp15), but an f register (f0-f7) is expected here"},
		{"C_BREAK\nS_ADDI_INT gp1, gp0, 1", "1:1: warning: C_BREAK without operands emits nothing"},
		{"H_PREFETCH_V gp3, gp1, a0, 0, 0, 0\nM_MV_WO gp3, gp0, 0\nV_EXP_V gp3, gp1, 0\nM_MV_WO gp1, 0", ""},
	}
	for _, c := range cases {
		p := assemble(t, hw, "t.asm", c.src)
		// The encoding warnings only: one-line sources also break the
		// sequence rules (TestPlenaRules), whose hints name them.
		var lossy asm.ErrorList
		for _, w := range p.Warnings {
			if !strings.Contains(w.Hint, "plena mistakes") {
				lossy = append(lossy, w)
			}
		}
		got := lossy.Error()
		if c.want == "" && len(lossy) > 0 || !strings.Contains(got, c.want) || c.want != "" && len(lossy) != 1 {
			t.Errorf("%q: warnings %q, want one containing %q", c.src, got, c.want)
		}
	}
}

// TestPlenaErrors: what neither PLENA's toolchain nor kc-as accepts, with
// the position and message kc-as gives.
func TestPlenaErrors(t *testing.T) {
	hw, _ := isadefs.HWByName("plena")
	cases := []struct{ src, want string }{
		{"S_ADDI_INT gp1, gp0, 262144", "1:22: value 262144 out of range for imm18"},
		{"S_ADDI_INT gp1, gp0, -1", "1:22: value -1 out of range"},
		{"S_LUI_INT gp31, 4194303", "overflow the 32-bit word"},
		{"S_ADD_INT gp1, gp2, 3", "1:21: expected a gp register"},
		{"S_ADD_INT gp1, gp2", "too few operands"},
		{"S_ADD_INT gp1, gp2, gp3, 0, 0, 0, 0", "too many operands"},
		{"M_MV_WO gp1, 3, 0", "1:17: M_MV_WO: too many operands"},
		{"V_EXP_V gp3, gp1", "too few operands"},
		{"C_LOOP_END", "too few operands"},
		{"C_BREAK gp0, gp0, gp0", "needs extension rtl"},
		{"V_PS_V gp1, gp2, gp3", "needs extension rtl"},
		{"M_MMM 0, gp1, gp2", `did you mean M_MM`},
		{"S_ADDI_INT gp1, gp0, %hi(4)", "no relocation modifiers"},
		{".data\n.word 1", "section .data has no place"},
		{"S_ADDI_INT gp1, gp0, undefined", `undefined symbol "undefined"`},
	}
	for _, c := range cases {
		_, err := plenaAsm(t).Assemble("t.asm", []byte(c.src), asm.Options{HW: hw})
		var list asm.ErrorList
		if !errors.As(err, &list) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.src, err, c.want)
		}
	}
}

// TestMemRejectsData: a .mem file has no place for data.
func TestMemRejectsData(t *testing.T) {
	hw, _ := isadefs.HWByName("plena")
	hw.Memory = append(hw.Memory, isadefs.Region{Name: "data", Base: 0x50000000, Size: 0x1000, Perm: "rw", Sections: []string{".data"}})
	p := assemble(t, hw, "t.asm", "S_ADDI_INT gp1, gp0, 1\n.data\n.word 5\n")
	if _, err := p.Mem(); err == nil || !strings.Contains(err.Error(), "holds data") {
		t.Errorf("Mem with .data: %v", err)
	}
}

// TestELFRoundTrip: the default output is an ELF with plena's machine
// number, which the generic disassembler reads.
func TestELFRoundTrip(t *testing.T) {
	hw, _ := isadefs.HWByName("plena")
	p := assemble(t, hw, "t.asm", "start: S_ADDI_INT gp1, gp0, 64\nV_EXP_V gp3, gp1, 0\n")
	text, err := asm.Disassemble(p.ELF())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"plena ELF32", "start:", "S_ADDI_INT gp1, gp0, 64", "; 40000000: 00100062", "V_EXP_V gp3, gp1, 0"} {
		if !strings.Contains(text, want) {
			t.Errorf("disassembly lacks %q:\n%s", want, text)
		}
	}
	// The listing assembles back to the same words.
	again := assemble(t, hw, "d.asm", text)
	m1, _ := p.Mem()
	m2, err := again.Mem()
	if err != nil || string(m1) != string(m2) {
		t.Errorf("disassembly re-assembles to %q (%v), want %q", m2, err, m1)
	}
}

// FuzzAssemblePlena feeds arbitrary source to the plena assembler: it
// returns a program or an ErrorList, never panics; a program's words
// disassemble and assemble back to the same words.
func FuzzAssemblePlena(f *testing.F) {
	// Seeds of a few lines each (the forms files cut in pieces): small
	// inputs keep the fuzzer's minimisation of new inputs quick.
	files, _ := filepath.Glob(filepath.Join(corpusDir, "forms_*.asm"))
	for _, file := range files {
		src, _ := os.ReadFile(file)
		lines := strings.SplitAfter(string(src), "\n")
		for i := 0; i < len(lines); i += 6 {
			f.Add([]byte(strings.Join(lines[i:min(i+6, len(lines))], "")))
		}
	}
	f.Add([]byte("N = 4\nC_LOOP_START gp1, N\nM_MM 0, gp16, gp2\nC_LOOP_END gp1\nC_BREAK\n"))
	f.Add([]byte("V_EXP_V gp1, gp2, 17\nM_MV_WO gp1, 4194303\nS_ADD_FP f15, gp31, a9\n"))
	as := plenaAsm(f)
	hw := hwRTL(f)
	b := as.Backend()
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := as.Assemble("fuzz.asm", src, asm.Options{HW: hw})
		if err != nil {
			var list asm.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %v", err)
			}
			for _, e := range list {
				if e.Msg == "" || strings.Contains(e.Msg, "internal error") {
					t.Fatalf("empty or internal error message in %v", list)
				}
			}
			return
		}
		m, err := p.Mem()
		if err != nil {
			return // data sections
		}
		ws, err := asm.ParseMem(m, 32)
		if err != nil {
			t.Fatalf("Mem wrote what ParseMem rejects: %v", err)
		}
		back, err := as.Assemble("dis.asm", []byte(asm.DisassembleWords(b, ws)), asm.Options{HW: hw})
		if err != nil {
			t.Fatalf("disassembly does not assemble: %v", err)
		}
		m2, _ := back.Mem()
		if !bytes.Equal(m, m2) {
			t.Fatalf("round trip changed the words:\n%s\n%s", m, m2)
		}
	})
}

// TestManualExamples: the example in every instruction's description (the
// manual's raw material) assembles, without warnings, to that instruction,
// and disassembles back to the same text.
func TestManualExamples(t *testing.T) {
	hw := hwRTL(t)
	b := plenaAsm(t).Backend()
	for _, in := range b.ISA().Insts {
		_, ex, ok := strings.Cut(in.Description, "Example: ")
		if !ok {
			t.Errorf("%s: no example", in.Name)
			continue
		}
		p := assemble(t, hw, "ex.asm", ex)
		// A one-line example cannot show the set-up a sequence rule asks
		// for (an address register set before a prefetch, a write-out
		// after a product): only those warnings are allowed.
		for _, w := range p.Warnings {
			if !strings.Contains(w.Hint, "rule prefetch-setup") && !strings.Contains(w.Hint, "rule accumulate") {
				t.Errorf("%s: example %q warns: %v", in.Name, ex, w)
			}
		}
		ws := words(t, p)
		if len(ws) != 1 || b.ISA().Decode(ws[0], nil) != in {
			t.Errorf("%s: example %q assembles to %x", in.Name, ex, ws)
			continue
		}
		if text, _, _ := asm.DisassembleWord(b, ws[0], 0); text != ex {
			t.Errorf("%s: example %q disassembles as %q", in.Name, ex, text)
		}
	}
}

// TestPlenaRules: each classic-mistake rule (isadefs.Rules("plena")) is
// warned about where the program text shows it broken, naming the rule,
// and a program that keeps the rules assembles without warnings.
func TestPlenaRules(t *testing.T) {
	hw, _ := isadefs.HWByName("plena")
	setup := "S_ADDI_INT gp1, gp0, 4096\nC_SET_ADDR_REG a1, gp0, gp1\nC_SET_SCALE_REG gp1\n"
	for _, tc := range []struct {
		name, src string
		rules     []string // one warning per entry, in order
	}{
		{"clean", setup + "S_ADDI_INT gp2, gp0, 0\nH_PREFETCH_M gp2, gp2, a1, 1, 0\nC_LOOP_START gp5, 4\nS_ADD_FP f1, f0, f0\nV_RED_SUM f1, gp2\nM_MM 0, gp2, gp3\nM_MM_WO gp4, gp0, 0\nS_ADDI_INT gp2, gp2, 64\nC_LOOP_END gp5\nS_LUI_INT gp6, 8", nil},
		{"no write-out", "M_MM 0, gp2, gp3\nM_MM 0, gp2, gp3", []string{"accumulate"}},
		{"write-out first", "M_MM_WO gp4, gp0, 0\nM_MM 0, gp2, gp3\nM_MM_WO gp4, gp0, 0", []string{"accumulate"}},
		{"address register unset", "C_SET_SCALE_REG gp1\nH_PREFETCH_V gp1, gp2, a0, 1, 0\nH_PREFETCH_V gp1, gp2, a0, 1, 0", []string{"prefetch-setup"}},
		{"scale unset", "C_SET_ADDR_REG a2, gp0, gp1\nH_STORE_V gp1, gp2, a2, 1, 0", []string{"prefetch-setup"}},
		{"lui in bytes", "S_LUI_INT gp1, 8192", []string{"lui-units"}},
		{"lui overflow", "S_LUI_INT gp1, 1048576", []string{"lui-units"}},
		{"reduce across iterations", "C_LOOP_START gp5, 4\nV_RED_MAX f2, gp1, 0\nS_ADDI_INT gp1, gp1, 64\nC_LOOP_END gp5", []string{"reduce-accumulates"}},
		{"counter as index", "C_LOOP_START gp5, 4\nS_ADD_INT gp1, gp0, gp5\nC_LOOP_END gp5", []string{"loop-counter"}},
		{"counter written", "C_LOOP_START gp5, 4\nS_ADDI_INT gp5, gp5, 1\nC_LOOP_END gp5", []string{"loop-counter", "loop-counter"}},
		{"outer counter in an inner body", "C_LOOP_START gp5, 4\nC_LOOP_START gp6, 2\nS_ADD_INT gp1, gp0, gp5\nC_LOOP_END gp6\nC_LOOP_END gp5", []string{"loop-counter"}},
		{"both counters in an inner body", "C_LOOP_START gp5, 4\nC_LOOP_START gp6, 2\nS_ADD_INT gp1, gp6, gp5\nC_LOOP_END gp6\nC_LOOP_END gp5", []string{"loop-counter", "loop-counter"}},
		{"reduce in an inner loop, set only in the outer", "C_LOOP_START gp5, 4\nS_ADD_FP f2, f0, f0\nC_LOOP_START gp6, 2\nV_RED_MAX f2, gp1, 0\nC_LOOP_END gp6\nC_LOOP_END gp5", []string{"reduce-accumulates"}},
		{"reduce in an inner loop that sets it", "C_LOOP_START gp5, 4\nC_LOOP_START gp6, 2\nS_ADD_FP f2, f0, f0\nV_RED_MAX f2, gp1, 0\nC_LOOP_END gp6\nC_LOOP_END gp5", nil},
		{"counters outside their loops", "C_LOOP_START gp5, 2\nS_ADDI_INT gp1, gp1, 1\nC_LOOP_END gp5\nS_ADD_INT gp2, gp0, gp5\nC_LOOP_START gp6, 2\nS_ADD_INT gp3, gp0, gp5\nC_LOOP_END gp6", nil},
	} {
		p := assemble(t, hw, "r.asm", tc.src)
		if len(p.Warnings) != len(tc.rules) {
			t.Errorf("%s: %d warnings, want %d: %v", tc.name, len(p.Warnings), len(tc.rules), p.Warnings)
			continue
		}
		for i, w := range p.Warnings {
			if !strings.Contains(w.Hint, "rule "+tc.rules[i]+" (") {
				t.Errorf("%s: warning %q, hint %q: want rule %s", tc.name, w.Msg, w.Hint, tc.rules[i])
			}
			if _, ok := isadefs.RuleByID("plena", tc.rules[i]); !ok {
				t.Errorf("rule %s is not in isadefs.Rules", tc.rules[i])
			}
		}
	}
}
