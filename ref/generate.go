package ref

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/mx"
)

// DefaultSeed is the seed kc-ref gen uses when none is given.
const DefaultSeed = 1

// DefaultFill is the byte out and scratch regions hold before a run:
// 0xFF makes every float32 and bfloat16 element a NaN, so an output the
// kernel never wrote cannot pass by accident; int8 outputs read -1.
const DefaultFill = 0xFF

// streamSeed derives a PCG seed for one tensor. Hidden cases use another
// domain, so their inputs share nothing with the visible ones.
func streamSeed(seed uint64, hidden bool, target, task string, config int, tensor string) (uint64, uint64) {
	h := fnv.New64a()
	domain := "kernelcraft/ref/visible"
	if hidden {
		domain = "kernelcraft/ref/hidden"
	}
	fmt.Fprintf(h, "%s|%s|%s|%d|%s", domain, target, task, config, tensor)
	return h.Sum64(), seed ^ 0x9e3779b97f4a7c15
}

// plan is a case without its data: the task, configuration, hardware
// config and the tensor specs in the task's order (inputs and outputs,
// then aie2's tables, the target's constants and scratch), with the
// values of the tables and constants, which do not depend on the seed.
type plan struct {
	t       *Task
	target  string
	config  int
	p       Params
	hw      *isadefs.HW
	integer bool
	ti      targetInfo
	specs   []tspec      // the task's inputs and outputs
	tspecs  []TensorSpec // every tensor, unplaced
	fixed   map[string]*Array
}

func newPlan(target, task string, config int) (*plan, error) {
	t, err := Lookup(task)
	if err != nil {
		return nil, err
	}
	cfg, err := LookupConfig(target, t.ID, config)
	if err != nil {
		return nil, err
	}
	hw, err := isadefs.HWByName(cfg.HW)
	if err != nil {
		return nil, err
	}
	pl := &plan{t: t, target: target, config: config, p: cfg.Params, hw: hw, ti: targetInfos[target], fixed: map[string]*Array{}}
	pl.integer = pl.ti.intTasks[t.ID]
	pl.specs = tensorSpecs(t.ID, pl.p, pl.integer)
	if pl.integer {
		if err := checkRequant(t.ID, pl.p); err != nil {
			return nil, err
		}
	}
	for _, s := range pl.specs {
		pl.tspecs = append(pl.tspecs, TensorSpec{Name: s.name, Role: s.role, DType: dtypeOf(target, t.ID, s.kind), Shape: s.shape})
	}
	if pl.ti.consts != nil {
		for _, ct := range pl.ti.consts(t.ID, pl.p) {
			roundArray(ct.dtype, ct.values)
			pl.fixed[ct.name] = ct.values
			pl.tspecs = append(pl.tspecs, TensorSpec{Name: ct.name, Role: RoleConst, DType: ct.dtype, Shape: ct.values.Shape, Memory: ct.memory})
		}
	}
	if pl.ti.scratch != nil {
		if dt, n := pl.ti.scratch(t.ID, pl.p); n > 0 {
			pl.tspecs = append(pl.tspecs, TensorSpec{Name: "scratch", Role: RoleScratch, DType: dt, Shape: []int{n}})
		}
	} else if n := scratchElems(t.ID, pl.p); n > 0 && !pl.ti.noScratch {
		pl.tspecs = append(pl.tspecs, TensorSpec{Name: "scratch", Role: RoleScratch, DType: dtypeOf(target, t.ID, "scratch"), Shape: []int{n}})
	}
	return pl, nil
}

// place orders the tensors by the convention (inputs, consts, outputs,
// scratch; with an argument table where the registers do not suffice)
// and gives them their addresses and layouts.
func (pl *plan) place() ([]TensorSpec, error) {
	ordered := orderSpecs(pl.tspecs)
	var main int
	for _, s := range ordered {
		if s.Role != RoleScratch || pl.ti.scratchMem == "" {
			main++
		}
	}
	if len(pl.ti.regs) > 0 && main > len(pl.ti.regs) {
		ordered = append([]TensorSpec{{Name: "args", Role: RoleConst, DType: "uint32", Shape: []int{len(ordered)}}}, ordered...)
	}
	placed, err := layout(pl.target, pl.hw, ordered)
	if err != nil {
		return nil, fmt.Errorf("%s %s config %d: %w", pl.target, pl.t.ID, pl.config, err)
	}
	for i := range placed {
		if placed[i].Role != RoleScratch {
			placed[i].File = placed[i].Name + ".npy"
		}
	}
	return placed, nil
}

