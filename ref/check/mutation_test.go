package check

import (
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

var update = flag.Bool("update", false, "rewrite the golden diagnoses in testdata/golden")

// mcase is one generated case under mutation.
type mcase struct {
	c       *ref.Case
	tensors map[string]*sim.Tensor // inputs, consts, expected outputs
	p       ref.Params
	out     ref.TensorSpec // the (first) output
	e       []float64      // its expected values
	vElem   int
}

func loadMCase(t testing.TB, target, task string, config int) *mcase {
	t.Helper()
	c, tensors, err := ref.Generate(target, task, config, ref.DefaultSeed, false)
	if err != nil {
		t.Fatalf("%s %s %d: %v", target, task, config, err)
	}
	p, err := ref.ParamsOf(c)
	if err != nil {
		t.Fatal(err)
	}
	m := &mcase{c: c, tensors: tensors, p: p}
	for _, ts := range c.Tensors {
		if ts.Role == ref.RoleOut {
			m.out = ts
			break
		}
	}
	a, err := ref.Decode(tensors[m.out.Name], m.out.DType)
	if err != nil {
		t.Fatal(err)
	}
	m.e = a.Data
	dt, _ := lookupElemType(m.out.DType)
	m.vElem, _ = vectorElems(c, dt)
	return m
}

func (m *mcase) isInt() bool { dt, _ := lookupElemType(m.out.DType); return dt.isInt }

// enc encodes output values (rounded to the output dtype).
func (m *mcase) enc(t testing.TB, vals []float64) *sim.Tensor {
	t.Helper()
	x, err := ref.Encode(&ref.Array{Shape: slices.Clone(m.out.Shape), Data: vals}, m.out.DType)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func (m *mcase) outBytes() uint64 {
	sp := m.out.Spans()[0] // the output's elements, padding included
	return sp.End - sp.Start
}

// okWritten is what a correct kernel writes: its output.
func (m *mcase) okWritten() []sim.Range {
	return []sim.Range{{Start: m.out.Addr, End: m.out.Addr + m.outBytes()}}
}

// successHalt is the simulator halt kind a case's convention asks for
// (pause for a case that names none).
func successHalt(c *ref.Case) string {
	if k, ok := RequiredHalt(c.Convention.Halt); ok {
		return k
	}
	return "pause"
}

// inputs splits the case's tensors into expected outputs and inputs.
func (m *mcase) split() (exp, in map[string]*sim.Tensor) {
	exp, in = map[string]*sim.Tensor{}, map[string]*sim.Tensor{}
	for _, ts := range m.c.Tensors {
		if x := m.tensors[ts.Name]; x != nil {
			if ts.Role == ref.RoleOut {
				exp[ts.Name] = x
			} else {
				in[ts.Name] = x
			}
		}
	}
	return exp, in
}

func (m *mcase) check(actual *sim.Tensor, written []sim.Range) Verdict {
	exp, in := m.split()
	res := &Result{Outputs: map[string]*sim.Tensor{m.out.Name: actual}, Written: written, WrittenKnown: true, Halt: successHalt(m.c), HaltOK: true}
	return Check(m.c, exp, in, res)
}

// reference recomputes the output with changed params (and inputs).
func (m *mcase) reference(t testing.TB, p ref.Params, in map[string]*ref.Array) []float64 {
	t.Helper()
	if in == nil {
		in = m.inputArrays(t)
	}
	outs, err := ref.Reference(m.c.Task, p, in)
	if err != nil {
		t.Fatal(err)
	}
	y := outs[m.out.Name]
	if y == nil {
		t.Fatalf("reference has no output %s", m.out.Name)
	}
	vals := slices.Clone(y.Data)
	for i, v := range vals {
		vals[i] = ref.RoundTo(m.out.DType, v)
	}
	return vals
}

func (m *mcase) inputArrays(t testing.TB) map[string]*ref.Array {
	t.Helper()
	in := map[string]*ref.Array{}
	for _, ts := range m.c.Tensors {
		if ts.Role == ref.RoleOut || m.tensors[ts.Name] == nil {
			continue
		}
		a, err := ref.Decode(m.tensors[ts.Name], ts.DType)
		if err != nil {
			t.Fatal(err)
		}
		in[ts.Name] = a
	}
	return in
}

// differs reports whether vals differ from the expected output beyond
// the case's tolerance somewhere (a mutation that does not is not a
// wrong result and is skipped).
func (m *mcase) differs(vals []float64) bool {
	dt, _ := lookupElemType(m.out.DType)
	cmp := comparer{dt, toleranceFor(m.c, dt.name)}
	for i := range vals {
		if !cmp.ok(vals[i], m.e[i]) {
			return true
		}
	}
	return false
}

// A mutation makes a wrong (or, for wantPass, a correct) result from a
// case. It returns nil when it does not apply to the case.
type mutation struct {
	name     string
	want     []string // the verdict must hold one of these pattern kinds
	text     string   // and its text this (the numbers of the diagnosis)
	wantPass bool
	// harsh marks a correct-result variant harsher than the tasks allow
	// (bf16 rounding of every accumulation step): its failures are
	// logged, not errors.
	harsh bool
	make  func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range)
}

func cols(m *mcase) int { return m.out.Shape[len(m.out.Shape)-1] }

// genericMutations apply to every task.
var genericMutations = []mutation{
	{name: "untouched", text: "still holds the fill byte 0xff", want: []string{PatUntouched}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		x := m.enc(t, m.e)
		for i := range x.Data {
			x.Data[i] = m.c.Fill
		}
		return x, []sim.Range{}
	}},
	{name: "zeros", want: []string{PatZeros}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		return m.enc(t, make([]float64, len(m.e))), m.okWritten()
	}},
	{name: "nan", want: []string{PatNonFinite}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if m.isInt() {
			return nil, nil
		}
		a := slices.Clone(m.e)
		a[len(a)/3] = math.NaN()
		a[len(a)-1] = math.Inf(1)
		return m.enc(t, a), m.okWritten()
	}},
	{name: "scaled", text: "actual ≈ 0.5 (= 1/2^1) × expected", want: []string{PatScaled}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		a := slices.Clone(m.e)
		for i := range a {
			a[i] *= 0.5
		}
		return m.enc(t, a), m.okWritten()
	}},
	{name: "shifted", text: "shifted by 1 element: actual[i] = expected[i-1]", want: []string{PatShifted}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		a := slices.Clone(m.e)
		copy(a[1:], m.e)
		return m.enc(t, a), m.okWritten()
	}},
	{name: "transposed", want: []string{PatTransposed}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		sh := m.out.Shape
		if len(sh) < 2 || sh[len(sh)-1] < 2 || sh[len(sh)-2] < 2 {
			return nil, nil
		}
		r, c := sh[len(sh)-2], sh[len(sh)-1]
		a := slices.Clone(m.e)
		for f := range a {
			b, rem := f/(r*c), f%(r*c)
			i, j := rem/c, rem%c
			a[b*r*c+j*r+i] = m.e[f]
		}
		return m.enc(t, a), m.okWritten()
	}},
	{name: "tail", text: "per register", want: []string{PatTail}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		c := cols(m)
		body := c / m.vElem * m.vElem
		if m.vElem == 0 || body == c || body == 0 {
			return nil, nil
		}
		a := slices.Clone(m.e)
		for i := range a {
			if i%c >= body {
				a[i] = -a[i] + 1 // wrong whatever the value
			}
		}
		return m.enc(t, a), m.okWritten()
	}},
	{name: "first-tile", want: []string{PatFirstTile, PatRepeated}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		// The first tile is right and repeats: the pointers do not advance.
		n, c := len(m.e), cols(m)
		tile := max(m.vElem, c*max(1, n/c/4))
		if tile >= n/2 {
			tile = max(m.vElem, 4)
		}
		if tile >= n/2 {
			return nil, nil
		}
		a := slices.Clone(m.e)
		for i := tile; i < n; i++ {
			a[i] = a[i-tile]
		}
		return m.enc(t, a), m.okWritten()
	}},
	{name: "copy-input", text: "equal input '", want: []string{PatCopy}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		for _, ts := range m.c.Tensors {
			if ts.Role != ref.RoleIn || m.tensors[ts.Name] == nil {
				continue
			}
			x, err := ref.Decode(m.tensors[ts.Name], ts.DType)
			if err != nil {
				t.Fatal(err)
			}
			a := slices.Clone(m.e)
			copy(a, x.Data)
			return m.enc(t, a), m.okWritten()
		}
		return nil, nil
	}},
	{name: "single", want: []string{PatIsolated}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		a := slices.Clone(m.e)
		i := len(a) / 2
		switch {
		case m.isInt() && a[i] > 0:
			a[i] -= 9
		case m.isInt():
			a[i] += 9
		case a[i] >= 0:
			a[i] = 2*a[i] + 1
		default:
			a[i] = 2*a[i] - 1
		}
		if x := m.enc(t, a[i:i+1]); x.Data[0] == m.c.Fill { // not the fill pattern
			a[i]++
		}
		return m.enc(t, a), m.okWritten()
	}},
	{name: "clobber-input", text: "wrote into input", want: []string{PatClobber}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		for _, ts := range m.c.Tensors {
			if ts.Role == ref.RoleIn {
				return m.enc(t, m.e), append(m.okWritten(), sim.Range{Start: ts.Addr / 16 * 16, End: ts.Addr/16*16 + 16})
			}
		}
		return nil, nil
	}},
}

