package aie2

import (
	"encoding/binary"
	"fmt"
	"math/bits"

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

// bankStall is how many cycles b must wait so that none of its memory
// accesses meets another one on a bank in the cycle it reaches memory; it
// reserves the banks for the cycles chosen.
func (m *Machine) bankStall(b *bundle) int {
	var acc [4]struct {
		e    int64
		mask uint8
	}
	n := 0
	for _, o := range b.ops {
		if !o.load && !o.store || n == len(acc) {
			continue
		}
		f := &m.probe // a flight literal here would zero its 64-byte buffer per access
		f.o, f.t, f.pc, f.seq = o, m.now, b.pc, 0
		a := m.effAddr(f, false)
		if r := m.dmem; uint64(a) < r.Base || uint64(a) >= r.End {
			continue // it will trap
		}
		acc[n].e, acc[n].mask = int64(o.memCyc), bankMask(a, o.memBytes)
		n++
	}
	if n == 0 {
		return 0
	}
	// Accesses of the bundle itself that meet on a bank: the arbiter
	// serves one per cycle, the others wait a cycle each.
	intra := 0
	for i := 0; i < n; i++ {
		k := 0
		for j := 0; j < n; j++ {
			if j != i && acc[j].e == acc[i].e && acc[j].mask&acc[i].mask != 0 {
				k++
			}
		}
		intra = max(intra, k)
	}
	// The arbiter serves the accesses one a cycle while the whole core
	// stands still (Machine.freeze), so the accesses keep their pipeline
	// cycle.
	tl := m.opts.Timeline != nil
	if tl {
		m.tl.bankHas, m.tl.bankEarlier = false, false
		for i := 0; i < n && intra > 0 && !m.tl.bankHas; i++ {
			for j := 0; j < n; j++ {
				if c := acc[j].mask & acc[i].mask; j != i && acc[j].e == acc[i].e && c != 0 {
					m.tl.bank, m.tl.bankPC, m.tl.bankHas = bits.TrailingZeros8(c), b.pc, true
					break
				}
			}
		}
	}
	// An access that meets an earlier bundle's in the same pipeline cycle
	// waits one more cycle of the freeze.
	s := 0
	for i := 0; i < n; i++ {
		c := (m.now + acc[i].e) % ringN
		if busy := m.banks[c] & acc[i].mask; busy != 0 {
			if tl && s == 0 {
				k := bits.TrailingZeros8(busy)
				m.tl.bank, m.tl.bankPC, m.tl.bankHas, m.tl.bankEarlier = k, m.bankPC[c][k], true, true
			}
			s = 1
		}
	}
	// The bundle's accesses are all served in their pipeline cycle (the
	// core stands still meanwhile), so they hold their banks in that
	// cycle only.
	for i := 0; i < n; i++ {
		c := (m.now + acc[i].e) % ringN
		m.banks[c] |= acc[i].mask
		if tl {
			for k := 0; k < 8; k++ {
				if acc[i].mask>>k&1 != 0 {
					m.bankPC[c][k] = b.pc
				}
			}
		}
	}
	return s + intra
}

// interlockStall is how many cycles b must wait under Interlock so that
// every operand it reads has landed, its writes land after earlier ones
// to the same registers and after earlier late reads of them, and its
// memory accesses follow earlier stores to the same bytes; h describes
// the longest wait.
func (m *Machine) interlockStall(b *bundle) (int, sim.Hazard) {
	stall := int64(0)
	var h sim.Hazard
	need := func(s int64, on string, from uint32, lat int) {
		if s > stall {
			stall = s
			h = sim.Hazard{Cause: stallInterlock, On: on, Rel: "waits for the write of", From: uint64(from), HasFrom: true, Latency: lat}
		}
	}
	for _, o := range b.ops {
		for _, a := range o.accesses() {
			for u := int(a.r.base); u < int(a.r.base)+int(a.r.n); u++ {
				hist := m.units[u].hist
				if a.write {
					vis := m.now + int64(a.cyc)
					for i := len(hist) - 1; i > 0; i-- {
						if w := &hist[i]; w.vis >= vis {
							need(w.vis-vis+1, unitName(u), w.pc, 0)
						}
					}
					if lr, ok := m.lateRd[int16(u)]; ok && vis-1 < lr {
						if n := lr - vis + 1; n > stall { // no one writer: an earlier operation still to read it
							stall = n
							h = sim.Hazard{Cause: stallInterlock, On: unitName(u), Rel: "waits for an earlier operation's late read of it"}
						}
					}
					continue
				}
				s := m.now + int64(a.cyc)
				for i := len(hist) - 1; i > 0; i-- {
					if w := &hist[i]; w.effVis(a.byp) >= s {
						need(w.effVis(a.byp)-s+1, unitName(u), w.pc, int(w.vis-int64(w.seq>>3)))
					}
				}
			}
		}
		if o.load || o.store {
			f := flight{o: o, t: m.now, pc: b.pc}
			addr := m.effAddr(&f, false)
			mine := m.now + int64(o.memCyc)
			for d := int64(0); d < ringN; d++ {
				for _, w := range m.memW[(m.now+d)%ringN] {
					if w.addr < addr+uint32(o.memBytes) && addr < w.addr+uint32(w.o.memBytes) && m.now+d >= mine {
						need(m.now+d-mine+1, fmt.Sprintf("memory %#x", addr), w.pc, 0)
					}
				}
			}
		}
	}
	// Register the late reads of b's operations for later writers.
	for _, o := range b.ops {
		for _, a := range o.accesses() {
			if !a.write && a.cyc > 1 {
				for u := int(a.r.base); u < int(a.r.base)+int(a.r.n); u++ {
					s := m.now + stall + int64(a.cyc)
					if s > m.lateRd[int16(u)] {
						m.lateRd[int16(u)] = s
					}
				}
			}
		}
	}
	return int(stall), h
}
