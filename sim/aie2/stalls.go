package aie2

// Stalls: bank conflicts and, under Interlock, operands not yet landed.

import (
	"fmt"
	"math/bits"

	"kernelcraft/sim"
)

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
// every operand it reads that means a write in flight (earlyRead) has
// that write's value, its writes land after earlier late reads of them
// (not after earlier writes: see the write case below), and its
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
	for k, o := range b.ops {
		seq := (m.bseq+1)*8 + uint64(k) // the issue order o will have
		for _, a := range o.accesses() {
			mixed := !a.write && m.mixedOperand(a.r, m.now+int64(a.cyc), a.byp)
			for u := int(a.r.base); u < int(a.r.base)+int(a.r.n); u++ {
				if a.write {
					// A write may land before an earlier operation's
					// longer-latency write to the register, which then
					// overwrites it, as on the exposed pipeline: software-
					// pipelined code overwrites a short-lived result with a
					// load issued before it (a vshuffle into x6 while the
					// loads of wl6 and wh6 are in flight). Sequential code
					// has no reason to load a register and overwrite it
					// unread, so interlock does not reorder the writes.
					vis := m.now + int64(a.cyc)
					if lr, ok := m.lateRd[int16(u)]; ok && vis-1 < lr {
						if n := lr - vis + 1; n > stall { // no one writer: an earlier operation still to read it
							stall = n
							h = sim.Hazard{Cause: stallInterlock, On: unitName(u), Rel: "waits for an earlier operation's late read of it"}
						}
					}
					continue
				}
				// Only the reads that mean a write in flight wait
				// (earlyRead): a software-pipelined read of the older
				// value keeps its exposed timing.
				s := m.now + int64(a.cyc)
				if w, stale := m.earlyRead(u, s, a.byp, seq, b.pc, mixed); stale {
					need(w.effVis(a.byp)-s+1, unitName(u), w.pc, int(w.vis-int64(w.seq>>3)))
				}
			}
		}
		if o.load || o.store {
			f := flight{o: o, t: m.now, pc: b.pc}
			addr := m.effAddr(&f, false)
			// A partial-word store reaches memory first when it reads its
			// word (memaccess.go): from then on it must see every earlier
			// store to the word, and no earlier partial-word store may
			// write the word back over it.
			lo, hi := rmwSpan(o, addr)
			mine := m.now + int64(o.memCyc)
			if c, ok := o.rmwCyc(); ok {
				mine = m.now + int64(c)
			}
			for d := int64(0); d < ringN; d++ {
				for _, w := range m.memW[(m.now+d)%ringN] {
					if wlo, whi := m.storeSpan(o, w); wlo < hi && lo < whi && m.now+d >= mine {
						need(m.now+d-mine+1, fmt.Sprintf("memory %#x", addr), w.pc, 0)
					}
				}
			}
			// Partial-word stores whose write is not scheduled yet (they
			// read their data in cycle 7).
			for _, w := range m.rmw {
				wlo, whi := m.storeSpan(o, w)
				if at := w.t + int64(w.o.memCyc); wlo < hi && lo < whi && at >= mine {
					need(at-mine+1, fmt.Sprintf("memory %#x", addr), w.pc, 0)
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

// storeSpan is the bytes of a pending store w that an access by o must
// follow: a partial-word store's whole word for a store (its write-back
// would undo o's bytes), its own bytes for a load (the rest of the word
// keeps its value).
func (m *Machine) storeSpan(o *op, w *flight) (lo, hi uint32) {
	if o.load {
		return w.addr, w.addr + uint32(w.o.memBytes)
	}
	return rmwSpan(w.o, w.addr)
}
