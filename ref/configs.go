package ref

import (
	"fmt"
	"math"
)

// NumConfigs is the number of configurations per (task, target).
const NumConfigs = 5

// Config is one graded configuration of a task on a target.
type Config struct {
	Number int    // 1..5
	HW     string // hardware config the case is laid out for
	Params Params
	Note   string // what the configuration exercises
}

// Grading of the five configurations (the same for every task).
var configNotes = [NumConfigs]string{
	"shapes that are multiples of the vector width (small)",
	"multiples of the vector width, several tiles",
	"ragged shapes: tails shorter than a vector",
	"ragged and multi-tile",
	"stresses the memory budget of the hardware config",
}

type shapes map[string][NumConfigs]Params

func mn(m, n int) Params         { return Params{M: m, N: n} }
func mk(m, k int) Params         { return Params{M: m, K: k} }
func mkn(m, k, n int) Params     { return Params{M: m, K: k, N: n} }
func bmkn(b, m, k, n int) Params { return Params{B: b, M: m, K: k, N: n} }
func mdf(m, d, f int) Params     { return Params{M: m, DModel: d, F: f} }
func hsd(h, s, d int) Params     { return Params{H: h, S: s, D: d} }
func att(s, skv, d int, c bool) Params {
	return Params{S: s, SKV: skv, D: d, Causal: c}
}
func mh(s, dm, h, hkv int, c bool) Params {
	return Params{S: s, DModel: dm, H: h, HKV: hkv, D: dm / h, Causal: c}
}
func dec(s, dm, h, f int) Params {
	return Params{S: s, DModel: dm, H: h, D: dm / h, F: f, Causal: true}
}
func conv(h, w, ci, co, k, s, p int) Params {
	return Params{Hin: h, Win: w, Cin: ci, Cout: co, KH: k, KW: k, Stride: s, Pad: p}
}

var rowwise = shapes{
	"coral": {mn(4, 64), mn(8, 256), mn(3, 100), mn(7, 333), mn(12, 300)},
	"plena": {mn(4, 64), mn(16, 256), mn(5, 100), mn(33, 1000), mn(128, 4096)},
	"aie2":  {mn(4, 64), mn(8, 512), mn(3, 100), mn(17, 333), mn(24, 512)},
}

