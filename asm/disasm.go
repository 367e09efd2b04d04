package asm

import (
	"bytes"
	"debug/elf"
	"fmt"
	"sort"
	"strconv"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Limits of the ELF reader and disassembler (kc-as --help lists them).
const (
	// MaxELFBytes bounds an ELF file read by Disassemble or ReadLineTable.
	MaxELFBytes = 64 << 20
	// MaxDisasmBytes bounds the code and data Disassemble renders (about
	// 60 bytes of text per 4-byte word): far more than any target's
	// memory.
	MaxDisasmBytes = 4 << 20
)

// checkSections rejects sections whose contents lie outside the file
// (offset+size overflowing included) and absurd section counts, with a
// message naming the section, before anything is read or allocated.
func checkSections(f *elf.File, fileSize int) error {
	if len(f.Sections) > fileSize/40+1 { // a section header is 40 bytes (ELF32)
		return fmt.Errorf("malformed ELF: %d section headers do not fit in %d bytes", len(f.Sections), fileSize)
	}
	for i, s := range f.Sections {
		if s.Type == elf.SHT_NOBITS || s.Type == elf.SHT_NULL {
			continue
		}
		if s.Flags&elf.SHF_COMPRESSED != 0 {
			return fmt.Errorf("section %d (%q) is compressed, which kc-as does not read", i, s.Name)
		}
		end := s.Offset + s.FileSize
		if end < s.Offset || end > uint64(fileSize) {
			return fmt.Errorf("malformed ELF: section %d (%q) has %d bytes at offset %#x, beyond the end of the %d-byte file", i, s.Name, s.FileSize, s.Offset, fileSize)
		}
	}
	for i, p := range f.Progs {
		end := p.Off + p.Filesz
		if end < p.Off || end > uint64(fileSize) {
			return fmt.Errorf("malformed ELF: segment %d has %d bytes at offset %#x, beyond the end of the %d-byte file", i, p.Filesz, p.Off, fileSize)
		}
		if p.Memsz < p.Filesz {
			return fmt.Errorf("malformed ELF: segment %d is %d bytes in memory but %d in the file", i, p.Memsz, p.Filesz)
		}
	}
	return nil
}

// BackendForMachine finds the registered backend whose executables carry
// the ELF machine m.
func BackendForMachine(m elf.Machine) (Backend, error) {
	for _, t := range Targets() {
		b, err := BackendFor(t)
		if err == nil && b.Machine() == m {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no target produces ELF machine %v", m)
}

// DisassembleWord renders one instruction word at pc in syntax the
// assembler accepts back: PC-relative operands are written as offsets
// (as llvm-mc reads numeric branch targets). ok is false for words that
// decode to no instruction.
func DisassembleWord(b Backend, w uint64, pc uint64) (text string, in *isadefs.Inst, ok bool) {
	in = b.ISA().Decode(w, nil)
	if in == nil {
		return "", nil, false
	}
	custom := func(k *isadefs.OperandKind, v int64) (string, bool) {
		if k.Class == "pcrel" {
			return fmt.Sprintf("%d", v), true
		}
		return b.FormatOperand(k, v)
	}
	return in.Format(w, pc, custom), in, true
}

// Disassemble renders every allocated section of an ELF file produced for
// any registered target as assembly that kc-as reads back to the same
// bytes at the same addresses (with the same hardware config and --map):
// code as instructions (words that are no canonical instruction as
// .word), data as .word/.byte, .bss as .zero, symbols as labels (.set for
// absolute ones, .globl for global ones). Addresses, encodings and branch
// targets are comments.
func Disassemble(data []byte) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("malformed ELF: %v", r)
		}
	}()
	if len(data) > MaxELFBytes {
		return "", fmt.Errorf("ELF file is %d bytes, more than the limit of %d (%s)", len(data), MaxELFBytes, SizeText(MaxELFBytes))
	}
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("not an ELF file: %w", err)
	}
	if err := checkSections(f, len(data)); err != nil {
		return "", err
	}
	total := uint64(0)
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC != 0 && s.Type == elf.SHT_PROGBITS {
			total += s.Size // checkSections bounded each by the file size
		}
	}
	if total > MaxDisasmBytes {
		return "", fmt.Errorf("ELF file has %d bytes of code and data, more than the disassembler's limit of %d (%s)", total, MaxDisasmBytes, SizeText(MaxDisasmBytes))
	}
	b, err := BackendForMachine(f.Machine)
	if err != nil {
		return "", err
	}
	d := &disasm{b: b, isa: b.ISA(), labels: map[int]map[uint64][]elf.Symbol{}, seen: map[string]bool{}}
	var abs []elf.Symbol
	if syms, err := f.Symbols(); err == nil {
		for _, s := range syms {
			if s.Name == "" || elf.ST_TYPE(s.Info) == elf.STT_SECTION || elf.ST_TYPE(s.Info) == elf.STT_FILE {
				continue
			}
			if s.Section == elf.SHN_ABS {
				abs = append(abs, s)
				continue
			}
			if int(s.Section) >= len(f.Sections) || s.Section == elf.SHN_UNDEF || int(s.Section) >= int(elf.SHN_LORESERVE) {
				continue
			}
			sec := int(s.Section)
			if d.labels[sec] == nil {
				d.labels[sec] = map[uint64][]elf.Symbol{}
			}
			d.labels[sec][s.Value] = append(d.labels[sec][s.Value], s)
			d.sorted = append(d.sorted, symAddr{s.Name, s.Value})
		}
	}
	sort.SliceStable(d.sorted, func(i, j int) bool { return d.sorted[i].addr < d.sorted[j].addr })
	d.cmt = "#"
	if len(d.isa.Comments) > 0 {
		d.cmt = d.isa.Comments[0]
	}
	sb := &d.sb
	fmt.Fprintf(sb, "%s %s ELF32 executable, entry %#x: kc-as -d output, which kc-as assembles back to the same bytes (with the same --hw and --map)\n", d.cmt, d.isa.Name, f.Entry)
	for _, s := range abs {
		if d.nameOK(s.Name) {
			fmt.Fprintf(sb, "\t.set %s, %#x\n", s.Name, s.Value)
		}
	}
	// In address order, which is the order kc-as places them in.
	secs := make([]int, 0, len(f.Sections))
	for i, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC != 0 && (s.Type == elf.SHT_PROGBITS || s.Type == elf.SHT_NOBITS) {
			secs = append(secs, i)
		}
	}
	sort.SliceStable(secs, func(i, j int) bool { return f.Sections[secs[i]].Addr < f.Sections[secs[j]].Addr })
	for _, i := range secs {
		if err := d.section(f.Sections[i], i); err != nil {
			return "", err
		}
	}
	return sb.String(), nil
}

