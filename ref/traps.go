package ref

import (
	"fmt"
	"math"
)

// The numerical traps a case's inputs set on purpose (shape.go, genValues)
// are named in its task text, with the case's own figures, in the terms
// of its target's precision: a careful kernel is warned of every one.
// traps computes them from the inputs and the expected output when
// Generate makes the case (so the text cannot drift from the data), and
// Describe prints them.

// refStats are figures the reference notes while it computes a case.
type refStats struct {
	maxScore float64 // the largest attention score (scaled, biased, unmasked)
	// ties counts the outputs whose last requantisation rounds a tie,
	// where rounding half to even would give another output.
	ties int
}

// precision is how a target's kernels compute the numbers a case's
// traps concern, in the task text's words (targetInfo.precision).
type precision struct {
	scalars     string // how its scalars are kept
	expOverflow string // where its exp overflows
	// meanError is how far off the row mean a kernel of the target gets
	// is for a row (xs, of that mean and std), and the figure rows are
	// ranked by (the worst is named).
	meanError func(xs []float64, mean, std float64) (err, rank float64)
	// meanAdvice is the layernorm trap's sentence on the worst row.
	meanAdvice func(err, rank float64) string
	// f16Scalars: a mean square below 2^-14 is subnormal in its scalars.
	f16Scalars bool
}

// How each target keeps its scalars, as the task text says it.
const (
	plenaScalars = "plena's scalars (FP SRAM, f registers, V_RED_SUM) are f16 (11 significant bits)"
	aie2Scalars  = "aie2 accumulates in fp32 but stores bf16 (8 significant bits)"
	coralScalars = "coral computes in float32 (24 significant bits)"
)

var plenaPrecision = precision{
	scalars:     plenaScalars,
	expOverflow: "V_EXP_V overflows its bf16 row above 88.72, and S_EXP_FP its f16 scalar above 11.09",
	meanError: func(xs []float64, mean, std float64) (float64, float64) {
		// The f16 mean a PLENA kernel gets: V_RED_SUM of
		// bf16(x*f16(1/N)), block by block into f16.
		n := len(xs)
		invN := roundHalf(1 / float64(n))
		m := plenaRedSum(n, func(j int) float64 { return RoundBF16(RoundF32(xs[j] * invN)) })
		e := math.Abs(m - mean)
		return e, e / std
	},
	meanAdvice: func(err, rank float64) string {
		return fmt.Sprintf(" %s: the mean PLENA's V_RED_SUM gives for it (the f16 sum of bf16(x*f16(1/N))) is %.3g off, %.2g%% of its std, which a kernel that centres on that mean alone carries into every output of the row. Correct it: sum (x - mean)/N again (small, so precise in f16) and subtract that too.",
			plenaScalars, err, 100*rank)
	},
	f16Scalars: true,
}

var aie2Precision = precision{
	scalars:     aie2Scalars,
	expOverflow: "exp overflows bf16 above 88.72 (exp_hi[i] is +inf for i = 89..127)",
	meanError: func(_ []float64, mean, std float64) (float64, float64) {
		e := math.Abs(RoundBF16(mean) - mean)
		return e, e / std
	},
	meanAdvice: func(err, rank float64) string {
		return fmt.Sprintf(" %s: that mean rounded to bf16 is %.3g off, %.2g%% of its std; keep the mean and the centred row's sums in fp32.", aie2Scalars, err, 100*rank)
	},
}

var coralPrecision = precision{
	scalars:     coralScalars,
	expOverflow: "expf overflows float32 above 88.72",
	meanError: func(_ []float64, mean, std float64) (float64, float64) {
		c := (mean * mean) / (std * std) // the cancellation factor of E[x^2] - mean^2
		return c, c
	},
	meanAdvice: func(_, rank float64) string {
		return fmt.Sprintf(" %s: var = mean(x^2) - mean^2 cancels (mean^2/var = %.0f loses %.0f of float32's 24 bits); subtract the mean first, then sum the squares.",
			coralScalars, rank, math.Log2(rank))
	},
}

