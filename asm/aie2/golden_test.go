package aie2_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	isadefs "kernelcraft/isa-defs"
)

// golden is one CHECK line of llvm-aie's BinaryOutput tests: a bundle's
// bytes and llvm-objdump's text of it.
type golden struct {
	file, text string
	line       int
	bytes      []byte
}

var checkRe = regexp.MustCompile(`^# CHECK: [0-9a-f]+: ((?:[0-9a-f]{2} )+)(.*)$`)

func loadGoldens(t *testing.T) []golden {
	t.Helper()
	files, err := filepath.Glob("testdata/llvm-aie/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	var out []golden
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			m := checkRe.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			b, err := hex.DecodeString(strings.ReplaceAll(m[1], " ", ""))
			if err != nil {
				t.Fatalf("%s:%d: %v", f, n, err)
			}
			// FileCheck's {{.*}} stands for the separator between slots.
			text := strings.ReplaceAll(m[2], "{{.*}}", " ; ")
			out = append(out, golden{file: filepath.Base(f), line: n, text: strings.Join(strings.Fields(text), " "), bytes: b})
		}
	}
	return out
}

func hw(t *testing.T) *isadefs.HW {
	h, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestGoldenEncodings assembles every bundle llvm-aie's BinaryOutput tests
// check and compares the bytes with llvm-aie's.
func TestGoldenEncodings(t *testing.T) {
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	h := hw(t)
	gs := loadGoldens(t)
	pass := 0
	for _, g := range gs {
		p, err := as.Assemble(g.file, []byte(g.text+"\n"), asm.Options{HW: h})
		if err != nil {
			t.Errorf("%s:%d: %s: %v", g.file, g.line, g.text, err)
			continue
		}
		got := p.Sections[0].Data
		if !bytes.Equal(got, g.bytes) {
			t.Errorf("%s:%d: %s: got % x, llvm-aie % x", g.file, g.line, g.text, got, g.bytes)
			continue
		}
		pass++
	}
	t.Logf("llvm-aie BinaryOutput encodings: %d of %d byte-identical", pass, len(gs))
}

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGoldenDisassembly decodes every golden bundle: the text must
// assemble back to the same bytes, and is compared with llvm-objdump's
// (register names without case, as the tests' FileCheck --ignore-case
// does). Where the texts differ (an encoding two instructions share, which
// llvm-aie's decoder resolves by the order of its decode tree), the
// difference must be the one recorded in testdata/disasm-differences.txt.
func TestGoldenDisassembly(t *testing.T) {
	b, err := asm.BackendFor("aie2")
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	h := hw(t)
	gs := loadGoldens(t)
	same := 0
	var diffs strings.Builder
	for _, g := range gs {
		text, size, ok := asm.DisassembleBundle(b, g.bytes, 0)
		if !ok || size != len(g.bytes) {
			t.Errorf("%s:%d: % x does not decode (size %d)", g.file, g.line, g.bytes, size)
			continue
		}
		p, err := as.Assemble("dis.s", []byte(text+"\n"), asm.Options{HW: h})
		if err != nil {
			t.Errorf("%s:%d: % x disassembles to %q, which does not assemble: %v", g.file, g.line, g.bytes, text, err)
		} else if got := p.Sections[0].Data; !bytes.Equal(got, g.bytes) {
			t.Errorf("%s:%d: % x disassembles to %q, which assembles to % x", g.file, g.line, g.bytes, text, got)
		}
		if strings.EqualFold(text, g.text) {
			same++
			continue
		}
		fmt.Fprintf(&diffs, "%s:%d: % x: llvm-objdump %q, kc-as %q\n", g.file, g.line, g.bytes, g.text, text)
	}
	t.Logf("llvm-objdump texts of the goldens: %d of %d identical (all %d reassemble to llvm-aie's bytes)", same, len(gs), len(gs))
	path := filepath.Join("testdata", "disasm-differences.txt")
	if *update {
		if err := os.WriteFile(path, []byte(diffs.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != diffs.String() {
		t.Errorf("the differences from llvm-objdump changed (go test -update rewrites %s):\n%s", path, diffs.String())
	}
}
