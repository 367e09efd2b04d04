package aie2

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"kernelcraft/sim/vec"
)

// srsCases: the accumulator values v/4 (shift 2) at and around halves,
// and their hand-rounded quotients under every crRnd mode.
var srsInputs = []int64{10, -10, 6, -6, 9, -9, 11, -11}

var srsWant = map[uint32][]int64{
	rndFloor:    {2, -3, 1, -2, 2, -3, 2, -3},
	rndCeil:     {3, -2, 2, -1, 3, -2, 3, -2},
	rndSymFloor: {2, -2, 1, -1, 2, -2, 2, -2},
	rndSymCeil:  {3, -3, 2, -2, 3, -3, 3, -3},
	rndNegInf:   {2, -3, 1, -2, 2, -2, 3, -3},
	rndPosInf:   {3, -2, 2, -1, 2, -2, 3, -3},
	rndSymZero:  {2, -2, 1, -1, 2, -2, 3, -3},
	rndSymInf:   {3, -3, 2, -2, 2, -2, 3, -3},
	rndConvEven: {2, -2, 2, -2, 2, -2, 3, -3},
	rndConvOdd:  {3, -3, 1, -1, 2, -2, 3, -3},
}

// TestSRSRounding runs vsrs.s16.s32 on a simulated accumulator under
// every crRnd mode.
func TestSRSRounding(t *testing.T) {
	for rnd, want := range srsWant {
		src := fmt.Sprintf("movxm crrnd, #%d\nnop\nvsrs.s16.s32 wl1, bml0, s0\n%sdone\n", rnd, strings.Repeat("nop\n", 5))
		m := build(t, src, Options{})
		acc := make([]byte, 64)
		for i, v := range srsInputs {
			binary.LittleEndian.PutUint32(acc[4*i:], uint32(int32(v)))
		}
		m.SetVec("bml0", acc)
		m.SetReg("s0", 2)
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		got, _ := m.Vec("wl1")
		for i, w := range want {
			if g := int64(int16(binary.LittleEndian.Uint16(got[2*i:]))); g != w {
				t.Errorf("crRnd %d: %d/4 -> %d, want %d", rnd, srsInputs[i], g, w)
			}
		}
	}
}

// TestSRSSaturation: crSat 0 wraps, 1 saturates, 3 saturates
// symmetrically; the d forms take their signedness from crSRSSign
// (unsigned: negative values saturate to 0).
func TestSRSSaturation(t *testing.T) {
	in := []int64{0x12345, -40000, 70000, -5}
	cases := []struct {
		mn      string
		sat     uint32
		srsSign uint32
		want    []uint16
	}{
		{"vsrs.s16.s32", 0, 0, []uint16{0x2345, uint16(0x10000 - 40000 + 0x10000*0), uint16(70000 & 0xFFFF), 0xFFFB}},
		{"vsrs.s16.s32", 1, 0, []uint16{0x7FFF, 0x8000, 0x7FFF, 0xFFFB}},
		{"vsrs.s16.s32", 3, 0, []uint16{0x7FFF, 0x8001, 0x7FFF, 0xFFFB}},
		{"vsrs.d16.s32", 1, 0, []uint16{0xFFFF, 0, 0xFFFF, 0}},
		{"vsrs.d16.s32", 1, 1, []uint16{0x7FFF, 0x8000, 0x7FFF, 0xFFFB}},
	}
	for _, c := range cases {
		src := fmt.Sprintf("movxm crsat, #%d\nmovxm crsrssign, #%d\nnop\n%s wl1, bml0, s0\n%sdone\n", c.sat, c.srsSign, c.mn, strings.Repeat("nop\n", 5))
		m := build(t, src, Options{})
		acc := make([]byte, 64)
		for i, v := range in {
			binary.LittleEndian.PutUint32(acc[4*i:], uint32(int32(v)))
		}
		m.SetVec("bml0", acc)
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		got, _ := m.Vec("wl1")
		for i, w := range c.want {
			if g := binary.LittleEndian.Uint16(got[2*i:]); g != w {
				t.Errorf("%s crSat=%d crSRSSign=%d: %d -> %#x, want %#x", c.mn, c.sat, c.srsSign, in[i], g, w)
			}
		}
	}
}

