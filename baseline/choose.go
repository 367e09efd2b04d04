package baseline

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"kernelcraft/baseline/aie2"
	"kernelcraft/baseline/plena"
	"kernelcraft/ref"
)

// Kernel is a kernel's assembly source and a name for messages.
type Kernel struct {
	Name string
	Src  []byte
}

// CompilerKernel is the compiler baseline's kernel of a coral cell.
func CompilerKernel(task string, config int) (Kernel, error) {
	src, err := Compiled(task, config)
	return Kernel{Name: "baseline/coral/s/" + CompiledName(task, config), Src: src}, err
}

// KindCompiler is the compiler baseline: C with RVV at -O2 (clang-16),
// per configuration.
const KindCompiler = "compiler"

// Kinds lists the kinds of baseline.
var Kinds = []string{KindCompiler, KindTemplate}

// The golden cycle tables of both baselines (hidden case of
// judge.GoldenSeeds: visible and hidden seed 1), written by the judge
// package's tests: the chosen baseline of a cell is the faster one there.
var (
	//go:embed testdata/compiler_cycles.md
	compilerCycles string
	//go:embed testdata/template_cycles.md
	templateCycles string
	// plenaCompilerCycles is plena's golden table (its one kind of
	// baseline, PLENA's compiler templates), written by the judge's
	// TestPlenaBaselineAllCells.
	//go:embed testdata/plena_compiler_cycles.md
	plenaCompilerCycles string
	// aie2CompilerCycles is aie2's golden table (its one kind of
	// baseline), written by the judge package's aie2 tests.
	//go:embed testdata/aie2_compiler_cycles.md
	aie2CompilerCycles string
)

// parseTable reads a cycle table written by Table: task -> cycles per
// configuration (0 where a cell failed).
func parseTable(text string) map[string][]uint64 {
	out := map[string][]uint64{}
	for _, line := range strings.Split(text, "\n")[2:] {
		f := strings.Split(line, "|")
		if len(f) < 2+ref.NumConfigs {
			continue
		}
		row := make([]uint64, ref.NumConfigs)
		for i := range row {
			row[i], _ = strconv.ParseUint(strings.TrimSpace(f[2+i]), 10, 64)
		}
		out[strings.TrimSpace(f[1])] = row
	}
	return out
}

// ChosenKind is the kind of baseline kernels are compared with on a coral
// cell: the faster of the compiler and template baselines by the golden
// cycle tables (the compiler baseline when they tie or a table lacks the
// cell).
func ChosenKind(task string, config int) string {
	c, t := parseTable(compilerCycles)[task], parseTable(templateCycles)[task]
	if config < 1 || config > ref.NumConfigs || c == nil || t == nil {
		return KindCompiler
	}
	if tc, cc := t[config-1], c[config-1]; tc > 0 && (cc == 0 || tc < cc) {
		return KindTemplate
	}
	return KindCompiler
}

// targetBaselines is what one target contributes: its kinds of baseline,
// which one a cell is compared with, and the kernels.
type targetBaselines struct {
	kinds  []string
	chosen func(task string, config int) string
	kernel func(kind, task string, config int) (Kernel, error)
	// tables are the golden cycle tables by kind.
	tables map[string]*string
}

// byTarget holds every target's baselines (a target missing here has
// none yet).
var byTarget = map[string]targetBaselines{
	"coral": {kinds: Kinds, chosen: ChosenKind, kernel: coralKernel,
		tables: map[string]*string{KindCompiler: &compilerCycles, KindTemplate: &templateCycles}},
	"plena": {kinds: []string{KindCompiler}, chosen: func(string, int) string { return KindCompiler }, kernel: plenaKernel,
		tables: map[string]*string{KindCompiler: &plenaCompilerCycles}},
	"aie2": {kinds: []string{KindCompiler}, chosen: func(string, int) string { return KindCompiler }, kernel: aie2Kernel,
		tables: map[string]*string{KindCompiler: &aie2CompilerCycles}},
}

