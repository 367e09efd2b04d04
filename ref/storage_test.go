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
	"kernelcraft/ref/internal/mxq"
	"kernelcraft/sim"
	"kernelcraft/sim/plena"
	"kernelcraft/sim/vec"
)

// TestQuantiseMXHarness: PLENA's harness quantiser on hand-computed
// blocks (two guard bits then half to even; no carry into the exponent;
// PLENA's subnormal (m/8)*2^-7, which also catches [2^-7, 2^-6)).
func TestQuantiseMXHarness(t *testing.T) {
	for _, tc := range []struct{ in, want []float64 }{
		{[]float64{1, 0.5, 0.25, 0}, []float64{1, 0.5, 0.25, 0}},
		// 1.0625 = 1 + 0.5/8: floor(4*0.5)/4 = 0.5, a tie, even -> 1.
		{[]float64{1.0625, 1.1875, 1.9999, -3}, []float64{1, 1.25, 1.875, -3}},
		// Block max 3 (e = 1): 0.01 / 2 = 0.005 in [2^-8, 2^-7): subnormal
		// m = hardware_round(0.005*2^7*8) = hardware_round(5.12) = 5 ->
		// 5/8*2^-7*2.
		{[]float64{3, 0.01}, []float64{3, 5.0 / 8 * math.Ldexp(1, -7) * 2}},
		// Block max 2 (e = 1): 0.0155/2 = 0.00775 in [2^-7, 2^-6) takes
		// the subnormal branch and saturates at 7/8*2^-7.
		{[]float64{2, 0.0155}, []float64{2, 7.0 / 8 * math.Ldexp(1, -7) * 2}},
	} {
		a := &Array{Shape: []int{len(tc.in)}, Data: slices.Clone(tc.in)}
		quantiseMX(a)
		for i := range tc.want {
			if a.Data[i] != tc.want[i] {
				t.Errorf("quantise %v: [%d] = %g, want %g", tc.in, i, a.Data[i], tc.want[i])
			}
		}
	}
}

// TestMXExactAgainstSimulator: every quantised block encodes exactly, the
// simulator's decoder (sim/plena) reads the values back, and the
// emulator's store quantiser (EncodeMXBlock) writes the same bytes for
// them.
func TestMXExactAgainstSimulator(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		blk := make([]float64, MXBlock)
		sc := math.Ldexp(1, r.IntN(40)-20)
		for i := range blk {
			if r.IntN(6) > 0 {
				blk[i] = r.NormFloat64() * sc
			}
		}
		a := &Array{Shape: []int{MXBlock}, Data: blk}
		quantiseMX(a)
		f := make([]float32, MXBlock)
		for i, v := range a.Data {
			f[i] = float32(v)
		}
		elems := make([]byte, MXBlock)
		scale, err := encodeMXExact(f, elems)
		if err != nil {
			t.Fatalf("%v: %v", a.Data, err)
		}
		for i, v := range a.Data {
			if got := float64(plena.DecodeE4M3(elems[i]) * plena.DecodeE8M0(scale)); got != v {
				t.Fatalf("block %v: element %d decodes to %g, want %g", a.Data, i, got, v)
			}
		}
		store := make([]byte, MXBlock)
		if s2 := plena.EncodeMXBlock(f, store); s2 != scale || !slices.Equal(store, elems) {
			t.Fatalf("block %v: store quantiser writes %d %v, exact encoding %d %v", a.Data, s2, store, scale, elems)
		}
	}
	if _, err := encodeMXExact([]float32{1, 1.1}, make([]byte, 2)); err == nil {
		t.Error("1.1 with block scale 1 encoded without error")
	}
}

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
				got = float64(plena.DecodeE4M3(b[0]) * plena.DecodeE8M0(sc[0]))
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

