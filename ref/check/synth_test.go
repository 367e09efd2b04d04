package check

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// encode writes values as a tensor of a case dtype (bfloat16 as uint16
// bits, truncating; the tests use bf16-exact values).
func encode(t testing.TB, dtype string, shape []int, vals []float64) *sim.Tensor {
	t.Helper()
	dt, err := lookupElemType(dtype)
	if err != nil {
		t.Fatal(err)
	}
	sd := dtype
	if dtype == "bfloat16" {
		sd = "uint16"
	}
	d, err := sim.LookupDType(sd)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, len(vals)*dt.size)
	for i, v := range vals {
		b := buf[i*dt.size:]
		switch dtype {
		case "float32":
			binary.LittleEndian.PutUint32(b, math.Float32bits(float32(v)))
		case "bfloat16":
			binary.LittleEndian.PutUint16(b, uint16(math.Float32bits(float32(v))>>16))
		case "int8", "uint8":
			b[0] = byte(int64(v))
		case "int16", "uint16":
			binary.LittleEndian.PutUint16(b, uint16(int64(v)))
		case "int32", "uint32":
			binary.LittleEndian.PutUint32(b, uint32(int64(v)))
		}
	}
	return &sim.Tensor{DType: d, Shape: slices.Clone(shape), Data: buf}
}

// synth is a synthetic one-input one-output case.
type synth struct {
	c        *ref.Case
	x, y     []float64 // input, expected output
	exp, inp map[string]*sim.Tensor
}

func newSynth(t testing.TB, dtype string, shape []int, f func(float64) float64) *synth {
	n := sim.Elems(shape)
	size := map[string]int{"float32": 4, "bfloat16": 2, "int8": 1, "int32": 4}[dtype]
	c := &ref.Case{Format: 1, Target: "coral", HW: "coral", Task: "synth", Config: 1, Seed: 7, Fill: 0xAB,
		Tensors: []ref.TensorSpec{
			{Name: "x", Role: ref.RoleIn, DType: dtype, Shape: shape, Addr: 0x10000},
			{Name: "y", Role: ref.RoleOut, DType: dtype, Shape: shape, Addr: 0x10000 + uint64((n*size+15)/16*16)},
		},
		Convention: ref.Convention{Registers: map[string]string{"a0": "x", "a1": "y"}, Halt: "mpause"},
		Tolerance: map[string]ref.Tol{
			"float32":  {ATol: 1e-5, RTol: 1e-4},
			"bfloat16": {ATol: 1e-2, RTol: 1.0 / 64},
		},
	}
	r := rand.New(rand.NewPCG(1, 2))
	s := &synth{c: c, x: make([]float64, n), y: make([]float64, n)}
	for i := range s.x {
		switch dtype {
		case "int8":
			s.x[i] = float64(r.IntN(200) - 100)
		default:
			s.x[i] = float64(float32(r.NormFloat64() * 2))
			if dtype == "bfloat16" {
				s.x[i] = float64(math.Float32frombits(math.Float32bits(float32(s.x[i])) &^ 0xffff))
			}
		}
		s.y[i] = f(s.x[i])
	}
	s.exp = map[string]*sim.Tensor{"y": encode(t, dtype, shape, s.y)}
	s.inp = map[string]*sim.Tensor{"x": encode(t, dtype, shape, s.x)}
	return s
}

func (s *synth) out(t testing.TB) *ref.TensorSpec { return &s.c.Tensors[1] }

func (s *synth) check(t testing.TB, actual []float64, written []sim.Range) Verdict {
	o := s.out(t)
	res := &Result{Outputs: map[string]*sim.Tensor{"y": encode(t, o.DType, o.Shape, actual)}, Written: written, WrittenKnown: written != nil, Halt: successHalt(s.c), HaltOK: true}
	return Check(s.c, s.exp, s.inp, res)
}

func kinds(v Verdict) []string {
	var k []string
	for _, o := range v.Outputs {
		for _, p := range o.Patterns {
			k = append(k, p.Kind)
		}
	}
	for _, p := range v.Memory {
		k = append(k, p.Kind)
	}
	return k
}

func silu(x float64) float64 { return float64(float32(x / (1 + math.Exp(-x)))) }

