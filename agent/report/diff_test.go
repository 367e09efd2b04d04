package report

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// numbered is the lines from..to, one number each.
func numbered(from, to int, replace map[int]string) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		if s, ok := replace[i]; ok {
			if s != "" {
				b.WriteString(s + "\n")
			}
			continue
		}
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}

func TestUnifiedDiff(t *testing.T) {
	for _, c := range []struct {
		name, a, b, want string
	}{
		{"same", "a\nb\n", "a\nb\n", ""},
		{"middle", numbered(1, 10, nil), numbered(1, 10, map[int]string{5: "X"}),
			"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n"},
		{"insert first", "a\nb\n", "n\na\nb\n", "@@ -1,2 +1,3 @@\n+n\n a\n b\n"},
		{"delete last", "a\nb\nc\n", "a\nb\n", "@@ -1,3 +1,2 @@\n a\n b\n-c\n"},
		{"from nothing", "", "x\ny\n", "@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"to nothing", "x\ny\n", "", "@@ -1,2 +0,0 @@\n-x\n-y\n"},
		{"two hunks", numbered(1, 20, nil), numbered(1, 20, map[int]string{2: "B", 18: "R"}),
			"@@ -1,5 +1,5 @@\n 1\n-2\n+B\n 3\n 4\n 5\n@@ -15,6 +15,6 @@\n 15\n 16\n 17\n-18\n+R\n 19\n 20\n"},
		{"close changes share a hunk", numbered(1, 12, nil), numbered(1, 12, map[int]string{2: "B", 7: "G"}),
			"@@ -1,10 +1,10 @@\n 1\n-2\n+B\n 3\n 4\n 5\n 6\n-7\n+G\n 8\n 9\n 10\n"},
		{"removed lines only", numbered(1, 9, nil), numbered(1, 9, map[int]string{5: ""}),
			"@@ -2,7 +2,6 @@\n 2\n 3\n 4\n-5\n 6\n 7\n 8\n"},
		{"no final newline", "a\nb", "a\nc", "@@ -1,2 +1,2 @@\n a\n-b\n+c\n"},
		{"a line moved", "a\nb\nc\nd\n", "b\nc\nd\na\n", "@@ -1,4 +1,4 @@\n-a\n b\n c\n d\n+a\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := unified(c.a, c.b)
			if !ok || got != c.want {
				t.Errorf("unified(%q, %q) = %v\n%s\nwant\n%s", c.a, c.b, ok, got, c.want)
			}
		})
	}
}

// TestLineDiffRebuilds: for random edits of a kernel, the diff's kept
// and removed lines are the old kernel, its kept and added lines the
// new, the line numbers count each side, and the changes are as few as
// the longest common subsequence allows (checked against a plain
// recursive LCS on short inputs).
func TestLineDiffRebuilds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"add a0, a0, a1", "lw t0, 0(a0)", "sw t0, 0(a1)", "nop", "ret", "bnez a2, 1b", "addi a2, a2, -1"}
	for trial := 0; trial < 300; trial++ {
		n, m := rng.IntN(9), rng.IntN(9)
		a, b := make([]string, n), make([]string, m)
		for i := range a {
			a[i] = words[rng.IntN(len(words))]
		}
		for i := range b {
			b[i] = words[rng.IntN(len(words))]
		}
		ops, ok := lineDiff(a, b)
		if !ok {
			t.Fatal("a small diff refused")
		}
		var ra, rb []string
		changes := 0
		for _, op := range ops {
			if op.kind != '+' {
				ra = append(ra, op.text)
				if op.a != len(ra) {
					t.Fatalf("%q → %q: old line number %d at %d", a, b, op.a, len(ra))
				}
			}
			if op.kind != '-' {
				rb = append(rb, op.text)
				if op.b != len(rb) {
					t.Fatalf("%q → %q: new line number %d at %d", a, b, op.b, len(rb))
				}
			}
			if op.kind != ' ' {
				changes++
			}
		}
		if strings.Join(ra, "\n") != strings.Join(a, "\n") || strings.Join(rb, "\n") != strings.Join(b, "\n") {
			t.Fatalf("%q → %q: ops rebuild %q → %q", a, b, ra, rb)
		}
		if want := n + m - 2*lcsLen(a, b); changes != want {
			t.Fatalf("%q → %q: %d changed lines, want %d", a, b, changes, want)
		}
	}
}

func lcsLen(a, b []string) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	if a[0] == b[0] {
		return 1 + lcsLen(a[1:], b[1:])
	}
	return max(lcsLen(a[1:], b), lcsLen(a, b[1:]))
}

// TestLineDiffBounded: two kernels whose changed middles are too large
// to diff (maxDiffCells) are refused rather than diffed at any cost; a
// large kernel with a small change is diffed (its common head and tail
// cost nothing).
func TestLineDiffBounded(t *testing.T) {
	var a, b []string
	for i := 0; i < 3000; i++ {
		a = append(a, fmt.Sprintf("a%d", i))
		b = append(b, fmt.Sprintf("b%d", i))
	}
	if _, ok := lineDiff(a, b); ok {
		t.Error("3000 × 3000 changed lines diffed")
	}
	big := numbered(1, 100000, nil)
	got, ok := unified(big, strings.Replace(big, "\n50000\n", "\nX\n", 1))
	if !ok || got != "@@ -49997,7 +49997,7 @@\n 49997\n 49998\n 49999\n-50000\n+X\n 50001\n 50002\n 50003\n" {
		t.Errorf("%v %q", ok, got)
	}
}
