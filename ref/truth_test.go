package ref

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestRoundBF16(t *testing.T) {
	cases := []struct {
		in   float64
		bits uint16
	}{
		{0, 0x0000},
		{1, 0x3f80},
		{-2, 0xc000},
		{1 + 1.0/256, 0x3f80},            // tie: to even (down)
		{1 + 3.0/256, 0x3f82},            // tie: to even (up)
		{1 + 1.0/256 + 1e-12, 0x3f81},    // above the tie
		{3.4e38, 0x7f80},                 // rounds past the largest bf16: +Inf
		{math.Inf(-1), 0xff80},           //
		{math.Ldexp(1, -133), 0x0001},    // smallest subnormal
		{math.Ldexp(1, -134), 0x0000},    // half of it: tie to even (0)
		{math.Ldexp(3, -135), 0x0001},    // 0.75 of it: up
		{0.1, 0x3dcd},                    //
		{float64(float32(0.1)), 0x3dcd},  //
		{1.00390625 + 1e-17, 0x3f80},     // below float64 resolution of the tie: still the tie
		{-1.0078125 - 1.0/512, 0xbf81},   // -(1 + 1.25 ulp): down to 1 ulp
		{65280, 0x477f}, {65408, 0x4780}, // 65408 ties between 0x477f (odd) and 0x4780
		{math.Ldexp(1, -126) * 1.5, 0x00c0}, // normal
	}
	for _, c := range cases {
		if got := BF16Bits(c.in); got != c.bits {
			t.Errorf("BF16Bits(%g) = %#04x, want %#04x", c.in, got, c.bits)
		}
	}
	// Against float32's own RNE on values exactly representable as
	// float32 (no double rounding possible).
	for i := 0; i < 1<<16; i++ {
		f := math.Float32frombits(uint32(i)<<12 | 0x3f000000)
		x := float64(f)
		want := uint16((math.Float32bits(f) + 0x7fff + (math.Float32bits(f)>>16)&1) >> 16)
		if got := BF16Bits(x); got != want {
			t.Fatalf("BF16Bits(%v) = %#x, want %#x", x, got, want)
		}
	}
	// The integer fast path agrees with float64 arithmetic everywhere.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		x := math.Float64frombits(rng.Uint64())
		if i%2 == 0 {
			x = rng.NormFloat64() * math.Ldexp(1, rng.IntN(300)-150)
		}
		got, want := RoundBF16(x), roundBF16Slow(x)
		if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("RoundBF16(%v) = %v, float64 arithmetic gives %v", x, got, want)
		}
	}
	// The fast path's edges: the largest bf16 and the ties above it, the
	// smallest normal and the subnormals below it, and their float64
	// neighbours.
	for _, x := range []float64{0x1.fep127, 0x1.ffp127, 0x1.fe8p127, 0x1p128, 0x1p-126, 0x1.ffp-127, 0x1p-127, 0x1.01p-126} {
		for _, y := range []float64{x, math.Nextafter(x, 0), math.Nextafter(x, math.Inf(1)), -x} {
			got, want := RoundBF16(y), roundBF16Slow(y)
			if got != want {
				t.Fatalf("RoundBF16(%v) = %v, float64 arithmetic gives %v", y, got, want)
			}
			xs := []float64{y}
			roundValues("bfloat16", xs)
			if xs[0] != want {
				t.Fatalf("roundValues(%v) = %v, want %v", y, xs[0], want)
			}
		}
	}
	if BF16Value(0x3f80) != 1 || BF16Value(0xc0a0) != -5 {
		t.Errorf("BF16Value")
	}
}

func TestRequant(t *testing.T) {
	cases := []struct {
		r    Requant
		acc  int64
		want int64
	}{
		{Requant{1, 1, 0}, 3, 2},       // 1.5 rounds up
		{Requant{1, 1, 0}, -3, -1},     // -1.5 rounds up (towards +inf)
		{Requant{3, 4, 5}, 100, 24},    // (300+8)>>4 = 19, +5
		{Requant{1, 0 + 1, -3}, 0, -3}, //
		{Requant{31, 8, 0}, 1 << 20, 127},
		{Requant{31, 8, 0}, -(1 << 20), -128},
	}
	for _, c := range cases {
		if got := c.r.Apply(c.acc); got != c.want {
			t.Errorf("%+v.Apply(%d) = %d, want %d", c.r, c.acc, got, c.want)
		}
	}
}

func arr(shape []int, v ...float64) *Array { return &Array{Shape: shape, Data: v} }

func near(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol*math.Max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}

