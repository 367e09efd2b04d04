package coral

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"kernelcraft/sim/vec"
)

var bigModes = map[uint8]big.RoundingMode{
	rmRNE: big.ToNearestEven, rmRTZ: big.ToZero, rmRDN: big.ToNegativeInf,
	rmRUP: big.ToPositiveInf, rmRMM: big.ToNearestAway,
}

// randF32 draws finite values with exponents spread over the whole range,
// biased to interesting neighbourhoods.
func randF32(r *rand.Rand) uint32 {
	switch r.Intn(8) {
	case 0:
		return r.Uint32() & 0x807fffff // subnormal or zero
	case 1:
		return r.Uint32()&0x80000000 | uint32(120+r.Intn(16))<<23 | r.Uint32()&0x7fffff // near 1
	case 2:
		return r.Uint32()&0x80000000 | uint32(1+r.Intn(4))<<23 | r.Uint32()&0x7fffff // tiny normals
	case 3:
		return r.Uint32()&0x80000000 | uint32(250+r.Intn(5))<<23 | r.Uint32()&0x7fffff // huge
	case 4:
		return r.Uint32()&0x80000000 | uint32(127+r.Intn(3))<<23 | r.Uint32()&0x7f0000 // short mantissas: exact cases
	}
	for {
		v := r.Uint32()
		if v&0x7f800000 != 0x7f800000 {
			return v
		}
	}
}

func bf(a uint32) *big.Float {
	return new(big.Float).SetPrec(400).SetFloat64(float64(math.Float32frombits(a)))
}

// refRound rounds an exact (or sticky-marked) big value to single precision
// under mode rm; ok is false outside the normal range, where the test uses
// the host's float32 arithmetic instead.
func refRound(x *big.Float, rm uint8) (uint32, bool, bool) {
	if x.Sign() == 0 {
		return 0, true, false
	}
	r := new(big.Float).SetPrec(24).SetMode(bigModes[rm]).Set(x)
	e := r.MantExp(nil) - 1
	if e > 127 {
		return 0, false, false
	}
	if e < -126 {
		return refSubnormal(x, rm)
	}
	f, _ := r.Float32()
	return math.Float32bits(f), true, r.Acc() != big.Exact
}

// refSubnormal rounds x to a multiple of 2^-149 (the subnormal grid).
func refSubnormal(x *big.Float, rm uint8) (uint32, bool, bool) {
	y := new(big.Float).SetPrec(500).SetMantExp(x, 149)
	neg := y.Sign() < 0
	y.Abs(y)
	q, _ := y.Int(nil) // truncated magnitude
	frac := new(big.Float).SetPrec(500).Sub(y, new(big.Float).SetInt(q))
	half := big.NewFloat(0.5)
	up := false
	switch c := frac.Cmp(half); rm {
	case rmRNE:
		up = c > 0 || c == 0 && q.Bit(0) == 1
	case rmRMM:
		up = c >= 0
	case rmRDN:
		up = neg && frac.Sign() != 0
	case rmRUP:
		up = !neg && frac.Sign() != 0
	}
	if up {
		q.Add(q, big.NewInt(1))
	}
	v := uint32(q.Uint64())
	if neg {
		v |= signBit
	}
	return v, true, frac.Sign() != 0
}

// sticky makes an inexact big result strictly greater in magnitude than its
// truncation, so a second rounding sees the right side.
func sticky(x *big.Float) *big.Float {
	if x.Acc() == big.Exact {
		return x
	}
	ulp := new(big.Float).SetMantExp(big.NewFloat(1), x.MantExp(nil)-int(x.Prec())-2)
	if x.Sign() < 0 {
		ulp.Neg(ulp)
	}
	return new(big.Float).SetPrec(x.Prec()+4).Add(x, ulp)
}

