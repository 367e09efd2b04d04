package aie2

import (
	"encoding/binary"
	"math/bits"

	"kernelcraft/sim/vec"
)

// The scalar reference of the floating-point MAC: the simulator's
// original per-lane code (before vec.MacBF16 took the MACs over), kept
// as an independent statement of AM020's rule that the differential
// tests and FuzzMacBF16Ref hold every vec path to.

// refMacF computes a bf16 MAC of mode mm the way the simulator used to:
// x, y the multiplicands, acc1 and acc2 the accumulators (zeros when
// absent), negMul and the configuration's sub_acc bits.
func refMacF(mm *macMode, x, y *[64]byte, acc1, acc2 *[64]byte, cfg uint32, negMul bool) (out [64]byte) {
	var terms [10]fpTerm
	for r := 0; r < mm.m; r++ {
		for n := 0; n < mm.n; n++ {
			ts := terms[:0]
			var sp fpSpecial
			for k := 0; k < mm.k; k++ {
				a := binary.LittleEndian.Uint16(x[2*mm.xi(r, k):])
				b := binary.LittleEndian.Uint16(y[2*mm.yi(r, k, n):])
				if t, ok := bf16Term(a, b, negMul, &sp); ok {
					ts = append(ts, t)
				}
			}
			lane := r*mm.n + n
			if t, ok := f32Term(binary.LittleEndian.Uint32(acc1[4*lane:]), cfg&cfgSubAcc1 != 0, &sp); ok {
				ts = append(ts, t)
			}
			if t, ok := f32Term(binary.LittleEndian.Uint32(acc2[4*lane:]), cfg&cfgSubAcc2 != 0, &sp); ok {
				ts = append(ts, t)
			}
			binary.LittleEndian.PutUint32(out[4*lane:], alignedSum(ts, sp))
		}
	}
	return out
}

// getElem reads element i of bits bits (4: nibble i, low nibble first;
// else vec.GetLane), sign-extended when signed.
func getElem(b []byte, i, bits int, signed bool) int64 {
	if bits != 4 {
		return vec.GetLane(b, i, bits, signed)
	}
	v := int64(b[i/2]>>(4*(i%2))) & 15
	if signed && v >= 8 {
		v -= 16
	}
	return v
}

// refMacInt is the integer MAC of mode mm the way the simulator used to
// compute it (getLane per product).
func refMacInt(mm *macMode, x, y *[64]byte, acc1, acc2 *[128]byte, cfg uint32, negMul bool) (out [128]byte) {
	sx, sy := cfg&cfgSgnX != 0, cfg&cfgSgnY != 0
	for r := 0; r < mm.m; r++ {
		for n := 0; n < mm.n; n++ {
			var sum int64
			for k := 0; k < mm.k; k++ {
				sum += vec.GetLane(x[:], mm.xi(r, k), mm.xbits, sx) * getElem(y[:], mm.yi(r, k, n), mm.ybits, sy)
			}
			if negMul {
				sum = -sum
			}
			lane := r*mm.n + n
			a1 := vec.GetLane(acc1[:], lane, mm.abits, true)
			if cfg&cfgSubAcc1 != 0 {
				a1 = -a1
			}
			a2 := vec.GetLane(acc2[:], lane, mm.abits, true)
			if cfg&cfgSubAcc2 != 0 {
				a2 = -a2
			}
			vec.PutLane(out[:], lane, mm.abits, uint64(a1+a2+sum))
		}
	}
	return out
}

// refAccAddF is the fp32 accumulator addition (vadd.f …) of 16 lanes.
func refAccAddF(a1, a2 *[64]byte, neg1, neg2 bool) (out [64]byte) {
	for i := 0; i < 16; i++ {
		var sp fpSpecial
		var ts [2]fpTerm
		k := 0
		if t, ok := f32Term(binary.LittleEndian.Uint32(a1[4*i:]), neg1, &sp); ok {
			ts[k] = t
			k++
		}
		if t, ok := f32Term(binary.LittleEndian.Uint32(a2[4*i:]), neg2, &sp); ok {
			ts[k] = t
			k++
		}
		binary.LittleEndian.PutUint32(out[4*i:], alignedSum(ts[:k], sp))
	}
	return out
}

// fpTerm is one addend of a floating-point MAC: mant * 2^lsb, with point
// the exponent of its binary point, by which AM020's alignment goes (a
// bf16 product's significand has two integer bits above it, an fp32's one).
type fpTerm struct {
	neg   bool
	mant  uint64
	lsb   int
	point int
}

// fpSpecial accumulates the IEEE specials of one lane's terms.
type fpSpecial struct {
	nan, posInf, negInf bool
}

