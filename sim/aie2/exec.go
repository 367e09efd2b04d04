package aie2

import (
	"encoding/binary"
	"math/bits"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// execute runs f's phase due in this cycle. Phase 0 is the issue cycle's
// (the reads sampled in cycle 1, address generation, branches); later
// phases are scheduled by it: memory reads and writes in the cycles the
// itinerary's mem= gives, and an execute phase at the operation's last
// register read.
func (m *Machine) execute(f *flight) {
	if m.halted {
		m.release(f)
		return
	}
	o := f.o
	ph := f.phase
	f.phase++
	late := f.t + int64(o.execAt) - 1 // end of the cycle before the last read
	switch o.kind {
	case kNop, kDone:
	case kLock:
		m.lock(f)
	case kDivStep:
		q, r := divStep(m.rd(f, o.o[1].r, 1, 0), m.rd(f, reg{uR + 31, 1}, 1, 0), m.rd(f, o.o[2].r, 1, 0))
		m.wr(f, reg{uR + 31, 1}, o.dstCyc, 0, r)
		m.wr(f, o.o[0].r, o.dstCyc, o.dstByp, q)
	case kALU:
		m.alu(f)
	case kMovImm:
		m.wr(f, o.o[0].r, o.dstCyc, o.dstByp, uint32(o.o[1].imm))
	case kMov:
		m.wr(f, o.o[0].r, o.dstCyc, o.dstByp, m.rd(f, o.o[1].r, 1, 0))
	case kAddNC:
		m.wr(f, o.o[0].r, o.dstCyc, o.dstByp, m.rd(f, o.o[1].r, 1, 0)+uint32(o.o[2].imm))
	case kCntr:
		m.wr(f, reg{o.o[0].r.base, 1}, o.dstCyc, 0, uint32(f.t))
		m.wr(f, reg{o.o[0].r.base + 1, 1}, o.dstCyc, 0, uint32(f.t>>32))
	case kPadd:
		if o.am == amSP {
			m.wrUnit(uSP, f.t+int64(max(o.ptrCyc, 1)), 0, f.seq, f.pc, m.rdUnit(uSP, f.t+1, 0, f.seq, f.pc)+uint32(o.o[0].imm))
		} else {
			m.effAddr(f, true)
		}
	case kJump, kRet:
		var target uint32
		switch {
		case o.kind == kRet:
			target = m.rdUnit(uLR, f.t+1, 0, f.seq, f.pc)
		case o.o[0].isReg:
			target = m.rd(f, o.o[0].r, 1, 0)
		default:
			target = uint32(o.o[0].imm)
		}
		m.setBranch(f, target)
	case kJL:
		target := uint32(o.o[0].imm)
		if o.o[0].isReg {
			target = m.rd(f, o.o[0].r, 1, 0)
		}
		m.setBranch(f, target)
		m.wrUnit(uLR, f.t+int64(o.lrCyc), 0, f.seq, f.pc, m.afterDelaySlots(f.pc))
	case kJZ:
		v := m.rd(f, o.o[0].r, 1, 0)
		if (v == 0) == (o.sub == 0) {
			m.setBranch(f, uint32(o.o[1].imm))
		}
	case kJNZD:
		v := m.rd(f, o.o[1].r, 1, 0)
		target := m.rd(f, o.o[2].r, 1, 0)
		m.wr(f, o.o[0].r, o.dstCyc, 0, v-1)
		if v != 0 {
			m.setBranch(f, target)
		}
	case kLoad, kVLoad, kVLoadCnv, kVLoadUps, kVLoadLUT, kVLoadUnpk:
		switch {
		case ph == 0 && o.kind == kVLoadLUT:
			m.lutAddrs(f)
			m.schedule(&m.memR, f.t+int64(o.memCyc), f)
			return
		case ph == 0:
			f.addr = m.effAddr(f, true)
			m.schedule(&m.memR, f.t+int64(o.memCyc), f)
			return
		case (o.kind == kVLoadUps || o.kind == kVLoadUnpk) && ph == 1:
			m.schedule(&m.exec, late, f)
			return
		case o.kind == kVLoadUps:
			m.upsLoad(f)
		case o.kind == kVLoadUnpk:
			var out [64]byte
			vec.Unpack(&out, (*[32]byte)(f.buf[:32]), o.ebits, m.signedness(f))
			m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, out[:])
		}
	case kStore, kVStore, kVStSrs, kVStConv, kVStPack:
		if ph == 0 {
			f.addr = m.effAddr(f, true)
			if _, ok := o.rmwCyc(); ok { // a partial-word store's window opens
				m.rmw = append(m.rmw, f)
			}
			if o.execAt > 1 { // partial-word stores read their data late
				m.schedule(&m.exec, late, f)
				return
			}
		}
		m.storeData(f)
		m.schedule(&m.memW, f.t+int64(o.memCyc), f)
		return
	case kVUnpack:
		if ph == 0 {
			m.schedule(&m.exec, late, f)
			return
		}
		var a [32]byte
		var out [64]byte
		m.rdV(f, o.o[1].r, o.execAt, 0, a[:])
		vec.Unpack(&out, &a, o.ebits, m.signedness(f))
		m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, out[:])
	case kVMovD:
		if ph == 0 {
			m.schedule(&m.exec, late, f)
			return
		}
		var c [128]byte
		m.rdV(f, o.o[1].r, o.accCyc, o.accByp, c[:])
		m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, c[:])
	case kVMac, kVMacF, kVAcc, kVAccF:
		if ph == 0 && o.execAt > 1 {
			m.schedule(&m.exec, late, f)
			return
		}
		if o.kind == kVMac || o.kind == kVMacF {
			m.mac(f)
		} else {
			m.accAdd(f)
		}
	case kVClr:
		var z [128]byte
		r := o.o[0].r
		m.wrV(f, r, o.dstCyc, o.dstByp, z[:r.bytes()])
	default:
		m.vector(f)
	}
	m.release(f)
}