// CheckKind reports an error unless the target has baselines of the kind
// ("" is the chosen kind of each cell).
func CheckKind(target, kind string) error {
	tb, ok := byTarget[target]
	switch {
	case !ok:
		if err := ref.CheckTarget(target); err != nil {
			return err // a misspelt target is not one without baselines
		}
		return fmt.Errorf("no baselines for target %s yet", target)
	case kind != "" && !slices.Contains(tb.kinds, kind):
		return fmt.Errorf("unknown baseline kind %q for target %s (have: %v)", kind, target, tb.kinds)
	}
	return nil
}

// Baseline returns the baseline kernel of a kind for a (target, task,
// configuration); kind "" is the chosen one (ChosenKind on coral).
func Baseline(target, kind, task string, config int) (Kernel, error) {
	tb, ok := byTarget[target]
	if !ok {
		if err := ref.CheckTarget(target); err != nil {
			return Kernel{}, err
		}
		return Kernel{}, fmt.Errorf("no baselines for target %s yet", target)
	}
	if _, err := ref.LookupConfig(target, task, config); err != nil {
		return Kernel{}, err
	}
	if kind == "" {
		kind = tb.chosen(task, config)
	}
	if !slices.Contains(tb.kinds, kind) {
		return Kernel{}, fmt.Errorf("unknown baseline kind %q for target %s (have: %v)", kind, target, tb.kinds)
	}
	return tb.kernel(kind, task, config)
}

// coralKernel is coral's baseline of a kind.
func coralKernel(kind, task string, config int) (Kernel, error) {
	if kind == KindTemplate {
		return Template(task, config)
	}
	return CompilerKernel(task, config)
}

// plenaKernel is plena's baseline: PLENA's compiler templates, in Go.
func plenaKernel(_, task string, config int) (Kernel, error) {
	return cachedKernel(fmt.Sprintf("baseline/plena/%s_c%d.asm", task, config), func() ([]byte, error) { return plena.Kernel(task, config) })
}

// aie2Kernel is aie2's baseline: mlir-aie's aie_kernels, in Go.
func aie2Kernel(_, task string, config int) (Kernel, error) {
	return cachedKernel(fmt.Sprintf("baseline/aie2/%s_c%d.s", task, config), func() ([]byte, error) { return aie2.Kernel(task, config) })
}

// generatedKernels caches the generated kernels (plena, aie2) by name.
var generatedKernels sync.Map

// cachedKernel returns a copy of the kernel gen makes, generated once per
// process (generating one lays out the cell's visible case, inputs
// included).
func cachedKernel(name string, gen func() ([]byte, error)) (Kernel, error) {
	v, _ := generatedKernels.LoadOrStore(name, sync.OnceValues(gen))
	src, err := v.(func() ([]byte, error))()
	return Kernel{Name: name, Src: slices.Clone(src)}, err
}

// SimCost estimates how long a cell takes to simulate, for scheduling the
// longest first: the target's baselines' golden cycle count (the largest
// of its tables), or for cells without one, a guess from the
// configuration number (larger configurations have larger shapes).
func SimCost(target, task string, config int) uint64 {
	var best uint64
	for _, tab := range goldenTables()[target] {
		if row := tab[task]; config >= 1 && config <= len(row) {
			best = max(best, row[config-1])
		}
	}
	if best == 0 {
		best = uint64(config)
	}
	return best
}

// goldenTables are every target's golden cycle tables by kind, parsed.
var goldenTables = sync.OnceValue(func() map[string]map[string]map[string][]uint64 {
	out := map[string]map[string]map[string][]uint64{}
	for target, tb := range byTarget {
		out[target] = map[string]map[string][]uint64{}
		for kind, text := range tb.tables {
			out[target][kind] = parseTable(*text)
		}
	}
	return out
})

// TargetGoldenCycles is a target's golden cycle table of a baseline kind:
// task -> cycles per configuration (0 where a cell failed); nil for a
// target or kind without one.
func TargetGoldenCycles(target, kind string) map[string][]uint64 {
	return goldenTables()[target][kind]
}
