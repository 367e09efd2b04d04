package asm

import (
	"debug/elf"
	"fmt"
	"sort"
	"strings"
	"sync"

	isadefs "kernelcraft/isa-defs"
)

// Backend is what a target contributes to the shared assembler: everything
// generic (grammar, expressions, directives, registers, immediates, enums,
// syntax matching, pseudo expansion, ELF) lives here, and a backend adds
// only the operand classes, relocation modifiers and macros its ISA defines.
type Backend interface {
	// ISA is the target's instruction set.
	ISA() *isadefs.ISA
	// Machine is the ELF e_machine value of the target's executables.
	Machine() elf.Machine
	// ParseOperand parses an operand of a target-defined class. args are
	// the user's remaining operands, starting with this one; it returns the
	// value and how many operands it consumed. It is never called for the
	// generic classes reg, simm, uimm, pcrel and enum.
	ParseOperand(k *isadefs.OperandKind, args []*Arg, ctx *Ctx) (int64, int, error)
	// FormatOperand renders a target-defined operand for the disassembler.
	FormatOperand(k *isadefs.OperandKind, v int64) (string, bool)
	// Modifier applies a relocation operator such as "%hi" to a value.
	Modifier(name string, arg int64, ctx *Ctx) (int64, error)
	// Macro expands a pseudo-instruction whose expansion is "@name" into
	// instruction lines. size is 0 when sizing (values may be unknown:
	// ctx.Final is false) and the size chosen then when encoding.
	Macro(name string, args map[string]*Arg, ctx *Ctx, size int) ([]string, error)
}

// ProgramChecker is implemented by backends that check a whole assembled
// program (aie2: the alignment rules of zero-overhead loops and branch
// targets, which depend on final addresses).
type ProgramChecker interface {
	CheckProgram(p *Program) []Diag
}

// Diag is a finding of a ProgramChecker at an address of the program: an
// error (the program is rejected) or a warning.
type Diag struct {
	Addr  uint64
	Error bool
	Msg   string
	Hint  string
}

// Ctx gives a backend access to the assembler during one instruction.
type Ctx struct {
	PC    int64 // address of the instruction being assembled
	Final bool  // all symbols are known (encoding pass)
	a     *assembler
	env   evalEnv
}

// Eval evaluates an operand expression. isAddr reports whether the value
// depends on an address (a label or ".").
func (c *Ctx) Eval(e *Expr) (n int64, isAddr bool, err error) {
	v, err := e.eval(c.env)
	return v.n, v.isAddr, err
}

// Register resolves an operand that must be a register of file.
func (c *Ctx) Register(a *Arg, file string) (int, error) {
	return c.a.register(a, file)
}

// PCRelHiTarget returns the target of the %pcrel_hi operand of the
// instruction at addr (for %pcrel_lo), or an error.
func (c *Ctx) PCRelHiTarget(addr int64) (int64, error) {
	return c.a.pcrelHiTarget(addr)
}

// SourceText is the user's source text of an operand.
func (c *Ctx) SourceText(a *Arg) string { return c.a.argText(a) }

var (
	backendsMu sync.Mutex
	backends   = map[string]func() (Backend, error){}
)

// Register makes a target's backend available under its name; target
// packages call it from init.
func Register(target string, newBackend func() (Backend, error)) {
	backendsMu.Lock()
	defer backendsMu.Unlock()
	backends[target] = newBackend
}

// Targets lists the registered targets.
func Targets() []string {
	backendsMu.Lock()
	defer backendsMu.Unlock()
	var out []string
	for t := range backends {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// BackendFor returns the backend of a registered target.
func BackendFor(target string) (Backend, error) {
	backendsMu.Lock()
	f, ok := backends[target]
	backendsMu.Unlock()
	if !ok {
		return nil, fmt.Errorf("unknown target %q (known: %s)", target, strings.Join(Targets(), ", "))
	}
	return f()
}
