package coral

import (
	"unsafe"

	"kernelcraft/sim/jit"
)

// Registers of translated code (see jit's contract): SI the guest x
// registers in memory (m.x, 4 bytes each) and, at a fixed offset from
// them in the Machine, the context (ctxMem); R12 the group cycle R, R13
// the limit. AX, CX, DX and R8 are scratch (R8 holds the data table's
// address, an immediate: the table is outside the Go heap and stays
// mapped until the translator is dropped); R9, R10, R11, R14, R15, BX and
// DI hold up to seven of the pair's guest registers (loaded at the
// pair's entry, written back before it jumps on or exits).
var trCacheRegs = [...]jit.Reg{jit.R9, jit.R10, jit.R11, jit.R14, jit.R15, jit.RBX, jit.RDI}

// xr is guest register r in memory.
func xr(r uint8) jit.Mem { return jit.M(jit.RSI, int32(r&31)*4) }

// trCtxDelta is the context's offset from m.x in the Machine: translated
// code reaches both through SI, leaving DI (the trampoline's context
// pointer) free for a guest register.
const trCtxDelta = int32(unsafe.Offsetof(Machine{}.tr) + unsafe.Offsetof(translator{}.ctx) - unsafe.Offsetof(Machine{}.x))

// ctxMem is the context's field at offset off.
func ctxMem(off int32) jit.Mem { return jit.M(jit.RSI, trCtxDelta+off) }

// trEmitter is the state of one pair's emission.
type trEmitter struct {
	m    *Machine
	a    *jit.Asm
	b    *block
	host [32]jit.Reg // host register caching a guest register, or NoReg
	// cached guest registers, and those of them the block writes (written
	// back to memory before the pair jumps on or exits)
	cached  []uint8
	written uint32
	// loop: the pair leads back to itself (same block, same state) when
	// its branch is taken; it then repeats inside its code, its
	// iterations counted from R12's advance (ctx.loopStart).
	loop bool
	dR   int64
	tid  int32
	data uint64 // the data table's address
}

// dataBase loads the data table's address into R8.
func (t *trEmitter) dataBase() { t.a.MovImm64(jit.R8, t.data) }

// reg returns a host register holding guest register r: its cache
// register, or scratch loaded from memory (x0 reads as 0).
func (t *trEmitter) reg(r uint8, scratch jit.Reg) jit.Reg {
	r &= 31
	if h := t.host[r]; h != jit.NoReg {
		return h
	}
	t.a.Load32(scratch, xr(r))
	return scratch
}

// load sets dst to guest register r.
func (t *trEmitter) load(dst jit.Reg, r uint8) {
	if h := t.host[r&31]; h != jit.NoReg {
		if h != dst {
			t.a.Mov32(dst, h)
		}
		return
	}
	t.a.Load32(dst, xr(r))
}

// dst is the register an op computes rd's value in: rd's cache register
// when it has one (not x0) and it is not the op's other source (which
// loading rs1 into it would overwrite), else RAX.
func (t *trEmitter) dst(rd, rs1, other uint8) jit.Reg {
	rd &= 31
	if h := t.host[rd]; rd != 0 && h != jit.NoReg && (rd != other&31 || rd == rs1&31) {
		return h
	}
	return jit.RAX
}

// alu is dst op= guest register r.
func (t *trEmitter) alu(op jit.ALU, dst jit.Reg, r uint8) {
	if h := t.host[r&31]; h != jit.NoReg {
		t.a.ALUReg(op, false, dst, h)
		return
	}
	t.a.ALUMem(op, false, dst, xr(r))
}

// set writes src to guest register rd (nothing for x0).
func (t *trEmitter) set(rd uint8, src jit.Reg) {
	rd &= 31
	if rd == 0 {
		return
	}
	if h := t.host[rd]; h != jit.NoReg {
		if h != src {
			t.a.Mov32(h, src)
		}
		return
	}
	t.a.Store32(xr(rd), src)
}

// setImm writes v to guest register rd.
func (t *trEmitter) setImm(rd uint8, v uint32) {
	rd &= 31
	if rd == 0 {
		return
	}
	if h := t.host[rd]; h != jit.NoReg {
		t.a.MovImm32(h, v)
		return
	}
	t.a.StoreImm32(xr(rd), int32(v))
}

