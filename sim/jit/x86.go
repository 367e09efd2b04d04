package jit

import (
	"encoding/binary"
	"fmt"
)

// Reg is an amd64 general-purpose register (its hardware number).
type Reg uint8

// The amd64 general-purpose registers.
const (
	RAX Reg = iota
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
	NoReg Reg = 0xff // no index register in a Mem
)

// Cond is an amd64 condition code (the low nibble of Jcc and SETcc).
type Cond uint8

// Condition codes.
const (
	CondO  Cond = 0
	CondNO Cond = 1
	CondB  Cond = 2 // unsigned <
	CondAE Cond = 3 // unsigned >=
	CondE  Cond = 4
	CondNE Cond = 5
	CondBE Cond = 6 // unsigned <=
	CondA  Cond = 7 // unsigned >
	CondS  Cond = 8
	CondNS Cond = 9
	CondL  Cond = 12 // signed <
	CondGE Cond = 13 // signed >=
	CondLE Cond = 14 // signed <=
	CondG  Cond = 15 // signed >
)

// Mem is a memory operand: [Base + Index*Scale + Disp]. Index is NoReg
// when there is none; Scale is 1, 2, 4 or 8.
type Mem struct {
	Base  Reg
	Index Reg
	Scale uint8
	Disp  int32
}

// M is the memory operand [base + disp].
func M(base Reg, disp int32) Mem { return Mem{Base: base, Index: NoReg, Scale: 1, Disp: disp} }

// MI is the memory operand [base + index*scale + disp].
func MI(base, index Reg, scale uint8, disp int32) Mem {
	return Mem{Base: base, Index: index, Scale: scale, Disp: disp}
}

// ALU operations (the /digit of opcodes 0x81 and 0x83, and the base of the
// register forms: op<<3 | 1 is "r/m, reg" and op<<3 | 3 is "reg, r/m").
type ALU uint8

// ALU operations.
const (
	ADD ALU = 0
	OR  ALU = 1
	AND ALU = 4
	SUB ALU = 5
	XOR ALU = 6
	CMP ALU = 7
)

// Shift operations (the /digit of 0xC1 and 0xD3).
type Shift uint8

// Shift operations.
const (
	ROL Shift = 0
	ROR Shift = 1
	SHL Shift = 4
	SHR Shift = 5
	SAR Shift = 7
)

// Label is a position in the code being assembled, bound once.
type Label struct {
	pos    int   // -1: not bound yet
	fixups []int // offsets of rel32 fields that refer to it
}

// Asm assembles amd64 machine code into a byte slice. It encodes only
// the instruction forms its methods name; every method appends one
// instruction.
type Asm struct {
	Buf    []byte
	labels []*Label
}

// Reset empties the assembler for new code (keeping its buffer).
func (a *Asm) Reset() {
	a.Buf = a.Buf[:0]
	a.labels = a.labels[:0]
}

// NewLabel returns an unbound label.
func (a *Asm) NewLabel() *Label {
	l := &Label{pos: -1}
	a.labels = append(a.labels, l)
	return l
}

// Bind binds l to the current position.
func (a *Asm) Bind(l *Label) {
	if l.pos >= 0 {
		panic("jit: label bound twice")
	}
	l.pos = len(a.Buf)
}

// Pos is the current offset in the code.
func (a *Asm) Pos() int { return len(a.Buf) }

// Finish resolves label references; it fails if a referenced label was
// never bound.
func (a *Asm) Finish() error {
	for _, l := range a.labels {
		if len(l.fixups) == 0 {
			continue
		}
		if l.pos < 0 {
			return fmt.Errorf("jit: label referenced but not bound")
		}
		for _, f := range l.fixups {
			binary.LittleEndian.PutUint32(a.Buf[f:], uint32(int32(l.pos-(f+4))))
		}
	}
	return nil
}

func (a *Asm) b(bs ...byte) { a.Buf = append(a.Buf, bs...) }

func (a *Asm) imm32(v int32) { a.Buf = binary.LittleEndian.AppendUint32(a.Buf, uint32(v)) }

// rex emits a REX prefix if one is needed (w: 64-bit operand; force: a
// byte register SPL..DIL).
func (a *Asm) rex(w bool, reg, index, base Reg, force bool) {
	p := byte(0x40)
	if w {
		p |= 8
	}
	if reg != NoReg && reg&8 != 0 {
		p |= 4
	}
	if index != NoReg && index&8 != 0 {
		p |= 2
	}
	if base != NoReg && base&8 != 0 {
		p |= 1
	}
	if p != 0x40 || force {
		a.b(p)
	}
}