// memRead is a load's access to data memory (in its E5).
func (m *Machine) memRead(f *flight) {
	o := f.o
	if m.halted {
		m.release(f)
		return
	}
	if o.kind == kVLoadLUT {
		m.lutRead(f)
		m.release(f)
		return
	}
	b := m.memBytes(f, f.addr, o.memBytes, sim.Read)
	if b == nil {
		m.release(f)
		return
	}
	if m.opts.Hazard == Warn {
		m.staleMemory(f)
	}
	switch o.kind {
	case kLoad:
		var v uint32
		switch o.memBytes {
		case 1:
			v = uint32(b[0])
			if o.signed {
				v = uint32(int32(int8(b[0])))
			}
		case 2:
			v = uint32(binary.LittleEndian.Uint16(b))
			if o.signed {
				v = uint32(int32(int16(v)))
			}
		default:
			v = binary.LittleEndian.Uint32(b)
		}
		m.wr(f, o.o[0].r, o.dstCyc, o.dstByp, v)
	case kVLoad:
		if o.memBytes == 16 { // 128-bit load: the high half of w reads 0
			var w [32]byte
			copy(w[:], b)
			m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, w[:])
			break
		}
		m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, b)
	case kVLoadCnv:
		var out [64]byte
		vec.ConvF32(&out, (*[32]byte)(b))
		m.wrV(f, o.o[0].r, o.dstCyc, o.dstByp, out[:])
	case kVLoadUps, kVLoadUnpk:
		copy(f.buf[:32], b)
		m.execute(f) // phase 1: schedule the late phase
		return
	}
	m.release(f)
}

