package jit

import (
	"encoding/binary"
	"encoding/hex"
	"runtime"
	"testing"
	"unsafe"
)

// TestEncodings checks the assembler's encodings against llvm-mc's
// (llvm-mc -triple=x86_64 -show-encoding on the Intel syntax in each
// name). The assembler never uses ModRM mod 00, so a [base+index]
// operand carries a zero 8-bit displacement where llvm-mc has none; those
// bytes were checked with llvm-mc -disassemble instead.
func TestEncodings(t *testing.T) {
	cases := []struct {
		name string
		emit func(a *Asm)
		want string
	}{
		{"mov eax, [rsi+0x7c]", func(a *Asm) { a.Load32(RAX, M(RSI, 0x7c)) }, "8b467c"},
		{"mov r9d, [rsi+0x100]", func(a *Asm) { a.Load32(R9, M(RSI, 0x100)) }, "448b8e00010000"},
		{"mov [rsi+4], ecx", func(a *Asm) { a.Store32(M(RSI, 4), RCX) }, "894e04"},
		{"mov rax, [rdi+0x28]", func(a *Asm) { a.Load64(RAX, M(RDI, 0x28)) }, "488b4728"},
		{"mov [rdx+rcx], eax", func(a *Asm) { a.Store32(MI(RDX, RCX, 1, 0), RAX) }, "89440a00"},
		{"mov [r8+rdx*1], cx", func(a *Asm) { a.Store16(MI(R8, RDX, 1, 0), RCX) }, "6641894c1000"},
		{"mov [rax+rdx], cl", func(a *Asm) { a.Store8(MI(RAX, RDX, 1, 0), RCX) }, "884c1000"},
		{"movzx eax, byte [rcx+rdx]", func(a *Asm) { a.LoadZX8(RAX, MI(RCX, RDX, 1, 0)) }, "0fb6441100"},
		{"movsx eax, word [rcx+rdx]", func(a *Asm) { a.LoadSX16(RAX, MI(RCX, RDX, 1, 0)) }, "0fbf441100"},
		{"mov eax, 0x12345678", func(a *Asm) { a.MovImm32(RAX, 0x12345678) }, "b878563412"},
		{"mov r11, imm64", func(a *Asm) { a.MovImm64(R11, 0x1122334455667788) }, "49bb8877665544332211"},
		{"add eax, [rsi+8]", func(a *Asm) { a.ALUMem(ADD, false, RAX, M(RSI, 8)) }, "034608"},
		{"cmp rcx, [rdi+0x38]", func(a *Asm) { a.ALUMem(CMP, true, RCX, M(RDI, 0x38)) }, "483b4f38"},
		{"sub eax, ecx", func(a *Asm) { a.ALUReg(SUB, false, RAX, RCX) }, "29c8"},
		{"add eax, 5", func(a *Asm) { a.ALUImm(ADD, false, RAX, 5) }, "83c005"},
		{"add r12, 0x1000", func(a *Asm) { a.ALUImm(ADD, true, R12, 0x1000) }, "4981c400100000"},
		{"cmp rax, r13", func(a *Asm) { a.ALUReg(CMP, true, RAX, R13) }, "4c39e8"},
		{"shl eax, 3", func(a *Asm) { a.ShiftImm(SHL, false, RAX, 3) }, "c1e003"},
		{"sar eax, cl", func(a *Asm) { a.ShiftCL(SAR, false, RAX) }, "d3f8"},
		{"imul eax, [rsi+0x10]", func(a *Asm) { a.IMulMem(false, RAX, M(RSI, 0x10)) }, "0faf4610"},
		{"imul rax, rcx", func(a *Asm) { a.IMulReg(true, RAX, RCX) }, "480fafc1"},
		{"div ecx", func(a *Asm) { a.Div(false, false, RCX) }, "f7f1"},
		{"idiv ecx", func(a *Asm) { a.Div(true, false, RCX) }, "f7f9"},
		{"setl al", func(a *Asm) { a.Setcc(CondL, RAX) }, "0f9cc0"},
		{"movzx eax, al", func(a *Asm) { a.MovZX8Reg(RAX, RAX) }, "0fb6c0"},
		{"movsxd rax, ecx", func(a *Asm) { a.MovSX32To64(RAX, RCX) }, "4863c1"},
		{"lea rax, [r12+0x20]", func(a *Asm) { a.Lea(RAX, M(R12, 0x20)) }, "498d442420"},
		{"inc qword [rbx+0x1000]", func(a *Asm) { a.IncMem64(M(RBX, 0x1000)) }, "48ff8300100000"},
		{"jmp qword [rbx+0x18]", func(a *Asm) { a.JmpMem(M(RBX, 0x18)) }, "ff6318"},
		{"or [rax+rcx*8], rdx", func(a *Asm) { a.ALUMemReg(OR, true, MI(RAX, RCX, 8, 0), RDX) }, "480954c800"},
		{"test byte [rsi+4], 1", func(a *Asm) { a.TestMemImm8(M(RSI, 4), 1) }, "f6460401"},
		{"bswap eax", func(a *Asm) { a.Bswap(RAX) }, "0fc8"},
		{"cmovl eax, ecx", func(a *Asm) { a.Cmovcc(CondL, RAX, RCX) }, "0f4cc1"},
		{"mov dword [rdi+0x60], 7", func(a *Asm) { a.StoreImm32(M(RDI, 0x60), 7) }, "c7476007000000"},
		{"mov eax, [r13+8]", func(a *Asm) { a.Load32(RAX, M(R13, 8)) }, "418b4508"},
		{"ret", func(a *Asm) { a.Ret() }, "c3"},
	}
	for _, c := range cases {
		var a Asm
		c.emit(&a)
		if got := hex.EncodeToString(a.Buf); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

// TestLabels checks forward and backward rel32 jumps.
func TestLabels(t *testing.T) {
	var a Asm
	top := a.NewLabel()
	end := a.NewLabel()
	a.Bind(top)
	a.Jcc(CondE, end) // 6 bytes
	a.Jmp(top)        // 5 bytes
	a.Bind(end)
	a.Ret()
	if err := a.Finish(); err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(a.Buf), "0f8405000000"+"e9f5ffffff"+"c3"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	var b Asm
	b.Jmp(b.NewLabel())
	if b.Finish() == nil {
		t.Fatal("an unbound label was accepted")
	}
}

// TestCall runs generated code through the trampoline: it reads the
// registers the trampoline loaded from the header, writes through SI,
// moves R12 and returns an exit word.
func TestCall(t *testing.T) {
	if err := Available(); err != nil {
		t.Skip(err)
	}
	var a Asm
	a.Load32(RAX, M(RSI, 0))             // eax = regs[0]
	a.ALUMem(ADD, false, RAX, M(RSI, 4)) // + regs[1]
	a.Store32(M(RSI, 8), RAX)            // regs[2] = sum
	a.ALUImm(ADD, true, R12, 7)          // R += 7
	a.Mov64(RCX, R13)
	a.Store64(M(RBX, 0), RCX) // data[0] = limit
	a.MovImm32(RAX, 42)
	a.Ret()
	if err := a.Finish(); err != nil {
		t.Fatal(err)
	}
	code, err := NewCode(a.Buf)
	if err != nil {
		t.Fatal(err)
	}
	defer code.Free()
	data, err := NewData(64)
	if err != nil {
		t.Fatal(err)
	}
	defer data.Free()
	regs := &[4]uint32{40, 2}
	ctx := &Header{Regs: uintptr(unsafe.Pointer(regs)), Data: data.Addr(), R: 100, Limit: 555}
	if got := Call(code.Addr(), unsafe.Pointer(ctx)); got != 42 {
		t.Fatalf("exit word %d", got)
	}
	runtime.KeepAlive(regs)
	if regs[2] != 42 || ctx.R != 107 || binary.LittleEndian.Uint64(data.Bytes()) != 555 {
		t.Fatalf("regs %v, R %d, data %x", regs, ctx.R, data.Bytes()[:8])
	}
}

// TestReset: code assembled after Reset is not touched by the labels of
// the code before (their fixups were dropped).
func TestReset(t *testing.T) {
	var a Asm
	l := a.NewLabel()
	a.Jmp(l)
	a.Bind(l)
	a.Ret()
	if err := a.Finish(); err != nil {
		t.Fatal(err)
	}
	a.Reset()
	a.MovImm32(RAX, 0x11111111)
	a.Ret()
	if err := a.Finish(); err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(a.Buf), "b811111111c3"; got != want {
		t.Fatalf("after Reset: %s, want %s", got, want)
	}
}
