package ref

import (
	"fmt"
	"math"
	"sync"

	"kernelcraft/ref/internal/f64"
)

// Reference computes a task's outputs from its inputs (named as in the
// case's tensors) in float64, or exactly in integers for coral's int8
// tasks (p.Requant set). The results are not rounded to the output dtype:
// Generate does that with RoundTo. Params' mutation knobs (MaskShift,
// NoMaxSubtract, Intermediate) and numerics (Eps, GELU, Causal, Scale)
// give deliberately different results for tests.
func Reference(task string, p Params, in map[string]*Array) (map[string]*Array, error) {
	return reference(task, p, in, nil)
}

// reference is Reference sharing sums with another computation on the
// same inputs through memo (nil: none).
func reference(task string, p Params, in map[string]*Array, memo *sumsMemo) (map[string]*Array, error) {
	return referenceStats(task, p, in, memo, nil)
}

// referenceStats is reference noting figures of the computation in st
// (nil: none).
func referenceStats(task string, p Params, in map[string]*Array, memo *sumsMemo, st *refStats) (map[string]*Array, error) {
	t, err := Lookup(task)
	if err != nil {
		return nil, err
	}
	need := func(names ...string) ([]*Array, error) {
		out := make([]*Array, len(names))
		for i, n := range names {
			a, ok := in[n]
			if !ok {
				return nil, fmt.Errorf("%s: missing input %q", task, n)
			}
			out[i] = a
		}
		return out, nil
	}
	specs := tensorSpecs(t.ID, p, p.Requant != nil || p.Dequant != nil)
	var names []string
	for _, s := range specs {
		if s.role == RoleIn || s.role == RoleConst {
			names = append(names, s.name)
		}
	}
	x, err := need(names...)
	if err != nil {
		return nil, err
	}
	for i, s := range specs[:len(x)] {
		if x[i].Len() != prod(s.shape) {
			return nil, fmt.Errorf("%s: input %s has %d elements, want shape %v", task, s.name, x[i].Len(), s.shape)
		}
	}
	g := newGT(p)
	g.memo = memo
	g.stats = st
	var y *Array
	switch t.ID {
	case "silu", "relu", "gelu":
		y = g.elementwise(t.ID, x[0])
	case "softmax":
		y = g.softmaxRows(x[0], p.M, p.N)
	case "layernorm":
		y = g.layernorm(x[0], x[1], x[2])
	case "rmsnorm":
		y = g.rmsnorm(x[0], x[1], p.M, p.N)
	case "gemv":
		y = g.matmul(x[0].Data, x[1].Data, p.M, p.K, 1, nil, 0)
	case "gemm":
		y = g.matmul(x[0].Data, x[1].Data, p.M, p.K, p.N, nil, 0)
	case "bmm":
		y = NewArray(p.B, p.M, p.N)
		for b := 0; b < p.B; b++ {
			c := g.matmul(x[0].Data[b*p.M*p.K:], x[1].Data[b*p.K*p.N:], p.M, p.K, p.N, nil, 0)
			copy(y.Data[b*p.M*p.N:], c.Data)
		}
	case "linear":
		y = g.matmul(x[0].Data, transpose(x[1].Data, p.N, p.K), p.M, p.K, p.N, x[2].Data, 0)
	case "conv2d", "conv_block":
		y = g.conv(x[0], x[1], x[2], false)
		if t.ID == "conv_block" {
			y = g.relu(y)
			y = maxpool(y, p.Pool)
		}
	case "depthwise_conv":
		y = g.conv(x[0], x[1], x[2], true)
	case "rope":
		y = g.rope(x[0].Data, x[1].Data, x[2].Data, p.H, p.S, p.D, 0)
	case "ffn":
		y = g.ffn(x[0], x[1], x[2], x[3], x[4])
	case "swiglu":
		y = g.swiglu(x[0], x[1], x[2])
	case "sdpa", "flash_attention":
		y = g.attention(x[0].Data, x[1].Data, x[2].Data, p.S, p.SKV, p.D, nil)
	case "mha", "gqa", "mqa":
		xn := x[0].Data
		y = g.selfAttention(xn, x[1].Data, x[2].Data, x[3].Data, x[4].Data, nil, nil, nil)
	case "decoder_llama":
		y = g.llama(x)
	case "decoder_t5":
		y = g.t5(x)
	default:
		return nil, fmt.Errorf("no reference for task %s", t.ID)
	}
	out := specs[len(specs)-1]
	for _, s := range specs {
		if s.role == RoleOut {
			out = s
		}
	}
	y.Shape = append([]int(nil), out.shape...)
	return map[string]*Array{out.name: y}, nil
}

// gt is one ground-truth computation. Products that feed a sum are
// written float64(a*b): an explicit conversion forbids the compiler to
// fuse them into an FMA (it may on arm64, ppc64, s390x), so cases are the
// same bits on every platform.
type gt struct {
	p     Params
	round bool      // p.Intermediate != "" and not p.ExactSums: accumulate in float32
	memo  *sumsMemo // sums of inputs shared with another computation, or nil
	stats *refStats // figures to note, or nil
}

// sumsMemo hands the in-order sums of products of two inputs from one
// reference computation to another on the same inputs (Generate's main
// and bf16-intermediate references: the projections of mha, gqa and mqa
// and the scores of sdpa and flash_attention are the same sums, only
// their rounding afterwards differs). Only sums whose operands are both
// inputs (their data from the first element, never written by a
// reference) are kept, each until it is taken once.
type sumsMemo struct {
	in   map[*float64]bool // the first elements of the inputs' data
	done map[sumsKey][]float64
}

// sumsKey names the sums of a [m, k] times b [k, n] (b given transposed
// as [n, k] when bt) with their first elements.
type sumsKey struct {
	a, b    *float64
	m, k, n int
	bt      bool
}

// newSumsMemo is a memo for computations on the inputs in.
func newSumsMemo(in map[string]*Array) *sumsMemo {
	mm := &sumsMemo{in: map[*float64]bool{}, done: map[sumsKey][]float64{}}
	for _, a := range in {
		if len(a.Data) > 0 {
			mm.in[&a.Data[0]] = true
		}
	}
	return mm
}