func TestFPUAgainstBigFloat(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	checked := 0
	for i := 0; i < n; i++ {
		a, b, c := randF32(r), randF32(r), randF32(r)
		for rm := uint8(0); rm <= rmRMM; rm++ {
			type opcase struct {
				name string
				got  uint32
				fl   uint8
				ref  *big.Float
			}
			var cases []opcase
			g, fl := fadd32(a, b, rm)
			cases = append(cases, opcase{"add", g, fl, new(big.Float).SetPrec(400).Add(bf(a), bf(b))})
			g, fl = fsub32(a, b, rm)
			cases = append(cases, opcase{"sub", g, fl, new(big.Float).SetPrec(400).Sub(bf(a), bf(b))})
			g, fl = fmul32(a, b, rm)
			cases = append(cases, opcase{"mul", g, fl, new(big.Float).SetPrec(400).Mul(bf(a), bf(b))})
			if !isZero32(b) {
				g, fl = fdiv32(a, b, rm)
				q := new(big.Float).SetPrec(300).SetMode(big.ToZero).Quo(bf(a), bf(b))
				cases = append(cases, opcase{"div", g, fl, sticky(q)})
			}
			if a&signBit == 0 {
				g, fl = fsqrt32(a, rm)
				q := new(big.Float).SetPrec(300).SetMode(big.ToZero).Sqrt(bf(a))
				cases = append(cases, opcase{"sqrt", g, fl, sticky(q)})
			}
			g, fl = fma32(a, b, c, false, false, rm)
			p := new(big.Float).SetPrec(400).Mul(bf(a), bf(b))
			cases = append(cases, opcase{"fma", g, fl, new(big.Float).SetPrec(400).Add(p, bf(c))})
			g, fl = fma32(a, b, c, true, true, rm)
			cases = append(cases, opcase{"fnmadd", g, fl, new(big.Float).SetPrec(400).Neg(new(big.Float).SetPrec(400).Add(p, bf(c)))})
			for _, oc := range cases {
				want, ok, inexact := refRound(oc.ref, rm)
				if !ok {
					continue
				}
				if oc.ref.Sign() == 0 {
					// Exact zero: sign rules checked in the special cases.
					if !isZero32(oc.got) {
						t.Errorf("%s(%#x, %#x, %#x) rm %d = %#x, want ±0", oc.name, a, b, c, rm, oc.got)
					}
					continue
				}
				checked++
				if oc.got != want {
					t.Errorf("%s(%#x, %#x, %#x) rm %d = %#x, want %#x", oc.name, a, b, c, rm, oc.got, want)
				}
				// UF: tiny after rounding to 24 bits with an unbounded exponent.
				r24 := new(big.Float).SetPrec(24).SetMode(bigModes[rm]).Set(oc.ref)
				tiny := r24.MantExp(nil)-1 < -126
				if (oc.fl&fNX != 0) != inexact || (oc.fl&fUF != 0) != (tiny && inexact) || oc.fl&(fNV|fDZ|fOF) != 0 {
					t.Errorf("%s(%#x, %#x, %#x) rm %d flags %#x, inexact %v", oc.name, a, b, c, rm, oc.fl, inexact)
				}
			}
		}
		if t.Failed() {
			return
		}
	}
	if checked < n {
		t.Fatalf("only %d results in range", checked)
	}
}

// TestFPUSubnormalsRNE checks round-to-nearest results, subnormal and
// overflowing ones included, against the host's IEEE float32 arithmetic.
func TestFPUSubnormalsRNE(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	f := math.Float32frombits
	for i := 0; i < 50000; i++ {
		a, b := randF32(r), randF32(r)
		check := func(name string, got uint32, want float32) {
			w := math.Float32bits(want)
			if isNaN32(w) {
				w = canonNaN
			}
			if got != w {
				t.Fatalf("%s(%#x, %#x) = %#x, want %#x", name, a, b, got, w)
			}
		}
		g, _ := fadd32(a, b, rmRNE)
		check("add", g, f(a)+f(b))
		g, _ = fmul32(a, b, rmRNE)
		check("mul", g, f(a)*f(b))
		g, _ = fdiv32(a, b, rmRNE)
		check("div", g, f(a)/f(b))
		g, _ = fsqrt32(a, rmRNE)
		check("sqrt", g, float32(math.Sqrt(float64(f(a)))))
		// Conversions.
		if v := f(a); !math.IsNaN(float64(v)) && math.Abs(float64(v)) < 2e9 {
			g, _ = fcvtWS(a, rmRTZ, true)
			if int32(g) != int32(v) {
				t.Fatalf("fcvt.w.s rtz %v = %d", v, int32(g))
			}
			g, _ = fcvtWS(a, rmRNE, true)
			if int32(g) != int32(math.RoundToEven(float64(v))) {
				t.Fatalf("fcvt.w.s rne %v = %d", v, int32(g))
			}
		}
		iv := r.Uint32()
		g, _ = fcvtSW(iv, rmRNE, true)
		check("cvt.s.w", g, float32(int32(iv)))
		g, _ = fcvtSW(iv, rmRNE, false)
		check("cvt.s.wu", g, float32(iv))
	}
}