// modrmMem emits ModRM (+SIB, +displacement) for reg and memory operand m.
// It never uses mod 00, so RBP and R13 need no special case.
func (a *Asm) modrmMem(reg byte, m Mem) {
	mod := byte(0x80)
	if m.Disp >= -128 && m.Disp <= 127 {
		mod = 0x40
	}
	if m.Index == NoReg && m.Base&7 != 4 {
		a.b(mod | reg<<3 | byte(m.Base&7))
	} else {
		idx := byte(4) // none
		if m.Index != NoReg {
			if m.Index == RSP {
				panic("jit: RSP cannot be an index")
			}
			idx = byte(m.Index & 7)
		}
		var sc byte
		switch m.Scale {
		case 0, 1:
		case 2:
			sc = 1
		case 4:
			sc = 2
		case 8:
			sc = 3
		default:
			panic("jit: bad scale")
		}
		a.b(mod|reg<<3|4, sc<<6|idx<<3|byte(m.Base&7))
	}
	if mod == 0x40 {
		a.b(byte(int8(m.Disp)))
	} else {
		a.imm32(m.Disp)
	}
}

// opMem emits [prefix] [REX] opcode ModRM for a register and a memory operand.
func (a *Asm) opMem(w bool, reg Reg, m Mem, opcode ...byte) {
	a.rex(w, reg, m.Index, m.Base, false)
	a.b(opcode...)
	a.modrmMem(byte(reg&7), m)
}

// opReg emits [REX] opcode ModRM for two registers (reg field, r/m field).
func (a *Asm) opReg(w bool, reg, rm Reg, opcode ...byte) {
	a.rex(w, reg, NoReg, rm, false)
	a.b(opcode...)
	a.b(0xc0 | byte(reg&7)<<3 | byte(rm&7))
}

// Load32 is mov r32, [m] (zero-extends into the 64-bit register).
func (a *Asm) Load32(dst Reg, m Mem) { a.opMem(false, dst, m, 0x8b) }

// Load64 is mov r64, [m].
func (a *Asm) Load64(dst Reg, m Mem) { a.opMem(true, dst, m, 0x8b) }

// Store32 is mov [m], r32.
func (a *Asm) Store32(m Mem, src Reg) { a.opMem(false, src, m, 0x89) }

// Store64 is mov [m], r64.
func (a *Asm) Store64(m Mem, src Reg) { a.opMem(true, src, m, 0x89) }

// Store16 is mov [m], r16.
func (a *Asm) Store16(m Mem, src Reg) {
	a.b(0x66)
	a.opMem(false, src, m, 0x89)
}

// Store8 is mov [m], r8 (src RAX, RCX, RDX or RBX, or R8..R15).
func (a *Asm) Store8(m Mem, src Reg) {
	if src >= RSP && src <= RDI {
		panic("jit: Store8 from SPL..DIL")
	}
	a.opMem(false, src, m, 0x88)
}

// StoreImm32 is mov dword [m], imm32.
func (a *Asm) StoreImm32(m Mem, v int32) {
	a.opMem(false, 0, m, 0xc7)
	a.imm32(v)
}

// LoadZX8 is movzx r32, byte [m]; LoadSX8, LoadZX16 and LoadSX16 likewise.
func (a *Asm) LoadZX8(dst Reg, m Mem) { a.opMem(false, dst, m, 0x0f, 0xb6) }

// LoadSX8 is movsx r32, byte [m].
func (a *Asm) LoadSX8(dst Reg, m Mem) { a.opMem(false, dst, m, 0x0f, 0xbe) }

// LoadZX16 is movzx r32, word [m].
func (a *Asm) LoadZX16(dst Reg, m Mem) { a.opMem(false, dst, m, 0x0f, 0xb7) }

// LoadSX16 is movsx r32, word [m].
func (a *Asm) LoadSX16(dst Reg, m Mem) { a.opMem(false, dst, m, 0x0f, 0xbf) }

// MovImm32 is mov r32, imm32 (zero-extends).
func (a *Asm) MovImm32(dst Reg, v uint32) {
	a.rex(false, NoReg, NoReg, dst, false)
	a.b(0xb8 + byte(dst&7))
	a.imm32(int32(v))
}

// MovImm64 is mov r64, imm64.
func (a *Asm) MovImm64(dst Reg, v uint64) {
	a.rex(true, NoReg, NoReg, dst, false)
	a.b(0xb8 + byte(dst&7))
	a.Buf = binary.LittleEndian.AppendUint64(a.Buf, v)
}

// Mov32 is mov r32, r32; Mov64 is mov r64, r64.
func (a *Asm) Mov32(dst, src Reg) { a.opReg(false, src, dst, 0x89) }

// Mov64 is mov r64, r64.
func (a *Asm) Mov64(dst, src Reg) { a.opReg(true, src, dst, 0x89) }

// ALUMem is op r32, [m] (w: 64-bit).
func (a *Asm) ALUMem(op ALU, w bool, dst Reg, m Mem) { a.opMem(w, dst, m, byte(op)<<3|3) }

// ALUReg is op dst, src (w: 64-bit).
func (a *Asm) ALUReg(op ALU, w bool, dst, src Reg) { a.opReg(w, src, dst, byte(op)<<3|1) }

// ALUImm is op r, imm32 (w: 64-bit, the immediate sign-extended).
func (a *Asm) ALUImm(op ALU, w bool, dst Reg, v int32) {
	if v >= -128 && v <= 127 {
		a.opReg(w, Reg(op), dst, 0x83)
		a.b(byte(int8(v)))
		return
	}
	a.opReg(w, Reg(op), dst, 0x81)
	a.imm32(v)
}

