package ref

import (
	"encoding/json"
	"fmt"
)

// Params are a task configuration's parameters: shapes and numerics. They
// are stored in case.json's "params" and are the knobs of Reference, so a
// test can compute deliberately wrong variants (another epsilon, the erf
// GELU, an off-by-one causal mask, float32 or bfloat16 intermediates).
// Shape fields a task does not use are zero and omitted from case.json.
type Params struct {
	// Element-wise, normalisation and matrix shapes.
	M int `json:"M,omitempty"` // rows
	N int `json:"N,omitempty"` // columns / output features
	K int `json:"K,omitempty"` // reduction length
	B int `json:"B,omitempty"` // batch (bmm)

	// Attention and decoder shapes.
	S      int `json:"S,omitempty"`        // query length (sequence length)
	SKV    int `json:"S_kv,omitempty"`     // key/value length
	H      int `json:"heads,omitempty"`    // query heads
	HKV    int `json:"kv_heads,omitempty"` // key/value heads (gqa, mqa)
	D      int `json:"head_dim,omitempty"` // head dimension (rope, sdpa, attention)
	DModel int `json:"d_model,omitempty"`  // model width (ffn, swiglu, mha…, decoders)
	F      int `json:"d_ff,omitempty"`     // hidden width of a feed-forward layer

	// Convolution shapes (HWC layout, batch 1).
	Hin    int `json:"H,omitempty"`
	Win    int `json:"W,omitempty"`
	Cin    int `json:"C_in,omitempty"`
	Cout   int `json:"C_out,omitempty"`
	KH     int `json:"KH,omitempty"`
	KW     int `json:"KW,omitempty"`
	Stride int `json:"stride,omitempty"`
	Pad    int `json:"pad,omitempty"`
	Pool   int `json:"pool,omitempty"` // max-pool window and stride (conv_block)

	// Numerics.
	Eps        float64 `json:"eps,omitempty"`        // normalisation epsilon
	GELU       string  `json:"gelu,omitempty"`       // "tanh" (the approximation) or "erf" (exact)
	Activation string  `json:"activation,omitempty"` // ffn: "gelu" or "relu"
	Causal     bool    `json:"causal,omitempty"`     // causal mask: query i sees keys j <= i
	Scale      float64 `json:"scale,omitempty"`      // attention score scale (1/sqrt(head_dim); T5: 1)
	RopeTheta  float64 `json:"rope_theta,omitempty"` // RoPE base (the cos/sin tables are inputs)

	// Integer (coral int8) numerics: one requantisation per integer stage.
	Requant []Requant `json:"requant,omitempty"`
	// Dequantisation scales of int32 accumulators to float (coral swiglu:
	// gate, up).
	Dequant []float64 `json:"dequant,omitempty"`

	// Mutation knobs for tests; never stored in a case.
	// MaskShift lets query i see keys j <= i+MaskShift (0 is correct).
	MaskShift int `json:"-"`
	// NoMaxSubtract computes softmax as exp(x)/sum(exp(x)) without
	// subtracting the row maximum (equal in float64 unless exp overflows,
	// which it does with Intermediate "float32" or "bfloat16").
	NoMaxSubtract bool `json:"-"`
	// Intermediate rounds every stored intermediate result to "float32"
	// or "bfloat16" and accumulates sums in float32 (as kernels do); ""
	// keeps float64 (the ground truth).
	Intermediate string `json:"-"`
	// ExactSums keeps sums in float64, in order, with Intermediate set:
	// only stored values are rounded. Rounding stores to bf16 costs a
	// kernel a thousand times what fp32 accumulation does, and exact sums
	// take the fast products, so Generate measures a case's bf16 cost
	// (admitBF16) with it.
	ExactSums bool `json:"-"`

	// Correct ways to compute the same function (the correct-alternatives
	// tests; with Intermediate set, as a kernel does).
	// SumOrder adds the terms of every reduction "reverse"d, or
	// "blocked": 8 lanes (element i into lane i mod 8, as a vector loop),
	// then the lanes pairwise; "" is in order.
	SumOrder string `json:"-"`
	// Exp computes exp as "lut" (aie2's exp_hi*exp_lo bf16 tables),
	// "poly6" (float32 range reduction and a degree-6 polynomial, ~1e-7
	// relative), "poly3" (degree 3, 6e-4 relative: too coarse for float32
	// outputs, a wrong variant there) or "poly2" (degree 2, 7e-3
	// relative: as close as aie2's bf16 tables, which bf16 outputs
	// admit); "" is math.Exp.
	Exp string `json:"-"`
	// Recip and Rsqrt compute 1/x and 1/sqrt(x) from aie2's bf16 tables
	// ("lut") or by Newton iterations in float32 from a bit-trick seed
	// ("newton"); "" divides.
	Recip string `json:"-"`
	Rsqrt string `json:"-"`

	// Wrong definitions (the wrong-variant tests).
	// UnbiasedVar divides layernorm's variance by N-1.
	UnbiasedVar bool `json:"-"`
	// RequantMode rounds integer requantisation "even" (half to even),
	// "away" (half away from zero), "trunc" (no rounding term) or
	// "wrap"s instead of saturating; "" is the task's rule.
	RequantMode string `json:"-"`
	// GLU "gelu" gates with GELU instead of SiLU (GeGLU for SwiGLU).
	GLU string `json:"-"`
	// NoRoPE skips the rotary embedding of decoder_llama.
	NoRoPE bool `json:"-"`
	// Norm "layernorm" computes RMSNorm as LayerNorm (subtracting the row
	// mean).
	Norm string `json:"-"`
	// NoPosBias drops decoder_t5's relative-position bias.
	NoPosBias bool `json:"-"`
	// RoPE "negated" rotates by minus the angle (the sine's sign flipped:
	// y1 = x1 cos + x2 sin, y2 = x2 cos - x1 sin); "interleaved" pairs
	// elements (2i, 2i+1) (GPT-J / Meta's complex form) instead of (i,
	// i + D/2); "" is rotate-half.
	RoPE string `json:"-"`
	// NoConvBias leaves a convolution's bias out (float tasks; an integer
	// task then requantises the bare accumulator).
	NoConvBias bool `json:"-"`
	// (Other wrong definitions need no knob of their own: Eps 0 leaves
	// epsilon out, Scale the attention scale (squared, or 1/sqrt(D) where
	// T5 has none), MaskShift -1 the strict mask j < i, under which the
	// first query sees no key and its attention output is 0, as a kernel
	// whose running sum stays 0 writes.)

	// PlenaLN computes LayerNorm as a PLENA kernel does, in its numerics
	// (vector rows bf16, scalars f16, V_RED_SUM adding each 64-element
	// block's f32 sum to an f16 register): "one-pass" takes the mean as
	// the f16 sum of bf16(x*f16(1/N)) and centres on it; "two-pass" then
	// sums bf16((x - mean)*f16(1/N)) again and centres on that
	// correction too (the f16 mean is off by up to 2^-12 of |mean|, a
	// fraction of the standard deviation on rows far from zero). The
	// variance is the f16 sum of bf16(bf16(d*d)*f16(1/N)), then f16
	// eps, sqrt and reciprocal, and y = bf16(bf16(bf16(d*r)*gamma) +
	// beta).
	PlenaLN string `json:"-"`
}

