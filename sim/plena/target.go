package plena

import (
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"

	"kernelcraft/asm"
	_ "kernelcraft/asm/plena" // the disassembler of --trace and --profile
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

func init() {
	sim.RegisterTarget(sim.Target{
		Name:         "plena",
		ELFMachine:   asm.MachinePlena,
		ParseProgram: ParseMem,
		Preloads: []sim.Preload{
			{Flag: "hbm", Region: "hbm", Usage: "raw HBM image at HBM address 0 (PLENA's hbm_for_behave_sim.bin: MXFP8 elements and E8M0 scales)"},
			{Flag: "fpsram", Region: "fpmem", Usage: "FP SRAM preload from entry 0 (PLENA's fp_sram.bin: f16 little-endian)", Elem: "f16", ElemBytes: 2},
			{Flag: "intsram", Region: "intmem", Usage: "INT SRAM preload from entry 0 (PLENA's int_sram.bin: u32 little-endian)", Elem: "u32", ElemBytes: 4},
			{Flag: "vram", Region: "vsram", Usage: "Vector SRAM preload from row 0 (bf16 little-endian, rows of VLEN)", Elem: "bf16", ElemBytes: 2},
		},
		New: func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error) {
			return New(hw, Options{CoreOptions: o})
		},
		Timelines: true,
		Costs:     NewCostModel,
	})
}

// ParseMem reads PLENA machine-code text (the emulator's --opcode file:
// hexadecimal words separated by white space, "0x" optional) into an
// image whose words start at the hardware config's executable region.
func ParseMem(hw *isadefs.HW, data []byte) (*sim.Image, error) {
	words, err := asm.ParseMem(data, 32)
	if err != nil {
		return nil, fmt.Errorf("machine-code text: %w", err)
	}
	var code *isadefs.Region
	for i := range hw.Memory {
		if strings.Contains(hw.Memory[i].Perm, "x") {
			code = &hw.Memory[i]
			break
		}
	}
	if code == nil {
		return nil, fmt.Errorf("hw %s has no executable region for the program", hw.Name)
	}
	if uint64(len(words))*4 > uint64(code.Size) {
		return nil, fmt.Errorf("machine-code text: %d words do not fit in region %s (%d bytes)", len(words), code.Name, uint64(code.Size))
	}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(w))
	}
	base := uint64(code.Base)
	return &sim.Image{Machine: asm.MachinePlena, Entry: base, Symbols: map[string]uint64{},
		Segments: []sim.Segment{{Addr: base, Data: b, MemSize: uint64(len(b)), Exec: true}}}, nil
}

// SetReg writes a register by name: gp0..gp15, a0..a7 (64 bits), f0..f7
// (the f16 bit pattern, or bf16 with scalar_bf16), SCALE, STRIDE, V_MASK.
func (m *Machine) SetReg(name string, v uint64) error {
	switch strings.ToUpper(name) {
	case "SCALE", "SCALE_REG":
		m.scale = uint32(v)
		return checkWidth(name, v, 32)
	case "STRIDE", "STRIDE_REG":
		m.stride = uint32(v)
		return checkWidth(name, v, 32)
	case "V_MASK", "V_MASK_REG", "VMASK":
		m.vmask = uint32(v)
		return checkWidth(name, v, 32)
	}
	r, ok := m.isa.Register(name)
	if !ok {
		return fmt.Errorf("plena: no register %q (gp0..gp15, f0..f7, a0..a7, SCALE, STRIDE, V_MASK)", name)
	}
	switch r.File.Name {
	case "gp":
		if err := checkWidth(name, v, 32); err != nil {
			return err
		}
		m.gp[r.Index] = uint32(v)
	case "f":
		if err := checkWidth(name, v, 16); err != nil {
			return err
		}
		m.f[r.Index] = uint16(v)
	case "a":
		m.a[r.Index] = v
	}
	return nil
}

func checkWidth(name string, v uint64, bits uint) error {
	if v>>bits != 0 {
		return fmt.Errorf("plena: value %#x does not fit register %s (%d bits)", v, name, bits)
	}
	return nil
}

// DumpRegs writes the registers, the loop stack and where the program is.
func (m *Machine) DumpRegs(w io.Writer) {
	fmt.Fprintf(w, "pc       %#x (instruction %d of %d)   cycles %d\n", m.pcAddr(m.pc), m.pc, len(m.prog), m.now)
	for i := 0; i < 16; i += 4 {
		fmt.Fprintf(w, "gp%-2d %08x  gp%-2d %08x  gp%-2d %08x  gp%-2d %08x\n", i, m.gp[i], i+1, m.gp[i+1], i+2, m.gp[i+2], i+3, m.gp[i+3])
	}
	sc := m.cfg.Scalar
	for i := 0; i < 8; i += 4 {
		var parts []string
		for j := i; j < i+4; j++ {
			parts = append(parts, fmt.Sprintf("f%d %04x (%s)", j, m.f[j], strconv.FormatFloat(float64(sc.ToF32(m.f[j])), 'g', 6, 32)))
		}
		fmt.Fprintln(w, strings.Join(parts, "  "))
	}
	for i := 0; i < 8; i += 4 {
		fmt.Fprintf(w, "a%d %#x  a%d %#x  a%d %#x  a%d %#x\n", i, m.a[i], i+1, m.a[i+1], i+2, m.a[i+2], i+3, m.a[i+3])
	}
	fmt.Fprintf(w, "SCALE %d  STRIDE %d  V_MASK %#x\n", m.scale, m.stride, m.vmask)
	for _, l := range m.loops {
		fmt.Fprintf(w, "loop at %#x counted by gp%d (= %d)\n", m.pcAddr(l.startPC), l.reg, m.gp[l.reg])
	}
}

// disasm renders an instruction as PLENA assembly.
func (m *Machine) disasm(o *op) string {
	if o.kind == kBreak {
		return "C_BREAK (0x31, as PLENA's emulator decodes it)"
	}
	if b, err := asm.BackendFor("plena"); err == nil {
		if text, _, ok := asm.DisassembleWord(b, uint64(o.word), 0); ok {
			return text
		}
	}
	if o.inst != nil {
		return fmt.Sprintf("%s (word %#08x)", o.inst.Name, o.word)
	}
	return fmt.Sprintf(".word 0x%08X", o.word)
}

// traceLine writes one --trace line: start cycle, pc, word, instruction,
// cycles taken, and the gp registers it changed.
func (m *Machine) traceLine(o *op, pc int, start int64, before *[16]uint32) {
	var writes []string
	for i := range m.gp {
		if m.gp[i] != before[i] {
			writes = append(writes, fmt.Sprintf("gp%d=%#x", i, m.gp[i]))
		}
	}
	fmt.Fprintf(m.opts.Trace, "%8d  %08x  %08x  %-36s +%d %s\n", start, m.pcAddr(pc), o.word, m.disasm(o), m.now-start, strings.Join(writes, " "))
}
