package vec

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bigModes = [...]big.RoundingMode{RNE: big.ToNearestEven, RTZ: big.ToZero, RDN: big.ToNegativeInf, RUP: big.ToPositiveInf, RMM: big.ToNearestAway}

// oracle rounds an exact big.Float to single precision in mode rm, or
// reports ok = false when the result is not a normal number (subnormal
// range, overflow), which big.Float does not model.
func oracle(x *big.Float, rm uint32) (uint32, bool) {
	if x.Sign() == 0 {
		return 0, false
	}
	r := new(big.Float).SetPrec(24).SetMode(bigModes[rm]).Set(x)
	f, _ := r.Float64()
	if math.Abs(f) < 0x1p-126 || math.Abs(f) > math.MaxFloat32 {
		return 0, false
	}
	return math.Float32bits(float32(f)), true
}

func randF32(r *rand.Rand) uint32 {
	switch r.IntN(8) {
	case 0: // near 1
		return 0x3f800000 + uint32(r.IntN(64)) - 32
	case 1: // small exponent spread
		return r.Uint32()&0x807fffff | uint32(120+r.IntN(16))<<23
	}
	return r.Uint32()&0x807fffff | uint32(1+r.IntN(253))<<23
}

func exact(a uint32) *big.Float {
	return new(big.Float).SetPrec(0).SetFloat64(float64(math.Float32frombits(a)))
}

// Every rounding mode of add, mul, div, sqrt and fma against big.Float.
func TestFloatRoundingModesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		a, b, c := randF32(r), randF32(r), randF32(r)
		for rm := RNE; rm <= RMM; rm++ {
			check := func(name string, got uint32, x *big.Float) {
				if want, ok := oracle(x, rm); ok && got != want {
					t.Fatalf("%s(%#x, %#x, %#x) rm=%d = %#x, want %#x", name, a, b, c, rm, got, want)
				}
			}
			prec := func() *big.Float { return new(big.Float).SetPrec(2000) }
			got, _ := FAdd(a, b, rm)
			check("add", got, prec().Add(exact(a), exact(b)))
			got, _ = FMul(a, b, rm)
			check("mul", got, prec().Mul(exact(a), exact(b)))
			got, _ = FMA(a, b, c, rm)
			check("fma", got, prec().Add(prec().Mul(exact(a), exact(b)), exact(c)))
			// Division and sqrt are not exact in big.Float: compare the
			// result against its neighbours instead.
			got, fl := FDiv(a, b, rm)
			if want, ok := oracle(prec().Quo(exact(a), exact(b)), rm); ok && fl&FlagNX != 0 && got != want {
				// prec 2000 quotient is inexact, but rounding it to 24 bits
				// is only wrong when it lies within 2^-2000 of a boundary.
				t.Fatalf("div(%#x, %#x) rm=%d = %#x, want %#x", a, b, rm, got, want)
			}
			if a&signBit32 == 0 {
				got, _ = FSqrt(a, rm)
				if want, ok := oracle(prec().Sqrt(exact(a)), rm); ok && got != want {
					t.Fatalf("sqrt(%#x) rm=%d = %#x, want %#x", a, rm, got, want)
				}
			}
		}
	}
}

// Under round-to-nearest-even, results equal Go's float32 arithmetic
// (subnormals included).
func TestFloatRNEMatchesHost(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		a, b := r.Uint32(), r.Uint32()
		if r.IntN(2) == 0 {
			b = b&0x807fffff | a&0x7f800000 // close exponents: cancellation
		}
		fa, fb := math.Float32frombits(a), math.Float32frombits(b)
		canon := func(x float32) uint32 {
			if x != x {
				return CanonicalNaN
			}
			return math.Float32bits(x)
		}
		for _, c := range []struct {
			name string
			got  uint32
			want uint32
		}{
			{"add", first(FAdd(a, b, RNE)), canon(fa + fb)},
			{"sub", first(FSub(a, b, RNE)), canon(fa - fb)},
			{"mul", first(FMul(a, b, RNE)), canon(fa * fb)},
			{"div", first(FDiv(a, b, RNE)), canon(fa / fb)},
			{"sqrt", first(FSqrt(a, RNE)), canon(float32(math.Sqrt(float64(fa))))},
		} {
			if c.got != c.want {
				t.Fatalf("%s(%#x, %#x) = %#x, want %#x", c.name, a, b, c.got, c.want)
			}
		}
	}
}

func first(x, _ uint32) uint32 { return x }