// newCase is the case of a plan's placed tensors, without tolerances.
func (pl *plan) newCase(placed []TensorSpec, seed uint64, hidden bool) *Case {
	return &Case{
		Format: CaseFormat, Target: pl.target, HW: pl.hw.Name, Task: pl.t.ID, Level: pl.t.Level, Config: pl.config,
		Seed: seed, Hidden: hidden, Params: paramsMap(pl.p), Fill: DefaultFill,
		Tolerance: map[string]Tol{}, Tensors: placed, Convention: convention(pl.target, pl.hw, placed),
	}
}

// CaseLayout is a case's layout without its data, for writing kernels (the
// baselines' generators): what Generate gives for any seed (visible),
// tensors, addresses, layouts, convention and params alike, but with no
// inputs drawn, no expected outputs computed, no tolerances and no task
// text.
func CaseLayout(target, task string, config int) (*Case, error) {
	pl, err := newPlan(target, task, config)
	if err != nil {
		return nil, err
	}
	placed, err := pl.place()
	if err != nil {
		return nil, err
	}
	return pl.newCase(placed, DefaultSeed, false), nil
}

// Generate builds a case: the configuration's params, inputs from the
// seed, the expected outputs and the memory layout. The tensors are keyed
// by name (inputs, consts and expected outputs; scratch has none).
func Generate(target, task string, config int, seed uint64, hidden bool) (*Case, map[string]*sim.Tensor, error) {
	pl, err := newPlan(target, task, config)
	if err != nil {
		return nil, nil, err
	}
	t, p, integer := pl.t, pl.p, pl.integer
	arrays := map[string]*Array{}
	stable := map[string]bool{} // rounding it again would change nothing
	// The inputs' encodings, made as they are drawn and rounded (while
	// they are in the cache); an input rounded or changed again after
	// that loses its own.
	encoded := map[string][]byte{}
	for i, s := range pl.specs {
		if s.role != RoleOut {
			rng := rand.New(rand.NewPCG(streamSeed(seed, hidden, target, t.ID, config, s.name)))
			dt := pl.tspecs[i].DType
			d, err := simDType(dt)
			if err != nil {
				return nil, nil, err
			}
			size := d.Size
			_, c := rowsCols(s.shape)
			buf := make([]byte, size*prod(s.shape))
			st := true
			a := genInput(t.ID, s, p, rng, integer, func(a *Array, lo, hi int) {
				// Whole rows: MX blocks are rounded whole.
				xs := a.Data[lo:hi]
				if isMX(dt) {
					if !mx.QuantiseEncode(xs, c, buf[lo*size:hi*size]) {
						st = false
					}
					return
				}
				if !roundArrayStable(dt, &Array{Shape: []int{hi - lo, c}, Data: xs}) {
					st = false
				}
				if err == nil {
					err = encodeValues(buf[lo*size:hi*size], xs, dt)
				}
			})
			if err != nil {
				return nil, nil, err
			}
			stable[s.name] = st
			arrays[s.name] = a
			encoded[s.name] = buf
		}
	}
	shapeRNG := rand.New(rand.NewPCG(streamSeed(seed, hidden, target, t.ID, config, "shape")))
	if integer && len(p.Requant) > 0 {
		shapeInteger(t.ID, p, arrays, shapeRNG)
		clear(encoded)
	} else if !integer {
		changed := shapeFloat(t.ID, p, arrays, shapeRNG)
		// Every input is rounded again (the shaped ones need it); for one
		// that is stable and unchanged that is the identity, skipped.
		for _, s := range pl.tspecs[:len(pl.specs)] {
			if a := arrays[s.Name]; a != nil && (!stable[s.Name] || slices.Contains(changed, s.Name)) {
				roundArray(s.DType, a)
				delete(encoded, s.Name)
			}
		}
	}
	for k, v := range pl.fixed {
		arrays[k] = v
	}
	refIn := map[string]*Array{}
	for k, v := range arrays {
		refIn[k] = v
	}
	// The bf16-intermediate reference, where a tolerance needs it, takes
	// the sums it has in common with the reference from a memo.
	bf16 := !integer && LargeLogits(t.ID, p)
	var memo *sumsMemo
	if bf16 {
		memo = newSumsMemo(refIn)
	}
	stats := &refStats{maxScore: math.Inf(-1)}
	outs, err := referenceStats(t.ID, p, refIn, memo, stats)
	if err != nil {
		return nil, nil, err
	}
	var bf16Outs map[string]*Array
	if bf16 {
		if bf16Outs, err = bf16Reference(t.ID, p, refIn, memo); err != nil {
			return nil, nil, err
		}
	}

	placed, err := pl.place()
	if err != nil {
		return nil, nil, err
	}
	c := pl.newCase(placed, seed, hidden)
	tensors := map[string]*sim.Tensor{}
	for i := range placed {
		s := &placed[i]
		if s.Role == RoleScratch {
			continue
		}
		var a *Array
		switch {
		case s.Name == "args":
			a = NewArray(len(placed) - 1)
			for j, o := range placed[1:] {
				a.Data[j] = float64(o.Addr)
			}
		case s.Role == RoleOut:
			a = outs[s.Name]
			if s.DType == "bfloat16" && prod(a.Shape) == prod(s.Shape) {
				// Rounded and encoded in one pass.
				buf := make([]byte, 2*len(a.Data))
				roundEncodeBF16(a.Data, buf)
				encoded[s.Name] = buf
			} else {
				roundValues(s.DType, a.Data)
			}
			tol := Tolerance(t.ID, s.DType, t.Level, integer, a)
			if bf := bf16Outs[s.Name]; bf != nil && s.DType == "bfloat16" {
				tol = admitBF16(tol, a, bf)
			}
			c.Tolerance[s.DType] = tol
		default:
			a = arrays[s.Name]
		}
		if prod(a.Shape) != prod(s.Shape) {
			return nil, nil, fmt.Errorf("internal: %s has %d values for shape %v", s.Name, a.Len(), s.Shape)
		}
		a.Shape = s.Shape
		if buf := encoded[s.Name]; buf != nil && pl.fixed[s.Name] == nil {
			d, err := simDType(s.DType)
			if err != nil {
				return nil, nil, err
			}
			tensors[s.Name] = &sim.Tensor{DType: d, Shape: append([]int(nil), s.Shape...), Data: buf}
			continue
		}
		tt, err := Encode(a, s.DType)
		if err != nil {
			return nil, nil, err
		}
		tensors[s.Name] = tt
	}
	c.Traps = traps(target, t.ID, p, refIn, outs[outName(pl.specs)], stats, integer)
	c.Inputs = inputRanges(c.Tensors, refIn)
	c.Description = Describe(c)
	// The inputs are encoded: their buffers go back for the next case's.
	for _, s := range pl.specs {
		if a := arrays[s.name]; s.role != RoleOut && pl.fixed[s.name] == nil && a != nil {
			putFloats(a.Data)
		}
	}
	return c, tensors, nil
}