// taskMutations are the small systematic errors, and correct results
// computed another way, for the tasks they apply to.
var taskMutations = []mutation{
	// In a decoder the tiny-rms token is the first, which every later
	// token attends to: a wrong epsilon there changes every row.
	{name: "eps", want: []string{PatSystematic, PatRows, PatIsolated, PatUnrelated}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if m.p.Eps == 0 {
			return nil, nil
		}
		p := m.p
		p.Eps = 1e-2 // a wrong epsilon (the variance-sized row shows it)
		return m.mutated(t, p, nil)
	}},
	{name: "no-max-subtract", want: []string{PatNonFinite}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if !usesSoftmax(m.c.Task) {
			return nil, nil
		}
		p := m.p
		p.NoMaxSubtract = true
		p.Intermediate = "float32" // exp overflows in float32 above 88.7
		return m.mutated(t, p, nil)
	}},
	{name: "no-max-subtract-large", want: []string{PatNonFinite}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		// Attention scores of the generated cases stay far below 88.7:
		// scale the first input until they do not, then drop the max
		// subtraction. m becomes that case (its expected output too).
		if !usesSoftmax(m.c.Task) || m.c.Task == "softmax" {
			return nil, nil
		}
		p := m.p
		p.NoMaxSubtract = true
		p.Intermediate = "float32"
		for scale := 4.0; scale <= 64; scale *= 2 {
			in := m.inputArrays(t)
			first := m.c.Tensors[0]
			if first.Role != ref.RoleIn {
				return nil, nil
			}
			x := in[first.Name].Clone()
			for i := range x.Data {
				x.Data[i] *= scale
			}
			in[first.Name] = x
			right := m.reference(t, m.p, in)
			wrong := m.reference(t, p, in)
			if !slices.ContainsFunc(wrong, nonFinite) || slices.ContainsFunc(right, nonFinite) {
				continue
			}
			enc, err := ref.Encode(x, first.DType)
			if err != nil {
				t.Fatal(err)
			}
			m.tensors = maps.Clone(m.tensors)
			m.tensors[first.Name] = enc
			m.e = right
			m.tensors[m.out.Name] = m.enc(t, right)
			return m.enc(t, wrong), m.okWritten()
		}
		return nil, nil
	}},
	{name: "mask-off-by-one", want: []string{PatRows}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if !m.p.Causal {
			return nil, nil
		}
		p := m.p
		p.MaskShift = 1
		return m.mutated(t, p, nil)
	}},
	{name: "gelu-variant", want: []string{PatSystematic}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if m.p.GELU == "" && m.p.Activation != "gelu" || m.isInt() {
			return nil, nil
		}
		p := m.p
		p.GELU = map[string]string{"tanh": "erf", "": "erf", "erf": "tanh"}[p.GELU]
		return m.mutated(t, p, nil)
	}},
	{name: "requant-scale", want: []string{PatScaled, PatAffine}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if len(m.p.Requant) == 0 || !m.isInt() {
			return nil, nil
		}
		p := m.p
		p.Requant = slices.Clone(p.Requant)
		last := len(p.Requant) - 1
		p.Requant[last].Shift++ // half the multiplier
		return m.mutated(t, p, nil)
	}},
	{name: "requant-zero-point", want: []string{PatOffset, PatAffine}, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if len(m.p.Requant) == 0 || !m.isInt() {
			return nil, nil
		}
		p := m.p
		p.Requant = slices.Clone(p.Requant)
		p.Requant[len(p.Requant)-1].ZP += 3
		return m.mutated(t, p, nil)
	}},
	{name: "float32-intermediates", wantPass: true, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if m.isInt() {
			return nil, nil
		}
		p := m.p
		p.Intermediate = "float32"
		return m.enc(t, m.reference(t, p, nil)), m.okWritten()
	}},
	{name: "bf16-intermediates", wantPass: true, harsh: true, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		if m.out.DType != "bfloat16" {
			return nil, nil
		}
		p := m.p
		p.Intermediate = "bfloat16"
		return m.enc(t, m.reference(t, p, nil)), m.okWritten()
	}},
	{name: "lut-exp", wantPass: true, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		vals := lutReference(t, m)
		if vals == nil {
			return nil, nil
		}
		return m.enc(t, vals), m.okWritten()
	}},
	{name: "poly-exp", wantPass: true, make: func(t testing.TB, m *mcase) (*sim.Tensor, []sim.Range) {
		vals := polyReference(t, m)
		if vals == nil {
			return nil, nil
		}
		return m.enc(t, vals), m.okWritten()
	}},
}

