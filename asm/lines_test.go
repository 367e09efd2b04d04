package asm_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
)

// dumpLines renders a line table: one row per instruction word.
func dumpLines(t *asm.LineTable) string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %s\n", t.File)
	for _, e := range t.Entries {
		fmt.Fprintf(&b, "%#06x %d line %d: %s\n", e.Addr, e.Size, e.Line, strings.TrimSpace(t.Text[e.Line]))
	}
	return b.String()
}

// TestLineTableGolden: the line table of each test source, as the program
// holds it and as it comes back from the ELF's .kc.lines section.
func TestLineTableGolden(t *testing.T) {
	as, hw := coralAsm(t)
	files, _ := filepath.Glob("testdata/lines/*.s")
	ok, _ := filepath.Glob("testdata/ok/*.s")
	files = append(files, ok...)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p, err := as.Assemble(filepath.Base(f), src, asm.Options{HW: hw})
			if err != nil {
				t.Fatal(err)
			}
			lt := p.LineTable()
			golden(t, filepath.Join("testdata/lines", strings.TrimSuffix(filepath.Base(f), ".s")+".lines"), dumpLines(lt))
			// Every word of every executable section is covered, except
			// data directives; no entry lies outside the code.
			var words int
			for _, s := range p.Sections {
				if s.Exec {
					words += len(s.Data) / 4
				}
			}
			if len(p.Lines) > words || len(p.Lines) == 0 {
				t.Errorf("%d line entries for %d code words", len(p.Lines), words)
			}
			back, err := asm.ReadLineTable(p.ELF())
			if err != nil {
				t.Fatal(err)
			}
			if back == nil || dumpLines(back) != dumpLines(lt) {
				t.Errorf("ELF round trip:\n%v\nwant\n%s", back, dumpLines(lt))
			}
			// The ELF writes the section without building the table: the
			// same bytes as the table's MarshalBinary.
			want, err := lt.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			ef, err := elf.NewFile(bytes.NewReader(p.ELF()))
			if err != nil {
				t.Fatal(err)
			}
			if sec := ef.Section(asm.LineSection); sec == nil {
				t.Errorf("no %s section", asm.LineSection)
			} else if got, err := sec.Data(); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s section differs from MarshalBinary (%v)", asm.LineSection, err)
			}
		})
	}
}

func TestLineOf(t *testing.T) {
	as, hw := coralAsm(t)
	src, err := os.ReadFile("testdata/lines/mixed.s")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("mixed.s", src, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	sym := map[string]uint64{}
	for _, s := range p.Symbols {
		sym[s.Name] = s.Value
	}
	lt := p.LineTable()
	for _, c := range []struct {
		addr uint64
		line int
	}{
		{0x0, 6}, {0x4, 6}, {0x8, 7}, {0xc, 7}, {0x10, 8}, {0x14, 8},
		{0x18, 10}, {0x1a, 10}, // inside a word
		{0x20, 12},
		{0x24, 13}, {0x2c, 13}, // .p2align nops
		{0x30, 14}, {0x34, 14}, {0x38, 15},
		{0x3c, 16}, {0x3f, 16}, // .word in .text
		{sym["f"], 20},
		{sym["f"] + 4, 0}, // past the end of the code
		{sym["buf"], 0},
	} {
		if got := p.LineOf(c.addr); got != c.line {
			t.Errorf("LineOf(%#x) = %d, want %d", c.addr, got, c.line)
		}
		if got := lt.Line(c.addr); got != c.line {
			t.Errorf("LineTable.Line(%#x) = %d, want %d", c.addr, got, c.line)
		}
	}
	if got := lt.Source(7); !strings.Contains(got, "la a1, buf") {
		t.Errorf("Source(7) = %q", got)
	}
}

// TestLineTableELF: the section is there, not allocated, and absent
// sections and corrupt tables are reported as such.
func TestLineTableELF(t *testing.T) {
	as, hw := coralAsm(t)
	p, err := as.Assemble("k.s", []byte("addi a0, zero, 1\nmpause\n"), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	data := p.ELF()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	s := f.Section(asm.LineSection)
	if s == nil || s.Flags&elf.SHF_ALLOC != 0 || s.Addr != 0 {
		t.Fatalf("section %s: %+v", asm.LineSection, s)
	}
	if i := binary.LittleEndian.Uint16(data[50:]); int(i) >= len(f.Sections) || f.Sections[i].Name != ".shstrtab" {
		t.Errorf("e_shstrndx %d does not name .shstrtab", i)
	}
	raw, _ := s.Data()
	var good asm.LineTable
	if err := good.UnmarshalBinary(raw); err != nil || len(good.Entries) != 2 || good.File != "k.s" || good.Text[2] != "mpause" {
		t.Fatalf("decoded %+v, %v", good, err)
	}
	// Every truncation and a few corruptions are errors, not panics.
	for n := 0; n < len(raw); n++ {
		var lt asm.LineTable
		if err := lt.UnmarshalBinary(raw[:n]); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		}
	}
	for _, c := range []struct {
		name string
		edit func(b []byte)
	}{
		{"magic", func(b []byte) { b[0] = 'X' }},
		{"huge entry count", func(b []byte) { copy(b[4+4+3:], []byte{0xff, 0xff, 0xff, 0x7f}) }},
		{"huge name", func(b []byte) { copy(b[4:], []byte{0xff, 0xff, 0xff, 0x7f}) }},
	} {
		b := append([]byte(nil), raw...)
		c.edit(b)
		var lt asm.LineTable
		if err := lt.UnmarshalBinary(b); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if err := new(asm.LineTable).UnmarshalBinary(append(append([]byte(nil), raw...), 0)); err == nil {
		t.Error("trailing byte: no error")
	}
	// An ELF without the section (another linker's) has no table.
	noLines := *p
	noLines.Lines = nil
	if lt, err := asm.ReadLineTable(noLines.ELF()); lt != nil || err != nil {
		t.Errorf("no section: %v, %v", lt, err)
	}
	if _, err := asm.ReadLineTable([]byte("not an elf")); err == nil {
		t.Error("not an ELF: no error")
	}
}

// FuzzLineTable decodes arbitrary .kc.lines contents: an error or a table
// that encodes back to the same bytes, never a panic.
func FuzzLineTable(f *testing.F) {
	as, hw := coralAsm(f)
	p, err := as.Assemble("k.s", []byte("li a0, 70000\n1: addi a0, a0, -1\nbnez a0, 1b\nmpause\n"), asm.Options{HW: hw})
	if err != nil {
		f.Fatal(err)
	}
	good, err := p.LineTable().MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte{})
	// Hostile lengths: a file name, entry count and text count claiming
	// gigabytes, each after a valid prefix.
	f.Add([]byte("KCL1\xff\xff\xff\xff"))
	f.Add([]byte("KCL1\x00\x00\x00\x00\xff\xff\xff\x7f"))
	f.Add([]byte("KCL1\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\x01\x00\x00\x00\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var lt asm.LineTable
		if lt.UnmarshalBinary(data) != nil {
			return
		}
		again, err := lt.MarshalBinary()
		if err != nil {
			t.Fatalf("a decoded table does not encode: %v", err)
		}
		var lt2 asm.LineTable
		if err := lt2.UnmarshalBinary(again); err != nil || dumpLines(&lt2) != dumpLines(&lt) {
			t.Fatalf("round trip: %v\n%s\nvs\n%s", err, dumpLines(&lt), dumpLines(&lt2))
		}
	})
}
