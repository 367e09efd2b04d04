package asm_test

import (
	"bytes"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral"
	isadefs "kernelcraft/isa-defs"
)

var update = flag.Bool("update", false, "rewrite golden files")

func coralAsm(t testing.TB) (*asm.Assembler, *isadefs.HW) {
	t.Helper()
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	return as, hw
}

// dump renders a program for golden comparison.
func dump(p *asm.Program) string {
	var b strings.Builder
	fmt.Fprintf(&b, "entry %#x\n", p.Entry)
	for _, s := range p.Sections {
		fmt.Fprintf(&b, "section %s addr=%#x size=%d align=%d exec=%v write=%v nobits=%v\n", s.Name, s.Addr, s.Size, s.Align, s.Exec, s.Write, s.NoBits)
		if s.Exec {
			for i := 0; i+4 <= len(s.Data); i += 4 {
				w := uint32(s.Data[i]) | uint32(s.Data[i+1])<<8 | uint32(s.Data[i+2])<<16 | uint32(s.Data[i+3])<<24
				fmt.Fprintf(&b, "  %#06x: %08x\n", s.Addr+uint64(i), w)
			}
			continue
		}
		for i := 0; i < len(s.Data); i += 16 {
			fmt.Fprintf(&b, "  %#06x: % x\n", s.Addr+uint64(i), s.Data[i:min(i+16, len(s.Data))])
		}
	}
	for _, s := range p.Symbols {
		fmt.Fprintf(&b, "symbol %s = %#x section=%q global=%v\n", s.Name, s.Value, s.Section, s.Global)
	}
	return b.String()
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./asm -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the output:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestAssembleGolden(t *testing.T) {
	as, hw := coralAsm(t)
	files, _ := filepath.Glob("testdata/ok/*.s")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, _ := os.ReadFile(f)
			p, err := as.Assemble(f, src, asm.Options{HW: hw})
			if err != nil {
				t.Fatal(err)
			}
			golden(t, strings.TrimSuffix(f, ".s")+".golden", dump(p))
			// The ELF must be readable by debug/elf with the same contents.
			ef, err := elf.NewFile(bytes.NewReader(p.ELF()))
			if err != nil {
				t.Fatal(err)
			}
			if ef.Machine != elf.EM_RISCV || ef.Class != elf.ELFCLASS32 || ef.Entry != p.Entry {
				t.Errorf("ELF header: machine %v class %v entry %#x", ef.Machine, ef.Class, ef.Entry)
			}
			for _, s := range p.Sections {
				es := ef.Section(s.Name)
				if es == nil || es.Addr != s.Addr || es.Size != s.Size {
					t.Errorf("section %s: ELF has %+v", s.Name, es)
					continue
				}
				if !s.NoBits {
					data, _ := es.Data()
					if !bytes.Equal(data, s.Data) {
						t.Errorf("section %s: ELF bytes differ", s.Name)
					}
				}
			}
			syms, _ := ef.Symbols()
			if len(syms) != len(p.Symbols) {
				t.Errorf("ELF has %d symbols, program %d", len(syms), len(p.Symbols))
			}
		})
	}
}

func TestAssembleErrors(t *testing.T) {
	as, hw := coralAsm(t)
	files, _ := filepath.Glob("testdata/errors/*.s")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, _ := os.ReadFile(f)
			_, err := as.Assemble(f, src, asm.Options{HW: hw})
			var list asm.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("want an ErrorList, got %v", err)
			}
			golden(t, strings.TrimSuffix(f, ".s")+".golden", err.Error()+"\n")
		})
	}
}

func TestErrorPositionsAndHints(t *testing.T) {
	as, hw := coralAsm(t)
	cases := []struct {
		src, want string
	}{
		{"  addd a0, a1, a2", `t.s:1:3: unknown instruction "addd"`},
		{"  addd a0, a1, a2", "did you mean add"},
		{"  addi a0, a1, 5000", "[-2048, 2047]"},
		{"  addi a0, a1, 5000", "t.s:1:16:"},
		{"  beq a0, a1, missing", `undefined symbol "missing"`},
		{"  add a0, f1, a2", "f1 is an f register"},
		{"  .wrod 5", "did you mean .word"},
		{"x:\nx:", `symbol "x" is already defined (at line 1)`},
		{"  jal zero, 1b", "no local label 1: before this line"},
	}
	for _, c := range cases {
		_, err := as.Assemble("t.s", []byte(c.src), asm.Options{HW: hw})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v\nwant it to contain %q", c.src, err, c.want)
		}
	}
}