// shared returns compute(), the in-order sums of a [m, k] times b [k, n]
// (b transposed when bt) into a fresh slice the caller may overwrite,
// from the memo when a computation before put them there; the first
// computation of sums of two inputs leaves a copy there.
func (g *gt) shared(a, b []float64, m, k, n int, bt bool, compute func() []float64) []float64 {
	mm := g.memo
	if mm == nil || g.round || g.p.SumOrder != "" || len(a) == 0 || len(b) == 0 || !mm.in[&a[0]] || !mm.in[&b[0]] {
		return compute()
	}
	key := sumsKey{&a[0], &b[0], m, k, n, bt}
	if c, ok := mm.done[key]; ok {
		delete(mm.done, key)
		return c
	}
	c := compute()
	mm.done[key] = append([]float64(nil), c...)
	return c
}

func newGT(p Params) *gt { return &gt{p: p, round: p.Intermediate != "" && !p.ExactSums} }

// r rounds an intermediate value as p.Intermediate says.
func (g *gt) r(x float64) float64 {
	switch g.p.Intermediate {
	case "float32":
		return RoundF32(x)
	case "bfloat16":
		return RoundBF16(x)
	}
	return x
}

// rs is r for every element of xs, in place.
func (g *gt) rs(xs []float64) {
	switch g.p.Intermediate {
	case "float32", "bfloat16":
		roundValues(g.p.Intermediate, xs)
	}
}

// a rounds an accumulation step: float32 whenever intermediates are
// rounded (kernels accumulate in fp32 even when they store bf16).
func (g *gt) a(x float64) float64 {
	if g.round {
		return RoundF32(x)
	}
	return x
}

func (g *gt) integer() bool { return g.p.Requant != nil }

// requant applies integer stage i's requantisation (with the mutation
// knob's rounding), counting in the stats the outputs whose last
// requantisation is a tie that half-up and half-to-even round apart.
func (g *gt) requant(stage int, acc int64) int64 {
	r := g.p.Requant[stage]
	if g.stats != nil && stage == len(g.p.Requant)-1 && r.IsTie(acc) && r.ApplyMode(acc, "even") != r.Apply(acc) {
		g.stats.ties++
	}
	return r.ApplyMode(acc, g.p.RequantMode)
}

// sumLanes is the number of partial sums of SumOrder "blocked".
const sumLanes = 8

// sum adds term(0..n-1) to init in the order p.SumOrder says, each step
// rounded by g.a.
func (g *gt) sum(init float64, n int, term func(i int) float64) float64 {
	switch g.p.SumOrder {
	case "reverse":
		acc := init
		for i := n - 1; i >= 0; i-- {
			acc = g.a(acc + term(i))
		}
		return acc
	case "blocked":
		const lanes = sumLanes
		var part [lanes]float64
		for i := 0; i < n; i++ {
			part[i%lanes] = g.a(part[i%lanes] + term(i))
		}
		for w := lanes / 2; w >= 1; w /= 2 {
			for l := 0; l < w; l++ {
				part[l] = g.a(part[l] + part[l+w])
			}
		}
		return g.a(init + part[0])
	}
	acc := init
	for i := 0; i < n; i++ {
		acc = g.a(acc + term(i))
	}
	return acc
}

// exp is e^x computed as p.Exp says.
func (g *gt) exp(x float64) float64 {
	switch g.p.Exp {
	case "lut":
		return lutExp(x)
	case "poly6":
		return polyExp(float32(x), 6)
	case "poly3":
		return polyExp(float32(x), 3)
	case "poly2":
		return polyExp(float32(x), 2)
	}
	return math.Exp(x)
}

// div is x/d, or x*recip(d) when p.Recip names an approximation.
func (g *gt) div(x, d float64) float64 {
	switch g.p.Recip {
	case "lut":
		return g.r(RoundF32(x * lutRecip(d)))
	case "newton":
		return g.r(RoundF32(x * newtonRecip(d)))
	}
	return g.r(x / d)
}

// rsqrt is 1/sqrt(v) as p.Rsqrt says.
func (g *gt) rsqrt(v float64) float64 {
	switch g.p.Rsqrt {
	case "lut":
		return g.r(lutRsqrt(v))
	case "newton":
		return g.r(newtonRsqrt(v))
	}
	return g.r(1 / g.r(math.Sqrt(v)))
}

// The approximations kernels use (Params.Exp, Recip, Rsqrt). The tables
// are aie2Tables' (bf16 entries); arithmetic is float32.
var (
	tabExpHi, tabExpLo, tabRecip, tabRsqrt = func() ([]float64, []float64, []float64, []float64) {
		m := map[string][]float64{}
		for _, t := range aie2Tables("softmax") {
			m[t.name] = t.values.Data
		}
		return m["exp_hi"], m["exp_lo"], m["recip_lut"], m["rsqrt_lut"]
	}()
)

// lutExp: t = round(x*256) as int16; exp_hi[t>>8 & 255] * exp_lo[t & 255].
func lutExp(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	t := int64(math.RoundToEven(math.Max(-32768, math.Min(32767, float64(float32(x*256))))))
	return RoundF32(tabExpHi[uint8(t>>8)] * tabExpLo[t&255])
}

// lutRecip: 1/d from the top 7 mantissa bits (recip_lut) and the exponent.
func lutRecip(d float64) float64 {
	if d == 0 || math.IsInf(d, 0) || math.IsNaN(d) {
		return 1 / d
	}
	fr, e := math.Frexp(math.Abs(d)) // |d| = fr*2^e, fr in [0.5, 1)
	idx := min(127, int((2*fr-1)*128))
	return math.Copysign(math.Ldexp(tabRecip[idx], 1-e), d)
}

// lutRsqrt: 1/sqrt(v) from exponent parity and 7 mantissa bits (rsqrt_lut).
func lutRsqrt(v float64) float64 {
	if v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 1 / math.Sqrt(v)
	}
	fr, e := math.Frexp(v) // v = (2fr) * 2^(e-1), 2fr in [1, 2)
	e--
	par := e & 1
	idx := par<<7 | min(127, int((2*fr-1)*128))
	return math.Ldexp(tabRsqrt[idx], -(e-par)/2)
}

// newtonRecip: float32 bit-trick seed and three Newton steps r(2 - d r).
func newtonRecip(d float64) float64 {
	f := float32(d)
	if f == 0 || math.IsInf(float64(f), 0) || f != f {
		return 1 / d
	}
	a := float32(math.Abs(float64(f)))
	if a >= 0x1p126 { // the seed would underflow; kernels flush to 0
		return math.Copysign(0, d)
	}
	r := math.Float32frombits(0x7ef311c3 - math.Float32bits(a))
	for i := 0; i < 3; i++ {
		r = r * (2 - a*r)
	}
	return float64(float32(math.Copysign(float64(r), d)))
}

