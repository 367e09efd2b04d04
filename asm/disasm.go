package asm

import (
	"bytes"
	"debug/elf"
	"fmt"
	"sort"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

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
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("not an ELF file: %w", err)
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
