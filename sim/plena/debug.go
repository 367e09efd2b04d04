package plena

import (
	"encoding/binary"
	"fmt"

	"kernelcraft/sim"
)

// The debugging interface (sim.Debugger, for kc-sim --gdb). GDB knows no
// PLENA, so the registers go to it in a target description of their own
// (feature org.kernelcraft.plena), numbered gp0..gp15 0..15 (the g
// packet), pc 16, f0..f7 17..24, SCALE 25, STRIDE 26, V_MASK 27, and the
// 64-bit a0..a7 from sim.DebugWideNum. The pc is the address of the next instruction in the
// program's region (imem at 0x40000000: word index i is address
// 0x40000000 + 4i), so breakpoints go by address. The memories are the
// regions kc-sim maps them to (hbm at 0, vsram, msram, fpmem, intmem,
// imem: kc-sim --describe), read and written as bytes. The accelerator's
// accumulators and hardware-loop stack are not registers GDB sees
// ("info registers" shows the architectural ones; kc-sim --regs the
// loops).

var _ sim.Debugger = (*Machine)(nil)

// Debug register indexes (= protocol numbers).
const (
	dbgGP    = 0
	dbgPC    = 16
	dbgF     = 17
	dbgScale = 25
	dbgA     = 28
	dbgCount = 36
)

// DebugRegs describes the registers.
func (m *Machine) DebugRegs() *sim.RegisterSet {
	if m.dbgRegs != nil {
		return m.dbgRegs
	}
	const feat = "org.kernelcraft.plena"
	rs := &sim.RegisterSet{PC: dbgPC, General: 16}
	add := func(name string, bits int, typ, group string) {
		num := len(rs.Regs)
		if bits > 32 {
			num = sim.DebugWideNum + len(rs.Regs) - dbgA
		}
		rs.Regs = append(rs.Regs, sim.DebugReg{Name: name, Bits: bits, Type: typ, Group: group, Feature: feat, Num: num})
	}
	for i := range 16 {
		add(fmt.Sprintf("gp%d", i), 32, "int", "general")
	}
	add("pc", 32, "code_ptr", "general")
	ft := "ieee_half"
	if m.cfg.Scalar.BF16 {
		ft = "bfloat16"
	}
	for i := range 8 {
		add(fmt.Sprintf("f%d", i), 16, ft, "float")
	}
	add("SCALE", 32, "int", "system")
	add("STRIDE", 32, "int", "system")
	add("V_MASK", 32, "int", "system")
	for i := range 8 {
		add(fmt.Sprintf("a%d", i), 64, "uint64", "general")
	}
	m.dbgRegs = rs
	return rs
}

// ReadReg returns register i of DebugRegs as little-endian bytes.
func (m *Machine) ReadReg(i int) ([]byte, error) {
	switch {
	case i >= dbgGP && i < dbgPC:
		return binary.LittleEndian.AppendUint32(nil, m.gp[i-dbgGP]), nil
	case i == dbgPC:
		return binary.LittleEndian.AppendUint32(nil, uint32(m.pcAddr(m.pc))), nil
	case i >= dbgF && i < dbgScale:
		return binary.LittleEndian.AppendUint16(nil, m.f[i-dbgF]), nil
	case i >= dbgScale && i < dbgA:
		return binary.LittleEndian.AppendUint32(nil, *m.special(i)), nil
	case i >= dbgA && i < dbgCount:
		return binary.LittleEndian.AppendUint64(nil, m.a[i-dbgA]), nil
	}
	return nil, fmt.Errorf("plena: no register %d", i)
}

func (m *Machine) special(i int) *uint32 {
	return [...]*uint32{&m.scale, &m.stride, &m.vmask}[i-dbgScale]
}

// WriteReg sets register i of DebugRegs from little-endian bytes. The pc
// takes the address of an instruction of the program (or its end).
func (m *Machine) WriteReg(i int, val []byte) error {
	rs := m.DebugRegs()
	if i < 0 || i >= len(rs.Regs) {
		return fmt.Errorf("plena: no register %d", i)
	}
	if len(val) != rs.Regs[i].Bits/8 {
		return fmt.Errorf("plena: register %s takes %d bytes, not %d", rs.Regs[i].Name, rs.Regs[i].Bits/8, len(val))
	}
	switch {
	case i < dbgPC:
		m.gp[i-dbgGP] = binary.LittleEndian.Uint32(val)
	case i == dbgPC:
		a := uint64(binary.LittleEndian.Uint32(val))
		if a < m.progBase || (a-m.progBase)%4 != 0 || (a-m.progBase)/4 > uint64(len(m.prog)) {
			return fmt.Errorf("plena: pc %#x is no instruction of the program (%#x..%#x, a multiple of 4 from its start)", a, m.progBase, m.pcAddr(len(m.prog)))
		}
		m.pc = int((a - m.progBase) / 4)
	case i < dbgScale:
		m.f[i-dbgF] = binary.LittleEndian.Uint16(val)
	case i < dbgA:
		*m.special(i) = binary.LittleEndian.Uint32(val)
	default:
		m.a[i-dbgA] = binary.LittleEndian.Uint64(val)
	}
	return nil
}

// ReadMem returns up to n bytes from addr, up to the first byte outside
// memory.
func (m *Machine) ReadMem(addr uint64, n int) ([]byte, error) {
	b, err := m.mem.DebugRead(addr, n)
	if err != nil {
		return nil, fmt.Errorf("plena: %v", err)
	}
	return b, nil
}

// WriteMem writes data at addr, ignoring permissions; program words it
// changes are decoded again.
func (m *Machine) WriteMem(addr uint64, data []byte) error {
	err := m.mem.DebugWrite(addr, data, func(r *sim.Region, a uint64, n int) {
		if r != m.ms.code || !m.loaded {
			return
		}
		end := m.pcAddr(len(m.prog))
		for w := max(a, m.progBase) &^ 3; w < a+uint64(n) && w < end; w += 4 {
			if w >= m.progBase {
				m.prog[(w-m.progBase)/4] = m.dec.decode(binary.LittleEndian.Uint32(r.Data[w-r.Base:]))
			}
		}
	})
	if err != nil {
		return fmt.Errorf("plena: %v", err)
	}
	return nil
}

// DebugPC is the address of the next instruction.
func (m *Machine) DebugPC() uint64 { return m.pcAddr(m.pc) }

// DebugStep executes one instruction with Step, the reference stepper.
func (m *Machine) DebugStep() bool { return m.Step() }

// SetWatch does nothing: plena's instructions reach their memories
// directly, not through sim.Memory's checked path (WatchesAccesses).
func (m *Machine) SetWatch(func(addr, n uint64, acc sim.Access)) {}

// WatchesAccesses is false: GDB's watchpoints on plena are its software
// ones (it steps and compares).
func (m *Machine) WatchesAccesses() bool { return false }
