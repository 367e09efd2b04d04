package asm

import (
	"fmt"
	"sort"
	"strings"

	"kernelcraft/internal/editdist"
)

// Error is one assembly error at a source position.
type Error struct {
	File      string
	Line, Col int
	Msg       string
	Hint      string // optional: nearest mnemonic, expected operands, range
	// More is set on the last entry of a list that MaxErrors cut short:
	// how many further errors were found and not reported.
	More int
	// Expansion is the chain of macro calls and repetitions that produced
	// the line, innermost first ("in macro inc at k.s:12:5"); empty
	// outside expansions.
	Expansion []string
	seq       int // logical line (order of the assembly), for sorting
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	} else {
		fmt.Fprintf(&b, "%s: %s", e.File, e.Msg)
	}
	for _, x := range e.Expansion {
		b.WriteString("\n\t")
		b.WriteString(x)
	}
	if e.Hint != "" {
		b.WriteString("\n\thint: ")
		b.WriteString(strings.ReplaceAll(e.Hint, "\n", "\n\t      "))
	}
	return b.String()
}

// ErrorList is every error of one assembly, sorted by position.
type ErrorList []*Error

// MaxErrors bounds how many errors one assembly reports in full (with
// hints, which take time to compute); the errors after them are counted
// in one last entry (Error.More).
const MaxErrors = 50

// StopAfterErrors is how many errors end an assembly's first pass early:
// past it, a file is not worth reading on (a runaway .rept of a bad line
// would otherwise be parsed, slowly, to its end just to be counted).
const StopAfterErrors = 1000

// Count is the number of errors found, those counted in a final
// Error.More included.
func (l ErrorList) Count() int {
	n := 0
	for _, e := range l {
		if e.More > 0 {
			n += e.More
		} else {
			n++
		}
	}
	return n
}

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

func (l ErrorList) sorted() ErrorList {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].seq != l[j].seq {
			return l[i].seq < l[j].seq
		}
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
	return l
}

// nearest returns up to n candidates closest to word, best first.
func nearest(word string, candidates []string, n int) []string {
	type scored struct {
		s string
		d int
	}
	var all []scored
	limit := max(2, len(word)/2)
	for _, c := range candidates {
		// The distance is at least the difference in length: skip what
		// cannot be near (a megabyte-long word costs nothing).
		if diff := len(word) - len(c); diff-1 > limit || -diff-1 > limit {
			continue
		}
		d := editdist.Levenshtein(word, c)
		if strings.HasPrefix(c, word) || strings.HasPrefix(word, c) {
			d--
		}
		all = append(all, scored{c, d})
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].d != all[j].d {
			return all[i].d < all[j].d
		}
		return all[i].s < all[j].s
	})
	var out []string
	for _, s := range all {
		if len(out) == n || s.d > limit {
			break
		}
		out = append(out, s.s)
	}
	return out
}
