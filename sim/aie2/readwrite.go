package aie2

// Timed register reads and writes: a read samples a register in the
// operation's cycle, a write lands in its itinerary's cycle, and Warn
// reports reads that miss a write.

import (
	"encoding/binary"

	"kernelcraft/sim"
)

// rdUnit reads a scalar unit as sampled in cycle s by the operation of
// issue order seq at pc (reporting the read under Warn if an earlier
// operation's write has not landed).
func (m *Machine) rdUnit(u int, s int64, byp uint8, seq uint64, pc uint32) uint32 {
	if m.opts.Hazard == Warn {
		m.checkStale(u, s, byp, seq, pc)
	}
	return u32(m.units[u].read(s, byp))
}

// checkStale reports a read that misses an earlier operation's write.
func (m *Machine) checkStale(u int, s int64, byp uint8, seq uint64, pc uint32) {
	h := m.units[u].hist
	for i := len(h) - 1; i > 0; i-- {
		w := &h[i]
		if w.seq < seq && w.effVis(byp) >= s {
			m.warn(Warning{PC: pc, WriterPC: w.pc, On: unitName(u), Read: s, Lands: w.effVis(byp)}, seq)
			return
		}
	}
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
	for i := 0; i < int(r.n); i++ {
		u := int(r.base) + i
		if m.opts.Hazard == Warn {
			m.checkStale(u, s, byp, f.seq, f.pc)
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
		w.val = [pieceB]byte(src[pieceB*i : pieceB*(i+1)])
	}
}
