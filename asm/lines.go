package asm

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
)

// LineEntry maps one emitted instruction word to the source line it was
// assembled from (each word of a pseudo-instruction's expansion, and the
// nops with which .align pads code, included). Data directives in code
// sections (.word 0x08000073 for an instruction the assembler lacks, say)
// get one entry for all their bytes.
type LineEntry struct {
	Addr uint64 // address of the word
	Size uint32 // its size in bytes
	Line int    // 1-based line in Program.File
}

// LineSection is the ELF section that carries a program's line table: a
// non-allocated section that loaders ignore (see LineTable.MarshalBinary
// for its format).
const LineSection = ".kc.lines"

// LineTable is a program's line table with the source text of the lines
// it names: what a profiler needs to attribute cycles to source lines.
type LineTable struct {
	File    string         // the source file name given to Assemble
	Entries []LineEntry    // by address
	Text    map[int]string // source text of each line an entry names
}

// recordLine notes that the word about to be emitted comes from the
// current statement's line (pass 2 only).
func (a *assembler) recordLine() {
	if !a.final || a.curStmt == nil {
		return
	}
	a.lineTab = append(a.lineTab, LineEntry{Addr: uint64(a.cur.addr + a.cur.size), Size: uint32(a.wordBytes()), Line: a.x.srcLine(a.curStmt.line)})
}