// configTable: the shapes of every (task, target). Configurations marked
// in highmem use coral-highmem (1 MiB DTCM).
var configTable = map[string]shapes{
	"silu": rowwise, "relu": rowwise, "gelu": rowwise, "softmax": rowwise, "layernorm": rowwise, "rmsnorm": rowwise,
	"gemv": {
		"coral": {mk(16, 64), mk(64, 128), mk(30, 100), mk(75, 333), mk(120, 250)},
		"plena": {mk(64, 64), mk(256, 256), mk(100, 130), mk(333, 1000), mk(2048, 2048)},
		"aie2":  {mk(32, 64), mk(64, 256), mk(30, 100), mk(75, 200), mk(96, 300)},
	},
	"gemm": {
		"coral": {mkn(16, 16, 16), mkn(32, 64, 32), mkn(20, 30, 25), mkn(48, 100, 40), mkn(256, 256, 256)},
		"plena": {mkn(64, 64, 64), mkn(128, 256, 128), mkn(100, 70, 90), mkn(200, 300, 150), mkn(512, 512, 512)},
		"aie2":  {mkn(32, 32, 32), mkn(64, 64, 64), mkn(20, 36, 28), mkn(60, 100, 44), mkn(80, 128, 96)},
	},
	"bmm": {
		"coral": {bmkn(2, 16, 16, 16), bmkn(4, 32, 32, 32), bmkn(3, 10, 20, 12), bmkn(5, 24, 40, 20), bmkn(8, 64, 128, 64)},
		"plena": {bmkn(2, 64, 64, 64), bmkn(4, 64, 128, 64), bmkn(3, 50, 70, 40), bmkn(6, 100, 130, 90), bmkn(8, 256, 256, 256)},
		"aie2":  {bmkn(2, 16, 16, 16), bmkn(4, 32, 32, 32), bmkn(3, 10, 20, 12), bmkn(5, 24, 40, 20), bmkn(6, 32, 64, 32)},
	},
	"linear": {
		"coral": {mkn(16, 16, 16), mkn(32, 64, 32), mkn(20, 30, 25), mkn(48, 100, 40), mkn(128, 512, 256)},
		"plena": {mkn(64, 64, 64), mkn(128, 256, 128), mkn(100, 70, 90), mkn(200, 300, 150), mkn(256, 1024, 512)},
		"aie2":  {mkn(32, 32, 32), mkn(64, 64, 64), mkn(20, 36, 28), mkn(60, 100, 44), mkn(48, 128, 112)},
	},
	"conv2d": {
		"coral": {conv(8, 8, 16, 16, 3, 1, 1), conv(16, 16, 16, 32, 3, 1, 1), conv(9, 11, 3, 8, 3, 1, 0), conv(15, 13, 12, 20, 3, 2, 1), conv(32, 32, 64, 64, 3, 1, 1)},
		"aie2":  {conv(8, 8, 8, 8, 3, 1, 1), conv(16, 16, 16, 16, 3, 1, 1), conv(9, 11, 3, 8, 3, 1, 0), conv(15, 13, 12, 20, 3, 2, 1), conv(16, 16, 32, 32, 3, 1, 1)},
	},
	"depthwise_conv": {
		"coral": {conv(8, 8, 16, 16, 3, 1, 1), conv(16, 16, 32, 32, 3, 1, 1), conv(9, 11, 8, 8, 3, 1, 0), conv(15, 13, 20, 20, 5, 2, 2), conv(32, 32, 14, 14, 3, 1, 1)},
		"aie2":  {conv(8, 8, 32, 32, 3, 1, 1), conv(16, 16, 32, 32, 3, 1, 1), conv(9, 11, 8, 8, 3, 1, 0), conv(15, 13, 20, 20, 5, 2, 2), conv(20, 20, 36, 36, 3, 1, 1)},
	},
	"conv_block": {
		"coral": {conv(8, 8, 8, 16, 3, 1, 1), conv(16, 16, 16, 16, 3, 1, 1), conv(10, 14, 3, 8, 3, 1, 1), conv(18, 14, 12, 20, 3, 1, 1), conv(32, 32, 32, 64, 3, 1, 1)},
		"aie2":  {conv(8, 8, 8, 16, 3, 1, 1), conv(16, 16, 16, 16, 3, 1, 1), conv(10, 14, 3, 8, 3, 1, 1), conv(18, 14, 12, 20, 3, 1, 1), conv(32, 32, 16, 16, 3, 1, 1)},
	},
	"rope": {
		"plena": {hsd(1, 16, 64), hsd(4, 64, 64), hsd(2, 10, 40), hsd(3, 100, 96), hsd(32, 512, 128)},
		"aie2":  {hsd(1, 16, 64), hsd(4, 32, 64), hsd(2, 10, 40), hsd(2, 50, 96), hsd(2, 96, 64)},
	},
	"ffn": {
		"coral": {mdf(16, 16, 32), mdf(32, 64, 64), mdf(10, 30, 50), mdf(20, 72, 100), mdf(128, 256, 512)},
		"plena": {mdf(16, 64, 128), mdf(64, 128, 256), mdf(10, 70, 130), mdf(100, 200, 500), mdf(64, 512, 2048)},
		"aie2":  {mdf(16, 32, 64), mdf(32, 64, 128), mdf(10, 30, 50), mdf(24, 64, 160), mdf(24, 96, 96)},
	},
	"swiglu": {
		"coral": {mdf(16, 16, 16), mdf(32, 64, 32), mdf(10, 30, 50), mdf(24, 96, 40), mdf(128, 256, 512)},
		"plena": {mdf(16, 64, 128), mdf(64, 128, 256), mdf(10, 70, 130), mdf(100, 200, 500), mdf(128, 512, 1024)},
		"aie2":  {mdf(16, 32, 64), mdf(32, 64, 128), mdf(10, 30, 50), mdf(24, 64, 80), mdf(32, 96, 112)},
	},
	"sdpa": {
		"plena": {att(16, 16, 64, false), att(64, 64, 64, false), att(10, 10, 40, true), att(100, 130, 64, false), att(256, 256, 128, true)},
		"aie2":  {att(16, 16, 32, false), att(32, 32, 64, false), att(10, 10, 40, true), att(50, 70, 48, false), att(48, 64, 96, false)},
	},
	"flash_attention": {
		"plena": {att(64, 64, 64, false), att(128, 128, 64, false), att(100, 100, 64, true), att(256, 300, 128, false), att(1024, 1024, 64, true)},
	},
	"mha": {
		"plena": {mh(16, 128, 2, 2, false), mh(64, 256, 4, 4, false), mh(10, 96, 3, 3, true), mh(100, 320, 5, 5, false), mh(256, 512, 8, 8, true)},
		"aie2":  {mh(16, 64, 2, 2, false), mh(32, 64, 4, 4, false), mh(10, 48, 3, 3, true), mh(20, 72, 3, 3, false), mh(32, 64, 4, 4, true)},
	},
	"gqa": {
		"plena": {mh(16, 128, 4, 2, false), mh(64, 256, 8, 2, false), mh(10, 96, 6, 3, true), mh(100, 320, 10, 2, false), mh(256, 512, 8, 2, true)},
		"aie2":  {mh(16, 64, 4, 2, false), mh(32, 64, 4, 2, false), mh(10, 48, 6, 3, true), mh(24, 72, 6, 2, false), mh(40, 64, 8, 2, true)},
	},
	"mqa": {
		"plena": {mh(16, 128, 4, 1, false), mh(64, 256, 8, 1, false), mh(10, 96, 6, 1, true), mh(100, 320, 10, 1, false), mh(256, 512, 8, 1, true)},
		"aie2":  {mh(16, 64, 4, 1, false), mh(32, 64, 4, 1, false), mh(10, 48, 6, 1, true), mh(24, 72, 6, 1, false), mh(40, 64, 8, 1, true)},
	},
	"decoder_llama": {
		"plena": {dec(16, 64, 2, 128), dec(32, 128, 4, 256), dec(10, 96, 3, 160), dec(64, 256, 4, 688), dec(128, 384, 6, 1024)},
		"aie2":  {dec(8, 32, 2, 64), dec(16, 32, 4, 96), dec(10, 40, 2, 72), dec(20, 48, 3, 80), dec(24, 48, 4, 64)},
	},
	"decoder_t5": {
		"plena": {dec(16, 64, 2, 128), dec(32, 128, 4, 256), dec(10, 96, 3, 160), dec(64, 256, 4, 512), dec(128, 384, 6, 1024)},
		"aie2":  {dec(8, 32, 2, 64), dec(16, 32, 4, 96), dec(10, 40, 2, 72), dec(20, 48, 3, 80), dec(24, 48, 4, 64)},
	},
}

