package coral

import (
	"kernelcraft/sim/jit"
)

// Registers of translated code (see jit's contract): DI the context, SI
// the guest x registers (m.x, 4 bytes each), BX the data table, jit.R12 the
// group cycle R, jit.R13 the limit. AX, CX, DX, jit.R8 and jit.R9 are scratch.

// xr is guest register r in memory.
func xr(r uint8) jit.Mem { return jit.M(jit.RSI, int32(r&31)*4) }

// trEmit appends the code of pair (b, e) with id tid: its entry, the
// block's ops, the edge's effect and the jump to the successor slot, then
// its exit stubs. It returns the offsets of the entry and of the exit
// stubs for the two branch outcomes.
func (m *Machine) trEmit(a *jit.Asm, b *block, e *edge, tid int32) (entry, stub0, stub1 int) {
	exitWord := func(kind, arg int) uint64 { return uint64(tid)<<32 | uint64(arg)<<8 | uint64(kind) }
	type midExit struct {
		l   *jit.Label
		arg int
	}
	var mids []midExit
	mid := func(k, why int) *jit.Label {
		arg := k | why<<8
		for _, x := range mids {
			if x.arg == arg {
				return x.l
			}
		}
		l := a.NewLabel()
		mids = append(mids, midExit{l, arg})
		return l
	}
	limitExit := a.NewLabel()

	entry = a.Pos()
	// The cycle limit: the pair runs only if its last op dispatches
	// before the limit (R + dR < limit), as in stateRun.
	a.Lea(jit.RAX, jit.M(jit.R12, int32(e.dR)))
	a.ALUReg(jit.CMP, true, jit.RAX, jit.R13)
	a.Jcc(jit.CondGE, limitExit)

	var branch *bop
	for k := range b.ops {
		o := &b.ops[k]
		switch o.h {
		case bBeq, bBne, bBlt, bBge, bBltu, bBgeu:
			branch = o // emitted after the edge's effect (flags)
			continue
		}
		m.trEmitOp(a, b, k, o, mid)
	}

	// The edge: R, the traversal count, the successor slot.
	if e.dR != 0 {
		a.ALUImm(jit.ADD, true, jit.R12, int32(e.dR))
	}
	a.IncMem64(jit.M(jit.RBX, trCountOff+tid*8))
	slot0 := jit.M(jit.RBX, trSuccOff+tid*16)
	slot1 := jit.M(jit.RBX, trSuccOff+tid*16+8)
	last := b.ops[len(b.ops)-1].h
	switch {
	case branch != nil:
		taken := a.NewLabel()
		a.Load32(jit.RAX, xr(branch.rs1))
		a.ALUMem(jit.CMP, false, jit.RAX, xr(branch.rs2))
		a.Jcc(branchCond(branch.h), taken)
		a.JmpMem(slot0)
		a.Bind(taken)
		a.JmpMem(slot1)
	case last == bJal || last == bJalr:
		a.JmpMem(slot1)
	default:
		a.JmpMem(slot0)
	}

	// Exits.
	a.Bind(limitExit)
	a.MovImm64(jit.RAX, exitWord(trExitLimit, 0))
	a.Ret()
	for _, x := range mids {
		a.Bind(x.l)
		a.MovImm64(jit.RAX, exitWord(trExitMid, x.arg))
		a.Ret()
	}
	stub0 = a.Pos()
	a.MovImm64(jit.RAX, exitWord(trExitSucc, 0))
	a.Ret()
	stub1 = a.Pos()
	a.MovImm64(jit.RAX, exitWord(trExitSucc, 1))
	a.Ret()
	return entry, stub0, stub1
}

// branchCond is the amd64 condition of a block-ending branch, after
// cmp x[rs1], x[rs2].
func branchCond(h uint8) jit.Cond {
	switch h {
	case bBeq:
		return jit.CondE
	case bBne:
		return jit.CondNE
	case bBlt:
		return jit.CondL
	case bBge:
		return jit.CondGE
	case bBltu:
		return jit.CondB
	}
	return jit.CondAE // bBgeu
}