// floatPools recycle the buffers of Generate's inputs by size class
// (capacity 2^i in floatPools[i]): genInput writes every element, so a
// recycled buffer needs no zeroing, which a large new one costs with its
// page faults.
var floatPools [64]sync.Pool

// minPooled is the smallest buffer floatPools keep (smaller ones are
// cheap to make).
const minPooled = 1 << 12

// getFloats returns a slice of n float64s, recycled (any contents) or new
// (zeros).
func getFloats(n int) []float64 {
	if n < minPooled {
		return make([]float64, n)
	}
	c := bits.Len(uint(n - 1)) // 2^c >= n
	if p, ok := floatPools[c].Get().(*[]float64); ok {
		return (*p)[:n]
	}
	return make([]float64, n, 1<<c)
}

// putFloats gives a buffer getFloats made back for reuse: the caller
// keeps no reference to it.
func putFloats(s []float64) {
	c := cap(s)
	if c < minPooled || c&(c-1) != 0 {
		return // not a size class's
	}
	s = s[:0]
	floatPools[bits.Len(uint(c-1))].Put(&s)
}

// bf16Reference is the ground truth computed as a bf16 kernel stores it:
// every stored intermediate rounded to bf16 (sums exact: ExactSums),
// with the sums memo holds (nil: none).
func bf16Reference(task string, p Params, in map[string]*Array, memo *sumsMemo) (map[string]*Array, error) {
	p.Intermediate, p.ExactSums = "bfloat16", true
	return reference(task, p, in, memo)
}