// writeBack stores the cached registers the block writes.
func (t *trEmitter) writeBack() {
	for _, r := range t.cached {
		if t.written&(1<<r) != 0 {
			t.a.Store32(xr(r), t.host[r])
		}
	}
}

// flushLoop adds a looping pair's completed iterations, (R12 -
// ctx.loopStart) / dR, to its count (when there are any: markDirty lists
// the pair once, when its count leaves 0).
func (t *trEmitter) flushLoop() {
	a := t.a
	none := a.NewLabel()
	t.dataBase()
	a.Mov64(jit.RAX, jit.R12)
	a.ALUMem(jit.SUB, true, jit.RAX, ctxMem(offLoopStart))
	if t.dR != 1 {
		a.ALUReg(jit.XOR, false, jit.RDX, jit.RDX)
		a.MovImm32(jit.RCX, uint32(t.dR))
		a.Div(false, true, jit.RCX)
	}
	a.Mov64(jit.RDX, jit.RAX)
	a.ALUImm(jit.CMP, true, jit.RDX, 0)
	a.Jcc(jit.CondE, none)
	t.markDirty() // (RAX, RCX)
	a.ALUMemReg(jit.ADD, true, jit.M(jit.R8, trCountOff+t.tid*8), jit.RDX)
	a.Bind(none)
}

// markDirty puts the pair on the data table's list of pairs to flush
// when its count is still 0, just before the count grows: at most once
// per pair between flushes, so the list (trMaxPairs entries) cannot
// overflow.
func (t *trEmitter) markDirty() {
	a := t.a
	done := a.NewLabel()
	t.dataBase()
	a.Load64(jit.RAX, jit.M(jit.R8, trCountOff+t.tid*8))
	a.ALUImm(jit.CMP, true, jit.RAX, 0)
	a.Jcc(jit.CondNE, done)
	a.Load64(jit.RCX, jit.M(jit.R8, trDirtyNOff))
	a.MovImm32(jit.RAX, uint32(t.tid))
	a.Store32(jit.MI(jit.R8, jit.RCX, 4, trDirtyOff), jit.RAX)
	a.ALUImm(jit.ADD, true, jit.RCX, 1)
	a.Store64(jit.M(jit.R8, trDirtyNOff), jit.RCX)
	a.Bind(done)
}

// trUses returns how often each x register is read or written by b's ops,
// which ones they write, and which ones they read before writing them.
func (m *Machine) trUses(b *block) (uses [32]int, writes, reads uint32) {
	for k := range b.ops {
		o := &b.ops[k]
		rs1, rs2, rd := true, false, true
		switch o.h {
		case bNop, bVec:
			rs1, rd = false, false
		case bLui:
			rs1 = false
		case bAdd, bSub, bSll, bSlt, bSltu, bXor, bSrl, bSra, bOr, bAnd, bMul:
			rs2 = true
		case bSb, bSh, bSw, bFsw:
			rs2, rd = o.h != bFsw, false
		case bFlw:
			rd = false
		case bJal:
			rs1 = false
		case bBeq, bBne, bBlt, bBge, bBltu, bBgeu:
			rs2, rd = true, false
		case bCompute:
			orig := &b.code.ops[b.j+k]
			if !trComputeOp(orig.h) {
				rs1, rd = false, false // exec's: read from memory
			} else {
				rs2 = true
			}
		}
		// reads: registers read before the block writes them.
		if rs1 {
			uses[o.rs1&31]++
			reads |= 1 << (o.rs1 & 31) &^ writes
		}
		if rs2 {
			uses[o.rs2&31]++
			reads |= 1 << (o.rs2 & 31) &^ writes
		}
		if rd && o.rd&31 != 0 {
			uses[o.rd&31]++
			writes |= 1 << (o.rd & 31)
		}
	}
	uses[0] = 0
	return uses, writes, reads
}

