package ref

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Targets are the benchmark's targets, in the paper's column order.
var Targets = []string{"plena", "aie2", "coral"}

// Task is one of the benchmark's 23 tasks.
type Task struct {
	Number     int      // 1..23, the paper's ID
	ID         string   // e.g. "softmax"
	Name       string   // the paper's name, e.g. "Softmax"
	Level      int      // 1 primitive, 2 composite, 3 end-to-end
	Targets    []string // targets that support the task (the paper's matrix)
	Definition string   // the precise definition, the same on every target
	BF16Note   string   // plena and aie2: dtypes and accumulation
	CoralNote  string   // coral: dtypes, accumulation, quantisation
}

// Supports reports whether the task is defined for target.
func (t *Task) Supports(target string) bool { return slices.Contains(t.Targets, target) }

var (
	all3     = []string{"plena", "aie2", "coral"}
	noCoral  = []string{"plena", "aie2"}
	noPlena  = []string{"aie2", "coral"}
	onlyPlna = []string{"plena"}
)

// Shared wording.
const (
	defRowwise = "x is [M, N], row-major; each of the M rows is independent."
	defRequant = "int8 inputs and weights (zero points 0), int32 accumulation of their products, then the requantisation " +
		"q = clamp(((acc*mult + 2^(shift-1)) >> shift) + zp, -128, 127) with an arithmetic >> (RVV: vmul.vx, vssra.vi with vxrm=rnu (0), vadd.vx, vmax.vx/vmin.vx, vnsrl); mult, shift and zp are in params.requant. The int8 output is exact."
	defBF16Acc = "bf16 inputs, weights and outputs; accumulate in fp32; the output is compared after rounding to bf16."
	defF32     = "float32 inputs and outputs (the vector unit is integer-only: use scalar F, or integer tricks)."
)

// Note returns the target-specific part of the definition: dtypes,
// accumulation and quantisation on that target.
func (t *Task) Note(target string) string {
	ti := targetInfos[target]
	if ti.note != nil {
		return ti.note(t)
	}
	if n := ti.taskNote; n != "" {
		return n
	}
	return t.BF16Note
}

// DefinitionFor is the definition an agent working on target reads.
func (t *Task) DefinitionFor(target string) string {
	if n := t.Note(target); n != "" {
		return t.Definition + " " + target + ": " + n
	}
	return t.Definition
}