// TestReferenceSmall checks each task on inputs small enough to compute
// by hand.
func TestReferenceSmall(t *testing.T) {
	ln2 := math.Ln2
	cases := []struct {
		task string
		p    Params
		in   map[string]*Array
		want []float64
	}{
		{"relu", Params{M: 1, N: 3}, map[string]*Array{"x": arr(nil, -1, 0, 2.5)}, []float64{0, 0, 2.5}},
		{"silu", Params{M: 1, N: 2}, map[string]*Array{"x": arr(nil, 0, 1)}, []float64{0, 1 / (1 + math.Exp(-1))}},
		{"gelu", Params{M: 1, N: 2, GELU: "tanh"}, map[string]*Array{"x": arr(nil, 0, 1)}, []float64{0, 0.8411919906082768}},
		{"gelu", Params{M: 1, N: 1, GELU: "erf"}, map[string]*Array{"x": arr(nil, 1)}, []float64{0.8413447460685429}},
		{"softmax", Params{M: 2, N: 2}, map[string]*Array{"x": arr(nil, 0, ln2, 1000, 1000)}, []float64{1.0 / 3, 2.0 / 3, 0.5, 0.5}},
		{"layernorm", Params{M: 1, N: 2, Eps: 0}, map[string]*Array{"x": arr(nil, 1, 3), "gamma": arr(nil, 2, 1), "beta": arr(nil, 0, 10)}, []float64{-2, 11}},
		{"rmsnorm", Params{M: 1, N: 2, Eps: 0}, map[string]*Array{"x": arr(nil, 3, 4), "gamma": arr(nil, 1, 2)}, []float64{3 / math.Sqrt(12.5), 8 / math.Sqrt(12.5)}},
		{"gemv", Params{M: 2, K: 2}, map[string]*Array{"a": arr(nil, 1, 2, 3, 4), "x": arr(nil, 1, -1)}, []float64{-1, -1}},
		{"gemm", Params{M: 1, K: 2, N: 2}, map[string]*Array{"a": arr(nil, 1, 2), "b": arr(nil, 1, 2, 3, 4)}, []float64{7, 10}},
		{"bmm", Params{B: 2, M: 1, K: 1, N: 1}, map[string]*Array{"a": arr(nil, 2, 3), "b": arr(nil, 5, 7)}, []float64{10, 21}},
		{"linear", Params{M: 1, K: 2, N: 2}, map[string]*Array{"x": arr(nil, 1, 2), "w": arr(nil, 1, 0, 0, 1), "bias": arr(nil, 10, 20)}, []float64{11, 22}},
		{"linear", Params{M: 1, K: 2, N: 1, Requant: []Requant{{1, 1, 1}}}, map[string]*Array{"x": arr(nil, 3, 4), "w": arr(nil, 5, 6), "bias": arr(nil, -1)}, []float64{20}}, // (38+1)>>1 = 19, +1
		// 3x3 image, 1 channel, 2x2 kernel of ones, stride 1, no pad: 2x2 sums.
		{"conv2d", Params{Hin: 3, Win: 3, Cin: 1, Cout: 1, KH: 2, KW: 2, Stride: 1}, map[string]*Array{"x": arr(nil, 1, 2, 3, 4, 5, 6, 7, 8, 9), "w": arr(nil, 1, 1, 1, 1), "bias": arr(nil, 0.5)}, []float64{12.5, 16.5, 24.5, 28.5}},
		// pad 1, 1x1 image, 3x3 kernel: only the centre tap sees the pixel.
		{"depthwise_conv", Params{Hin: 1, Win: 1, Cin: 2, Cout: 2, KH: 3, KW: 3, Stride: 1, Pad: 1}, map[string]*Array{"x": arr(nil, 2, 3),
			"w": arr(nil, 0, 0, 0, 0, 0, 0, 0, 0, 5, 7, 0, 0, 0, 0, 0, 0, 0, 0), "bias": arr(nil, 1, 1)}, []float64{11, 22}},
		// 2x2 conv output [1..4] (1x1 kernel of 1), relu, 2x2 max pool.
		{"conv_block", Params{Hin: 2, Win: 2, Cin: 1, Cout: 1, KH: 1, KW: 1, Stride: 1, Pool: 2}, map[string]*Array{"x": arr(nil, -1, 4, 2, -3), "w": arr(nil, 1), "bias": arr(nil, 0)}, []float64{4}},
		// cos 0, sin 1: (x1, x2) -> (-x2, x1).
		{"rope", Params{H: 1, S: 1, D: 2}, map[string]*Array{"x": arr(nil, 1, 2), "cos": arr(nil, 0), "sin": arr(nil, 1)}, []float64{-2, 1}},
		{"ffn", Params{M: 1, DModel: 1, F: 1, Activation: "relu"}, map[string]*Array{"x": arr(nil, 2), "w1": arr(nil, -1), "b1": arr(nil, 0.5), "w2": arr(nil, 3), "b2": arr(nil, 1)}, []float64{1}},
		{"swiglu", Params{M: 1, DModel: 1, F: 1}, map[string]*Array{"x": arr(nil, 1), "wg": arr(nil, 0), "wu": arr(nil, 4)}, []float64{0}},
		// Causal: query 0 sees key 0 only; query 1 sees equal scores: mean of v.
		{"sdpa", Params{S: 2, SKV: 2, D: 1, Scale: 1, Causal: true}, map[string]*Array{"q": arr(nil, 0, 0), "k": arr(nil, 1, 2), "v": arr(nil, 10, 20)}, []float64{10, 15}},
	}
	for _, c := range cases {
		if c.p.Stride == 0 && c.task == "conv_block" {
			c.p.Stride = 1
		}
		out, err := Reference(c.task, c.p, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.task, err)
			continue
		}
		var got *Array
		for _, v := range out {
			got = v
		}
		if !near(got.Data, c.want, 1e-12) {
			t.Errorf("%s %+v: got %v, want %v", c.task, c.p, got.Data, c.want)
		}
	}
}

