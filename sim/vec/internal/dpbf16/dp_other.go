//go:build !amd64 || purego

// Package dpbf16 runs x86's VDPBF16PS (AVX512_BF16) for sim/vec's tests;
// on this build there is no such instruction.
package dpbf16

// Available reports whether the host can run DP: never on this build.
func Available() bool { return false }

// DP is not available on this build.
func DP(acc *[16]uint32, a, b *[32]uint16) { panic("dpbf16: VDPBF16PS is not available on this build") }