// TestUPS: vups widens with a left shift, sign- or zero-extending by the
// form (d: crUPSSign), and saturates on overflow when crSat says so.
func TestUPS(t *testing.T) {
	cases := []struct {
		mn        string
		sat, sign uint32
		shift     uint64
		in        uint16
		want      uint32
	}{
		{"vups.s32.s16", 0, 0, 4, 0x0123, 0x1230},
		{"vups.s32.s16", 0, 0, 4, 0xFFFF, 0xFFFFFFF0},
		{"vups.s32.d16", 0, 0, 4, 0xFFFF, 0xFFFF0},
		{"vups.s32.d16", 0, 1, 4, 0xFFFF, 0xFFFFFFF0},
		{"vups.s32.s16", 0, 0, 20, 0x7FFF, 0xFFF00000},
		{"vups.s32.s16", 1, 0, 20, 0x7FFF, 0x7FFFFFFF},
		{"vups.s32.s16", 1, 0, 20, 0x8000, 0x80000000},
		{"vups.s32.s16", 3, 0, 20, 0x8000, 0x80000001},
	}
	for _, c := range cases {
		src := fmt.Sprintf("movxm crsat, #%d\nmovxm crupssign, #%d\nnop\n%s bml1, wl0, s0\n%sdone\n", c.sat, c.sign, c.mn, strings.Repeat("nop\n", 5))
		m := build(t, src, Options{})
		m.SetVec("wl0", fill(32, 2, uint64(c.in)))
		m.SetReg("s0", c.shift)
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		got, _ := m.Vec("bml1")
		if g := binary.LittleEndian.Uint32(got); g != c.want {
			t.Errorf("%s crSat=%d crUPSSign=%d: %#x << %d -> %#x, want %#x", c.mn, c.sat, c.sign, c.in, c.shift, g, c.want)
		}
	}
}

// TestConvBF16: fp32 -> bf16 under every crRnd mode at an exact half,
// positive and negative, and the silicon edge cases the fact sheet
// records from AMD's model and silicon (subnormals rounded, not flushed;
// infinity exact; a NaN whose upper bits read as infinity keeps a
// mantissa bit).
func TestConvBF16(t *testing.T) {
	type cs struct {
		in   uint32
		rnd  uint32
		want uint16
	}
	var cases []cs
	up := map[uint32][2]bool{ // mode -> (positive half rounds up in magnitude, negative half does)
		rndFloor: {false, true}, rndCeil: {true, false}, rndSymFloor: {false, false}, rndSymCeil: {true, true},
		rndNegInf: {false, true}, rndPosInf: {true, false}, rndSymZero: {false, false}, rndSymInf: {true, true},
		rndConvEven: {false, false}, rndConvOdd: {true, true},
	}
	for rnd, u := range up {
		p, n := uint16(0x3F80), uint16(0xBF80)
		if u[0] {
			p++
		}
		if u[1] {
			n++
		}
		cases = append(cases, cs{0x3F808000, rnd, p}, cs{0xBF808000, rnd, n})
	}
	cases = append(cases,
		cs{0x00008001, rndConvEven, 0x0001}, // subnormal, above the half
		cs{0x00008000, rndPosInf, 0x0001},   // subnormal tie rounds up under pos_inf
		cs{0x7F800000, rndConvEven, 0x7F80}, // +inf
		cs{0x7F800001, rndConvEven, 0x7F81}, // NaN keeps a mantissa bit
		cs{0x7F7FFFFF, rndConvEven, 0x7F80}, // rounds past the largest finite: inf
		cs{0x7F7FFFFF, rndSymFloor, 0x7F7F}, // toward zero stays finite
		cs{0x3F818000, rndConvEven, 0x3F82}, // tie to even, odd below
	)
	for _, c := range cases {
		src := fmt.Sprintf("movxm crrnd, #%d\nnop\nvconv.bf16.fp32 wl1, bml0\nnop\nnop\ndone\n", c.rnd)
		m := build(t, src, Options{})
		m.SetVec("bml0", fill(64, 4, uint64(c.in)))
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		got, _ := m.Vec("wl1")
		if g := binary.LittleEndian.Uint16(got); g != c.want {
			t.Errorf("crRnd %d: %#08x -> %#04x, want %#04x", c.rnd, c.in, g, c.want)
		}
	}
	// bf16 -> fp32 is exact.
	m := build(t, "vconv.fp32.bf16 bml1, wl0\nnop\nnop\ndone\n", Options{})
	m.SetVec("wl0", fill(32, 2, 0xBF81))
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	if got, _ := m.Vec("bml1"); binary.LittleEndian.Uint32(got[60:]) != 0xBF810000 {
		t.Errorf("vconv.fp32.bf16: % x", got[56:])
	}
}

