package mx

import (
	"encoding/binary"
	"math"
)

// The quantiser of PLENA's test harness, which case data goes through:
// float64 arithmetic as the harness's numpy code does it, ties of the
// two guard bits rounded half to even.

// Quantise rounds values to MXFP8 in place, block by block along rows of
// cols values (a row's last block is completed by zeros, as a padded row
// is; a trailing part row is left as it is), with the quantiser of
// PLENA's test harness (tools/quant/quantizer/hardware_quantizer/mxfp.py):
// the block's shared exponent e = floor(log2(max|x| + 1e-9)); each x/2^e
// gets the exponent floor(log2(|v| + 1e-9)) clamped to [-7, 7] and a
// 3-bit mantissa rounded by hardware_round (two guard bits, then half to
// even) and clamped to 7 (no carry: values that round up saturate),
// exponent -7 being the subnormal (m/8)*2^-7. The values are then the
// dequantised ones, so a reference computed from them charges no
// quantisation error to the kernel.
//
// It reports whether quantising the result again is certain to leave it
// as it is: whether quantiseBlock said so of every block.
func Quantise(data []float64, cols int) bool {
	c := cols
	if c <= 0 {
		return true
	}
	stable := true
	if c%Block == 0 && len(data)%c == 0 {
		// Every row's blocks are whole: the blocks are the data's
		// consecutive runs of Block elements.
		if vectorAvailable() {
			return quantiseVector(data, nil)
		}
		for i := 0; i+Block <= len(data); i += Block {
			if !quantiseBlock8((*[Block]float64)(data[i : i+Block])) {
				stable = false
			}
		}
		return stable
	}
	for r := 0; r+c <= len(data); r += c {
		row := data[r : r+c]
		for b := 0; b < c; b += Block {
			if !quantiseBlock(row[b:min(c, b+Block)]) {
				stable = false
			}
		}
	}
	return stable
}

// QuantiseEncode is Quantise followed by writing the results' float32
// bits (little-endian, 4*len(data) bytes) into enc, in one pass where
// the vector loop can do both; it reports what Quantise reports.
func QuantiseEncode(data []float64, cols int, enc []byte) bool {
	if cols > 0 && cols%Block == 0 && len(data)%cols == 0 && vectorAvailable() {
		return quantiseVector(data, enc)
	}
	stable := Quantise(data, cols)
	enc = enc[:4*len(data)]
	for i, v := range data {
		binary.LittleEndian.PutUint32(enc[4*i:4*i+4], math.Float32bits(float32(v)))
	}
	return stable
}

// quantiseBlock quantises one block in place. It reports true when
// quantising the result again is certain to give it back: when the
// block is all zeros (they stay +0), or when its shared exponent e is
// the exponent of its largest |float32(x)| (the 1e-9 did not carry it to
// the next power of two) and e >= -26. Then the largest result is in
// [2^e, 1.875*2^e], so the next pass finds the same e (1e-9 is less than
// the 0.125*2^e between it and 2^(e+1) for e >= -26), and every result
// is 2^e times a value of the E4M3 grid (exponent in [-6, 7] with three
// mantissa bits, or (m/8)*2^-7 with m < 8), which float32 holds exactly
// and quantiseE4M3 returns unchanged. (When the 1e-9 carries e up, a
// result (4/8)*2^-7*2^e is 2^-7 relative to the next pass's e-1, which
// the harness's formula turns into (7/8)*2^-7: not stable.)
func quantiseBlock(blk []float64) bool {
	// The block's maximum |float32(x)| as bits (ordered as the values for
	// finite x); infinite and NaN values take quantiseBlockSlow.
	var maxBits uint32
	for _, x := range blk {
		maxBits = max(maxBits, math.Float32bits(float32(x))&^(1<<31))
	}
	if maxBits >= 0x7f800000 {
		quantiseBlockSlow(blk)
		return false
	}
	maxAbs := math.Float32frombits(maxBits)
	e := max(-127, min(127, floorLog2(float64(maxAbs+1e-9))))
	stable := maxBits == 0 || maxBits >= 1<<23 && e == int(maxBits>>23)-127 && e >= -26
	inv, scale := pow2(-e), pow2(e)
	for i, x := range blk {
		// v = float32(x)/2^e has float32(x)'s fraction bits and its
		// exponent less e: when that is in [-5, 7], mxRound of
		// float64(float32(x))'s bits, times 2^e/2^e, is the value
		// quantiseBlockSlow computes (the products by powers of two are
		// exact; the value is not zero, so + 0 changes nothing).
		b := math.Float64bits(float64(float32(x)))
		if k := int(b>>52&0x7ff) - 1023 - e; uint(k+5) <= 12 {
			blk[i] = mxRound(b)
			continue
		}
		blk[i] = quantiseE4M3(float64(float32(x))*inv)*scale + 0
	}
	return stable
}