// newtonRsqrt: float32 bit-trick seed and three Newton steps
// y(1.5 - 0.5 v y^2).
func newtonRsqrt(v float64) float64 {
	f := float32(v)
	if f <= 0 || math.IsInf(float64(f), 0) || f != f {
		return 1 / math.Sqrt(v)
	}
	y := math.Float32frombits(0x5f3759df - math.Float32bits(f)>>1)
	h := 0.5 * f
	for i := 0; i < 3; i++ {
		y = y * (1.5 - h*y*y)
	}
	return float64(y)
}

// polyExp is exp as a float32 kernel computes it: x = k ln2 + r with
// |r| <= ln2/2, e^r by the degree-deg Taylor polynomial (Horner), scaled
// by 2^k. Degree 6 is within 2e-7 relative; degree 3 is 6e-4 off,
// degree 2 7e-3.
func polyExp(x float32, deg int) float64 {
	if x != x {
		return float64(x)
	}
	if x > 88.72 {
		return math.Inf(1)
	}
	if x < -87.3 {
		return 0
	}
	k := float32(math.RoundToEven(float64(x * 1.442695)))
	r := x - k*0.6931472
	c := []float32{1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720}
	p := c[deg]
	for i := deg - 1; i >= 0; i-- {
		p = p*r + c[i]
	}
	return float64(float32(math.Ldexp(float64(p), int(k))))
}

func prod(s []int) int {
	n := 1
	for _, v := range s {
		n *= v
	}
	return n
}

func transpose(a []float64, rows, cols int) []float64 {
	t := make([]float64, rows*cols)
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			t[j*rows+i] = a[i*cols+j]
		}
	}
	return t
}

func sigmoidTimes(x float64, g *gt) float64 {
	return g.div(x, g.r(1+g.r(g.exp(-x))))
}

func (g *gt) gelu(x float64) float64 {
	if g.p.GELU == "erf" {
		return g.r(0.5 * x * g.r(1+g.r(math.Erf(x/math.Sqrt2))))
	}
	inner := g.r(math.Sqrt(2/math.Pi) * g.r(x+g.r(float64(0.044715*x*x*x))))
	// 0.5*x*(1 + tanh(u)) = x / (1 + exp(-2u)): the same function without
	// the cancellation of 1 + tanh(u) for u << 0 (which loses every digit
	// of the tiny outputs of large negative x in float64).
	return g.div(x, g.r(1+g.r(g.exp(g.r(-2*inner)))))
}

func (g *gt) elementwise(op string, x *Array) *Array {
	y := NewArray(x.Len())
	for i, v := range x.Data {
		switch op {
		case "silu":
			y.Data[i] = sigmoidTimes(v, g)
		case "relu":
			y.Data[i] = math.Max(v, 0)
		case "gelu":
			y.Data[i] = g.gelu(v)
		}
	}
	return y
}

func (g *gt) relu(x *Array) *Array {
	y := x.Clone()
	floor := 0.0
	if g.integer() {
		floor = float64(g.p.Requant[0].ZP)
	}
	for i, v := range y.Data {
		y.Data[i] = math.Max(v, floor)
	}
	return y
}

// softmaxRow overwrites row with its softmax; -Inf entries are masked.
func (g *gt) softmaxRow(row []float64) {
	m := rowMax(row)
	if m == math.Inf(-1) && g.p.MaskShift < 0 {
		// Every score masked under the strict mask (MaskShift -1, the
		// first query): no key, a zero output, as a kernel whose running
		// sum stays 0 writes.
		clear(row)
		return
	}
	if g.p.NoMaxSubtract {
		m = 0
	}
	if g.p.Exp == "" && g.p.SumOrder == "" && g.p.Recip == "" {
		// g.exp, g.sum and g.div written out for their defaults; a
		// masked score (v - m = -Inf) is math.Exp's +0 without the call.
		var s float64
		var tab *[1 << 16]float64
		if g.p.Intermediate == "bfloat16" {
			tab = bf16Exps()
		}
		for j, v := range row {
			row[j] = v - m
		}
		g.rs(row) // d = g.r(v - m), in one pass
		for j, d := range row {
			e := 0.0
			if d != math.Inf(-1) {
				if tab != nil && d == d {
					e = tab[math.Float32bits(float32(d))>>16] // d is a bf16 value
				} else {
					e = g.r(math.Exp(d))
				}
			}
			row[j] = e
			s = g.a(s + e)
		}
		for j, x := range row {
			row[j] = x / s
		}
		g.rs(row)
		return
	}
	for j, v := range row {
		row[j] = g.r(g.exp(g.r(v - m)))
	}
	s := g.sum(0, len(row), func(j int) float64 { return row[j] })
	for j := range row {
		row[j] = g.div(row[j], s)
	}
}

// bf16Exps is RoundBF16(math.Exp(x)) for every bfloat16 value x (NaNs
// aside), indexed by x's bit pattern: the exps of a softmax whose
// intermediates are bf16, computed once.
var bf16Exps = sync.OnceValue(func() *[1 << 16]float64 {
	var t [1 << 16]float64
	for i := range t {
		t[i] = RoundBF16(math.Exp(BF16Value(uint16(i))))
	}
	return &t
})

// rowMax is math.Max over row from -Inf. Its loop compares with >, which
// is math.Max except on a NaN (math.Max gives NaN) and on zeros of both
// signs (math.Max prefers +0): rows with a NaN, or whose maximum is a
// zero, take math.Max's fold as written.
func rowMax(row []float64) float64 {
	m := math.Inf(-1)
	for _, v := range row {
		if v > m {
			m = v
		} else if v != v {
			return maxFold(row)
		}
	}
	if m == 0 {
		return maxFold(row)
	}
	return m
}

// maxFold is math.Max over row from -Inf, one element after another.
func maxFold(row []float64) float64 {
	m := math.Inf(-1)
	for _, v := range row {
		m = math.Max(m, v)
	}
	return m
}

func (g *gt) softmaxRows(x *Array, m, n int) *Array {
	y := x.Clone()
	for i := 0; i < m; i++ {
		g.softmaxRow(y.Data[i*n : (i+1)*n])
	}
	return y
}

