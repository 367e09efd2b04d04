package aie2

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestDivs runs llvm-aie compiler-rt's unsigned division for AIE2 as a
// program: r31 = 0, then 32 divs steps on (a, b); a/b is then in the
// dividend's register and a%b in r31 (Xilinx/llvm-aie compiler-rt
// aie2_div.h, udivmod: `rem = 0; for 32 steps __builtin_aiev2_divstep(a,
// rem, b)`, the builtin clang lowers to int_aie2_divs, DIVS): the
// library's contract with the instruction, held on fixed and random
// operands.
func TestDivs(t *testing.T) {
	rng := rand.New(rand.NewSource(30))
	cases := [][2]uint32{{7, 2}, {100, 7}, {0xffffffff, 1}, {0xffffffff, 0xffffffff}, {5, 9}, {0x80000000, 3}, {12345678, 1000}}
	for range 8 {
		cases = append(cases, [2]uint32{rng.Uint32(), rng.Uint32() >> uint(rng.Intn(32))})
	}
	for _, c := range cases {
		a, b := c[0], c[1]
		if b == 0 {
			b = 1
		}
		src := fmt.Sprintf("movxm r0, #%d\nmovxm r2, #%d\nmov r31, #0\n%sdone\n", int32(a), int32(b), strings.Repeat("divs r0, r31, r0, r2\n", 32))
		m := run(t, src, Options{})
		if q, r := m.mustReg(t, "r0"), m.mustReg(t, "r31"); q != a/b || r != a%b {
			t.Errorf("%d / %d: quotient %d remainder %d, want %d %d", a, b, q, r, a/b, a%b)
		}
	}
}

// TestDivStepTiming: divs reads its operands in cycle 1 and writes rd and
// r31 in cycle 1 (II_DIVS dst=1): the next bundle's step reads both.
func TestDivStepTiming(t *testing.T) {
	m := run(t, "movxm r0, #-2147483647\nmov r2, #3\nmov r31, #1\ndivs r1, r31, r0, r2\nmov r3, r31\ndone\n", Options{})
	// rem:a = 1:0x80000001 shifted = 3:0x00000002; 3 >= 3: rem 0, bit set.
	if r1, r3 := m.mustReg(t, "r1"), m.mustReg(t, "r3"); r1 != 3 || r3 != 0 {
		t.Errorf("r1 %#x r31 %#x, want 3 and 0", r1, r3)
	}
}
