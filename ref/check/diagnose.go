package check

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// Map size limits (characters per line, lines).
const (
	mapWidth  = 64
	mapHeight = 12
)

// where describes where the bad elements lie: rows, columns and the
// leading dimensions of the 2-D view (rows = product of all but the last
// dimension, columns = the last dimension).
func (o *output) where(c *ref.Case) []string {
	var out []string
	shape := o.spec.Shape
	if len(shape) >= 3 {
		for d := 0; d < len(shape)-2 && d < 2; d++ {
			stride := 1
			for _, s := range shape[d+1:] {
				stride *= s
			}
			set := map[int]bool{}
			for i, b := range o.bad {
				if b {
					set[i/stride%shape[d]] = true
				}
			}
			out = append(out, fmt.Sprintf("%s: %s", dimName(c, o.spec.Name, shape, d), rangeList(set, shape[d])))
		}
	}
	rowSet, colSet := map[int]bool{}, map[int]bool{}
	for i, b := range o.bad {
		if b {
			rowSet[i/o.cols] = true
			colSet[i%o.cols] = true
		}
	}
	if o.rows > 1 {
		lbl := "rows"
		if len(shape) >= 3 {
			lbl = "rows of the flattened [" + fmt.Sprint(o.rows) + "," + fmt.Sprint(o.cols) + "] view"
		}
		out = append(out, fmt.Sprintf("%s: %s; columns: %s", lbl, rangeList(rowSet, o.rows), rangeList(colSet, o.cols)))
	} else {
		out = append(out, fmt.Sprintf("elements: %s", rangeList(colSet, o.cols)))
	}
	return out
}

// dimName names a leading dimension of an output for the where lines:
// heads and batches when the task's params say so.
func dimName(c *ref.Case, name string, shape []int, d int) string {
	s := fmt.Sprintf("%s dim %d (size %d)", name, d, shape[d])
	p, err := ref.ParamsOf(c)
	if err != nil {
		return s
	}
	switch {
	case p.H > 1 && shape[d] == p.H && d == 0:
		return s + ", heads"
	case p.B > 1 && shape[d] == p.B && d == 0:
		return s + ", batches"
	}
	return s
}

