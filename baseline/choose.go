package baseline

import (
	"fmt"

	"kernelcraft/ref"
)

// Kinds of baseline.
const (
	KindCompiler = "compiler" // C with RVV at -O2 (clang-16), per configuration
)

// Kinds lists the baselines that exist, in order of preference.
var Kinds = []string{KindCompiler}

// Baseline returns the baseline kernel of a kind for a (target, task,
// configuration); kind "" chooses the default (the compiler baseline: the
// template baseline is not built yet). Only coral has baselines.
func Baseline(target, kind, task string, config int) (Kernel, error) {
	if target != "coral" {
		return Kernel{}, fmt.Errorf("no baselines for target %s yet (coral only)", target)
	}
	if _, err := ref.LookupConfig(target, task, config); err != nil {
		return Kernel{}, err
	}
	switch kind {
	case "", KindCompiler:
		return CompilerKernel(task, config)
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
