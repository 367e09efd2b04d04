//go:build !purego

package vec

// The kernels of SRS, UPS, Pack8, ConvBF16 and ConvF32 (see aienum.go).
// Direct calls, one per kernel: through a func value the operands would
// escape.

// wholeVectors returns whether the path is AVX-512, how many lanes of
// abits bits one of its vectors holds and how many whole vectors n lanes
// fill (0 on the generic path).
func wholeVectors(n, abits int) (z bool, per, c int) {
	isa, _ := bfISA()
	if isa < 0 {
		return false, 0, 0
	}
	per = 16 * 32 / abits
	if isa == isaAVX2 {
		per /= 2
	}
	return isa == isaAVX512, per, n / per
}

// srsK runs SRS's whole vectors of lanes on the path's kernel and returns
// how many lanes it did (0 on the generic path and for pairs without a
// kernel).
func srsK(d, acc []byte, n, dbits, abits int, shift, rnd, sat uint32, signed bool) int {
	z, per, c := wholeVectors(n, abits)
	if c == 0 {
		return 0
	}
	var p [nParam]uint64
	srsParams(&p, uint(shift)&uint(abits-1), dbits, abits, rnd, sat, signed)
	switch {
	case abits == 32 && dbits == 8 && z:
		aieSRS32to8512(&d[0], &acc[0], c, &p[0])
	case abits == 32 && dbits == 8:
		aieSRS32to82(&d[0], &acc[0], c, &p[0])
	case abits == 32 && dbits == 16 && z:
		aieSRS32to16512(&d[0], &acc[0], c, &p[0])
	case abits == 32 && dbits == 16:
		aieSRS32to162(&d[0], &acc[0], c, &p[0])
	case abits == 64 && dbits == 16 && z:
		aieSRS64to16512(&d[0], &acc[0], c, &p[0])
	case abits == 64 && dbits == 16:
		aieSRS64to162(&d[0], &acc[0], c, &p[0])
	case abits == 64 && dbits == 32 && z:
		aieSRS64to32512(&d[0], &acc[0], c, &p[0])
	case abits == 64 && dbits == 32:
		aieSRS64to322(&d[0], &acc[0], c, &p[0])
	default:
		return 0
	}
	return c * per
}

// upsK runs UPS's whole vectors of lanes on the path's kernel and returns
// how many lanes it did.
func upsK(d, src []byte, n, abits, sbits int, shift, sat uint32, signed bool) int {
	z, per, c := wholeVectors(n, abits)
	if c == 0 {
		return 0
	}
	var p [nParam]uint64
	upsParams(&p, uint(shift)&uint(abits-1), sbits, sat, signed)
	switch {
	case abits == 32 && sbits == 8 && z:
		aieUPS8to32512(&d[0], &src[0], c, &p[0])
	case abits == 32 && sbits == 8:
		aieUPS8to322(&d[0], &src[0], c, &p[0])
	case abits == 32 && sbits == 16 && z:
		aieUPS16to32512(&d[0], &src[0], c, &p[0])
	case abits == 32 && sbits == 16:
		aieUPS16to322(&d[0], &src[0], c, &p[0])
	case abits == 64 && sbits == 16 && z:
		aieUPS16to64512(&d[0], &src[0], c, &p[0])
	case abits == 64 && sbits == 16:
		aieUPS16to642(&d[0], &src[0], c, &p[0])
	case abits == 64 && sbits == 32 && z:
		aieUPS32to64512(&d[0], &src[0], c, &p[0])
	case abits == 64 && sbits == 32:
		aieUPS32to642(&d[0], &src[0], c, &p[0])
	default:
		return 0
	}
	return c * per
}

// packK runs Pack8 on the path's kernel; false on the generic path.
func packK(d *[32]byte, x *[64]byte, sat uint32, signed bool) bool {
	isa, _ := bfISA()
	if isa < 0 {
		return false
	}
	var p [nParam]uint64
	packParams(&p, sat, signed)
	if isa == isaAVX512 {
		aiePack512(&d[0], &x[0], &p[0])
	} else {
		aiePack2(&d[0], &x[0], &p[0])
	}
	return true
}

// convBF16K runs ConvBF16 on the path's kernel; false on the generic path.
func convBF16K(d *[32]byte, a *[64]byte, rnd uint32) bool {
	isa, _ := bfISA()
	if isa < 0 {
		return false
	}
	var p [nParam]uint64
	b0, bn, bo := roundBias(16, rnd)
	p[pShift], p[pMask], p[pB0], p[pBn], p[pBo] = 16, 0xFFFF, uint64(b0), uint64(bn), uint64(bo)
	if isa == isaAVX512 {
		aieConvBF512(&d[0], &a[0], &p[0])
	} else {
		aieConvBF2(&d[0], &a[0], &p[0])
	}
	return true
}

// convF32K runs ConvF32 on the path's kernel; false on the generic path.
func convF32K(d *[64]byte, a *[32]byte) bool {
	isa, _ := bfISA()
	switch {
	case isa < 0:
		return false
	case isa == isaAVX512:
		aieConvF32512(&d[0], &a[0])
	default:
		aieConvF322(&d[0], &a[0])
	}
	return true
}
