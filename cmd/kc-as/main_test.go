package main

import (
	"bytes"
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
)

func runKCAs(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"kc-as"}, args...), bytes.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestAssembleToFileAndDisassemble(t *testing.T) {
	dir := t.TempDir()
	elfPath := filepath.Join(dir, "sum_loop.elf")
	if code, _, stderr := runKCAs(t, nil, "../../testdata/kernels/coral/sum_loop.s", "-o", elfPath); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := elf.Open(elfPath)
	if err != nil {
		t.Fatal(err)
	}
	if f.Machine != elf.EM_RISCV || f.Section(".data").Addr != 0x10000 {
		t.Errorf("machine %v, .data at %#x", f.Machine, f.Section(".data").Addr)
	}
	f.Close()
	code, out, stderr := runKCAs(t, nil, "-d", elfPath)
	if code != 0 {
		t.Fatalf("-d exit %d: %s", code, stderr)
	}
	for _, want := range []string{"_start:\n", "add a0, a0, t0", "bne t0, zero, -8", "-> 0x8 <_start+0x8>", "mpause", "result:\n\t.word 0x00000000"} {
		if !strings.Contains(out, want) {
			t.Errorf("disassembly lacks %q:\n%s", want, out)
		}
	}
	// The listing assembles back to the same sections.
	disPath := filepath.Join(dir, "dis.s")
	os.WriteFile(disPath, []byte(out), 0o644)
	again := filepath.Join(dir, "again.elf")
	if code, _, stderr := runKCAs(t, nil, disPath, "-o", again); code != 0 {
		t.Fatalf("the disassembly does not assemble: exit %d: %s", code, stderr)
	}
	a, _ := elf.Open(elfPath)
	b, err := elf.Open(again)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	defer b.Close()
	for _, name := range []string{".text", ".data"} {
		x, _ := a.Section(name).Data()
		y, _ := b.Section(name).Data()
		if !bytes.Equal(x, y) || a.Section(name).Addr != b.Section(name).Addr {
			t.Errorf("section %s differs after the round trip", name)
		}
	}
}

func TestStdinToStdout(t *testing.T) {
	src, _ := os.ReadFile("../../testdata/kernels/coral/sum_loop.s")
	code, out, stderr := runKCAs(t, src, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(out, "\x7fELF") {
		t.Fatalf("stdout is not an ELF file: %q", out[:min(len(out), 16)])
	}
	// And the ELF read back from stdin disassembles.
	code, dis, stderr := runKCAs(t, []byte(out), "-d", "-")
	if code != 0 || !strings.Contains(dis, "mpause") {
		t.Fatalf("exit %d: %s\n%s", code, stderr, dis)
	}
}

func TestExitStatuses(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.s")
	os.WriteFile(bad, []byte("  addi a0, a0, 99999\n  frob a1\n"), 0o644)
	empty := filepath.Join(dir, "empty.s")
	os.WriteFile(empty, []byte("# nothing\n"), 0o644)
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"asm errors", []string{bad, "-o", filepath.Join(dir, "x.elf")}, exitAsmErrors, "bad.s:1:16: value 99999 out of range"},
		{"all errors", []string{bad, "-o", filepath.Join(dir, "x.elf")}, exitAsmErrors, "\nkc-as: 2 error(s)\n"},
		{"no input", nil, exitUsage, "kc-as: want exactly one input file"},
		{"missing file", []string{filepath.Join(dir, "nope.s")}, exitUsage, "kc-as: open "},
		{"missing file says why", []string{filepath.Join(dir, "nope.s")}, exitUsage, "no such file"},
		{"empty source", []string{empty, "-o", filepath.Join(dir, "e.elf")}, exitAsmErrors, "empty.s: the source has no instructions or data: there is nothing to run"},
		{"directives with a file", []string{"--directives", bad}, exitUsage, "kc-as: --directives takes no input file"},
		{"bad hw", []string{"--hw", "nosuch", "../../testdata/kernels/coral/sum_loop.s"}, exitUsage, "unknown hardware config"},
		{"bad map", []string{"--map", "text", "../../testdata/kernels/coral/sum_loop.s"}, exitUsage, "want SECTION=ADDRESS"},
		{"not elf", []string{"-d", "../../testdata/kernels/coral/sum_loop.s"}, exitUsage, "not an ELF file"},
		{"bad flag", []string{"--frobnicate", "../../testdata/kernels/coral/sum_loop.s"}, exitUsage, "flag provided but not defined"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runKCAs(t, nil, c.args...)
			if code != c.code || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, c.code, c.stderr)
			}
		})
	}
}

func TestMapFlag(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.elf")
	if code, _, stderr := runKCAs(t, nil, "--map", ".data=0x12000", "../../testdata/kernels/coral/sum_loop.s", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := elf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if a := f.Section(".data").Addr; a != 0x12000 {
		t.Errorf(".data at %#x, want 0x12000", a)
	}
}

// TestDirectivesManual: kc-as --directives lists every directive the
// assembler accepts (both come from one table).
func TestDirectivesManual(t *testing.T) {
	code, out, stderr := runKCAs(t, nil, "--directives")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, name := range asm.DirectiveNames() {
		if !strings.Contains(out, "\n  "+name+" ") && !strings.Contains(out, "\n  "+name+"\n") {
			t.Errorf("--directives lacks %s", name)
		}
	}
	for _, want := range []string{".macro name [param[=default|:req|:vararg], …]", ".rept count", ".fill repeat[, size[, value]]", "Expansion limits"} {
		if !strings.Contains(out, want) {
			t.Errorf("--directives lacks %q", want)
		}
	}
}