func TestFloatSpecialCases(t *testing.T) {
	const (
		one    = 0x3f800000
		two    = 0x40000000
		inf    = 0x7f800000
		ninf   = 0xff800000
		snan   = 0x7f800001
		qnan   = 0x7fc00001
		tiny   = 0x00000001 // smallest subnormal
		minNrm = 0x00800000
		maxF   = 0x7f7fffff
	)
	cases := []struct {
		name  string
		got   [2]uint32
		res   uint32
		flags uint32
	}{
		{"1+2^-30 rne", pair(FAdd(one, 0x30800000, RNE)), one, FlagNX},
		{"1+2^-30 rup", pair(FAdd(one, 0x30800000, RUP)), one + 1, FlagNX},
		{"-1-2^-30 rdn", pair(FSub(0xbf800000, 0x30800000, RDN)), 0xbf800001, FlagNX},
		{"1/3 rne", pair(FDiv(one, 0x40400000, RNE)), 0x3eaaaaab, FlagNX},
		{"1/3 rtz", pair(FDiv(one, 0x40400000, RTZ)), 0x3eaaaaaa, FlagNX},
		{"1/0", pair(FDiv(one, 0, RNE)), inf, FlagDZ},
		{"0/0", pair(FDiv(0, 0, RNE)), CanonicalNaN, FlagNV},
		{"inf-inf", pair(FSub(inf, inf, RNE)), CanonicalNaN, FlagNV},
		{"snan+1", pair(FAdd(snan, one, RNE)), CanonicalNaN, FlagNV},
		{"qnan+1", pair(FAdd(qnan, one, RNE)), CanonicalNaN, 0},
		{"0*inf", pair(FMul(0, inf, RNE)), CanonicalNaN, FlagNV},
		{"fma(inf,0,qnan)", pair(FMA(inf, 0, qnan, RNE)), CanonicalNaN, FlagNV},
		{"max*2 rne", pair(FMul(maxF, two, RNE)), inf, FlagOF | FlagNX},
		{"max*2 rtz", pair(FMul(maxF, two, RTZ)), maxF, FlagOF | FlagNX},
		{"-max*2 rup", pair(FMul(maxF|signBit32, two, RUP)), maxF | signBit32, FlagOF | FlagNX},
		{"tiny/2 rne", pair(FMul(tiny, 0x3f000000, RNE)), 0, FlagUF | FlagNX},
		{"tiny/2 rup", pair(FMul(tiny, 0x3f000000, RUP)), tiny, FlagUF | FlagNX},
		{"minNrm*1 exact", pair(FMul(minNrm, one, RNE)), minNrm, 0},
		{"x-x rdn", pair(FSub(two, two, RDN)), signBit32, 0},
		{"x-x rne", pair(FSub(two, two, RNE)), 0, 0},
		{"+0 + +0 rdn", pair(FAdd(0, 0, RDN)), 0, 0},
		{"-0 + -0", pair(FAdd(signBit32, signBit32, RNE)), signBit32, 0},
		{"sqrt(-1)", pair(FSqrt(0xbf800000, RNE)), CanonicalNaN, FlagNV},
		{"sqrt(-0)", pair(FSqrt(signBit32, RNE)), signBit32, 0},
		{"min(qnan,1)", pair(FMin(qnan, one)), one, 0},
		{"min(snan,1)", pair(FMin(snan, one)), one, FlagNV},
		{"min(-0,+0)", pair(FMin(0, signBit32)), signBit32, 0},
		{"max(-0,+0)", pair(FMax(signBit32, 0)), 0, 0},
		{"max(nan,nan)", pair(FMax(qnan, qnan)), CanonicalNaN, 0},
		{"rec7(1)", pair(FRec7(one, RNE)), 0x3f7f0000, 0},
		{"rec7(-inf)", pair(FRec7(ninf, RNE)), signBit32, 0},
		{"rec7(+0)", pair(FRec7(0, RNE)), inf, FlagDZ},
		{"rec7(tiny) rne", pair(FRec7(tiny, RNE)), inf, FlagOF | FlagNX},
		{"rec7(tiny) rtz", pair(FRec7(tiny, RTZ)), maxF, FlagOF | FlagNX},
		{"rsqrt7(1)", pair(FRsqrt7(one)), 0x3f7f0000, 0},
		{"rsqrt7(4)", pair(FRsqrt7(0x40800000)), 0x3eff0000, 0},
		{"rsqrt7(-1)", pair(FRsqrt7(0xbf800000)), CanonicalNaN, FlagNV},
		{"rsqrt7(inf)", pair(FRsqrt7(inf)), 0, 0},
	}
	for _, c := range cases {
		if c.got[0] != c.res || c.got[1] != c.flags {
			t.Errorf("%s = %#x flags %#x, want %#x flags %#x", c.name, c.got[0], c.got[1], c.res, c.flags)
		}
	}
	// Classification.
	for x, want := range map[uint32]uint32{ninf: 1, 0xbf800000: 2, 0x80000001: 4, signBit32: 8, 0: 16, tiny: 32, one: 64, inf: 128, snan: 256, qnan: 512} {
		if got := FClass(x); got != want {
			t.Errorf("class(%#x) = %#x, want %#x", x, got, want)
		}
	}
	// Conversions saturate with invalid.
	for _, c := range []struct {
		a      uint32
		rm     uint32
		signed bool
		want   int64
		flags  uint32
	}{
		{0x4f000000, RNE, true, math.MaxInt32, FlagNV}, // 2^31
		{0xcf000000, RNE, true, math.MinInt32, 0},      // -2^31 exact
		{qnan, RNE, true, math.MaxInt32, FlagNV},
		{qnan, RNE, false, math.MaxUint32, FlagNV},
		{0xbf000000, RTZ, false, 0, FlagNX},    // -0.5 → -0 → 0 inexact
		{0xbf800000, RTZ, false, 0, FlagNV},    // -1 unsigned
		{0x3fc00000, RNE, true, 2, FlagNX},     // 1.5 → 2
		{0x40200000, RNE, true, 2, FlagNX},     // 2.5 → 2
		{0x40200000, RMM, true, 3, FlagNX},     // 2.5 → 3
		{0xc0200000, RDN, true, -3, FlagNX},    // -2.5 → -3
		{0x47000000, RNE, true, 32767, FlagNV}, // 32768 into int16 (narrowing use)
	} {
		w := uint(32)
		if c.a == 0x47000000 {
			w = 16
		}
		got, fl := FToInt(c.a, c.rm, c.signed, w)
		if got != c.want || fl != c.flags {
			t.Errorf("FToInt(%#x, rm=%d, signed=%v) = %d flags %#x, want %d flags %#x", c.a, c.rm, c.signed, got, fl, c.want, c.flags)
		}
	}
	if got, fl := IntToF(0x7fffffff, RTZ); got != 0x4effffff || fl != FlagNX {
		t.Errorf("IntToF(MaxInt32, rtz) = %#x %#x", got, fl)
	}
}

func pair(a, b uint32) [2]uint32 { return [2]uint32{a, b} }
