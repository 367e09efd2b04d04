package ref

// tspec is one tensor of a task before layout.
type tspec struct {
	name  string
	role  string
	shape []int
	kind  string // "data", "bias", "out", "table", "scratch"
}

func in(name string, shape ...int) tspec   { return tspec{name, RoleIn, shape, "data"} }
func bias(name string, shape ...int) tspec { return tspec{name, RoleIn, shape, "bias"} }
func cnst(name string, shape ...int) tspec { return tspec{name, RoleConst, shape, "data"} }
func out(name string, shape ...int) tspec  { return tspec{name, RoleOut, shape, "out"} }

// tensorSpecs lists a task's inputs and consts (in calling-convention
// order, as Reference reads them), then its output. integer marks coral's
// int8 form.
func tensorSpecs(task string, p Params, integer bool) []tspec {
	convOut := func() (int, int) {
		return (p.Hin+2*p.Pad-p.KH)/p.Stride + 1, (p.Win+2*p.Pad-p.KW)/p.Stride + 1
	}
	switch task {
	case "silu", "relu", "gelu", "softmax":
		return []tspec{in("x", p.M, p.N), out("y", p.M, p.N)}
	case "layernorm":
		return []tspec{in("x", p.M, p.N), in("gamma", p.N), in("beta", p.N), out("y", p.M, p.N)}
	case "rmsnorm":
		return []tspec{in("x", p.M, p.N), in("gamma", p.N), out("y", p.M, p.N)}
	case "gemv":
		return []tspec{in("a", p.M, p.K), in("x", p.K), out("y", p.M)}
	case "gemm":
		return []tspec{in("a", p.M, p.K), in("b", p.K, p.N), out("c", p.M, p.N)}
	case "bmm":
		return []tspec{in("a", p.B, p.M, p.K), in("b", p.B, p.K, p.N), out("c", p.B, p.M, p.N)}
	case "linear":
		return []tspec{in("x", p.M, p.K), in("w", p.N, p.K), bias("bias", p.N), out("y", p.M, p.N)}
	case "conv2d", "conv_block":
		oh, ow := convOut()
		if task == "conv_block" {
			oh, ow = oh/p.Pool, ow/p.Pool
		}
		return []tspec{in("x", p.Hin, p.Win, p.Cin), in("w", p.KH, p.KW, p.Cin, p.Cout), bias("bias", p.Cout), out("y", oh, ow, p.Cout)}
	case "depthwise_conv":
		oh, ow := convOut()
		return []tspec{in("x", p.Hin, p.Win, p.Cin), in("w", p.KH, p.KW, p.Cin), bias("bias", p.Cin), out("y", oh, ow, p.Cin)}
	case "rope":
		return []tspec{in("x", p.H, p.S, p.D), cnst("cos", p.S, p.D/2), cnst("sin", p.S, p.D/2), out("y", p.H, p.S, p.D)}
	case "ffn":
		return []tspec{in("x", p.M, p.DModel), in("w1", p.DModel, p.F), bias("b1", p.F), in("w2", p.F, p.DModel), bias("b2", p.DModel), out("y", p.M, p.DModel)}
	case "swiglu":
		o := out("y", p.M, p.F)
		if integer {
			o.kind = "float"
		}
		return []tspec{in("x", p.M, p.DModel), in("wg", p.DModel, p.F), in("wu", p.DModel, p.F), o}
	case "sdpa", "flash_attention":
		return []tspec{in("q", p.S, p.D), in("k", p.SKV, p.D), in("v", p.SKV, p.D), out("o", p.S, p.D)}
	case "mha", "gqa", "mqa":
		kv := p.HKV * p.D
		return []tspec{in("x", p.S, p.DModel), in("wq", p.DModel, p.H*p.D), in("wk", p.DModel, kv), in("wv", p.DModel, kv), in("wo", p.H*p.D, p.DModel), out("y", p.S, p.DModel)}
	case "decoder_llama":
		dm := p.DModel
		return []tspec{in("x", p.S, dm), in("g1", dm), in("wq", dm, dm), in("wk", dm, dm), in("wv", dm, dm), in("wo", dm, dm),
			in("g2", dm), in("wg", dm, p.F), in("wu", dm, p.F), in("wd", p.F, dm), cnst("cos", p.S, p.D/2), cnst("sin", p.S, p.D/2), out("y", p.S, dm)}
	case "decoder_t5":
		dm := p.DModel
		return []tspec{in("x", p.S, dm), in("g1", dm), in("wq", dm, dm), in("wk", dm, dm), in("wv", dm, dm), in("wo", dm, dm),
			cnst("pos_bias", p.H, p.S, p.S), in("g2", dm), in("wi", dm, p.F), in("wff", p.F, dm), out("y", p.S, dm)}
	}
	return nil
}

// scratchElems is the size, in accumulator-sized elements, of a task's
// scratch region (0: none): room for the largest intermediate a
// straightforward kernel keeps.
func scratchElems(task string, p Params) int {
	switch task {
	case "ffn":
		return p.M * p.F // the hidden activations
	case "sdpa":
		return p.S * p.SKV // the score matrix
	case "mha", "gqa", "mqa":
		return p.S*(p.H*p.D+2*p.HKV*p.D) + p.S*p.S + p.S*p.H*p.D // Q, K, V, one head's scores, concat(O)
	case "decoder_llama", "decoder_t5":
		return p.S*(4*p.DModel+p.S) + 2*p.S*p.F // normed x, Q, K, V, scores, FFN hidden
	}
	return 0
}

// Tasks whose aie2 cases carry lookup tables (AIE2 has no exp, divide or
// square root unit).
var (
	usesExp   = map[string]bool{"silu": true, "gelu": true, "softmax": true, "swiglu": true, "sdpa": true, "mha": true, "gqa": true, "mqa": true, "decoder_llama": true, "decoder_t5": true, "ffn": true}
	usesRecip = map[string]bool{"silu": true, "gelu": true, "softmax": true, "layernorm": true, "rmsnorm": true, "swiglu": true, "sdpa": true, "mha": true, "gqa": true, "mqa": true, "decoder_llama": true, "decoder_t5": true, "ffn": true}
)