// highmem lists the coral configurations laid out for coral-highmem.
var highmem = map[string]bool{
	"gemm/5": true, "bmm/5": true, "linear/5": true, "conv2d/5": true, "conv_block/5": true, "ffn/5": true, "swiglu/5": true,
}

// Configs returns the five configurations of a task on a target.
func Configs(target, task string) ([]Config, error) {
	t, err := Lookup(task)
	if err != nil {
		return nil, err
	}
	if err := CheckTarget(target); err != nil {
		return nil, err
	}
	if !t.Supports(target) {
		return nil, fmt.Errorf("task %s is not supported on %s (the paper's support matrix: %s)", t.ID, target, joinTargets(t.Targets))
	}
	rows := configTable[t.ID][target]
	out := make([]Config, NumConfigs)
	for i, p := range rows {
		p = withNumerics(target, t.ID, p)
		hw := target
		if ti := targetInfos[target]; ti.bigHW != "" && ti.fits != nil && !ti.fits(t.ID, i+1, p) {
			hw = ti.bigHW
		}
		out[i] = Config{Number: i + 1, HW: hw, Params: p, Note: configNotes[i]}
	}
	return out, nil
}

// LookupConfig returns configuration n (1..5) of a task on a target.
func LookupConfig(target, task string, n int) (Config, error) {
	cs, err := Configs(target, task)
	if err != nil {
		return Config{}, err
	}
	if n < 1 || n > NumConfigs {
		return Config{}, fmt.Errorf("configuration %d: want 1..%d", n, NumConfigs)
	}
	return cs[n-1], nil
}