func TestFPUSpecialCases(t *testing.T) {
	const (
		pz   = 0x00000000
		nz   = 0x80000000
		one  = 0x3f800000
		mone = 0xbf800000
		two  = 0x40000000
		pinf = 0x7f800000
		ninf = 0xff800000
		qnan = 0x7fc00000
		snan = 0x7f800001
		maxf = 0x7f7fffff
		minS = 0x00000001 // smallest subnormal
		minN = 0x00800000 // smallest normal
	)
	type tc struct {
		name      string
		got       func() (uint32, uint8)
		want      uint32
		wantFlags uint8
	}
	cases := []tc{
		{"inf-inf", func() (uint32, uint8) { return fadd32(pinf, ninf, rmRNE) }, canonNaN, fNV},
		{"snan+1", func() (uint32, uint8) { return fadd32(snan, one, rmRNE) }, canonNaN, fNV},
		{"qnan+1", func() (uint32, uint8) { return fadd32(qnan|0x1234, one, rmRNE) }, canonNaN, 0},
		{"1-1 rne", func() (uint32, uint8) { return fsub32(one, one, rmRNE) }, pz, 0},
		{"1-1 rdn", func() (uint32, uint8) { return fsub32(one, one, rmRDN) }, nz, 0},
		{"-0+-0", func() (uint32, uint8) { return fadd32(nz, nz, rmRNE) }, nz, 0},
		{"+0+-0 rdn", func() (uint32, uint8) { return fadd32(pz, nz, rmRDN) }, nz, 0},
		{"0*inf", func() (uint32, uint8) { return fmul32(pz, pinf, rmRNE) }, canonNaN, fNV},
		{"-1*0", func() (uint32, uint8) { return fmul32(mone, pz, rmRNE) }, nz, 0},
		{"max*2 rne", func() (uint32, uint8) { return fmul32(maxf, two, rmRNE) }, pinf, fOF | fNX},
		{"max*2 rtz", func() (uint32, uint8) { return fmul32(maxf, two, rmRTZ) }, maxf, fOF | fNX},
		{"-max*2 rup", func() (uint32, uint8) { return fmul32(maxf|signBit, two, rmRUP) }, maxf | signBit, fOF | fNX},
		{"-max*2 rdn", func() (uint32, uint8) { return fmul32(maxf|signBit, two, rmRDN) }, ninf, fOF | fNX},
		{"minS/2 rne", func() (uint32, uint8) { return fdiv32(minS, two, rmRNE) }, pz, fUF | fNX},
		{"minS/2 rup", func() (uint32, uint8) { return fdiv32(minS, two, rmRUP) }, minS, fUF | fNX},
		{"minN/2 exact", func() (uint32, uint8) { return fdiv32(minN, two, rmRNE) }, 0x00400000, 0},
		{"1/0", func() (uint32, uint8) { return fdiv32(one, pz, rmRNE) }, pinf, fDZ},
		{"-1/0", func() (uint32, uint8) { return fdiv32(mone, pz, rmRNE) }, ninf, fDZ},
		{"0/0", func() (uint32, uint8) { return fdiv32(pz, pz, rmRNE) }, canonNaN, fNV},
		{"inf/inf", func() (uint32, uint8) { return fdiv32(pinf, ninf, rmRNE) }, canonNaN, fNV},
		{"sqrt -1", func() (uint32, uint8) { return fsqrt32(mone, rmRNE) }, canonNaN, fNV},
		{"sqrt -0", func() (uint32, uint8) { return fsqrt32(nz, rmRNE) }, nz, 0},
		{"sqrt inf", func() (uint32, uint8) { return fsqrt32(pinf, rmRNE) }, pinf, 0},
		{"sqrt 2", func() (uint32, uint8) { return fsqrt32(two, rmRNE) }, 0x3fb504f3, fNX},
		{"fma inf*0+qnan", func() (uint32, uint8) { return fma32(pinf, pz, qnan, false, false, rmRNE) }, canonNaN, fNV},
		{"fma inf*1-inf", func() (uint32, uint8) { return fma32(pinf, one, pinf, false, true, rmRNE) }, canonNaN, fNV},
		{"fma 0*1+-0", func() (uint32, uint8) { return fma32(pz, one, nz, false, false, rmRNE) }, pz, 0},
		{"fma -0*1+-0", func() (uint32, uint8) { return fma32(nz, one, nz, false, false, rmRNE) }, nz, 0},
		{"fnmadd 1*1+1", func() (uint32, uint8) { return fma32(one, one, one, true, true, rmRNE) }, 0xc0000000, 0},
		{"fmin nan,1", func() (uint32, uint8) { return fminmax(qnan, one, false) }, one, 0},
		{"fmin snan,1", func() (uint32, uint8) { return fminmax(snan, one, false) }, one, fNV},
		{"fmax nan,nan", func() (uint32, uint8) { return fminmax(qnan, qnan, true) }, canonNaN, 0},
		{"fmin -0,+0", func() (uint32, uint8) { return fminmax(pz, nz, false) }, nz, 0},
		{"fmax -0,+0", func() (uint32, uint8) { return fminmax(nz, pz, true) }, pz, 0},
		{"fmax -1,1", func() (uint32, uint8) { return fminmax(mone, one, true) }, one, 0},
		{"feq nan", func() (uint32, uint8) { return feq32(qnan, qnan) }, 0, 0},
		{"feq snan", func() (uint32, uint8) { return feq32(snan, one) }, 0, fNV},
		{"feq -0 +0", func() (uint32, uint8) { return feq32(nz, pz) }, 1, 0},
		{"flt nan", func() (uint32, uint8) { return fltCmp(qnan, one, false) }, 0, fNV},
		{"flt -0 +0", func() (uint32, uint8) { return fltCmp(nz, pz, false) }, 0, 0},
		{"fle -0 +0", func() (uint32, uint8) { return fltCmp(nz, pz, true) }, 1, 0},
		{"flt -2 -1", func() (uint32, uint8) { return fltCmp(0xc0000000, mone, false) }, 1, 0},
		{"cvt.w nan", func() (uint32, uint8) { return fcvtWS(qnan, rmRNE, true) }, 0x7fffffff, fNV},
		{"cvt.w -inf", func() (uint32, uint8) { return fcvtWS(ninf, rmRNE, true) }, 0x80000000, fNV},
		{"cvt.w 2^31", func() (uint32, uint8) { return fcvtWS(0x4f000000, rmRNE, true) }, 0x7fffffff, fNV},
		{"cvt.w -2^31", func() (uint32, uint8) { return fcvtWS(0xcf000000, rmRNE, true) }, 0x80000000, 0},
		{"cvt.w 1.5 rne", func() (uint32, uint8) { return fcvtWS(0x3fc00000, rmRNE, true) }, 2, fNX},
		{"cvt.w 2.5 rne", func() (uint32, uint8) { return fcvtWS(0x40200000, rmRNE, true) }, 2, fNX},
		{"cvt.w 2.5 rmm", func() (uint32, uint8) { return fcvtWS(0x40200000, rmRMM, true) }, 3, fNX},
		{"cvt.w -1.5 rdn", func() (uint32, uint8) { return fcvtWS(0xbfc00000, rmRDN, true) }, 0xfffffffe, fNX},
		{"cvt.w -1.5 rup", func() (uint32, uint8) { return fcvtWS(0xbfc00000, rmRUP, true) }, 0xffffffff, fNX},
		{"cvt.wu -1", func() (uint32, uint8) { return fcvtWS(mone, rmRNE, false) }, 0, fNV},
		{"cvt.wu -0.25 rtz", func() (uint32, uint8) { return fcvtWS(0xbe800000, rmRTZ, false) }, 0, fNX},
		{"cvt.wu nan", func() (uint32, uint8) { return fcvtWS(qnan, rmRNE, false) }, 0xffffffff, fNV},
		{"cvt.wu 2^32", func() (uint32, uint8) { return fcvtWS(0x4f800000, rmRNE, false) }, 0xffffffff, fNV},
		{"cvt.wu big", func() (uint32, uint8) { return fcvtWS(0x4f7fffff, rmRNE, false) }, 0xffffff00, 0},
		{"cvt.s.w 2^24+1", func() (uint32, uint8) { return fcvtSW(1<<24+1, rmRNE, true) }, 0x4b800000, fNX},
		{"cvt.s.w 2^24+1 rup", func() (uint32, uint8) { return fcvtSW(1<<24+1, rmRUP, true) }, 0x4b800001, fNX},
		{"cvt.s.w min", func() (uint32, uint8) { return fcvtSW(0x80000000, rmRNE, true) }, 0xcf000000, 0},
		{"cvt.s.wu max", func() (uint32, uint8) { return fcvtSW(0xffffffff, rmRTZ, false) }, 0x4f7fffff, fNX},
	}
	for _, c := range cases {
		got, fl := c.got()
		if got != c.want || fl != c.wantFlags {
			t.Errorf("%s = %#x flags %#x, want %#x flags %#x", c.name, got, fl, c.want, c.wantFlags)
		}
	}
	classes := map[uint32]uint32{ninf: 1 << 0, mone: 1 << 1, 0x80000001: 1 << 2, nz: 1 << 3, pz: 1 << 4, minS: 1 << 5, one: 1 << 6, pinf: 1 << 7, snan: 1 << 8, qnan: 1 << 9}
	for v, want := range classes {
		if got := fclass32(v); got != want {
			t.Errorf("fclass(%#x) = %#x, want %#x", v, got, want)
		}
	}
}

