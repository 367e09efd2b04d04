package aie2

import (
	"encoding/binary"

	"kernelcraft/sim"
)

// The LUT gathers vldb.4x16, vldb.4x32 and vldb.4x64 (.lo and .hi): the
// four 32-bit words of the source w register's low (.lo) or high (.hi)
// 128 bits are addresses; each is aligned down to 4, 8 or 16 bytes (4x16,
// 4x32, 4x64), the second and fourth get bit 4 set (the other bank of a
// pair, as a LUT duplicated at bank width expects), and the 8 bytes at
// each form the destination's 64-bit quarters in order. The addresses are
// read in cycle 1 and memory in the itinerary's mem cycle (E5).

// lutAddrs reads the source register and keeps the four effective
// addresses in f.buf[0:16] (f.addr: the first).
func (m *Machine) lutAddrs(f *flight) {
	o := f.o
	var w [32]byte
	m.rdV(f, o.o[1].r, 1, 0, w[:])
	mask := ^uint32(o.ebits/4 - 1) // 16 -> 4 bytes, 32 -> 8, 64 -> 16
	for i := range 4 {
		a := binary.LittleEndian.Uint32(w[4*(4*o.sub+i):]) & mask
		if i&1 != 0 {
			a |= 0x10
		}
		binary.LittleEndian.PutUint32(f.buf[4*i:], a&addrMask)
	}
	f.addr = binary.LittleEndian.Uint32(f.buf[:4])
}

// lutRead reads the 8 bytes at each address (as two words: a 4x16
// address is only 4-byte aligned) and writes the destination.
func (m *Machine) lutRead(f *flight) {
	var d [32]byte
	for i := range 4 {
		a := binary.LittleEndian.Uint32(f.buf[4*i:])
		for h := uint32(0); h < 2; h++ {
			b := m.memBytes(f, (a+4*h)&addrMask, 4, sim.Read)
			if b == nil {
				return
			}
			copy(d[8*i+4*int(h):], b)
		}
	}
	m.wrV(f, f.o.o[0].r, f.o.dstCyc, f.o.dstByp, d[:])
}
