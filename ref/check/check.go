package check

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// MaxLines bounds the length of a verdict's text.
const MaxLines = 40

// Result is what a run left behind: the output tensors and what the
// simulator reported.
type Result struct {
	// Outputs holds the actual tensors by name: every output of the case,
	// and optionally inputs and constants read back after the run (a
	// changed input is reported as clobbered).
	Outputs map[string]*sim.Tensor
	// Written are the address ranges the program stored to (stats.json
	// written_ranges, exact to the byte: sim.Memory.WrittenRanges). Nil
	// when not reported.
	Written []sim.Range
	// WrittenKnown says whether Written was reported at all (an empty
	// list then means the kernel stored nothing); when it was not, stray
	// writes cannot be judged (Dir requires them).
	WrittenKnown bool
	// Halt is the halt kind name of stats.json (sim.Halt.KindName:
	// "pause", "exit", "tohost", "ebreak", "trap", "cycle-limit"). The run
	// passes only when it is the kind of the case's Convention.Halt
	// (RequiredHalt); an empty Halt (unknown) fails.
	Halt string
	// HaltOK says whether the simulator counts the halt as a success
	// (sim.Halt.OK: mpause, or exit/tohost with code 0); the verdict uses
	// it only for a case that names no halt.
	HaltOK      bool
	HaltMessage string
}

// conventionHalts maps the halt a task text names (ref.Convention.Halt,
// the instruction the kernel must end with) to the simulator's halt kind
// (sim.Halt.KindName) that instruction stops a run with. Every target's
// convention has an entry (TestRequiredHaltEveryTarget); a run that ends
// any other way fails, even where the simulator counts it a success (an
// ecall exit(0) or a tohost store on coral: riscv-tests' ways, not the
// task's).
var conventionHalts = map[string]string{
	"mpause": "pause", // coral: mpause (0x08000073), sim.HaltPause
	"done":   "pause", // aie2: the core's done; its simulator is to stop with sim.HaltPause
	"end":    "end",   // plena: the program runs off its last instruction (sim.HaltEnd), as PLENA's emulator ends programs
}

// RequiredHalt returns the simulator halt kind (sim.Halt.KindName) that
// counts as the halt a case's calling convention names, and whether the
// checker knows that halt.
func RequiredHalt(conventionHalt string) (string, bool) {
	k, ok := conventionHalts[conventionHalt]
	return k, ok
}

// Verdict is the checker's judgement of one run.
type Verdict struct {
	Pass    bool
	Case    string          // "softmax (coral, config 3, seed 1)"
	Outputs []OutputVerdict // one per output tensor of the case, in case order
	// Memory lists problems found from written ranges and read-back
	// inputs (Fatal ones fail the run: an input clobbered) and notes.
	Memory []Pattern
	// Halt is set when the run did not end with the halt the task names:
	// what halted, and what the task requires.
	Halt string
}

// OutputVerdict is the comparison of one output tensor.
type OutputVerdict struct {
	Name     string
	DType    string
	Shape    []int
	Addr     uint64
	Elems    int
	Bad      int     // elements out of tolerance
	MaxErr   float64 // largest |actual-expected| over finite pairs
	MaxRatio float64 // largest |actual-expected| / allowed
	Tol      ref.Tol
	First    *Element // first bad element
	Worst    *Element // largest error among bad elements
	Where    []string // where the errors lie (rows, columns, leading dims)
	Map      []string // character map of the 2-D view, with a legend line first
	Patterns []Pattern
	Problem  string // the output could not be compared (missing, wrong size)
}

// Element is one element of an output.
type Element struct {
	Index    []int
	Flat     int
	Addr     uint64
	Expected float64
	Actual   float64
}

// MarshalJSON writes NaN and infinities as strings ("NaN", "+Inf",
// "-Inf"), which JSON numbers cannot hold.
func (e Element) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Index    []int  `json:"index"`
		Flat     int    `json:"flat"`
		Addr     uint64 `json:"addr"`
		Expected any    `json:"expected"`
		Actual   any    `json:"actual"`
	}{e.Index, e.Flat, e.Addr, jsonNum(e.Expected), jsonNum(e.Actual)})
}

func jsonNum(x float64) any {
	if nonFinite(x) {
		return fmt.Sprint(x)
	}
	return x
}