// mutated is the output of the reference with changed params, or nil
// when it equals the expected output within tolerance.
func (m *mcase) mutated(t testing.TB, p ref.Params, in map[string]*ref.Array) (*sim.Tensor, []sim.Range) {
	vals := m.reference(t, p, in)
	if !m.differs(vals) {
		return nil, nil
	}
	return m.enc(t, vals), m.okWritten()
}

func usesSoftmax(task string) bool {
	switch task {
	case "softmax", "sdpa", "flash_attention", "mha", "gqa", "mqa", "decoder_llama", "decoder_t5":
		return true
	}
	return false
}

// polyExp is exp as a float32 kernel computes it: x = k ln2 + r with
// |r| <= ln2/2, exp(r) by a degree-6 Taylor polynomial (Horner, float32),
// scaled by 2^k.
func polyExp(x float32) float32 {
	if x > 88.7 {
		return float32(math.Inf(1))
	}
	if x < -87.3 {
		return 0
	}
	k := float32(math.Round(float64(x * 1.442695)))
	r := x - k*0.6931472
	p := float32(1.0 / 720)
	for _, c := range []float32{1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1, 1} {
		p = p*r + c
	}
	return float32(math.Ldexp(float64(p), int(k)))
}

// polyReference computes an element-wise or softmax task's output with
// polyExp in float32 (a kernel's way); nil for other tasks.
func polyReference(t testing.TB, m *mcase) []float64 {
	if m.isInt() {
		return nil
	}
	in := m.inputArrays(t)
	x := in["x"]
	switch m.c.Task {
	case "silu", "gelu", "softmax":
	default:
		return nil
	}
	out := make([]float64, len(x.Data))
	switch m.c.Task {
	case "silu":
		for i, v := range x.Data {
			f := float32(v)
			out[i] = float64(f / (1 + polyExp(-f)))
		}
	case "gelu":
		for i, v := range x.Data {
			f := float32(v)
			u := float32(0.7978846) * (f + float32(0.044715)*f*f*f)
			th := 1 - 2/(polyExp(2*u)+1) // tanh from exp
			out[i] = float64(0.5 * f * (1 + th))
		}
	case "softmax":
		n := cols(m)
		for r := 0; r < len(x.Data)/n; r++ {
			row := x.Data[r*n : (r+1)*n]
			mx := float32(math.Inf(-1))
			for _, v := range row {
				mx = max(mx, float32(v))
			}
			var s float32
			for j, v := range row {
				e := polyExp(float32(v) - mx)
				out[r*n+j] = float64(e)
				s += e
			}
			inv := 1 / s
			for j := range row {
				out[r*n+j] = float64(float32(out[r*n+j]) * inv)
			}
		}
	}
	for i, v := range out {
		out[i] = ref.RoundTo(m.out.DType, v)
	}
	return out
}

