package coral

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"kernelcraft/sim"
)

// The debugging interface (sim.Debugger, for kc-sim --gdb). Registers are
// numbered as GDB numbers RISC-V's: x0..x31 0..31, pc 32, f0..f31 33..64,
// CSR c 65+c, v0..v31 4162..4193, in the target-description features GDB
// knows (org.gnu.gdb.riscv.cpu, .fpu, .csr, .vector).

// GDB's numbers of the first CSR and of v0.
const (
	gdbFirstCSR = 65
	gdbV0       = 4162
)

// dreg is what a debug register index stands for.
type dreg struct {
	kind byte // 'x', 'p' (pc), 'f', 'c' (CSR), 'v'
	n    uint32
}

// debugState is the machine's debugging state, built on first use.
type debugState struct {
	set      sim.RegisterSet
	regs     []dreg
	watching bool
}

var _ sim.Debugger = (*Machine)(nil)

// DebugRegs describes the registers: x, pc, f (with F), the CSRs the
// machine implements (pmpcfg/pmpaddr, which read 0, left out) and v0..v31
// (with Zve32x).
func (m *Machine) DebugRegs() *sim.RegisterSet {
	if m.dbg == nil {
		m.dbg = m.newDebugState()
	}
	return &m.dbg.set
}

func (m *Machine) newDebugState() *debugState {
	d := &debugState{set: sim.RegisterSet{Arch: "riscv:rv32", PC: 32, General: 33}}
	add := func(r sim.DebugReg, k dreg) {
		d.set.Regs = append(d.set.Regs, r)
		d.regs = append(d.regs, k)
	}
	const cpu, fpu, csr, vecf = "org.gnu.gdb.riscv.cpu", "org.gnu.gdb.riscv.fpu", "org.gnu.gdb.riscv.csr", "org.gnu.gdb.riscv.vector"
	for i, name := range m.isa.RegFiles["x"].Names {
		typ := "int"
		switch i {
		case 1:
			typ = "code_ptr"
		case 2, 3, 4:
			typ = "data_ptr"
		}
		add(sim.DebugReg{Name: name, Bits: 32, Type: typ, Group: "general", Feature: cpu, Num: i}, dreg{'x', uint32(i)})
	}
	add(sim.DebugReg{Name: "pc", Bits: 32, Type: "code_ptr", Group: "general", Feature: cpu, Num: 32}, dreg{'p', 0})
	hasF := m.hw.HasExt("F")
	if hasF {
		for i, name := range m.isa.RegFiles["f"].Names {
			add(sim.DebugReg{Name: name, Bits: 32, Type: "ieee_single", Group: "float", Feature: fpu, Num: 33 + i}, dreg{'f', uint32(i)})
		}
	}
	type namedCSR struct {
		name string
		n    uint32
	}
	var csrs []namedCSR
	for name, n := range csrByName {
		if strings.HasPrefix(name, "pmp") {
			continue
		}
		if _, ok := m.csrRead(n); ok {
			csrs = append(csrs, namedCSR{name, n})
		}
	}
	sort.Slice(csrs, func(i, j int) bool { return csrs[i].n < csrs[j].n })
	for _, c := range csrs {
		feat, group := csr, "csr"
		if c.n <= csrFcsr { // fflags, frm, fcsr: GDB looks for them with the float registers
			feat, group = fpu, "float"
		}
		add(sim.DebugReg{Name: c.name, Bits: 32, Type: "int", Group: group, Feature: feat, Num: gdbFirstCSR + int(c.n)}, dreg{'c', c.n})
	}
	if m.hasVec {
		for i := 0; i < NVReg; i++ {
			add(sim.DebugReg{Name: fmt.Sprintf("v%d", i), Bits: 8 * VLENB, Type: "vector", Group: "vector", Feature: vecf, Num: gdbV0 + i}, dreg{'v', uint32(i)})
		}
	}
	return d
}

func (m *Machine) debugReg(i int) (dreg, error) {
	m.DebugRegs()
	if i < 0 || i >= len(m.dbg.regs) {
		return dreg{}, fmt.Errorf("coral: no register %d", i)
	}
	return m.dbg.regs[i], nil
}