// rangeList formats a set of indices in [0,n) as "0-3, 8, 12-15 (9 of 16)".
func rangeList(set map[int]bool, n int) string {
	if len(set) == n {
		return fmt.Sprintf("all %d", n)
	}
	idx := make([]int, 0, len(set))
	for i := range set {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var parts []string
	for j := 0; j < len(idx); {
		k := j
		for k+1 < len(idx) && idx[k+1] == idx[k]+1 {
			k++
		}
		if len(parts) == 8 {
			parts = append(parts, "…")
			break
		}
		if k == j {
			parts = append(parts, fmt.Sprint(idx[j]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", idx[j], idx[k]))
		}
		j = k + 1
	}
	return fmt.Sprintf("%s (%d of %d)", strings.Join(parts, ", "), len(idx), n)
}

// charMap draws the 2-D view, one character per block of rows×columns:
// '.' no error, '+' some elements wrong, '#' all wrong, 'N' NaN/Inf
// among them, 'u' the wrong elements all still hold the fill pattern.
func (o *output) charMap(height int) []string {
	bw := (o.cols + mapWidth - 1) / mapWidth
	bh := (o.rows + height - 1) / height
	if sh := o.spec.Shape; len(sh) >= 3 && sh[len(sh)-2] > 0 {
		// Align blocks with the second-to-last dimension (a head's or
		// a batch's rows), so no character straddles two.
		inner := sh[len(sh)-2]
		for b := bh; b <= o.rows; b++ {
			if inner%b == 0 || b%inner == 0 {
				if (o.rows+b-1)/b <= 2*height {
					bh = b
				}
				break
			}
		}
	}
	w := (o.cols + bw - 1) / bw
	h := (o.rows + bh - 1) / bh
	lines := []string{fmt.Sprintf("map of [%d rows, %d cols], %d×%d per char (. ok, + some wrong, # all wrong, N NaN/Inf, u unwritten):", o.rows, o.cols, bh, bw)}
	for br := 0; br < h; br++ {
		var sb strings.Builder
		sb.WriteString("|")
		for bc := 0; bc < w; bc++ {
			total, nbad, nf, unt := 0, 0, 0, 0
			for r := br * bh; r < min(o.rows, (br+1)*bh); r++ {
				for c := bc * bw; c < min(o.cols, (bc+1)*bw); c++ {
					i := r*o.cols + c
					total++
					if o.bad[i] {
						nbad++
						if nonFinite(o.a[i]) {
							nf++
						}
						if o.untouched(i) {
							unt++
						}
					}
				}
			}
			ch := byte('.')
			switch {
			case nbad > 0 && unt == nbad:
				ch = 'u'
			case nf > 0:
				ch = 'N'
			case nbad == total:
				ch = '#'
			case nbad > 0:
				ch = '+'
			}
			sb.WriteByte(ch)
		}
		sb.WriteString("|")
		lines = append(lines, sb.String())
	}
	return lines
}

// patterns recognises kinds of errors, most specific first.
func (o *output) patterns(c *ref.Case, res *Result, others []named) []Pattern {
	var ps []Pattern
	add := func(kind, text, hint string) { ps = append(ps, Pattern{Kind: kind, Text: text, Hint: hint}) }
	n := len(o.a)
	reg := registerOf(c, o.spec.Name)
	structural := false

	// NaN/Inf where finite values are expected.
	var nan, pinf, ninf, firstNF = 0, 0, 0, -1
	for i := range o.a {
		if nonFinite(o.e[i]) || o.untouched(i) { // the fill pattern may be a NaN: reported as unwritten
			continue
		}
		switch {
		case math.IsNaN(o.a[i]):
			nan++
		case math.IsInf(o.a[i], 1):
			pinf++
		case math.IsInf(o.a[i], -1):
			ninf++
		default:
			continue
		}
		if firstNF < 0 {
			firstNF = i
		}
	}

	// Untouched: elements that still hold the fill byte.
	unt := 0
	for i, b := range o.bad {
		if b && o.untouched(i) {
			unt++
		}
	}
	written := true
	if res.WrittenKnown {
		written = false
		for _, sp := range o.spec.Spans() {
			written = written || overlaps(res.Written, sp.Start, sp.End)
		}
	}
	allZero := true
	for _, x := range o.a {
		if x != 0 {
			allZero = false
			break
		}
	}
	switch {
	case unt == o.nbad && (unt == n || !written):
		structural = true
		what := fmt.Sprintf("%s still holds the fill byte %#02x in every wrong element (%d)", o.spec.Name, o.fill, unt)
		if !written {
			what = fmt.Sprintf("the kernel never stored to %s [%#x,%#x): it still holds the fill byte %#02x", o.spec.Name, o.spec.Addr, o.spec.Spans()[0].End, o.fill)
		}
		add(PatUntouched, "output untouched: "+what, "store the results to "+reg+"; check the store instructions run and use that address")
	case unt*10 >= o.nbad:
		structural = true
		first := -1
		for i, b := range o.bad {
			if b && o.untouched(i) {
				first = i
				break
			}
		}
		add(PatUnwritten, fmt.Sprintf("%d of the %d wrong elements still hold the fill byte %#02x, the first at %s (never written; 'u' in the map)", unt, o.nbad, o.fill, o.idx(first)),
			"the loop does not cover the whole output: check its bounds and the pointer increments")
	}
	if allZero && (written || o.fill != 0) {
		structural = true
		add(PatZeros, fmt.Sprintf("every element of %s is 0", o.spec.Name), "the stored register holds 0: stored before computing, a zeroed accumulator never updated, or a wrong source register")
	} else if !allZero {
		z := 0
		for i, b := range o.bad {
			if b && o.a[i] == 0 && !o.untouched(i) {
				z++
			}
		}
		if z*10 >= 9*o.nbad && o.nbad >= 2 {
			structural = true
			add(PatZeros, fmt.Sprintf("the %d wrong elements are all 0", z), "those elements were stored from a zero register or an accumulator that was never updated")
		}
	}
	if nan+pinf+ninf > 0 {
		structural = true
		add(PatNonFinite, fmt.Sprintf("%d NaN, %d +Inf, %d -Inf where finite values are expected (first at %s)", nan, pinf, ninf, o.idx(firstNF)),
			"overflow or 0/0: subtract the row max before exp, check divisors, rsqrt/log arguments and the accumulator type")
	}

	// Constant output.
	if !allZero && n > 1 && unt < o.nbad {
		cst := true
		for _, x := range o.a[1:] {
			if x != o.a[0] {
				cst = false
				break
			}
		}
		if cst && !isConst(o.e) {
			structural = true
			add(PatConstant, fmt.Sprintf("every element of %s is %s", o.spec.Name, o.num(o.a[0])), "a loop-invariant value is stored: the loaded/computed register does not change per element")
		}
	}

	// Values from another tensor of the case.
	if p, ok := o.copyOf(others); ok {
		structural = true
		ps = append(ps, p)
	}

	// Wrong elements of several kinds: zeros, fill, copies.
	if !structural {
		if p, ok := o.mixed(others); ok {
			structural = true
			ps = append(ps, p)
		}
	}

	// Affine relation: scaled, offset.
	if !allZero && !structural {
		if p, ok := o.affine(); ok {
			structural = true
			ps = append(ps, p)
		}
	}

	// Shifted and transposed.
	if !allZero && unt < o.nbad {
		if k, frac, ok := o.shift(); ok {
			structural = true
			dir := fmt.Sprintf("actual[i] = expected[i-%d]: written %s too far (towards higher addresses, %d bytes)", k, plural(k, "element"), k*o.dt.size)
			if k < 0 {
				dir = fmt.Sprintf("actual[i] = expected[i+%d]: written %s too early (towards lower addresses, %d bytes)", -k, plural(-k, "element"), -k*o.dt.size)
			}
			if ak := abs(k); o.cols > 1 && ak%o.cols == 0 {
				dir += fmt.Sprintf(" = %d row(s)", ak/o.cols)
			}
			add(PatShifted, fmt.Sprintf("shifted by %s: %s (%.0f%% match)", plural(abs(k), "element"), dir, 100*frac),
				"an off-by-k in the output (or input) pointer: check the base address and the first increment")
		}
		if frac, ok := o.transposed(); ok {
			structural = true
			r, cc := o.spec.Shape[len(o.spec.Shape)-2], o.spec.Shape[len(o.spec.Shape)-1]
			how := fmt.Sprintf("[%d,%d] stored as [%d,%d]", r, cc, cc, r)
			if r == cc {
				how = "element [i,j] holds expected [j,i]"
			}
			add(PatTransposed, fmt.Sprintf("transposed: actual holds expectedᵀ, %s (%.0f%% match)", how, 100*frac),
				"row/column strides are swapped: element [i,j] belongs at i*cols+j")
		}
	}

	// Only the tail wrong; only the first tile right.
	moved := slices.ContainsFunc(ps, func(p Pattern) bool { return p.Kind == PatShifted || p.Kind == PatTransposed })
	if p, ok := o.tail(); ok {
		structural = true
		ps = append(ps, p)
	} else if p, ok := o.firstTile(); ok && !moved {
		structural = true
		ps = append(ps, p)
	}
	if p, ok := o.repeated(); ok && !moved {
		structural = true
		ps = append(ps, p)
	}

	// A handful of isolated elements.
	if o.nbad <= min(4, max(1, n/16)) && !structural {
		structural = true
		// Positions and actual values only: a verdict shows no expected
		// value beyond the first and the largest mismatch (a model could
		// otherwise read a case's outputs back through probes).
		var items []string
		for i, b := range o.bad {
			if b {
				items = append(items, fmt.Sprintf("%s = %s", o.idx(i), o.num(o.a[i])))
			}
		}
		add(PatIsolated, fmt.Sprintf("only %d element(s) wrong: %s", o.nbad, strings.Join(items, "; ")),
			"a boundary iteration or a single store is wrong: loop bounds, the last element, overlapping stores")
	}
	if structural {
		return ps
	}

	// Confined to rows or columns.
	rowBad, colBad := map[int]int{}, map[int]int{}
	for i, b := range o.bad {
		if b {
			rowBad[i/o.cols]++
			colBad[i%o.cols]++
		}
	}
	in := 0
	for _, v := range rowBad {
		in += v
	}
	// Rows (columns) with errors are a strict subset that is dense, or
	// leaves a quarter clean, or forms one or two runs: not a thin scatter.
	if o.rows > 1 && len(rowBad) < o.rows && (2*in >= len(rowBad)*o.cols || 4*(o.rows-len(rowBad)) >= o.rows || runs(rowBad) <= 2) {
		add(PatRows, fmt.Sprintf("errors confined to rows %s; %.0f%% of their elements wrong", rangeList(keys(rowBad), o.rows), 100*float64(in)/float64(len(rowBad)*o.cols)),
			"something per row is off for those rows: a mask bound (off by one?), a row pointer, a per-row reduction")
	}
	if o.cols > 1 && len(colBad) < o.cols && len(rowBad) > 1 && (2*in >= len(colBad)*o.rows || 4*(o.cols-len(colBad)) >= o.cols || runs(colBad) <= 2) {
		add(PatCols, fmt.Sprintf("errors confined to columns %s", rangeList(keys(colBad), o.cols)),
			"something per column is off for those columns: a column stride, a lane mask, a per-column bias")
	}

	// Small systematic or unrelated.
	rms := 0.0
	for _, x := range o.e {
		if !nonFinite(x) {
			rms += x * x
		}
	}
	rms = math.Sqrt(rms / float64(n))
	var rel []float64
	above, maxAbs := 0, 0.0
	for i, b := range o.bad {
		if !b {
			continue
		}
		d := math.Abs(o.a[i] - o.e[i])
		maxAbs = math.Max(maxAbs, d)
		rel = append(rel, d/math.Max(math.Abs(o.e[i]), math.Max(rms, 1e-30)))
		if o.a[i] > o.e[i] {
			above++
		}
	}
	slices.Sort(rel)
	med := rel[len(rel)/2]
	sign := fmt.Sprintf("actual > expected in %.0f%% of them", 100*float64(above)/float64(o.nbad))
	switch {
	case o.dt.isInt && maxAbs <= 2:
		add(PatSystematic, fmt.Sprintf("small systematic error: %d elements off by at most %s unit(s); %s", o.nbad, o.num(maxAbs), sign),
			"rounding of the requantisation (round-half-up vs half-even, shift before/after adding the rounding bias) or the zero point")
	case med <= 0.1:
		add(PatSystematic, fmt.Sprintf("small systematic error: median relative error %.2g, largest |err| %.3g; %s", med, maxAbs, sign),
			"a formula detail differs: epsilon, GELU variant (erf vs tanh), exp/rsqrt approximation accuracy, scale, accumulation dtype")
	default:
		add(PatUnrelated, fmt.Sprintf("values unrelated to the expected ones: median relative error %.2g; %s", med, sign),
			"the computation is wrong, not just its storage: check the formula and which inputs are read")
	}
	return ps
}

// runs counts the contiguous runs of the keys of m.
func runs(m map[int]int) int {
	n := 0
	for k := range m {
		if _, ok := m[k-1]; !ok {
			n++
		}
	}
	return n
}

func keys(m map[int]int) map[int]bool {
	s := make(map[int]bool, len(m))
	for k := range m {
		s[k] = true
	}
	return s
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

func isConst(x []float64) bool {
	for _, v := range x[1:] {
		if v != x[0] {
			return false
		}
	}
	return true
}

func (o *output) idx(i int) string {
	if i < 0 {
		return "-"
	}
	return fmt.Sprintf("%s%v", o.spec.Name, fmtIndex(unflatten(i, o.spec.Shape)))
}

func fmtIndex(idx []int) string {
	s := make([]string, len(idx))
	for i, v := range idx {
		s[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(s, ",") + "]"
}

func (o *output) num(x float64) string {
	if o.dt.isInt && !nonFinite(x) {
		return fmt.Sprintf("%d", int64(x))
	}
	return fmt.Sprintf("%.6g", x)
}

// registerOf names the register that holds a tensor's address, if any.
func registerOf(c *ref.Case, name string) string {
	regs := make([]string, 0, len(c.Convention.Registers))
	for r, t := range c.Convention.Registers {
		if t == name {
			regs = append(regs, r)
		}
	}
	sort.Strings(regs)
	for _, ts := range c.Tensors {
		if ts.Name == name {
			s := fmt.Sprintf("%s at %#x", name, ts.Addr)
			if len(regs) > 0 {
				s += " (the address in " + strings.Join(regs, ", ") + ")"
			}
			return s
		}
	}
	return name
}

// sample returns up to max evenly spaced indices in [lo, hi).
func sample(lo, hi, maxN int) []int {
	if hi <= lo {
		return nil
	}
	n := hi - lo
	step := max(1, n/maxN)
	out := make([]int, 0, min(n, maxN)+1)
	for i := lo; i < hi; i += step {
		out = append(out, i)
	}
	return out
}

// copyOf looks for another tensor of the case whose values the wrong
// elements hold, element for element.
func (o *output) copyOf(others []named) (Pattern, bool) {
	for _, ot := range others {
		if ot.name == o.spec.Name {
			continue
		}
		name, vals := ot.name, ot.vals
		m := min(len(vals), len(o.a))
		if m == 0 || isConst(vals[:m]) {
			continue
		}
		badIn, match := 0, 0
		for i := 0; i < m; i++ {
			if !o.bad[i] {
				continue
			}
			badIn++
			if o.cmp.near(o.a[i], vals[i]) {
				match++
			}
		}
		if badIn*2 < o.nbad || badIn < 2 || match*10 < 9*badIn {
			continue
		}
		role := map[string]string{ref.RoleIn: "input", ref.RoleConst: "constant", ref.RoleOut: "the expected values of output"}[ot.role]
		return Pattern{Kind: PatCopy,
			Text: fmt.Sprintf("the wrong elements equal %s '%s' element for element (%d of %d): the values were copied, not computed", role, name, match, badIn),
			Hint: "the stored register holds the loaded operand: check which register the store takes and that the operation runs"}, true
	}
	return Pattern{}, false
}

// affine looks for actual ≈ k·expected + c over the finite, unsaturated
// elements.
func (o *output) affine() (Pattern, bool) {
	var xs, ys []float64
	for _, i := range sample(0, len(o.a), 8192) { // a sample keeps large outputs fast
		e, a := o.e[i], o.a[i]
		if nonFinite(e) || nonFinite(a) {
			continue
		}
		if o.dt.isInt && (a == o.dt.lo || a == o.dt.hi || e == o.dt.lo || e == o.dt.hi) {
			continue
		}
		xs, ys = append(xs, e), append(ys, a)
	}
	if len(xs) < 4 || isConst(xs) {
		return Pattern{}, false
	}
	// fits is the fraction of elements that fit, and of the wrong ones:
	// the relation must explain the errors, not just the right elements.
	fits := func(k, c float64) (float64, float64) {
		ok, bad, okBad := 0, 0, 0
		for i := range xs {
			p := k*xs[i] + c
			if o.dt.isInt {
				p = math.Round(p)
			}
			f := o.cmp.near(ys[i], p)
			if f {
				ok++
			}
			if !o.cmp.ok(ys[i], xs[i]) {
				bad++
				if f {
					okBad++
				}
			}
		}
		if bad == 0 {
			return 0, 0
		}
		return float64(ok) / float64(len(xs)), float64(okBad) / float64(bad)
	}
	// Least squares.
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx += xs[i]
		sy += ys[i]
		sxx += xs[i] * xs[i]
		sxy += xs[i] * ys[i]
	}
	nn := float64(len(xs))
	den := nn*sxx - sx*sx
	type cand struct{ k, c float64 }
	var cands []cand
	if den != 0 {
		k := (nn*sxy - sx*sy) / den
		cands = append(cands, cand{k, (sy - k*sx) / nn})
	}
	// Ratio over the larger half of |expected|, and a pure offset.
	mags := make([]float64, len(xs))
	for i, x := range xs {
		mags[i] = math.Abs(x)
	}
	slices.Sort(mags)
	cut := mags[len(mags)/2]
	var ratios, diffs []float64
	for i, x := range xs {
		if x != 0 && math.Abs(x) >= cut {
			ratios = append(ratios, ys[i]/x)
		}
		diffs = append(diffs, ys[i]-x)
	}
	if len(ratios) > 0 {
		slices.Sort(ratios)
		cands = append(cands, cand{ratios[len(ratios)/2], 0})
	}
	slices.Sort(diffs)
	cands = append(cands, cand{1, diffs[len(diffs)/2]})
	scale := math.Max(mags[len(mags)-1], 1e-30)
	for _, cd := range cands {
		k, c := cd.k, cd.c
		if nonFinite(k) || nonFinite(c) {
			continue
		}
		if o.dt.isInt {
			c = math.Round(c)
		}
		kOne := math.Abs(k-1) <= 1e-3
		cZero := math.Abs(c) <= math.Max(o.cmp.allowed(0), 1e-6*scale)
		if kOne && cZero || k == 0 {
			continue
		}
		f, fb := fits(k, c)
		if f < 0.95 || fb < 0.9 {
			continue
		}
		// Prefer a round factor (2^p, 1/√d, three digits) when it fits as well.
		for _, nk := range niceFactors(k) {
			var ds []float64
			for i := range xs {
				ds = append(ds, ys[i]-nk*xs[i])
			}
			slices.Sort(ds)
			nc := ds[len(ds)/2]
			if o.dt.isInt {
				nc = math.Round(nc)
			}
			if math.Abs(nc) <= math.Max(o.cmp.allowed(0), 1e-6*scale) {
				nc = 0
			}
			if nf, nfb := fits(nk, nc); nf >= f && nfb >= fb {
				k, c, f, fb = nk, nc, nf, nfb
				break
			}
		}
		kOne = math.Abs(k-1) <= 1e-3
		cZero = math.Abs(c) <= math.Max(o.cmp.allowed(0), 1e-6*scale)
		{
			switch {
			case cZero:
				return Pattern{Kind: PatScaled, Text: fmt.Sprintf("constant factor off: actual ≈ %s × expected (%.0f%% of elements fit)", describeFactor(k), 100*f),
					Hint: "a scale is missing, doubled or inverted: softmax/attention scale 1/√d, requantisation multiplier, mean 1/n"}, true
			case kOne:
				return Pattern{Kind: PatOffset, Text: fmt.Sprintf("constant offset: actual ≈ expected + %s (%.0f%% of elements fit)", o.num(c), 100*f),
					Hint: "a constant is added wrongly: zero point missing or applied twice, bias, mean not subtracted"}, true
			default:
				return Pattern{Kind: PatAffine, Text: fmt.Sprintf("actual ≈ %.6g × expected + %s (%.0f%% of elements fit)", k, o.num(c), 100*f),
					Hint: "scale and offset are both off: requantisation multiplier/shift and zero point, or normalisation mean/variance"}, true
			}
		}
	}
	return Pattern{}, false
}

// niceFactors are round numbers near k, best first.
func niceFactors(k float64) []float64 {
	var out []float64
	if k == 0 || nonFinite(k) {
		return nil
	}
	p := math.Round(math.Log2(math.Abs(k)))
	out = append(out, math.Copysign(math.Ldexp(1, int(p)), k))
	for _, m := range []float64{8, 16, 32, 64, 128, 256} {
		out = append(out, 1/math.Sqrt(m), math.Sqrt(m))
	}
	mag := math.Pow(10, math.Floor(math.Log10(math.Abs(k)))-2)
	out = append(out, math.Round(k/mag)*mag)
	var near []float64
	for _, x := range out {
		if math.Abs(x-k) <= 0.02*math.Abs(k) {
			near = append(near, x)
		}
	}
	return near
}

// describeFactor writes k, naming it when it is a power of two or the
// (inverse) square root of an integer.
func describeFactor(k float64) string {
	s := fmt.Sprintf("%.6g", k)
	near := func(x, y float64) bool { return math.Abs(x-y) <= 2e-3*math.Abs(y) }
	for p := 1; p <= 16; p++ {
		if near(k, math.Ldexp(1, p)) {
			return s + fmt.Sprintf(" (= 2^%d)", p)
		}
		if near(k, math.Ldexp(1, -p)) {
			return s + fmt.Sprintf(" (= 1/2^%d)", p)
		}
	}
	if near(k, -1) {
		return s + " (sign flipped)"
	}
	for _, m := range []float64{3, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 80, 96, 128, 256, 512, 1024} {
		if near(k, math.Sqrt(m)) {
			return s + fmt.Sprintf(" (= √%g)", m)
		}
		if near(k, 1/math.Sqrt(m)) {
			return s + fmt.Sprintf(" (= 1/√%g)", m)
		}
		if near(k, m) {
			return s + fmt.Sprintf(" (= %g)", m)
		}
		if near(k, 1/m) {
			return s + fmt.Sprintf(" (= 1/%g)", m)
		}
	}
	return s
}

// shift looks for actual[i] = expected[i-k] for a k ≠ 0.
func (o *output) shift() (int, float64, bool) {
	n := len(o.a)
	cands := map[int]bool{}
	for k := 1; k <= min(n/2, 64); k++ {
		cands[k] = true
	}
	for m := 1; m <= 8 && m*o.cols <= n/2; m++ {
		cands[m*o.cols] = true
	}
	for k := 128; k < n/2+1; k *= 2 {
		cands[k] = true
	}
	ks := make([]int, 0, 2*len(cands))
	for k := range cands {
		ks = append(ks, k, -k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if abs(ks[i]) != abs(ks[j]) {
			return abs(ks[i]) < abs(ks[j])
		}
		return ks[i] > ks[j]
	})
	bestK, best := 0, 0.0
	for _, k := range ks {
		lo, hi := max(0, k), min(n, n+k)
		if hi <= lo {
			continue
		}
		step := max(1, (hi-lo)/512) // sample's indices, without a slice per k
		count := (hi - lo + step - 1) / step
		info, match := 0, 0
		for i := lo; i < hi; i += step {
			if o.cmp.near(o.e[i-k], o.e[i]) {
				continue
			}
			info++
			if o.cmp.near(o.a[i], o.e[i-k]) {
				match++
			} else if info-match > 16 && 4*match < info {
				break // clearly not this k
			}
		}
		if info < 4 || info*20 < count {
			continue
		}
		if f := float64(match) / float64(info); f >= 0.9 && f > best+1e-9 {
			bestK, best = k, f
		}
	}
	return bestK, best, bestK != 0
}

// transposed checks actual = expectedᵀ over the last two dimensions.
func (o *output) transposed() (float64, bool) {
	sh := o.spec.Shape
	if len(sh) < 2 {
		return 0, false
	}
	r, c := sh[len(sh)-2], sh[len(sh)-1]
	if r < 2 || c < 2 {
		return 0, false
	}
	info, match := 0, 0
	for _, f := range sample(0, len(o.a), 2048) {
		b, rem := f/(r*c), f%(r*c)
		i, j := rem/c, rem%c
		src := b*r*c + i*c + j // expected[i,j]
		dst := b*r*c + j*r + i // where a transposed store puts it
		if o.cmp.near(o.e[src], o.e[dst]) {
			continue
		}
		info++
		if o.cmp.near(o.a[dst], o.e[src]) {
			match++
		}
	}
	if info < 4 {
		return 0, false
	}
	f := float64(match) / float64(info)
	return f, f >= 0.9
}

// tail checks whether only the elements past the last multiple of the
// vector length (per row, or of the flat tensor) are wrong.
func (o *output) tail() (Pattern, bool) {
	v := o.vElem
	if v <= 0 {
		return Pattern{}, false
	}
	try := func(length int, m int) (Pattern, bool) {
		g := v * m
		body := length / g * g
		if body == 0 || body == length {
			return Pattern{}, false
		}
		for i, b := range o.bad {
			pos := i
			if length == o.cols {
				pos = i % o.cols
			}
			if b && pos < body {
				return Pattern{}, false
			}
		}
		reg := fmt.Sprintf("VLEN %d bits = %d %s per register", o.vlen, v, o.dt.name)
		if m > 1 {
			reg += fmt.Sprintf(", %d per LMUL-%d group", g, m)
		}
		span := fmt.Sprintf("s %d-%d", body, length-1)
		if body == length-1 {
			span = fmt.Sprintf(" %d", body)
		}
		where := "column" + span + " of each row"
		if length != o.cols || o.rows == 1 {
			where = "element" + span
		}
		return Pattern{Kind: PatTail,
			Text: fmt.Sprintf("only the tail is wrong: %s, past the last multiple of %d (%d = %d×%d + %d; %s)", where, g, length, body/g, g, length-body, reg),
			Hint: "handle the remainder: set vl from the remaining count (vsetvli) or finish with a scalar loop"}, true
	}
	for _, m := range []int{1, 2, 4, 8} {
		if o.rows > 1 {
			if p, ok := try(o.cols, m); ok {
				return p, true
			}
		}
		if p, ok := try(len(o.a), m); ok {
			return p, true
		}
	}
	return Pattern{}, false
}

// firstTile checks whether a leading block is right and (almost)
// everything after it wrong: whole leading elements, or leading columns.
func (o *output) firstTile() (Pattern, bool) {
	n := len(o.a)
	first := slices.Index(o.bad, true)
	if first >= max(o.vElem, 4) && first <= n/2 {
		rest := 0
		for _, b := range o.bad[first:] {
			if b {
				rest++
			}
		}
		if rest*10 >= 9*(n-first) && n-first >= 2 {
			what := fmt.Sprintf("the first %d elements", first)
			if o.cols > 1 && first%o.cols == 0 {
				what += fmt.Sprintf(" (rows 0-%d)", first/o.cols-1)
			}
			return Pattern{Kind: PatFirstTile,
				Text: fmt.Sprintf("only the first tile is right: %s are right, %.0f%% of the rest wrong", what, 100*float64(rest)/float64(n-first)),
				Hint: "the loop stops after one tile, or the input/output pointers do not advance between tiles"}, true
		}
	}
	if o.rows > 1 && o.cols > 1 {
		c0 := o.cols
		for i, b := range o.bad {
			if b {
				c0 = min(c0, i%o.cols)
			}
		}
		if c0 >= max(o.vElem, 2) && c0 < o.cols-1 {
			rest := 0
			for i, b := range o.bad {
				if b && i%o.cols >= c0 {
					rest++
				}
			}
			if tot := o.rows * (o.cols - c0); rest*10 >= 9*tot {
				return Pattern{Kind: PatFirstTile,
					Text: fmt.Sprintf("only the first column tile is right: columns 0-%d of every row right, %.0f%% of columns %d-%d wrong", c0-1, 100*float64(rest)/float64(tot), c0, o.cols-1),
					Hint: "the column loop stops after one tile, or its pointers do not advance"}, true
			}
		}
	}
	return Pattern{}, false
}

// repeated checks whether the actual values repeat with a period (a row,
// a vector, or the right leading block) while the expected ones do not.
func (o *output) repeated() (Pattern, bool) {
	n := len(o.a)
	periods := []int{}
	if first := slices.Index(o.bad, true); first > 0 {
		// The right prefix, also rounded down to whole rows and vectors
		// (its last elements may be right by coincidence).
		periods = append(periods, first, first/o.cols*o.cols)
		if o.vElem > 0 {
			periods = append(periods, first/o.vElem*o.vElem)
		}
	}
	if o.cols > 1 && o.rows > 1 {
		periods = append(periods, o.cols)
	}
	if o.vElem > 1 {
		periods = append(periods, o.vElem)
	}
	for _, p := range periods {
		if p <= 0 || p >= n {
			continue
		}
		info, match := 0, 0
		distinct := map[float64]bool{}
		for _, i := range sample(p, n, 1024) {
			if !o.bad[i] || o.cmp.near(o.e[i], o.e[i-p]) || nonFinite(o.a[i]) {
				continue
			}
			info++
			if o.cmp.near(o.a[i], o.a[i-p]) {
				match++
				if len(distinct) < 4 {
					distinct[o.a[i]] = true
				}
			}
		}
		if info >= 4 && match*10 >= 9*info && len(distinct) >= 4 {
			return Pattern{Kind: PatRepeated,
				Text: fmt.Sprintf("the values repeat every %d elements: the wrong elements copy those %d earlier", p, p),
				Hint: "a pointer does not advance: the same input tile is read (or the same results stored) again"}, true
		}
	}
	return Pattern{}, false
}

func overlaps(rs []sim.Range, lo, hi uint64) bool {
	for _, r := range rs {
		if r.Start < hi && lo < r.End {
			return true
		}
	}
	return false
}

// mixed breaks the wrong elements down by what they hold (0, the fill
// pattern, another tensor's element at the same index) when no single
// kind explains them but a few together do.
func (o *output) mixed(others []named) (Pattern, bool) {
	type cat struct {
		what string
		n    int
	}
	cats := []cat{{what: "are 0"}, {what: fmt.Sprintf("still hold the fill byte %#02x", o.fill)}}
	for _, ot := range o.othersFor(others) {
		cats = append(cats, cat{what: fmt.Sprintf("equal %s '%s' at the same index", roleName(ot.role), ot.name)})
	}
	covered := 0
	for i, b := range o.bad {
		if !b {
			continue
		}
		hit := false
		switch {
		case o.untouched(i):
			cats[1].n++
			hit = true
		case o.a[i] == 0:
			cats[0].n++
			hit = true
		}
		if !hit {
			for k, ot := range o.othersFor(others) {
				if i < len(ot.vals) && o.cmp.near(o.a[i], ot.vals[i]) {
					cats[2+k].n++
					hit = true
					break
				}
			}
		}
		if hit {
			covered++
		}
	}
	var parts []string
	big := 0
	for _, c := range cats {
		if c.n*5 >= o.nbad {
			big++
		}
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%.0f%% %s", 100*float64(c.n)/float64(o.nbad), c.what))
		}
	}
	if big < 2 || covered*10 < 8*o.nbad {
		return Pattern{}, false
	}
	return Pattern{Kind: PatMixed,
		Text: "the wrong elements: " + strings.Join(parts, ", "),
		Hint: "two code paths store different wrong values: a condition (sign, mask, bounds) picks the wrong branch, e.g. min instead of max"}, true
}

// othersFor lists the tensors mixed compares with, in the order of its
// categories.
func (o *output) othersFor(others []named) []named {
	var out []named
	for _, ot := range others {
		if ot.name != o.spec.Name && len(ot.vals) > 0 && !isConst(ot.vals[:min(len(ot.vals), len(o.a))]) {
			out = append(out, ot)
		}
	}
	return out
}

// plural writes "1 element", "3 elements".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