// macLane0 runs one vmac.f/vmsc.f with X row 0 = a, Y column 0 = b, the
// accumulator's lane 0 = acc, and returns lane 0 of the result.
func macLane0(t *testing.T, mn string, cfg uint32, a, b []uint16, acc uint32) uint32 {
	t.Helper()
	x, y, bm := make([]byte, 64), make([]byte, 64), make([]byte, 64)
	for k := range a {
		binary.LittleEndian.PutUint16(x[2*k:], a[k])     // X[0][k]
		binary.LittleEndian.PutUint16(y[2*(k*4):], b[k]) // Y[k][0]
	}
	binary.LittleEndian.PutUint32(bm, acc)
	m := build(t, mn+" bml1, bml0, x0, x1, r0\n"+strings.Repeat("nop\n", 7)+"done\n", Options{})
	m.SetVec("x0", x)
	m.SetVec("x1", y)
	m.SetVec("bml0", bm)
	m.SetReg("r0", uint64(cfg))
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	got, _ := m.Vec("bml1")
	return binary.LittleEndian.Uint32(got)
}

// TestBF16MACNumerics: hand-computed lanes that tell AM020's rule (all
// terms aligned to the highest binary point with 23 fractional bits below
// it, one rounding) from an IEEE fp32 sum, and silicon's specials.
func TestBF16MACNumerics(t *testing.T) {
	const one, two = 0x3F80, 0x4000
	cases := []struct {
		name string
		mn   string
		cfg  uint32
		a, b []uint16
		acc  uint32
		want uint32
	}{
		// 1*1 + 2^-23*1: the grid lies 23 fractional bits below the
		// products' binary point (2^0, not their possible leading bit
		// 2^1), so 2^-23 is one step and stays (NPU1 silicon: sim/vec's
		// TestMacBF16Captures).
		{"23 fractional bits after the product's binary point", "vmac.f", 28, []uint16{one, 0x3400}, []uint16{one, one}, 0, 0x3F800001},
		// 1*1 + 2^-24*1 + 2^-24*1: each small product is half a step of
		// 2^-23: ties to even, 0 (IEEE: 1 + 2^-23 = 0x3F800001).
		{"half-step products vanish", "vmac.f", 28, []uint16{one, 0x3380, 0x3380}, []uint16{one, one, one}, 0, 0x3F800000},
		// acc 1.0 and eight products of 1.625*2^-25 = 0.406 grid steps:
		// each rounds to 0 (IEEE: 1 + 3.25 ulp -> 0x3F800003).
		{"eight sub-half products vanish", "vmac.f", 28,
			[]uint16{0x3FD0, 0x3FD0, 0x3FD0, 0x3FD0, 0x3FD0, 0x3FD0, 0x3FD0, 0x3FD0},
			[]uint16{0x3300, 0x3300, 0x3300, 0x3300, 0x3300, 0x3300, 0x3300, 0x3300}, 0x3F800000, 0x3F800000},
		// acc 1.0 and 1.5*2^-24 = 0.75 steps: rounds to one step.
		{"product above the half", "vmac.f", 28, []uint16{0x3FC0}, []uint16{0x3380}, 0x3F800000, 0x3F800001},
		// Exact small integers: 1*2 + 2*2 + 3 = 9.
		{"exact", "vmac.f", 28, []uint16{one, two}, []uint16{two, two}, 0x40400000, 0x41100000},
		{"zero_acc (29) ignores the accumulator", "vmac.f", 29, []uint16{one, two}, []uint16{two, two}, 0x40400000, 0x40C00000},
		{"vmsc.f subtracts", "vmsc.f", 28, []uint16{one, two}, []uint16{two, two}, 0x40400000, 0xC0400000},
		{"sub_mul (bit 11) negates the product", "vmac.f", 28 | 1<<11, []uint16{one, two}, []uint16{two, two}, 0x40400000, 0xC0400000},
		{"vmul.f has no accumulator", "vmul.f", 28, []uint16{one, two}, []uint16{two, two}, 0x40400000, 0x40C00000},
		{"subnormal factors flush to zero", "vmac.f", 28, []uint16{0x0001}, []uint16{one}, 0, 0},
		{"overflow is an exact infinity (silicon)", "vmac.f", 28, []uint16{0x7F00}, []uint16{0x7F00}, 0, 0x7F800000},
		{"a NaN input: exponent all ones, bit 0, the sum's sign (silicon)", "vmac.f", 28, []uint16{0xFFC0}, []uint16{one}, 0, 0xFF800001},
		{"infinity", "vmac.f", 28, []uint16{0x7F80}, []uint16{one}, 0, 0x7F800000},
	}
	for _, c := range cases {
		var got uint32
		if c.mn == "vmul.f" {
			got = mulLane0(t, c.cfg, c.a, c.b)
		} else {
			got = macLane0(t, c.mn, c.cfg, c.a, c.b, c.acc)
		}
		if got != c.want {
			t.Errorf("%s: %#08x, want %#08x", c.name, got, c.want)
		}
	}
}