func (g *gt) layernorm(x, gamma, beta *Array) *Array {
	m, n := g.p.M, g.p.N
	y := NewArray(m, n)
	if g.p.PlenaLN != "" {
		for i := 0; i < m; i++ {
			plenaLayerNormRow(y.Data[i*n:(i+1)*n], x.Data[i*n:(i+1)*n], gamma.Data, beta.Data, g.p.Eps, g.p.PlenaLN == "two-pass")
		}
		return y
	}
	for i := 0; i < m; i++ {
		row := x.Data[i*n : (i+1)*n]
		mu := g.sum(0, n, func(j int) float64 { return row[j] })
		mu = g.r(mu / float64(n))
		vr := g.sum(0, n, func(j int) float64 {
			d := g.r(row[j] - mu)
			return g.a(float64(d * d))
		})
		if g.p.UnbiasedVar {
			vr = g.r(vr / float64(n-1))
		} else {
			vr = g.r(vr / float64(n))
		}
		inv := g.rsqrt(g.r(vr + g.p.Eps))
		for j, v := range row {
			y.Data[i*n+j] = g.r(g.r(float64(g.r(float64(g.r(v-mu)*inv))*gamma.Data[j])) + beta.Data[j])
		}
	}
	return y
}

// plenaVLEN is the length of a PLENA vector row: V_RED_SUM adds one row's
// f32 sum to its f16 register.
const plenaVLEN = 64

// plenaRedSum is V_RED_SUM over a row's 64-element blocks into an f16
// register started at 0: per block, f16(acc + the block's f32 sum) (sim/plena
// vred).
func plenaRedSum(n int, term func(j int) float64) float64 {
	acc := 0.0
	for lo := 0; lo < n; lo += plenaVLEN {
		var s float32
		for j := lo; j < min(n, lo+plenaVLEN); j++ {
			s += float32(term(j))
		}
		acc = roundHalf(float64(float32(acc) + s))
	}
	return acc
}

// plenaLayerNormRow is one row of LayerNorm as Params.PlenaLN describes:
// vector results bf16, scalars f16.
func plenaLayerNormRow(y, x, gamma, beta []float64, eps float64, twoPass bool) {
	n := len(x)
	invN := roundHalf(1 / float64(n))
	bf := func(v float64) float64 { return RoundBF16(float64(float32(v))) }
	mu := plenaRedSum(n, func(j int) float64 { return bf(x[j] * invN) })
	d := make([]float64, n)
	for j, v := range x {
		d[j] = bf(v - mu)
	}
	if twoPass {
		c := plenaRedSum(n, func(j int) float64 { return bf(d[j] * invN) })
		for j := range d {
			d[j] = bf(d[j] - c)
		}
	}
	vr := plenaRedSum(n, func(j int) float64 { return bf(bf(d[j]*d[j]) * invN) })
	sd := roundHalf(math.Sqrt(roundHalf(vr + roundHalf(eps))))
	r := roundHalf(1 / sd)
	for j := range d {
		y[j] = bf(bf(bf(d[j]*r)*gamma[j]) + beta[j])
	}
}

func (g *gt) rmsnormRows(x []float64, gamma []float64, m, n int) []float64 {
	y := make([]float64, m*n)
	for i := 0; i < m; i++ {
		row := x[i*n : (i+1)*n]
		if g.p.Norm == "layernorm" {
			ln := newGT(g.p)
			ln.p.M, ln.p.N = 1, n
			beta := &Array{Data: make([]float64, n)}
			copy(y[i*n:], ln.layernorm(&Array{Data: row}, &Array{Data: gamma}, beta).Data)
			continue
		}
		ss := g.sum(0, n, func(j int) float64 { return g.a(float64(row[j] * row[j])) })
		inv := g.rsqrt(g.r(g.r(ss/float64(n)) + g.p.Eps))
		for j, v := range row {
			y[i*n+j] = g.r(g.r(v*inv) * gamma[j])
		}
	}
	return y
}

func (g *gt) rmsnorm(x, gamma *Array, m, n int) *Array {
	return &Array{Shape: []int{m, n}, Data: g.rmsnormRows(x.Data, gamma.Data, m, n)}
}

// matmul computes a[M,K] b[K,N] (+ bias[N]); integer tasks requantise with
// p.Requant[stage].
func (g *gt) matmul(a, b []float64, m, k, n int, bias []float64, stage int) *Array {
	if g.integer() {
		c := NewArray(m, n)
		row := make([]int64, n)
		for i := 0; i < m; i++ {
			clear(row)
			for l := 0; l < k; l++ {
				av, br := int64(a[i*k+l]), b[l*n:l*n+n]
				for j := range row {
					row[j] += av * int64(br[j])
				}
			}
			for j, acc := range row {
				if bias != nil {
					acc += int64(bias[j])
				}
				c.Data[i*n+j] = float64(g.requant(stage, acc))
			}
		}
		return c
	}
	sums := g.shared(a, b, m, k, n, false, func() []float64 { return g.sums(a, b, m, k, n) })
	c := &Array{Shape: []int{m, n}, Data: sums} // finished in place
	if bias == nil {
		g.rs(c.Data)
		return c
	}
	for i := 0; i < m; i++ {
		row := c.Data[i*n : i*n+n]
		for j, acc := range row {
			if bias != nil {
				acc = g.r(g.a(acc + bias[j]))
			}
			row[j] = g.r(acc)
		}
	}
	return c
}

// sums returns the m x n sums over l of a[i,l]*b[l,j] (a [m,k], b [k,n]),
// each one what g.sum(0, k, func(l) g.a(a[i,l]*b[l,j])) gives, bit for
// bit (TestMatmulRowsMatchSum), computed row by row: cache-friendly and
// without a call per product.
func (g *gt) sums(a, b []float64, m, k, n int) []float64 {
	return g.sumsCols(a, b, m, k, n, nil)
}

