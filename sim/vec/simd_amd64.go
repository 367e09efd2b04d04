//go:build !purego

package vec

import "github.com/klauspost/cpuid/v2"

// hostISA reports which kernel instruction sets the host (CPU and OS)
// supports, indexed like isaNames.
func hostISA() [nISA]bool {
	c := &cpuid.CPU
	return [nISA]bool{
		isaAVX512: c.Supports(cpuid.AVX2, cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL),
		isaAVX2:   c.Supports(cpuid.AVX2),
	}
}

func kernelList() []kdesc { return kernels[:] }