// TestUnderflowAfterRounding: tininess is detected after rounding.
func TestUnderflowAfterRounding(t *testing.T) {
	// (1 + 2^-23) * (2^-126 (1 - 2^-23)) = 2^-126 (1 - 2^-46): below 2^-126,
	// but rounding to 24 bits with an unbounded exponent gives 2^-126.
	got, fl := fmul32(0x3f800001, 0x007fffff, rmRNE)
	if got != 0x00800000 || fl != fNX {
		t.Errorf("rne: %#x flags %#x, want 0x00800000 NX only (not tiny after rounding)", got, fl)
	}
	got, fl = fmul32(0x3f800001, 0x007fffff, rmRTZ)
	if got != 0x007fffff || fl != fNX|fUF {
		t.Errorf("rtz: %#x flags %#x, want 0x007fffff NX|UF", got, fl)
	}
}

func TestFPInstructions(t *testing.T) {
	m := run(t, func(m *Machine) {
		m.SetX(a1, dtcm)
		m.SetX(a2, 0x40400000) // 3.0
		m.SetX(a3, 7)
	},
		"fmv.w.x ft0, a2",
		"fcvt.s.w ft1, a3, rne", // 7.0
		"fdiv.s ft2, ft1, ft0, rne",
		"fsw ft2, 0(a1)",
		"flw ft3, 0(a1)",
		"fmadd.s ft4, ft0, ft0, ft1, rne", // 16
		"fcvt.w.s a0, ft4, rtz",
		"fsgnjn.s ft5, ft0, ft0", // -3
		"fmv.x.w a4, ft5",
		"flt.s a5, ft5, ft0",
		"fclass.s a6, ft5",
		"csrrs a7, fflags, zero",
		"fsqrt.s ft6, ft4", // dyn rounding (frm 0)
		"fmv.x.w t0, ft6",
	)
	want := map[int]uint32{a0: 16, a4: 0xc0400000, a5: 1, a6: 1 << 1, a7: fNX, t0: 0x40800000}
	for r, w := range want {
		if got := m.X(r); got != w {
			t.Errorf("x%d = %#x, want %#x", r, got, w)
		}
	}
	if m.F(3) != 0x40155555 { // 7/3 rounded to nearest
		t.Errorf("ft3 = %#x", m.F(3))
	}
}

// The scalar core's flag and rounding-mode numbers are the architecture's,
// which sim/vec (the arithmetic behind them) uses too.
func TestFPUConstantsMatchVec(t *testing.T) {
	if fNX != vec.FlagNX || fUF != vec.FlagUF || fOF != vec.FlagOF || fDZ != vec.FlagDZ || fNV != vec.FlagNV {
		t.Error("fflags bits differ from sim/vec's")
	}
	if rmRNE != vec.RNE || rmRTZ != vec.RTZ || rmRDN != vec.RDN || rmRUP != vec.RUP || rmRMM != vec.RMM {
		t.Error("rounding modes differ from sim/vec's")
	}
}
