package sim_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"runtime"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral"
	_ "kernelcraft/asm/plena"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// validELFs are executables from kc-as: coral with text, data and .bss,
// coral text only, and plena.
func validELFs(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, k := range []struct{ name, target, src string }{
		{"coral", "coral", "_start: li a0, 70000\n1: addi a0, a0, -1\nbnez a0, 1b\nla a1, buf\nsw a0, 0(a1)\nmpause\n.data\nv: .word 5, 6\n.bss\nbuf: .space 64\n"},
		{"coral text", "coral", "_start: mpause\n"},
		{"plena", "plena", "start: S_ADDI_INT gp1, gp0, 64\nV_EXP_V gp3, gp1, 0\n"},
	} {
		as, err := asm.New(k.target)
		if err != nil {
			t.Fatal(err)
		}
		hw, err := isadefs.HWByName(k.target)
		if err != nil {
			t.Fatal(err)
		}
		p, err := as.Assemble(k.name+".s", []byte(k.src), asm.Options{HW: hw})
		if err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		out[k.name] = p.ELF()
	}
	return out
}

// manySegments returns good with a program header table of n PT_LOAD
// entries appended, each of which covers the whole original file.
func manySegments(good []byte, n int) []byte {
	b := append([]byte(nil), good...)
	phoff := len(b)
	for i := 0; i < n; i++ {
		var ph [32]byte
		binary.LittleEndian.PutUint32(ph[0:], uint32(elf.PT_LOAD))
		binary.LittleEndian.PutUint32(ph[4:], 0)                  // p_offset
		binary.LittleEndian.PutUint32(ph[8:], 0x10000)            // p_vaddr
		binary.LittleEndian.PutUint32(ph[12:], 0x10000)           // p_paddr
		binary.LittleEndian.PutUint32(ph[16:], uint32(len(good))) // p_filesz
		binary.LittleEndian.PutUint32(ph[20:], uint32(len(good))) // p_memsz
		binary.LittleEndian.PutUint32(ph[24:], uint32(elf.PF_R))
		b = append(b, ph[:]...)
	}
	binary.LittleEndian.PutUint32(b[28:], uint32(phoff)) // e_phoff
	binary.LittleEndian.PutUint16(b[44:], uint16(n))     // e_phnum
	return b
}

// noLoad returns good with every program header's type set to PT_NOTE.
func noLoad(good []byte) []byte {
	b := append([]byte(nil), good...)
	phoff := int(binary.LittleEndian.Uint32(b[28:]))
	for i := 0; i < int(binary.LittleEndian.Uint16(b[44:])); i++ {
		binary.LittleEndian.PutUint32(b[phoff+32*i:], uint32(elf.PT_NOTE))
	}
	return b
}

// mutatedELFs are corrupted executables: header fields, program headers
// and section headers set to hostile values.
func mutatedELFs(t testing.TB) map[string][]byte {
	good := validELFs(t)["coral"]
	patch32 := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	patch16 := func(off int, v uint16) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint16(b[off:], v)
		return b
	}
	phoff := int(binary.LittleEndian.Uint32(good[28:]))
	ph := func(field int) int { return phoff + 4*field }
	return map[string][]byte{
		"class 64":          append(append([]byte(nil), good[:4]...), append([]byte{byte(elf.ELFCLASS64)}, good[5:]...)...),
		"relocatable":       patch16(16, uint16(elf.ET_REL)),
		"machine x86":       patch16(18, uint16(elf.EM_386)),
		"phoff huge":        patch32(28, 0xfffffff0),
		"phnum huge":        patch16(44, 0xffff),
		"phentsize small":   patch16(42, 4),
		"shoff huge":        patch32(32, 0xfffffff0),
		"shstrndx huge":     patch16(50, 0xfff0),
		"seg offset huge":   patch32(ph(1), 0xfffffff0),
		"seg filesz huge":   patch32(ph(4), 0x7fffffff),
		"seg memsz huge":    patch32(ph(5), 0xffffffff),
		"seg memsz small":   patch32(ph(5), 1),
		"seg vaddr wraps":   patch32(ph(2), 0xfffffff0),
		"seg outside":       patch32(ph(2), 0x40000000),
		"many segments":     manySegments(good, 1000),
		"truncated":         good[:len(good)/2],
		"header only":       good[:52],
		"empty":             nil,
		"magic only":        []byte("\x7fELF"),
		"no loadable":       noLoad(good),
		"entry outside":     patch32(24, 0xdeadbeef),
		"ident version bad": append(append([]byte(nil), good[:6]...), append([]byte{9}, good[7:]...)...),
	}
}