// admitBF16 widens a bf16 output's atol, when it must, so that the
// bf16-intermediate reference bf stays within half of it: the case's own
// measure of what keeping scores and probabilities in bf16 costs (PLENA
// keeps them in bf16 Vector SRAM rows). Generate asks it for attention
// with large logits (LargeLogits), where the level's usual atol is not
// always enough: a row whose two largest scores, up to 150, are a few
// units apart (bf16 holds such a score to 0.25-0.5, which moves the
// pair's probabilities by up to 25%) failed a correct bf16 kernel (plena
// mqa configuration 4, 1 seed in 13), and flash_attention configuration
// 5's bf16 reference used more than half of the atol in 10 of 30 seeds.
// expected holds the outputs already rounded to their dtype.
func admitBF16(tol Tol, expected, bf *Array) Tol {
	// |bf - e| <= (atol + rtol*|e|) / 2 for every element.
	atol := 0.0
	for i, e := range expected.Data {
		atol = max(atol, 2*math.Abs(RoundBF16(bf.Data[i])-e)-tol.RTol*math.Abs(e))
	}
	if atol <= tol.ATol {
		return tol
	}
	tol.Why += fmt.Sprintf(" On this case the atol is %.3g instead of %.3g, so that a reference that keeps every intermediate in bf16 stays within half of the tolerance (bf16 rounding of its attention scores, some large or close together, moves its probabilities).", atol, tol.ATol)
	tol.ATol = atol
	return tol
}

// roundArray rounds an array's values to a dtype: element by element, or
// block by block for an MX dtype.
func roundArray(dtype string, a *Array) { roundArrayStable(dtype, a) }

// roundArrayStable is roundArray, reporting whether rounding the result
// again is certain to leave it as it is (rounding to nearest is
// idempotent; MX quantisation is unless quantiseMX says otherwise).
func roundArrayStable(dtype string, a *Array) bool {
	roundValues(dtype, a.Data)
	if isMX(dtype) {
		return quantiseMX(a)
	}
	return true
}

// roundValues is RoundTo(dtype, x) for every x of xs, in place, with the
// dtype looked at once.
func roundValues(dtype string, xs []float64) {
	switch dtype {
	case "float64", "", MXFP8:
		// RoundTo leaves the values as they are.
	case "bfloat16":
		for i, v := range xs {
			if r, ok := roundBF16Fast(math.Float64bits(v)); ok {
				xs[i] = math.Float64frombits(r)
			} else {
				xs[i] = roundBF16Slow(v)
			}
		}
	case "float32":
		for i, v := range xs {
			xs[i] = RoundF32(v)
		}
	default:
		for i, v := range xs {
			xs[i] = RoundTo(dtype, v)
		}
	}
}

// orderSpecs sorts tensors by role (in, const, out, scratch), keeping the
// task's order within a role.
func orderSpecs(s []TensorSpec) []TensorSpec {
	var out []TensorSpec
	for _, role := range []string{RoleIn, RoleConst, RoleOut, RoleScratch} {
		for _, t := range s {
			if t.Role == role {
				out = append(out, t)
			}
		}
	}
	return out
}

// checkRequant verifies that no integer stage can overflow int32.
func checkRequant(task string, p Params) error {
	ks := map[string][]int{
		"gemv": {p.K}, "gemm": {p.K}, "bmm": {p.K}, "linear": {p.K},
		"conv2d": {p.KH * p.KW * p.Cin}, "conv_block": {p.KH * p.KW * p.Cin}, "depthwise_conv": {p.KH * p.KW},
		"ffn": {p.DModel, p.F},
	}[task]
	for i, k := range ks {
		r := p.Requant[i]
		b := accBound(k, biasMax(k))
		if b*r.Mult+int64(1)<<(r.Shift-1) >= 1<<31 {
			return fmt.Errorf("internal: %s requant stage %d can overflow int32 (|acc| <= %d, mult %d)", task, i, b, r.Mult)
		}
	}
	return nil
}

// biasMax bounds the int32 biases of an integer stage with k products.
func biasMax(k int) int64 { return int64(math.Sqrt(float64(k)) * int8Std * int8Std / 2) }

