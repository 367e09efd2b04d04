package baseline

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"kernelcraft/ref"
)

// KindCompiler is the compiler baseline: C with RVV at -O2 (clang-16),
// per configuration.
const KindCompiler = "compiler"

// Kinds lists the kinds of baseline.
var Kinds = []string{KindCompiler, KindTemplate}

// The golden cycle tables of both baselines (visible case, seed 1): the
// chosen baseline of a cell is the faster one there.
var (
	//go:embed testdata/compiler_cycles.md
	compilerCycles string
	//go:embed testdata/template_cycles.md
	templateCycles string
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

// Baseline returns the baseline kernel of a kind for a (target, task,
// configuration); kind "" is the chosen one (ChosenKind). Only coral has
// baselines.
func Baseline(target, kind, task string, config int) (Kernel, error) {
	if target != "coral" {
		return Kernel{}, fmt.Errorf("no baselines for target %s yet (coral only)", target)
	}
	if _, err := ref.LookupConfig(target, task, config); err != nil {
		return Kernel{}, err
	}
	if kind == "" {
		kind = ChosenKind(task, config)
	}
	switch kind {
	case KindCompiler:
		return CompilerKernel(task, config)
	case KindTemplate:
		return Template(task, config)
	}
	return Kernel{}, fmt.Errorf("unknown baseline kind %q (have: %v)", kind, Kinds)
}

// Speedup is the baseline's cycles over the kernel's (visible case): above
// 1 the kernel is faster. It is 0 when either cell did not pass.
func Speedup(kernel, base *Cell) float64 {
	if kernel == nil || base == nil || !kernel.Pass() || !base.Pass() || kernel.Cycles() == 0 {
		return 0
	}
	return float64(base.Cycles()) / float64(kernel.Cycles())
}
