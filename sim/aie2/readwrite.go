package aie2

// Timed register reads and writes: a read samples a register in the
// operation's cycle, a write lands in its itinerary's cycle, and Warn
// reports reads that miss a write.

import (
	"encoding/binary"

	"kernelcraft/sim"
)

// rdUnit reads a scalar unit as sampled in cycle s by the operation of
// issue order seq at pc (reporting the read under Warn if it misses a
// write it means to see; under Interlock checking that stalls kept the
// value exposed timing gives).
func (m *Machine) rdUnit(u int, s int64, byp uint8, seq uint64, pc uint32) uint32 {
	switch m.opts.Hazard {
	case Warn:
		m.checkStale(u, s, byp, seq, pc, false)
	case Interlock:
		if m.ilk > 0 {
			m.checkExposed(u, s, byp, seq, pc)
		}
	}
	return u32(m.units[u].read(s, byp))
}

// readSite is a register read that missed a write: the reading and
// writing bundles and the register unit.
type readSite struct {
	pc, writerPC uint32
	u            int16
}

// earlyRead finds the write by an earlier operation that a read of unit u
// sampled in cycle s by the operation seq at pc misses (nil: none), and
// decides whether the read means that write's value (stale) or the value
// it gets, which an exposed pipeline gives on purpose.
//
// Software-pipelined code reads a register while a newer write to it is
// in flight and means the older value: the loads of the next k-step land
// after the MACs of this one have read theirs (gemm_32.s, AMD's XDNA1
// kernels, llvm-aie's modulo scheduler). Sequential code means the newer
// value. The two differ in what the read gets: pipelined code gets a
// value the program wrote; a read that gets the register's value from
// before the program wrote it (reset, or the caller's) means the write in
// flight. Such a read site (reading bundle, writing bundle, register) is
// remembered, so that in a loop the later iterations of a read that means
// the newer value are stale too, though they get the previous iteration's
// value. Only writes of earlier bundles count: the slots of a bundle read
// the state before it, so an operation never misses its own writes (a
// post-incremented pointer read by the operation that increments it) or
// those of its bundle.
//
// A vector operand is read in 256-bit pieces (wl, wh…): when one piece of
// it gets a value the program wrote, a piece that gets its value from
// before the program wrote it is taken as a half the operation does not
// use (vshuffle and vshift read a whole x register and use part of it),
// not as a stale read; mixed says so. A read site found stale stays so.
func (m *Machine) earlyRead(u int, s int64, byp uint8, seq uint64, pc uint32, mixed bool) (*write, bool) {
	st := &m.units[u]
	h := st.hist
	var w *write
	for i := len(h) - 1; i > 0; i-- {
		if c := &h[i]; c.seq>>3 < seq>>3 && c.effVis(byp) >= s {
			w = c
			break
		}
	}
	if w == nil {
		return nil, false
	}
	site := readSite{pc: pc, writerPC: w.pc, u: int16(u)}
	if _, ok := m.wantsNew[site]; ok {
		return w, true
	}
	if !mixed && st.read(s, byp).seq == 0 {
		m.wantsNew[site] = struct{}{}
		return w, true
	}
	return w, false
}

// mixedOperand reports whether a read of the vector operand r sampled in
// cycle s gets, in one of its pieces, a value the program wrote.
func (m *Machine) mixedOperand(r reg, s int64, byp uint8) bool {
	if !r.vector() || r.n < 2 {
		return false
	}
	for i := 0; i < int(r.n); i++ {
		if m.units[int(r.base)+i].read(s, byp).seq != 0 {
			return true
		}
	}
	return false
}

// checkStale reports a read that misses a write it means to see.
func (m *Machine) checkStale(u int, s int64, byp uint8, seq uint64, pc uint32, mixed bool) {
	if w, stale := m.earlyRead(u, s, byp, seq, pc, mixed); stale {
		m.warn(Warning{PC: pc, WriterPC: w.pc, On: unitName(u), Read: s, Lands: w.effVis(byp)}, seq)
	}
}