// genInput draws one input tensor with a distribution that exercises the
// task (values are rounded to the dtype by the caller).
//
// When drawn is not nil it is called with consecutive ranges [lo, hi) of
// the elements, covering them all in order, each once its elements are
// drawn and before the next are: ranges of whole rows (of the last
// dimension), so that the caller can round and encode them while they
// are in the cache.
func genInput(task string, s tspec, p Params, rng *rand.Rand, integer bool, drawn func(a *Array, lo, hi int)) *Array {
	// A recycled buffer: every branch of genValues writes every element
	// (TestGenInputWritesAll).
	a := &Array{Shape: append([]int(nil), s.shape...), Data: getFloats(sim.Elems(s.shape))}
	done := 0 // the elements given to drawn
	flush := func(hi int) {
		if drawn != nil && hi > done {
			drawn(a, done, hi)
			done = hi
		}
	}
	genValues(task, s, p, rng, integer, a, flush)
	flush(len(a.Data))
	return a
}

// drawChunk is the number of elements genValues draws before it hands
// them on (about 32 KiB of float64s, whole rows of c elements).
func drawChunk(c int) int { return max(1, 4096/max(c, 1)) * max(c, 1) }

// genValues is genInput's drawing into a; flush(hi) says that the
// elements before hi are drawn.
func genValues(task string, s tspec, p Params, rng *rand.Rand, integer bool, a *Array, flush func(hi int)) {
	norm := func(std float64) {
		_, c := rowsCols(s.shape)
		step := drawChunk(c)
		for lo := 0; lo < len(a.Data); lo += step {
			xs := a.Data[lo:min(len(a.Data), lo+step)]
			for i := range xs {
				xs[i] = rng.NormFloat64() * std
			}
			flush(lo + len(xs))
		}
	}
	fanIn := func() float64 {
		if len(s.shape) == 4 { // conv weights [KH, KW, Cin, Cout]
			return float64(s.shape[0] * s.shape[1] * s.shape[2])
		}
		if len(s.shape) == 3 { // depthwise [KH, KW, C]
			return float64(s.shape[0] * s.shape[1])
		}
		if s.name == "w" && task == "linear" {
			return float64(s.shape[1])
		}
		return float64(s.shape[0])
	}
	if integer && s.kind == "data" {
		for i := range a.Data {
			a.Data[i] = float64(rng.IntN(256) - 128)
		}
		return
	}
	if integer && s.kind == "bias" {
		k := map[string]int{"linear": p.K, "conv2d": p.KH * p.KW * p.Cin, "conv_block": p.KH * p.KW * p.Cin,
			"depthwise_conv": p.KH * p.KW, "ffn": p.DModel}[task]
		if s.name == "b2" {
			k = p.F
		}
		b := biasMax(k)
		for i := range a.Data {
			a.Data[i] = float64(rng.Int64N(2*b+1) - b)
		}
		return
	}
	switch {
	case s.name == "cos" || s.name == "sin":
		half := p.D / 2
		freq := make([]float64, half) // theta^(-2i/D), the same for every position
		for i := range freq {
			freq[i] = math.Pow(p.RopeTheta, -2*float64(i)/float64(p.D))
		}
		for t := 0; t < p.S; t++ {
			for i := 0; i < half; i++ {
				ang := float64(t) * freq[i]
				if s.name == "cos" {
					a.Data[t*half+i] = math.Cos(ang)
				} else {
					a.Data[t*half+i] = math.Sin(ang)
				}
			}
		}
	case s.name == "pos_bias":
		t5Bias(a, p, rng)
	case s.name == "gamma" || s.name == "g1" || s.name == "g2":
		for i := range a.Data {
			a.Data[i] = 0.5 + rng.Float64()
		}
	case s.name == "beta":
		norm(0.5)
	case s.kind == "bias" && task == "conv_block":
		// A bias of the size of the convolution's outputs: ReLU and the
		// max-pool keep only part of a bias's effect, and a kernel that
		// leaves it out must still miss by 10x.
		norm(1)
	case s.kind == "bias":
		norm(0.5)
	case task == "silu" || task == "gelu":
		for i := range a.Data {
			if rng.IntN(8) == 0 {
				a.Data[i] = -8 + float64(16*rng.Float64())
			} else {
				a.Data[i] = rng.NormFloat64() * 2.5
			}
		}
	case task == "softmax":
		offsets := []float64{0, 95, -60, 40}
		scales := []float64{0.5, 2, 8, 20}
		for r := 0; r < p.M; r++ {
			off, sc := offsets[r%4], scales[(r/4+r)%4]
			for j := 0; j < p.N; j++ {
				a.Data[r*p.N+j] = off + float64(sc*rng.NormFloat64())
			}
		}
	case task == "layernorm" || task == "rmsnorm":
		stds := []float64{0.5, 1, 3, 0.1}
		for r := 0; r < p.M; r++ {
			mean, std := -5+float64(10*rng.Float64()), stds[r%4]
			if task == "rmsnorm" {
				mean = 0
			}
			if r == 1 { // variance comparable to eps
				mean, std = 0.01, 3e-3
				if task == "rmsnorm" {
					mean, std = 0, 1e-3
				}
			}
			for j := 0; j < p.N; j++ {
				a.Data[r*p.N+j] = mean + float64(std*rng.NormFloat64()) // float64(): no FMA, same bits everywhere
			}
		}
	case task == "decoder_t5" && s.name == "wq":
		// T5 does not scale its scores by 1/sqrt(head_dim): its query
		// weights carry the factor (T5's initialisation, std
		// (d_model*d_kv)^-1/2), so scores have unit scale.
		norm(1 / math.Sqrt(fanIn()*float64(p.D)))
	case s.name[0] == 'w':
		norm(1 / math.Sqrt(fanIn()))
	default:
		norm(1)
	}
}