var tasks = []*Task{
	{1, "silu", "SiLU", 1, all3, "y = x * sigmoid(x) = x / (1 + exp(-x)), element-wise. " + defRowwise, defBF16Acc, defF32},
	{2, "relu", "ReLU", 1, all3, "y = max(x, 0), element-wise. " + defRowwise, defBF16Acc, defF32},
	{3, "gelu", "GELU", 1, all3, "y = 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))), element-wise: the tanh approximation " +
		"(PyTorch gelu(approximate='tanh')), not the erf form. " + defRowwise, defBF16Acc, defF32},
	{4, "softmax", "Softmax", 1, all3, "y[i, j] = exp(x[i, j] - m[i]) / sum_k exp(x[i, k] - m[i]) with m[i] = max_k x[i, k], over the last axis. " +
		defRowwise + " Rows have a large dynamic range (maxima above 88, where exp overflows float32 without the max subtraction).", defBF16Acc, defF32},
	{5, "layernorm", "LayerNorm", 1, all3, "mu[i] = mean_j x[i, j]; var[i] = mean_j (x[i, j] - mu[i])^2 (biased); " +
		"y[i, j] = (x[i, j] - mu[i]) / sqrt(var[i] + eps) * gamma[j] + beta[j], eps = params.eps (1e-5). gamma, beta are [N]. " + defRowwise +
		" Rows have non-zero means; one row has a variance comparable to eps.", defBF16Acc, defF32},
	{6, "rmsnorm", "RMSNorm", 1, all3, "y[i, j] = x[i, j] / sqrt(mean_k x[i, k]^2 + eps) * gamma[j], eps = params.eps (1e-6), no mean subtraction. gamma is [N]. " + defRowwise +
		" One row has a mean square comparable to eps.", defBF16Acc, defF32},
	{7, "gemv", "GEMV", 1, all3, "y[m] = sum_k A[m, k] * x[k]. A is [M, K] row-major, x is [K], y is [M].", defBF16Acc, defRequant},
	{8, "gemm", "GEMM", 1, all3, "C[m, n] = sum_k A[m, k] * B[k, n]. A is [M, K], B is [K, N], C is [M, N], all row-major.", defBF16Acc, defRequant},
	{9, "bmm", "BatchMatMul", 1, all3, "C[b, m, n] = sum_k A[b, m, k] * B[b, k, n]. A is [B, M, K], B is [B, K, N], C is [B, M, N], row-major.", defBF16Acc, defRequant},
	{10, "linear", "Linear", 1, all3, "y[m, n] = sum_k x[m, k] * w[n, k] + bias[n] (PyTorch nn.Linear: y = x W^T + b). x is [M, K], w is [N, K] (out x in), bias is [N], y is [M, N].",
		defBF16Acc, defRequant + " bias is int32 and is added to acc before requantisation."},
	{11, "conv2d", "Conv2D", 1, noPlena, "y[oh, ow, co] = bias[co] + sum_{kh, kw, ci} x[oh*stride + kh - pad, ow*stride + kw - pad, ci] * w[kh, kw, ci, co], " +
		"x outside the image is 0 (zero padding). Layouts (batch 1, channels last): x [H, W, C_in], w [KH, KW, C_in, C_out], bias [C_out], y [OH, OW, C_out] with " +
		"OH = (H + 2*pad - KH)/stride + 1, OW likewise.", defBF16Acc, defRequant + " bias is int32, added to acc before requantisation."},
	{12, "depthwise_conv", "DepthwiseConv", 1, noPlena, "y[oh, ow, c] = bias[c] + sum_{kh, kw} x[oh*stride + kh - pad, ow*stride + kw - pad, c] * w[kh, kw, c] (one filter per channel, zero padding). " +
		"Layouts: x [H, W, C], w [KH, KW, C], bias [C], y [OH, OW, C], OH = (H + 2*pad - KH)/stride + 1.", defBF16Acc, defRequant + " bias is int32, added to acc before requantisation."},
	{13, "rope", "RoPE", 2, noCoral, "Rotary position embedding, rotate-half (GPT-NeoX / Hugging Face LLaMA) pairing: for head h, position s and i < D/2, " +
		"y[h, s, i] = x[h, s, i] * cos[s, i] - x[h, s, i + D/2] * sin[s, i]; y[h, s, i + D/2] = x[h, s, i + D/2] * cos[s, i] + x[h, s, i] * sin[s, i]. " +
		"x, y are [heads, S, D]; cos, sin are [S, D/2] (const tensors: cos(s * theta^(-2i/D)), theta = params.rope_theta).", defBF16Acc, ""},
	{14, "ffn", "FFN", 2, all3, "y = act(x W1 + b1) W2 + b2. x is [M, d_model], W1 [d_model, d_ff], b1 [d_ff], W2 [d_ff, d_model], b2 [d_model], y [M, d_model] (weights in x out). " +
		"act = params.activation. The scratch region may hold the hidden layer.",
		defBF16Acc + " act is gelu (the tanh approximation, as the gelu task).",
		"act is relu. h = max(requant[0](x W1 + b1), 0) is int8 (zp 0), then y = requant[1](h W2 + b2); b1, b2 are int32. " + defRequant},
	{15, "swiglu", "SwiGLU", 2, all3, "y = silu(x Wg) * (x Wu), element-wise product, silu(z) = z / (1 + exp(-z)). x is [M, d_model], Wg and Wu are [d_model, d_ff], y is [M, d_ff].",
		defBF16Acc, "x, Wg, Wu are int8 (zero points 0); g = (x Wg accumulated in int32) * dequant[0] and u = (x Wu in int32) * dequant[1] in float; y = silu(g) * u is float32."},
	{16, "sdpa", "ScaledDotProduct", 2, noCoral, "o = softmax(q k^T * scale + mask) v, softmax over keys. q is [S, D], k and v are [S_kv, D], o is [S, D]; scale = params.scale = 1/sqrt(D). " +
		"When params.causal, query i sees key j only if j <= i (masked scores are -inf). The scratch region can hold the score matrix.", defBF16Acc, ""},
	{17, "flash_attention", "FlashAttention", 2, onlyPlna, "The same result as sdpa: o = softmax(q k^T * scale + mask) v with q [S, D], k, v [S_kv, D], scale = 1/sqrt(D), causal when params.causal. " +
		"S x S_kv scores do not fit on chip for the larger configs: tile over keys with an online (running max and sum) softmax.", defBF16Acc, ""},
	{18, "mha", "MHA", 2, noCoral, "Multi-head self-attention with projections: Q = x Wq, K = x Wk, V = x Wv ([S, d_model] each; weights [d_model, d_model], in x out); " +
		"head h uses columns h*D .. h*D+D-1 (D = head_dim = d_model/heads); O_h = softmax(Q_h K_h^T / sqrt(D) + mask) V_h; y = concat_h(O_h) Wo. " +
		"x, y are [S, d_model]; causal when params.causal.", defBF16Acc, ""},
	{19, "gqa", "GQA", 2, noCoral, "Grouped-query attention: as mha, but Wk, Wv are [d_model, kv_heads*D] and query head h uses key/value head h / (heads/kv_heads) " +
		"(consecutive query heads share a kv head, as Hugging Face repeat_kv). Wq, Wo are [d_model, d_model].", defBF16Acc, ""},
	{20, "mqa", "MQA", 2, noCoral, "Multi-query attention: gqa with kv_heads = 1 (Wk, Wv are [d_model, D]; every query head uses the one key/value head).", defBF16Acc, ""},
	{21, "conv_block", "ConvBlock", 3, noPlena, "y = maxpool_{pool x pool, stride pool}(relu(conv2d(x, w, pad) + bias)): the conv2d task's convolution (stride 1), then ReLU, then max pooling. " +
		"x [H, W, C_in], w [KH, KW, C_in, C_out], bias [C_out], y [H'/pool, W'/pool, C_out].", defBF16Acc,
		defRequant + " bias is int32; q = requant[0](acc + bias), r = max(q, requant[0].zp) (ReLU in the quantised domain), y = the max-pool of r (int8)."},
	{22, "decoder_llama", "DecoderBlock (LLaMA)", 3, noCoral, "Pre-norm LLaMA decoder block, causal self-attention. " +
		"a = rmsnorm(x, g1); Q = a Wq, K = a Wk, V = a Wv; RoPE (the rope task, cos/sin [S, D/2] given) on every head of Q and K; " +
		"O_h = softmax(Q_h K_h^T / sqrt(D) + causal mask) V_h; h1 = x + concat_h(O_h) Wo; b = rmsnorm(h1, g2); " +
		"y = h1 + (silu(b Wg) * (b Wu)) Wd. rmsnorm as the rmsnorm task with eps = params.eps (1e-6). x, y [S, d_model]; Wq, Wk, Wv, Wo [d_model, d_model]; " +
		"Wg, Wu [d_model, d_ff]; Wd [d_ff, d_model]; g1, g2 [d_model].", defBF16Acc, ""},
	{23, "decoder_t5", "DecoderBlock (T5)", 3, noCoral, "T5 decoder self-attention block (no cross-attention), pre-norm. " +
		"T5 norm: n(x) = x / sqrt(mean(x^2) + eps) * g (RMS-style, no mean, no bias), eps = params.eps (1e-6). " +
		"a = n(x; g1); Q = a Wq, K = a Wk, V = a Wv; O_h = softmax(Q_h K_h^T + pos_bias[h] + causal mask) V_h (no 1/sqrt(D) scaling: params.scale = 1, as T5); " +
		"h1 = x + concat_h(O_h) Wo; y = h1 + relu(n(h1; g2) Wi) Wff. pos_bias [heads, S, S] is the relative-position bias (T5 buckets: 32 buckets, max distance 128, unidirectional), given as a const tensor. " +
		"x, y [S, d_model]; Wq, Wk, Wv, Wo [d_model, d_model]; Wi [d_model, d_ff]; Wff [d_ff, d_model].", defBF16Acc, ""},
}