// trEmit appends the code of pair (b, e) with id tid: its entry, the
// block's ops, the edge's effect and the jump to the successor slot, then
// its exit stubs. It returns the offsets of the entry and of the exit
// stubs for the two branch outcomes.
func (m *Machine) trEmit(a *jit.Asm, b *block, e *edge, tid int32) (entry, stub0, stub1 int) {
	t := &trEmitter{m: m, a: a, b: b, dR: e.dR, tid: tid, data: uint64(m.tr.data.Addr())}
	for i := range t.host {
		t.host[i] = jit.NoReg
	}
	var branch *bop
	if last := &b.ops[len(b.ops)-1]; last.h >= bBeq && last.h <= bBgeu {
		branch = last
		t.loop = last.imm == b.start && e.next[1] == e.from && e.dR > 0
	}
	// Cache the most used registers (used twice or more, or in a loop).
	// In a loop, a register read before it is written and then written
	// is carried from one iteration to the next: in memory, each of its
	// updates would wait for the store before it, so such registers
	// come first.
	uses, writes, reads := m.trUses(b)
	if t.loop {
		for r := 1; r < 32; r++ {
			if writes&reads&(1<<r) != 0 {
				uses[r] += 64
			}
		}
	}
	for len(t.cached) < len(trCacheRegs) {
		best := 0
		for r := 1; r < 32; r++ {
			if t.host[r] == jit.NoReg && uses[r] > uses[best] {
				best = r
			}
		}
		if best == 0 || uses[best] < 2 && !t.loop {
			break
		}
		t.host[best] = trCacheRegs[len(t.cached)]
		t.cached = append(t.cached, uint8(best))
	}
	for _, r := range t.cached {
		if writes&(1<<r) != 0 {
			t.written |= 1 << r
		}
	}

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
	limitExit, stub1Label := a.NewLabel(), a.NewLabel()

	entry = a.Pos()
	for _, r := range t.cached {
		a.Load32(t.host[r], xr(r))
	}
	top := a.NewLabel()
	if t.loop {
		a.Store64(ctxMem(offLoopStart), jit.R12)
	}
	a.Bind(top)
	// The cycle limit: the pair runs only if its last op dispatches
	// before the limit (R + dR < limit), as in stateRun.
	a.Lea(jit.RAX, jit.M(jit.R12, int32(e.dR)))
	a.ALUReg(jit.CMP, true, jit.RAX, jit.R13)
	a.Jcc(jit.CondGE, limitExit)

	for k := range b.ops {
		if o := &b.ops[k]; o != branch {
			t.op(k, o, mid)
		}
	}

	// The edge: R, the traversal count, the successor slot.
	slot0 := jit.M(jit.R8, trSuccOff+tid*16)
	slot1 := jit.M(jit.R8, trSuccOff+tid*16+8)
	last := b.ops[len(b.ops)-1].h
	if t.loop {
		a.ALUImm(jit.ADD, true, jit.R12, int32(e.dR))
		t.load(jit.RAX, branch.rs1)
		t.alu(jit.CMP, jit.RAX, branch.rs2)
		a.Jcc(branchCond(branch.h), top)
		t.writeBack()
		t.flushLoop()
		a.JmpMem(slot0)
	} else {
		t.writeBack()
		if e.dR != 0 {
			a.ALUImm(jit.ADD, true, jit.R12, int32(e.dR))
		}
		t.markDirty()
		a.IncMem64(jit.M(jit.R8, trCountOff+tid*8))
		switch {
		case branch != nil:
			taken := a.NewLabel()
			t.load(jit.RAX, branch.rs1)
			t.alu(jit.CMP, jit.RAX, branch.rs2)
			a.Jcc(branchCond(branch.h), taken)
			a.JmpMem(slot0)
			a.Bind(taken)
			a.JmpMem(slot1)
		case last == bJalr:
			// A one-entry cache of the target: slot 0 holds the pc of
			// the linked successor (all ones: none), slot 1 its entry.
			a.Load32(jit.RAX, ctxMem(offNextPC))
			a.ALUMem(jit.CMP, true, jit.RAX, slot0)
			a.Jcc(jit.CondNE, stub1Label)
			a.JmpMem(slot1)
		case last == bJal:
			a.JmpMem(slot1)
		default:
			a.JmpMem(slot0)
		}
	}

	// Exits: the cached registers written back (and a loop's count)
	// first; the successor stubs are reached after both.
	exit := func(l *jit.Label, w uint64) {
		a.Bind(l)
		t.writeBack()
		if t.loop {
			t.flushLoop()
		}
		a.MovImm64(jit.RAX, w)
		a.Ret()
	}
	exit(limitExit, exitWord(trExitLimit, 0))
	for _, x := range mids {
		exit(x.l, exitWord(trExitMid, x.arg))
	}
	stub0 = a.Pos()
	a.MovImm64(jit.RAX, exitWord(trExitSucc, 0))
	a.Ret()
	stub1 = a.Pos()
	a.Bind(stub1Label)
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

// op emits block op k. An op that cannot complete inline jumps to
// mid(k, why) before it has changed anything.
func (t *trEmitter) op(k int, o *bop, mid func(k, why int) *jit.Label) {
	a, m, b := t.a, t.m, t.b
	const ax, cx, dx, r8 = jit.RAX, jit.RCX, jit.RDX, jit.R8
	aluImm := func(op jit.ALU) {
		d := t.dst(o.rd, o.rs1, o.rs1)
		t.load(d, o.rs1)
		a.ALUImm(op, false, d, int32(o.imm))
		t.set(o.rd, d)
	}
	aluReg := func(op jit.ALU) {
		d := t.dst(o.rd, o.rs1, o.rs2)
		t.load(d, o.rs1)
		t.alu(op, d, o.rs2)
		t.set(o.rd, d)
	}
	setcc := func(c jit.Cond, reg bool) {
		t.load(ax, o.rs1)
		if reg {
			t.alu(jit.CMP, ax, o.rs2)
		} else {
			a.ALUImm(jit.CMP, false, ax, int32(o.imm))
		}
		a.Setcc(c, ax)
		a.MovZX8Reg(ax, ax)
		t.set(o.rd, ax)
	}
	shiftImm := func(op jit.Shift) {
		d := t.dst(o.rd, o.rs1, o.rs1)
		t.load(d, o.rs1)
		a.ShiftImm(op, false, d, uint8(o.imm&31))
		t.set(o.rd, d)
	}
	shiftReg := func(op jit.Shift) {
		t.load(cx, o.rs2)
		d := t.dst(o.rd, o.rs1, o.rs1) // rs2 is in CX already
		t.load(d, o.rs1)
		a.ShiftCL(op, false, d) // amd64 masks 32-bit counts to 5 bits, as RV32 does
		t.set(o.rd, d)
	}
	switch o.h {
	case bNop:
	case bLui:
		t.setImm(o.rd, o.imm)
	case bAddi:
		aluImm(jit.ADD)
	case bSlti:
		setcc(jit.CondL, false)
	case bSltiu:
		setcc(jit.CondB, false)
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
		setcc(jit.CondL, true)
	case bSltu:
		setcc(jit.CondB, true)
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
		d := t.dst(o.rd, o.rs1, o.rs2)
		t.load(d, o.rs1)
		if h := t.host[o.rs2&31]; h != jit.NoReg {
			a.IMulReg(false, d, h)
		} else {
			a.IMulMem(false, d, xr(o.rs2))
		}
		t.set(o.rd, d)
	case bLb, bLbu, bLh, bLhu, bLw, bFlw:
		n := accessSize(o.h)
		miss := mid(k, exRefill)
		other, have := a.NewLabel(), a.NewLabel()
		t.addr(o, n, offRCBase, offRCLen, miss, other)
		a.Load64(r8, ctxMem(offRCData))
		a.Bind(have)
		src := jit.MI(r8, dx, 1, 0)
		defer func() {
			// Not in m.rc: the previous load region (address in RAX).
			done := a.NewLabel()
			a.Jmp(done)
			a.Bind(other)
			a.Mov32(dx, ax)
			a.ALUMem(jit.SUB, false, dx, ctxMem(offRC2Base))
			a.Lea(cx, jit.M(dx, int32(n)))
			a.ALUMem(jit.CMP, true, cx, ctxMem(offRC2Len))
			a.Jcc(jit.CondA, miss)
			a.Load64(r8, ctxMem(offRC2Data))
			a.Jmp(have)
			a.Bind(done)
		}()
		d := ax
		if o.h != bFlw {
			d = t.dst(o.rd, o.rd, o.rd)
		}
		switch o.h {
		case bLb:
			a.LoadSX8(d, src)
		case bLbu:
			a.LoadZX8(d, src)
		case bLh:
			a.LoadSX16(d, src)
		case bLhu:
			a.LoadZX16(d, src)
		default:
			a.Load32(d, src)
		}
		if o.h == bFlw {
			a.Load64(cx, ctxMem(offF))
			a.Store32(jit.M(cx, int32(o.rd&31)*4), ax)
		} else {
			t.set(o.rd, d)
		}
	case bSb, bSh, bSw, bFsw:
		n := accessSize(o.h)
		if o.h == bSw && m.hasTohost {
			// A word store with bit 0 set to tohost ends the run: the
			// per-instruction path's.
			ok := a.NewLabel()
			t.load(ax, o.rs1)
			a.ALUImm(jit.ADD, false, ax, int32(o.imm))
			a.ALUImm(jit.CMP, false, ax, int32(m.tohost))
			a.Jcc(jit.CondNE, ok)
			t.load(ax, o.rs2)
			a.TestImm(ax, 1)
			a.Jcc(jit.CondNE, mid(k, exBail))
			a.Bind(ok)
		}
		miss := mid(k, exRefill)
		t.addr(o, n, offWCBase, offWCLen, miss, miss)
		// The written-byte bitmap: the n bits at off&63 of 64-bit word
		// off>>6 (a store across two words is the block engine's).
		a.Mov32(cx, dx)
		a.ALUImm(jit.AND, false, cx, 63)
		if n > 1 {
			a.ALUImm(jit.CMP, false, cx, int32(64-n))
			a.Jcc(jit.CondA, miss)
		}
		v := ax
		if o.h == bFsw {
			a.Load64(r8, ctxMem(offF))
			a.Load32(ax, jit.M(r8, int32(o.rs2&31)*4))
		} else if v = t.reg(o.rs2, ax); n == 1 && v == jit.RDI {
			a.Mov32(ax, v) // DIL needs a REX prefix Store8 does not emit
			v = ax
		}
		a.Load64(r8, ctxMem(offWCData))
		dst := jit.MI(r8, dx, 1, 0)
		switch n {
		case 1:
			a.Store8(dst, v)
		case 2:
			a.Store16(dst, v)
		default:
			a.Store32(dst, v)
		}
		// Set the bits unless they are all set already (a loop storing
		// to the same bytes does not chain through memory).
		done := a.NewLabel()
		a.MovImm32(ax, 1<<n-1)
		a.ShiftCL(jit.SHL, true, ax)
		a.Mov64(cx, dx)
		a.ShiftImm(jit.SHR, true, cx, 6)
		a.Load64(r8, ctxMem(offWBits))
		a.Load64(dx, jit.MI(r8, cx, 8, 0))
		a.ALUReg(jit.AND, true, dx, ax)
		a.ALUReg(jit.CMP, true, dx, ax)
		a.Jcc(jit.CondE, done)
		a.ALUMemReg(jit.OR, true, jit.MI(r8, cx, 8, 0), ax)
		a.Bind(done)
	case bJal:
		t.setImm(o.rd, b.link)
	case bJalr:
		t.load(ax, o.rs1)
		a.ALUImm(jit.ADD, false, ax, int32(o.imm))
		a.ALUImm(jit.AND, false, ax, -2)
		a.TestImm(ax, 3)
		a.Jcc(jit.CondNE, mid(k, exBail)) // a misaligned target traps
		a.Store32(ctxMem(offNextPC), ax)
		t.setImm(o.rd, b.link)
	case bCompute:
		if orig := &b.code.ops[b.j+k]; trComputeOp(orig.h) {
			t.compute(orig)
		} else {
			a.Jmp(mid(k, exCompute))
		}
	default: // bVec: the block engine's vector path
		a.Jmp(mid(k, exVec))
	}
}

// addr computes the address of a load or store of n bytes (x[rs1] + imm)
// into RAX and its offset in the cached region (base and length at ctx
// offsets offBase and offLen) into RDX, jumping to miss when, without
// params.misaligned, it is not aligned, and to outside when it is not
// inside the region.
func (t *trEmitter) addr(o *bop, n uint32, offBase, offLen int32, miss, outside *jit.Label) {
	a := t.a
	t.load(jit.RAX, o.rs1)
	if o.imm != 0 {
		a.ALUImm(jit.ADD, false, jit.RAX, int32(o.imm))
	}
	if n > 1 && !t.m.misaligned {
		a.TestImm(jit.RAX, n-1)
		a.Jcc(jit.CondNE, miss)
	}
	miss = outside
	a.Mov32(jit.RDX, jit.RAX)
	a.ALUMem(jit.SUB, false, jit.RDX, ctxMem(offBase)) // off = a - base (32 bits, zero-extended)
	a.Lea(jit.RCX, jit.M(jit.RDX, int32(n)))
	a.ALUMem(jit.CMP, true, jit.RCX, ctxMem(offLen))
	a.Jcc(jit.CondA, miss)
}

// trComputeOp reports whether translated code runs a bCompute op itself:
// M's high halves and divisions and the part of Zbb that needs no host
// features (the rest, and F, are exec's).
func trComputeOp(h uint8) bool {
	switch h {
	case hMulh, hMulhsu, hMulhu, hDiv, hDivu, hRem, hRemu,
		hAndn, hOrn, hXnor, hMax, hMaxu, hMin, hMinu, hSextb, hSexth, hZexth, hRol, hRor, hRori, hRev8:
		return true
	}
	return false
}

// compute emits a trComputeOp op (none of them can trap).
func (t *trEmitter) compute(o *op) {
	a := t.a
	const ax, cx, dx = jit.RAX, jit.RCX, jit.RDX
	if o.rd&31 == 0 {
		return // x0 stays zero
	}
	t.load(ax, o.rs1)
	switch o.h {
	case hMulh, hMulhsu, hMulhu:
		t.load(cx, o.rs2)
		if o.h != hMulhu {
			a.MovSX32To64(ax, ax)
		}
		if o.h == hMulh {
			a.MovSX32To64(cx, cx)
		}
		a.IMulReg(true, ax, cx)
		a.ShiftImm(jit.SHR, true, ax, 32)
	case hDivu, hRemu:
		zero, done := a.NewLabel(), a.NewLabel()
		t.load(cx, o.rs2)
		a.ALUImm(jit.CMP, false, cx, 0)
		a.Jcc(jit.CondE, zero)
		a.ALUReg(jit.XOR, false, dx, dx)
		a.Div(false, false, cx)
		if o.h == hRemu {
			a.Mov32(ax, dx)
		}
		a.Jmp(done)
		a.Bind(zero) // x/0: all ones; x%0: x
		if o.h == hDivu {
			a.MovImm32(ax, 0xffffffff)
		}
		a.Bind(done)
	case hDiv, hRem:
		zero, ovf, do, done := a.NewLabel(), a.NewLabel(), a.NewLabel(), a.NewLabel()
		t.load(cx, o.rs2)
		a.ALUImm(jit.CMP, false, cx, 0)
		a.Jcc(jit.CondE, zero)
		a.ALUImm(jit.CMP, false, cx, -1)
		a.Jcc(jit.CondNE, do)
		a.ALUImm(jit.CMP, false, ax, -1<<31)
		a.Jcc(jit.CondE, ovf)
		a.Bind(do)
		a.Cdq()
		a.Div(true, false, cx)
		if o.h == hRem {
			a.Mov32(ax, dx)
		}
		a.Jmp(done)
		a.Bind(zero) // x/0: -1; x%0: x
		if o.h == hDiv {
			a.MovImm32(ax, 0xffffffff)
		}
		a.Jmp(done)
		a.Bind(ovf) // -2^31 / -1: -2^31; remainder 0
		if o.h == hRem {
			a.MovImm32(ax, 0)
		}
		a.Bind(done)
	case hAndn, hOrn, hXnor:
		t.load(cx, o.rs2)
		if o.h != hXnor {
			a.Not(false, cx)
		}
		switch o.h {
		case hAndn:
			a.ALUReg(jit.AND, false, ax, cx)
		case hOrn:
			a.ALUReg(jit.OR, false, ax, cx)
		default:
			a.ALUReg(jit.XOR, false, ax, cx)
			a.Not(false, ax)
		}
	case hMax, hMaxu, hMin, hMinu:
		t.load(cx, o.rs2)
		a.ALUReg(jit.CMP, false, ax, cx)
		c := jit.CondL // max: take rs2 when rs1 < rs2
		switch o.h {
		case hMaxu:
			c = jit.CondB
		case hMin:
			c = jit.CondG
		case hMinu:
			c = jit.CondA
		}
		a.Cmovcc(c, ax, cx)
	case hSextb:
		a.MovSX8Reg(ax, ax)
	case hSexth:
		a.MovSX16Reg(ax, ax)
	case hZexth:
		a.MovZX16Reg(ax, ax)
	case hRol, hRor:
		t.load(cx, o.rs2)
		op := jit.ROL
		if o.h == hRor {
			op = jit.ROR
		}
		a.ShiftCL(op, false, ax)
	case hRori:
		a.ShiftImm(jit.ROR, false, ax, uint8(uint32(o.imm)&31))
	case hRev8:
		a.Bswap(ax)
	}
	t.set(o.rd, ax)
}
