//go:build !purego

package mx

import (
	"math"

	"github.com/klauspost/cpuid/v2"
)

var hasAsm = cpuid.CPU.Supports(cpuid.AVX2, cpuid.AVX512F, cpuid.AVX512VL)

func f32bits(f float32) uint32 { return math.Float32bits(f) }

// blocksAsm is quantiseBlocks' loop over n blocks; it returns the number of
// blocks that are not stable.
//
//go:noescape
func blocksAsm(x *float64, n int, mask, exps *byte, c *[16]uint32, out *byte) int

// encodeAsm is encodeBlocks' loop over n blocks.
//
//go:noescape
func encodeAsm(x *byte, n int, codes, scales *byte, c *[10]uint32) int
