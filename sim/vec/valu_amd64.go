//go:build !purego

package vec

import "github.com/klauspost/cpuid/v2"

// hasVBMI: AVX-512's byte permutation (VPERMI2B) is there; without it
// the avx512 path permutes with the AVX2 kernel.
var hasVBMI = cpuid.CPU.Supports(cpuid.AVX512VBMI)

// laneK runs Lane on the path's kernel; false on the generic path.
func laneK(op LaneOp, w int, d, a, b *[64]byte) bool {
	isa, _ := bfISA()
	if isa < 0 {
		return false
	}
	z := isa == isaAVX512
	// Direct calls: through a func value the operands would escape.
	switch {
	case op == LaneAnd && z:
		aieLaneAnd512(&d[0], &a[0], &b[0])
	case op == LaneAnd:
		aieLaneAnd2(&d[0], &a[0], &b[0])
	case op == LaneOr && z:
		aieLaneOr512(&d[0], &a[0], &b[0])
	case op == LaneOr:
		aieLaneOr2(&d[0], &a[0], &b[0])
	case op == LaneAdd && w == 8 && z:
		aieLaneAdd8512(&d[0], &a[0], &b[0])
	case op == LaneAdd && w == 8:
		aieLaneAdd82(&d[0], &a[0], &b[0])
	case op == LaneAdd && w == 16 && z:
		aieLaneAdd16512(&d[0], &a[0], &b[0])
	case op == LaneAdd && w == 16:
		aieLaneAdd162(&d[0], &a[0], &b[0])
	case op == LaneAdd && w == 32 && z:
		aieLaneAdd32512(&d[0], &a[0], &b[0])
	case op == LaneAdd && w == 32:
		aieLaneAdd322(&d[0], &a[0], &b[0])
	case op == LaneSub && w == 8 && z:
		aieLaneSub8512(&d[0], &a[0], &b[0])
	case op == LaneSub && w == 8:
		aieLaneSub82(&d[0], &a[0], &b[0])
	case op == LaneSub && w == 16 && z:
		aieLaneSub16512(&d[0], &a[0], &b[0])
	case op == LaneSub && w == 16:
		aieLaneSub162(&d[0], &a[0], &b[0])
	case op == LaneSub && w == 32 && z:
		aieLaneSub32512(&d[0], &a[0], &b[0])
	case op == LaneSub && w == 32:
		aieLaneSub322(&d[0], &a[0], &b[0])
	default:
		return false
	}
	return true
}

// permK runs PermuteBytes on the path's kernel; false on the generic path.
func permK(out *[64]byte, in *[128]byte, idx *[64]byte) bool {
	isa, _ := bfISA()
	switch {
	case isa < 0:
		return false
	case isa == isaAVX512 && hasVBMI:
		aiePermB512(&out[0], &in[0], &idx[0])
	default:
		aiePermB2(&out[0], &in[0], &idx[0])
	}
	return true
}

// selK runs Select on AVX-512 (masked blends); the AVX2 path uses the Go
// loop (AVX2 has no mask registers to blend by).
func selK(w int, d, a, b *[64]byte, mask uint64) bool {
	if isa, _ := bfISA(); isa != isaAVX512 {
		return false
	}
	switch w {
	case 8:
		aieSel8512(&d[0], &a[0], &b[0], mask)
	case 16:
		aieSel16512(&d[0], &a[0], &b[0], mask)
	case 32:
		aieSel32512(&d[0], &a[0], &b[0], mask)
	default:
		return false
	}
	return true
}

// ltK runs Less on the path's kernel; false on the generic path.
func ltK(t CmpType, w int, a, b *[64]byte) (uint64, bool) {
	isa, _ := bfISA()
	if isa < 0 {
		return 0, false
	}
	z := isa == isaAVX512
	x, y := &a[0], &b[0]
	switch {
	case t == CmpBF16 && w == 16 && z:
		return aieLtBF512(x, y), true
	case t == CmpBF16 && w == 16:
		return aieLtBF2(x, y), true
	case t == CmpSigned && w == 8 && z:
		return aieLtS8512(x, y), true
	case t == CmpSigned && w == 8:
		return aieLtS82(x, y), true
	case t == CmpSigned && w == 16 && z:
		return aieLtS16512(x, y), true
	case t == CmpSigned && w == 16:
		return aieLtS162(x, y), true
	case t == CmpSigned && w == 32 && z:
		return aieLtS32512(x, y), true
	case t == CmpSigned && w == 32:
		return aieLtS322(x, y), true
	case t == CmpUnsigned && w == 8 && z:
		return aieLtU8512(x, y), true
	case t == CmpUnsigned && w == 8:
		return aieLtU82(x, y), true
	case t == CmpUnsigned && w == 16 && z:
		return aieLtU16512(x, y), true
	case t == CmpUnsigned && w == 16:
		return aieLtU162(x, y), true
	case t == CmpUnsigned && w == 32 && z:
		return aieLtU32512(x, y), true
	case t == CmpUnsigned && w == 32:
		return aieLtU322(x, y), true
	}
	return 0, false
}

// eqzK runs Zero on the path's kernel; false on the generic path.
func eqzK(w int, a *[64]byte) (uint64, bool) {
	isa, _ := bfISA()
	if isa < 0 {
		return 0, false
	}
	z := isa == isaAVX512
	switch {
	case w == 8 && z:
		return aieEqz8512(&a[0]), true
	case w == 8:
		return aieEqz82(&a[0]), true
	case w == 16 && z:
		return aieEqz16512(&a[0]), true
	case w == 16:
		return aieEqz162(&a[0]), true
	case w == 32 && z:
		return aieEqz32512(&a[0]), true
	case w == 32:
		return aieEqz322(&a[0]), true
	}
	return 0, false
}
