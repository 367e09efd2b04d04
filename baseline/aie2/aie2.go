// Package aie2 writes aie2's baseline kernels: Go generators in the manner
// of mlir-aie's single-core kernels (Xilinx/mlir-aie aie_kernels/aie2:
// vectorised loops under the zero-overhead loop, lookup-table exp, tanh and
// reciprocal, bf16 in and out with fp32 accumulators: Xilinx/mlir-aie
// aie_kernels/aie2/*.cc and aie_runtime_lib/AIE2/lut_based_ops.h), one per task, instantiated with a
// configuration's shapes and the case layout (ref: tensors in the tile's
// data memory at 0x70000, their addresses in p0..p7).
//
// Each task's generator lives in the file of its family and registers
// itself with register; Kernel finds it by task id.
package aie2

import (
	"fmt"
	"strings"
	"sync"

	"kernelcraft/baseline/internal/registry"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// Target is the target these baselines are for.
const Target = "aie2"

// Gen writes the baseline kernel of one task into p for a case's layout
// and parameters.
type Gen = registry.Gen[*Prog]

// gens holds the generators; each family's file registers its tasks.
var gens = &registry.Registry[*Prog]{Target: Target, Manner: "mlir-aie's aie_kernels (kernelcraft/baseline/aie2)", New: func() *Prog { return &Prog{} }}

// register makes g the generator of a task; called from init functions.
func register(task string, g Gen) { gens.Register(task, g) }

// Tasks lists the tasks that have a generator, sorted.
func Tasks() []string { return gens.Tasks() }

// Kernel returns the baseline kernel of a (task, configuration): llvm-aie
// assembly text that kc-as -t aie2 assembles.
func Kernel(task string, config int) ([]byte, error) { return gens.Kernel(task, config) }

// Prog is an aie2 program being written, one bundle (llvm-aie syntax: the
// slot operations of one cycle separated by " ; ") per line.
type Prog struct {
	lines  []string
	labels int
}

// Comment adds a comment line.
func (p *Prog) Comment(format string, a ...any) {
	p.lines = append(p.lines, "// "+fmt.Sprintf(format, a...))
}

// Bundle adds one bundle of slot operations, e.g.
// p.Bundle("vlda wl0, [p0], #32", "vmac.f bml0, bml0, x0, x2, r0");
// no operation is a one-cycle nop.
func (p *Prog) Bundle(ops ...string) {
	if len(ops) == 0 {
		p.lines = append(p.lines, "\tnop")
		return
	}
	p.lines = append(p.lines, "\t"+strings.Join(ops, " ; "))
}

// Op adds a bundle of one operation built from a format.
func (p *Prog) Op(format string, a ...any) { p.Bundle(fmt.Sprintf(format, a...)) }

// Nops adds n empty bundles (n cycles of waiting out the exposed
// pipeline).
func (p *Prog) Nops(n int) {
	for range n {
		p.Bundle()
	}
}

// Label defines a label at the next bundle.
func (p *Prog) Label(name string) { p.lines = append(p.lines, name+":") }

// NewLabel returns a label name unique in p with a prefix.
func (p *Prog) NewLabel(prefix string) string {
	p.labels++
	return fmt.Sprintf(".L%s%d", prefix, p.labels)
}

// Align16 aligns the next bundle to 16 bytes (the fetch line: loop starts
// and branch targets).
func (p *Prog) Align16() { p.lines = append(p.lines, "\t.p2align 4") }

// Lines is how many lines (bundles, labels and comments) p holds.
func (p *Prog) Lines() int { return len(p.lines) }

// Source is the program's text.
func (p *Prog) Source() []byte {
	return []byte(strings.Join(p.lines, "\n") + "\n")
}

// Tensor is the spec of a case's tensor by name, or an error naming the
// tensors the case has.
func Tensor(c *ref.Case, name string) (ref.TensorSpec, error) { return registry.Tensor(c, name) }

// fullSlots are the slots of a full 128-bit bundle (lng is alu and mv
// together).
var fullSlots = []string{"ldb", "lda", "st", "alu", "mv", "vec"}

// nopOf is each slot's nop.
var nopOf = map[string]string{"lda": "nopa", "ldb": "nopb", "st": "nops", "alu": "nopx", "mv": "nopm", "vec": "nopv"}

// slotsOf lists the slots an operation's mnemonic can issue in.
func slotsOf(op string) ([]string, error) {
	if v, ok := slotsCache.Load(op); ok {
		return v.([]string), nil
	}
	out, err := slotsOfUncached(op)
	if err == nil {
		slotsCache.Store(op, out)
	}
	return out, err
}

// slotsCache memoises slotsOf by operation text: the generators bundle
// the same operations over and over, and matching them against the ISA's
// forms was a third of generating the baselines (callers only read the
// slices).
var slotsCache sync.Map

func slotsOfUncached(op string) ([]string, error) {
	isa, err := isadefs.LoadISA(Target)
	if err != nil {
		return nil, err
	}
	mn := strings.ToLower(strings.Fields(op)[0])
	args := strings.TrimSpace(op[len(mn):])
	forms := isa.Lookup(mn)
	var matching []*isadefs.Inst
	for _, in := range forms {
		if formMatches(in, args) {
			matching = append(matching, in)
		}
	}
	if len(matching) > 0 { // else the assembler names what is wrong
		forms = matching
	}
	seen := map[string]bool{}
	var out []string
	for _, in := range forms {
		s := in.Slot
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("unknown aie2 mnemonic %q", mn)
	}
	return out, nil
}

// formMatches reports whether an operation's operands (the text after
// its mnemonic) fit a form's syntax: its literal text, and a register of
// the operand's file where the form has a register operand (vmov's forms
// differ only by that: "vmov wh3, wl3" is the mv slot's, not lda's).
func formMatches(in *isadefs.Inst, args string) bool {
	s := strings.Join(strings.Fields(args), "")
	for i, tk := range in.Tokens {
		if tk.Operand == nil {
			lit := strings.Join(strings.Fields(tk.Text), "")
			if len(s) < len(lit) || !strings.EqualFold(s[:len(lit)], lit) {
				return false
			}
			s = s[len(lit):]
			continue
		}
		end := len(s)
		if i+1 < len(in.Tokens) && in.Tokens[i+1].Operand == nil {
			if lit := strings.Join(strings.Fields(in.Tokens[i+1].Text), ""); lit != "" {
				if j := strings.Index(s, lit[:1]); j >= 0 {
					end = j
				}
			}
		}
		word := s[:end]
		if word == "" {
			return false
		}
		if k := tk.Operand; k.Class == "reg" && k.RegFile != nil {
			if _, ok := k.RegFile.IndexOf(word); !ok {
				return false
			}
		}
		s = s[end:]
	}
	return s == ""
}

// assignSlots gives each operation a slot (lng taking alu and mv), the
// way the assembler must: every operation in a slot it can issue in, no
// slot twice.
func assignSlots(ops []string) (map[string]bool, error) {
	cands := make([][]string, len(ops))
	for i, op := range ops {
		c, err := slotsOf(op)
		if err != nil {
			return nil, err
		}
		cands[i] = c
	}
	used, ok := slotFit(cands)
	if !ok {
		return nil, fmt.Errorf("no slot assignment for bundle %q", strings.Join(ops, " ; "))
	}
	return used, nil
}

// slotFit gives each operation one of its candidate slots, no slot
// twice (lng takes alu and mv together): the slots used, or false when
// the operations cannot share a bundle.
func slotFit(cands [][]string) (map[string]bool, bool) {
	used := map[string]bool{}
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(cands) {
			return true
		}
		for _, s := range cands[i] {
			need := []string{s}
			if s == "lng" {
				need = []string{"alu", "mv"}
			}
			free := true
			for _, n := range need {
				free = free && !used[n]
			}
			if !free {
				continue
			}
			for _, n := range need {
				used[n] = true
			}
			if try(i + 1) {
				return true
			}
			for _, n := range need {
				used[n] = false
			}
		}
		return false
	}
	return used, try(0)
}