func joinTargets(ts []string) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += t
	}
	return s
}

// withNumerics fills in the numeric parameters of a task's shapes.
func withNumerics(target, task string, p Params) Params {
	switch task {
	case "conv_block":
		p.Pool = 2
	case "gelu":
		p.GELU = "tanh"
	case "layernorm":
		p.Eps = 1e-5
	case "rmsnorm", "decoder_llama", "decoder_t5":
		p.Eps = 1e-6
	case "ffn":
		if a := targetInfos[target].ffnActivation; a != "" {
			p.Activation = a
		} else {
			p.Activation, p.GELU = "gelu", "tanh"
		}
	}
	switch task {
	case "sdpa", "flash_attention", "mha", "gqa", "mqa", "decoder_llama":
		p.Scale = 1 / math.Sqrt(float64(p.D))
	case "decoder_t5":
		p.Scale = 1
	}
	if task == "rope" || task == "decoder_llama" {
		p.RopeTheta = 10000
	}
	if targetInfos[target].intTasks != nil {
		p.Requant, p.Dequant = integerNumerics(task, p)
	}
	return p
}

// int8Std is the standard deviation of int8 inputs uniform on [-128, 127].
var int8Std = math.Sqrt((256.0*256.0 - 1) / 12)

// integerNumerics chooses coral's requantisation from the shapes alone
// (never from the data, so hidden inputs share it): the output's standard
// deviation is about 50 (a few percent saturate, exercising the clamp), mult is 16..31 so that
// |acc|*mult + 2^(shift-1) < 2^31 for every possible accumulator.
func integerNumerics(task string, p Params) ([]Requant, []float64) {
	rq := func(k int, inStd float64, zp int64) Requant {
		accStd := math.Sqrt(float64(k)) * inStd * int8Std * 1.2 // bias adds ~20%
		scale := 56 / accStd
		shift := uint(math.Floor(math.Log2(31 / scale)))
		mult := int64(math.Round(scale * math.Ldexp(1, int(shift))))
		return Requant{Mult: mult, Shift: shift, ZP: zp}
	}
	switch task {
	case "gemv", "gemm", "bmm", "linear":
		return []Requant{rq(p.K, int8Std, 3)}, nil
	case "conv2d", "conv_block":
		zp := int64(-5)
		if task == "conv_block" {
			zp = -20
		}
		return []Requant{rq(p.KH*p.KW*p.Cin, int8Std, zp)}, nil
	case "depthwise_conv":
		return []Requant{rq(p.KH*p.KW, int8Std, 2)}, nil
	case "ffn":
		// h is ReLU'd int8 with zp 0: its RMS is about 36.
		return []Requant{rq(p.DModel, int8Std, 0), rq(p.F, 36, -3)}, nil
	case "swiglu":
		s := 1.5 / (math.Sqrt(float64(p.DModel)) * int8Std * int8Std)
		return nil, []float64{s, s}
	}
	return nil, nil
}

// accBound is the largest |acc| an integer stage can reach: k products of
// int8 values plus an int32 bias of at most biasMax.
func accBound(k int, biasMax int64) int64 { return int64(k)*128*128 + biasMax }