// Pattern is a recognised kind of error with its one-line description
// and hint.
type Pattern struct {
	Kind  string // one of the Pat* constants
	Text  string // what was found, with numbers
	Hint  string // what to look at
	Fatal bool   // for memory patterns: whether it fails the run
}

// Pattern kinds.
const (
	PatUntouched  = "untouched"  // output still holds the fill pattern
	PatUnwritten  = "unwritten"  // some bad elements still hold the fill pattern
	PatZeros      = "zeros"      // all (or most bad) elements are 0
	PatNonFinite  = "nan-inf"    // NaN/Inf where finite values are expected
	PatConstant   = "constant"   // every element has the same value
	PatScaled     = "scaled"     // actual ≈ k·expected
	PatOffset     = "offset"     // actual ≈ expected + c
	PatAffine     = "affine"     // actual ≈ k·expected + c
	PatShifted    = "shifted"    // actual[i] = expected[i∓k]
	PatTransposed = "transposed" // actual = expectedᵀ
	PatTail       = "tail"       // only the vector-length remainder is wrong
	PatFirstTile  = "first-tile" // only a leading tile is right
	PatRepeated   = "repeated"   // the first tile's values repeat
	PatCopy       = "copy"       // values equal another tensor of the case
	PatMixed      = "mixed"      // the wrong elements are zeros, fill and copies together
	PatHardcoded  = "hardcoded"  // a hidden case's output equals the visible case's expected output
	PatIsolated   = "isolated"   // a handful of single wrong elements
	PatRows       = "rows"       // errors confined to some rows
	PatCols       = "cols"       // errors confined to some columns
	PatSystematic = "systematic" // small errors everywhere, no structure
	PatUnrelated  = "unrelated"  // large errors, no structure found
	PatClobber    = "clobber"    // the kernel wrote into an input/constant
	PatOutside    = "outside"    // the kernel wrote outside every tensor
	PatPastEnd    = "past-end"   // the kernel wrote past the end of an output
)

// DefaultTolerance is used for an output dtype the case gives no
// tolerance for: float32 allows a few ulp-scale relative errors plus a
// small absolute floor, bfloat16 about one bf16 ulp (2^-8 relative),
// integers must be exact.
var DefaultTolerance = map[string]ref.Tol{
	"float32":  {ATol: 1e-6, RTol: 1e-5, Why: "default: float32 with a different summation order"},
	"bfloat16": {ATol: 1e-3, RTol: 1.0 / 128, Why: "default: one bf16 ulp"},
}

// elemType describes how the checker reads one dtype.
type elemType struct {
	name   string
	size   int
	isInt  bool
	lo, hi float64 // integer range
}

func lookupElemType(name string) (elemType, error) {
	switch name {
	case "bfloat16", "bf16":
		return elemType{name: "bfloat16", size: 2}, nil
	case "float32":
		return elemType{name: name, size: 4}, nil
	case ref.MXFP8:
		// An MX tensor's .npy (and its read-back) holds float32 values.
		return elemType{name: name, size: 4}, nil
	case "float16":
		return elemType{name: name, size: 2}, nil
	}
	d, err := sim.LookupDType(name)
	if err != nil {
		return elemType{}, err
	}
	t := elemType{name: d.Name, size: d.Size, isInt: true}
	bits := uint(8 * d.Size)
	if d.Name[0] == 'u' {
		t.lo, t.hi = 0, math.Ldexp(1, int(bits))-1
	} else {
		t.lo, t.hi = -math.Ldexp(1, int(bits-1)), math.Ldexp(1, int(bits-1))-1
	}
	return t, nil
}

