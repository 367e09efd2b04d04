// Package jit runs machine code generated at run time: an amd64
// assembler (Asm), executable memory (Code: mapped writable, filled, then
// made executable and never writable again, W^X), plain memory outside
// the Go heap for tables the generated code reads and writes (Data), and
// Call, the Go-assembly trampoline that enters generated code.
//
// Contract of generated code entered through Call (see Call):
//
//   - On entry DI holds the context pointer; the trampoline has loaded
//     SI, BX, R12 and R13 from the context's first four words (CtxRegs,
//     CtxData, CtxR, CtxLimit) and stores R12 back into CtxR when the
//     code returns. The code returns with RET and its exit word in AX.
//   - It may clobber AX, CX, DX, SI, DI, BX, R8..R15 and the flags (the
//     trampoline restores R14 and R15); it must keep SP and BP, push
//     nothing beyond the return address, and never call into Go or the
//     runtime. (A signal handler that runs meanwhile takes g from
//     thread-local storage, not from R14.)
//   - It must not fault: every memory access has to be checked by the
//     code itself. A fault in generated code crashes the process.
//
// Goroutine preemption and the garbage collector: Go cannot stop a
// goroutine while it runs code outside Go functions (asynchronous
// preemption only stops at safe points of Go code, and a stop-the-world
// waits until every goroutine reaches one). Generated code must therefore
// return to Go on its own within a bounded time; the caller decides the
// bound (sim/coral gives each call a cycle budget). While it runs, the
// pointers in the context are only kept alive by the Go caller: the
// context and everything it points to must be ordinary Go heap memory
// referenced by the caller for the whole call (Go's collector does not
// move heap objects), or memory from Data/Code.
//
// On hosts other than linux/amd64, or with -tags purego, Available
// reports why code cannot run and Call panics.
package jit

// Offsets of the words the trampoline loads from the context.
const (
	CtxRegs  = 0  // loaded into SI
	CtxData  = 8  // loaded into BX
	CtxR     = 16 // loaded into R12, stored back on return
	CtxLimit = 24 // loaded into R13
)

// Header is the start of every context passed to Call, at the offsets
// above.
type Header struct {
	Regs  uintptr // SI on entry
	Data  uintptr // BX on entry
	R     int64   // R12 on entry, and R12 on return
	Limit int64   // R13 on entry
}
