// Package aie2 writes aie2's baseline kernels: Go generators in the manner
// of mlir-aie's single-core kernels (Xilinx/mlir-aie aie_kernels/aie2:
// vectorised loops under the zero-overhead loop, lookup-table exp, tanh and
// reciprocal, bf16 in and out with fp32 accumulators; the facts are in
// /work/shared/notes/aie2-facts.md §5), one per task, instantiated with a
// configuration's shapes and the case layout (ref: tensors in the tile's
// data memory at 0x70000, their addresses in p0..p7).
//
// Each task's generator lives in the file of its family and registers
// itself with register; Kernel finds it by task id.
package aie2

import (
	"fmt"
	"sort"
	"strings"

	"kernelcraft/ref"
)

// Target is the target these baselines are for.
const Target = "aie2"

// Gen writes the baseline kernel of one task into p for a case's layout
// (tensor addresses and the registers holding them are those of c) and
// parameters.
type Gen func(p *Prog, c *ref.Case, params ref.Params) error

var gens = map[string]Gen{}

// register makes g the generator of a task; called from init functions.
func register(task string, g Gen) {
	if _, dup := gens[task]; dup {
		panic("aie2 baseline: two generators for " + task)
	}
	gens[task] = g
}

// Tasks lists the tasks that have a generator, sorted.
func Tasks() []string {
	out := make([]string, 0, len(gens))
	for t := range gens {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Kernel returns the baseline kernel of a (task, configuration): llvm-aie
// assembly text that kc-as -t aie2 assembles.
func Kernel(task string, config int) ([]byte, error) {
	g := gens[task]
	if g == nil {
		return nil, fmt.Errorf("aie2: no baseline for task %s yet (have: %s)", task, strings.Join(Tasks(), ", "))
	}
	c, _, err := ref.Generate(Target, task, config, 1, false)
	if err != nil {
		return nil, err
	}
	params, err := ref.ParamsOf(c)
	if err != nil {
		return nil, err
	}
	p := &Prog{}
	p.Comment("%s, aie2 configuration %d: baseline in the manner of mlir-aie's aie_kernels (kernelcraft/baseline/aie2)", task, config)
	if err := g(p, c, params); err != nil {
		return nil, fmt.Errorf("aie2 baseline %s config %d: %w", task, config, err)
	}
	return p.Source(), nil
}

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
func Tensor(c *ref.Case, name string) (ref.TensorSpec, error) {
	var names []string
	for _, t := range c.Tensors {
		if t.Name == name {
			return t, nil
		}
		names = append(names, t.Name)
	}
	return ref.TensorSpec{}, fmt.Errorf("case %s has no tensor %q (has: %s)", c.Task, name, strings.Join(names, ", "))
}
