package aie2

import (
	"encoding/binary"
	"fmt"
	"math"

	"kernelcraft/sim"
)

// The debugging interface (sim.Debugger, for kc-sim --gdb). GDB knows no
// AIE-ML, so the registers go to it in a target description of their own
// (feature org.kernelcraft.aie2): r0..r31 0..31 (r0..r15 the g packet),
// pc 32, then the other scalar registers in the order of the units
// (p0..p7, m0..m7, dn0..dn7, dj0..dj7, dc0..dc7, s0..s3, lr, sp, lc, le,
// ls, dp, core_id, the 12 control and 10 status registers) from 33, then
// x0..x11 (512 bits) and cm0..cm8 (1024 bits) as vectors from
// sim.DebugWideNum. The pc
// is a bundle's address in program memory, so breakpoints go by bundle
// address; memory is the program memory at 0 and the data memory at
// 0x70000, as the core sees them.
//
// The pipeline is exposed: a register is shown as the next bundle's
// instructions read it in their first operand cycle, so writes still in
// flight (a load's value 7 cycles after it issued) are not shown until
// they land; once the program has halted, every write has landed. A
// register written from the debugger holds the value from the next
// bundle on, until a write in flight to it lands. A data watchpoint
// stops the run after the bundle in whose cycle the access happens,
// which for a load or store is a few bundles after the one that issued
// it.

var _ sim.Debugger = (*Machine)(nil)

// Debug register indexes (= protocol numbers).
const (
	dbgPC     = 32
	dbgScalar = 33                       // units uP.. from here
	dbgX      = dbgScalar + nScalar - uP // x0..x11
	dbgCM     = dbgX + 12                // cm0..cm8
	dbgCount  = dbgCM + 9
)

// DebugRegs describes the registers.
func (m *Machine) DebugRegs() *sim.RegisterSet {
	if m.dbgRegs != nil {
		return m.dbgRegs
	}
	const feat = "org.kernelcraft.aie2"
	rs := &sim.RegisterSet{PC: dbgPC, General: 16}
	add := func(name string, bits int, typ, group string) {
		num := len(rs.Regs)
		if bits > 32 {
			num = sim.DebugWideNum + len(rs.Regs) - dbgX
		}
		rs.Regs = append(rs.Regs, sim.DebugReg{Name: name, Bits: bits, Type: typ, Group: group, Feature: feat, Num: num})
	}
	for u := range uP {
		add(unitName(u), 32, "int", "general")
	}
	add("pc", 32, "code_ptr", "general")
	for u := uP; u < nScalar; u++ {
		typ, group := "int", "general"
		switch {
		case u < uM || u == uSP:
			typ = "data_ptr"
		case u == uLR:
			typ = "code_ptr"
		case u >= uCR:
			group = "system"
		}
		add(unitName(u), 32, typ, group)
	}
	for i := range 12 {
		add(fmt.Sprintf("x%d", i), 512, "vector", "vector")
	}
	for i := range 9 {
		add(fmt.Sprintf("cm%d", i), 1024, "vector", "vector")
	}
	m.dbgRegs = rs
	return rs
}

// dbgReg maps a debug register index to units (pc: n == 0).
func dbgReg(i int) (r reg, ok bool) {
	switch {
	case i >= 0 && i < dbgPC:
		return reg{int16(i), 1}, true
	case i == dbgPC:
		return reg{}, true
	case i > dbgPC && i < dbgX:
		return reg{int16(uP + i - dbgScalar), 1}, true
	case i >= dbgX && i < dbgCM:
		return reg{int16(uW + 2*(i-dbgX)), 2}, true
	case i >= dbgCM && i < dbgCount:
		return reg{int16(uAM + 4*(i-dbgCM)), 4}, true
	}
	return reg{}, false
}

// dbgSample is the cycle whose reads the debugger shows.
func (m *Machine) dbgSample() int64 {
	if m.halted {
		return math.MaxInt64 // every write has landed
	}
	return m.now + 1
}

// ReadReg returns register i of DebugRegs as little-endian bytes.
func (m *Machine) ReadReg(i int) ([]byte, error) {
	r, ok := dbgReg(i)
	if !ok {
		return nil, fmt.Errorf("aie2: no register %d", i)
	}
	if r.n == 0 {
		return binary.LittleEndian.AppendUint32(nil, m.pc), nil
	}
	s := m.dbgSample()
	out := make([]byte, 0, r.bytes())
	for u := int(r.base); u < int(r.base)+int(r.n); u++ {
		w := m.units[u].read(s, 0)
		if r.vector() {
			out = append(out, w.val[:]...)
		} else {
			out = append(out, w.val[:4]...)
		}
	}
	return out, nil
}

// WriteReg sets register i of DebugRegs from little-endian bytes, from
// the next bundle on (p registers keep their 20 bits).
func (m *Machine) WriteReg(i int, val []byte) error {
	r, ok := dbgReg(i)
	rs := m.DebugRegs()
	if !ok {
		return fmt.Errorf("aie2: no register %d", i)
	}
	if len(val) != rs.Regs[i].Bits/8 {
		return fmt.Errorf("aie2: register %s takes %d bytes, not %d", rs.Regs[i].Name, rs.Regs[i].Bits/8, len(val))
	}
	if r.n == 0 {
		m.pc = binary.LittleEndian.Uint32(val) & addrMask
		return nil
	}
	for k := 0; k < int(r.n); k++ {
		u := int(r.base) + k
		// Visible to reads sampled after this cycle, after every write
		// of this cycle (the largest issue order).
		w := write{vis: m.now, seq: math.MaxUint64, pc: m.pc}
		if r.vector() {
			copy(w.val[:], val[pieceB*k:])
		} else {
			v := binary.LittleEndian.Uint32(val)
			if u >= uP && u < uM {
				v &= addrMask
			}
			binary.LittleEndian.PutUint32(w.val[:4], v)
		}
		m.units[u].add(w, m.now)
	}
	return nil
}

// ReadMem returns up to n bytes from addr, up to the first byte outside
// memory.
func (m *Machine) ReadMem(addr uint64, n int) ([]byte, error) {
	b, err := m.mem.DebugRead(addr, n)
	if err != nil {
		return nil, fmt.Errorf("aie2: %v", err)
	}
	return b, nil
}

// WriteMem writes data at addr, ignoring permissions; bundles in program
// memory are decoded again.
func (m *Machine) WriteMem(addr uint64, data []byte) error {
	err := m.mem.DebugWrite(addr, data, func(r *sim.Region, _ uint64, _ int) {
		if r == m.pmem {
			// A private program: the bytes no longer match what
			// other machines share.
			m.prog = newProgram(m.isa, nil, m.codeLo, m.codeHi)
			clear(m.texts)
		}
	})
	if err != nil {
		return fmt.Errorf("aie2: %v", err)
	}
	return nil
}

// DebugPC is the address of the next bundle.
func (m *Machine) DebugPC() uint64 { return uint64(m.pc) }

// DebugStep issues one bundle with Step, the reference stepper.
func (m *Machine) DebugStep() bool { return m.Step() }

// SetWatch reports the program's data-memory accesses, in the cycle they
// happen, to fn (nil: none).
func (m *Machine) SetWatch(fn func(addr, n uint64, acc sim.Access)) { m.mem.SetWatch(fn) }
