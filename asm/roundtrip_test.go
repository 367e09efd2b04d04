package asm_test

import (
	"bytes"
	"debug/elf"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"  // the aie2 back end, for aie2 kernels
	_ "kernelcraft/asm/plena" // the plena back end, for plena kernels
	isadefs "kernelcraft/isa-defs"
)

// repoKernels lists every assembly file of the repository for the
// targets' assembler: kernels, baselines, test programs (Go's own
// assembly, *_amd64.s and the like, excluded).
func repoKernels(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "runs") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".s") && !strings.Contains(filepath.Base(path), "_amd64") && !strings.Contains(filepath.Base(path), "_arm64") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// targetOf is the target whose assembler a repository file is written
// for (by its path: .../aie2/..., .../plena/..., or a file name with an
// _aie2_ or _plena_ part such as timeline_aie2_banks.s; else coral) and
// the hardware configs to try, in order.
func targetOf(path string) (string, []string) {
	p := filepath.ToSlash(path)
	name := "_" + strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)) + "_"
	switch {
	case strings.Contains(p, "/aie2/") || strings.Contains(name, "_aie2_"):
		return "aie2", []string{"aie2"}
	case strings.Contains(p, "/plena/") || strings.Contains(name, "_plena_"):
		return "plena", []string{"plena"}
	}
	return "coral", []string{"coral", "coral-f", "coral-highmem"} // some kernels need vector float or more memory
}