// decode reads a tensor's elements as float64 for a case dtype; bfloat16
// tensors are stored as uint16 bits.
func decode(dt elemType, t *sim.Tensor) ([]float64, error) {
	if dt.name == "bfloat16" {
		if t.DType.Size != 2 {
			return nil, fmt.Errorf("a bfloat16 tensor must be stored as 16-bit elements, got %s", t.DType.Name)
		}
		out := make([]float64, len(t.Data)/2)
		for i := range out {
			out[i] = bf16At(t.Data, i)
		}
		return out, nil
	}
	if dt.name == ref.MXFP8 || dt.name == "float16" {
		d, err := ref.SimDType(dt.name)
		if err != nil || t.DType.Size != d.Size {
			return nil, fmt.Errorf("stored as %s, the case says %s", t.DType.Name, dt.name)
		}
		return (&sim.Tensor{DType: d, Shape: t.Shape, Data: t.Data}).Values(), nil
	}
	if t.DType.Name != dt.name {
		// Same size, another integer/float view (e.g. .npy saved as uint8
		// for int8): reinterpret the bytes.
		if t.DType.Size != dt.size {
			return nil, fmt.Errorf("stored as %s, the case says %s", t.DType.Name, dt.name)
		}
		d, err := sim.LookupDType(dt.name)
		if err != nil {
			return nil, err
		}
		t = &sim.Tensor{DType: d, Shape: t.Shape, Data: t.Data}
	}
	return t.Values(), nil
}

func (dt elemType) ulps(a, e float64) float64 {
	ord := func(x float64) int64 {
		var b int64
		if dt.name == "bfloat16" {
			b = int64(int16(math.Float32bits(float32(x)) >> 16))
			if b < 0 {
				b = math.MinInt16 - b
			}
			return b
		}
		b = int64(int32(math.Float32bits(float32(x))))
		if b < 0 {
			b = math.MinInt32 - b
		}
		return b
	}
	d := ord(a) - ord(e)
	if d < 0 {
		d = -d
	}
	return float64(d)
}

// elemAddr is the address of a tensor's element i (row-major) in memory,
// after its layout.
func elemAddr(ts ref.TensorSpec, i int) uint64 {
	size, _ := ref.DTypeSize(ts.DType)
	return ts.Addr + uint64(ts.StoredIndex(i)*size)
}

// comparer decides element-wise agreement for one output.
type comparer struct {
	dt  elemType
	tol ref.Tol
}

// allowed is the largest |a-e| accepted for expected value e.
func (c comparer) allowed(e float64) float64 {
	if c.dt.isInt {
		return math.Max(float64(c.tol.MaxULP), c.tol.ATol)
	}
	return c.tol.ATol + c.tol.RTol*math.Abs(e)
}

// ok reports whether actual a is acceptable for expected e.
func (c comparer) ok(a, e float64) bool { return c.okWithin(a, e, c.allowed(e)) }

// okWithin is ok with al = c.allowed(e) already computed.
func (c comparer) okWithin(a, e, al float64) bool {
	switch {
	case math.IsNaN(e):
		return math.IsNaN(a)
	case math.IsInf(e, 0):
		return a == e
	case math.IsNaN(a) || math.IsInf(a, 0):
		return false
	}
	d := math.Abs(a - e)
	if d <= al {
		return true
	}
	return !c.dt.isInt && c.tol.MaxULP > 0 && c.dt.ulps(a, e) <= float64(c.tol.MaxULP)
}

// near is a looser agreement used by the pattern recognisers (a kernel
// that is wrong in one way may still round differently).
func (c comparer) near(a, e float64) bool {
	if c.ok(a, e) {
		return true
	}
	if math.IsNaN(a) || math.IsInf(a, 0) || math.IsNaN(e) || math.IsInf(e, 0) {
		return false
	}
	d := math.Abs(a - e)
	if c.dt.isInt {
		return d <= c.allowed(e)+1
	}
	return d <= 2*c.allowed(e)+1e-6*math.Abs(e)
}

// toleranceFor returns the case's tolerance for an output dtype.
func toleranceFor(c *ref.Case, dtype string) ref.Tol {
	if t, ok := c.Tolerance[dtype]; ok {
		return t
	}
	if dtype == "bf16" {
		if t, ok := c.Tolerance["bfloat16"]; ok {
			return t
		}
	}
	if t, ok := DefaultTolerance[dtype]; ok {
		return t
	}
	return ref.Tol{Why: "default: integer outputs are exact"}
}

// hwVLEN caches the vector length of built-in hardware configs by name
// (parsing a config is most of a small check's cost).
var hwVLEN sync.Map // string -> int

// vlenOf is the "vlen" param of a built-in hardware config (0: none).
func vlenOf(name string) int {
	if v, ok := hwVLEN.Load(name); ok {
		return v.(int)
	}
	vlen := 0
	if hw, err := isadefs.HWByName(name); err == nil {
		vlen = int(hw.Param("vlen", 0))
	}
	hwVLEN.Store(name, vlen)
	return vlen
}