// t5Bias fills bias[h, i, j] = table[h][bucket(j - i)] (T5's
// unidirectional relative-position buckets: 32 buckets, max distance 128)
// with a random table.
func t5Bias(a *Array, p Params, rng *rand.Rand) {
	const buckets, maxDist = 32, 128
	table := make([]float64, p.H*buckets)
	for i := range table {
		table[i] = 3 * rng.NormFloat64() // learned T5 biases span several units: a kernel that drops them misses
	}
	bucket := func(rel int) int {
		n := max(-rel, 0)
		exact := buckets / 2
		if n < exact {
			return n
		}
		b := exact + int(math.Log(float64(n)/float64(exact))/math.Log(float64(maxDist)/float64(exact))*float64(buckets-exact))
		return min(b, buckets-1)
	}
	for h := 0; h < p.H; h++ {
		for i := 0; i < p.S; i++ {
			for j := 0; j < p.S; j++ {
				a.Data[(h*p.S+i)*p.S+j] = table[h*buckets+bucket(j-i)]
			}
		}
	}
}

type namedTable struct {
	name   string
	values *Array
}

// aie2Consts are aie2's consts: its lookup tables as bfloat16 constants
// (the target has no exp, divide or square root).
func aie2Consts(task string, _ Params) []constTensor {
	var cs []constTensor
	for _, tb := range aie2Tables(task) {
		cs = append(cs, constTensor{name: tb.name, dtype: "bfloat16", values: tb.values})
	}
	return cs
}

// aie2Tables are the lookup tables an aie2 case of the task carries, as
// bfloat16 values:
//
//	exp_hi[i] = exp(int8(i))            (i = 0..255 read as a signed byte)
//	exp_lo[i] = exp(i/256)
//	  exp(x) ~ exp_hi[t>>8 & 255] * exp_lo[t & 255] with t = round(x*256) as int16
//	recip_lut[i] = 1/(1 + (i+0.5)/128)  (i = the top 7 mantissa bits of m in [1,2))
//	rsqrt_lut[e<<7 | i] = 1/sqrt((1 + (i+0.5)/128) * 2^e), e = exponent parity (0, 1)
func aie2Tables(task string) []namedTable {
	var out []namedTable
	mk := func(name string, n int, f func(i int) float64) {
		a := NewArray(n)
		for i := range a.Data {
			a.Data[i] = RoundBF16(f(i))
		}
		out = append(out, namedTable{name, a})
	}
	if usesExp[task] {
		mk("exp_hi", 256, func(i int) float64 { return math.Exp(float64(int8(uint8(i)))) })
		mk("exp_lo", 256, func(i int) float64 { return math.Exp(float64(i) / 256) })
	}
	if usesRecip[task] {
		mk("recip_lut", 128, func(i int) float64 { return 1 / (1 + (float64(i)+0.5)/128) })
		mk("rsqrt_lut", 256, func(i int) float64 {
			m := (1 + (float64(i&127)+0.5)/128) * float64(int(1)<<(i>>7))
			return 1 / math.Sqrt(m)
		})
	}
	return out
}