// traps returns the task-text sentences naming the numerical traps of a
// case: target and task, its params, its inputs (as rounded) and expected
// output (unrounded), and the reference's stats.
func traps(target, task string, p Params, in map[string]*Array, out *Array, st *refStats, integer bool) []string {
	var ts []string
	switch task {
	case "layernorm":
		ts = append(ts, layernormTrap(target, p, in["x"].Data))
	case "rmsnorm":
		ts = append(ts, smallRMSTrap(target, in["x"].Data, p.M, p.N, p.Eps, "row"))
	case "decoder_llama", "decoder_t5":
		ts = append(ts, smallRMSTrap(target, in["x"].Data, p.S, p.DModel, p.Eps, "token"))
	case "softmax":
		x := in["x"].Data
		mx, at := math.Inf(-1), 0
		for i, v := range x {
			if v > mx {
				mx, at = v, i
			}
		}
		ts = append(ts, fmt.Sprintf("Row %d's maximum is %.4g: %s, so subtract each row's maximum before exp.", at/p.N, mx, targetInfos[target].precision.expOverflow))
	}
	if LargeLogits(task, p) && st != nil {
		ts = append(ts, fmt.Sprintf("One query's largest attention score (after scaling%s) is %.4g: %s, so subtract each row's maximum score before exp; the other scores of that row are far below it.",
			map[bool]string{true: " and the position bias", false: ""}[task == "decoder_t5"], st.maxScore, targetInfos[target].precision.expOverflow))
	}
	if integer && len(p.Requant) > 0 && out != nil {
		sat := 0
		for _, v := range out.Data {
			if v == 127 || v == -128 {
				sat++
			}
		}
		ties := 0
		if st != nil {
			ties = st.ties
		}
		ts = append(ts, fmt.Sprintf("%d of the %d outputs (%.1f%%) saturate at 127 or -128: clamp, do not wrap. %d outputs come from accumulators exactly halfway between two integers: the +2^(shift-1) then >> rounds them up (toward +inf), where rounding half to even gives another output (and half away from zero on negative ones).",
			sat, len(out.Data), 100*float64(sat)/float64(len(out.Data)), ties))
	}
	return ts
}

// layernormTrap names the row whose mean is the most standard deviations
// from zero (by the target's ranking), and what the target's precision
// makes of it.
func layernormTrap(target string, p Params, x []float64) string {
	n, pr := p.N, targetInfos[target].precision
	var worstRow int
	var worstMean, worstStd, worstErr, worstRank float64
	for i := 0; i < p.M; i++ {
		xs := x[i*n : (i+1)*n]
		mean := 0.0
		for _, v := range xs {
			mean += v
		}
		mean /= float64(n)
		vr := 0.0
		for _, v := range xs {
			vr += (v - mean) * (v - mean)
		}
		std := math.Sqrt(vr / float64(n))
		e, rank := pr.meanError(xs, mean, std)
		if i == 0 || rank > worstRank {
			worstRow, worstMean, worstStd, worstErr, worstRank = i, mean, std, e, rank
		}
	}
	head := fmt.Sprintf("Rows have means of their own: row %d has mean %.4g and standard deviation %.3g (|mean| = %.0f std).", worstRow, worstMean, worstStd, math.Abs(worstMean)/worstStd)
	return head + pr.meanAdvice(worstErr, worstRank)
}

// smallRMSTrap names the row (token) of smallest mean square, where
// epsilon matters.
func smallRMSTrap(target string, x []float64, m, n int, eps float64, what string) string {
	at, low := 0, math.Inf(1)
	for i := 0; i < m; i++ {
		ms := 0.0
		for _, v := range x[i*n : (i+1)*n] {
			ms += v * v
		}
		if ms /= float64(n); ms < low {
			at, low = i, ms
		}
	}
	t := fmt.Sprintf("%s %d has mean square %.3g, %.2g times eps = %g: eps scales its normalised values by %.3g (sqrt(ms/(ms + eps))), so leaving eps out or using another one changes them by tens of percent.",
		capitalise(what), at, low, low/eps, eps, math.Sqrt(low/(low+eps)))
	if targetInfos[target].precision.f16Scalars && low < 0x1p-14 {
		t += fmt.Sprintf(" In f16 that mean square is subnormal (below 6.1e-5, in steps of 6e-8): %.2g%% of it is one step, and a square times 1/N is about %.2g, %.2g of a step (sum the squares, then multiply by 1/N).",
			100*0x1p-24/low, low/float64(n), low/float64(n)/0x1p-24)
	}
	return t
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// outName is the name of a task's output among its specs.
func outName(specs []tspec) string {
	for _, s := range specs {
		if s.role == RoleOut {
			return s.name
		}
	}
	return ""
}
