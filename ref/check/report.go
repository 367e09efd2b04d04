package check

import (
	"fmt"
	"math"
	"strings"
)

// String renders the verdict as at most MaxLines lines: the first line
// says PASS or FAIL, the rest is the diagnosis.
func (v Verdict) String() string {
	var head []string
	if v.Pass {
		var parts []string
		for _, o := range v.Outputs {
			parts = append(parts, fmt.Sprintf("%s max |err| %.3g = %.2g of allowed", o.Name, o.MaxErr, o.MaxRatio))
		}
		head = append(head, fmt.Sprintf("PASS %s: %d output(s) within tolerance (%s)", v.Case, len(v.Outputs), strings.Join(parts, "; ")))
	} else {
		nbad := 0
		for _, o := range v.Outputs {
			if o.Bad > 0 || o.Problem != "" {
				nbad++
			}
		}
		if nbad == 0 {
			head = append(head, fmt.Sprintf("FAIL %s: the output values are right, but:", v.Case))
		} else {
			head = append(head, fmt.Sprintf("FAIL %s: %d of %d output(s) wrong", v.Case, nbad, len(v.Outputs)))
		}
	}
	if v.Halt != "" {
		head = append(head, "run did not end with the task's halt: "+v.Halt)
	}
	var mem []string
	for _, p := range v.Memory {
		tag := "note"
		if p.Fatal {
			tag = "memory"
		}
		mem = append(mem, fmt.Sprintf("%s %s: %s — %s", tag, p.Kind, p.Text, p.Hint))
	}
	// Per output: the body without the map, and the map.
	type sect struct{ body, m []string }
	var sects []sect
	for _, o := range v.Outputs {
		if o.Problem != "" {
			sects = append(sects, sect{body: []string{o.Problem}})
			continue
		}
		if o.Bad == 0 {
			continue
		}
		s := sect{}
		s.body = append(s.body, fmt.Sprintf("output %s %s%s at %#x: %d of %d elements wrong (%.1f%%); allowed %s",
			o.Name, o.DType, fmtIndex(o.Shape), o.Addr, o.Bad, o.Elems, 100*float64(o.Bad)/float64(max(1, o.Elems)), tolText(o)))
		if f := o.First; f != nil {
			s.body = append(s.body, fmt.Sprintf("  first wrong %s%s (flat %d, addr %#x): expected %s, actual %s", o.Name, fmtIndex(f.Index), f.Flat, f.Addr, numText(o.DType, f.Expected), numText(o.DType, f.Actual)))
		}
		if w := o.Worst; w != nil && (o.First == nil || w.Flat != o.First.Flat) {
			s.body = append(s.body, fmt.Sprintf("  largest error %s%s (flat %d, addr %#x): expected %s, actual %s", o.Name, fmtIndex(w.Index), w.Flat, w.Addr, numText(o.DType, w.Expected), numText(o.DType, w.Actual)))
		}
		for _, w := range o.Where {
			s.body = append(s.body, "  "+w)
		}
		for _, p := range o.Patterns {
			s.body = append(s.body, fmt.Sprintf("  pattern %s: %s — hint: %s", p.Kind, p.Text, p.Hint))
		}
		for _, l := range o.Map {
			s.m = append(s.m, "  "+l)
		}
		sects = append(sects, s)
	}
	// Fit MaxLines: drop maps of later outputs first, then shorten the
	// first map, then cut.
	count := func() int {
		n := len(head) + len(mem)
		for _, s := range sects {
			n += len(s.body) + len(s.m)
		}
		return n
	}
	for i := len(sects) - 1; i >= 1 && count() > MaxLines; i-- {
		sects[i].m = nil
	}
	if len(sects) > 0 && count() > MaxLines && len(sects[0].m) > 0 {
		keep := max(2, len(sects[0].m)-(count()-MaxLines))
		if keep < len(sects[0].m) {
			sects[0].m = append(sects[0].m[:keep-1:keep-1], fmt.Sprintf("  … (%d more map lines)", len(sects[0].m)-keep+1))
		}
	}
	lines := append([]string(nil), head...)
	for _, s := range sects {
		lines = append(lines, s.body...)
		lines = append(lines, s.m...)
	}
	lines = append(lines, mem...)
	if len(lines) > MaxLines {
		more := len(lines) - MaxLines + 1
		lines = append(lines[:MaxLines-1], fmt.Sprintf("… (%d more lines)", more))
	}
	return strings.Join(lines, "\n") + "\n"
}

func tolText(o OutputVerdict) string {
	t := o.Tol
	switch o.DType {
	case "float32", "bfloat16", "bf16":
		s := fmt.Sprintf("|a-e| <= %.3g + %.3g·|e|", t.ATol, t.RTol)
		if t.MaxULP > 0 {
			s += fmt.Sprintf(" or <= %d ulp", t.MaxULP)
		}
		return s
	}
	d := math.Max(float64(t.MaxULP), t.ATol)
	if d == 0 {
		return "exact"
	}
	return fmt.Sprintf("±%g", d)
}

func numText(dtype string, x float64) string {
	switch dtype {
	case "float32", "bfloat16", "bf16":
		return fmt.Sprintf("%.7g", x)
	}
	if nonFinite(x) {
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%d", int64(x))
}