// configsFor lists the configurations a mutation runs on: every one for
// a correct variant (it must pass them all), else the one pickConfig
// chooses.
func configsFor(t testing.TB, target, task string, mu mutation) []int {
	if mu.wantPass {
		return []int{1, 2, 3, 4, 5}
	}
	return []int{pickConfig(t, target, task, mu.name)}
}

// pickConfig chooses the configuration a mutation runs on: the first
// whose output's last dimension is ragged for the tail mutation, else 1.
func pickConfig(t testing.TB, target, task, mut string) int {
	if mut == "mask-off-by-one" {
		for n := 1; n <= ref.NumConfigs; n++ {
			if c, err := ref.LookupConfig(target, task, n); err == nil && c.Params.Causal {
				return n
			}
		}
		return 0
	}
	if mut != "tail" {
		return 1
	}
	for n := 1; n <= ref.NumConfigs; n++ {
		m := loadMCase(t, target, task, n)
		if c := cols(m); m.vElem > 0 && c%m.vElem != 0 && c > m.vElem {
			return n
		}
	}
	return 0
}

// goldens are the mutations whose diagnosis text is kept in
// testdata/golden as an example of what the agent sees.
var goldens = map[string]bool{
	"coral/softmax/tail": true, "coral/gemm/requant-scale": true, "coral/layernorm/eps": true,
	"plena/decoder_llama/mask-off-by-one": true, "aie2/gemm/transposed": true, "aie2/silu/untouched": true,
	"coral/relu/copy-input": true, "plena/softmax/no-max-subtract": true, "aie2/rmsnorm/clobber-input": true,
}