// sumsCols is sums where row i's caller uses only its first cols(i)
// columns (all of them when cols is nil): the others may be left
// uncomputed (they are then 0 or a partial sum).
func (g *gt) sumsCols(a, b []float64, m, k, n int, cols func(i int) int) []float64 {
	c := make([]float64, m*n)
	if !g.round && g.p.SumOrder == "" {
		sumsInOrder(c, a, b, m, k, n, cols)
		return c
	}
	// g.sum's order and rounding: lane partial rows for "blocked", l
	// descending for "reverse".
	lanes := 1
	if g.p.SumOrder == "blocked" {
		lanes = sumLanes
	}
	part := make([]float64, lanes*n)
	// Rounded sums of float32 values are float32 arithmetic: the product
	// of two float32 values is exact in float64 and a float32 sum's
	// double rounding through float64 is harmless (53 >= 2*24+2 bits), so
	// float32(float64(x*y)) and float32(float64(s + p)) are the float32
	// operations. They run on float32 slices when every input is a float32
	// value (NaNs excluded: their payloads could differ).
	var a32, b32, part32 []float32
	if g.round {
		a32, b32 = toF32(a), toF32(b)
		if a32 != nil && b32 != nil {
			part32 = make([]float32, lanes*n)
		}
	}
	for i := 0; i < m; i++ {
		clear(part)
		clear(part32)
		for s := 0; s < k; s++ {
			l := s
			if g.p.SumOrder == "reverse" {
				l = k - 1 - s
			}
			if part32 != nil {
				av, br := a32[i*k+l], b32[l*n:l*n+n]
				acc := part32[(l%lanes)*n : (l%lanes)*n+n]
				br = br[:len(acc)]
				for j := range acc { // the hottest loop of the reference
					acc[j] += float32(av * br[j]) // the conversion forbids an FMA
				}
				continue
			}
			av, br := a[i*k+l], b[l*n:l*n+n]
			acc := part[(l%lanes)*n : (l%lanes)*n+n]
			br = br[:len(acc)]
			if !g.round {
				for j := range acc {
					acc[j] += float64(av * br[j])
				}
				continue
			}
			for j := range acc { // g.a, written out
				acc[j] = float64(float32(acc[j] + float64(float32(float64(av*br[j])))))
			}
		}
		for j, x := range part32 {
			part[j] = float64(x)
		}
		for w := lanes / 2; w >= 1; w /= 2 {
			for ln := 0; ln < w; ln++ {
				dst, src := part[ln*n:ln*n+n], part[(ln+w)*n:(ln+w)*n+n]
				for j := range dst {
					dst[j] = g.a(dst[j] + src[j])
				}
			}
		}
		for j := 0; j < n; j++ {
			acc := part[j]
			if lanes > 1 {
				acc = g.a(0 + acc)
			}
			c[i*n+j] = acc
		}
	}
	return c
}

// The tiles of sumsInOrder: b's rows in blocks of sumsRows, its columns
// in blocks of sumsCols (a 128 KiB tile of float64s stays in the L2
// cache while every row of a passes over it).
const sumsRows, sumsCols = 128, 128

// panelsPool holds sumsInOrder's packed tiles of b.
var panelsPool = sync.Pool{New: func() any { return new(f64.Panels) }}

// sumsInOrder adds to c [m, n] the sums over l of a[i,l]*b[l,j] (a [m, k],
// b [k, n]), each element's k products added one after another in order
// l = 0..k-1, unrounded: g.sum's default order, bit for bit. The order is
// per element, so the loops may run in tiles: for each tile of b's
// columns, b's row blocks in ascending order, each over every row of a,
// four rows by 16 columns at a time held in registers where the host has
// AVX-512 (package f64), else two rows at a time, four products at a
// time per element (AVX2 where the host has it): the same bits. Row i's columns from
// cols(i) on are the caller's to ignore (cols nil: none), so they may be
// skipped (causal attention's masked scores).
//
// A row of a that ends in zeros (a causal attention's probabilities)
// skips their products when b's rows there are finite: each is then a
// zero, and adding a zero to a sum that is not -0 leaves it as it is. No
// sum is -0 when c holds no -0: x + y is -0 only when x and y both are.
func sumsInOrder(c, a, b []float64, m, k, n int, cols func(i int) int) {
	if n == 1 {
		// A matrix-vector product: four rows' dot products side by side.
		i := 0
		for ; i+4 <= m; i += 4 {
			a0, a1, a2, a3 := a[i*k:i*k+k], a[(i+1)*k:(i+1)*k+k], a[(i+2)*k:(i+2)*k+k], a[(i+3)*k:(i+3)*k+k]
			s0, s1, s2, s3 := c[i], c[i+1], c[i+2], c[i+3]
			bv := b[:k]
			for l, x := range bv {
				s0 += float64(a0[l] * x)
				s1 += float64(a1[l] * x)
				s2 += float64(a2[l] * x)
				s3 += float64(a3[l] * x)
			}
			c[i], c[i+1], c[i+2], c[i+3] = s0, s1, s2, s3
		}
		for ; i < m; i++ {
			s, ar := c[i], a[i*k:i*k+k]
			for l, x := range b[:k] {
				s += float64(ar[l] * x)
			}
			c[i] = s
		}
		return
	}
	width := func(i int) int { return n }
	if cols != nil {
		width = func(i int) int { return max(0, min(n, cols(i))) }
	}
	// ks[i]: the products row i adds (all but its trailing zeros, when
	// they can be skipped); nil when every row adds all k.
	ks := trailingZeroSkips(c, a, b, m, k, n)
	kOf := func(i int) int {
		if ks == nil {
			return k
		}
		return ks[i]
	}
	for j0 := 0; j0 < n; j0 += sumsCols {
		j1 := min(n, j0+sumsCols)
		for l0 := 0; l0 < k; l0 += sumsRows {
			l1 := min(k, l0+sumsRows)
			// b's tile packed in panels (read in order by the block loop)
			// when more than one block of rows passes over it.
			var bp *f64.Panels
			if f64.HasBlock() && m >= 2*f64.BlockRows {
				bp = panelsPool.Get().(*f64.Panels)
				wt := (j1 - j0) - (j1-j0)%f64.BlockCols
				bp.Pack(b[l0*n+j0:], n, l1-l0, wt)
			}
			i := 0
			for ; f64.HasBlock() && i+f64.BlockRows <= m; i += f64.BlockRows {
				// Four rows at a time, 16 columns held in registers.
				w := min(j1, max(width(i), width(i+1), width(i+2), width(i+3))) - j0
				le := min(l1, max(kOf(i), kOf(i+1), kOf(i+2), kOf(i+3)))
				if w <= 0 || le <= l0 {
					continue
				}
				wb := w - w%f64.BlockCols
				if bp != nil {
					bp.AddProducts(c[i*n+j0:], n, a[i*k+l0:], k, le-l0, wb)
				} else {
					f64.AddProductsBlock(c[i*n+j0:], n, a[i*k+l0:], k, b[l0*n+j0:], n, le-l0, wb)
				}
				if wb < w {
					for r := i; r < i+f64.BlockRows; r += 2 {
						sumsTile2(c[r*n+j0+wb:r*n+j0+w], c[(r+1)*n+j0+wb:(r+1)*n+j0+w], a[r*k:r*k+k], a[(r+1)*k:(r+1)*k+k], b, n, j0+wb, l0, le)
					}
				}
			}
			if bp != nil {
				panelsPool.Put(bp)
			}
			for ; i+2 <= m; i += 2 {
				w := min(j1, max(width(i), width(i+1))) - j0
				le := min(l1, max(kOf(i), kOf(i+1)))
				if w <= 0 || le <= l0 {
					continue
				}
				sumsTile2(c[i*n+j0:i*n+j0+w], c[(i+1)*n+j0:(i+1)*n+j0+w], a[i*k:i*k+k], a[(i+1)*k:(i+1)*k+k], b, n, j0, l0, le)
			}
			if i < m {
				w := min(j1, width(i)) - j0
				le := min(l1, kOf(i))
				if w > 0 && le > l0 {
					sumsTile1(c[i*n+j0:i*n+j0+w], a[i*k:i*k+k], b, n, j0, l0, le)
				}
			}
		}
	}
}

