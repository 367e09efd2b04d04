package ref

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Integer input shaping. Random int8 data almost never makes a
// requantisation land exactly halfway between two integers (a tie needs
// acc*mult to be 2^(shift-1) modulo 2^shift) and rarely saturates, so a
// kernel that rounds ties another way or wraps instead of clamping would
// pass. shapeInteger adjusts the drawn inputs of every requantising cell,
// visible and hidden alike, so that the final stage has
//   - at least satFraction of its outputs saturated (at 127 and, where the
//     task keeps negative outputs, at -128), and
//   - exact ties whose rounded value is odd, both positive and (where a
//     ReLU does not remove them) negative ones: round-half-to-even,
//     round-half-away-from-zero and truncation then all give another
//     output somewhere.
//
// Every adjustment keeps the inputs int8 and the biases within biasMax,
// so checkRequant's overflow bound still holds.

// satFraction is the least fraction of final outputs that saturate.
const satFraction = 0.015

// tiesWanted is how many exact ties shapeInteger places in the final
// stage (fewer where the output is smaller).
const tiesWanted = 8

// tiePeriod is the distance between accumulators that requantise to an
// exact tie (they are P/2 modulo P), or 0 when r has none.
func tiePeriod(r Requant) int64 {
	tz := uint(bits.TrailingZeros64(uint64(r.Mult)))
	if r.Mult == 0 || tz >= r.Shift {
		return 0
	}
	return int64(1) << (r.Shift - tz)
}

