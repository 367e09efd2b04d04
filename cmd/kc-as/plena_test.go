package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlenaMemFormat: kc-as -t plena --format mem writes PLENA's
// machine-code text, identical to PLENA's assembler's for a corpus file,
// with the lossy encodings reported on standard error; -d -t plena reads
// it back to source that assembles to the same words.
func TestPlenaMemFormat(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "q.asm")
	data, err := os.ReadFile("../../testdata/plena/corpus/forms_quirks.asm")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runKCAs(t, nil, "-t", "plena", "--format", "mem", src)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"q.asm:13:19: warning: V_EXP_V's mask operand 1 is dropped", "40 warning(s)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	got, err := os.ReadFile(filepath.Join(dir, "q.mem"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile("../../testdata/plena/corpus/forms_quirks.mem")
	if string(got) != string(want) {
		t.Fatalf("q.mem differs from PLENA's assembler's output")
	}
	code, dis, stderr := runKCAs(t, nil, "-d", "-t", "plena", filepath.Join(dir, "q.mem"))
	if code != 0 || !strings.Contains(dis, "V_EXP_V gp3, gp1, 1") {
		t.Fatalf("-d exit %d: %s\n%s", code, stderr, dis)
	}
	code, back, stderr := runKCAs(t, []byte(dis), "-t", "plena", "--format", "mem", "-")
	if code != 0 || back != string(want) {
		t.Fatalf("disassembly does not assemble back (exit %d): %s", code, stderr)
	}
	// The default output is still an ELF, which -d reads without -t.
	code, elfOut, _ := runKCAs(t, data, "-t", "plena", "-")
	if code != 0 || !strings.HasPrefix(elfOut, "\x7fELF") {
		t.Fatalf("ELF output: exit %d", code)
	}
	if code, dis, _ := runKCAs(t, []byte(elfOut), "-d", "-"); code != 0 || !strings.Contains(dis, "plena ELF32") {
		t.Errorf("-d of a plena ELF: exit %d\n%s", code, dis)
	}
}

func TestFormatFlagErrors(t *testing.T) {
	cases := []struct {
		args []string
		in   string
		code int
		want string
	}{
		{[]string{"-t", "plena", "--format", "bin", "-"}, "M_MM 0, gp1, gp2", 2, `--format "bin": want elf or mem`},
		{[]string{"--format", "mem", "-"}, ".data\n.word 1\n", 1, "holds data"},
		{[]string{"-d", "-t", "plena", "-"}, "0x0000 zz", 2, "not an ELF file, nor plena machine-code text"},
		{[]string{"-t", "plena", "-"}, "S_ADDI_INT gp1, gp0, -1", 1, "out of range"},
	}
	for _, c := range cases {
		code, _, stderr := runKCAs(t, []byte(c.in), c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
}

// TestMemValidityAgrees: kc-as -d disassembles the machine-code texts
// kc-sim loads and refuses those it refuses (cmd/kc-sim has the same test
// over the same files); an empty one is refused by both.
func TestMemValidityAgrees(t *testing.T) {
	files, err := filepath.Glob("../../testdata/plena/mem-validity/*.mem")
	if err != nil || len(files) < 2 {
		t.Fatalf("testdata: %v %v", files, err)
	}
	for _, f := range files {
		code, out, stderr := runKCAs(t, nil, "-d", "-t", "plena", f)
		if strings.HasPrefix(filepath.Base(f), "ok_") {
			if code != 0 || !strings.Contains(out, "0: 0x") {
				t.Errorf("%s: exit %d, stderr %q, want a disassembly", filepath.Base(f), code, stderr)
			}
			continue
		}
		if code != exitUsage || !strings.Contains(stderr, "not an ELF file, nor plena machine-code text") {
			t.Errorf("%s: exit %d, stderr %q, want %d and why", filepath.Base(f), code, stderr, exitUsage)
		}
	}
}
