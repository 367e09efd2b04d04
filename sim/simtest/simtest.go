// Package simtest holds a target's fast paths to its reference stepper
// (sim.CoreOptions.Reference), as one spec corpus is run against two
// engines: it runs a program both ways and describes how the two runs
// differ — halt, stats, registers, every memory byte — also when the run
// is cut short at cycle limits inside it. Only tests import it: every
// target's corpus runs through it in this package's tests, and each
// target's own random-program tests and fuzzers call it.
package simtest

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// NewCore makes a core: a target's sim.Target.New, or a variant that sets
// target options of its own (aie2's hazard policy).
type NewCore func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error)

// Program is one program of a corpus and what its core needs first.
type Program struct {
	Name  string
	HW    *isadefs.HW
	Image *sim.Image
	// Setup, if set, prepares the loaded core before its run (argument
	// registers, memory contents); it must do the same to every core.
	Setup func(sim.Core) error
	// Options are the run's options (MaxCycles, Stop, …); Reference is
	// set by the harness.
	Options sim.CoreOptions
}

// Harness compares a target's fast path with its reference stepper.
type Harness struct {
	New NewCore
	// Extra, if set, describes how the two cores differ in state that
	// Diff cannot see through sim.Core (a target's CSRs, accumulators;
	// "" when they agree).
	Extra func(fast, ref sim.Core) string
	// Cuts is how many cycle limits inside each run are also compared
	// (chosen from the program's name, so every run of a test cuts at
	// the same cycles): runs that stop anywhere, inside a block too.
	Cuts int
}

// Run loads p into a new core made with options o, sets it up and runs
// it.
func Run(newCore NewCore, p Program, o sim.CoreOptions) (sim.Core, error) {
	c, err := newCore(p.HW, o)
	if err != nil {
		return nil, err
	}
	if err := c.Load(p.Image); err != nil {
		return nil, err
	}
	if p.Setup != nil {
		if err := p.Setup(c); err != nil {
			return nil, err
		}
	}
	if h := c.Run(); h.Kind == sim.Running || h.String() == "" {
		return nil, fmt.Errorf("Run returned without a halt reason (%+v)", h)
	}
	return c, nil
}

// Pair runs p under the fast path and under the reference stepper.
func (h Harness) Pair(p Program) (fast, ref sim.Core, err error) {
	o := p.Options
	o.Reference = false
	if fast, err = Run(h.New, p, o); err != nil {
		return nil, nil, fmt.Errorf("fast: %w", err)
	}
	o.Reference = true
	if ref, err = Run(h.New, p, o); err != nil {
		return nil, nil, fmt.Errorf("reference: %w", err)
	}
	return fast, ref, nil
}

// Check runs p both ways, and again cut short at h.Cuts cycle limits
// inside the run, and describes the first difference ("" when every
// pair agrees). It also returns the core of the fast run to the end.
func (h Harness) Check(p Program) (diff string, fast sim.Core, err error) {
	fast, ref, err := h.Pair(p)
	if err != nil {
		return "", nil, err
	}
	if d := h.diff(fast, ref); d != "" {
		return "fast vs reference: " + d, fast, nil
	}
	total := int64(fast.Stats().Cycles)
	for k := 0; k < h.Cuts && total > 1; k++ {
		cut := p
		cut.Options.MaxCycles = 1 + int64(spread(p.Name, k)%uint64(total-1))
		if p.Options.MaxCycles > 0 {
			cut.Options.MaxCycles = min(cut.Options.MaxCycles, p.Options.MaxCycles)
		}
		cf, cr, err := h.Pair(cut)
		if err != nil {
			return "", fast, fmt.Errorf("cycle limit %d: %w", cut.Options.MaxCycles, err)
		}
		if d := h.diff(cf, cr); d != "" {
			return fmt.Sprintf("cycle limit %d: fast vs reference: %s", cut.Options.MaxCycles, d), fast, nil
		}
	}
	return "", fast, nil
}

// NewWithAllOptions builds the registered target's core on its own
// hardware config with AllCoreOptions, and returns both, so that a
// target's test can check the core kept every field.
func NewWithAllOptions(target string) (sim.Core, sim.CoreOptions, error) {
	tgt, err := sim.LookupTarget(target)
	if err != nil {
		return nil, sim.CoreOptions{}, err
	}
	hw, err := isadefs.HWByName(target)
	if err != nil {
		return nil, sim.CoreOptions{}, err
	}
	o := AllCoreOptions()
	c, err := tgt.New(hw, o)
	return c, o, err
}

