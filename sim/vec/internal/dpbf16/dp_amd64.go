//go:build !purego

// Package dpbf16 runs x86's VDPBF16PS (AVX512_BF16) for sim/vec's tests,
// which show that the instruction does not compute AMD's aie2 bf16 MAC.
package dpbf16

import "github.com/klauspost/cpuid/v2"

// Available reports whether the host can run DP.
func Available() bool {
	return cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BF16)
}

// DP runs VDPBF16PS on 16 fp32 lanes: acc[i] += a[2i+1]·b[2i+1], then
// acc[i] += a[2i]·b[2i], each addition rounded (Intel SDM), bf16 and fp32
// subnormals treated as zero. Call it only when Available.
//
//go:noescape
func DP(acc *[16]uint32, a, b *[32]uint16)