func TestLocalLabels(t *testing.T) {
	as, hw := coralAsm(t)
	src := "1: jal zero, 1f\n1: jal zero, 1b\n   jal zero, 1b\n1: mpause\n"
	p, err := as.Assemble("t.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	text := p.Sections[0].Data
	// jal offsets: +4, 0, -4
	want := []uint32{0x0040006f, 0x0000006f, 0xffdff06f}
	for i, w := range want {
		got := uint32(text[4*i]) | uint32(text[4*i+1])<<8 | uint32(text[4*i+2])<<16 | uint32(text[4*i+3])<<24
		if got != w {
			t.Errorf("word %d = %08x, want %08x", i, got, w)
		}
	}
}

func TestSectionMapOverride(t *testing.T) {
	as, hw := coralAsm(t)
	p, err := as.Assemble("t.s", []byte("mpause\n.data\n.word 1\n"), asm.Options{HW: hw, SectionAddr: map[string]uint64{".data": 0x12000}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Sections {
		if s.Name == ".data" && s.Addr != 0x12000 {
			t.Errorf(".data at %#x, want 0x12000", s.Addr)
		}
	}
}

// FuzzAssemble feeds arbitrary source to the assembler: it must return a
// program or an ErrorList, never panic or hang.
func FuzzAssemble(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.s")
	for _, file := range files {
		src, _ := os.ReadFile(file)
		f.Add(src)
	}
	f.Add([]byte("li a0, 0x12345678\nla a1, x\nx: .word x\ncall x\n"))
	f.Add([]byte("vsetvli t0, a0, e32, m1, ta, ma\nvle32.v v1, (a0), v0.t\n"))
	// Hostile inputs of issue 16, small enough for the fuzzer to mutate.
	f.Add([]byte("li a0, " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + "\n"))
	f.Add([]byte(".set s0, 1\n.set s1, s0+s0\n.set s2, s1+s1\n.set s3, s2+s2\nli a0, s3\n"))
	f.Add([]byte(".set a, b+1\n.set b, a+1\nli a0, a\n.set c, c+1\n"))
	f.Add([]byte(".set X, 1\nli a0, X\n.set X, 0x12345\nli a1, X\n1: j 1b\n1: j 1f\n1: .word 1b-1f\n"))
	f.Add([]byte("foo a0\n.wrod 1\n.data\n.space 16777216\n.zero 40000\n.align 16\n.section .x, \"ax\"\n"))
	f.Add([]byte("x = .\n.set y, x+4\nla a0, y\n%pcrel_lo(1b)\n[1, #2](3)\n"))
	as, hw := coralAsm(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := as.Assemble("fuzz.s", src, asm.Options{HW: hw})
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
		if _, err := elf.NewFile(bytes.NewReader(p.ELF())); err != nil {
			t.Fatalf("unreadable ELF: %v", err)
		}
	})
}

// TestHandCheckedEncodings: statements whose words were read off llvm-mc 14
// by hand, and statements both must reject.
func TestHandCheckedEncodings(t *testing.T) {
	as, _ := coralAsm(t)
	hw, _ := isadefs.HWByName("coral-f")
	cases := []struct{ text, want string }{
		{"vadd.vv v1, v2, v3", "022180d7"},
		{"vadd.vv v1, v2, v3, v0.t", "002180d7"},
		{"vle32.v v1, (a1)", "0205e087"},
		{"vle32.v v1, (a1), v0.t", "0005e087"},
		{"jalr ra, -4(sp)", "ffc100e7"},
		{"fadd.s fa0, fa1, fa2", "00c5f553"},
		{"fadd.s fa0, fa1, fa2, rne", "00c58553"},
		{"vsetvli t0, a0, e32, m1, ta, ma", "0d0572d7"},
		{"csrrs a0, vlenb, zero", "c2202573"},
		{"fence iorw, iorw", "0ff0000f"},
		{"li a0, 0x12345678", "12345537 67850513"},
		{"li a0, -1", "fff00513"},
		{"li a0, 0x7ffff800", "80000537 80050513"},
		{"vmslt.vi v1, v2, 16, v0.t", "7427b0d7"},
		{"vmsgt.vv v1, v2, v3", "6e3100d7"},
		{"ret", "00008067"},
		{"fence", "0ff0000f"},
		{"x: call x", "00000097 000080e7"},
		// A .set redefined after a use: each use sees the value in force
		// where it is (was "li sized 4 bytes in pass 1 but 8 in pass 2").
		{".set X, 1\nli a0, X\n.set X, 0x12345\nli a1, X", "00100513 000125b7 34558593"},
		// A constant defined after its use (llvm-mc and GNU as refuse it):
		// sized as lui+addi in pass 1, which encodes every 32-bit value.
		{"li a0, X\n.set X, 0x12345", "00012537 34550513"},
		{"li a0, X\n.set X, 0x12345000", "12345537 00050513"},
		{"li a0, X\n.set X, -3", "00000537 ffd50513"},
		{"li a0, X\n.set X, 0x7ffff800", "80000537 80050513"},
	}
	for _, c := range cases {
		p, err := as.Assemble("t.s", []byte(c.text), asm.Options{HW: hw})
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		var words []string
		d := p.Sections[0].Data
		for i := 0; i+4 <= len(d); i += 4 {
			words = append(words, fmt.Sprintf("%08x", uint32(d[i])|uint32(d[i+1])<<8|uint32(d[i+2])<<16|uint32(d[i+3])<<24))
		}
		if got := strings.Join(words, " "); got != c.want {
			t.Errorf("%s = %s, want %s", c.text, got, c.want)
		}
	}
	for _, bad := range []string{"vadd.vv v1, v2", "vadd.vv v1, v2, v3, v1.t", "jalr ra, -4(sp", "fadd.s fa0, fa1, a2",
		"vwadd.vv v2, v2, v4", "vadd.vv v0, v2, v3, v0.t", "vmerge.vvm v0, v2, v3, v0",
		"ret a0", "li a0"} { // a pseudo whose operands fit no form (ret a0 was silently accepted)
		if _, err := as.Assemble("t.s", []byte(bad), asm.Options{HW: hw}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
