package vec

import (
	"encoding/binary"
	"fmt"
)

// IntMac is a dense integer geometry of the aie2 MAC: C[M][N] (+)=
// X[M][K]·Y[K][N], X and Y row-major in their 512-bit registers with
// elements of XBits and YBits, C lane r·N+n of ABits (32 or 64). Lanes
// wrap: the result is the exact sum modulo 2^ABits.
type IntMac struct {
	M, K, N      int
	XBits, YBits int // 8, 16 or 32
	ABits        int // 32 or 64
}

// Check reports whether the geometry fits the registers MacInt reads.
func (g *IntMac) Check() error {
	okBits := func(b int) bool { return b == 8 || b == 16 || b == 32 }
	switch {
	case !okBits(g.XBits) || !okBits(g.YBits) || g.ABits != 32 && g.ABits != 64:
		return fmt.Errorf("vec: integer MAC with %d-bit X, %d-bit Y, %d-bit lanes", g.XBits, g.YBits, g.ABits)
	case g.M < 1 || g.K < 1 || g.N < 1 || g.M*g.K*g.XBits > 512 || g.K*g.N*g.YBits > 512 || g.M*g.N*g.ABits > 1024:
		return fmt.Errorf("vec: integer MAC %dx%dx%d does not fit 512-bit operands and a 1024-bit accumulator", g.M, g.K, g.N)
	}
	return nil
}

// MacInt computes out = ±(X·Y) ± acc1 ± acc2 lane by lane (neg: NegMul,
// NegAcc1, NegAcc2) for a geometry that passed Check; sx and sy say
// whether X and Y are signed; acc1 and acc2 nil when absent. Accumulator
// lanes are read as signed; out may be acc1 or acc2.
//
// The pure-Go loop (macIntGo) defines the result. The AVX2 and AVX-512
// kernels (aie_amd64.s, internal/aiegen) widen the operands to the lanes'
// width and multiply there: modulo 2^32 (VPMULLD) for 32-bit lanes, and
// exactly (VPMULDQ, signed 32×32 bits) for 64-bit lanes, which holds for
// every operand but an unsigned 32-bit one; those calls, and geometries
// whose rows do not fill whole vectors, run the Go loop.
func MacInt(out *[128]byte, x, y *[64]byte, acc1, acc2 *[128]byte, g *IntMac, sx, sy bool, neg uint8) {
	if acc1 == nil {
		acc1 = &zeroAcc128
	}
	if acc2 == nil {
		acc2 = &zeroAcc128
	}
	if macIntK(out, x, y, acc1, acc2, g, sx, sy, neg) {
		return
	}
	macIntGo(out, x, y, acc1, acc2, g, sx, sy, neg)
}

// zeroAcc128 stands for an absent integer accumulator.
var zeroAcc128 [128]byte

// macIntGo is the pure-Go loop of MacInt (acc1 and acc2 not nil).
func macIntGo(out *[128]byte, x, y *[64]byte, acc1, acc2 *[128]byte, g *IntMac, sx, sy bool, neg uint8) {
	var xs [64]int64
	var ys [64]int64
	for i := range g.M * g.K {
		xs[i] = lane(x[:], i, g.XBits, sx)
	}
	for i := range g.K * g.N {
		ys[i] = lane(y[:], i, g.YBits, sy)
	}
	lanes := g.M * g.N
	var res [32]int64
	for r := range g.M {
		xr := xs[r*g.K : r*g.K+g.K]
		for n := range g.N {
			var s int64
			for k, xv := range xr {
				s += xv * ys[k*g.N+n]
			}
			res[r*g.N+n] = s
		}
	}
	for i := range lanes {
		s := res[i]
		if neg&NegMul != 0 {
			s = -s
		}
		a := lane(acc1[:], i, g.ABits, true)
		if neg&NegAcc1 != 0 {
			a = -a
		}
		s += a
		a = lane(acc2[:], i, g.ABits, true)
		if neg&NegAcc2 != 0 {
			a = -a
		}
		s += a
		if g.ABits == 32 {
			binary.LittleEndian.PutUint32(out[4*i:], uint32(s))
		} else {
			binary.LittleEndian.PutUint64(out[8*i:], uint64(s))
		}
	}
}

// lane reads element i of w bits from b, sign- or zero-extended.
func lane(b []byte, i, w int, signed bool) int64 {
	switch w {
	case 8:
		if signed {
			return int64(int8(b[i]))
		}
		return int64(b[i])
	case 16:
		v := binary.LittleEndian.Uint16(b[2*i:])
		if signed {
			return int64(int16(v))
		}
		return int64(v)
	case 32:
		v := binary.LittleEndian.Uint32(b[4*i:])
		if signed {
			return int64(int32(v))
		}
		return int64(v)
	}
	return int64(binary.LittleEndian.Uint64(b[8*i:]))
}
