package vec

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"kernelcraft/sim/vec/internal/dpbf16"
)

// TestDPBF16PSNotAM020 runs x86's bf16 dot product (VDPBF16PS) on the
// host and shows that it does not compute AM020's MAC: it adds the two
// products of a lane to the accumulator one at a time, rounding after each
// addition, where AM020 aligns all three terms to the largest exponent and
// rounds once. With acc = 1, products −1 (odd element) and 2^-30 (even
// element) the instruction gives 1 − 1 = 0, then 0 + 2^-30 = 2^-30; AM020
// aligns 2^-30 to 1's grid of 2^-23, where it rounds to 0, and gives 0.
// Random operands then count how often the two differ. The kernels
// therefore use integer arithmetic (aie_amd64.s), and the instruction
// appears nowhere else.
func TestDPBF16PSNotAM020(t *testing.T) {
	if !dpbf16.Available() {
		t.Skip("host has no AVX512_BF16")
	}
	pairs, err := NewMacLayout(2, func(l, k int) int { return 2*l + 1 - k }, func(l, k int) int { return 2*l + 1 - k })
	if err != nil {
		t.Fatal(err)
	}
	run := func(acc [16]uint32, a, b [32]uint16) (dp, am [16]uint32) {
		var x, y [64]byte
		for i := range 32 {
			binary.LittleEndian.PutUint16(x[2*i:], a[i])
			binary.LittleEndian.PutUint16(y[2*i:], b[i])
		}
		var ab, ob [64]byte
		for i, v := range acc {
			binary.LittleEndian.PutUint32(ab[4*i:], v)
		}
		MacBF16(&ob, &x, &y, &ab, nil, pairs, 0)
		for i := range am {
			am[i] = binary.LittleEndian.Uint32(ob[4*i:])
		}
		dp = acc
		dpbf16.DP(&dp, &a, &b)
		return dp, am
	}
	var acc [16]uint32
	var a, b [32]uint16
	acc[0], a[1], b[1], a[0], b[0] = 0x3F800000, 0xBF80, 0x3F80, 0x3080, 0x3F80
	dp, am := run(acc, a, b)
	if dp[0] != 0x30800000 || am[0] != 0 {
		t.Errorf("1 - 1 + 2^-30: VDPBF16PS %#08x (want 0x30800000), AM020 %#08x (want 0)", dp[0], am[0])
	}
	// Ordinary operands: finite, exponents close together.
	r := rand.New(rand.NewPCG(3, 5))
	differ, lanes := 0, 0
	for range 200 {
		for i := range 32 {
			a[i] = uint16(r.Uint32())&0x807F | uint16(120+r.IntN(16))<<7
			b[i] = uint16(r.Uint32())&0x807F | uint16(120+r.IntN(16))<<7
		}
		for i := range 16 {
			acc[i] = r.Uint32()&0x807FFFFF | uint32(115+r.IntN(30))<<23
		}
		dp, am := run(acc, a, b)
		for i := range 16 {
			lanes++
			if dp[i] != am[i] {
				differ++
			}
		}
	}
	t.Logf("VDPBF16PS differs from AM020's rule in %d of %d random lanes", differ, lanes)
	if differ == 0 {
		t.Errorf("VDPBF16PS agreed with AM020's rule on all %d random lanes: the kernels could use it", lanes)
	}
}
