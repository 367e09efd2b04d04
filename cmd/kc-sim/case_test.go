package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/ref/check"
)

// assembleFile assembles a coral source file into an ELF in a temporary
// directory.
func assembleFile(t *testing.T, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	hw, _ := isadefs.HWByName("coral")
	p, err := as.Assemble(filepath.Base(path), src, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "k.elf")
	if err := os.WriteFile(out, p.ELF(), 0o755); err != nil {
		t.Fatal(err)
	}
	return out
}

func genCase(t *testing.T, target, task string, n int) string {
	t.Helper()
	c, tensors, err := ref.Generate(target, task, n, ref.DefaultSeed, false)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := ref.WriteCase(dir, c, tensors); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCaseEndToEnd runs the hand-written ReLU kernel on relu config 1 via
// --case: the outputs equal the expected ones bit for bit, and the
// checker passes the result folder.
func TestCaseEndToEnd(t *testing.T) {
	elf := assembleFile(t, "../../ref/testdata/relu_coral.s")
	caseDir := genCase(t, "coral", "relu", 1)
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := kcsim(t, nil, elf, "--case", caseDir, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	want, err := os.ReadFile(filepath.Join(caseDir, "y.npy"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(out, "y.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("y.npy differs from the expected output")
	}
	stats, err := os.ReadFile(filepath.Join(out, "stats.json"))
	if err != nil || !strings.Contains(string(stats), `"written_ranges"`) {
		t.Fatalf("stats.json: %v\n%s", err, stats)
	}
	v, err := check.Dir(caseDir, out)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Pass {
		t.Fatalf("checker fails a correct kernel: %+v", v)
	}
}

func TestCaseErrors(t *testing.T) {
	elf := assembleFile(t, "../../ref/testdata/relu_coral.s")
	relu := genCase(t, "coral", "relu", 1)
	// A program whose data segment runs past the kernel's 1 KiB into the tensors.
	big := filepath.Join(t.TempDir(), "big.s")
	if err := os.WriteFile(big, []byte(".text\n_start: mpause\n.data\n.space 2048\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dataElf := assembleFile(t, big)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"plena has no simulator", []string{elf, "--case", genCase(t, "plena", "relu", 1), "-o", t.TempDir()}, "no simulator yet"},
		{"aie2 has no simulator", []string{elf, "--case", genCase(t, "aie2", "relu", 1), "-o", t.TempDir()}, "no simulator yet"},
		{"no -o", []string{elf, "--case", relu}, "needs -o"},
		{"not a case", []string{elf, "--case", t.TempDir(), "-o", t.TempDir()}, "not a case directory"},
		{"wrong target", []string{elf, "-t", "plena", "--case", relu, "-o", t.TempDir()}, "is a coral case"},
		{"wrong hw", []string{elf, "--hw", "coral-highmem", "--case", relu, "-o", t.TempDir()}, "laid out for hardware config coral"},
		{"with --load", []string{elf, "--case", relu, "--load", "x=x.npy@0x10000", "-o", t.TempDir()}, "drop --load"},
		{"overlapping data", []string{dataElf, "--case", relu, "-o", t.TempDir()}, "overlaps tensor x"},
	}
	for _, c := range cases {
		code, _, stderr := kcsim(t, nil, c.args...)
		if code != 127 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want 127 and %q", c.name, code, stderr, c.want)
		}
	}
}