// tieTarget is the accumulator nearest to acc that requantises from an
// exact tie to an odd value v with v+ZP inside (lo, 126]: negative when
// neg (so half-away rounds it differently too), positive otherwise.
func tieTarget(r Requant, acc int64, neg bool, lo int64) (int64, bool) {
	P := tiePeriod(r)
	if P == 0 {
		return 0, false
	}
	best, found := int64(0), false
	k0 := floorDiv(acc, P)
	for n := 0; n < 34; n++ {
		// Near acc first, then near zero (acc may lie on the other side).
		k := k0 - 8 + int64(n)
		if n >= 17 {
			k = int64(n-17) - 8
		}
		T := k*P + P/2
		if (T < 0) != neg {
			continue
		}
		v := (T*r.Mult + int64(1)<<(r.Shift-1)) >> r.Shift
		if v&1 == 0 || v+r.ZP <= lo || v+r.ZP > 126 || !r.IsTie(T) {
			continue
		}
		if !found || abs64(T-acc) < abs64(best-acc) {
			best, found = T, true
		}
	}
	return best, found
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func sign127(x float64, neg bool) float64 {
	s := 127.0
	if x < 0 {
		s = -128
	}
	if neg {
		if s > 0 {
			return -128
		}
		return 127
	}
	return s
}

// steerRow changes the int8 entries row[l] (coefficients coef[l] in the
// accumulator) so that the accumulator moves by delta exactly, using unit
// (whose coefficient is 1) for the final step. It reports success; on
// failure row is unchanged.
func steerRow(row []float64, coef []int64, unit int, delta int64, rng *rand.Rand) bool {
	saved := append([]float64(nil), row...)
	for _, l := range rng.Perm(len(row)) {
		if l == unit || coef[l] == 0 || abs64(delta) <= 100 {
			continue
		}
		d := int64(math.Round(float64(delta) / float64(coef[l])))
		nv := min(127, max(-128, int64(row[l])+d))
		delta -= (nv - int64(row[l])) * coef[l]
		row[l] = float64(nv)
	}
	nv := int64(row[unit]) + delta
	if nv < -128 || nv > 127 {
		copy(row, saved)
		return false
	}
	row[unit] = float64(nv)
	return true
}

// shapeInteger shapes the inputs of a requantising task (see above).
func shapeInteger(task string, p Params, in map[string]*Array, rng *rand.Rand) {
	switch task {
	case "gemv":
		shapeMatmul(p, in["a"].Data, in["x"].Data, p.M, p.K, 1, rng)
	case "gemm":
		shapeMatmul(p, in["a"].Data, in["b"].Data, p.M, p.K, p.N, rng)
	case "bmm":
		for b := 0; b < p.B; b++ {
			shapeMatmul(p, in["a"].Data[b*p.M*p.K:(b+1)*p.M*p.K], in["b"].Data[b*p.K*p.N:(b+1)*p.K*p.N], p.M, p.K, p.N, rng)
		}
	case "linear":
		shapeLinear(p, in["x"].Data, in["w"].Data, in["bias"].Data, rng)
	case "conv2d", "conv_block", "depthwise_conv":
		shapeConv(task, p, in["x"], in["w"], in["bias"], rng)
	case "ffn":
		shapeFFN(p, in, rng)
	}
}

// shapeMatmul: c = a·b ([m,k]·[k,n], no bias). Saturation: rows of a set
// to ±127 in the signs of a column of b. Ties: b gets a 1 in every column
// (a random row), and tie rows of a are steered onto a tie in one column.
func shapeMatmul(p Params, a, b []float64, m, k, n int, rng *rand.Rand) {
	r := p.Requant[0]
	unit := make([]int, n)
	for j := range unit {
		unit[j] = rng.IntN(k)
		b[unit[j]*n+j] = 1
	}
	col := func(j int) []int64 {
		c := make([]int64, k)
		for l := range c {
			c[l] = int64(b[l*n+j])
		}
		return c
	}
	acc := func(i, j int) int64 {
		var s int64
		for l := 0; l < k; l++ {
			s += int64(a[i*k+l]) * int64(b[l*n+j])
		}
		return s
	}
	rows := rng.Perm(m)
	// Saturating rows: each saturates at least its column, and its other
	// columns see a wider spread.
	satRows := max(1, int(math.Ceil(satFraction*float64(m))))
	for s := 0; s < satRows && s < len(rows)-1; s++ {
		i, j := rows[s], rng.IntN(n)
		for l := 0; l < k; l++ {
			a[i*k+l] = sign127(b[l*n+j], s%2 == 1)
		}
	}
	ties := 0
	for _, i := range rows[min(satRows, len(rows)-1):] {
		if ties == tiesWanted {
			break
		}
		j := rng.IntN(n)
		x := acc(i, j)
		T, ok := tieTarget(r, x, ties%2 == 0, -128)
		if !ok {
			continue
		}
		if steerRow(a[i*k:(i+1)*k], col(j), unit[j], T-x, rng) {
			ties++
		}
	}
}

// shapeLinear: y = x·wᵀ + bias ([m,k], w [n,k]). Saturation: rows of x
// in the signs of a row of w. Ties: the bias of tie columns moves the
// accumulator of the row nearest to a tie onto it.
func shapeLinear(p Params, x, w, bias []float64, rng *rand.Rand) {
	m, k, n := p.M, p.K, p.N
	rows := rng.Perm(m)
	satRows := max(1, int(math.Ceil(satFraction*float64(m))))
	for s := 0; s < satRows && s < m-1; s++ {
		i, j := rows[s], rng.IntN(n)
		for l := 0; l < k; l++ {
			x[i*k+l] = sign127(w[j*k+l], s%2 == 1)
		}
	}
	others := rows[min(satRows, m-1):]
	acc := func(i, j int) int64 {
		s := int64(bias[j])
		for l := 0; l < k; l++ {
			s += int64(x[i*k+l]) * int64(w[j*k+l])
		}
		return s
	}
	for t, j := range rng.Perm(n)[:min(n, tiesWanted)] {
		steerBias(p.Requant[0], bias, j, biasMax(k), t%2 == 0, -128, len(others), func(e int) int64 { return acc(others[e], j) })
	}
}

// steerBias moves bias[j] so that the one of cands accumulators (acc(e))
// nearest to a tie lands on it, keeping |bias| <= bmax.
func steerBias(r Requant, bias []float64, j int, bmax int64, neg bool, lo int64, cands int, acc func(e int) int64) bool {
	bestD, found := int64(0), false
	for e := 0; e < cands; e++ {
		x := acc(e)
		T, ok := tieTarget(r, x, neg, lo)
		if !ok {
			continue
		}
		nb := int64(bias[j]) + T - x
		if abs64(nb) > bmax {
			continue
		}
		if !found || abs64(T-x) < abs64(bestD) {
			bestD, found = T-x, true
		}
	}
	if found {
		bias[j] += float64(bestD)
	}
	return found
}

// shapeConv: saturation by input windows set to ±127 in the signs of one
// output channel's weights; ties by the bias of tie channels, on the
// output position nearest to a tie. conv_block keeps only outputs above
// its ReLU floor that are their pooling window's maximum, so its ties are
// positive and placed on a window maximum.
func shapeConv(task string, p Params, x, w, bias *Array, rng *rand.Rand) {
	r := p.Requant[0]
	dw := task == "depthwise_conv"
	oh, ow := convOut(p)
	co := p.Cout
	k := p.KH * p.KW * p.Cin
	if dw {
		k = p.KH * p.KW
	}
	xc := convXStep(dw)
	// xq is x as integers, kept equal to x.Data as the steps change it.
	xq, wq := int32s(x.Data), int32s(w.Data)
	accs := make([]int64, co)
	var taps []convTap
	acc := func(i, j, c int) int64 {
		taps = appendConvTaps(taps[:0], p, i, j, dw)
		convAccs(accs, taps, xq, wq, bias.Data, xc, c, c+1)
		return accs[c]
	}
	// Saturation: align windows until satFraction of the final outputs
	// saturate. The count is kept per output and updated around each
	// changed window only.
	total := oh * ow * co
	relu := task == "conv_block"
	isSatAcc := func(a int64) bool {
		v := r.Apply(a)
		return v == 127 || (!relu && v == -128)
	}
	sat := make([]bool, total)
	count := 0
	// update recomputes the saturation of window (i, j)'s outputs: of
	// channel only, or of every channel when only < 0.
	update := func(i, j, only int) {
		taps = appendConvTaps(taps[:0], p, i, j, dw)
		c0, c1 := 0, co
		if only >= 0 {
			c0, c1 = only, only+1
		}
		convAccs(accs, taps, xq, wq, bias.Data, xc, c0, c1)
		for c := c0; c < c1; c++ {
			e := (i*ow+j)*co + c
			was := sat[e]
			sat[e] = isSatAcc(accs[c])
			switch {
			case sat[e] && !was:
				count++
			case was && !sat[e]:
				count--
			}
		}
	}
	for i := 0; i < oh; i++ {
		for j := 0; j < ow; j++ {
			update(i, j, -1)
		}
	}
	for n, pos := range rng.Perm(oh * ow) {
		if float64(count) >= satFraction*float64(total) || n > oh*ow/2 {
			break
		}
		i, j, c := pos/ow, pos%ow, rng.IntN(co)
		neg := !relu && n%2 == 1
		convTaps(p, i, j, c, dw, func(xi, wi int) {
			x.Data[xi] = sign127(w.Data[wi], neg)
			xq[xi] = int32(x.Data[xi])
		})
		// Only the windows that share an input pixel with window (i, j)
		// change (rows i2*Stride-Pad .. +KH-1 meet i's when |i2-i|*Stride
		// < KH), and of a depthwise convolution only channel c.
		reachH, reachW := (p.KH-1)/p.Stride, (p.KW-1)/p.Stride
		for i2 := max(0, i-reachH); i2 <= min(oh-1, i+reachH); i2++ {
			for j2 := max(0, j-reachW); j2 <= min(ow-1, j+reachW); j2++ {
				if dw {
					update(i2, j2, c)
				} else {
					update(i2, j2, -1)
				}
			}
		}
	}
	// Ties.
	lo := int64(-128)
	if relu {
		lo = r.ZP + 1 // above the ReLU floor, and never a pooled-away value below
	}
	for t, c := range rng.Perm(co)[:min(co, tiesWanted)] {
		var cands []int
		if relu {
			// The window maximum of each pooling window, by accumulator
			// (bias is common to the channel, so the order holds after
			// steering), and only a strict maximum by 2 output steps.
			for pi := 0; pi+p.Pool <= oh; pi += p.Pool {
				for pj := 0; pj+p.Pool <= ow; pj += p.Pool {
					best, second := int64(math.MinInt64), int64(math.MinInt64)
					bi := -1
					for di := 0; di < p.Pool; di++ {
						for dj := 0; dj < p.Pool; dj++ {
							v := acc(pi+di, pj+dj, c)
							if v > best {
								best, second, bi = v, best, (pi+di)*ow+pj+dj
							} else if v > second {
								second = v
							}
						}
					}
					if float64(best-second)*float64(r.Mult) >= 3*math.Ldexp(1, int(r.Shift)) {
						cands = append(cands, bi)
					}
				}
			}
		} else {
			cands = rng.Perm(oh * ow)
		}
		steerBias(r, bias.Data, c, biasMax(k), !relu && t%2 == 0, lo, len(cands), func(e int) int64 {
			return acc(cands[e]/ow, cands[e]%ow, c)
		})
	}
}

// shapeFFN: y = requant2(relu(requant1(x·w1 + b1))·w2 + b2). The hidden
// activations are non-negative, so columns of w2 set to 127 (or -128)
// saturate every row with any activation; ties by b2.
func shapeFFN(p Params, in map[string]*Array, rng *rand.Rand) {
	m, d, f := p.M, p.DModel, p.F
	w2, b2 := in["w2"].Data, in["b2"].Data
	cols := rng.Perm(d)
	satCols := max(1, int(math.Ceil(satFraction*float64(d))))
	for s := 0; s < satCols && s < d-1; s++ {
		v := 127.0
		if s%2 == 1 {
			v = -128
		}
		for l := 0; l < f; l++ {
			w2[l*d+cols[s]] = v
		}
	}
	h := newGT(p).matmul(in["x"].Data, in["w1"].Data, m, d, f, in["b1"].Data, 0)
	for i, v := range h.Data {
		h.Data[i] = math.Max(v, 0)
	}
	acc := func(i, j int) int64 {
		s := int64(b2[j])
		for l := 0; l < f; l++ {
			s += int64(h.Data[i*f+l]) * int64(w2[l*d+j])
		}
		return s
	}
	for t, j := range cols[min(satCols, d-1):][:min(d-min(satCols, d-1), tiesWanted)] {
		steerBias(p.Requant[1], b2, j, biasMax(f), t%2 == 0, -128, m, func(i int) int64 { return acc(i, j) })
	}
}

// logitPeak is the attention score that shapeFloat gives one query
// against one key (float32's exp overflows above 88.7): softmax without
// the max subtraction overflows there, while the row stays one-hot, so
// that bf16 scores (0.5 off at this size) do not change its
// probabilities.
const logitPeak = 150

// attnSharpen multiplies the query weights of the projected attention
// tasks: their scores, of unit scale with weights of 1/sqrt(fan-in),
// become about 2 in standard deviation, so that attention picks a few
// keys and a change of scores (RoPE's sign or pairing, another scale)
// changes its output by about the size of a value vector, not by a
// fraction of a flat average.
const attnSharpen = 2

// firstTokenRMS is the root mean square of a decoder's first token: so
// much smaller than sqrt(eps) = 1e-3 that epsilon sets its normalised
// scale (a kernel that leaves epsilon out scales it by 10, one with
// 10 eps by 0.32).
const firstTokenRMS = 7e-4

// residualScale scales a decoder's input x (its residual stream): the
// norms undo the scale, so it matters only to the residual additions,
// where a smaller x leaves more of the output to the attention and FFN
// branches, which the wrong definitions change.
const residualScale = 0.5

// LargeLogits reports whether a float attention case has a score of
// about logitPeak (see shapeFloat): every attention task has one.
func LargeLogits(task string, p Params) bool {
	switch task {
	case "sdpa", "flash_attention", "mha", "gqa", "mqa", "decoder_llama", "decoder_t5":
		return true
	}
	return false
}

// peakDim is the dimension of a head that carries the large score of a
// projected attention task: the lowest-frequency pair of RoPE (D/2-1 and
// D-1, rotated by less than 0.02 over the longest sequence), so that
// decoder_llama's rotation leaves it in place.
func peakDim(d int) int { return d/2 - 1 }

// shapeFloat shapes the inputs of float tasks (the traps Traps names):
//   - sdpa and flash_attention: query S-1 is a multiple of one key it
//     sees, with a score of logitPeak;
//   - the projected attention tasks (mha, gqa, mqa, decoders): query
//     weights sharpened by attnSharpen, and one token r whose query and
//     key have a score of logitPeak in head 0 and only there: column
//     peakDim of head 0's query and key weights is a direction u with
//     a_r·u = 1 and a_j·u = 0 for every other token j (a the rows the
//     projections read: x, or its RMSNorm in a decoder), scaled so that
//     q_r·k_r*scale = logitPeak; the other query heads sharing that
//     key head get a zero column there;
//   - decoders: rows with means of their own (std 0.5: LayerNorm is not
//     RMSNorm on them) and a first token of root mean square
//     firstTokenRMS (epsilon sets its scale).
//
// It returns the names of the inputs it changed.
func shapeFloat(task string, p Params, in map[string]*Array, rng *rand.Rand) []string {
	if !LargeLogits(task, p) {
		return nil
	}
	switch task {
	case "sdpa", "flash_attention":
		i0 := p.S - 1
		jmax := p.SKV - 1
		if p.Causal {
			jmax = min(i0, jmax)
		}
		j0 := rng.IntN(jmax + 1)
		k := in["k"].Data[j0*p.D : (j0+1)*p.D]
		n2 := 0.0
		for _, v := range k {
			n2 += v * v
		}
		alpha := logitPeak / (n2 * p.Scale)
		q := in["q"].Data[i0*p.D : (i0+1)*p.D]
		for d := range q {
			q[d] = alpha * k[d]
		}
		return []string{"q"}
	}
	var changed []string
	decoder := task == "decoder_llama" || task == "decoder_t5"
	x := in["x"].Data
	if decoder {
		// Rows with a mean of their own (as embeddings have), so that a
		// norm that subtracts the mean (LayerNorm for RMSNorm) misses.
		for r := 0; r < p.S; r++ {
			off := 0.5 * rng.NormFloat64()
			for j := 0; j < p.DModel; j++ {
				x[r*p.DModel+j] = residualScale * (x[r*p.DModel+j] + off)
			}
		}
		row := x[:p.DModel] // the first token: causal attention gives it to itself alone, undiluted
		ms := 0.0
		for _, v := range row {
			ms += v * v
		}
		f := firstTokenRMS / math.Sqrt(ms/float64(p.DModel))
		for j := range row {
			row[j] *= f
		}
		changed = append(changed, "x")
	}
	wq, wk := in["wq"].Data, in["wk"].Data
	for i := range wq {
		wq[i] *= attnSharpen
	}
	qw, kw := p.H*p.D, p.HKV*p.D
	if decoder {
		qw, kw = p.DModel, p.DModel
	}
	// The rows the projections read.
	a := x
	if decoder {
		a = newGT(p).rmsnormRows(x, in["g1"].Data, p.S, p.DModel)
	}
	// The token of the large score: not the first, whose row is mostly
	// epsilon. Under a causal mask the last, whose key no other query
	// sees: bf16 rounding of the other tokens' rows leaves their queries
	// a little of u, which the key's large weight would turn into score
	// noise of a few tenths.
	r := 1 + rng.IntN(p.S-1)
	if p.Causal {
		r = p.S - 1
	}
	u := peakDirection(a, p.S, p.DModel, r)
	c := math.Sqrt(logitPeak / p.Scale) // q_r and k_r at peakDim: c*c*scale = logitPeak
	hkv := p.HKV
	if hkv == 0 {
		hkv = p.H
	}
	group := p.H / hkv
	dd := peakDim(p.D)
	for k := 0; k < p.DModel; k++ {
		wk[k*kw+dd] = c * u[k]
		wq[k*qw+dd] = c * u[k]
		for h := 1; h < group; h++ {
			wq[k*qw+h*p.D+dd] = 0
		}
	}
	return append(changed, "wq", "wk")
}

// peakDirection returns u [n] with a_r·u = 1 and a_j·u = 0 for the other
// rows j of a [m, n]: the least-norm solution u = A^T w of (A A^T) w =
// e_r (Gaussian elimination with partial pivoting; a tiny ridge keeps it
// solvable where rows depend on one another).
func peakDirection(a []float64, m, n, r int) []float64 {
	g := make([]float64, m*m)
	diag := 0.0
	for i := 0; i < m; i++ {
		for j := 0; j <= i; j++ {
			v := dot(a[i*n:(i+1)*n], a[j*n:(j+1)*n])
			g[i*m+j], g[j*m+i] = v, v
		}
		diag = max(diag, g[i*m+i])
	}
	w := make([]float64, m)
	for i := range w {
		g[i*m+i] += 1e-9 * diag
	}
	w[r] = 1
	// Gaussian elimination with partial pivoting; w becomes the solution.
	for col := 0; col < m; col++ {
		piv := col
		for i := col + 1; i < m; i++ {
			if math.Abs(g[i*m+col]) > math.Abs(g[piv*m+col]) {
				piv = i
			}
		}
		if piv != col {
			for j := 0; j < m; j++ {
				g[col*m+j], g[piv*m+j] = g[piv*m+j], g[col*m+j]
			}
			w[col], w[piv] = w[piv], w[col]
		}
		for i := col + 1; i < m; i++ {
			f := g[i*m+col] / g[col*m+col]
			if f == 0 {
				continue
			}
			for j := col; j < m; j++ {
				g[i*m+j] -= f * g[col*m+j]
			}
			w[i] -= f * w[col]
		}
	}
	for i := m - 1; i >= 0; i-- {
		v := w[i]
		for j := i + 1; j < m; j++ {
			v -= g[i*m+j] * w[j]
		}
		w[i] = v / g[i*m+i]
	}
	u := make([]float64, n)
	for i := 0; i < m; i++ {
		axpy(w[i], a[i*n:(i+1)*n], u)
	}
	return u
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// axpy adds alpha*x to y.
func axpy(alpha float64, x, y []float64) {
	for i := range x {
		y[i] += alpha * x[i]
	}
}