// trailingZeroSkips returns, for each row i of a [m, k], the number of
// its products sumsInOrder adds: k less its trailing zeros. It returns
// nil when the rows have too few to repay its checks, when b's rows from
// the first skipped one on are not all finite (a zero times an infinity
// is a NaN) or when c holds a -0.
func trailingZeroSkips(c, a, b []float64, m, k, n int) []int {
	var ks []int
	lo := k
	for i := 0; i < m; i++ {
		row := a[i*k : i*k+k]
		e := k
		for e > 0 && row[e-1] == 0 {
			e--
		}
		if e == k {
			continue
		}
		if ks == nil {
			ks = make([]int, m)
			for r := range ks {
				ks[r] = k
			}
		}
		ks[i], lo = e, min(lo, e)
	}
	skipped := 0
	for _, e := range ks {
		skipped += k - e
	}
	if ks == nil || skipped < 2*(k-lo+m) {
		return nil // too few to repay the checks below
	}
	for _, x := range b[lo*n : k*n] {
		if x-x != 0 { // an infinity or a NaN
			return nil
		}
	}
	for _, x := range c {
		if x == 0 && math.Signbit(x) {
			return nil
		}
	}
	return ks
}

// sumsTile2 adds to rows r0 and r1 (columns j0.. of c) the products of
// a's rows a0, a1 with b's rows l0..l1-1, in order of l.
func sumsTile2(r0, r1, a0, a1, b []float64, n, j0, l0, l1 int) {
	w := len(r0)
	q := (l1 - l0) &^ 3
	f64.AddProductsRows(r0, r1, a0[l0:l0+q], a1[l0:l0+q], b[l0*n+j0:], n)
	l := l0 + q
	r1 = r1[:w]
	for ; l < l1; l++ {
		x, y := a0[l], a1[l]
		br := b[l*n+j0 : l*n+j0+w]
		for j, p := range br {
			r0[j] += float64(x * p)
			r1[j] += float64(y * p)
		}
	}
}

// sumsTile1 is sumsTile2 for one row.
func sumsTile1(r0, a0, b []float64, n, j0, l0, l1 int) {
	w := len(r0)
	l := l0
	for ; l+4 <= l1; l += 4 {
		x := [4]float64{a0[l], a0[l+1], a0[l+2], a0[l+3]}
		f64.AddProducts4(r0, &x, b[l*n+j0:l*n+j0+w], b[(l+1)*n+j0:(l+1)*n+j0+w], b[(l+2)*n+j0:(l+2)*n+j0+w], b[(l+3)*n+j0:(l+3)*n+j0+w])
	}
	for ; l < l1; l++ {
		x := a0[l]
		br := b[l*n+j0 : l*n+j0+w]
		for j, p := range br {
			r0[j] += float64(x * p)
		}
	}
}

// conv computes the convolution (depthwise when dw) with bias; integer
// tasks requantise with p.Requant[0].
func (g *gt) conv(x, w, bias *Array, dw bool) *Array {
	p := g.p
	oh, ow := convOut(p)
	co := p.Cout
	y := NewArray(oh, ow, co)
	xc := convXStep(dw)
	// Integer sums are exact in float64 (products of int8, far fewer
	// than 2^37 of them) in any order, so integers without rounded
	// intermediates add in int64, which gives the same values.
	exact := g.integer() && !g.round
	bias0 := bias.Data
	if p.NoConvBias {
		bias0 = make([]float64, co)
	}
	var xq, wq []int32
	var accs []int64
	if exact {
		xq, wq, accs = int32s(x.Data), int32s(w.Data), make([]int64, co)
	}
	var taps []convTap
	var terms []float64
	for i := 0; i < oh; i++ {
		for j := 0; j < ow; j++ {
			taps = appendConvTaps(taps[:0], p, i, j, dw)
			if exact {
				convAccs(accs, taps, xq, wq, bias0, xc, 0, co)
				for c, s := range accs {
					y.Data[(i*ow+j)*co+c] = float64(g.requant(0, s))
				}
				continue
			}
			for c := 0; c < co; c++ {
				var acc float64
				if g.p.SumOrder == "" { // g.sum's order, without a call per term
					acc = bias0[c]
					for _, t := range taps {
						acc = g.a(acc + g.a(float64(x.Data[int(t.x0)+c*xc]*w.Data[int(t.w0)+c])))
					}
				} else {
					terms = terms[:0]
					for _, t := range taps {
						terms = append(terms, g.a(float64(x.Data[int(t.x0)+c*xc]*w.Data[int(t.w0)+c])))
					}
					acc = g.sum(bias0[c], len(terms), func(l int) float64 { return terms[l] })
				}
				if g.integer() {
					acc = float64(g.requant(0, int64(acc)))
				} else {
					acc = g.r(acc)
				}
				y.Data[(i*ow+j)*co+c] = acc
			}
		}
	}
	return y
}

// int32s converts integer-valued data (int8 tensors and their products'
// operands) to int32.
func int32s(xs []float64) []int32 {
	out := make([]int32, len(xs))
	for i, v := range xs {
		out[i] = int32(v)
	}
	return out
}