// TestMutations produces deliberately wrong outputs from the reference for
// every task on every target that supports it and requires the checker
// to fail each one with the expected diagnosis; correct outputs computed
// another way must pass.
func TestMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("generates every task's cases")
	}
	muts := append(slices.Clone(genericMutations), taskMutations...)
	caught, passed, skipped := map[string]int{}, 0, map[string][]string{}
	var harshFails []string
	cache := map[string]*mcase{}
	get := func(target, task string, n int) *mcase {
		k := fmt.Sprintf("%s/%s/%d", target, task, n)
		if cache[k] == nil {
			cache[k] = loadMCase(t, target, task, n)
		}
		return cache[k]
	}
	tasksSeen := map[string]bool{}
	for _, target := range ref.Targets {
		for _, task := range ref.Supported(target) {
			tasksSeen[task.ID] = true
			for _, mu := range muts {
				for _, n := range configsFor(t, target, task.ID, mu) {
					name := fmt.Sprintf("%s/%s/%s", target, task.ID, mu.name)
					if mu.wantPass {
						name = fmt.Sprintf("%s/%s/%d/%s", target, task.ID, n, mu.name)
					}
					if n == 0 {
						skipped[mu.name] = append(skipped[mu.name], target+"/"+task.ID)
						continue
					}
					m := get(target, task.ID, n)
					mc := *m // a mutation may change its case (no-max-subtract-large)
					m = &mc
					actual, written := mu.make(t, m)
					if actual == nil {
						skipped[mu.name] = append(skipped[mu.name], target+"/"+task.ID)
						continue
					}
					v := m.check(actual, written)
					txt := v.String()
					if lines := strings.Count(txt, "\n"); lines > MaxLines {
						t.Errorf("%s: %d lines of diagnosis", name, lines)
					}
					if mu.wantPass {
						switch {
						case !v.Pass && mu.harsh && task.ID == "layernorm":
							// Rounding the row mean to bf16 loses the rows whose
							// mean is 50 standard deviations from zero, which the
							// layernorm inputs contain on purpose: such a kernel is
							// wrong. The exception is this task only.
							harshFails = append(harshFails, fmt.Sprintf("%s/%s/%d", target, task.ID, n))
						case !v.Pass:
							t.Errorf("%s: a correct result computed another way fails:\n%s", name, head(txt))
						default:
							caught[mu.name]++
							passed++
						}
						continue
					}
					if v.Pass {
						t.Errorf("%s: passes:\n%s", name, head(txt))
						continue
					}
					if !slices.ContainsFunc(kinds(v), func(k string) bool { return slices.Contains(mu.want, k) }) {
						t.Errorf("%s: want a pattern of %v, got %v:\n%s", name, mu.want, kinds(v), head(txt))
						continue
					}
					if !strings.Contains(txt, mu.text) {
						t.Errorf("%s: the diagnosis lacks %q:\n%s", name, mu.text, head(txt))
						continue
					}
					caught[mu.name]++
					if goldens[name] {
						golden(t, strings.ReplaceAll(name, "/", "_"), txt)
					}
				}
			}
		}
	}
	total := 0
	for _, mu := range muts {
		verb := "caught"
		if mu.wantPass {
			verb = "passed"
		} else {
			total += caught[mu.name]
		}
		t.Logf("%-22s %s %3d, not applicable %3d %s", mu.name, verb, caught[mu.name], len(skipped[mu.name]), brief(skipped[mu.name]))
	}
	if len(harshFails) > 0 {
		t.Logf("bf16-intermediates fail (as intended) on %d layernorm cases, where a bf16 row mean loses the far-from-zero rows: %s",
			len(harshFails), strings.Join(harshFails, " "))
	}
	t.Logf("%d tasks; %d wrong results caught with the expected diagnosis; %d correct alternatives passed", len(tasksSeen), total, passed)
}