// Tasks returns the 23 tasks in the paper's order.
func Tasks() []*Task { return slices.Clone(tasks) }

// Lookup finds a task by id, by the paper's name (any case) or by its
// number (1..23, as kc-ref list shows).
func Lookup(id string) (*Task, error) {
	n, nerr := strconv.Atoi(strings.TrimSpace(id))
	for _, t := range tasks {
		if t.ID == id || strings.EqualFold(t.Name, id) || strings.EqualFold(t.ID, id) || nerr == nil && n == t.Number {
			return t, nil
		}
	}
	ids := make([]string, len(tasks))
	for i, t := range tasks {
		ids[i] = t.ID
	}
	return nil, fmt.Errorf("unknown task %q (tasks, or their numbers 1..%d: %s)", id, len(tasks), strings.Join(ids, ", "))
}

// TaskID is the id of the task named by id, name or number.
func TaskID(name string) (string, error) {
	t, err := Lookup(name)
	if err != nil {
		return "", err
	}
	return t.ID, nil
}

// CheckTarget returns an error unless target is one of Targets.
func CheckTarget(target string) error {
	if !slices.Contains(Targets, target) {
		return fmt.Errorf("unknown target %q (targets: %s)", target, strings.Join(Targets, ", "))
	}
	return nil
}

// Supported lists the tasks a target supports.
func Supported(target string) []*Task {
	var out []*Task
	for _, t := range tasks {
		if t.Supports(target) {
			out = append(out, t)
		}
	}
	return out
}