// vectorElems is how many elements of a dtype one vector register holds
// on the case's target (VLEN from the hardware config; 0 when unknown).
func vectorElems(c *ref.Case, dt elemType) (elems, vlenBits int) {
	vlen := 0
	if c.HW != "" {
		vlen = vlenOf(c.HW)
	}
	if vlen == 0 && c.Target != "" {
		vlen = vlenOf(c.Target)
	}
	if vlen == 0 {
		vlen = ref.VectorBits(c.Target)
	}
	if vlen == 0 || dt.size == 0 {
		return 0, vlen
	}
	return vlen / (8 * dt.size), vlen
}

// Check compares a run's outputs with a case's expected outputs.
// expected holds the expected output tensors by name; inputs holds the
// values of the case's inputs and constants (used to recognise a copied
// input and to detect clobbered ones); either may lack entries.
func Check(c *ref.Case, expected, inputs map[string]*sim.Tensor, res *Result) Verdict {
	if res == nil {
		res = &Result{}
	}
	v := Verdict{Pass: true, Case: caseName(c)}
	// The inputs and expected outputs decoded, for copy detection: only
	// a wrong output needs them, so they are decoded on first use.
	var others []named
	decoded := false
	othersOf := func() []named {
		if decoded {
			return others
		}
		decoded = true
		for _, ts := range c.Tensors {
			var t *sim.Tensor
			switch ts.Role {
			case ref.RoleIn, ref.RoleConst:
				t = inputs[ts.Name]
			case ref.RoleOut:
				t = expected[ts.Name]
			}
			if t == nil {
				continue
			}
			dt, err := lookupElemType(ts.DType)
			if err != nil {
				continue
			}
			if vals, err := decode(dt, t); err == nil {
				others = append(others, named{ts.Name, ts.Role, vals})
			}
		}
		return others
	}
	for _, ts := range c.Tensors {
		if ts.Role != ref.RoleOut {
			continue
		}
		ov := checkOutput(c, ts, expected[ts.Name], res, othersOf)
		if ov.Bad > 0 || ov.Problem != "" {
			v.Pass = false
		}
		v.Outputs = append(v.Outputs, ov)
	}
	if c.Hidden && !v.Pass {
		hardcoded(c, &v, res)
	}
	v.Memory = memoryPatterns(c, inputs, res)
	// An untouched output and a clobbered input: the stores went to the
	// wrong tensor.
	for _, mp := range v.Memory {
		if mp.Kind != PatClobber {
			continue
		}
		for i := range v.Outputs {
			for j, p := range v.Outputs[i].Patterns {
				if p.Kind == PatUntouched || p.Kind == PatUnwritten {
					v.Outputs[i].Patterns[j].Hint = "the stores went into an input instead (see the memory line): check which register holds " + registerOf(c, v.Outputs[i].Name)
				}
			}
		}
		break
	}
	for _, p := range v.Memory {
		if p.Fatal {
			v.Pass = false
		}
	}
	if why := haltProblem(c, res); why != "" {
		v.Pass = false
		v.Halt = why
	}
	return v
}

// haltProblem says why the run's halt is not the one the case's calling
// convention names, or "" when it is.
func haltProblem(c *ref.Case, res *Result) string {
	got := res.HaltMessage
	if got == "" {
		got = "halt: " + res.Halt
	}
	if res.Halt != "" {
		got += fmt.Sprintf(" (halt kind %s)", res.Halt)
	}
	want := c.Convention.Halt
	if want == "" {
		// A case without a named halt (hand-made): the simulator's
		// success halts count.
		switch {
		case res.Halt == "":
			return "the run's halt is unknown (no halt reason reported)"
		case !res.HaltOK:
			return got
		}
		return ""
	}
	kind, ok := RequiredHalt(want)
	switch {
	case !ok:
		return fmt.Sprintf("%s; the case requires %q, a halt the checker does not know", got, want)
	case res.Halt == "":
		return fmt.Sprintf("the run's halt is unknown (no halt reason reported); the task requires %s", want)
	case res.Halt != kind:
		return fmt.Sprintf("%s; the task requires the kernel to end with %s (halt kind %s), and no other halt counts as success", got, want, kind)
	}
	return ""
}

