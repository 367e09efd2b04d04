package coral

import (
	"debug/elf"
	"fmt"
	"io"
	"strings"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

func init() {
	sim.RegisterTarget(sim.Target{
		Name:       "coral",
		ELFMachine: elf.EM_RISCV,
		Timelines:  true,
		Engines:    []string{EngineTranslate, EngineBlocks, EngineStep},
		New: func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error) {
			return New(hw, Options{CoreOptions: o})
		},
		Costs: NewCostModel,
	})
}

// SetReg writes an x or f register by name (a0, x10, fa0, f10).
func (m *Machine) SetReg(name string, v uint64) error {
	r, ok := m.isa.Register(name)
	if !ok || (r.File.Name != "x" && r.File.Name != "f") {
		return fmt.Errorf("coral: no scalar register %q (x0..x31, f0..f31 or ABI names)", name)
	}
	if v > 0xffffffff {
		return fmt.Errorf("coral: value %#x does not fit register %s (32 bits)", v, name)
	}
	if r.File.Name == "x" && r.Index == 0 && v != 0 {
		return fmt.Errorf("coral: %s is hard-wired to zero", name)
	}
	if r.File.Name == "x" {
		m.SetX(r.Index, uint32(v))
	} else {
		m.SetF(r.Index, uint32(v))
	}
	return nil
}

// DumpRegs writes pc, the x and f registers, fcsr and the vector CSRs, and
// the vector registers that are not zero.
func (m *Machine) DumpRegs(w io.Writer) {
	fmt.Fprintf(w, "pc       %08x\n", m.pc)
	xn, fn := m.isa.RegFiles["x"].Names, m.isa.RegFiles["f"].Names
	for i := 0; i < 32; i += 4 {
		var parts []string
		for j := i; j < i+4; j++ {
			parts = append(parts, fmt.Sprintf("%-4s %08x", xn[j], m.x[j]))
		}
		fmt.Fprintln(w, strings.Join(parts, "  "))
	}
	if m.hw.HasExt("F") {
		for i := 0; i < 32; i += 4 {
			var parts []string
			for j := i; j < i+4; j++ {
				parts = append(parts, fmt.Sprintf("%-4s %08x", fn[j], m.f[j]))
			}
			fmt.Fprintln(w, strings.Join(parts, "  "))
		}
		fmt.Fprintf(w, "fcsr     %08x (frm %d, fflags %05b)\n", m.csr.frm<<5|m.csr.fflags, m.csr.frm, m.csr.fflags)
	}
	if m.hasVec {
		vl, _ := m.vcsrRead(csrVl)
		vt, _ := m.vcsrRead(csrVtype)
		fmt.Fprintf(w, "vl       %d  vtype %08x (%s)\n", vl, vt, vtypeString(vt))
		for i := 0; i < 32; i++ {
			b := m.vregBytes(i)
			zero := true
			for _, c := range b {
				zero = zero && c == 0
			}
			if !zero {
				fmt.Fprintf(w, "v%-7d %x\n", i, b)
			}
		}
	}
}