// Requant maps an int32 accumulator to int8:
//
//	q = clamp(((acc*Mult + 2^(Shift-1)) >> Shift) + ZP, -128, 127)
//
// with an arithmetic (flooring) shift; acc*Mult+2^(Shift-1) never
// overflows int32 for the configured shapes (RVV: vmul.vx, then vssra.vi
// with vxrm=rnu, vadd.vx, vmax/vmin, vnsrl).
type Requant struct {
	Mult  int64 `json:"mult"`
	Shift uint  `json:"shift"`
	ZP    int64 `json:"zp"`
}

// Apply requantises one accumulator.
func (r Requant) Apply(acc int64) int64 {
	v := (acc*r.Mult + int64(1)<<(r.Shift-1)) >> r.Shift
	return min(127, max(-128, v+r.ZP))
}

// ApplyMode requantises with a RequantMode (wrong variants; "" is Apply).
func (r Requant) ApplyMode(acc int64, mode string) int64 {
	x, half := acc*r.Mult, int64(1)<<(r.Shift-1)
	v := (x + half) >> r.Shift
	switch mode {
	case "even":
		if x&(2*half-1) == half && v&1 == 1 { // a tie rounded up to odd
			v--
		}
	case "away":
		if x < 0 && x&(2*half-1) == half {
			v--
		}
	case "trunc":
		v = x >> r.Shift
	case "wrap":
		return int64(int8(v + r.ZP))
	}
	return min(127, max(-128, v+r.ZP))
}

// IsTie reports whether acc requantises from exactly halfway between two
// integers (where the rounding rule decides).
func (r Requant) IsTie(acc int64) bool {
	half := int64(1) << (r.Shift - 1)
	return acc*r.Mult&(2*half-1) == half
}

// paramsMap turns params into case.json's "params" object.
func paramsMap(p Params) map[string]any {
	b, _ := json.Marshal(p)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m
}

// ParamsOf decodes a case's params.
func ParamsOf(c *Case) (Params, error) {
	var p Params
	b, err := json.Marshal(c.Params)
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("case params: %w", err)
	}
	return p, nil
}