// ReadReg returns register i of DebugRegs as little-endian bytes.
func (m *Machine) ReadReg(i int) ([]byte, error) {
	r, err := m.debugReg(i)
	if err != nil {
		return nil, err
	}
	var v uint32
	switch r.kind {
	case 'x':
		v = m.x[r.n]
	case 'p':
		v = m.pc
	case 'f':
		v = m.f[r.n]
	case 'c':
		var ok bool
		if v, ok = m.csrRead(r.n); !ok {
			return nil, fmt.Errorf("coral: CSR %s cannot be read", csrName(r.n))
		}
	case 'v':
		return m.vregBytes(int(r.n)), nil
	}
	return binary.LittleEndian.AppendUint32(nil, v), nil
}

// WriteReg sets register i of DebugRegs from little-endian bytes. x0
// takes only 0; read-only CSRs (cycle, vl, vtype, vlenb, …) take nothing.
func (m *Machine) WriteReg(i int, val []byte) error {
	r, err := m.debugReg(i)
	if err != nil {
		return err
	}
	want := m.dbg.set.Regs[i].Bits / 8
	if len(val) != want {
		return fmt.Errorf("coral: register %s takes %d bytes, not %d", m.dbg.set.Regs[i].Name, want, len(val))
	}
	if r.kind == 'v' {
		copy(m.v.V[int(r.n)*VLENB:int(r.n+1)*VLENB], val)
		return nil
	}
	v := binary.LittleEndian.Uint32(val)
	switch r.kind {
	case 'x':
		if r.n == 0 && v != 0 {
			return fmt.Errorf("coral: zero (x0) is hard-wired to 0")
		}
		m.SetX(int(r.n), v)
	case 'p':
		m.pc = v
	case 'f':
		m.f[r.n] = v
	case 'c':
		if r.n>>10 == 3 {
			return fmt.Errorf("coral: CSR %s is read-only", csrName(r.n))
		}
		m.csrWrite(r.n, v)
	}
	return nil
}

// ReadMem returns up to n bytes from addr, across adjacent regions, up to
// the first byte outside memory.
func (m *Machine) ReadMem(addr uint64, n int) ([]byte, error) {
	var out []byte
	for n > 0 {
		r := m.mem.Find(addr)
		if r == nil {
			break
		}
		k := min(uint64(n), r.End-addr)
		out = append(out, r.Data[addr-r.Base:addr-r.Base+k]...)
		addr += k
		n -= int(k)
	}
	if len(out) == 0 && n > 0 {
		return nil, fmt.Errorf("coral: address %#x is outside memory (%s)", addr, m.mem.Map())
	}
	return out, nil
}

// WriteMem writes data at addr, ignoring permissions; code it changes is
// decoded again.
func (m *Machine) WriteMem(addr uint64, data []byte) error {
	for a, left := addr, uint64(len(data)); left > 0; {
		r := m.mem.Find(a)
		if r == nil {
			return fmt.Errorf("coral: address %#x is outside memory (%s)", a, m.mem.Map())
		}
		k := min(left, r.End-a)
		a, left = a+k, left-k
	}
	for a, rest := addr, data; len(rest) > 0; {
		r := m.mem.Find(a)
		k := copy(r.Data[a-r.Base:], rest)
		if r.Executable && m.loaded {
			m.redecode(uint32(a), uint32(k))
			m.resetBlocks()
		}
		a, rest = a+uint64(k), rest[k:]
	}
	return nil
}

// DebugPC is the address of the next instruction.
func (m *Machine) DebugPC() uint64 { return uint64(m.pc) }

// DebugStep executes one instruction with Step, the reference stepper;
// while a watch is set, every load and store goes through
// sim.Memory.Bytes, which reports it.
func (m *Machine) DebugStep() bool {
	if m.dbg != nil && m.dbg.watching {
		m.rc, m.wc, m.rcPrev = memCache{}, memCache{}, memCache{}
	}
	m.stats.Engine = EngineStep // the debugger steps the reference stepper
	return m.Step()
}

// SetWatch reports the data accesses of DebugStep to fn (nil: none).
func (m *Machine) SetWatch(fn func(addr, n uint64, acc sim.Access)) {
	m.DebugRegs()
	m.dbg.watching = fn != nil
	m.mem.SetWatch(fn)
}
