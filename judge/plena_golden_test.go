package judge

import (
	"testing"

	"kernelcraft/baseline"
)

// TestPlenaGoldenKernels: the hand-optimised plena kernels (softmax,
// RMSNorm and GEMM, Go templates in testdata/kernels/plena; GEMM's HBM
// addresses come from baseline.LayoutParams) pass every
// configuration, visible and hidden, and take fewer cycles than plena's
// baseline (PLENA's compiler templates in Go, baseline/plena) on each.
func TestPlenaGoldenKernels(t *testing.T) {
	checkGoldenKernels(t, "plena", []string{baseline.KindCompiler},
		[]goldenKernel{{"softmax.asm", "softmax"}, {"rmsnorm.asm", "rmsnorm"}, {"gemm.asm", "gemm"}})
}
