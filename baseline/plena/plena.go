// Package plena writes plena's baseline kernels: Go generators in the
// manner of PLENA's compiler templates
// (AICrossSim/PLENA_Compiler@a76561258f5dafc680afe0e399f23f6843008ed4:
// asm_templates/), one per task, instantiated with a
// configuration's shapes and the case layout PLENA's test harness uses
// (ref: inputs as MXFP8 in HBM, constants in FP SRAM, outputs in Vector
// SRAM).
//
// Each task's generator lives in the file of its family and registers
// itself with register; Kernel finds it by task id.
package plena

import (
	"fmt"
	"strings"

	"kernelcraft/baseline/internal/registry"
	"kernelcraft/ref"
)

// Target is the target these baselines are for.
const Target = "plena"

// Gen writes the baseline kernel of one task into p for a case's layout
// and parameters.
type Gen = registry.Gen[*Prog]

// gens holds the generators; each family's file registers its tasks.
var gens = &registry.Registry[*Prog]{Target: Target, Manner: "PLENA's compiler templates (kernelcraft/baseline/plena)", New: func() *Prog { return &Prog{} }}

// register makes g the generator of a task; called from init functions.
func register(task string, g Gen) { gens.Register(task, g) }

// Tasks lists the tasks that have a generator, sorted.
func Tasks() []string { return gens.Tasks() }

// Kernel returns the baseline kernel of a (task, configuration): PLENA
// assembly text that kc-as -t plena assembles.
func Kernel(task string, config int) ([]byte, error) { return gens.Kernel(task, config) }

// Prog is a plena program being written, one PLENA assembly line at a
// time.
type Prog struct {
	lines []string
}

// Comment adds a comment line.
func (p *Prog) Comment(format string, a ...any) {
	p.lines = append(p.lines, "; "+fmt.Sprintf(format, a...))
}

// Op adds one instruction, e.g. p.Op("S_ADDI_INT gp%d, gp0, %d", r, v).
func (p *Prog) Op(format string, a ...any) {
	p.lines = append(p.lines, fmt.Sprintf(format, a...))
}

// SetInt sets gp[reg] to v with S_ADDI_INT (v < 2^18) or S_LUI_INT then
// S_ADDI_INT; it assumes gp0 holds 0, as every generator here keeps it.
func (p *Prog) SetInt(reg int, v uint32) {
	const imm18 = 1 << 18
	if v < imm18 {
		p.Op("S_ADDI_INT gp%d, gp0, %d", reg, v)
		return
	}
	p.Op("S_LUI_INT gp%d, %d", reg, v>>12)
	if lo := v & 0xfff; lo != 0 {
		p.Op("S_ADDI_INT gp%d, gp%d, %d", reg, reg, lo)
	}
}

// Loop wraps body in a hardware loop of n iterations counted down in
// gp[counter] (n >= 1); n == 1 emits the body once without a loop.
func (p *Prog) Loop(counter, n int, body func()) {
	if n == 1 {
		body()
		return
	}
	p.Op("C_LOOP_START gp%d, %d", counter, n)
	body()
	p.Op("C_LOOP_END gp%d", counter)
}

// Lines is how many lines (instructions and comments) p holds.
func (p *Prog) Lines() int { return len(p.lines) }

// Source is the program's text.
func (p *Prog) Source() []byte {
	return []byte(strings.Join(p.lines, "\n") + "\n")
}

// Tensor is the spec of a case's tensor by name, or an error naming the
// tensors the case has.
func Tensor(c *ref.Case, name string) (ref.TensorSpec, error) { return registry.Tensor(c, name) }