// assembleAny assembles src with the first of the hardware configs that
// takes it.
func assembleAny(as *asm.Assembler, name string, src []byte, hws []string) (*asm.Program, *isadefs.HW, error) {
	var firstErr error
	for _, hwName := range hws {
		hw, err := isadefs.HWByName(hwName)
		if err != nil {
			return nil, nil, err
		}
		p, err := as.Assemble(name, src, asm.Options{HW: hw})
		if err == nil {
			return p, hw, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, nil, firstErr
}

// envFiles are the environments that programs in their directory are
// assembled after (spike.s is crt.s's alternative: the programs are
// round-tripped with crt.s).
var envFiles = map[string]bool{"env.s": true, "crt.s": true, "spike.s": true}

// TestDisassemblyRoundTrip: every kernel and baseline of the repository
// assembles, disassembles (kc-as -d) and assembles again to the same
// bytes at the same addresses in every section, data and .bss included,
// with the same entry point.
func TestDisassemblyRoundTrip(t *testing.T) {
	assemblers := map[string]*asm.Assembler{}
	files := repoKernels(t)
	n, expectedBad, templates := 0, 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if envFiles[filepath.Base(file)] {
			continue // an environment alone: macros and start code, no program
		}
		for _, env := range []string{"env.s", "crt.s"} {
			// A directory of programs written for an environment
			// (sim/coral/testdata/rvtests: env.s; coraltests: crt.s):
			// each program is the environment followed by the program,
			// as its tests assemble it.
			if e, err := os.ReadFile(filepath.Join(filepath.Dir(file), env)); err == nil {
				src = append(append(e, '\n'), src...)
			}
		}
		if bytes.Contains(src, []byte("{{")) {
			// A kernel written as a Go template (baseline.Instantiate fills
			// it per configuration): any value of the right kind will do for
			// the round trip.
			src = placeholder.ReplaceAll(src, []byte("4"))
			templates++
		}
		target, hws := targetOf(file)
		as := assemblers[target]
		if as == nil {
			if as, err = asm.New(target); err != nil {
				t.Fatal(err)
			}
			assemblers[target] = as
		}
		p, hw, err := assembleAny(as, file, src, hws)
		if err != nil {
			if strings.Contains(filepath.ToSlash(file), "testdata/errors/") {
				expectedBad++ // error goldens: meant not to assemble
				continue
			}
			t.Errorf("%s does not assemble: %v", file, err)
			continue
		}
		text, err := asm.Disassemble(p.ELF())
		if err != nil {
			t.Errorf("%s: disassemble: %v", file, err)
			continue
		}
		p2, err := as.Assemble(file+".dis.s", []byte(text), asm.Options{HW: hw})
		if err != nil {
			t.Errorf("%s: the disassembly does not assemble: %v\n%s", file, err, text)
			continue
		}
		if diff := compareSections(p, p2); diff != "" {
			t.Errorf("%s: %s", file, diff)
			continue
		}
		n++
	}
	t.Logf("disassembly round trip: %d of %d assembly files in the repository (%d of them Go templates with placeholders set to 4; %d error goldens skipped)", n, len(files), templates, expectedBad)
	if n < 80 {
		t.Errorf("only %d files round-tripped; the repository has more kernels than that", n)
	}
}

var placeholder = regexp.MustCompile(`\{\{[^}]*\}\}`)

// compareSections says how two programs differ in their loaded image.
func compareSections(a, b *asm.Program) string {
	if len(a.Sections) != len(b.Sections) {
		return "section count " + strconv.Itoa(len(a.Sections)) + " became " + strconv.Itoa(len(b.Sections))
	}
	byName := map[string]*asm.Section{}
	for _, s := range b.Sections {
		byName[s.Name] = s
	}
	for _, s := range a.Sections {
		r := byName[s.Name]
		switch {
		case r == nil:
			return "section " + s.Name + " is missing"
		case s.Name != r.Name || s.Addr != r.Addr || s.Size != r.Size || s.NoBits != r.NoBits || s.Exec != r.Exec || s.Write != r.Write:
			return "section " + s.Name + " changed: " + describeSec(s) + " became " + describeSec(r)
		case !bytes.Equal(s.Data, r.Data):
			for j := range s.Data {
				if s.Data[j] != r.Data[j] {
					return "section " + s.Name + " differs first at offset " + strconv.Itoa(j)
				}
			}
		}
	}
	if a.Entry != b.Entry {
		return "entry changed"
	}
	return ""
}

func describeSec(s *asm.Section) string {
	return s.Name + "@" + strconv.Itoa(int(s.Addr)) + "+" + strconv.Itoa(int(s.Size))
}

// TestDisassemblyRoundTripShapes: data at odd offsets, labels inside
// words, bytes in code, words that are no instruction, .bss, absolute
// symbols and several sections.
func TestDisassemblyRoundTripShapes(t *testing.T) {
	as, hw := coralAsm(t)
	src := `
	.set N, 12
	.globl _start
_start:
	li a0, N
	.byte 1, 2, 3
odd:	.byte 4
	.word 0xffffffff
	.half 7
	nop
	.align 4
	mpause
	.section .rodata
tab:	.byte 9
	.word 0x12345678
mid:	.half 1
	.data
	.byte 5
w:	.word 1, 2, 3, 4, 5, 6
end:
	.bss
buf:	.zero 10
buf2:	.zero 6
`
	p, err := as.Assemble("shapes.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	text, err := asm.Disassemble(p.ELF())
	if err != nil {
		t.Fatal(err)
	}
	p2, err := as.Assemble("shapes.dis.s", []byte(text), asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if diff := compareSections(p, p2); diff != "" {
		t.Fatalf("%s\n%s", diff, text)
	}
	f, err := elf.NewFile(bytes.NewReader(p2.ELF()))
	if err != nil {
		t.Fatal(err)
	}
	syms, _ := f.Symbols()
	want := map[string]bool{"_start": true, "odd": true, "tab": true, "mid": true, "w": true, "end": true, "buf": true, "buf2": true, "N": true}
	for _, s := range syms {
		delete(want, s.Name)
	}
	if len(want) > 0 {
		t.Errorf("symbols lost in the round trip: %v\n%s", want, text)
	}
	for _, s := range []string{".section .bss, \"aw\", @nobits", ".zero 10", ".set N, 0xc", "odd:", ".globl _start"} {
		if !strings.Contains(text, s) {
			t.Errorf("disassembly lacks %q:\n%s", s, text)
		}
	}
}

// FuzzDisassemble feeds the disassembler ELF files of assembled sources;
// whatever it prints must assemble back to the same bytes.
func FuzzDisassembleRoundTrip(f *testing.F) {
	f.Add([]byte("nop\n.data\n.byte 1\n"))
	f.Add([]byte(".word 0xffffffff\n.byte 1\nx: .half 2\n.bss\n.zero 3\n"))
	as, hw := coralAsm(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := as.Assemble("f.s", src, asm.Options{HW: hw})
		if err != nil {
			var list asm.ErrorList
			if !errors.As(err, &list) {
				t.Fatal(err)
			}
			return
		}
		text, err := asm.Disassemble(p.ELF())
		if err != nil {
			t.Fatal(err)
		}
		p2, err := as.Assemble("f.dis.s", []byte(text), asm.Options{HW: hw})
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if diff := compareSections(p, p2); diff != "" {
			t.Fatalf("%s\n%s", diff, text)
		}
	})
}
