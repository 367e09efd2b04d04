package ref

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/mx"
	"kernelcraft/sim/plena"
)

// TestHalf: float16 rounding and bits agree with the simulator's f16.
func TestHalf(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vals := []float64{0, 1, -1, 1e-6, 65504, 65520, 1e-8, 0x1p-24, 0x1p-25, math.Inf(-1), 1.0 / 3}
	for i := 0; i < 5000; i++ {
		vals = append(vals, math.Ldexp(r.Float64()*2-1, r.IntN(40)-25))
	}
	for _, v := range vals {
		want := plena.F16FromF32(float32(v))
		if float64(float32(v)) != v {
			continue // the simulator's conversion starts from f32
		}
		if got := halfBits(v); got != want {
			t.Errorf("halfBits(%g) = %#04x, want %#04x", v, got, want)
		}
		if got, w := roundHalf(v), sim.HalfValue(want); got != w && !(math.IsNaN(got) && math.IsNaN(w)) {
			t.Errorf("roundHalf(%g) = %g, want %g", v, got, w)
		}
	}
}

// TestImageReadBack: a tensor's image and its reading back are inverse
// for every layout and dtype, and the layouts place elements as their
// documentation says.
func TestImageReadBack(t *testing.T) {
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		t.Fatal(err)
	}
	vals := NewArray(3, 70)
	for i := range vals.Data {
		vals.Data[i] = float64(i%17) - 8
	}
	for _, tc := range []struct {
		name  string
		spec  TensorSpec
		where func(i int) uint64 // address of element i's first byte
	}{
		{"dense bf16", TensorSpec{Name: "d", DType: "bfloat16", Shape: []int{3, 70}, Addr: 0x100, Memory: "hbm"},
			func(i int) uint64 { return 0x100 + 2*uint64(i) }},
		{"blocks bf16", TensorSpec{Name: "b", DType: "bfloat16", Shape: []int{3, 70}, Addr: 0x10000000, Memory: "vsram", Layout: &Layout{Block: 64}},
			func(i int) uint64 { r, c := i/70, i%70; return 0x10000000 + 2*uint64(((c/64)*3+r)*64+c%64) }},
		{"pitch float16", TensorSpec{Name: "p", DType: "float16", Shape: []int{3, 70}, Addr: 0x40, Memory: "hbm", Layout: &Layout{Pitch: 128}},
			func(i int) uint64 { return 0x40 + 2*uint64(i/70*128+i%70) }},
		{"mxfp8 pitch", TensorSpec{Name: "m", DType: MXFP8, Shape: []int{3, 70}, Addr: 0x1000, Memory: "hbm", Layout: &Layout{Pitch: 128, ScaleAddr: 0x1000 + 384, ScaleReg: 384}},
			func(i int) uint64 { return 0x1000 + uint64(i/70*128+i%70) }},
	} {
		if err := tc.spec.checkLayout(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		a := vals.Clone()
		roundArray(tc.spec.DType, a)
		tt, err := Encode(a, tc.spec.DType)
		if err != nil {
			t.Fatal(err)
		}
		chunks, err := tc.spec.Image(tt)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		m := sim.NewMemory(hw)
		for _, ch := range chunks {
			if err := m.Load(ch.Addr, ch.Data); err != nil {
				t.Fatal(err)
			}
		}
		back, err := tc.spec.ReadBack(m)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(back.Data, tt.Data) {
			t.Errorf("%s: read back differs", tc.name)
		}
		size, _ := DTypeSize(tc.spec.DType)
		for _, i := range []int{0, 63, 64, 69, 70, 209} {
			b, _ := m.Peek(tc.where(i), uint64(size))
			var got float64
			switch tc.spec.DType {
			case "bfloat16":
				got = BF16Value(binary.LittleEndian.Uint16(b))
			case "float16":
				got = sim.HalfValue(binary.LittleEndian.Uint16(b))
			case MXFP8:
				sc, _ := m.Peek(tc.spec.Layout.ScaleAddr+uint64(tc.spec.StoredIndex(i)/MXBlock), 1)
				got = float64(mx.DecodeE4M3(b[0]) * mx.DecodeE8M0(sc[0]))
			}
			if got != a.Data[i] {
				t.Errorf("%s: element %d at %#x holds %g, want %g", tc.name, i, tc.where(i), got, a.Data[i])
			}
		}
	}
}

// TestPlenaCaseLayout: a plena case places its inputs as PLENA's harness
// does (elements, then the scale plane, each 64-byte aligned, tensors one
// after another from HBM 0; rows padded to 64 elements and a matrix's
// rows to a multiple of 64; SCALE_REG = the padded element count), the FP
// SRAM preload at entry 0 and the output at Vector SRAM element 0.
func TestPlenaCaseLayout(t *testing.T) {
	c, tensors, err := Generate("plena", "linear", 3, 1, false) // x [100, 70], w [90, 70], bias [90]
	if err != nil {
		t.Fatal(err)
	}
	next := uint64(0)
	for _, s := range c.Tensors {
		switch s.Memory {
		case "hbm":
			rows, cols := rowsCols(s.Shape)
			pitch := (cols + 63) / 64 * 64
			if len(s.Shape) >= 2 { // a matrix's rows padded to whole 64-row tiles
				rows = (rows + 63) / 64 * 64
			}
			stored := uint64(rows * pitch)
			if s.DType != MXFP8 || s.Addr != next || s.Layout.ScaleReg != (stored+63)/64*64 || s.Layout.ScaleAddr != s.Addr+s.Layout.ScaleReg {
				t.Errorf("%s: %s at %#x, layout %+v; want mxfp8 at %#x with SCALE_REG %d", s.Name, s.DType, s.Addr, *s.Layout, next, (stored+63)/64*64)
			}
			if (pitch != cols) != (s.Layout.Pitch == pitch) {
				t.Errorf("%s: pitch %d, want %d", s.Name, s.Layout.Pitch, pitch)
			}
			next = (s.Layout.ScaleAddr + (stored+7)/8 + 63) / 64 * 64
		case "fpmem":
			if s.Addr != 0x30000000 || s.DType != "float16" || s.Role != RoleConst {
				t.Errorf("FP SRAM preload %+v", s)
			}
		case "vsram":
			if s.Addr != 0x10000000 || s.Layout == nil || s.Layout.Block != 64 || s.Role != RoleOut {
				t.Errorf("output %+v", s)
			}
		default:
			t.Errorf("%s in %s", s.Name, s.Memory)
		}
		if s.Role != RoleOut {
			if _, err := s.Image(tensors[s.Name]); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		}
	}
	if len(c.Convention.Registers) != 0 || c.Convention.Halt != "end" {
		t.Errorf("convention %+v: want no preset register and halt end", c.Convention)
	}
}