type symAddr struct {
	name string
	addr uint64
}

// disasm is the state of one Disassemble.
type disasm struct {
	b      Backend
	isa    *isadefs.ISA
	cmt    string                          // the target's comment prefix
	labels map[int]map[uint64][]elf.Symbol // by section index, address
	sorted []symAddr
	seen   map[string]bool // labels written
	sb     strings.Builder
}

// nameOK reports whether a symbol name can be written back as a label:
// an identifier that is no register name (which operands would mistake
// for the symbol), written once.
func (d *disasm) nameOK(name string) bool {
	if d.seen[name] || name == "" || !isIdentStart(name[0]) || name == "." {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isIdentChar(name[i]) {
			return false
		}
	}
	if _, isReg := d.isa.Register(name); isReg {
		return false
	}
	d.seen[name] = true
	return true
}

func (d *disasm) symbolize(addr uint64) string {
	i := sort.Search(len(d.sorted), func(i int) bool { return d.sorted[i].addr > addr }) - 1
	if i < 0 {
		return ""
	}
	if d.sorted[i].addr == addr {
		return "<" + d.sorted[i].name + ">"
	}
	return fmt.Sprintf("<%s+%#x>", d.sorted[i].name, addr-d.sorted[i].addr)
}

// line writes one statement with its comment aligned.
func (d *disasm) line(stmt, comment string) {
	d.sb.WriteByte('\t')
	d.sb.WriteString(stmt)
	if comment != "" {
		for n := len(stmt); n < 39; n++ {
			d.sb.WriteByte(' ')
		}
		d.sb.WriteString(" " + d.cmt + " ")
		d.sb.WriteString(comment)
	}
	d.sb.WriteByte('\n')
}

// writeLabels writes the labels of the symbols at addr.
func (d *disasm) writeLabels(syms []elf.Symbol) {
	for _, s := range syms {
		if !d.nameOK(s.Name) {
			fmt.Fprintf(&d.sb, "%s %s (symbol not written as a label)\n", d.cmt, s.Name)
			continue
		}
		if elf.ST_BIND(s.Info) == elf.STB_GLOBAL {
			fmt.Fprintf(&d.sb, "\t.globl %s\n", s.Name)
		}
		fmt.Fprintf(&d.sb, "%s:\n", s.Name)
	}
}