func mulLane0(t *testing.T, cfg uint32, a, b []uint16) uint32 {
	t.Helper()
	x, y := make([]byte, 64), make([]byte, 64)
	for k := range a {
		binary.LittleEndian.PutUint16(x[2*k:], a[k])
		binary.LittleEndian.PutUint16(y[2*(k*4):], b[k])
	}
	m := build(t, "vmul.f bml1, x0, x1, r0\n"+strings.Repeat("nop\n", 7)+"done\n", Options{})
	m.SetVec("x0", x)
	m.SetVec("x1", y)
	m.SetReg("r0", uint64(cfg))
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	got, _ := m.Vec("bml1")
	return binary.LittleEndian.Uint32(got)
}

// putElem writes element i of bits bits (4: nibble i, low nibble first;
// else vec.PutLane) to b.
func putElem(b []byte, i, bits int, v uint64) {
	if bits == 4 {
		sh := 4 * (i % 2)
		b[i/2] = b[i/2]&^(15<<sh) | byte(v&15)<<sh
		return
	}
	vec.PutLane(b, i, bits, v)
}

// TestMACLayouts: random operands whose products and sums are exact check
// the matrix layouts (X row-major M x K, Y row-major K x N, C lane r*N+n)
// and signedness of the bf16 and integer modes against integer
// arithmetic.
func TestMACLayouts(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for _, mm := range macModes {
		for _, signed := range []bool{true, false} {
			if mm.fp && !signed {
				continue
			}
			xs := make([]int64, mm.m*mm.k)
			ys := make([]int64, max(mm.k*mm.n, mm.m*mm.k)) // element-wise modes read M*K of Y
			acc := make([]int64, mm.m*mm.n)
			x, y, a := make([]byte, 64), make([]byte, 64), make([]byte, 128)
			rnd := func(bits int) int64 {
				if mm.fp {
					return r.Int63n(17) - 8
				}
				if signed {
					return r.Int63n(1<<bits) - 1<<(bits-1)
				}
				return r.Int63n(1 << bits)
			}
			for i := range xs {
				xs[i] = rnd(mm.xbits)
				if mm.fp {
					binary.LittleEndian.PutUint16(x[2*i:], bf16(float32(xs[i])))
				} else {
					vec.PutLane(x, i, mm.xbits, uint64(xs[i]))
				}
			}
			for i := range ys {
				ys[i] = rnd(mm.ybits)
				if mm.fp {
					binary.LittleEndian.PutUint16(y[2*i:], bf16(float32(ys[i])))
				} else {
					putElem(y, i, mm.ybits, uint64(ys[i]))
				}
			}
			for i := range acc {
				acc[i] = r.Int63n(1000) - 500
				if mm.fp {
					binary.LittleEndian.PutUint32(a[4*i:], mathF32(float32(acc[i])))
				} else {
					vec.PutLane(a, i, mm.abits, uint64(acc[i]))
				}
			}
			cfg := uint32(mm.amode<<1 | mm.bmode<<3 | mm.var_<<5)
			if signed {
				cfg |= cfgSgnX | cfgSgnY
			}
			accReg, mn := "cm0", "vmac cm1, cm0, x0, x1, r0"
			out := "cm1"
			if mm.fp {
				accReg, mn, out = "bml0", "vmac.f bml1, bml0, x0, x1, r0", "bml1"
			}
			m := build(t, mn+"\n"+strings.Repeat("nop\n", 7)+"done\n", Options{})
			m.SetVec("x0", x)
			m.SetVec("x1", y)
			ab, _ := m.Vec(accReg)
			m.SetVec(accReg, a[:len(ab)])
			m.SetReg("r0", uint64(cfg))
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s: %s", mm.name, h)
			}
			got, _ := m.Vec(out)
			for rr := 0; rr < mm.m; rr++ {
				for n := 0; n < mm.n; n++ {
					want := acc[rr*mm.n+n]
					for k := 0; k < mm.k; k++ {
						want += xs[mm.xi(rr, k)] * ys[mm.yi(rr, k, n)]
					}
					if !mm.fp && mm.abits < 64 { // the lane wraps
						want = int64(int32(want))
					}
					var g int64
					if mm.fp {
						g = int64(f32s(got)[rr*mm.n+n])
					} else {
						g = vec.GetLane(got, rr*mm.n+n, mm.abits, true)
					}
					if g != want {
						t.Fatalf("%s signed=%v: C[%d][%d] = %d, want %d", mm.name, signed, rr, n, g, want)
					}
				}
			}
			if c := m.Stats().Counters[cntMACs]; c != uint64(mm.m*mm.k*mm.n) {
				t.Errorf("%s: %d MACs counted, want %d", mm.name, c, mm.m*mm.k*mm.n)
			}
		}
	}
}