// Full adds a bundle padded with the nops of every slot it leaves empty,
// so that it is encoded in the 128-bit format (16 bytes): zero-overhead
// loop bodies are made of such bundles to keep llvm-aie's alignment rules
// (the loop's last bundle ends on a 16-byte boundary).
func (p *Prog) Full(ops ...string) error {
	used, err := assignSlots(ops)
	if err != nil {
		return err
	}
	out := append([]string(nil), ops...)
	for _, s := range fullSlots {
		if !used[s] {
			out = append(out, nopOf[s])
		}
	}
	p.Bundle(out...)
	return nil
}

// SOp is an operation of a software-pipelined loop body at cycle T of its
// iteration.
type SOp struct {
	T  int
	Op string
}

// Pipelined emits n iterations of a loop body modulo-scheduled with
// initiation interval ii: iteration i issues op at cycle i*ii + op.T. On
// the exposed pipeline no register rotation is needed as long as every
// value is read within ii cycles of landing. The steady state is a
// zero-overhead loop (ls/le/lc set first, 16-byte bundles, at least 112
// bytes from the set-up to the loop's last bundle), with its prologue and
// epilogue written out; with too few iterations for a steady state the
// whole schedule is written out. Operations must not depend on the
// iteration except through post-modified pointers.
func (p *Prog) Pipelined(n, ii int, ops []SOp) error {
	if n <= 0 {
		return nil
	}
	maxT := 0
	for _, o := range ops {
		maxT = max(maxT, o.T)
	}
	stages := maxT/ii + 1
	at := func(c int) []string { // the operations issuing in cycle c
		var out []string
		for _, o := range ops {
			if d := c - o.T; d >= 0 && d%ii == 0 && d/ii < n {
				out = append(out, o.Op)
			}
		}
		return out
	}
	total := (n-1)*ii + maxT + 1
	if k := n - stages + 1; k >= 2 {
		start, end := p.NewLabel("ls"), p.NewLabel("le")
		pro := (stages - 1) * ii
		p.Bundle(fmt.Sprintf("movxm ls, #%s", start))
		p.Bundle(fmt.Sprintf("movxm le, #%s", end))
		p.Bundle(fmt.Sprintf("movxm lc, #%d", k))
		p.Align16()
		for pad := 7 - (pro + ii - 1); pad > 0; pad-- {
			if err := p.Full(); err != nil {
				return err
			}
		}
		for c := 0; c < pro; c++ {
			if err := p.Full(at(c)...); err != nil {
				return err
			}
		}
		for j := 0; j < ii; j++ {
			if j == 0 {
				p.Label(start)
			}
			if j == ii-1 {
				p.Label(end)
			}
			if err := p.Full(at(pro + j)...); err != nil {
				return err
			}
		}
		for c := n * ii; c < total; c++ {
			p.Bundle(at(c)...)
		}
		return nil
	}
	for c := 0; c < total; c++ {
		p.Bundle(at(c)...)
	}
	return nil
}

// tensorAddr is the address of a case's tensor by name.
func tensorAddr(c *ref.Case, name string) (int, error) {
	t, err := Tensor(c, name)
	if err != nil {
		return 0, err
	}
	return int(t.Addr), nil
}