// TestQuantiseMXFast: the quantiser (binary exponents by Frexp, powers of
// two by their bits) gives exactly what the harness's formula, with
// math.Log2 and math.Exp2, gives: on random float32 values of every
// magnitude, powers of two and their float32 neighbours.
func TestQuantiseMXFast(t *testing.T) {
	slowE4M3 := func(v float64) float64 {
		if v == 0 {
			return 0
		}
		sign := 1.0
		if v < 0 {
			sign, v = -1, -v
		}
		exp := math.Floor(math.Log2(float64(float32(v) + 1e-9)))
		exp = math.Max(-7, math.Min(7, exp))
		m := v / math.Exp2(exp)
		if exp != -7 {
			q := math.Min(7, math.Max(0, hardwareRound((m-1)*8)))
			return sign * (1 + q/8) * math.Exp2(exp)
		}
		q := math.Min(7, math.Max(0, hardwareRound(m*8)))
		return sign * q / 8 * math.Exp2(-7)
	}
	slowBlock := func(blk []float64) {
		var maxAbs float32
		for _, x := range blk {
			maxAbs = max(maxAbs, float32(math.Abs(float64(float32(x)))))
		}
		e := math.Floor(math.Log2(float64(maxAbs + 1e-9)))
		e = math.Max(-127, math.Min(127, e))
		for i, x := range blk {
			v := float64(float32(x)) / math.Exp2(e)
			blk[i] = math.Ldexp(slowE4M3(v), int(e)) + 0 // as quantiseMXBlock: no -0
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var vals []float64
	for e := -140; e <= 126; e++ { // float32 values (2^127 * 1.9375 is the largest here)
		p := math.Ldexp(1, e)
		vals = append(vals, p, float64(math.Nextafter32(float32(p), 0)), float64(math.Nextafter32(float32(p), float32(math.Inf(1)))), -p, 1.5*p, 1.9375*p, 1.0625*p)
	}
	for range 200000 {
		vals = append(vals, float64(float32(rng.NormFloat64()*math.Ldexp(1, rng.IntN(80)-40))))
	}
	for i := 0; i+MXBlock <= len(vals); i += 3 {
		a := append([]float64(nil), vals[i:i+MXBlock]...)
		b := append([]float64(nil), a...)
		c := append([]float64(nil), a...)
		stable := quantiseMXBlock(a)
		slowBlock(b)
		if quantiseMXBlock8((*[MXBlock]float64)(c)) != stable {
			t.Fatalf("block at %d: quantiseMXBlock8 and quantiseMXBlock differ on stability", i)
		}
		for j := range a {
			if math.Float64bits(a[j]) != math.Float64bits(b[j]) {
				t.Fatalf("block at %d, element %d (%g): fast %g, formula %g", i, j, vals[i+j], a[j], b[j])
			}
			if math.Float64bits(c[j]) != math.Float64bits(b[j]) {
				t.Fatalf("block at %d, element %d (%g): quantiseMXBlock8 %g, formula %g", i, j, vals[i+j], c[j], b[j])
			}
		}
	}
	for _, v := range vals {
		if f, s := quantiseE4M3(v), slowE4M3(v); math.Float64bits(f) != math.Float64bits(s) && !(v > 0 && v < 1e-300) {
			t.Fatalf("quantiseE4M3(%g): fast %g, formula %g", v, f, s)
		}
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

// TestQuantiseMXVector: the vector quantiser (package mxq and its
// fix-ups) gives quantiseMXBlock's bits and stability, block by block, on
// values of every magnitude, zeros of both signs, float32 subnormals,
// values just below powers of two (where the harness's 1e-9 moves the
// shared exponent), infinities and NaNs.
func TestQuantiseMXVector(t *testing.T) {
	if !mxq.Available() {
		t.Skip("no vector quantiser on this host")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	special := []float64{0, math.Copysign(0, -1), 0x1p-140, -0x1p-149, 0x1p-126, math.Inf(1), math.Inf(-1), math.NaN(), 1 - 0x1p-24, 0x1p-30 - 0x1p-54, 1e-9, 0x1p-27}
	n := 1 << 16
	vals := make([]float64, n)
	for i := range vals {
		switch r := rng.IntN(64); {
		case r == 0:
			vals[i] = special[rng.IntN(len(special))]
		case r < 4: // a float64 that is not a float32
			vals[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(60)-30)
		default:
			vals[i] = float64(float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(300)-150)))
		}
	}
	// Blocks of one magnitude with a few tiny elements (the fix-ups).
	for b := 0; b < 1024; b++ {
		sc := math.Ldexp(1, rng.IntN(60)-30)
		for i := range MXBlock {
			vals[b*MXBlock+i] = rng.NormFloat64() * sc * math.Ldexp(1, -rng.IntN(12))
		}
	}
	// Blocks with elements where the float32 1e-9 carries x/2^e over
	// 2^-6 or 2^-5, and on the clamped exponent's grid.
	for b := 1024; b < 1024+256; b++ {
		e := rng.IntN(200) - 100
		p := func(k int) float64 { return math.Ldexp(1, e+k) }
		edge := []float64{
			p(0) * 1.5, p(-5) - p(-29), -(p(-6) - p(-30)), p(-7) * 1.999, -p(-8) * 1.3,
			p(-11), p(-6) - p(-29), p(-5) * (1 - 0x1p-22),
		}
		for i := range MXBlock {
			vals[b*MXBlock+i] = float64(float32(edge[(i+b)%len(edge)] * (1 + float64(rng.IntN(3))*0x1p-23)))
		}
		vals[b*MXBlock] = p(0) * 1.5
	}
	got := append([]float64(nil), vals...)
	if !quantiseMXVector(got[:0], nil) {
		t.Fatal("empty data is not stable")
	}
	for lo := 0; lo < n; lo += 4096 + 8 {
		hi := min(n, lo+4096+8)
		want := append([]float64(nil), vals[lo:hi]...)
		stable := true
		for b := 0; b < len(want); b += MXBlock {
			if !quantiseMXBlock(want[b : b+MXBlock]) {
				stable = false
			}
		}
		enc := make([]byte, 4*(hi-lo))
		if quantiseMXVector(got[lo:hi], enc) != stable {
			t.Errorf("elements %d..%d: stability differs", lo, hi-1)
		}
		for i, w := range want {
			if g := got[lo+i]; math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
				t.Fatalf("element %d (%g, block %v): vector %g, quantiseMXBlock %g", lo+i, vals[lo+i], vals[(lo+i)&^7:(lo+i)&^7+8], g, w)
			}
			if g, w := binary.LittleEndian.Uint32(enc[4*i:]), math.Float32bits(float32(w)); g != w && !(g&0x7fffffff > 0x7f800000 && w&0x7fffffff > 0x7f800000) {
				t.Fatalf("element %d (%g): encoded %#x, want %#x", lo+i, vals[lo+i], g, w)
			}
		}
	}
	// Stability block by block, and pair by pair (the vector loop takes
	// two blocks at a time).
	for b := 0; b < n; b += MXBlock {
		blk := append([]float64(nil), vals[b:b+MXBlock]...)
		if quantiseMXVector(append([]float64(nil), blk...), nil) != quantiseMXBlock(blk) {
			t.Fatalf("block %v: stability differs", vals[b:b+MXBlock])
		}
		if b+2*MXBlock <= n {
			pair := append([]float64(nil), vals[b:b+2*MXBlock]...)
			got := quantiseMXVector(append([]float64(nil), pair...), nil)
			s0, s1 := quantiseMXBlock(pair[:MXBlock]), quantiseMXBlock(pair[MXBlock:])
			if got != (s0 && s1) {
				t.Fatalf("blocks %v: stability differs", vals[b:b+2*MXBlock])
			}
		}
	}
}

// TestMXEncodeVector: package mxq's vector encoder writes what
// encodeMXBytes writes for every block it encodes, and stops only at a
// block where encodeMXBytes needs encodeMXSlow (or fails): on quantised
// blocks of every magnitude, with zeros of both signs, PLENA's subnormal
// codes, float32 subnormals, values that are no code, infinities and
// NaNs, and tiny blocks where a zero lane's exponent difference looks
// like a code's.
func TestMXEncodeVector(t *testing.T) {
	if !mxq.Available() {
		t.Skip("no vector encoder on this host")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	const nb = 1 << 13
	vals := make([]float64, nb*MXBlock)
	for b := range nb {
		blk := vals[b*MXBlock : (b+1)*MXBlock]
		sc := math.Ldexp(1, rng.IntN(250)-125)
		for i := range blk {
			blk[i] = rng.NormFloat64() * sc * math.Ldexp(1, -rng.IntN(12))
		}
		if b%2 == 0 {
			quantiseMXBlock(blk)
		}
		switch rng.IntN(16) {
		case 0:
			blk[rng.IntN(MXBlock)] = 0
		case 1:
			blk[rng.IntN(MXBlock)] = math.Copysign(0, -1)
		case 2:
			blk[rng.IntN(MXBlock)] = []float64{math.Inf(1), math.Inf(-1), math.NaN(), 0x1p-140, 0x1p-149}[rng.IntN(5)]
		case 3: // a block of zeros but one tiny value
			clear(blk)
			blk[rng.IntN(MXBlock)] = math.Ldexp(1, -rng.IntN(10)-117)
		case 4:
			clear(blk)
		}
	}
	x := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(x[4*i:], math.Float32bits(float32(v)))
	}
	codes, scales := make([]byte, len(vals)), make([]byte, nb)
	stops, vectorBlocks := 0, 0
	for b := 0; b < nb; {
		done := mxq.Encode(x[32*b:], codes[8*b:], scales[b:])
		for i := b; i < b+done; i++ {
			var want [MXBlock]byte
			sc, err := encodeMXBytes(x[32*i:32*i+32], want[:])
			if err != nil || sc != scales[i] || want != [MXBlock]byte(codes[8*i:8*i+8]) {
				t.Fatalf("block %d %v: vector scale %d codes %v, want %d %v (%v)", i, vals[8*i:8*i+8], scales[i], codes[8*i:8*i+8], sc, want, err)
			}
		}
		vectorBlocks += done
		b += done
		if b == nb {
			break
		}
		var f [MXBlock]float32
		for j := range f {
			f[j] = float32(vals[8*b+j])
		}
		var c [MXBlock]byte
		if _, ok := encodeMXFast(f[:], c[:]); ok {
			t.Fatalf("block %d %v: the vector encoder stopped at a block encodeMXFast encodes", b, f)
		}
		stops++
		b++
	}
	t.Logf("%d blocks encoded in vectors, %d stops", vectorBlocks, stops)
	if stops == 0 || vectorBlocks < nb/2 {
		t.Fatalf("%d blocks encoded in vectors, %d stops: the test covers too little", vectorBlocks, stops)
	}
}

// TestMXDecodeVector: sim/vec's MX decoder, which ReadBack uses, gives
// the bits of PLENA's scalar decoding (E4M3 value times E8M0 scale in
// float32) for every code with every scale byte (NaNs, infinities and
// zero scales included), on the host's path.
func TestMXDecodeVector(t *testing.T) {
	codes := make([]byte, 256*256)
	scales := make([]float32, len(codes)/MXBlock)
	for i := range codes { // every code with every scale byte
		codes[i] = byte(i)
	}
	for b := range scales {
		scales[b] = e8m0Values[b/(256/MXBlock)]
	}
	out := make([]byte, 4*len(codes))
	vec.DequantMX8Bits(out, codes, scales, &e4m3Values)
	for i, c := range codes {
		sb := byte(i / MXBlock / (256 / MXBlock))
		want := math.Float32bits(plena.DecodeE4M3(c) * plena.DecodeE8M0(sb))
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != want {
			t.Fatalf("code %#x scale %#x: %#x, want %#x", c, sb, got, want)
		}
	}
}

// BenchmarkQuantiseMX times the harness quantiser (quantiseMX) on a
// 256 x 256 matrix of normal values, as a case's weights get it.
func BenchmarkQuantiseMX(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	src := make([]float64, 256*256)
	for i := range src {
		src[i] = r.NormFloat64() / 16
	}
	a := &Array{Shape: []int{256, 256}, Data: make([]float64, len(src))}
	for b.Loop() {
		copy(a.Data, src)
		quantiseMX(a)
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

// BenchmarkEncodeMXExact times the exact MXFP8 encoder on quantised
// blocks (a case tensor's memory image).
func BenchmarkEncodeMXExact(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	a := &Array{Shape: []int{256, 256}, Data: make([]float64, 256*256)}
	for i := range a.Data {
		a.Data[i] = r.NormFloat64() / 16
	}
	quantiseMX(a)
	f := make([]float32, len(a.Data))
	for i, v := range a.Data {
		f[i] = float32(v)
	}
	elems := make([]byte, len(f))
	for b.Loop() {
		for k := 0; k < len(f); k += MXBlock {
			if _, err := encodeMXExact(f[k:k+MXBlock], elems[k:]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestQuantiseMXNoNegativeZero: a small negative quantised to zero is +0
// (zero's MX encoding has no sign; a -0 input would read back as +0 and
// fail the checker's bit-for-bit test of read-only inputs: sdpa c1,
// hidden seed 39608).
func TestQuantiseMXNoNegativeZero(t *testing.T) {
	a := &Array{Shape: []int{MXBlock}, Data: []float64{3, -1e-4, 1, 0, -2, -1e-5, 0.5, 1}}
	quantiseMX(a)
	for i, v := range a.Data {
		if v == 0 && math.Signbit(v) {
			t.Errorf("element %d quantised to -0", i)
		}
	}
	if a.Data[1] != 0 || a.Data[5] != 0 {
		t.Errorf("small negatives quantised to %g and %g, want 0", a.Data[1], a.Data[5])
	}
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