func (d *disasm) section(s *elf.Section, idx int) error {
	flags := "a"
	if s.Flags&elf.SHF_WRITE != 0 {
		flags += "w"
	}
	if s.Flags&elf.SHF_EXECINSTR != 0 {
		flags += "x"
	}
	name := s.Name
	if !isIdentStart(name[0]) || strings.IndexFunc(name, func(r rune) bool { return r > 127 || !isIdentChar(byte(r)) }) >= 0 {
		name = strconv.Quote(name)
	}
	nobits := s.Type == elf.SHT_NOBITS
	fmt.Fprintf(&d.sb, "\n\t.section %s, \"%s\"", name, flags)
	if nobits {
		d.sb.WriteString(", @nobits")
	}
	fmt.Fprintf(&d.sb, "%*s%s %d bytes at %#x\n", max(1, 24-len(name)-len(flags)), "", d.cmt, s.Size, s.Addr)
	if s.Addralign > 1 {
		fmt.Fprintf(&d.sb, "\t.balign %d\n", s.Addralign)
	}
	labels := d.labels[idx]
	// Label addresses split the bytes into runs.
	var cuts []uint64
	for a := range labels {
		if a >= s.Addr && a <= s.Addr+s.Size {
			cuts = append(cuts, a-s.Addr)
		}
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i] < cuts[j] })
	var code []byte
	if !nobits {
		var err error
		if code, err = s.Data(); err != nil {
			return fmt.Errorf("section %s: %w", s.Name, err)
		}
	}
	size := s.Size
	if !nobits {
		size = uint64(len(code))
	}
	exec := s.Flags&elf.SHF_EXECINSTR != 0
	off := uint64(0)
	ci := 0
	for {
		for ci < len(cuts) && cuts[ci] <= off {
			if cuts[ci] == off {
				d.writeLabels(labels[s.Addr+off])
			}
			ci++
		}
		if off >= size {
			break
		}
		end := size
		if ci < len(cuts) {
			end = cuts[ci]
		}
		switch {
		case nobits:
			d.line(fmt.Sprintf(".zero %d", end-off), fmt.Sprintf("%#x", s.Addr+off))
			off = end
		case exec && len(d.isa.Formats) > 0:
			off = d.bundles(code, s.Addr, off, end)
		case exec:
			off = d.code(code, s.Addr, off, end)
		default:
			off = d.data(code, s.Addr, off, end)
		}
	}
	return nil
}

// code renders instructions in [off, end) (bytes before a word boundary
// and after the last whole word as .byte), returning end.
func (d *disasm) code(code []byte, base, off, end uint64) uint64 {
	wb := uint64(d.isa.WordBits / 8)
	for off < end {
		pc := base + off
		if off%wb != 0 || end-off < wb {
			n := min(end-off, wb-off%wb)
			if off%wb == 0 {
				n = end - off
			}
			d.bytes(code[off:off+n], pc)
			off += n
			continue
		}
		var w uint64
		for i := int(wb) - 1; i >= 0; i-- {
			w = w<<8 | uint64(code[off+uint64(i)])
		}
		where := fmt.Sprintf("%08x: %0*x", pc, wb*2, w)
		text, in, ok := DisassembleWord(d.b, w, pc)
		if ok && canonical(in, w) {
			comment := where
			for _, k := range in.Operands {
				if k.Class == "pcrel" {
					target := uint64(int64(pc) + k.Extract(w))
					comment += fmt.Sprintf("  -> %#x %s", target, d.symbolize(target))
				}
			}
			d.line(text, comment)
		} else {
			d.line(fmt.Sprintf(".word 0x%0*x", wb*2, w), where+"  (no instruction)")
		}
		off += wb
	}
	return off
}

// bundles renders a VLIW target's code in [off, end): one bundle per
// line, with its address and bytes as a comment; bytes that start no
// bundle (or one that would cross end) as .byte, two at a time (the
// smallest bundle).
func (d *disasm) bundles(code []byte, base, off, end uint64) uint64 {
	for off < end {
		pc := base + off
		text, size, ok := DisassembleBundle(d.b, code[off:end], pc)
		if !ok || size == 0 || off+uint64(size) > end {
			n := min(2, end-off)
			d.bytes(code[off:off+n], pc)
			off += n
			continue
		}
		d.line(text, fmt.Sprintf("%08x: % x", pc, code[off:off+uint64(size)]))
		off += uint64(size)
	}
	return off
}

// canonical reports whether w is the word the assembler makes of the
// operands decoded from it (no stray bits in fields the decoder ignores)
// and whether the assembler accepts them (register-overlap rules).
func canonical(in *isadefs.Inst, w uint64) bool {
	vals := make([]int64, len(in.Operands))
	for i, k := range in.Operands {
		vals[i] = k.Extract(w)
	}
	re, err := in.Encode(vals)
	return err == nil && re == w && len(in.Violations(vals)) == 0
}

// data renders initialised data in [off, end): .word for aligned whole
// words (four to a line), .byte for the rest.
func (d *disasm) data(code []byte, base, off, end uint64) uint64 {
	for off < end {
		pc := base + off
		if off%4 == 0 && end-off >= 4 {
			n := min((end-off)/4, 4)
			parts := make([]string, n)
			for i := range n {
				p := code[off+4*i:]
				parts[i] = fmt.Sprintf("0x%08x", uint32(p[0])|uint32(p[1])<<8|uint32(p[2])<<16|uint32(p[3])<<24)
			}
			d.line(".word "+strings.Join(parts, ", "), fmt.Sprintf("%08x", pc))
			off += 4 * n
			continue
		}
		n := end - off
		if off%4 != 0 {
			n = min(n, 4-off%4)
		}
		d.bytes(code[off:off+n], pc)
		off += n
	}
	return off
}

func (d *disasm) bytes(b []byte, pc uint64) {
	for len(b) > 0 {
		n := min(len(b), 16)
		parts := make([]string, n)
		for i := range n {
			parts[i] = fmt.Sprintf("0x%02x", b[i])
		}
		d.line(".byte "+strings.Join(parts, ", "), fmt.Sprintf("%08x", pc))
		b, pc = b[n:], pc+uint64(n)
	}
}