func brief(s []string) string {
	if len(s) == 0 || len(s) > 6 {
		return ""
	}
	return "(" + strings.Join(s, " ") + ")"
}

// golden compares a diagnosis with testdata/golden/NAME.txt (-update
// rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s: %v (run go test ./ref/check -run Mutations -update)", name, err)
		return
	}
	if string(want) != got {
		t.Errorf("%s: diagnosis differs from %s (-update to accept):\n--- got\n%s--- want\n%s", name, path, got, want)
	}
}

// head is the start of a diagnosis, for test failures.
func head(txt string) string {
	lines := strings.SplitAfter(txt, "\n")
	var keep []string
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "|") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// lutReference computes aie2's element-wise and softmax tasks as a kernel
// with the case's bf16 lookup tables would: exp(x) = exp_hi[floor x] *
// exp_lo[floor(frac*256)] and 1/s from recip_lut (mantissa index, exponent
// by scaling), fp32 arithmetic, bf16 output. Nil for other cases.
func lutReference(t testing.TB, m *mcase) []float64 {
	switch m.c.Task {
	case "silu", "gelu", "softmax":
	default:
		return nil
	}
	tab := func(name string) []float64 {
		x := m.tensors[name]
		if x == nil {
			return nil
		}
		a, err := ref.Decode(x, "bfloat16")
		if err != nil {
			t.Fatal(err)
		}
		return a.Data
	}
	hi, lo, rc := tab("exp_hi"), tab("exp_lo"), tab("recip_lut")
	if hi == nil || lo == nil || rc == nil {
		return nil
	}
	exp := func(x float32) float32 {
		x = max(-128, min(127.99, x))
		n := float32(math.Floor(float64(x)))
		f := x - n
		return float32(hi[uint8(int8(n))]) * float32(lo[int(f*256)])
	}
	recip := func(s float32) float32 {
		fr, e := math.Frexp(float64(s)) // s = fr * 2^e, fr in [0.5, 1)
		mant := 2 * fr                  // [1, 2)
		idx := min(127, int((mant-1)*128))
		return float32(math.Ldexp(rc[idx], -(e - 1)))
	}
	x := m.inputArrays(t)["x"]
	out := make([]float64, len(x.Data))
	switch m.c.Task {
	case "silu":
		for i, v := range x.Data {
			f := float32(v)
			out[i] = float64(f * recip(1+exp(-f)))
		}
	case "gelu":
		for i, v := range x.Data {
			f := float32(v)
			u := float32(0.7978846) * (f + float32(0.044715)*f*f*f)
			// 0.5*(1+tanh(u)) = sigmoid(2u): no cancellation for u << 0.
			out[i] = float64(f * recip(1+exp(-2*u)))
		}
	case "softmax":
		n := cols(m)
		for r := 0; r < len(x.Data)/n; r++ {
			row := x.Data[r*n : (r+1)*n]
			mx := float32(math.Inf(-1))
			for _, v := range row {
				mx = max(mx, float32(v))
			}
			var s float32
			for j, v := range row {
				e := exp(float32(v) - mx)
				out[r*n+j] = float64(e)
				s += e
			}
			inv := recip(s)
			for j := range row {
				out[r*n+j] = float64(float32(out[r*n+j]) * inv)
			}
		}
	}
	for i, v := range out {
		out[i] = ref.RoundTo(m.out.DType, v)
	}
	return out
}

// TestHardcoded: a kernel that stores the visible case's outputs fails the
// hidden case with that diagnosis.
func TestHardcoded(t *testing.T) {
	for _, tc := range []struct{ target, task string }{{"coral", "gemm"}, {"plena", "softmax"}} {
		vis := loadMCase(t, tc.target, tc.task, 2)
		c, tensors, err := ref.Generate(tc.target, tc.task, 2, ref.DefaultSeed, true)
		if err != nil {
			t.Fatal(err)
		}
		hid := &mcase{c: c, tensors: tensors, out: vis.out}
		v := hid.check(vis.tensors[vis.out.Name], vis.okWritten())
		if v.Pass || !slices.Contains(kinds(v), PatHardcoded) {
			t.Errorf("%s/%s: %v\n%s", tc.target, tc.task, kinds(v), v)
		}
		if v := hid.check(tensors[vis.out.Name], vis.okWritten()); !v.Pass {
			t.Errorf("%s/%s hidden expected fails:\n%s", tc.target, tc.task, v)
		}
	}
}