// bf16Term makes the product a*b of two bf16 patterns a term (ok false for
// a zero product: zero or subnormal factors, which AIE2 flushes). An
// infinity or NaN factor sets its flag (∞·0 is a NaN) and, unless the
// other factor is zero, the product is a term like any other.
func bf16Term(a, b uint16, negate bool, sp *fpSpecial) (fpTerm, bool) {
	ea, eb := int(a>>7&0xFF), int(b>>7&0xFF)
	neg := (a^b)>>15 != 0 != negate
	if ea == 0xFF || eb == 0xFF {
		aNaN, bNaN := ea == 0xFF && a&0x7F != 0, eb == 0xFF && b&0x7F != 0
		switch {
		case aNaN || bNaN, ea == 0, eb == 0:
			sp.nan = true
		case neg:
			sp.negInf = true
		default:
			sp.posInf = true
		}
	}
	if ea == 0 || eb == 0 {
		return fpTerm{}, false
	}
	ma, mb := uint64(a&0x7F|0x80), uint64(b&0x7F|0x80)
	// a = ma * 2^(ea-127-7): the product's 16-bit significand has its
	// binary point 14 bits above its lowest bit, at 2^(ea+eb-254).
	return fpTerm{neg: neg, mant: ma * mb, lsb: ea + eb - 254 - 14, point: ea + eb - 254}, true
}

// f32Term makes an fp32 accumulator lane a term (ok false for a zero or
// subnormal lane, which AIE2 flushes). An infinity or NaN sets its flag and
// is a term too: its significand and exponent 255 enter the datapath.
func f32Term(b uint32, negate bool, sp *fpSpecial) (fpTerm, bool) {
	e := int(b >> 23 & 0xFF)
	neg := b>>31 != 0 != negate
	if e == 0xFF {
		switch {
		case b&0x7FFFFF != 0:
			sp.nan = true
		case neg:
			sp.negInf = true
		default:
			sp.posInf = true
		}
	}
	if e == 0 { // zero or subnormal: flushed
		return fpTerm{}, false
	}
	return fpTerm{neg: neg, mant: uint64(b&0x7FFFFF | 0x800000), lsb: e - 127 - 23, point: e - 127}, true
}

// alignedSum adds terms as silicon does the bf16 MAC (AM020's rule, held
// to NPU1 captures in sim/vec's aiemac_capture_test.go): every term is
// aligned to the highest binary point among them with 23 fractional bits
// below it (rounding to nearest even the bits shifted out), the aligned
// integers are added exactly, and the sum is normalised and rounded (to
// nearest even) once to fp32. Subnormal results flush to a zero of the
// sum's sign; overflow gives an infinity of the sign. An infinity without
// a NaN is the result; with a NaN flag (a NaN input, ∞·0, ∞−∞) the result
// has exponent 0xFF, bit 0 set, and the sum's sign and fraction unless the
// sum overflows, underflows or is zero (0x7F800001).
func alignedSum(terms []fpTerm, sp fpSpecial) uint32 {
	nan := sp.nan || sp.posInf && sp.negInf
	switch {
	case nan:
	case sp.posInf:
		return 0x7F800000
	case sp.negInf:
		return 0xFF800000
	}
	const nanBits = 0x7F800001
	if len(terms) == 0 {
		if nan {
			return nanBits
		}
		return 0
	}
	point := terms[0].point
	for _, t := range terms[1:] {
		point = max(point, t.point)
	}
	lsb := point - 23
	var sum int64
	for _, t := range terms {
		var m uint64
		if d := t.lsb - lsb; d >= 0 {
			m = t.mant << uint(d)
		} else {
			m = rne(t.mant, uint(-d))
		}
		if t.neg {
			sum -= int64(m)
		} else {
			sum += int64(m)
		}
	}
	if sum == 0 {
		if nan {
			return nanBits
		}
		return 0
	}
	var sign uint32
	mag := uint64(sum)
	if sum < 0 {
		sign, mag = 1<<31, uint64(-sum)
	}
	n := bits.Len64(mag)
	exp := lsb + n - 1 // unbiased exponent of the leading bit
	if n > 24 {
		mag = rne(mag, uint(n-24))
		if mag == 1<<24 {
			mag >>= 1
			exp++
		}
	} else {
		mag <<= uint(24 - n)
	}
	be := exp + 127
	switch {
	case nan && (be >= 0xFF || be <= 0):
		return sign | nanBits
	case nan:
		return sign | nanBits | uint32(mag)&0x7FFFFF
	case be >= 0xFF:
		return sign | 0x7F800000
	case be <= 0:
		return sign
	}
	return sign | uint32(be)<<23 | uint32(mag)&0x7FFFFF
}

// rne shifts m right by s bits, rounding to nearest, ties to even.
func rne(m uint64, s uint) uint64 {
	if s == 0 {
		return m
	}
	if s >= 64 {
		return 0
	}
	q := m >> s
	rem := m & (1<<s - 1)
	half := uint64(1) << (s - 1)
	if rem > half || rem == half && q&1 != 0 {
		q++
	}
	return q
}
