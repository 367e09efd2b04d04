//go:build !amd64 || purego

package mx

import "math"

const hasAsm = false

func f32bits(f float32) uint32 { return math.Float32bits(f) }

func blocksAsm(x *float64, n int, mask, exps *byte, c *[16]uint32, out *byte) int {
	panic("mx: no vector loop on this platform")
}

func encodeAsm(x *byte, n int, codes, scales *byte, c *[10]uint32) int {
	panic("mx: no vector loop on this platform")
}
