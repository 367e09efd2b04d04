// Package registry is what the generated baselines (plena, aie2) share:
// a table of Go generators by task, and the kernel of a (task,
// configuration) written by one from the cell's case layout.
package registry

import (
	"fmt"
	"sort"
	"strings"

	"kernelcraft/ref"
)

// Prog is a program a generator writes.
type Prog interface {
	Comment(format string, a ...any)
	Source() []byte
}

// Gen writes the baseline kernel of one task into p for a case's layout
// (tensor addresses and layouts are those of c.Tensors) and parameters.
type Gen[P Prog] func(p P, c *ref.Case, params ref.Params) error

// Registry holds one target's generators.
type Registry[P Prog] struct {
	Target string   // the target, e.g. "plena"
	Manner string   // what the baselines follow, for each kernel's first line
	New    func() P // an empty program
	gens   map[string]Gen[P]
}

// Register makes g the generator of a task (from init functions); two
// generators for one task are a programming error.
func (r *Registry[P]) Register(task string, g Gen[P]) {
	if _, dup := r.gens[task]; dup {
		panic(r.Target + " baseline: two generators for " + task)
	}
	if r.gens == nil {
		r.gens = map[string]Gen[P]{}
	}
	r.gens[task] = g
}

// Tasks lists the tasks that have a generator, sorted.
func (r *Registry[P]) Tasks() []string {
	out := make([]string, 0, len(r.gens))
	for t := range r.gens {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// Kernel is the baseline kernel of a (task, configuration), written for
// the layout of the cell's cases (seed 1's visible case, without its
// data: every case of a cell has the same layout).
func (r *Registry[P]) Kernel(task string, config int) ([]byte, error) {
	g := r.gens[task]
	if g == nil {
		return nil, fmt.Errorf("%s: no baseline for task %s yet (have: %s)", r.Target, task, strings.Join(r.Tasks(), ", "))
	}
	c, err := ref.CaseLayout(r.Target, task, config)
	if err != nil {
		return nil, err
	}
	params, err := ref.ParamsOf(c)
	if err != nil {
		return nil, err
	}
	p := r.New()
	p.Comment("%s, %s configuration %d: baseline in the manner of %s", task, r.Target, config, r.Manner)
	if err := g(p, c, params); err != nil {
		return nil, fmt.Errorf("%s baseline %s config %d: %w", r.Target, task, config, err)
	}
	return p.Source(), nil
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