// trEmitOp emits block op k. An op that cannot complete inline jumps to
// mid(k, why) before it has changed anything.
func (m *Machine) trEmitOp(a *jit.Asm, b *block, k int, o *bop, mid func(k, why int) *jit.Label) {
	rd := o.rd & 31
	setRd := func(r jit.Reg) {
		if rd != 0 {
			a.Store32(xr(rd), r)
		}
	}
	aluImm := func(op jit.ALU) {
		a.Load32(jit.RAX, xr(o.rs1))
		a.ALUImm(op, false, jit.RAX, int32(o.imm))
		setRd(jit.RAX)
	}
	aluReg := func(op jit.ALU) {
		a.Load32(jit.RAX, xr(o.rs1))
		a.ALUMem(op, false, jit.RAX, xr(o.rs2))
		setRd(jit.RAX)
	}
	setImm := func(c jit.Cond) {
		a.Load32(jit.RAX, xr(o.rs1))
		a.ALUImm(jit.CMP, false, jit.RAX, int32(o.imm))
		a.Setcc(c, jit.RAX)
		a.MovZX8Reg(jit.RAX, jit.RAX)
		setRd(jit.RAX)
	}
	setReg := func(c jit.Cond) {
		a.Load32(jit.RAX, xr(o.rs1))
		a.ALUMem(jit.CMP, false, jit.RAX, xr(o.rs2))
		a.Setcc(c, jit.RAX)
		a.MovZX8Reg(jit.RAX, jit.RAX)
		setRd(jit.RAX)
	}
	shiftImm := func(op jit.Shift) {
		a.Load32(jit.RAX, xr(o.rs1))
		a.ShiftImm(op, false, jit.RAX, uint8(o.imm&31))
		setRd(jit.RAX)
	}
	shiftReg := func(op jit.Shift) {
		a.Load32(jit.RCX, xr(o.rs2))
		a.Load32(jit.RAX, xr(o.rs1))
		a.ShiftCL(op, false, jit.RAX) // amd64 masks 32-bit counts to 5 bits, as RV32 does
		setRd(jit.RAX)
	}
	switch o.h {
	case bNop:
	case bLui:
		if rd != 0 {
			a.StoreImm32(xr(rd), int32(o.imm))
		}
	case bAddi:
		aluImm(jit.ADD)
	case bSlti:
		setImm(jit.CondL)
	case bSltiu:
		setImm(jit.CondB)
	case bXori:
		aluImm(jit.XOR)
	case bOri:
		aluImm(jit.OR)
	case bAndi:
		aluImm(jit.AND)
	case bSlli:
		shiftImm(jit.SHL)
	case bSrli:
		shiftImm(jit.SHR)
	case bSrai:
		shiftImm(jit.SAR)
	case bAdd:
		aluReg(jit.ADD)
	case bSub:
		aluReg(jit.SUB)
	case bSll:
		shiftReg(jit.SHL)
	case bSlt:
		setReg(jit.CondL)
	case bSltu:
		setReg(jit.CondB)
	case bXor:
		aluReg(jit.XOR)
	case bSrl:
		shiftReg(jit.SHR)
	case bSra:
		shiftReg(jit.SAR)
	case bOr:
		aluReg(jit.OR)
	case bAnd:
		aluReg(jit.AND)
	case bMul:
		a.Load32(jit.RAX, xr(o.rs1))
		a.IMulMem(false, jit.RAX, xr(o.rs2))
		setRd(jit.RAX)
	case bLb, bLbu, bLh, bLhu, bLw, bFlw:
		n := accessSize(o.h)
		miss := mid(k, exRefill)
		m.trAddr(a, o, n, offRCBase, offRCLen, miss)
		a.Load64(jit.R8, jit.M(jit.RDI, offRCData))
		src := jit.MI(jit.R8, jit.RDX, 1, 0)
		switch o.h {
		case bLb:
			a.LoadSX8(jit.RAX, src)
		case bLbu:
			a.LoadZX8(jit.RAX, src)
		case bLh:
			a.LoadSX16(jit.RAX, src)
		case bLhu:
			a.LoadZX16(jit.RAX, src)
		default:
			a.Load32(jit.RAX, src)
		}
		if o.h == bFlw {
			a.Load64(jit.RCX, jit.M(jit.RDI, offF))
			a.Store32(jit.M(jit.RCX, int32(rd)*4), jit.RAX)
		} else {
			setRd(jit.RAX)
		}
	case bSb, bSh, bSw, bFsw:
		n := accessSize(o.h)
		if o.h == bSw && m.hasTohost {
			// A word store with bit 0 set to tohost ends the run: the
			// per-instruction path's.
			ok := a.NewLabel()
			a.Load32(jit.RAX, xr(o.rs1))
			a.ALUImm(jit.ADD, false, jit.RAX, int32(o.imm))
			a.ALUImm(jit.CMP, false, jit.RAX, int32(m.tohost))
			a.Jcc(jit.CondNE, ok)
			a.TestMemImm8(xr(o.rs2), 1)
			a.Jcc(jit.CondNE, mid(k, exBail))
			a.Bind(ok)
		}
		miss := mid(k, exRefill)
		m.trAddr(a, o, n, offWCBase, offWCLen, miss)
		// The written-byte bitmap: the n bits at off&63 of 64-bit word
		// off>>6 (a store across two words is the block engine's).
		a.Mov32(jit.RCX, jit.RDX)
		a.ALUImm(jit.AND, false, jit.RCX, 63)
		if n > 1 {
			a.ALUImm(jit.CMP, false, jit.RCX, int32(64-n))
			a.Jcc(jit.CondA, miss)
		}
		if o.h == bFsw {
			a.Load64(jit.R9, jit.M(jit.RDI, offF))
			a.Load32(jit.RAX, jit.M(jit.R9, int32(o.rs2&31)*4))
		} else {
			a.Load32(jit.RAX, xr(o.rs2))
		}
		a.Load64(jit.R8, jit.M(jit.RDI, offWCData))
		dst := jit.MI(jit.R8, jit.RDX, 1, 0)
		switch n {
		case 1:
			a.Store8(dst, jit.RAX)
		case 2:
			a.Store16(dst, jit.RAX)
		default:
			a.Store32(dst, jit.RAX)
		}
		a.MovImm32(jit.RAX, 1<<n-1)
		a.ShiftCL(jit.SHL, true, jit.RAX)
		a.Mov64(jit.RCX, jit.RDX)
		a.ShiftImm(jit.SHR, true, jit.RCX, 6)
		a.Load64(jit.R8, jit.M(jit.RDI, offWBits))
		a.ALUMemReg(jit.OR, true, jit.MI(jit.R8, jit.RCX, 8, 0), jit.RAX)
	case bJal:
		if rd != 0 {
			a.StoreImm32(xr(rd), int32(b.link))
		}
	case bJalr:
		a.Load32(jit.RAX, xr(o.rs1))
		a.ALUImm(jit.ADD, false, jit.RAX, int32(o.imm))
		a.ALUImm(jit.AND, false, jit.RAX, -2)
		a.TestImm(jit.RAX, 3)
		a.Jcc(jit.CondNE, mid(k, exBail)) // a misaligned target traps
		a.Store32(jit.M(jit.RDI, offNextPC), jit.RAX)
		if rd != 0 {
			a.StoreImm32(xr(rd), int32(b.link))
		}
	case bCompute:
		if !m.trEmitCompute(a, &b.code.ops[b.j+k]) {
			a.Jmp(mid(k, exCompute))
		}
	default: // bVec: the block engine's vector path
		a.Jmp(mid(k, exVec))
	}
}