// quantiseBlock8 is quantiseBlock for a whole block, on float32
// bits: an element whose float32 is normal with an exponent within
// [-5, 7] of the block's is mxRound of its bits (mxRound32); the others
// (zeros, subnormals, exponents outside) take quantiseBlock's
// arithmetic.
func quantiseBlock8(blk *[Block]float64) bool {
	var f [Block]uint32
	var maxBits uint32
	for i, x := range blk {
		f[i] = math.Float32bits(float32(x))
		maxBits = max(maxBits, f[i]&^(1<<31))
	}
	if maxBits >= 0x7f800000 {
		quantiseBlockSlow(blk[:])
		return false
	}
	maxAbs := math.Float32frombits(maxBits)
	e := max(-127, min(127, floorLog2(float64(maxAbs+1e-9))))
	stable := maxBits == 0 || maxBits >= 1<<23 && e == int(maxBits>>23)-127 && e >= -26
	for i, b := range f {
		// k: the exponent of float32(x)/2^e; a biased exponent of 0 (a
		// zero or subnormal) makes it < -5.
		if k := int(b>>23&0xff) - 127 - e; b&0x7f800000 != 0 && uint(k+5) <= 12 {
			blk[i] = mxRound32(b)
			continue
		}
		blk[i] = quantiseE4M3(float64(math.Float32frombits(b))*pow2(-e))*pow2(e) + 0
	}
	return stable
}

// quantiseVector is Quantise for data made of whole blocks, with the
// vector loop (quantiseBlocks): it quantises the elements it can, and the
// others here with quantiseBlock8's formula and the block's exponent
// it reports (a block with an infinite or NaN maximum, which it leaves as
// it is, with quantiseBlockSlow). When enc is not nil it receives the
// results' float32 bits (little-endian, 4*len(data) bytes): their
// encoding as MXFP8 tensor data.
func quantiseVector(data []float64, enc []byte) bool {
	const group = 256 // blocks per call
	var mask, exps [group]byte
	var scratch [4 * Block * group]byte
	stable := true
	for lo := 0; lo < len(data); lo += group * Block {
		xs := data[lo:min(len(data), lo+group*Block)]
		n := len(xs) / Block
		out := scratch[:4*len(xs)]
		if enc != nil {
			out = enc[4*lo : 4*(lo+len(xs))]
		}
		if !quantiseBlocks(xs, mask[:n], exps[:n], out) {
			stable = false
		}
		for b, m := range mask[:n] {
			if m == 0 {
				continue
			}
			blk := (*[Block]float64)(xs[b*Block : b*Block+Block])
			if exps[b] == slowBlock {
				quantiseBlockSlow(blk[:])
				m = 0xff
			} else {
				e := int(exps[b]) - 127
				for i := range blk {
					if m&(1<<i) != 0 {
						blk[i] = quantiseE4M3(float64(float32(blk[i]))*pow2(-e))*pow2(e) + 0
					}
				}
			}
			for i, v := range blk {
				if m&(1<<i) != 0 {
					binary.LittleEndian.PutUint32(out[4*(b*Block+i):], math.Float32bits(float32(v)))
				}
			}
		}
	}
	return stable
}

// mxRound32 is mxRound of a normal float32's bits: the same fraction
// bits (float32's top five are float64's), the same value.
func mxRound32(b uint32) float64 {
	y := b >> 18 & 31
	q := y >> 2
	q += (y&3 + 1 + q&1) >> 2
	return float64(math.Float32frombits(b&(1<<31|0xff<<23) | min(q, 7)<<20))
}