func caseName(c *ref.Case) string {
	s := c.Task
	if s == "" {
		s = "case"
	}
	s += fmt.Sprintf(" (%s, config %d, seed %d", c.Target, c.Config, c.Seed)
	if c.Hidden {
		s += ", hidden"
	}
	return s + ")"
}

// named is a tensor's decoded values.
type named struct {
	name, role string
	vals       []float64
}

// output is one output under comparison.
type output struct {
	spec  ref.TensorSpec
	dt    elemType
	cmp   comparer
	e, a  []float64
	raw   []byte // actual bytes
	fill  byte
	bad   []bool
	nbad  int
	rows  int // 2-D view: rows × cols (cols = last dim)
	cols  int
	vElem int // elements per vector register
	vlen  int
}

func checkOutput(c *ref.Case, ts ref.TensorSpec, exp *sim.Tensor, res *Result, others func() []named) OutputVerdict {
	ov := OutputVerdict{Name: ts.Name, DType: ts.DType, Shape: slices.Clone(ts.Shape), Addr: ts.Addr, Elems: sim.Elems(ts.Shape)}
	dt, err := lookupElemType(ts.DType)
	if err != nil {
		ov.Problem = fmt.Sprintf("output %s: %v", ts.Name, err)
		return ov
	}
	ov.Tol = toleranceFor(c, dt.name)
	if exp == nil {
		ov.Problem = fmt.Sprintf("output %s: no expected values in the case", ts.Name)
		return ov
	}
	act := res.Outputs[ts.Name]
	if act == nil {
		ov.Problem = fmt.Sprintf("output %s: the result has no tensor %q (was it dumped?)", ts.Name, ts.Name)
		return ov
	}
	if dt.name == "bfloat16" && exp.DType.Size == 2 && act.DType.Size == 2 && len(exp.Data) == 2*ov.Elems && len(act.Data) == 2*ov.Elems {
		// The common case, every element within: measured on the raw
		// bits, with the loop below's arithmetic, nothing decoded.
		if maxErr, maxRatio, ok := scanBF16(comparer{dt, ov.Tol}, exp.Data, act.Data); ok {
			ov.MaxErr, ov.MaxRatio = maxErr, maxRatio
			return ov
		}
	}
	e, err := decode(dt, exp)
	if err != nil {
		ov.Problem = fmt.Sprintf("output %s: expected values: %v", ts.Name, err)
		return ov
	}
	a, err := decode(dt, act)
	if err != nil {
		ov.Problem = fmt.Sprintf("output %s: actual values: %v", ts.Name, err)
		return ov
	}
	if len(e) != ov.Elems || len(a) != ov.Elems {
		ov.Problem = fmt.Sprintf("output %s: %d actual and %d expected elements, the case's shape %v has %d", ts.Name, len(a), len(e), ts.Shape, ov.Elems)
		return ov
	}
	o := &output{spec: ts, dt: dt, cmp: comparer{dt, ov.Tol}, e: e, a: a, raw: act.Data, fill: c.Fill}
	o.cols = 1
	if len(ts.Shape) > 0 {
		o.cols = max(1, ts.Shape[len(ts.Shape)-1])
	}
	o.rows = max(1, ov.Elems/o.cols)
	o.vElem, o.vlen = vectorElems(c, dt)
	var st errStats
	for i, ai := range a {
		if !st.add(o.cmp, ai, e[i]) {
			if o.bad == nil {
				o.bad = make([]bool, len(a))
			}
			o.bad[i] = true
			o.nbad++
			if ov.First == nil {
				ov.First = o.element(i)
			}
		}
	}
	ov.MaxErr, ov.MaxRatio = st.maxErr, st.maxRatio
	ov.Bad = o.nbad
	if o.nbad == 0 {
		return ov
	}
	worst, wd := -1, -1.0
	for i, b := range o.bad {
		if !b {
			continue
		}
		d := math.Abs(o.a[i] - o.e[i])
		if math.IsNaN(d) || math.IsInf(d, 0) {
			d = math.Inf(1)
		}
		if d > wd {
			worst, wd = i, d
		}
	}
	ov.Worst = o.element(worst)
	ov.Where = o.where(c)
	if o.nbad < len(o.a) {
		ov.Map = o.charMap(mapHeight) // a map of all-wrong says nothing
	}
	ov.Patterns = o.patterns(c, res, others())
	return ov
}

