package asm

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"sort"
)

// ELF returns the program as an ELF32 little-endian executable: one PT_LOAD
// segment per section, section headers, a symbol table, and the line
// table in a non-allocated LineSection, so readelf, llvm-objdump and
// debug/elf read it.
func (p *Program) ELF() []byte {
	const ehSize, phSize, shSize = 52, 32, 40
	le := binary.LittleEndian
	secs := append([]*Section(nil), p.Sections...)
	sort.SliceStable(secs, func(i, j int) bool { return secs[i].Addr < secs[j].Addr })

	// Layout: header, program headers, section data, strtabs, symtab, section headers.
	nPh := len(secs)
	off := uint32(ehSize + phSize*nPh)
	dataOff := make([]uint32, len(secs))
	for i, s := range secs {
		// File offset and address agree modulo the page size, as loaders
		// that mmap segments (Linux, qemu-user) require.
		off = pageCongruent(off, uint32(s.Addr))
		dataOff[i] = off
		if !s.NoBits {
			off += uint32(len(s.Data))
		}
	}
	var shstr bytes.Buffer
	shstr.WriteByte(0)
	addStr := func(b *bytes.Buffer, s string) uint32 {
		o := uint32(b.Len())
		b.WriteString(s)
		b.WriteByte(0)
		return o
	}
	secName := make([]uint32, len(secs))
	for i, s := range secs {
		secName[i] = addStr(&shstr, s.Name)
	}
	symtabName := addStr(&shstr, ".symtab")
	strtabName := addStr(&shstr, ".strtab")
	shstrtabName := addStr(&shstr, ".shstrtab")
	var lines []byte
	var linesName uint32
	if len(p.Lines) > 0 {
		lines = p.lineTableBytes()
		linesName = addStr(&shstr, LineSection)
	}

	secIndex := map[string]uint16{}
	for i, s := range secs {
		secIndex[s.Name] = uint16(i + 1)
	}
	var strtab, symtab bytes.Buffer
	strtab.WriteByte(0)
	symtab.Write(make([]byte, 16)) // null symbol
	writeSym := func(s Symbol) {
		var e [16]byte
		le.PutUint32(e[0:], addStr(&strtab, s.Name))
		le.PutUint32(e[4:], uint32(s.Value))
		le.PutUint32(e[8:], uint32(s.Size))
		bind, typ := elf.STB_LOCAL, elf.STT_NOTYPE
		if s.Global {
			bind = elf.STB_GLOBAL
		}
		if s.Func {
			typ = elf.STT_FUNC
		} else if s.Object {
			typ = elf.STT_OBJECT
		}
		e[12] = byte(bind)<<4 | byte(typ)
		shndx := uint16(elf.SHN_ABS)
		if s.Section != "" {
			shndx = secIndex[s.Section]
		}
		le.PutUint16(e[14:], shndx)
		symtab.Write(e[:])
	}
	nLocal := uint32(1)
	for _, s := range p.Symbols {
		if !s.Global {
			writeSym(s)
			nLocal++
		}
	}
	for _, s := range p.Symbols {
		if s.Global {
			writeSym(s)
		}
	}
	symtabOff := (off + 3) &^ 3
	strtabOff := symtabOff + uint32(symtab.Len())
	shstrOff := strtabOff + uint32(strtab.Len())
	linesOff := shstrOff + uint32(shstr.Len())
	shOff := (linesOff + uint32(len(lines)) + 3) &^ 3
	nSh := len(secs) + 4 // null, sections, symtab, strtab, shstrtab[, .kc.lines]
	if lines != nil {
		nSh++
	}

	out := make([]byte, shOff+uint32(shSize*nSh))
	// ELF header.
	copy(out, []byte{0x7f, 'E', 'L', 'F', byte(elf.ELFCLASS32), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT), byte(elf.ELFOSABI_NONE)})
	le.PutUint16(out[16:], uint16(elf.ET_EXEC))
	le.PutUint16(out[18:], uint16(p.backend.Machine()))
	le.PutUint32(out[20:], uint32(elf.EV_CURRENT))
	le.PutUint32(out[24:], uint32(p.Entry))
	le.PutUint32(out[28:], ehSize)
	le.PutUint32(out[32:], shOff)
	le.PutUint32(out[36:], 0) // e_flags: soft-float ABI, no RVC
	le.PutUint16(out[40:], ehSize)
	le.PutUint16(out[42:], phSize)
	le.PutUint16(out[44:], uint16(nPh))
	le.PutUint16(out[46:], shSize)
	le.PutUint16(out[48:], uint16(nSh))
	le.PutUint16(out[50:], uint16(len(secs)+3)) // .shstrtab

	for i, s := range secs {
		ph := out[ehSize+phSize*i:]
		flags := elf.PF_R
		if s.Write {
			flags |= elf.PF_W
		}
		if s.Exec {
			flags |= elf.PF_X
		}
		filesz := uint32(len(s.Data))
		le.PutUint32(ph[0:], uint32(elf.PT_LOAD))
		le.PutUint32(ph[4:], dataOff[i])
		le.PutUint32(ph[8:], uint32(s.Addr))
		le.PutUint32(ph[12:], uint32(s.Addr))
		le.PutUint32(ph[16:], filesz)
		le.PutUint32(ph[20:], uint32(s.Size))
		le.PutUint32(ph[24:], uint32(flags))
		le.PutUint32(ph[28:], pageSize)
		copy(out[dataOff[i]:], s.Data)
	}
	copy(out[symtabOff:], symtab.Bytes())
	copy(out[strtabOff:], strtab.Bytes())
	copy(out[shstrOff:], shstr.Bytes())
	copy(out[linesOff:], lines)

	sh := func(i int, name, typ, flags, addr, offset, size, link, info, align, entsize uint32) {
		b := out[shOff+uint32(shSize*i):]
		for j, v := range []uint32{name, typ, flags, addr, offset, size, link, info, align, entsize} {
			le.PutUint32(b[4*j:], v)
		}
	}
	for i, s := range secs {
		typ := uint32(elf.SHT_PROGBITS)
		if s.NoBits {
			typ = uint32(elf.SHT_NOBITS)
		}
		flags := uint32(elf.SHF_ALLOC)
		if s.Write {
			flags |= uint32(elf.SHF_WRITE)
		}
		if s.Exec {
			flags |= uint32(elf.SHF_EXECINSTR)
		}
		sh(i+1, secName[i], typ, flags, uint32(s.Addr), dataOff[i], uint32(s.Size), 0, 0, uint32(max(s.Align, 1)), 0)
	}
	n := len(secs)
	sh(n+1, symtabName, uint32(elf.SHT_SYMTAB), 0, 0, symtabOff, uint32(symtab.Len()), uint32(n+2), nLocal, 4, 16)
	sh(n+2, strtabName, uint32(elf.SHT_STRTAB), 0, 0, strtabOff, uint32(strtab.Len()), 0, 0, 1, 0)
	sh(n+3, shstrtabName, uint32(elf.SHT_STRTAB), 0, 0, shstrOff, uint32(shstr.Len()), 0, 0, 1, 0)
	if lines != nil {
		sh(n+4, linesName, uint32(elf.SHT_PROGBITS), 0, 0, linesOff, uint32(len(lines)), 0, 0, 1, 0)
	}
	return out
}

// MachinePlena is the ELF e_machine of plena executables. PLENA has no
// registered machine number; this project value (ASCII "PL") is outside
// the range of the ELF registry's assignments, so no tool mistakes the
// file for another architecture's.
const MachinePlena elf.Machine = 0x504c

// MachineAIE2 is the ELF e_machine of aie2 executables: a project value
// (ASCII "A2"), like MachinePlena, outside the ELF registry's range.
// (llvm-aie's own objects carry its AIE machine number and relocations;
// kc-as writes linked executables only, for kc-sim.)
const MachineAIE2 elf.Machine = 0x4132

// pageSize is the segment alignment of the executables kc-as writes.
const pageSize = 0x1000

// pageCongruent returns the first offset >= off that is congruent to addr
// modulo pageSize.
func pageCongruent(off, addr uint32) uint32 {
	want := addr % pageSize
	if off%pageSize <= want {
		return off - off%pageSize + want
	}
	return off - off%pageSize + pageSize + want
}
