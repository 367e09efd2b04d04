package sim

import (
	"bytes"
	"debug/elf"
	"fmt"
	"strings"
)

// Segment is one loadable piece of a program image.
type Segment struct {
	Addr    uint64
	Data    []byte // file bytes (may share storage with other segments: read only); the rest up to MemSize is zero
	MemSize uint64
	Exec    bool
}

// Image is a program ready to load: segments, entry point and symbols.
type Image struct {
	Machine  elf.Machine
	Entry    uint64
	Segments []Segment
	Symbols  map[string]uint64
}

// LoadELF reads an ELF32 executable's PT_LOAD segments, entry and symbols.
// machine, if non-zero, is the required e_machine. The segments' bytes
// are slices of one copy of data, so the image costs at most len(data)
// bytes however many segments the program header table declares.
func LoadELF(data []byte, machine elf.Machine) (img *Image, err error) {
	defer func() {
		// debug/elf is robust in practice, but a malformed file must never
		// crash the simulator.
		if r := recover(); r != nil {
			img, err = nil, fmt.Errorf("malformed ELF: %v", r)
		}
	}()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not an ELF file: %w", err)
	}
	defer f.Close()
	if f.Class != elf.ELFCLASS32 {
		return nil, fmt.Errorf("ELF class %v: want ELFCLASS32", f.Class)
	}
	if machine != 0 && f.Machine != machine {
		return nil, machineError(f.Machine, machine)
	}
	if f.Type != elf.ET_EXEC {
		return nil, fmt.Errorf("ELF type %v: want an executable (ET_EXEC), link the program first", f.Type)
	}
	img = &Image{Machine: f.Machine, Entry: f.Entry, Symbols: map[string]uint64{}}
	var own []byte
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD || p.Memsz == 0 {
			continue
		}
		if p.Filesz > p.Memsz {
			return nil, fmt.Errorf("segment at %#x: file size %d exceeds memory size %d", p.Vaddr, p.Filesz, p.Memsz)
		}
		if p.Off > uint64(len(data)) || p.Filesz > uint64(len(data))-p.Off {
			return nil, fmt.Errorf("segment at %#x: file bytes [%#x, %#x+%#x) lie outside the %d-byte file", p.Vaddr, p.Off, p.Off, p.Filesz, len(data))
		}
		// Segments are slices of one copy of the file: a program header
		// table of thousands of segments that all cover the whole file
		// costs no more memory than the file itself.
		if own == nil {
			own = bytes.Clone(data)
		}
		img.Segments = append(img.Segments, Segment{Addr: p.Vaddr, Data: own[p.Off : p.Off+p.Filesz : p.Off+p.Filesz], MemSize: p.Memsz, Exec: p.Flags&elf.PF_X != 0})
	}
	if len(img.Segments) == 0 {
		return nil, fmt.Errorf("ELF has no loadable segments")
	}
	if syms, err := f.Symbols(); err == nil {
		for _, s := range syms {
			if s.Name != "" && elf.ST_TYPE(s.Info) != elf.STT_SECTION && elf.ST_TYPE(s.Info) != elf.STT_FILE {
				img.Symbols[s.Name] = s.Value
			}
		}
	}
	return img, nil
}

// LoadInto places the image's segments in memory (zero-filling .bss parts).
// A segment must lie inside one region; its size is checked before any
// copying, so a hostile ELF cannot make the loader allocate.
func (img *Image) LoadInto(m *Memory) error {
	for _, s := range img.Segments {
		r := m.Find(s.Addr)
		if r == nil || s.MemSize > r.End-s.Addr {
			return fmt.Errorf("segment at %#x (%d bytes) does not fit in one memory region (%s)", s.Addr, s.MemSize, m.Map())
		}
		dst := r.Data[s.Addr-r.Base : s.Addr-r.Base+s.MemSize]
		n := copy(dst, s.Data)
		clear(dst[n:])
		r.touch(s.Addr-r.Base, s.MemSize)
	}
	return nil
}

// machineNames are plain names of ELF machines a user may hand the
// simulators by mistake (debug/elf spells the project's own numbers
// EM_ALPHA_STD+20515).
var machineNames = map[elf.Machine]string{
	elf.EM_RISCV:   "a RISC-V",
	elf.EM_X86_64:  "an x86-64",
	elf.EM_386:     "an x86",
	elf.EM_AARCH64: "an AArch64",
	elf.EM_ARM:     "an ARM",
}

// MachineWords says an ELF machine in plain words, with the target whose
// programs carry it: "a RISC-V ELF (a coral program)", "a plena ELF",
// "an ELF for machine 0x1234".
func MachineWords(m elf.Machine) string {
	var target string
	for _, t := range Targets() {
		if t.ELFMachine == m {
			target = t.Name
		}
	}
	name, ok := machineNames[m]
	switch {
	case ok && target != "":
		return fmt.Sprintf("%s ELF (%s program)", name, article(target))
	case ok:
		return name + " ELF"
	case target != "":
		return article(target) + " ELF"
	}
	return fmt.Sprintf("an ELF for machine %#x", uint16(m))
}

// machineError reports an ELF whose machine is not the one wanted, in
// plain words and with the numbers.
func machineError(got, want elf.Machine) error {
	wanted := fmt.Sprintf("machine %#x", uint16(want))
	if name, ok := machineNames[want]; ok {
		wanted = name + " program"
	}
	for _, t := range Targets() {
		if t.ELFMachine == want {
			wanted = article(t.Name) + " program"
		}
	}
	return fmt.Errorf("%s, not %s (ELF e_machine %#x, want %#x)", MachineWords(got), wanted, uint16(got), uint16(want))
}

// article puts "a" or "an" before a target's name (by its first letter).
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