// TestMXImageRuns: the image encoded run by run (layouts whose runs are
// whole blocks) is the image of the stored elements encoded block by
// block, errors included, for dense, pitched, padded and column-block
// layouts, rows of whole and partial blocks, and values that are zero,
// subnormal in their block or not MXFP8 values at all.
func TestMXImageRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		shape  []int
		layout Layout
	}{
		{[]int{5, 24}, Layout{}},
		{[]int{5, 21}, Layout{}},
		{[]int{3, 70}, Layout{Pitch: 128}},
		{[]int{4, 64}, Layout{Pitch: 64, PadRows: 12}},
		{[]int{7, 13}, Layout{PadRows: 3}},
		{[]int{3, 70}, Layout{Block: 64}},
		{[]int{2, 3, 40}, Layout{Block: 16}},
		{[]int{3}, Layout{Pitch: 8}},
	} {
		for trial := range 4 {
			a := NewArray(tc.shape...)
			for i := range a.Data {
				a.Data[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(9)-4)
				if rng.IntN(16) == 0 {
					a.Data[i] = 0
				}
			}
			quantiseMX(a)
			switch trial {
			case 1: // a tiny element: E4M3's subnormals and below
				a.Data[rng.IntN(len(a.Data))] *= 0x1p-9
			case 2: // a value no block holds
				a.Data[rng.IntN(len(a.Data))] = 1.0000001
			case 3:
				clear(a.Data[:min(len(a.Data), 20)])
			}
			tt, err := Encode(a, MXFP8)
			if err != nil {
				t.Fatal(err)
			}
			l := tc.layout
			n := (&TensorSpec{Shape: tc.shape, Layout: &l}).StoredElems()
			l.ScaleAddr, l.ScaleReg = 0x1000+uint64(n), uint64(n)
			s := TensorSpec{Name: "m", DType: MXFP8, Shape: tc.shape, Addr: 0x1000, Memory: "hbm", Layout: &l}
			if !s.mxBlocksAligned() {
				t.Fatalf("%v %+v: not aligned", tc.shape, l)
			}
			got, errGot := s.mxImageRuns(tt)
			want, errWant := s.mxImageCopy(tt)
			if fmt.Sprint(errGot) != fmt.Sprint(errWant) {
				t.Fatalf("%v %+v trial %d: error %v, want %v", tc.shape, l, trial, errGot, errWant)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v %+v trial %d: image differs", tc.shape, l, trial)
			}
		}
	}
}

// BenchmarkMXImage times a 512 x 1024 MXFP8 tensor's memory image and
// its reading back (rows pitched to 1088 elements), per element.
func BenchmarkMXImage(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	a := NewArray(512, 1024)
	for i := range a.Data {
		a.Data[i] = r.NormFloat64() / 16
	}
	quantiseMX(a)
	tt, err := Encode(a, MXFP8)
	if err != nil {
		b.Fatal(err)
	}
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		b.Fatal(err)
	}
	l := &Layout{Pitch: 1088}
	s := TensorSpec{Name: "m", DType: MXFP8, Shape: a.Shape, Memory: "hbm", Layout: l}
	l.ScaleAddr = uint64(s.StoredElems())
	l.ScaleReg = l.ScaleAddr
	m := sim.NewMemory(hw)
	b.Run("image", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Image(tt); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(a.Data)), "ns/elem")
	})
	chunks, err := s.Image(tt)
	if err != nil {
		b.Fatal(err)
	}
	for _, ch := range chunks {
		if err := m.Load(ch.Addr, ch.Data); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("readback", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.ReadBack(m); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(a.Data)), "ns/elem")
	})
}

// TestRoundEncodeBF16: rounding and encoding an output in one pass gives
// roundValues' values and Encode's bytes, NaNs, infinities, overflow and
// bf16 subnormals included.
func TestRoundEncodeBF16(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	xs := []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 0x1p-135, -0x1p-130, 3.4e38, 1e300, -1e-300}
	for range 10000 {
		xs = append(xs, rng.NormFloat64()*math.Ldexp(1, rng.IntN(300)-150))
	}
	want := append([]float64(nil), xs...)
	roundValues("bfloat16", want)
	wantEnc, err := Encode(&Array{Shape: []int{len(want)}, Data: want}, "bfloat16")
	if err != nil {
		t.Fatal(err)
	}
	got := append([]float64(nil), xs...)
	buf := make([]byte, 2*len(got))
	roundEncodeBF16(got, buf)
	for i := range got {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(got[i] != got[i] && want[i] != want[i]) {
			t.Fatalf("%g rounds to %g, want %g", xs[i], got[i], want[i])
		}
	}
	if !slices.Equal(buf, wantEnc.Data) {
		t.Fatal("encodings differ")
	}
}
