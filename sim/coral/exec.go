package coral

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"kernelcraft/sim"
)

// exec executes one dispatched op at m.pc. It returns false when the
// machine halted (m.halt says why).
func (m *Machine) exec(o *op) bool {
	x := &m.x
	f := &m.f
	pc := m.pc
	next := pc + 4
	switch o.h {
	case hIllegal:
		return m.illegalOp(o)

	// RV32I
	case hLui:
		x[o.rd] = uint32(o.imm) << 12
	case hAuipc:
		x[o.rd] = pc + uint32(o.imm)<<12
	case hJal:
		t := pc + uint32(o.imm)
		if t&3 != 0 {
			return m.jumpTrap(o, t)
		}
		x[o.rd] = next
		next = t
		m.t.control(o, true)
	case hJalr:
		t := (x[o.rs1] + uint32(o.imm)) &^ 1
		if t&3 != 0 {
			return m.jumpTrap(o, t)
		}
		x[o.rd] = next
		next = t
		m.t.control(o, true)
	case hBeq:
		if !m.branch(o, x[o.rs1] == x[o.rs2], &next) {
			return !m.halted // a trap taken (pc is at mtvec) or a halt
		}
	case hBne:
		if !m.branch(o, x[o.rs1] != x[o.rs2], &next) {
			return !m.halted // a trap taken (pc is at mtvec) or a halt
		}
	case hBlt:
		if !m.branch(o, int32(x[o.rs1]) < int32(x[o.rs2]), &next) {
			return !m.halted // a trap taken (pc is at mtvec) or a halt
		}
	case hBge:
		if !m.branch(o, int32(x[o.rs1]) >= int32(x[o.rs2]), &next) {
			return !m.halted // a trap taken (pc is at mtvec) or a halt
		}
	case hBltu:
		if !m.branch(o, x[o.rs1] < x[o.rs2], &next) {
			return !m.halted // a trap taken (pc is at mtvec) or a halt
		}
	case hBgeu:
		if !m.branch(o, x[o.rs1] >= x[o.rs2], &next) {
			return !m.halted // a trap taken (pc is at mtvec) or a halt
		}
	case hLb:
		v, t := m.load(x[o.rs1]+uint32(o.imm), 1)
		if t != nil {
			return m.raise(t, o)
		}
		x[o.rd] = uint32(int32(int8(v)))
	case hLh:
		v, t := m.load(x[o.rs1]+uint32(o.imm), 2)
		if t != nil {
			return m.raise(t, o)
		}
		x[o.rd] = uint32(int32(int16(v)))
	case hLw:
		v, t := m.load(x[o.rs1]+uint32(o.imm), 4)
		if t != nil {
			return m.raise(t, o)
		}
		x[o.rd] = v
	case hLbu:
		v, t := m.load(x[o.rs1]+uint32(o.imm), 1)
		if t != nil {
			return m.raise(t, o)
		}
		x[o.rd] = v
	case hLhu:
		v, t := m.load(x[o.rs1]+uint32(o.imm), 2)
		if t != nil {
			return m.raise(t, o)
		}
		x[o.rd] = v
	case hSb:
		if t := m.store(x[o.rs1]+uint32(o.imm), 1, x[o.rs2]); t != nil {
			return m.raise(t, o)
		}
	case hSh:
		if t := m.store(x[o.rs1]+uint32(o.imm), 2, x[o.rs2]); t != nil {
			return m.raise(t, o)
		}
	case hSw:
		a, v := x[o.rs1]+uint32(o.imm), x[o.rs2]
		if t := m.store(a, 4, v); t != nil {
			return m.raise(t, o)
		}
		if (a == m.tohost || a == m.tohostHi) && m.hasTohost {
			if !m.toHost(a, v) {
				return false
			}
		}
	case hAddi:
		x[o.rd] = x[o.rs1] + uint32(o.imm)
	case hSlti:
		x[o.rd] = b2u(int32(x[o.rs1]) < o.imm)
	case hSltiu:
		x[o.rd] = b2u(x[o.rs1] < uint32(o.imm))
	case hXori:
		x[o.rd] = x[o.rs1] ^ uint32(o.imm)
	case hOri:
		x[o.rd] = x[o.rs1] | uint32(o.imm)
	case hAndi:
		x[o.rd] = x[o.rs1] & uint32(o.imm)
	case hSlli:
		x[o.rd] = x[o.rs1] << (uint32(o.imm) & 31)
	case hSrli:
		x[o.rd] = x[o.rs1] >> (uint32(o.imm) & 31)
	case hSrai:
		x[o.rd] = uint32(int32(x[o.rs1]) >> (uint32(o.imm) & 31))
	case hAdd:
		x[o.rd] = x[o.rs1] + x[o.rs2]
	case hSub:
		x[o.rd] = x[o.rs1] - x[o.rs2]
	case hSll:
		x[o.rd] = x[o.rs1] << (x[o.rs2] & 31)
	case hSlt:
		x[o.rd] = b2u(int32(x[o.rs1]) < int32(x[o.rs2]))
	case hSltu:
		x[o.rd] = b2u(x[o.rs1] < x[o.rs2])
	case hXor:
		x[o.rd] = x[o.rs1] ^ x[o.rs2]
	case hSrl:
		x[o.rd] = x[o.rs1] >> (x[o.rs2] & 31)
	case hSra:
		x[o.rd] = uint32(int32(x[o.rs1]) >> (x[o.rs2] & 31))
	case hOr:
		x[o.rd] = x[o.rs1] | x[o.rs2]
	case hAnd:
		x[o.rd] = x[o.rs1] & x[o.rs2]
	case hFence:
	case hEcall:
		return m.ecall(o)
	case hEbreak:
		return m.ebreak()
	case hMpause:
		m.stats.Instructions++
		return m.stop(sim.HaltPause, 0)
	case hMret:
		t := m.csr.mepc
		if t&3 != 0 {
			return m.jumpTrap(o, t)
		}
		next = t
		m.t.control(o, true)

	// M
	case hMul:
		x[o.rd] = x[o.rs1] * x[o.rs2]
	case hMulh:
		x[o.rd] = uint32(int64(int32(x[o.rs1])) * int64(int32(x[o.rs2])) >> 32)
	case hMulhsu:
		x[o.rd] = uint32(int64(int32(x[o.rs1])) * int64(x[o.rs2]) >> 32)
	case hMulhu:
		x[o.rd] = uint32(uint64(x[o.rs1]) * uint64(x[o.rs2]) >> 32)
	case hDiv:
		a, b := int32(x[o.rs1]), int32(x[o.rs2])
		switch {
		case b == 0:
			x[o.rd] = 0xffffffff
		case a == -1<<31 && b == -1:
			x[o.rd] = uint32(a)
		default:
			x[o.rd] = uint32(a / b)
		}
	case hDivu:
		if b := x[o.rs2]; b == 0 {
			x[o.rd] = 0xffffffff
		} else {
			x[o.rd] = x[o.rs1] / b
		}
	case hRem:
		a, b := int32(x[o.rs1]), int32(x[o.rs2])
		switch {
		case b == 0:
			x[o.rd] = uint32(a)
		case a == -1<<31 && b == -1:
			x[o.rd] = 0
		default:
			x[o.rd] = uint32(a % b)
		}
	case hRemu:
		if b := x[o.rs2]; b == 0 {
			x[o.rd] = x[o.rs1]
		} else {
			x[o.rd] = x[o.rs1] % b
		}

	// Zicsr
	case hCsrrw, hCsrrs, hCsrrc, hCsrrwi, hCsrrsi, hCsrrci:
		src := uint32(o.rs1) // the immediate forms' zimm
		kind := csrKindWrite
		switch o.h {
		case hCsrrw, hCsrrs, hCsrrc:
			src = x[o.rs1]
		}
		switch o.h {
		case hCsrrs, hCsrrsi:
			kind = csrKindSet
		case hCsrrc, hCsrrci:
			kind = csrKindClear
		}
		write := kind == csrKindWrite || o.rs1 != 0
		old, t := m.csrOp(uint32(o.imm)&0xfff, src, kind, o.rd != 0 || kind != csrKindWrite, write)
		if t != nil {
			return m.raise(t, o)
		}
		x[o.rd] = old

	// Zbb
	case hAndn:
		x[o.rd] = x[o.rs1] &^ x[o.rs2]
	case hOrn:
		x[o.rd] = x[o.rs1] | ^x[o.rs2]
	case hXnor:
		x[o.rd] = ^(x[o.rs1] ^ x[o.rs2])
	case hClz:
		x[o.rd] = uint32(bits.LeadingZeros32(x[o.rs1]))
	case hCtz:
		x[o.rd] = uint32(bits.TrailingZeros32(x[o.rs1]))
	case hCpop:
		x[o.rd] = uint32(bits.OnesCount32(x[o.rs1]))
	case hMax:
		x[o.rd] = uint32(max(int32(x[o.rs1]), int32(x[o.rs2])))
	case hMaxu:
		x[o.rd] = max(x[o.rs1], x[o.rs2])
	case hMin:
		x[o.rd] = uint32(min(int32(x[o.rs1]), int32(x[o.rs2])))
	case hMinu:
		x[o.rd] = min(x[o.rs1], x[o.rs2])
	case hSextb:
		x[o.rd] = uint32(int32(int8(x[o.rs1])))
	case hSexth:
		x[o.rd] = uint32(int32(int16(x[o.rs1])))
	case hZexth:
		x[o.rd] = x[o.rs1] & 0xffff
	case hRol:
		x[o.rd] = bits.RotateLeft32(x[o.rs1], int(x[o.rs2]&31))
	case hRor:
		x[o.rd] = bits.RotateLeft32(x[o.rs1], -int(x[o.rs2]&31))
	case hRori:
		x[o.rd] = bits.RotateLeft32(x[o.rs1], -int(uint32(o.imm)&31))
	case hOrcb:
		v := x[o.rs1]
		var r uint32
		for i := 0; i < 32; i += 8 {
			if v>>uint(i)&0xff != 0 {
				r |= 0xff << uint(i)
			}
		}
		x[o.rd] = r
	case hRev8:
		x[o.rd] = bits.ReverseBytes32(x[o.rs1])

	// F
	case hFlw:
		v, t := m.load(x[o.rs1]+uint32(o.imm), 4)
		if t != nil {
			return m.raise(t, o)
		}
		f[o.rd] = v
	case hFsw:
		if t := m.store(x[o.rs1]+uint32(o.imm), 4, f[o.rs2]); t != nil {
			return m.raise(t, o)
		}
	case hFsgnj:
		f[o.rd] = f[o.rs1]&^signBit | f[o.rs2]&signBit
	case hFsgnjn:
		f[o.rd] = f[o.rs1]&^signBit | ^f[o.rs2]&signBit
	case hFsgnjx:
		f[o.rd] = f[o.rs1] ^ f[o.rs2]&signBit
	case hFmin, hFmax:
		r, fl := fminmax(f[o.rs1], f[o.rs2], o.h == hFmax)
		f[o.rd] = r
		m.csr.fflags |= uint32(fl)
	case hFmvXW:
		x[o.rd] = f[o.rs1]
	case hFmvWX:
		f[o.rd] = x[o.rs1]
	case hFeq:
		r, fl := feq32(f[o.rs1], f[o.rs2])
		x[o.rd] = r
		m.csr.fflags |= uint32(fl)
	case hFlt, hFle:
		r, fl := fltCmp(f[o.rs1], f[o.rs2], o.h == hFle)
		x[o.rd] = r
		m.csr.fflags |= uint32(fl)
	case hFclass:
		x[o.rd] = fclass32(f[o.rs1])
	case hFmadd, hFmsub, hFnmsub, hFnmadd, hFadd, hFsub, hFmul, hFdiv, hFsqrt, hFcvtWS, hFcvtWuS, hFcvtSW, hFcvtSWu:
		rm := o.rm
		if rm == rmDYN {
			rm = uint8(m.csr.frm)
		}
		if rm > rmRMM {
			return m.raise(&sim.Trap{Kind: sim.TrapIllegal, Msg: fmt.Sprintf("invalid rounding mode %d (rm field %d, frm %d)", rm, o.rm, m.csr.frm)}, o)
		}
		var r uint32
		var fl uint8
		switch o.h {
		case hFmadd:
			r, fl = fma32(f[o.rs1], f[o.rs2], f[o.rs3], false, false, rm)
		case hFmsub:
			r, fl = fma32(f[o.rs1], f[o.rs2], f[o.rs3], false, true, rm)
		case hFnmsub:
			r, fl = fma32(f[o.rs1], f[o.rs2], f[o.rs3], true, false, rm)
		case hFnmadd:
			r, fl = fma32(f[o.rs1], f[o.rs2], f[o.rs3], true, true, rm)
		case hFadd:
			r, fl = fadd32(f[o.rs1], f[o.rs2], rm)
		case hFsub:
			r, fl = fsub32(f[o.rs1], f[o.rs2], rm)
		case hFmul:
			r, fl = fmul32(f[o.rs1], f[o.rs2], rm)
		case hFdiv:
			r, fl = fdiv32(f[o.rs1], f[o.rs2], rm)
		case hFsqrt:
			r, fl = fsqrt32(f[o.rs1], rm)
		case hFcvtWS, hFcvtWuS:
			r, fl = fcvtWS(f[o.rs1], rm, o.h == hFcvtWS)
			x[o.rd] = r
		case hFcvtSW, hFcvtSWu:
			r, fl = fcvtSW(x[o.rs1], rm, o.h == hFcvtSW)
		}
		if o.h != hFcvtWS && o.h != hFcvtWuS {
			f[o.rd] = r
		}
		m.csr.fflags |= uint32(fl)

	case hVec:
		if t := m.execVec(o); t != nil {
			return m.raise(t, o)
		}
	default:
		return m.raise(&sim.Trap{Kind: sim.TrapIllegal, Msg: "no handler"}, o)
	}
	x[0] = 0
	m.pc = next
	m.stats.Instructions++
	return true
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// branch resolves a conditional branch. It returns false when the branch
// raised an exception (taken to the handler, or the run halted).
func (m *Machine) branch(o *op, taken bool, next *uint32) bool {
	if taken {
		t := m.pc + uint32(o.imm)
		if t&3 != 0 {
			m.jumpTrap(o, t)
			return false
		}
		*next = t
	}
	m.t.control(o, taken)
	return true
}

func (m *Machine) jumpTrap(o *op, target uint32) bool {
	return m.raise(&sim.Trap{Kind: sim.TrapMisaligned, Addr: uint64(target),
		Msg: fmt.Sprintf("jump target %#x is not 4-byte aligned (no C extension)", target)}, o)
}

// load reads n (1, 2 or 4) bytes, zero-extended.
func (m *Machine) load(addr uint32, n uint32) (uint32, *sim.Trap) {
	c := &m.rc
	if off := uint64(addr - c.base); off+uint64(n) <= c.size && (addr&(n-1) == 0 || m.misaligned) {
		d := c.data[off:]
		switch n {
		case 4:
			return binary.LittleEndian.Uint32(d), nil
		case 2:
			return uint32(binary.LittleEndian.Uint16(d)), nil
		default:
			return uint32(d[0]), nil
		}
	}
	return m.loadSlow(addr, n)
}

func (m *Machine) loadSlow(addr uint32, n uint32) (uint32, *sim.Trap) {
	if addr&(n-1) != 0 && !m.misaligned {
		return 0, &sim.Trap{Kind: sim.TrapMisaligned, Addr: uint64(addr), Msg: fmt.Sprintf("%d-byte load at %#x is misaligned (params.misaligned is 0)", n, addr)}
	}
	b, t := m.mem.Bytes(uint64(addr), uint64(n), sim.Read)
	if t != nil {
		return 0, t
	}
	if r := m.mem.Find(uint64(addr)); r != nil && r.Readable && r.End <= 1<<32 {
		if m.rc.reg != r {
			m.rcPrev = m.rc
		}
		m.rc = memCache{base: uint32(r.Base), size: r.End - r.Base, data: r.Data, reg: r}
	}
	var v uint32
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint32(b[i])
	}
	return v, nil
}