// convAccs sets accs[c], for c in [c0, c1), to bias[c] plus the integer
// products of one output window (its taps) for output channel c, walking
// the taps once with the channels innermost (w's channels are adjacent).
// Integer sums are exact in any order.
func convAccs(accs []int64, taps []convTap, xq, wq []int32, bias []float64, xc, c0, c1 int) {
	for c := c0; c < c1; c++ {
		accs[c] = int64(bias[c])
	}
	for _, t := range taps {
		xb, wb := int(t.x0), int(t.w0)
		if xc == 0 {
			xv := int64(xq[xb])
			ws := wq[wb+c0 : wb+c1]
			for c, wv := range ws {
				accs[c0+c] += xv * int64(wv)
			}
			continue
		}
		xs, ws := xq[xb+c0:xb+c1], wq[wb+c0:wb+c1]
		for c, wv := range ws {
			accs[c0+c] += int64(xs[c]) * int64(wv)
		}
	}
}

// convOut is a convolution's output height and width.
func convOut(p Params) (oh, ow int) {
	return (p.Hin+2*p.Pad-p.KH)/p.Stride + 1, (p.Win+2*p.Pad-p.KW)/p.Stride + 1
}

// convTap is one product that an output (i, j, c) of a convolution sums:
// input element x0 + c*convXStep(dw) (x is [H, W, C_in]) times weight
// w0 + c (w is [KH, KW, C_in, C_out], or [KH, KW, C] when depthwise).
type convTap struct{ x0, w0 int32 }

// convXStep is how far the input element of a tap moves per output
// channel: depthwise convolutions read channel c of the input.
func convXStep(dw bool) int {
	if dw {
		return 1
	}
	return 0
}

// appendConvTaps appends the taps of output window (i, j) in the order
// the reference adds them (as convTaps lists them; padding skipped).
func appendConvTaps(taps []convTap, p Params, i, j int, dw bool) []convTap {
	for kh := 0; kh < p.KH; kh++ {
		ih := i*p.Stride + kh - p.Pad
		if ih < 0 || ih >= p.Hin {
			continue
		}
		for kw := 0; kw < p.KW; kw++ {
			iw := j*p.Stride + kw - p.Pad
			if iw < 0 || iw >= p.Win {
				continue
			}
			if dw {
				taps = append(taps, convTap{int32((ih*p.Win + iw) * p.Cin), int32((kh*p.KW + kw) * p.Cout)})
				continue
			}
			for ci := 0; ci < p.Cin; ci++ {
				taps = append(taps, convTap{int32((ih*p.Win+iw)*p.Cin + ci), int32(((kh*p.KW+kw)*p.Cin + ci) * p.Cout)})
			}
		}
	}
	return taps
}

// convTaps calls f with the indices into x ([H, W, C_in]) and w ([KH, KW,
// C_in, C_out], or [KH, KW, C] when dw) of every product that output
// (i, j, c) sums, in the order the reference adds them (padding taps
// skipped).
func convTaps(p Params, i, j, c int, dw bool, f func(xi, wi int)) {
	xc := convXStep(dw)
	for _, t := range appendConvTaps(nil, p, i, j, dw) {
		f(int(t.x0)+c*xc, int(t.w0)+c)
	}
}

func maxpool(x *Array, k int) *Array {
	h, w, c := x.Shape[0], x.Shape[1], x.Shape[2]
	oh, ow := h/k, w/k
	y := NewArray(oh, ow, c)
	for i := 0; i < oh; i++ {
		for j := 0; j < ow; j++ {
			for ch := 0; ch < c; ch++ {
				m := math.Inf(-1)
				for a := 0; a < k; a++ {
					for b := 0; b < k; b++ {
						m = math.Max(m, x.Data[((i*k+a)*w+j*k+b)*c+ch])
					}
				}
				y.Data[(i*ow+j)*c+ch] = m
			}
		}
	}
	return y
}

// rope applies rotate-half RoPE to x viewed as [S, heads, D] when
// rowStride > 0 (interleaved heads of a projection, row length rowStride),
// or [heads, S, D] when rowStride is 0.
func (g *gt) rope(x, cos, sin []float64, heads, s, d, rowStride int) *Array {
	y := NewArray(len(x))
	copy(y.Data, x)
	half := d / 2
	for h := 0; h < heads; h++ {
		for t := 0; t < s; t++ {
			base := (h*s + t) * d
			if rowStride > 0 {
				base = t*rowStride + h*d
			}
			for i := 0; i < half; i++ {
				i1, i2 := base+i, base+i+half
				if g.p.RoPE == "interleaved" {
					i1, i2 = base+2*i, base+2*i+1
				}
				a, b := x[i1], x[i2]
				c, sn := cos[t*half+i], sin[t*half+i]
				if g.p.RoPE == "negated" {
					sn = -sn
				}
				y.Data[i1] = g.r(g.r(float64(a*c)) - g.r(float64(b*sn)))
				y.Data[i2] = g.r(g.r(float64(b*c)) + g.r(float64(a*sn)))
			}
		}
	}
	return y
}

func (g *gt) ffn(x, w1, b1, w2, b2 *Array) *Array {
	p := g.p
	h := g.matmul(x.Data, w1.Data, p.M, p.DModel, p.F, b1.Data, 0)
	for i, v := range h.Data {
		switch {
		case g.integer() || p.Activation == "relu":
			h.Data[i] = math.Max(v, 0)
		default:
			h.Data[i] = g.gelu(g.r(v))
		}
	}
	return g.matmul(h.Data, w2.Data, p.M, p.F, p.DModel, b2.Data, 1)
}

// gate is SwiGLU's gate activation: SiLU (GELU with GLU "gelu").
func (g *gt) gate(z float64) float64 {
	if g.p.GLU == "gelu" {
		return g.gelu(z)
	}
	return sigmoidTimes(z, g)
}

func (g *gt) swiglu(x, wg, wu *Array) *Array {
	p := g.p
	if p.Dequant != nil {
		// Integer accumulators, dequantised to float: plain float64 maths.
		fg := newGT(Params{Intermediate: p.Intermediate, SumOrder: p.SumOrder})
		a := fg.matmul(x.Data, wg.Data, p.M, p.DModel, p.F, nil, 0)
		b := fg.matmul(x.Data, wu.Data, p.M, p.DModel, p.F, nil, 0)
		for i := range a.Data {
			z := g.r(a.Data[i] * p.Dequant[0])
			a.Data[i] = g.r(g.gate(z) * g.r(b.Data[i]*p.Dequant[1]))
		}
		return a
	}
	a := g.matmul(x.Data, wg.Data, p.M, p.DModel, p.F, nil, 0)
	b := g.matmul(x.Data, wu.Data, p.M, p.DModel, p.F, nil, 0)
	for i := range a.Data {
		a.Data[i] = g.r(g.gate(g.r(a.Data[i])) * g.r(b.Data[i]))
	}
	return a
}