// ALUMemReg is op [m], r (w: 64-bit).
func (a *Asm) ALUMemReg(op ALU, w bool, m Mem, src Reg) { a.opMem(w, src, m, byte(op)<<3|1) }

// ShiftImm is shl/shr/sar/rol/ror r, imm8 (w: 64-bit).
func (a *Asm) ShiftImm(op Shift, w bool, dst Reg, n uint8) {
	a.opReg(w, Reg(op), dst, 0xc1)
	a.b(n)
}

// ShiftCL is shl/shr/sar/rol/ror r, cl (w: 64-bit).
func (a *Asm) ShiftCL(op Shift, w bool, dst Reg) { a.opReg(w, Reg(op), dst, 0xd3) }

// IMulMem is imul r, [m] (w: 64-bit; the low half of the product).
func (a *Asm) IMulMem(w bool, dst Reg, m Mem) { a.opMem(w, dst, m, 0x0f, 0xaf) }

// IMulReg is imul dst, src (w: 64-bit).
func (a *Asm) IMulReg(w bool, dst, src Reg) { a.opReg(w, dst, src, 0x0f, 0xaf) }

// Div is div/idiv r (signed: idiv) on EDX:EAX (w: RDX:RAX).
func (a *Asm) Div(signed, w bool, src Reg) {
	ext := Reg(6)
	if signed {
		ext = 7
	}
	a.opReg(w, ext, src, 0xf7)
}

// Not is not r (w: 64-bit).
func (a *Asm) Not(w bool, dst Reg) { a.opReg(w, 2, dst, 0xf7) }

// MovSX32To64 is movsxd r64, r32.
func (a *Asm) MovSX32To64(dst, src Reg) { a.opReg(true, dst, src, 0x63) }

// MovZX8Reg is movzx r32, r8 (src AL, CL, DL or BL, or R8B..R15B);
// MovSX8Reg and the 16-bit forms likewise.
func (a *Asm) MovZX8Reg(dst, src Reg) { a.byteRegOp(dst, src, 0xb6) }

// MovSX8Reg is movsx r32, r8.
func (a *Asm) MovSX8Reg(dst, src Reg) { a.byteRegOp(dst, src, 0xbe) }

// MovZX16Reg is movzx r32, r16.
func (a *Asm) MovZX16Reg(dst, src Reg) { a.opReg(false, dst, src, 0x0f, 0xb7) }

// MovSX16Reg is movsx r32, r16.
func (a *Asm) MovSX16Reg(dst, src Reg) { a.opReg(false, dst, src, 0x0f, 0xbf) }

func (a *Asm) byteRegOp(dst, src Reg, op byte) {
	if src >= RSP && src <= RDI {
		panic("jit: byte register SPL..DIL")
	}
	a.opReg(false, dst, src, 0x0f, op)
}

// Bswap is bswap r32.
func (a *Asm) Bswap(dst Reg) {
	a.rex(false, NoReg, NoReg, dst, false)
	a.b(0x0f, 0xc8+byte(dst&7))
}

// Setcc is setcc r8 (AL, CL, DL or BL).
func (a *Asm) Setcc(c Cond, dst Reg) {
	if dst > RBX {
		panic("jit: Setcc into a register other than AL..BL")
	}
	a.b(0x0f, 0x90+byte(c), 0xc0|byte(dst))
}

// Cmovcc is cmovcc r32, r32.
func (a *Asm) Cmovcc(c Cond, dst, src Reg) { a.opReg(false, dst, src, 0x0f, 0x40+byte(c)) }

// Lea is lea r64, [m].
func (a *Asm) Lea(dst Reg, m Mem) { a.opMem(true, dst, m, 0x8d) }

// TestImm is test r32, imm32.
func (a *Asm) TestImm(r Reg, v uint32) {
	a.opReg(false, 0, r, 0xf7)
	a.imm32(int32(v))
}

// TestMemImm8 is test byte [m], imm8.
func (a *Asm) TestMemImm8(m Mem, v uint8) {
	a.opMem(false, 0, m, 0xf6)
	a.b(v)
}

// IncMem64 is inc qword [m].
func (a *Asm) IncMem64(m Mem) { a.opMem(true, 0, m, 0xff) }

// Jcc is a conditional jump to l (rel32).
func (a *Asm) Jcc(c Cond, l *Label) {
	a.b(0x0f, 0x80+byte(c))
	a.ref(l)
}

// Jmp is an unconditional jump to l (rel32).
func (a *Asm) Jmp(l *Label) {
	a.b(0xe9)
	a.ref(l)
}

func (a *Asm) ref(l *Label) {
	l.fixups = append(l.fixups, len(a.Buf))
	a.imm32(0)
}

// JmpMem is jmp qword [m].
func (a *Asm) JmpMem(m Mem) { a.opMem(false, 4, m, 0xff) }

// Ret is ret.
func (a *Asm) Ret() { a.b(0xc3) }

// Int3 is int3 (a trap: used as padding, never reached).
func (a *Asm) Int3() { a.b(0xcc) }

// Cdq is cdq (sign-extend EAX into EDX).
func (a *Asm) Cdq() { a.b(0x99) }