// quantiseBlockSlow is quantiseBlock for any block, infinities and
// NaNs included, as the formula reads.
func quantiseBlockSlow(blk []float64) {
	var maxAbs float32
	for _, x := range blk {
		maxAbs = max(maxAbs, float32(math.Abs(float64(float32(x)))))
	}
	e := max(-127, min(127, floorLog2(float64(maxAbs+1e-9))))
	inv, scale := pow2(-e), pow2(e)
	for i, x := range blk {
		// + 0 turns the -0 of a small negative into +0: the store
		// quantiser and EncodeExact write zero without a sign, so a -0
		// input would read back as +0 and look overwritten to the checker.
		v := float64(float32(x)) * inv
		if b := math.Float64bits(v); b>>52&0x7ff >= 1023-5 && b>>52&0x7ff <= 1023+7 {
			// |v| in [2^-5, 2^8): quantiseE4M3's exponent is v's own (the
			// 1e-9 it adds is below half a float32 ulp there), inline.
			blk[i] = mxRound(b)*scale + 0
			continue
		}
		blk[i] = quantiseE4M3(v)*scale + 0
	}
}

// mxRound is quantiseE4M3 of the float64 with bits b when its exponent
// is quantiseE4M3's (in (-7, 7]): the fraction's top 3 bits, rounded by
// the next 2 half to even (hardware_round: (m-1)*8 floored to quarters,
// then to even), saturating at 7 (no carry into the exponent).
func mxRound(b uint64) float64 {
	y := b >> 47 & 31
	q := y >> 2
	q += (y&3 + 1 + q&1) >> 2 // +1 when the guard bits are 3, or 2 and q is odd: no branch to mispredict
	return math.Float64frombits(b&(1<<63|0x7ff<<52) | min(q, 7)<<49)
}

// quantiseE4M3 is the harness's minifloat quantiser for one value.
func quantiseE4M3(v float64) float64 {
	if v == 0 {
		return 0
	}
	sign := 1.0
	if v < 0 {
		sign, v = -1, -v
	}
	exp := max(-7, min(7, floorLog2(float64(float32(v)+1e-9))))
	if b := math.Float64bits(v); exp > -7 && int(b>>52)-1023 == exp {
		// v in [2^exp, 2^(exp+1)): (m-1)*8 is the fraction's top bits,
		// floor(4x) its top 5 (3 mantissa, 2 guard); then half to even,
		// saturating at 7. The same value the formula below computes,
		// built from its bits.
		return mxRound(math.Float64bits(sign)&(1<<63) | b)
	}
	m := v * pow2(-exp)
	if exp != -7 {
		q := min(7, max(0, hardwareRound((m-1)*8)))
		return sign * (1 + q/8) * pow2(exp)
	}
	q := min(7, max(0, hardwareRound(m*8)))
	return sign * q / 8 * pow2(-7)
}

// floorLog2 is floor(log2(x)) for a positive float32 value x, exactly as
// math.Floor(math.Log2(x)) gives it (the harness's formula): the binary
// exponent, since log2 of a float32 below a power of two is at least
// 8.6e-8 below it, far more than float64 rounding can close. (For other
// x: floor(log2|x|) of a normal, Frexp's exponent less one otherwise.)
func floorLog2(x float64) int {
	b := math.Float64bits(x)
	if e := int(b>>52) & 0x7ff; e != 0 && e != 0x7ff {
		return e - 1023
	}
	if math.IsInf(x, 1) {
		return math.MaxInt32 // log2 = +Inf: clamped by the callers, as the formula's is
	}
	_, e := math.Frexp(x)
	return e - 1
}

// pow2 is 2^e, exactly, for e in float64's normal exponent range.
func pow2(e int) float64 { return math.Float64frombits(uint64(e+1023) << 52) }

// hardwareRound is PLENA's hardware_round: keep two fractional bits
// (floor), then round half to even.
func hardwareRound(x float64) float64 { return math.RoundToEven(math.Floor(4*x) / 4) }
