package report

import (
	"fmt"
	"strings"
)

// A kernel's diff to the previous one: a line diff (longest common
// subsequence of the lines, after the common head and tail are set
// aside) shown as unified hunks with diffContext lines of context.

const (
	diffContext = 3
	// maxDiffCells bounds the work of a diff: the changed middle of two
	// kernels (n × m lines) past it is not diffed (both kernels are on
	// the page in full).
	maxDiffCells = 4 << 20
)

// diffOp is one line of a diff.
type diffOp struct {
	kind byte // ' ' same, '-' removed, '+' added
	text string
	a, b int // 1-based line numbers in the old and the new kernel (0: none)
}

// splitLines splits s into lines; a final newline ends the last line
// rather than starting an empty one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// lineDiff is the line diff from a to b; ok is false when the changed
// region is too large to diff (maxDiffCells).
func lineDiff(a, b []string) (ops []diffOp, ok bool) {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(am), len(bm)
	if n*m > maxDiffCells {
		return nil, false
	}
	for i := 0; i < pre; i++ {
		ops = append(ops, diffOp{' ', a[i], i + 1, i + 1})
	}
	// lcs[i][j]: the longest common subsequence of am[i:] and bm[j:],
	// in one flat table of (n+1)×(m+1).
	w := m + 1
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if am[i] == bm[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && am[i] == bm[j]:
			ops = append(ops, diffOp{' ', am[i], pre + i + 1, pre + j + 1})
			i++
			j++
		case i < n && (j == m || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
			// Removals before additions, as diff -u shows them.
			ops = append(ops, diffOp{'-', am[i], pre + i + 1, 0})
			i++
		default:
			ops = append(ops, diffOp{'+', bm[j], 0, pre + j + 1})
			j++
		}
	}
	for k := 0; k < suf; k++ {
		ia, ib := len(a)-suf+k, len(b)-suf+k
		ops = append(ops, diffOp{' ', a[ia], ia + 1, ib + 1})
	}
	return ops, true
}

// hunk is a run of diff lines with its header's ranges.
type hunk struct {
	aStart, aLen, bStart, bLen int
	ops                        []diffOp
}

// header is the unified diff's "@@ -a,n +b,m @@".
func (h hunk) header() string {
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", h.aStart, h.aLen, h.bStart, h.bLen)
}

// hunks groups a diff's changes with ctx lines of context around each;
// changes closer than 2×ctx lines share a hunk. None when nothing
// changed.
func hunks(ops []diffOp, ctx int) []hunk {
	var out []hunk
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A change at i: the hunk starts ctx lines before it and runs
		// to ctx lines after the last change that follows within 2×ctx.
		start := max(0, i-ctx)
		end := i
		for k := i; k < len(ops); k++ {
			if ops[k].kind != ' ' {
				end = k
			} else if k-end > 2*ctx {
				break
			}
		}
		stop := min(len(ops), end+ctx+1)
		h := hunk{ops: ops[start:stop]}
		// Ranges: the first line of each side in the hunk (or, for an
		// empty side, the line before it), and the counts.
		for _, op := range h.ops {
			if op.kind != '+' {
				h.aLen++
				if h.aStart == 0 {
					h.aStart = op.a
				}
			}
			if op.kind != '-' {
				h.bLen++
				if h.bStart == 0 {
					h.bStart = op.b
				}
			}
		}
		if h.aLen == 0 {
			h.aStart = lineBefore(ops[:start], func(o diffOp) int { return o.a })
		}
		if h.bLen == 0 {
			h.bStart = lineBefore(ops[:start], func(o diffOp) int { return o.b })
		}
		out = append(out, h)
		i = stop
	}
	return out
}

// lineBefore is the last line number side gives in ops (0: none).
func lineBefore(ops []diffOp, side func(diffOp) int) int {
	for k := len(ops) - 1; k >= 0; k-- {
		if n := side(ops[k]); n > 0 {
			return n
		}
	}
	return 0
}

// unified is the diff of a to b as unified-diff text (no file header),
// for tests and for the page's plain reading.
func unified(a, b string) (string, bool) {
	ops, ok := lineDiff(splitLines(a), splitLines(b))
	if !ok {
		return "", false
	}
	var sb strings.Builder
	for _, h := range hunks(ops, diffContext) {
		sb.WriteString(h.header() + "\n")
		for _, op := range h.ops {
			sb.WriteByte(op.kind)
			sb.WriteString(op.text + "\n")
		}
	}
	return sb.String(), true
}