// trAddr computes the address of a load or store of n bytes (x[rs1] +
// imm) and its offset in the cached region (base and length at ctx
// offsets offBase and offLen) into jit.RDX, jumping to miss when the access
// is not inside the region or, without params.misaligned, not aligned.
func (m *Machine) trAddr(a *jit.Asm, o *bop, n uint32, offBase, offLen int32, miss *jit.Label) {
	a.Load32(jit.RAX, xr(o.rs1))
	if o.imm != 0 {
		a.ALUImm(jit.ADD, false, jit.RAX, int32(o.imm))
	}
	if n > 1 && !m.misaligned {
		a.TestImm(jit.RAX, n-1)
		a.Jcc(jit.CondNE, miss)
	}
	a.Mov32(jit.RDX, jit.RAX)
	a.ALUMem(jit.SUB, false, jit.RDX, jit.M(jit.RDI, offBase)) // off = a - base (32 bits, zero-extended)
	a.Lea(jit.RCX, jit.M(jit.RDX, int32(n)))
	a.ALUMem(jit.CMP, true, jit.RCX, jit.M(jit.RDI, offLen))
	a.Jcc(jit.CondA, miss)
}

// trEmitCompute emits the register-only ops that need no host features
// (M's high halves and divisions, part of Zbb); false for the others
// (exec runs them).
func (m *Machine) trEmitCompute(a *jit.Asm, o *op) bool {
	rd := o.rd & 31
	switch o.h {
	case hMulh, hMulhsu, hMulhu, hDiv, hDivu, hRem, hRemu,
		hAndn, hOrn, hXnor, hMax, hMaxu, hMin, hMinu, hSextb, hSexth, hZexth, hRol, hRor, hRori, hRev8:
	default:
		return false
	}
	if rd == 0 {
		return true // x0 stays zero; none of these can trap
	}
	out := xr(rd)
	a.Load32(jit.RAX, xr(o.rs1))
	switch o.h {
	case hMulh, hMulhsu, hMulhu:
		a.Load32(jit.RCX, xr(o.rs2))
		if o.h != hMulhu {
			a.MovSX32To64(jit.RAX, jit.RAX)
		}
		if o.h == hMulh {
			a.MovSX32To64(jit.RCX, jit.RCX)
		}
		a.IMulReg(true, jit.RAX, jit.RCX)
		a.ShiftImm(jit.SHR, true, jit.RAX, 32)
	case hDivu, hRemu:
		zero, done := a.NewLabel(), a.NewLabel()
		a.Load32(jit.RCX, xr(o.rs2))
		a.ALUImm(jit.CMP, false, jit.RCX, 0)
		a.Jcc(jit.CondE, zero)
		a.ALUReg(jit.XOR, false, jit.RDX, jit.RDX)
		a.Div(false, false, jit.RCX)
		if o.h == hRemu {
			a.Mov32(jit.RAX, jit.RDX)
		}
		a.Jmp(done)
		a.Bind(zero) // x/0: all ones; x%0: x
		if o.h == hDivu {
			a.MovImm32(jit.RAX, 0xffffffff)
		}
		a.Bind(done)
	case hDiv, hRem:
		zero, ovf, do, done := a.NewLabel(), a.NewLabel(), a.NewLabel(), a.NewLabel()
		a.Load32(jit.RCX, xr(o.rs2))
		a.ALUImm(jit.CMP, false, jit.RCX, 0)
		a.Jcc(jit.CondE, zero)
		a.ALUImm(jit.CMP, false, jit.RCX, -1)
		a.Jcc(jit.CondNE, do)
		a.ALUImm(jit.CMP, false, jit.RAX, -1<<31)
		a.Jcc(jit.CondE, ovf)
		a.Bind(do)
		a.Cdq()
		a.Div(true, false, jit.RCX)
		if o.h == hRem {
			a.Mov32(jit.RAX, jit.RDX)
		}
		a.Jmp(done)
		a.Bind(zero) // x/0: -1; x%0: x
		if o.h == hDiv {
			a.MovImm32(jit.RAX, 0xffffffff)
		}
		a.Jmp(done)
		a.Bind(ovf) // -2^31 / -1: -2^31; remainder 0
		if o.h == hRem {
			a.MovImm32(jit.RAX, 0)
		}
		a.Bind(done)
	case hAndn, hOrn, hXnor:
		a.Load32(jit.RCX, xr(o.rs2))
		if o.h != hXnor {
			a.Not(false, jit.RCX)
		}
		switch o.h {
		case hAndn:
			a.ALUReg(jit.AND, false, jit.RAX, jit.RCX)
		case hOrn:
			a.ALUReg(jit.OR, false, jit.RAX, jit.RCX)
		default:
			a.ALUReg(jit.XOR, false, jit.RAX, jit.RCX)
			a.Not(false, jit.RAX)
		}
	case hMax, hMaxu, hMin, hMinu:
		a.Load32(jit.RCX, xr(o.rs2))
		a.ALUReg(jit.CMP, false, jit.RAX, jit.RCX)
		c := jit.CondL // max: take rs2 when rs1 < rs2
		switch o.h {
		case hMaxu:
			c = jit.CondB
		case hMin:
			c = jit.CondG
		case hMinu:
			c = jit.CondA
		}
		a.Cmovcc(c, jit.RAX, jit.RCX)
	case hSextb:
		a.MovSX8Reg(jit.RAX, jit.RAX)
	case hSexth:
		a.MovSX16Reg(jit.RAX, jit.RAX)
	case hZexth:
		a.MovZX16Reg(jit.RAX, jit.RAX)
	case hRol, hRor:
		a.Load32(jit.RCX, xr(o.rs2))
		op := jit.ROL
		if o.h == hRor {
			op = jit.ROR
		}
		a.ShiftCL(op, false, jit.RAX)
	case hRori:
		a.ShiftImm(jit.ROR, false, jit.RAX, uint8(uint32(o.imm)&31))
	case hRev8:
		a.Bswap(jit.RAX)
	}
	a.Store32(out, jit.RAX)
	return true
}
