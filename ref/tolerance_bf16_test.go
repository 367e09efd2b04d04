package ref

import (
	"math"
	"strings"
	"testing"
)

// worstFraction is the largest |actual - expected| / (atol + rtol*|expected|)
// over an output, with actual rounded to bf16.
func worstFraction(tol Tol, expected, actual []float64) float64 {
	w := 0.0
	for i, e := range expected {
		w = max(w, math.Abs(RoundBF16(actual[i])-e)/(tol.ATol+tol.RTol*math.Abs(e)))
	}
	return w
}

// TestLargeLogitsToleranceAdmitsBF16: on attention cases with large
// logits, a reference that keeps every intermediate in bf16 (as PLENA's
// and aie2's kernels keep scores and probabilities) uses at most half of
// the case's tolerance (with fp32 sums, at most 0.55). The first case is
// the hidden case of plena mqa configuration 4 on which the baseline
// failed when every row of one head had large scores (two of one row, 56
// and 55, closer than bf16 holds them, so that the level's usual atol
// failed the bf16 reference and admitBF16 widened it; with one large
// score in one row and sharpened attention (shapeFloat) its atol is
// still widened, by 36%); the rest are a sweep of seeds over the
// attention cells.
func TestLargeLogitsToleranceAdmitsBF16(t *testing.T) {
	type cell struct {
		target, task string
		config       int
		seed         uint64
	}
	cells := []cell{{"plena", "mqa", 4, 2160354972865488565}}
	for _, task := range []string{"sdpa", "flash_attention", "mha", "gqa", "mqa", "decoder_llama", "decoder_t5"} {
		for _, tg := range []string{"plena", "aie2"} {
			for seed := uint64(1); seed <= 3; seed++ {
				cells = append(cells, cell{tg, task, 1 + int(seed)%3, seed})
			}
		}
	}
	for _, c := range cells {
		pl, err := newPlan(c.target, c.task, c.config)
		if err != nil {
			continue // not supported on this target
		}
		if !LargeLogits(c.task, pl.p) {
			continue
		}
		cs, tensors, err := Generate(c.target, c.task, c.config, c.seed, true)
		if err != nil {
			t.Fatal(err)
		}
		in := map[string]*Array{}
		var out TensorSpec
		for _, ts := range cs.Tensors {
			switch ts.Role {
			case RoleIn, RoleConst:
				if in[ts.Name], err = Decode(tensors[ts.Name], ts.DType); err != nil {
					t.Fatal(err)
				}
			case RoleOut:
				out = ts
			}
		}
		bf, err := bf16Reference(c.task, pl.p, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		expected, err := Decode(tensors[out.Name], out.DType)
		if err != nil {
			t.Fatal(err)
		}
		tol := cs.Tolerance[out.DType]
		name := c.target + "/" + c.task
		if w := worstFraction(tol, expected.Data, bf[out.Name].Data); w > 0.5+1e-9 {
			t.Errorf("%s config %d seed %d: the bf16 reference uses %.3f of the tolerance, want at most 0.5", name, c.config, c.seed, w)
		}
		// The kernel-like variant, sums in fp32 too (ExactSums is only
		// the cheap measure): the same within a few percent.
		p := pl.p
		p.Intermediate = "bfloat16"
		fp32Sums, err := Reference(c.task, p, in)
		if err != nil {
			t.Fatal(err)
		}
		if w := worstFraction(tol, expected.Data, fp32Sums[out.Name].Data); w > 0.55 {
			t.Errorf("%s config %d seed %d: the bf16 reference with fp32 sums uses %.3f of the tolerance, want at most 0.55", name, c.config, c.seed, w)
		}
	}
}

// TestSumsMemoSameBits: the main and bf16-intermediate references that
// share sums through a memo (as Generate runs them) give the bits each
// gives alone, on every attention task with large logits (causal and
// not), and the bf16 one takes every sum the main one left.
func TestSumsMemoSameBits(t *testing.T) {
	for _, task := range []string{"sdpa", "flash_attention", "mha", "gqa", "mqa", "decoder_llama", "decoder_t5"} {
		for config := 1; config <= 3; config++ {
			pl, err := newPlan("plena", task, config)
			if err != nil {
				t.Fatal(err)
			}
			if !LargeLogits(task, pl.p) {
				continue
			}
			cs, tensors, err := Generate("plena", task, config, DefaultSeed, false)
			if err != nil {
				t.Fatal(err)
			}
			in := map[string]*Array{}
			for _, ts := range cs.Tensors {
				if ts.Role == RoleIn || ts.Role == RoleConst {
					if in[ts.Name], err = Decode(tensors[ts.Name], ts.DType); err != nil {
						t.Fatal(err)
					}
				}
			}
			memo := newSumsMemo(in)
			main, err := reference(task, pl.p, in, memo)
			if err != nil {
				t.Fatal(err)
			}
			kept := len(memo.done)
			bf, err := bf16Reference(task, pl.p, in, memo)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(task, "decoder") && kept == 0 {
				t.Errorf("%s config %d: the reference left no sums to share", task, config)
			}
			if len(memo.done) != 0 {
				t.Errorf("%s config %d: %d of %d shared sums not taken", task, config, len(memo.done), kept)
			}
			mainAlone, _ := Reference(task, pl.p, in)
			bfAlone, _ := bf16Reference(task, pl.p, in, nil)
			for name, want := range mainAlone {
				for _, pair := range [][2][]float64{{main[name].Data, want.Data}, {bf[name].Data, bfAlone[name].Data}} {
					for i := range pair[1] {
						if math.Float64bits(pair[0][i]) != math.Float64bits(pair[1][i]) {
							t.Fatalf("%s config %d: %s[%d] = %v with the memo, %v without", task, config, name, i, pair[0][i], pair[1][i])
						}
					}
				}
			}
		}
	}
}
