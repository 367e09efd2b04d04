package sim

import "fmt"

// Debugger is the by-hand debugging interface of a core: kc-sim --gdb
// drives it through sim/gdbserver. Everything runs on the target's plain
// reference stepper, so a run driven one instruction at a time has the
// results and cycle counts of Run. The debugger's own reads and writes
// (registers, memory) are not program accesses: they ignore permissions,
// mark nothing written and cost no cycles.
type Debugger interface {
	Core
	// DebugRegs describes the registers ReadReg and WriteReg address by
	// index (the same description every call).
	DebugRegs() *RegisterSet
	// ReadReg returns register i (an index into DebugRegs().Regs) as
	// Bits/8 little-endian bytes.
	ReadReg(i int) ([]byte, error)
	// WriteReg sets register i from Bits/8 little-endian bytes; registers
	// the hardware does not let software write (x0, read-only CSRs) give
	// an error.
	WriteReg(i int, val []byte) error
	// ReadMem returns up to n bytes from addr, stopping at the first byte
	// outside memory; it fails only when addr itself is outside.
	ReadMem(addr uint64, n int) ([]byte, error)
	// WriteMem writes data at addr (code included: the core re-decodes
	// what it changes); it fails, writing nothing, unless every byte lies
	// in memory.
	WriteMem(addr uint64, data []byte) error
	// DebugPC is the address of the next instruction to execute.
	DebugPC() uint64
	// DebugStep executes one instruction with the reference stepper. It
	// returns false once the core has halted (Halted says why).
	DebugStep() bool
	// Halted reports whether the core has stopped, and why.
	Halted() (Halt, bool)
	// SetWatch makes DebugStep call fn for every data access the program
	// makes (loads and stores, scalar and vector, after the access is
	// checked and before the next instruction); nil turns it off. Off,
	// it costs nothing.
	SetWatch(fn func(addr, n uint64, acc Access))
}

// DebugWideNum is where a target GDB does not know (RegisterSet.Arch "")
// numbers its registers wider than 32 bits. Such a GDB rejects the target
// description and falls back on an architecture of its own, whose g
// packet layout and register numbers it applies to the core's: a g
// packet of sixteen 32-bit registers fits the start of every such
// layout, and a register GDB then asks for by its own number (p) is at
// most 32 bits wide below DebugWideNum, never wider than GDB's (GDB
// copies a p reply into a buffer of its register's size).
const DebugWideNum = 8192

// RegisterSet describes a core's registers to a debugger.
type RegisterSet struct {
	// Arch is GDB's name for the architecture ("riscv:rv32"), or "" for
	// a target GDB does not know (its generic support then shows the
	// registers and memory).
	Arch string
	// Regs are the registers, in the order of ReadReg's index.
	Regs []DebugReg
	// PC is the index of the program counter in Regs.
	PC int
	// General is how many registers, from Regs[0], make up GDB's "g"
	// packet (the rest are read one at a time); their Nums must be 0,
	// 1, … in order.
	General int
}

// DebugReg is one register as a debugger sees it: the fields of a GDB
// target description's <reg> element.
type DebugReg struct {
	Name string // name the debugger shows ("ra", "pc", "v1", "mstatus")
	Bits int    // width, a multiple of 8
	// Type is the target-description type: int, code_ptr, data_ptr,
	// ieee_single, ieee_double, or "vector" for a register of lanes (the
	// server offers views of 8-, 16-, 32- and 64-bit lanes).
	Type    string
	Group   string // register group: general, float, vector, csr, system
	Feature string // target-description feature ("org.gnu.gdb.riscv.cpu")
	Num     int    // number in the remote protocol, unique
}

// AccessWatcher is implemented by a Debugger that may not see its
// program's accesses: when WatchesAccesses is false, SetWatch does
// nothing, and a debugger leaves watchpoints to its client (GDB then
// single-steps and compares values: software watchpoints).
type AccessWatcher interface {
	WatchesAccesses() bool
}

// DebugRead is a Debugger's ReadMem on m: up to n bytes from addr, across
// adjacent regions, stopping at the first byte outside memory; it fails
// only when addr itself is outside.
func (m *Memory) DebugRead(addr uint64, n int) ([]byte, error) {
	var out []byte
	for n > 0 {
		r := m.Find(addr)
		if r == nil {
			break
		}
		k := min(uint64(n), r.End-addr)
		out = append(out, r.Data[addr-r.Base:addr-r.Base+k]...)
		addr += k
		n -= int(k)
	}
	if len(out) == 0 && n > 0 {
		return nil, fmt.Errorf("address %#x is outside memory (%s)", addr, m.Map())
	}
	return out, nil
}

// DebugWrite is a Debugger's WriteMem on m: data at addr, ignoring
// permissions and marking nothing written, across adjacent regions; it
// writes nothing unless every byte lies in memory. changed, if not nil,
// is told each region span written (a core re-decodes code there).
func (m *Memory) DebugWrite(addr uint64, data []byte, changed func(r *Region, addr uint64, n int)) error {
	for a, left := addr, uint64(len(data)); left > 0; {
		r := m.Find(a)
		if r == nil || a < addr {
			return fmt.Errorf("address %#x is outside memory (%s)", a, m.Map())
		}
		k := min(left, r.End-a)
		a, left = a+k, left-k
	}
	for a, rest := addr, data; len(rest) > 0; {
		r := m.Find(a)
		k := copy(r.Data[a-r.Base:], rest)
		r.touch(a-r.Base, uint64(k))
		if changed != nil {
			changed(r, a, k)
		}
		a, rest = a+uint64(k), rest[k:]
	}
	return nil
}