// AllCoreOptions returns options with every field set to a value that is
// not its zero value (new writers, profiles, flags; MaxCycles 123456789;
// Engine "auto"),
// for tests that check a target passes each field on to its core.
func AllCoreOptions() sim.CoreOptions {
	var o sim.CoreOptions
	v := reflect.ValueOf(&o).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Int64:
			f.SetInt(123456789)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.String: // Engine: every target's default, by name
			f.SetString("auto")
		case reflect.Interface: // io.Writer
			f.Set(reflect.ValueOf(new(bytes.Buffer)))
		default:
			panic(fmt.Sprintf("simtest.AllCoreOptions: no value for CoreOptions.%s (%s): add one", v.Type().Field(i).Name, f.Type()))
		}
	}
	return o
}

// spread is the k-th number of a sequence determined by name.
func spread(name string, k int) uint64 {
	f := fnv.New64a()
	fmt.Fprintf(f, "%s#%d", name, k)
	return f.Sum64()
}

func (h Harness) diff(fast, ref sim.Core) string {
	if d := Diff(fast, ref); d != "" {
		return d
	}
	if h.Extra != nil {
		return h.Extra(fast, ref)
	}
	return ""
}

// halted is what Diff needs to read a core's halt (sim.Debugger has it).
type halted interface {
	Halted() (sim.Halt, bool)
}

// Diff describes how two cores that ran the same program differ, through
// what sim.Core shows of them: the halt (kind, pc, code, message), every
// field of the stats but the wall time, the registers (DumpRegs), every
// memory byte and the written ranges. It returns "" when they agree.
func Diff(a, b sim.Core) string {
	ha, aok := a.(halted)
	hb, bok := b.(halted)
	if !aok || !bok {
		return fmt.Sprintf("%T or %T cannot say why it halted (no Halted method)", a, b)
	}
	xa, _ := ha.Halted()
	xb, _ := hb.Halted()
	if xa.Kind != xb.Kind || xa.PC != xb.PC || xa.Code != xb.Code || xa.String() != xb.String() {
		return fmt.Sprintf("halt %q (pc %#x, code %d) vs %q (pc %#x, code %d)", xa, xa.PC, xa.Code, xb, xb.PC, xb.Code)
	}
	if d := diffStats(a.Stats(), b.Stats()); d != "" {
		return d
	}
	var ra, rb strings.Builder
	a.DumpRegs(&ra)
	b.DumpRegs(&rb)
	if d := diffLines(ra.String(), rb.String()); d != "" {
		return "registers: " + d
	}
	ma, mb := a.Memory(), b.Memory()
	if len(ma.Regions) != len(mb.Regions) {
		return fmt.Sprintf("memories have %d vs %d regions", len(ma.Regions), len(mb.Regions))
	}
	for i, r := range ma.Regions {
		if d := diffBytes(r.Data, mb.Regions[i].Data); d != "" {
			return fmt.Sprintf("memory region %s: %s", r.Name, d)
		}
	}
	if wa, wb := ma.WrittenRanges(), mb.WrittenRanges(); !reflect.DeepEqual(wa, wb) {
		return fmt.Sprintf("written ranges %v vs %v", wa, wb)
	}
	return ""
}

// diffStats compares every field of two stats but Wall and Engine.
func diffStats(a, b *sim.Stats) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := 0; i < va.NumField(); i++ {
		name := va.Type().Field(i).Name
		if name == "Wall" || name == "Engine" {
			continue
		}
		if x, y := va.Field(i).Interface(), vb.Field(i).Interface(); !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("stats %s %v vs %v", name, x, y)
		}
	}
	return ""
}

// diffLines names the first line where two texts differ.
func diffLines(a, b string) string {
	if a == b {
		return ""
	}
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %q vs %q", i+1, x, y)
		}
	}
	return "" // unreachable: the texts differ
}

// diffBytes names the first byte where two memories differ.
func diffBytes(a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d vs %d bytes", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			return fmt.Sprintf("byte %#x: %#02x vs %#02x", i, a[i], b[i])
		}
	}
	return ""
}
