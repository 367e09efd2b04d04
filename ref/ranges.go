package ref

import (
	"fmt"
	"math"
)

// inputRanges states, per input and const tensor of a case, the range and
// distribution of its values as the kernel reads them (after rounding to
// the tensor's dtype), computed from the case's data when Generate makes
// it, so the task text cannot drift from the data. Left out: the args
// block (the tensors' addresses) and the consts the task text defines
// value by value (lookup tables, FP SRAM constants, plena's rot).
func inputRanges(specs []TensorSpec, in map[string]*Array) []string {
	var out []string
	for _, s := range specs {
		if s.Role == RoleOut || s.Role == RoleScratch || definedConsts[s.Name] {
			continue
		}
		a := in[s.Name]
		if a == nil || len(a.Data) == 0 {
			continue
		}
		out = append(out, s.Name+": "+valueSummary(a.Data))
	}
	return out
}

// definedConsts are the tensors whose values the task text defines.
var definedConsts = map[string]bool{"args": true, "exp_hi": true, "exp_lo": true, "recip_lut": true, "rsqrt_lut": true, "fp_consts": true, rotName: true}

// valueSummary is "N values in [lo, hi], mean m, std s, mean |x| v", with
// integers and non-finite values said as such.
func valueSummary(xs []float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	var n int
	var sum, sumAbs float64
	integer := true
	nonFinite := map[string]int{}
	for _, x := range xs {
		if x-x != 0 { // not finite (x-x is NaN for NaN and ±Inf)
			switch {
			case math.IsNaN(x):
				nonFinite["NaN"]++
			case x > 0:
				nonFinite["+inf"]++
			default:
				nonFinite["-inf"]++
			}
			continue
		}
		n++
		lo, hi = min(lo, x), max(hi, x)
		sum += x
		sumAbs += math.Abs(x)
		if integer && x != math.Trunc(x) {
			integer = false
		}
	}
	var s string
	switch {
	case n == 0:
		s = "no finite values"
	case lo == hi:
		s = fmt.Sprintf("%d values, all %.4g", n, lo)
	default:
		mean := sum / float64(n)
		var ss float64
		for _, x := range xs {
			if x-x == 0 { // finite
				ss += (x - mean) * (x - mean)
			}
		}
		rng := fmt.Sprintf("%d values in [%.4g, %.4g]", n, lo, hi)
		if integer {
			rng = fmt.Sprintf("%d integers in [%.0f, %.0f]", n, lo, hi)
		}
		s = fmt.Sprintf("%s, mean %.3g, std %.3g, mean |x| %.3g", rng, mean, math.Sqrt(ss/float64(n)), sumAbs/float64(n))
	}
	for _, k := range []string{"-inf", "+inf", "NaN"} {
		if c := nonFinite[k]; c > 0 {
			s += fmt.Sprintf(", and %d %s", c, k)
		}
	}
	return s
}