// checkExposed stops the run (Interlock) when stall cycles made a read
// get a newer value than exposed timing gives it and the program means
// the older one: the stalls moved the read away from a write issued
// before them, so the write landed first. Interlock cannot keep both
// the stalled read's order and this one's timing; it says so rather than
// compute something else.
func (m *Machine) checkExposed(u int, s int64, byp uint8, seq uint64, pc uint32) {
	stlR := m.stlAt[(seq>>3)%ringN]
	st := &m.units[u]
	v := st.read(s, byp)
	if v.seq == 0 || v.stl == stlR {
		return
	}
	// The write the read gets with the distances of an exposed pipeline
	// (no interlock stall cycles between the two bundles).
	h := st.hist
	e := &h[0]
	for i := 1; i < len(h); i++ {
		c := &h[i]
		if c.effVis(byp)+stlR-c.stl < s && (c.vis+stlR-c.stl > e.vis+stlR-e.stl || c.vis+stlR-c.stl == e.vis+stlR-e.stl && c.seq > e.seq) {
			e = c
		}
	}
	if e == v || e.seq == 0 {
		return // the same value; or the register's first write, which a read before it means
	}
	if _, ok := m.wantsNew[readSite{pc: pc, writerPC: v.pc, u: int16(u)}]; ok {
		return
	}
	m.trap(sim.TrapConfig, pc, uint64(pc), "hazard policy interlock cannot keep this program's exposed timing: pc %#x reads %s in cycle %d and means the value written by pc %#x, before the write of pc %#x lands; %d interlock stall cycles since pc %#x issued made that write land first (run it with the exposed policy, or schedule the reads that wait so that no later read relies on a write still in flight)",
		pc, unitName(u), s, e.pc, v.pc, stlR-v.stl, v.pc)
}

// warn reports an early read by the operation of issue order seq.
func (m *Machine) warn(w Warning, seq uint64) {
	if m.opts.Timeline != nil {
		m.tlStale(w, seq>>3)
	}
	m.nWarn++
	m.stats.Counters[cntStale]++
	if len(m.warnings) < m.opts.MaxWarnings {
		m.warnings = append(m.warnings, w)
	}
	if m.prof != nil {
		m.prof.AddHazard(sim.Hazard{PC: uint64(w.PC), Cause: stallInterlock, On: w.On,
			Rel: "read (old value) before the write of", From: uint64(w.WriterPC), HasFrom: true, Latency: int(w.Lands - w.Read + 1)})
	}
}

// wrUnit records a scalar write visible from cycle vis.
func (m *Machine) wrUnit(u int, vis int64, byp uint8, seq uint64, pc uint32, v uint32) {
	if u == uP || u > uP && u < uM {
		v &= 0xFFFFF // 20-bit pointers
	}
	w := m.units[u].put(vis, seq, byp, pc, m.now)
	w.stl = m.stlAt[(seq>>3)%ringN]
	w.val = [pieceB]byte{}
	binary.LittleEndian.PutUint32(w.val[:4], v)
}

// rd reads a scalar operand register in its cycle cyc of f.
func (m *Machine) rd(f *flight, r reg, cyc int, byp uint8) uint32 {
	return m.rdUnit(int(r.base), f.t+int64(cyc), byp, f.seq, f.pc)
}

// rd64 reads a register pair (r17:r16) as 64 bits, low register first.
func (m *Machine) rd64(f *flight, r reg, cyc int) uint64 {
	lo := m.rdUnit(int(r.base), f.t+int64(cyc), 0, f.seq, f.pc)
	hi := m.rdUnit(int(r.base)+1, f.t+int64(cyc), 0, f.seq, f.pc)
	return uint64(hi)<<32 | uint64(lo)
}

// wr writes a scalar register in cycle cyc of f.
func (m *Machine) wr(f *flight, r reg, cyc int, byp uint8, v uint32) {
	m.wrUnit(int(r.base), f.t+int64(cyc), byp, f.seq, f.pc, v)
}

// rdV reads a register operand of any width into dst (little-endian
// bytes, low unit first) as sampled in cycle cyc of f.
func (m *Machine) rdV(f *flight, r reg, cyc int, byp uint8, dst []byte) {
	s := f.t + int64(cyc)
	if !r.vector() {
		for i := 0; i < int(r.n); i++ {
			binary.LittleEndian.PutUint32(dst[4*i:], m.rdUnit(int(r.base)+i, s, byp, f.seq, f.pc))
		}
		return
	}
	mixed := m.opts.Hazard == Warn && m.mixedOperand(r, s, byp)
	for i := 0; i < int(r.n); i++ {
		u := int(r.base) + i
		switch m.opts.Hazard {
		case Warn:
			m.checkStale(u, s, byp, f.seq, f.pc, mixed)
		case Interlock:
			if m.ilk > 0 {
				m.checkExposed(u, s, byp, f.seq, f.pc)
			}
		}
		copy(dst[pieceB*i:], m.units[u].read(s, byp).val[:])
	}
}

// wrV writes a vector register from src (its full width) in cycle cyc of f.
func (m *Machine) wrV(f *flight, r reg, cyc int, byp uint8, src []byte) {
	vis := f.t + int64(cyc)
	if !r.vector() {
		for i := 0; i < int(r.n); i++ {
			m.wrUnit(int(r.base)+i, vis, byp, f.seq, f.pc, binary.LittleEndian.Uint32(src[4*i:]))
		}
		return
	}
	for i := 0; i < int(r.n); i++ {
		w := m.units[int(r.base)+i].put(vis, f.seq, byp, f.pc, m.now)
		w.stl = m.stlAt[(f.seq>>3)%ringN]
		w.val = [pieceB]byte(src[pieceB*i : pieceB*(i+1)])
	}
}