// staleMemory reports (under Warn) a load that reads bytes an earlier
// store has not written yet.
func (m *Machine) staleMemory(f *flight) {
	n := uint32(f.o.memBytes)
	for d := int64(0); d < ringN; d++ {
		for _, w := range m.memW[(m.now+d)%ringN] {
			if w.seq < f.seq && w.addr < f.addr+n && f.addr < w.addr+uint32(w.o.memBytes) {
				m.warn(Warning{PC: f.pc, WriterPC: w.pc, On: "memory " + hex(f.addr), Read: m.now, Lands: m.now + d}, f.seq)
				return
			}
		}
	}
}

func hex(v uint32) string {
	const digits = "0123456789abcdef"
	s := []byte("0x00000")
	for i := 6; i >= 2; i-- {
		s[i] = digits[v&15]
		v >>= 4
	}
	return string(s)
}

// memWrite is a store's write to data memory.
func (m *Machine) memWrite(f *flight) {
	if !m.halted {
		if b := m.memBytes(f, f.addr, f.o.memBytes, sim.Write); b != nil {
			copy(b, f.buf[:f.o.memBytes])
			m.inWindow(f)
		}
	}
	if _, ok := f.o.rmwCyc(); ok {
		m.closeWindow(f)
	}
	m.release(f)
}

// storeData reads (and converts) a store's data into f.buf.
func (m *Machine) storeData(f *flight) {
	o := f.o
	c := o.dataCyc
	switch o.kind {
	case kStore:
		binary.LittleEndian.PutUint32(f.buf[:4], m.rd(f, o.o[0].r, c, 0))
	case kVStore:
		m.rdV(f, o.o[0].r, c, 0, f.buf[:32])
	case kVStSrs:
		var acc [128]byte
		r := o.o[0].r
		m.rdV(f, r, c, 0, acc[:r.bytes()])
		m.srs(f, acc[:r.bytes()], m.rd(f, o.o[1].r, o.shiftCyc, 0), f.buf[:32])
	case kVStConv:
		var acc [64]byte
		m.rdV(f, o.o[0].r, c, 0, acc[:])
		rnd := m.rdUnit(crRnd, f.t+int64(o.rndCyc), 0, f.seq, f.pc)
		vec.ConvBF16((*[32]byte)(f.buf[:32]), &acc, rnd)
	case kVStPack:
		var x [64]byte
		m.rdV(f, o.o[0].r, c, 0, x[:])
		m.pack(f, &x, (*[32]byte)(f.buf[:32]))
	}
}

// signedness resolves a static or dynamic (control register) sign.
func (m *Machine) signedness(f *flight) bool {
	o := f.o
	if o.dyn == 0 {
		return o.signed
	}
	return m.rdUnit(o.dyn, f.t+int64(o.dynCyc), 0, f.seq, f.pc)&1 != 0
}

// srs shifts, rounds and saturates accumulator lanes (acc: abits each)
// into narrow lanes (ebits each) in dst.
func (m *Machine) srs(f *flight, acc []byte, shift uint32, dst []byte) {
	o := f.o
	rnd := m.rdUnit(crRnd, f.t+int64(o.rndCyc), 0, f.seq, f.pc)
	sat := m.rdUnit(crSat, f.t+int64(o.satCyc), 0, f.seq, f.pc)
	vec.SRS(dst, acc, o.ebits, o.abits, shift, rnd, sat, m.signedness(f))
}

// ups widens narrow lanes (ebits) into accumulator lanes (abits).
func (m *Machine) ups(f *flight, src []byte, shift, sat uint32, signed bool, dst []byte) {
	vec.UPS(dst, src, f.o.abits, f.o.ebits, shift, sat, signed)
}

// upsLoad finishes vlda.ups: its shift and sign are read in cycle 7 and
// crSat in 8 (the itinerary's late reads).
func (m *Machine) upsLoad(f *flight) {
	o := f.o
	shift := m.rd(f, o.o[1].r, o.shiftCyc, 0)
	sat := m.rdUnit(crSat, f.t+int64(o.satCyc), 0, f.seq, f.pc)
	var out [128]byte
	r := o.o[0].r
	m.ups(f, f.buf[:32], shift, sat, m.signedness(f), out[:r.bytes()])
	m.wrV(f, r, o.dstCyc, o.dstByp, out[:r.bytes()])
}

