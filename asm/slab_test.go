package asm

import "testing"

// TestSlabReset: what a slab hands out after reset is zeroed, whether it
// comes from a kept block (fully or partly used before) or a new one, and
// reset keeps at most its bound of blocks.
func TestSlabReset(t *testing.T) {
	const m = slabLen / 8 // the largest take carved from a block
	times := func(n, k int, last ...int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = n
		}
		return append(out, last...)
	}
	for _, tc := range []struct {
		name      string
		before    []int // sizes taken and dirtied before reset
		keep      int
		wantSpare int
		after     []int // sizes taken after reset, each checked zero
	}{
		{"part of a block", []int{3, 5}, 4, 1, times(m, 9)},
		{"blocks and a part", times(m, 17, 7), 4, 3, times(m, 30, 9)},
		{"bounded", times(m, 40, 1), 2, 2, times(m, 20, 2)},
		{"large takes", []int{slabLen, 2, m + 1}, 4, 1, []int{slabLen, 2, m + 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s slab[int64]
			for _, n := range tc.before {
				b := s.take(n)
				for i := range b {
					b[i] = int64(i + 1)
				}
			}
			s.reset(tc.keep)
			if len(s.spare) != tc.wantSpare || len(s.used) != 0 || s.free != nil {
				t.Fatalf("after reset: %d spare blocks (want %d), %d used, %d free", len(s.spare), tc.wantSpare, len(s.used), len(s.free))
			}
			for _, n := range tc.after {
				b := s.take(n)
				if len(b) != n || cap(b) != n {
					t.Fatalf("take(%d): len %d cap %d", n, len(b), cap(b))
				}
				for i, v := range b {
					if v != 0 {
						t.Fatalf("take(%d)[%d] = %d after reset, want 0", n, i, v)
					}
					b[i] = -1
				}
			}
		})
	}
}
