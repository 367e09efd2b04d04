package asm

import (
	"bytes"
	"debug/elf"
	"fmt"
	"sort"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Limits of the ELF reader and disassembler (kc-as --help lists them).
const (
	// MaxELFBytes bounds an ELF file read by Disassemble or ReadLineTable.
	MaxELFBytes = 64 << 20
	// MaxDisasmBytes bounds the code Disassemble renders (about 60 bytes
	// of text per 4-byte word): far more than any target's code memory.
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

// Disassemble renders the executable sections of an ELF file produced for
// any registered target, with symbols as labels and branch targets
// annotated.
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
	code := uint64(0)
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS {
			code += s.Size // checkSections bounded each by the file size
		}
	}
	if code > MaxDisasmBytes {
		return "", fmt.Errorf("ELF file has %d bytes of code, more than the disassembler's limit of %d (%s)", code, MaxDisasmBytes, SizeText(MaxDisasmBytes))
	}
	b, err := BackendForMachine(f.Machine)
	if err != nil {
		return "", err
	}
	labels := map[uint64][]string{}
	type symAddr struct {
		name string
		addr uint64
	}
	var sorted []symAddr
	if syms, err := f.Symbols(); err == nil {
		for _, s := range syms {
			if s.Name == "" || elf.ST_TYPE(s.Info) == elf.STT_SECTION || elf.ST_TYPE(s.Info) == elf.STT_FILE || s.Section == elf.SHN_ABS {
				continue
			}
			labels[s.Value] = append(labels[s.Value], s.Name)
			sorted = append(sorted, symAddr{s.Name, s.Value})
		}
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].addr < sorted[j].addr })
	symbolize := func(addr uint64) string {
		i := sort.Search(len(sorted), func(i int) bool { return sorted[i].addr > addr }) - 1
		if i < 0 {
			return ""
		}
		if sorted[i].addr == addr {
			return "<" + sorted[i].name + ">"
		}
		return fmt.Sprintf("<%s+%#x>", sorted[i].name, addr-sorted[i].addr)
	}
	wordBytes := b.ISA().WordBits / 8
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s ELF32 executable, entry %#x\n", b.ISA().Name, f.Entry)
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_EXECINSTR == 0 || s.Type != elf.SHT_PROGBITS {
			continue
		}
		code, err := s.Data()
		if err != nil {
			return "", fmt.Errorf("section %s: %w", s.Name, err)
		}
		fmt.Fprintf(&sb, "\nDisassembly of section %s:\n", s.Name)
		if len(b.ISA().Formats) > 0 {
			disassembleBundles(&sb, b, code, s.Addr, labels)
			continue
		}
		for off := 0; off+wordBytes <= len(code); off += wordBytes {
			pc := s.Addr + uint64(off)
			for _, l := range labels[pc] {
				fmt.Fprintf(&sb, "\n%08x <%s>:\n", pc, l)
			}
			var w uint64
			for i := wordBytes - 1; i >= 0; i-- {
				w = w<<8 | uint64(code[off+i])
			}
			text, in, ok := DisassembleWord(b, w, pc)
			if !ok {
				fmt.Fprintf(&sb, "%8x:  %0*x  .word %#x  # unknown instruction\n", pc, wordBytes*2, w, w)
				continue
			}
			comment := ""
			for _, k := range in.Operands {
				if k.Class == "pcrel" {
					target := uint64(int64(pc) + k.Extract(w))
					comment = fmt.Sprintf("  # %#x %s", target, symbolize(target))
				}
			}
			fmt.Fprintf(&sb, "%8x:  %0*x  %s%s\n", pc, wordBytes*2, w, text, comment)
		}
	}
	return sb.String(), nil
}

// disassembleBundles renders a VLIW target's code: one bundle per line
// with its address and bytes, labels before the bundles they name.
func disassembleBundles(sb *strings.Builder, b Backend, code []byte, addr uint64, labels map[uint64][]string) {
	for off := 0; off < len(code); {
		pc := addr + uint64(off)
		for _, l := range labels[pc] {
			fmt.Fprintf(sb, "\n%08x <%s>:\n", pc, l)
		}
		text, size, ok := DisassembleBundle(b, code[off:], pc)
		if !ok || size == 0 {
			size = min(2, len(code)-off)
			text = byteDirective(code[off:off+size]) + "  # no bundle"
		}
		fmt.Fprintf(sb, "%8x:  %-47s  %s\n", pc, fmt.Sprintf("% x", code[off:off+size]), text)
		off += size
	}
}
