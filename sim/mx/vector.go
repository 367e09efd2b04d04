package mx

import "kernelcraft/sim/vec"

// The AVX-512 loops of the harness quantiser (quantiseBlocks, blocks of
// eight float64 values, the elements it cannot do left to the caller's
// formula) and of the exact encoder (encodeBlocks; the decoding is
// sim/vec's DequantMX8Bits). The arithmetic is integer operations on
// float32 bits, exact conversions and float32 products, so the vector
// lanes give the scalar code's bits.

// slowBlock is the shared-exponent byte quantiseBlocks reports for a
// block whose largest |float32| is infinite or NaN: none of its elements
// was written.
const slowBlock = 255

// vectorAvailable reports whether quantiseBlocks and encodeBlocks run
// their vector loops: the host has AVX-512 and sim/vec's path (KC_SIMD,
// kc-sim --simd, vec.SetPath) is avx512, so that forcing the generic or
// the AVX2 path holds for these loops too.
func vectorAvailable() bool { return useAsm && vec.Path() == "avx512" }

// useAsm selects the vector loops (set when the host has AVX-512).
var useAsm = hasAsm

// consts are quantiseBlocks' lane constants: |x| mask, sign and exponent mask,
// float32(1e-9) (the harness's epsilon, added in float32), 5, 12, 31, 3,
// 1, 7, exponent mask, fraction mask, -1, -2, 11, float32's implicit
// one, sign.
var consts = [16]uint32{0x7fffffff, 0xff800000, 0, 5, 12, 31, 3, 1, 7, 0x7f800000, 1<<23 - 1, 0xffffffff, 0xfffffffe, 11, 1 << 23, 1 << 31}

func init() {
	consts[2] = f32bits(1e-9)
}

// quantiseBlocks quantises the len(x)/8 whole blocks of x in place where
// it can, as quantiseBlock does: for block b with shared
// exponent e (floor(log2(max|float32(x)| + 1e-9)), in float32), every
// element whose float32 is normal becomes its quantised value unless the
// float32 1e-9 carries its x/2^e over a power of two; the others (zeros,
// subnormals, those) keep their values and their bits are set in mask[b]
// (bit i: element i). exps[b] is e + 127, or slowBlock. out receives the
// float32 bits (little-endian) of every value it wrote, and others in
// the lanes it did not, 4*len(x) bytes. It returns whether every block
// is stable as quantiseBlock defines it (a slowBlock one is not). mask
// and exps must hold len(x)/8 bytes. It must not be called unless
// vectorAvailable.
func quantiseBlocks(x []float64, mask, exps, out []byte) (stable bool) {
	n := len(x) / 8
	if n == 0 {
		return true
	}
	_, _, _ = mask[n-1], exps[n-1], out[32*n-1]
	return blocksAsm(&x[0], n, &mask[0], &exps[0], &consts, &out[0]) == 0
}

// encConsts are encodeBlocks' lane constants: |x| mask, 6, low 20 bits, 0x80,
// 7, 10, 2, 13, the fraction mask and float32's implicit one.
var encConsts = [10]uint32{0x7fffffff, 6, 1<<20 - 1, 0x80, 7, 10, 2, 13, 1<<23 - 1, 1 << 23}

// encodeBlocks writes the MXFP8 encodings of the len(codes)/8 whole blocks of
// float32 values in x (little-endian, 4*len(codes) bytes): for block b the
// scale byte scales[b] (the biased exponent of the largest |x|, 0 for a
// block of zeros) and the E4M3 codes of the values divided by it, for
// blocks whose values are all exactly such codes times the scale, with
// normal or subnormal codes (PLENA's subnormals: (m/8)*2^-7). It stops
// at the first block whose largest |x| is subnormal, infinite or NaN or
// that holds another value, and returns the number of blocks it wrote
// (len(codes)/8 when it wrote them all). It must not be called unless
// vectorAvailable.
func encodeBlocks(x, codes, scales []byte) int {
	n := len(codes) / 8
	if n == 0 {
		return 0
	}
	_, _ = x[32*n-1], scales[n-1]
	return encodeAsm(&x[0], n, &codes[0], &scales[0], &encConsts)
}
