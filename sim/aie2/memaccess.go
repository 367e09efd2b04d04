package aie2

// Memory accesses: effective addresses, post-modify write-back,
// alignment and range checks, and the banks an access touches.

import (
	"kernelcraft/sim"
)

// addrMask keeps addresses to AIE2's 20 bits.
const addrMask = 0xFFFFF

// effAddr computes f's memory address from registers sampled in cycle 1;
// with commit it also writes back the post-modified pointer and 2-D/3-D
// counters (visible in the itinerary's ptr cycle) and reports early reads.
// Without commit it only peeks (for the bank-conflict check at issue).
func (m *Machine) effAddr(f *flight, commit bool) uint32 {
	o := f.o
	s := f.t + 1
	get := func(u int) uint32 {
		if commit {
			return m.rdUnit(u, s, 0, f.seq, f.pc)
		}
		return u32(m.units[u].read(s, 0))
	}
	put := func(u int, v uint32) {
		if commit {
			m.wrUnit(u, f.t+int64(max(o.ptrCyc, 1)), 0, f.seq, f.pc, v)
		}
	}
	var p uint32
	pu := -1
	if o.pi >= 0 {
		pu = int(o.o[o.pi].r.base)
		p = get(pu)
	}
	switch o.am {
	case amIdxImm:
		return (p + uint32(o.o[o.oi].imm)) & addrMask
	case amIdxReg:
		return (p + get(int(o.o[o.oi].r.base))) & addrMask
	case amSP:
		return (get(uSP) + uint32(o.o[o.oi].imm)) & addrMask
	case amPlain:
		return p & addrMask
	case amPostImm:
		put(pu, p+uint32(o.o[o.oi].imm))
	case amPostReg:
		put(pu, p+get(int(o.o[o.oi].r.base)))
	case am2D:
		n := int(o.o[o.oi].imm)
		dn, dc := get(uDN+n), get(uDC+n)
		if dc == dn {
			put(pu, p+get(uM+n))
			put(uDC+n, 0)
		} else {
			put(pu, p+get(uDJ+n))
			put(uDC+n, dc+1)
		}
	case am3D:
		n := int(o.o[o.oi].imm)
		dn, dc := get(uDN+n), get(uDC+n)
		dn2, dc2 := get(uDN+n+4), get(uDC+n+4)
		switch {
		case dc != dn:
			put(pu, p+get(uDJ+n))
			put(uDC+n, dc+1)
		case dc2 != dn2:
			put(pu, p+get(uDJ+n+4))
			put(uDC+n, 0)
			put(uDC+n+4, dc2+1)
		default:
			put(pu, p+get(uM+n))
			put(uDC+n, 0)
			put(uDC+n+4, 0)
		}
	}
	return p & addrMask
}

// memCheck validates an access of n bytes at addr (alignment and range)
// and returns the bytes, or traps.
func (m *Machine) memBytes(f *flight, addr uint32, n int, acc sim.Access) []byte {
	if addr%uint32(min(n, 32)) != 0 {
		m.trap(sim.TrapMisaligned, f.pc, uint64(addr), "%s: a %d-byte access at %#x is not %d-byte aligned", f.o.inst.Name, n, addr, min(n, 32))
		return nil
	}
	b, t := m.mem.Bytes(uint64(addr), uint64(n), acc)
	if t != nil {
		m.trap(t.Kind, f.pc, uint64(addr), "%s: %s (data memory %s is at %#x..%#x)", f.o.inst.Name, t.Msg, m.dmem.Name, m.dmem.Base, m.dmem.End-1)
		return nil
	}
	return b
}

// bankMask is the physical banks an access touches: 8 banks of 128 bits,
// pairs interleaved every 16 bytes into 4 logical 16 KiB banks.
func bankMask(addr uint32, n int) uint8 {
	logical := (addr >> 14) & 3
	if n > 16 {
		return 3 << (2 * logical)
	}
	return 1 << (2*logical + (addr>>4)&1)
}

// Partial-word stores (st.s8, st.s16) are read-modify-write: "8-bit and
// 16-bit stores are implemented as read-modify-write instructions"
// (AM020, ch. 4); llvm-aie's itinerary reads the word in E5 and writes it
// in E11 ("ISA says load is in E5, store is in E11, so we need to be 7
// cycles apart", Xilinx/llvm-aie@fd1f61df:llvm/lib/Target/AIE/AIE2Schedule.td:131-139,
// MemoryCycles<[5, 11]> of II_STHB), and the compiler keeps every memory
// access out of the 7 cycles after one issues (its IsPartWordStore and
// AvoidPartWordStore resources). What silicon does with a store to the
// word inside that window (a read-modify-write would write the old bytes
// back over it) is not documented, so kc-sim does not guess: the store
// writes its own bytes in E11 as before, a load of them sees them from 7
// cycles after the store on, and a store to the word landing between the
// partial-word store's E5 and its write is the window's hazard: warn
// reports it (Warning.Undoes), interlock makes the store wait.

// rmwCyc is the cycle a partial-word store reads its word (its first
// memory cycle), and whether o is one.
func (o *op) rmwCyc() (int, bool) {
	if !o.store || o.it == nil || len(o.it.Mem) < 2 || o.memBytes >= 4 {
		return 0, false
	}
	return o.it.Mem[0], true
}

// rmwSpan is the bytes an access of o at addr reads or writes in memory:
// a partial-word store's whole word, otherwise its own bytes.
func rmwSpan(o *op, addr uint32) (lo, hi uint32) {
	if _, ok := o.rmwCyc(); ok {
		return addr &^ 3, addr&^3 + 4
	}
	return addr, addr + uint32(o.memBytes)
}

// inWindow marks the partial-word stores in flight whose word the store f
// writes after their E5 (the window's hazard; f itself is not one of
// them).
func (m *Machine) inWindow(f *flight) {
	lo, hi := rmwSpan(f.o, f.addr)
	for _, g := range m.rmw {
		c, _ := g.o.rmwCyc()
		if g != f && g.t+int64(c) <= m.now && g.addr&^3 < hi && lo < g.addr&^3+4 && !g.undone {
			g.undone, g.undonePC, g.undoneAt = true, f.pc, m.now
		}
	}
}

// closeWindow ends a partial-word store's window at its write, reporting
// (under Warn) a store that landed in it.
func (m *Machine) closeWindow(f *flight) {
	for i, g := range m.rmw {
		if g == f {
			m.rmw = append(m.rmw[:i], m.rmw[i+1:]...)
			break
		}
	}
	if f.undone && m.opts.Hazard == Warn && !m.halted {
		c, _ := f.o.rmwCyc()
		m.warn(Warning{PC: f.pc, WriterPC: f.undonePC, On: "memory " + hex(f.addr&^3), Read: f.t + int64(c), Lands: f.undoneAt, Undoes: true}, f.seq)
	}
}