// TestAttentionFamily: gqa with kv_heads = heads is mha, mqa is gqa with
// one kv head, and the causal decoder's first position attends to itself
// only (so changing later tokens does not change it).
func TestAttentionFamily(t *testing.T) {
	c, tensors, err := Generate("plena", "gqa", 3, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ParamsOf(c)
	in := map[string]*Array{}
	for _, s := range c.Tensors {
		if s.Role == RoleIn {
			in[s.Name], _ = Decode(tensors[s.Name], s.DType)
		}
	}
	// Expand wk/wv to one kv head per query head: then gqa == mha.
	group := p.H / p.HKV
	expand := func(w *Array) *Array {
		dm := p.DModel
		out := NewArray(dm, p.H*p.D)
		for r := 0; r < dm; r++ {
			for h := 0; h < p.H; h++ {
				copy(out.Data[r*p.H*p.D+h*p.D:], w.Data[r*p.HKV*p.D+(h/group)*p.D:r*p.HKV*p.D+(h/group)*p.D+p.D])
			}
		}
		return out
	}
	g, _ := Reference("gqa", p, in)
	mp := p
	mp.HKV = p.H
	min := map[string]*Array{"x": in["x"], "wq": in["wq"], "wk": expand(in["wk"]), "wv": expand(in["wv"]), "wo": in["wo"]}
	m, _ := Reference("mha", mp, min)
	if !near(g["y"].Data, m["y"].Data, 1e-12) {
		t.Errorf("gqa differs from mha with repeated kv heads")
	}
	// Causality: perturb the last token; the first output row is unchanged.
	if !p.Causal {
		t.Fatal("config 3 should be causal")
	}
	x2 := in["x"].Clone()
	for j := 0; j < p.DModel; j++ {
		x2.Data[(p.S-1)*p.DModel+j] += 1
	}
	in2 := map[string]*Array{"x": x2, "wq": in["wq"], "wk": in["wk"], "wv": in["wv"], "wo": in["wo"]}
	g2, _ := Reference("gqa", p, in2)
	if !near(g2["y"].Data[:p.DModel], g["y"].Data[:p.DModel], 1e-12) {
		t.Errorf("causal attention: the first row depends on the last token")
	}
}

// TestMutationKnobs: the knobs the checker's mutation tests use give
// outputs that the case's tolerance rejects, and computing with float32
// intermediates stays inside it.
func TestMutationKnobs(t *testing.T) {
	type mut func(p *Params)
	cases := []struct {
		target, task string
		config       int
		mutate       mut
		pass         bool
	}{
		{"coral", "gelu", 2, func(p *Params) { p.GELU = "erf" }, false},
		{"coral", "layernorm", 3, func(p *Params) { p.Eps = 1e-3 }, false},
		{"aie2", "layernorm", 3, func(p *Params) { p.Eps = 1e-3 }, false},
		{"coral", "rmsnorm", 2, func(p *Params) { p.Eps = 1e-4 }, false},
		{"coral", "softmax", 2, func(p *Params) { p.NoMaxSubtract = true; p.Intermediate = "float32" }, false},
		{"plena", "sdpa", 3, func(p *Params) { p.MaskShift = 1 }, false},
		{"aie2", "decoder_llama", 2, func(p *Params) { p.MaskShift = 1 }, false},
		{"aie2", "decoder_t5", 2, func(p *Params) { p.Causal = false }, false},
		{"coral", "gelu", 2, func(p *Params) { p.Intermediate = "float32" }, true},
		{"coral", "softmax", 4, func(p *Params) { p.Intermediate = "float32" }, true},
		{"coral", "layernorm", 4, func(p *Params) { p.Intermediate = "float32" }, true},
		{"plena", "softmax", 4, func(p *Params) { p.Intermediate = "float32" }, true},
		{"aie2", "mha", 3, func(p *Params) { p.Intermediate = "float32" }, true},
		{"aie2", "decoder_llama", 3, func(p *Params) { p.Intermediate = "float32" }, true},
		{"plena", "gemm", 3, func(p *Params) { p.Intermediate = "float32" }, true},
		{"aie2", "softmax", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		// Rounding the row mean to bf16 loses rows whose mean is 50
		// standard deviations: not a correct kernel.
		{"aie2", "layernorm", 4, func(p *Params) { p.Intermediate = "bfloat16" }, false},
		{"plena", "ffn", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"plena", "mha", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"plena", "flash_attention", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"aie2", "decoder_llama", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"plena", "decoder_t5", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"aie2", "gelu", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"aie2", "silu", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
		{"aie2", "rmsnorm", 4, func(p *Params) { p.Intermediate = "bfloat16" }, true},
	}
	for _, c := range cases {
		cs, tensors, err := Generate(c.target, c.task, c.config, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := ParamsOf(cs)
		in := map[string]*Array{}
		var out TensorSpec
		for _, s := range cs.Tensors {
			switch s.Role {
			case RoleIn, RoleConst:
				in[s.Name], _ = Decode(tensors[s.Name], s.DType)
			case RoleOut:
				out = s
			}
		}
		c.mutate(&p)
		got, err := Reference(c.task, p, in)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Decode(tensors[out.Name], out.DType)
		tol := cs.Tolerance[out.DType]
		bad, worst := 0, 0.0
		for i, e := range want.Data {
			g := RoundTo(out.DType, got[out.Name].Data[i])
			if !(math.Abs(g-e) <= tol.ATol+tol.RTol*math.Abs(e)) {
				bad++
			}
			worst = math.Max(worst, math.Abs(g-e)/(tol.ATol+tol.RTol*math.Abs(e)))
		}
		t.Logf("%s %s %d: worst error / tolerance = %.3g", c.target, c.task, c.config, worst)
		if (bad == 0) != c.pass {
			t.Errorf("%s %s %d: %d of %d elements outside tolerance, want pass=%v", c.target, c.task, c.config, bad, want.Len(), c.pass)
		}
	}
}

// TestMatmulRowsMatchSum: matmul's row-wise rounded path gives the bits
// of the element-wise definition through g.sum, for every intermediate
// precision and summation order, with and without bias.
func TestMatmulRowsMatchSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const m, k, n = 5, 37, 11
	a, b, bias := make([]float64, m*k), make([]float64, k*n), make([]float64, n)
	for _, rounded := range []bool{true, false} { // float32 values (float32 arithmetic) or not
		for _, s := range [][]float64{a, b, bias} {
			for i := range s {
				if s[i] = rng.NormFloat64() * 3; rounded {
					s[i] = RoundBF16(s[i])
				}
			}
		}
		matmulMatchesSum(t, a, b, bias, m, k, n)
	}
}

func matmulMatchesSum(t *testing.T, a, b, bias []float64, m, k, n int) {
	t.Helper()
	for _, inter := range []string{"", "float32", "bfloat16"} {
		for _, order := range []string{"", "reverse", "blocked"} {
			for _, bs := range [][]float64{nil, bias} {
				g := newGT(Params{Intermediate: inter, SumOrder: order})
				got, want := g.matmul(a, b, m, k, n, bs, 0), g.matmulBySum(a, b, m, k, n, bs)
				for i := range want.Data {
					if math.Float64bits(got.Data[i]) != math.Float64bits(want.Data[i]) {
						t.Fatalf("%s %q bias=%v: element %d = %v, g.sum gives %v", inter, order, bs != nil, i, got.Data[i], want.Data[i])
					}
				}
			}
		}
	}
}

// TestAttentionRowsMatchSum: attention, whose sums come from g.sums' rows,
// gives the bits of its element-wise definition through g.sum for every
// intermediate precision and summation order, causal or not (with the
// mask shifted), with and without a position bias, on bf16 inputs and on
// unrounded ones with zeros (signed-zero products).
func TestAttentionRowsMatchSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const s, skv, d = 6, 13, 11
	for _, rounded := range []bool{true, false} {
		q, k, v, bias := make([]float64, s*d), make([]float64, skv*d), make([]float64, skv*d), make([]float64, s*skv)
		for _, a := range [][]float64{q, k, v, bias} {
			for i := range a {
				x := rng.NormFloat64() * 3
				switch {
				case rounded:
					x = RoundBF16(x)
				case rng.IntN(8) == 0:
					x = 0
				}
				a[i] = x
			}
		}
		for _, inter := range []string{"", "float32", "bfloat16"} {
			for _, order := range []string{"", "reverse", "blocked"} {
				for _, mask := range []struct {
					causal bool
					shift  int
				}{{false, 0}, {true, 0}, {true, 1}} {
					for _, bs := range [][]float64{nil, bias} {
						for _, noBias := range []bool{false, true} {
							g := newGT(Params{Intermediate: inter, SumOrder: order, Causal: mask.causal, MaskShift: mask.shift, NoPosBias: noBias, Scale: 0.3})
							got, want := g.attention(q, k, v, s, skv, d, bs), g.attentionBySum(q, k, v, s, skv, d, bs)
							for i := range want.Data {
								if math.Float64bits(got.Data[i]) != math.Float64bits(want.Data[i]) {
									t.Fatalf("bf16 inputs %v, %s %q, causal %v shift %d, bias %v (off %v): element %d = %v, g.sum gives %v",
										rounded, inter, order, mask.causal, mask.shift, bs != nil, noBias, i, got.Data[i], want.Data[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestRowMax: rowMax gives math.Max's fold bit for bit on rows with
// zeros of both signs, infinities, NaN and masked (-Inf) entries.
func TestRowMax(t *testing.T) {
	nz, inf, nan := math.Copysign(0, -1), math.Inf(1), math.NaN()
	rows := [][]float64{
		{}, {math.Inf(-1), math.Inf(-1)}, {nz}, {nz, 0}, {0, nz}, {nz, nz}, {-1, nz}, {nz, -1, 0},
		{1, nan, 2}, {nan}, {-inf, nan}, {3, inf, 2}, {-5, -2, -7}, {2, 9, 9, 1},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		r := make([]float64, rng.IntN(9))
		for i := range r {
			r[i] = []float64{0, nz, inf, -inf, nan, rng.NormFloat64()}[rng.IntN(6)]
		}
		rows = append(rows, r)
	}
	for _, r := range rows {
		got, want := rowMax(r), maxFold(r)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("rowMax(%v) = %v, math.Max's fold %v", r, got, want)
		}
		if math.IsNaN(got) != math.IsNaN(want) {
			t.Fatalf("rowMax(%v) = %v, math.Max's fold %v", r, got, want)
		}
	}
}

// TestSoftmaxRowDefaults: softmaxRow's written-out default path (a
// masked score's exp without the call, bf16 exps from bf16Exps) gives
// the bits of the formula g.exp, g.sum and g.div spell out, for float64,
// float32 and bf16 intermediates, rows with masked scores, large
// logits, underflowing exps and NaNs.
func TestSoftmaxRowDefaults(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, inter := range []string{"", "float32", "bfloat16"} {
		for _, exact := range []bool{false, true} {
			g := newGT(Params{Intermediate: inter, ExactSums: exact})
			for trial := range 300 {
				row := make([]float64, 1+rng.IntN(70))
				for j := range row {
					row[j] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(10))
					switch rng.IntN(12) {
					case 0:
						row[j] = math.Inf(-1)
					case 1:
						row[j] = -800
					}
				}
				if trial%50 == 7 {
					row[rng.IntN(len(row))] = math.NaN()
				}
				want := append([]float64(nil), row...)
				m := rowMax(want)
				for j, v := range want {
					want[j] = g.r(g.exp(g.r(v - m)))
				}
				s := g.sum(0, len(want), func(j int) float64 { return want[j] })
				for j := range want {
					want[j] = g.div(want[j], s)
				}
				g.softmaxRow(row)
				for j := range row {
					if math.Float64bits(row[j]) != math.Float64bits(want[j]) && !(row[j] != row[j] && want[j] != want[j]) {
						t.Fatalf("%q exact %v, row %d element %d: %g, want %g", inter, exact, trial, j, row[j], want[j])
					}
				}
			}
		}
	}
}