// sortedLines returns the recorded entries, with those of data
// directives in code sections, by address.
func (a *assembler) sortedLines() []LineEntry {
	out := append([]LineEntry(nil), a.lineTab...)
	var covered map[uint64]bool // built at the first such directive
	for _, st := range a.stmts {
		if st.directive && st.sec.exec && !st.sec.nobits && st.size > 0 && !st.failed {
			if covered == nil {
				covered = make(map[uint64]bool, len(a.lineTab))
				for _, e := range a.lineTab {
					covered[e.Addr] = true
				}
			}
			if addr := uint64(st.sec.addr + st.off); !covered[addr] {
				out = append(out, LineEntry{Addr: addr, Size: uint32(st.size), Line: a.x.srcLine(st.line)})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Addr < out[j].Addr })
	return out
}

// LineOf returns the source line of the instruction word at addr (0: none).
func (p *Program) LineOf(addr uint64) int { return lineOf(p.Lines, addr) }

// LineTable returns the program's line table, with the text of its lines.
func (p *Program) LineTable() *LineTable {
	t := &LineTable{File: p.File, Entries: p.Lines, Text: make(map[int]string, len(p.Lines))}
	for _, e := range p.Lines {
		if e.Line >= 1 && e.Line <= len(p.source) {
			t.Text[e.Line] = p.source[e.Line-1]
		}
	}
	return t
}

// Line returns the source line of the instruction word at addr (0: none).
func (t *LineTable) Line(addr uint64) int { return lineOf(t.Entries, addr) }

// Source returns the text of a source line ("" if the table lacks it).
func (t *LineTable) Source(line int) string { return t.Text[line] }

func lineOf(entries []LineEntry, addr uint64) int {
	i := sort.Search(len(entries), func(i int) bool { return entries[i].Addr+uint64(entries[i].Size) > addr })
	if i < len(entries) && entries[i].Addr <= addr {
		return entries[i].Line
	}
	return 0
}

const lineMagic = "KCL1"

// MarshalBinary encodes the table as LineSection holds it, little-endian:
//
//	"KCL1"
//	u32 length, file name bytes
//	u32 entry count, then per entry: u64 addr, u32 size, u32 line
//	u32 text count, then per line (ascending): u32 line, u32 length, bytes
func (t *LineTable) MarshalBinary() ([]byte, error) {
	lines := make([]int, 0, len(t.Text))
	for n := range t.Text {
		lines = append(lines, n)
	}
	sort.Ints(lines)
	return marshalLines(t.File, t.Entries, lines, func(n int) string { return t.Text[n] }), nil
}

// lineTableBytes is p.LineTable().MarshalBinary() without the table's
// map of texts.
func (p *Program) lineTableBytes() []byte {
	lines := make([]int, 0, len(p.Lines))
	sorted := true
	for _, e := range p.Lines {
		if e.Line >= 1 && e.Line <= len(p.source) {
			if n := len(lines); n > 0 && lines[n-1] > e.Line {
				sorted = false
			}
			lines = append(lines, e.Line)
		}
	}
	if !sorted {
		sort.Ints(lines)
	}
	lines = slices.Compact(lines)
	return marshalLines(p.File, p.Lines, lines, func(n int) string { return p.source[n-1] })
}

// marshalLines writes MarshalBinary's format: lines are the numbers of
// the texts, ascending.
func marshalLines(file string, entries []LineEntry, lines []int, text func(int) string) []byte {
	le := binary.LittleEndian
	size := 4 + 4 + len(file) + 4 + 16*len(entries) + 4
	for _, n := range lines {
		size += 8 + len(text(n))
	}
	b := make([]byte, 0, size)
	b = append(b, lineMagic...)
	b = le.AppendUint32(b, uint32(len(file)))
	b = append(b, file...)
	b = le.AppendUint32(b, uint32(len(entries)))
	for _, e := range entries {
		b = le.AppendUint64(b, e.Addr)
		b = le.AppendUint32(b, e.Size)
		b = le.AppendUint32(b, uint32(e.Line))
	}
	b = le.AppendUint32(b, uint32(len(lines)))
	for _, n := range lines {
		t := text(n)
		b = le.AppendUint32(b, uint32(n))
		b = le.AppendUint32(b, uint32(len(t)))
		b = append(b, t...)
	}
	return b
}

// UnmarshalBinary decodes MarshalBinary's format. Every length is checked
// against the data, so a corrupt section is an error, never a panic or a
// large allocation.
func (t *LineTable) UnmarshalBinary(data []byte) error {
	r := bytes.NewReader(data)
	bad := func(what string) error { return fmt.Errorf("%s: malformed line table: %s", LineSection, what) }
	magic := make([]byte, 4)
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != lineMagic {
		return bad("bad magic")
	}
	u32 := func() (uint32, error) {
		var v uint32
		err := binary.Read(r, binary.LittleEndian, &v)
		return v, err
	}
	str := func() (string, error) {
		n, err := u32()
		if err != nil || int64(n) > int64(r.Len()) {
			return "", errors.New("string length")
		}
		s := make([]byte, n)
		_, err = io.ReadFull(r, s)
		return string(s), err
	}
	var err error
	if t.File, err = str(); err != nil {
		return bad("file name")
	}
	n, err := u32()
	if err != nil || int64(n)*16 > int64(r.Len()) {
		return bad("entry count")
	}
	t.Entries = make([]LineEntry, n)
	for i := range t.Entries {
		var e struct {
			Addr       uint64
			Size, Line uint32
		}
		if err := binary.Read(r, binary.LittleEndian, &e); err != nil {
			return bad("entries")
		}
		if i > 0 && e.Addr < t.Entries[i-1].Addr {
			return bad("entries out of order")
		}
		t.Entries[i] = LineEntry{Addr: e.Addr, Size: e.Size, Line: int(e.Line)}
	}
	if n, err = u32(); err != nil || int64(n)*8 > int64(r.Len()) {
		return bad("text count")
	}
	t.Text = make(map[int]string, n)
	for range n {
		line, err := u32()
		if err != nil {
			return bad("text")
		}
		s, err := str()
		if err != nil {
			return bad("text")
		}
		t.Text[int(line)] = s
	}
	if r.Len() != 0 {
		return bad("trailing bytes")
	}
	return nil
}

// ReadLineTable returns the line table of an ELF executable written by
// Program.ELF, or nil (and no error) when the file has none (an
// executable from another linker).
func ReadLineTable(elfData []byte) (t *LineTable, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("malformed ELF: %v", r)
		}
	}()
	if len(elfData) > MaxELFBytes {
		return nil, fmt.Errorf("ELF file is %d bytes, more than the limit of %d (%s)", len(elfData), MaxELFBytes, SizeText(MaxELFBytes))
	}
	f, err := elf.NewFile(bytes.NewReader(elfData))
	if err != nil {
		return nil, fmt.Errorf("not an ELF file: %w", err)
	}
	defer f.Close()
	s := f.Section(LineSection)
	if s == nil {
		return nil, nil
	}
	if s.Flags&elf.SHF_COMPRESSED != 0 {
		return nil, fmt.Errorf("%s is compressed, which kc-as does not read", LineSection)
	}
	if end := s.Offset + s.FileSize; s.Type != elf.SHT_NOBITS && (end < s.Offset || end > uint64(len(elfData))) {
		return nil, fmt.Errorf("%s: %d bytes at offset %#x exceed the %d-byte file", LineSection, s.Size, s.Offset, len(elfData))
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", LineSection, err)
	}
	t = &LineTable{}
	if err := t.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	return t, nil
}