// TestBF16ElementwiseMAC: configuration 60 multiplies lane by lane (lane
// i = x[i]*y[i] + x[i+16]*y[i+16]), as mlir-aie's bf16 element-wise
// multiply uses it with zeros in the high halves; the two products and
// the accumulator are aligned and rounded once, as in the matrix mode.
func TestBF16ElementwiseMAC(t *testing.T) {
	x, y, acc := make([]float32, 32), make([]float32, 32), make([]float32, 16)
	for i := range 16 {
		x[i], y[i] = float32(i+1), float32(-2*i)+0.5
		acc[i] = float32(100 * i)
	}
	x[16+3], y[16+3] = 4, 8 // a second term in lane 3
	// Lane 5: 1 + 2^-24 + 2^-24 under AM020's rule (the product 1*1 sets
	// the grid at 2^-23, where each 2^-24 is a tie that rounds to even,
	// 0): 1, where the exact sum 1 + 2^-23 is an fp32.
	x[5], y[5], x[21], y[21], acc[5] = 1, 1, 0x1p-24, 1, 0x1p-24
	m := build(t, "vmac.f bml1, bml0, x0, x1, r0\nvmul.f bml2, x0, x1, r1\n"+strings.Repeat("nop\n", 7)+"done\n", Options{})
	m.SetVec("x0", bf16Bytes(x))
	m.SetVec("x1", bf16Bytes(y))
	a := make([]byte, 64)
	for i, v := range acc {
		binary.LittleEndian.PutUint32(a[4*i:], mathF32(v))
	}
	m.SetVec("bml0", a)
	m.SetReg("r0", 60)
	m.SetReg("r1", 60)
	if h := m.Run(); !h.OK() {
		t.Fatal(h)
	}
	mac, _ := m.Vec("bml1")
	mul, _ := m.Vec("bml2")
	for i := range 16 {
		want := acc[i] + x[i]*y[i] + x[i+16]*y[i+16]
		wantMul := x[i]*y[i] + x[i+16]*y[i+16]
		if i == 5 {
			want, wantMul = 1, 1
		}
		if g := f32s(mac)[i]; g != want {
			t.Errorf("vmac.f lane %d = %v, want %v", i, g, want)
		}
		if g := f32s(mul)[i]; g != wantMul {
			t.Errorf("vmul.f lane %d = %v, want %v", i, g, wantMul)
		}
	}
	if c := m.Stats().Counters[cntMACs]; c != 64 {
		t.Errorf("%d MACs counted, want 2 x 32", c)
	}
}