// store writes the low n (1, 2 or 4) bytes of v.
func (m *Machine) store(addr uint32, n uint32, v uint32) *sim.Trap {
	c := &m.wc
	if off := uint64(addr - c.base); off+uint64(n) <= c.size && (addr&(n-1) == 0 || m.misaligned) {
		d := c.data[off:]
		switch n {
		case 4:
			binary.LittleEndian.PutUint32(d, v)
		case 2:
			binary.LittleEndian.PutUint16(d, uint16(v))
		default:
			d[0] = byte(v)
		}
		c.reg.MarkWritten(off, uint64(n))
		return nil
	}
	return m.storeSlow(addr, n, v)
}

func (m *Machine) storeSlow(addr uint32, n uint32, v uint32) *sim.Trap {
	if addr&(n-1) != 0 && !m.misaligned {
		return &sim.Trap{Kind: sim.TrapMisaligned, Addr: uint64(addr), Msg: fmt.Sprintf("%d-byte store at %#x is misaligned (params.misaligned is 0)", n, addr)}
	}
	b, t := m.mem.Bytes(uint64(addr), uint64(n), sim.Write)
	if t != nil {
		return t
	}
	for i := range b {
		b[i] = byte(v >> (8 * uint(i)))
	}
	r := m.mem.Find(uint64(addr))
	if r.Executable {
		m.redecode(addr, n) // self-modifying code: never cached for the fast path
	} else if r.End <= 1<<32 {
		m.wc = memCache{base: uint32(r.Base), size: r.End - r.Base, data: r.Data, reg: r, wbits: r.WrittenBits()}
	}
	return nil
}