// TestLoadELFHostile: each corrupted executable is refused with a
// message or loads within its declared sizes; none panics or allocates
// much more than the file's size.
func TestLoadELFHostile(t *testing.T) {
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		t.Fatal(err)
	}
	mem := sim.NewMemory(hw)
	want := map[string]string{
		"class 64":        "", // debug/elf reads a 64-bit header: refused one way or another
		"relocatable":     "want an executable",
		"machine x86":     "an x86 ELF, not a RISC-V program (ELF e_machine 0x3, want 0xf3)",
		"phoff huge":      "not an ELF file",
		"seg filesz huge": "exceeds memory size",
		"seg memsz small": "exceeds memory size",
		"seg offset huge": "lie outside the",
		"truncated":       "",
		"empty":           "not an ELF file",
		"magic only":      "not an ELF file",
		"no loadable":     "no loadable segments",
	}
	bad := mutatedELFs(t)
	// The largest program header table there can be: 65535 segments, each
	// the whole 9 KB executable (585 MB if each were copied).
	bad["65535 segments"] = manySegments(validELFs(t)["coral"], 65535)
	for name, data := range bad {
		var img *sim.Image
		var err error
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		img, err = sim.LoadELF(data, elf.EM_RISCV)
		runtime.ReadMemStats(&m1)
		// One copy of the file, plus debug/elf's and the image's
		// per-header structures: at most 65535 program headers (about
		// 30 MiB, the "65535 segments" case).
		if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > 2*uint64(len(data))+40<<20 {
			t.Errorf("%s: %d bytes allocated for a %d-byte file", name, alloc, len(data))
		}
		if w, ok := want[name]; ok && (err == nil || !strings.Contains(err.Error(), w)) {
			t.Errorf("%s: err = %v, want %q", name, err, w)
		}
		if err == nil {
			checkImage(t, name, img, data, mem)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

// checkImage checks a loaded image's invariants: no segment holds more
// file bytes than the file or than its memory size, and loading them
// into memory either fails with a message or puts their bytes there.
func checkImage(t *testing.T, name string, img *sim.Image, data []byte, mem *sim.Memory) {
	t.Helper()
	for _, s := range img.Segments {
		if uint64(len(s.Data)) > s.MemSize || len(s.Data) > len(data) {
			t.Errorf("%s: segment at %#x: %d file bytes, memory size %d, file size %d", name, s.Addr, len(s.Data), s.MemSize, len(data))
		}
	}
	mem.Reset()
	if err := img.LoadInto(mem); err != nil {
		if !strings.Contains(err.Error(), "does not fit") {
			t.Errorf("%s: LoadInto: %v", name, err)
		}
		return
	}
	// Later segments may overwrite earlier ones: check the last.
	s := img.Segments[len(img.Segments)-1]
	got, err := mem.Peek(s.Addr, uint64(len(s.Data)))
	if err != nil || !bytes.Equal(got, s.Data) {
		t.Errorf("%s: segment at %#x not in memory after loading: %v", name, s.Addr, err)
	}
}

// FuzzLoadELF feeds arbitrary bytes, kc-as executables and corrupted
// ones to the ELF loader kc-sim uses: never a panic, an image whose
// segments fit in the file, and memory that receives them or a clear
// "does not fit".
func FuzzLoadELF(f *testing.F) {
	for _, b := range validELFs(f) {
		f.Add(b)
	}
	for _, b := range mutatedELFs(f) {
		f.Add(b)
	}
	hw, err := isadefs.HWByName("coral")
	if err != nil {
		f.Fatal(err)
	}
	mem := sim.NewMemory(hw)
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := sim.LoadELF(data, elf.EM_RISCV); err != nil && err.Error() == "" {
			t.Fatal("empty error")
		}
		img, err := sim.LoadELF(data, 0)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		checkImage(t, "fuzz", img, data, mem)
	})
}