// scanBF16 is checkOutput's loop over bfloat16 bits exp and act (equal
// lengths) for outputs with no element out of tolerance: it returns the
// largest error and error/allowed ratio as that loop computes them, and
// ok = false, early, at the first element out of tolerance (the caller
// then takes the full path, which explains it).
func scanBF16(cmp comparer, exp, act []byte) (maxErr, maxRatio float64, ok bool) {
	act = act[:len(exp)]
	var st errStats
	for i := range len(exp) / 2 {
		if !st.add(cmp, bf16At(act, i), bf16At(exp, i)) {
			return 0, 0, false
		}
	}
	return st.maxErr, st.maxRatio, true
}

// bf16At is element i of little-endian bfloat16 bits b.
func bf16At(b []byte, i int) float64 {
	return float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(b[2*i:])) << 16))
}

// errStats accumulates an output's largest error and largest
// error/allowed ratio over its finite errors.
type errStats struct{ maxErr, maxRatio float64 }

// add measures actual a against expected e and reports whether a is
// within tolerance.
func (st *errStats) add(cmp comparer, a, e float64) bool {
	al := cmp.allowed(e)
	d := math.Abs(a - e)
	// d <= al with al finite: a and e are finite and within (okWithin's
	// answer, without its special cases).
	ok := d <= al && al <= math.MaxFloat64 || cmp.okWithin(a, e, al)
	if d <= math.MaxFloat64 { // neither NaN nor infinite
		// d >= 0 and d/al are neither NaN nor -0 here: a comparison is
		// math.Max.
		if d > st.maxErr {
			st.maxErr = d
		}
		if al > 0 {
			if r := d / al; r > st.maxRatio {
				st.maxRatio = r
			}
		} else if d > 0 {
			st.maxRatio = math.MaxFloat64 // any error is too much
		}
	}
	return ok
}

func (o *output) element(i int) *Element {
	return &Element{Index: unflatten(i, o.spec.Shape), Flat: i, Addr: elemAddr(o.spec, i), Expected: o.e[i], Actual: o.a[i]}
}

func unflatten(i int, shape []int) []int {
	idx := make([]int, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = i % shape[d]
			i /= shape[d]
		}
	}
	return idx
}

// untouched reports whether element i still holds the fill byte.
func (o *output) untouched(i int) bool {
	if (i+1)*o.dt.size > len(o.raw) {
		return false
	}
	for _, b := range o.raw[i*o.dt.size : (i+1)*o.dt.size] {
		if b != o.fill {
			return false
		}
	}
	return true
}

func nonFinite(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }

// hardcoded recognises, on a hidden case, outputs that equal the expected
// output of the visible case with the same seed: results computed once and
// stored as constants (or left in memory from the visible run).
func hardcoded(c *ref.Case, v *Verdict, res *Result) {
	vc, tensors, err := ref.Generate(c.Target, c.Task, c.Config, c.Seed, false)
	if err != nil {
		return
	}
	for i := range v.Outputs {
		ov := &v.Outputs[i]
		if ov.Bad == 0 {
			continue
		}
		var spec ref.TensorSpec
		for _, ts := range vc.Tensors {
			if ts.Name == ov.Name {
				spec = ts
			}
		}
		dt, err := lookupElemType(ov.DType)
		vis, act := tensors[ov.Name], res.Outputs[ov.Name]
		if err != nil || vis == nil || act == nil || spec.DType != ov.DType {
			continue
		}
		ve, err1 := decode(dt, vis)
		va, err2 := decode(dt, act)
		if err1 != nil || err2 != nil || len(ve) != len(va) {
			continue
		}
		cmp := comparer{dt, ov.Tol}
		match := 0
		for j := range va {
			if cmp.ok(va[j], ve[j]) {
				match++
			}
		}
		if match*10 >= 9*len(va) {
			ov.Patterns = append([]Pattern{{Kind: PatHardcoded,
				Text: fmt.Sprintf("the output equals the expected output of the visible case (seed %d) in %d of %d elements, not this case's", c.Seed, match, len(va)),
				Hint: "the results must be computed from the inputs in memory, not stored as constants"}}, ov.Patterns...)
		}
	}
}