func TestSyntheticPatterns(t *testing.T) {
	type mut struct {
		name  string
		shape []int
		f     func(s *synth) ([]float64, []sim.Range, *sim.Tensor) // actual, written, raw override
		want  string
	}
	cp := func(s *synth) []float64 { return slices.Clone(s.y) }
	muts := []mut{
		{"untouched", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			raw := encode(t, "float32", s.out(t).Shape, s.y)
			for i := range raw.Data {
				raw.Data[i] = 0xAB
			}
			return nil, []sim.Range{}, raw
		}, PatUntouched},
		{"zeros", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			return make([]float64, len(s.y)), nil, nil
		}, PatZeros},
		{"nan", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			a[17], a[40] = math.NaN(), math.Inf(1)
			return a, nil, nil
		}, PatNonFinite},
		{"scaled", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := range a {
				a[i] *= 0.125
			}
			return a, nil, nil
		}, PatScaled},
		{"offset", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := range a {
				a[i] += 0.5
			}
			return a, nil, nil
		}, PatOffset},
		{"shift+3", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := len(a) - 1; i >= 3; i-- {
				a[i] = a[i-3]
			}
			return a, nil, nil
		}, PatShifted},
		{"shift-5", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := 0; i+5 < len(a); i++ {
				a[i] = a[i+5]
			}
			return a, nil, nil
		}, PatShifted},
		{"transposed", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := 0; i < 8; i++ {
				for j := 0; j < 32; j++ {
					a[j*8+i] = s.y[i*32+j]
				}
			}
			return a, nil, nil
		}, PatTransposed},
		{"tail", []int{8, 34}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := range a {
				if i%34 >= 32 {
					a[i] = 0.75
				}
			}
			return a, nil, nil
		}, PatTail},
		{"first-tile", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := 64; i < len(a); i++ {
				a[i] = a[i%64]
			}
			return a, nil, nil
		}, PatFirstTile},
		{"copy", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			return slices.Clone(s.x), nil, nil
		}, PatCopy},
		{"isolated", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			a[77] += 3
			return a, nil, nil
		}, PatIsolated},
		{"clobber", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			o := s.out(t)
			return cp(s), []sim.Range{{Start: 0x10040, End: 0x10060}, {Start: o.Addr, End: o.Addr + 8*32*4}}, nil
		}, PatClobber},
		{"rows", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := 0; i < 7*32; i++ {
				a[i] *= 1.001 + 0.01*float64(i%3)
			}
			return a, nil, nil
		}, PatRows},
		{"mixed", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i, x := range s.x {
				a[i] = math.Min(x, 0) // min instead of max in a ReLU
			}
			return a, nil, nil
		}, PatMixed},
		{"systematic", []int{8, 32}, func(s *synth) ([]float64, []sim.Range, *sim.Tensor) {
			a := cp(s)
			for i := range a {
				a[i] = float64(float32(s.x[i] * 0.5 * (1 + math.Tanh(0.8*s.x[i]))))
			}
			return a, nil, nil
		}, PatSystematic},
	}
	for _, m := range muts {
		t.Run(m.name, func(t *testing.T) {
			f := silu
			if m.name == "mixed" {
				f = func(x float64) float64 { return math.Max(x, 0) }
			}
			s := newSynth(t, "float32", m.shape, f)
			if v := s.check(t, s.y, nil); !v.Pass {
				t.Fatalf("reference fails:\n%s", v)
			}
			a, w, raw := m.f(s)
			o := s.out(t)
			if raw == nil {
				raw = encode(t, o.DType, o.Shape, a)
			}
			res := &Result{Outputs: map[string]*sim.Tensor{"y": raw}, Written: w, WrittenKnown: w != nil, Halt: successHalt(s.c), HaltOK: true}
			v := Check(s.c, s.exp, s.inp, res)
			txt := v.String()
			if v.Pass {
				t.Fatalf("passes:\n%s", txt)
			}
			if !slices.Contains(kinds(v), m.want) {
				t.Fatalf("want pattern %s, got %v:\n%s", m.want, kinds(v), txt)
			}
			if _, err := json.Marshal(v); err != nil {
				t.Fatalf("JSON: %v", err)
			}
			if n := strings.Count(txt, "\n"); n > MaxLines {
				t.Fatalf("%d lines", n)
			}
			t.Logf("\n%s", txt)
		})
	}
}
