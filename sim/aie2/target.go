package aie2

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2" // the disassembler of --trace and --profile
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

func init() {
	sim.RegisterTarget(sim.Target{
		Name:       "aie2",
		ELFMachine: asm.MachineAIE2,
		Costs:      NewCostModel,
		Timelines:  true,
		New: func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error) {
			pol, err := HWPolicy(hw)
			if err != nil {
				return nil, err
			}
			return New(hw, Options{CoreOptions: o, Hazard: pol})
		},
	})
}

// SetReg writes a register by its llvm-aie name (r0..r31, p0..p7, m0..m7,
// dn/dj/dc0..7, s0..s3, lr, sp, lc, le, ls, cr*, and vector registers
// given as their low 64 bits). The value lands before the first bundle.
func (m *Machine) SetReg(name string, v uint64) error {
	r, ok := parseReg(name)
	if !ok {
		return fmt.Errorf("aie2: no register %q", name)
	}
	var b [128]byte
	binary.LittleEndian.PutUint64(b[:8], v)
	if !r.vector() && r.n == 1 && v>>32 != 0 {
		return fmt.Errorf("aie2: value %#x does not fit register %s (32 bits)", v, name)
	}
	for i := 0; i < int(r.n); i++ {
		u := int(r.base) + i
		w := m.units[u].latest()
		if r.vector() {
			copy(w.val[:], b[pieceB*i:pieceB*(i+1)])
		} else {
			val := binary.LittleEndian.Uint32(b[4*i:])
			if u >= uP && u < uM {
				val &= addrMask
			}
			binary.LittleEndian.PutUint32(w.val[:4], val)
		}
	}
	return nil
}

// Reg reads a scalar register's value once every write in flight has
// landed (for tests and dumps).
func (m *Machine) Reg(name string) (uint32, error) {
	r, ok := parseReg(name)
	if !ok || r.vector() {
		return 0, fmt.Errorf("aie2: no scalar register %q", name)
	}
	return u32(m.units[r.base].latest()), nil
}

// Vec reads a register of any width (x, w, bm, cm, am…) as bytes.
func (m *Machine) Vec(name string) ([]byte, error) {
	r, ok := parseReg(name)
	if !ok {
		return nil, fmt.Errorf("aie2: no register %q", name)
	}
	out := make([]byte, r.bytes())
	for i := 0; i < int(r.n); i++ {
		w := m.units[int(r.base)+i].latest()
		if r.vector() {
			copy(out[pieceB*i:], w.val[:])
		} else {
			copy(out[4*i:], w.val[:4])
		}
	}
	return out, nil
}

// SetVec writes a vector register from bytes (its full width).
func (m *Machine) SetVec(name string, b []byte) error {
	r, ok := parseReg(name)
	if !ok || !r.vector() || len(b) != r.bytes() {
		return fmt.Errorf("aie2: %q is no vector register of %d bytes", name, len(b))
	}
	for i := 0; i < int(r.n); i++ {
		copy(m.units[int(r.base)+i].latest().val[:], b[pieceB*i:])
	}
	return nil
}

// DumpRegs writes the registers (values once every write in flight has
// landed).
func (m *Machine) DumpRegs(w io.Writer) {
	fmt.Fprintf(w, "pc %#x   cycle %d   hazard policy %s\n", m.pc, m.now, m.opts.Hazard)
	line := func(names []string) {
		var parts []string
		for _, n := range names {
			v, _ := m.Reg(n)
			parts = append(parts, fmt.Sprintf("%-5s %08x", n, v))
		}
		fmt.Fprintln(w, strings.Join(parts, "  "))
	}
	for i := 0; i < 32; i += 8 {
		var ns []string
		for j := i; j < i+8; j++ {
			ns = append(ns, fmt.Sprintf("r%d", j))
		}
		line(ns)
	}
	for _, p := range []string{"p", "m", "dn", "dj", "dc"} {
		var ns []string
		for j := 0; j < 8; j++ {
			ns = append(ns, fmt.Sprintf("%s%d", p, j))
		}
		line(ns)
	}
	line([]string{"s0", "s1", "s2", "s3", "lr", "sp", "lc", "le", "ls"})
	line(crNames[:6])
	line(crNames[6:])
	for i := 0; i < 12; i++ {
		b, _ := m.Vec(fmt.Sprintf("x%d", i))
		fmt.Fprintf(w, "x%-2d % x\n", i, b)
	}
	for i := 0; i < 9; i++ {
		b, _ := m.Vec(fmt.Sprintf("cm%d", i))
		var fs []string
		for j := 0; j < 16; j++ {
			fs = append(fs, fmt.Sprintf("%g", math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))))
		}
		fmt.Fprintf(w, "cm%d % x\n     bml%d as fp32: %s\n", i, b, i, strings.Join(fs, " "))
	}
}
