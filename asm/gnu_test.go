package asm_test

import (
	"bytes"
	"context"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"kernelcraft/asm"
)

// gnuAs is GNU as for RISC-V (Debian binutils-riscv64-unknown-elf) and
// the flags that make it assemble coral's ISA as kc-as does: RV32IMF +
// Zbb + Zve32x, no compressed instructions, no linker relaxation (so
// branches and alignment are resolved in the object file, as kc-as
// resolves them).
var gnuAs = []string{"riscv64-unknown-elf-as", "-march=rv32imf_zbb_zve32x", "-mabi=ilp32f", "-mno-relax"}

// TestGNUAsDirectives assembles the corpus of asm/testdata/gnu (every
// macro, repetition and conditional directive, nested, with \@, default
// and keyword arguments, .fill) with GNU as and with kc-as and compares
// the bytes of .text, .data and .rodata. It needs riscv64-unknown-elf-as
// on PATH; with CI=true a missing tool fails the test.
func TestGNUAsDirectives(t *testing.T) {
	if _, err := exec.LookPath(gnuAs[0]); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %s is not on PATH (Debian: binutils-riscv64-unknown-elf): %v", gnuAs[0], err)
		}
		t.Skipf("%s not on PATH", gnuAs[0])
	}
	files, err := filepath.Glob("testdata/gnu/*.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus in testdata/gnu: %v", err)
	}
	as, hw := coralAsm(t)
	dir := t.TempDir()
	nFiles, nBytes := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		obj := filepath.Join(dir, filepath.Base(file)+".o")
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		out, err := exec.CommandContext(ctx, gnuAs[0], append(gnuAs[1:], file, "-o", obj)...).CombinedOutput()
		cancel()
		if err != nil {
			t.Errorf("%s: GNU as rejects it: %v\n%s", file, err, out)
			continue
		}
		f, err := elf.Open(obj)
		if err != nil {
			t.Fatal(err)
		}
		p, err := as.Assemble(file, src, asm.Options{HW: hw})
		if err != nil {
			t.Errorf("%s: kc-as rejects it:\n%v", file, err)
			f.Close()
			continue
		}
		ours := map[string][]byte{}
		for _, s := range p.Sections {
			ours[s.Name] = s.Data
		}
		for _, name := range []string{".text", ".data", ".rodata"} {
			var gnu []byte
			if s := f.Section(name); s != nil && s.Type == elf.SHT_PROGBITS {
				if gnu, err = s.Data(); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(gnu, ours[name]) {
				t.Errorf("%s: section %s: GNU as gives %d bytes, kc-as %d; first difference at %d\nGNU:    % x\nkc-as:  % x",
					file, name, len(gnu), len(ours[name]), firstDiff(gnu, ours[name]), gnu, ours[name])
			}
			nBytes += len(gnu)
		}
		f.Close()
		nFiles++
	}
	t.Logf("GNU as comparison: %d corpus files, %d section bytes identical to %s", nFiles, nBytes, gnuAs[0])
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