// pack narrows 32 int16 lanes to int8, or 64 int8 lanes to int4 (elem=
// s4/d4), under crSat (vpack, vst.pack).
func (m *Machine) pack(f *flight, x *[64]byte, dst *[32]byte) {
	sat := m.rdUnit(crSat, f.t+int64(f.o.satCyc), 0, f.seq, f.pc)
	if f.o.ebits == 4 {
		vec.Pack4(dst, x, sat, m.signedness(f))
		return
	}
	vec.Pack8(dst, x, sat, m.signedness(f))
}

// alu runs a scalar ALU operation.
// divStep is one step of restoring division, as divs does it: the
// 64-bit pair rem:a shifted left one bit, then b subtracted from the
// remainder where it fits, the quotient bit (a's new bit 0) set then.
// Thirty-two steps from rem = 0 leave a/b in a and a%b in rem, as
// llvm-aie's compiler-rt divides (aie2_div.h, udivmod); b = 0 gives all
// ones and a, as the steps do.
func divStep(a, rem, b uint32) (uint32, uint32) {
	r := uint64(rem)<<1 | uint64(a>>31)
	a <<= 1
	if r >= uint64(b) {
		r -= uint64(b)
		a |= 1
	}
	return a, uint32(r)
}

func (m *Machine) alu(f *flight) {
	o := f.o
	a := m.rd(f, o.o[1].r, 1, 0)
	var b uint32
	if o.n > 2 {
		if o.o[2].isReg {
			b = m.rd(f, o.o[2].r, 1, 0)
		} else {
			b = uint32(o.o[2].imm)
		}
	}
	var v uint32
	b2i := func(c bool) uint32 {
		if c {
			return 1
		}
		return 0
	}
	switch o.sub {
	case aAdd:
		v = a + b
	case aSub:
		v = a - b
	case aAnd:
		v = a & b
	case aOr:
		v = a | b
	case aXor:
		v = a ^ b
	case aAshl, aLshl:
		// A negative amount shifts right (arithmetically for ashl).
		s := int32(b)
		switch {
		case s >= 0 && s < 32:
			v = a << uint(s)
		case s >= 32:
			v = 0
		case o.sub == aAshl:
			v = uint32(int32(a) >> uint(min(-s, 31)))
		case -s < 32:
			v = a >> uint(-s)
		}
	case aMul:
		v = a * b
	case aEq:
		v = b2i(a == b)
	case aNe:
		v = b2i(a != b)
	case aLt:
		v = b2i(int32(a) < int32(b))
	case aLtu:
		v = b2i(a < b)
	case aGe:
		v = b2i(int32(a) >= int32(b))
	case aGeu:
		v = b2i(a >= b)
	case aAbs:
		v = a
		if int32(a) < 0 {
			v = -a
		}
	case aClz:
		v = uint32(bits.LeadingZeros32(a))
	case aClb: // leading bits equal to the sign bit, the sign bit excluded
		if int32(a) < 0 {
			v = uint32(bits.LeadingZeros32(^a)) - 1
		} else {
			v = uint32(bits.LeadingZeros32(a)) - 1
		}
	case aEqz:
		v = b2i(a == 0)
	case aNez:
		v = b2i(a != 0)
	case aExtS8:
		v = uint32(int32(int8(a)))
	case aExtS16:
		v = uint32(int32(int16(a)))
	case aExtU8:
		v = a & 0xFF
	case aExtU16:
		v = a & 0xFFFF
	case aSelEqz, aSelNez:
		c := m.rd(f, reg{uR + 27, 1}, 1, 0)
		v = a
		if (c == 0) != (o.sub == aSelEqz) {
			v = b
		}
	}
	m.wr(f, o.o[0].r, o.dstCyc, o.dstByp, v)
}