// toF32 returns x as float32 values, or nil if one of them is not a
// float32 value or is a NaN.
func toF32(x []float64) []float32 {
	out := make([]float32, len(x))
	for i, v := range x {
		f := float32(v)
		if float64(f) != v { // NaNs too
			return nil
		}
		out[i] = f
	}
	return out
}

// attention computes softmax(q k^T * scale + bias + mask) v for one head:
// q [s, d], k and v [skv, d] contiguous; bias [s, skv] or nil. Its sums
// are g.sums' rows, which give the bits of attentionBySum's g.sum per
// element (TestAttentionRowsMatchSum).
func (g *gt) attention(q, k, v []float64, s, skv, d int, bias []float64) *Array {
	p := g.p
	var cols func(i int) int // the scores a row uses: the causal mask's are not computed
	if p.Causal {
		cols = func(i int) int { return i + p.MaskShift + 1 }
	}
	scores := g.shared(q, k, s, d, skv, true, func() []float64 {
		kt := make([]float64, d*skv) // k transposed: [d, skv]
		for j := 0; j < skv; j++ {
			for l := 0; l < d; l++ {
				kt[l*skv+j] = k[j*d+l]
			}
		}
		return g.sumsCols(q, kt, s, d, skv, cols)
	})
	probs := scores // each score becomes its probability in place
	for i := 0; i < s; i++ {
		row := probs[i*skv : (i+1)*skv]
		// g.r(score*scale), then g.r(that + bias), a pass each over the
		// unmasked scores; the masked ones -Inf.
		w := skv
		if p.Causal {
			w = max(0, min(skv, i+p.MaskShift+1))
		}
		for j := range row[:w] {
			row[j] *= p.Scale
		}
		g.rs(row[:w])
		if bias != nil && !p.NoPosBias {
			for j := range row[:w] {
				row[j] += bias[i*skv+j]
			}
			g.rs(row[:w])
		}
		for j := w; j < skv; j++ {
			row[j] = math.Inf(-1)
		}
		if g.stats != nil {
			g.stats.maxScore = max(g.stats.maxScore, rowMax(row))
		}
		g.softmaxRow(row)
	}
	o := &Array{Shape: []int{s, d}, Data: g.sums(probs, v, s, skv, d)}
	g.rs(o.Data)
	return o
}

// head copies columns [h*d, h*d+d) of a [s, width] matrix.
func head(a []float64, s, width, h, d int) []float64 {
	out := make([]float64, s*d)
	for i := 0; i < s; i++ {
		copy(out[i*d:(i+1)*d], a[i*width+h*d:i*width+h*d+d])
	}
	return out
}

// selfAttention: multi-head attention with projections (mha, gqa, mqa and
// the decoders). x is [S, d_model]; wk, wv are [d_model, kv_heads*D].
// cos/sin apply RoPE to Q and K; bias is [heads, S, S].
func (g *gt) selfAttention(x, wq, wk, wv, wo, cos, sin, bias []float64) *Array {
	p := g.p
	s, dm, d := p.S, p.DModel, p.D
	hkv := p.HKV
	if hkv == 0 {
		hkv = p.H
	}
	q := g.matmul(x, wq, s, dm, p.H*d, nil, 0).Data
	k := g.matmul(x, wk, s, dm, hkv*d, nil, 0).Data
	v := g.matmul(x, wv, s, dm, hkv*d, nil, 0).Data
	if cos != nil && !p.NoRoPE {
		q = g.rope(q, cos, sin, p.H, s, d, p.H*d).Data
		k = g.rope(k, cos, sin, hkv, s, d, hkv*d).Data
	}
	cat := make([]float64, s*p.H*d)
	group := p.H / hkv
	for h := 0; h < p.H; h++ {
		var b []float64
		if bias != nil {
			b = bias[h*s*s : (h+1)*s*s]
		}
		o := g.attention(head(q, s, p.H*d, h, d), head(k, s, hkv*d, h/group, d), head(v, s, hkv*d, h/group, d), s, s, d, b)
		for i := 0; i < s; i++ {
			copy(cat[i*p.H*d+h*d:], o.Data[i*d:(i+1)*d])
		}
	}
	return g.matmul(cat, wo, s, p.H*d, dm, nil, 0)
}

func (g *gt) add(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		out[i] = g.r(a[i] + b[i])
	}
	return out
}

// llama: x, g1, wq, wk, wv, wo, g2, wg, wu, wd, cos, sin.
func (g *gt) llama(in []*Array) *Array {
	p := g.p
	x := in[0].Data
	a := g.rmsnormRows(x, in[1].Data, p.S, p.DModel)
	att := g.selfAttention(a, in[2].Data, in[3].Data, in[4].Data, in[5].Data, in[10].Data, in[11].Data, nil)
	h1 := g.add(x, att.Data)
	b := g.rmsnormRows(h1, in[6].Data, p.S, p.DModel)
	sub := p
	sub.M = p.S
	sw := newGT(sub).swiglu(&Array{Data: b}, in[7], in[8])
	down := g.matmul(sw.Data, in[9].Data, p.S, p.F, p.DModel, nil, 0)
	return &Array{Data: g.add(h1, down.Data)}
}

// t5: x, g1, wq, wk, wv, wo, pos_bias, g2, wi, wff.
func (g *gt) t5(in []*Array) *Array {
	p := g.p
	x := in[0].Data
	a := g.rmsnormRows(x, in[1].Data, p.S, p.DModel)
	att := g.selfAttention(a, in[2].Data, in[3].Data, in[4].Data, in[5].Data, nil, nil, in[6].Data)
	h1 := g.add(x, att.Data)
	b := g.rmsnormRows(h1, in[7].Data, p.S, p.DModel)
	h := g.matmul(b, in[8].Data, p.S, p.DModel, p.F, nil, 0)
	for i, v := range h.Data {
		if p.Activation == "gelu" {
			h.Data[i] = g.gelu(v)
		} else {
			h.Data[i] = math.Max(v, 0)
		}
	}
	ff := g.matmul(h.Data, in[9].Data, p.S, p.F, p.DModel, nil, 0)
	return &Array{Data: g.add(h1, ff.Data)}
}
