package mx

import (
	"encoding/binary"
	"fmt"
	"math"
)

// The exact encoder: values that are already MXFP8 (as Quantise leaves
// them) to their element codes and scale bytes, as a case's memory image
// holds them.

// encodeExact encodes a block of values that are exactly MXFP8 values
// with a common scale (as Quantise leaves them): the scale is 2^e with
// e = floor(log2 max|x|), as both PLENA quantisers choose it (an all-zero
// block has scale byte 0), and each element is the E4M3 code of x/2^e.
func encodeExact(block []float32, elems []byte) (byte, error) {
	if sc, ok := encodeFast(block, elems); ok {
		return sc, nil
	}
	return encodeSlow(block, elems)
}

// encodeFast is encodeExact on the float32 bits for a block of zeros,
// or of finite values whose maximum is a normal float32 and whose
// elements are all zero or normal E4M3 values times the scale (exponent
// within [-6, 7] of the block's, only the top 3 fraction bits set): what
// Quantise leaves but for subnormal elements. It reports false, having
// written nothing the caller keeps, for any other block (encodeSlow
// decides those).
func encodeFast(block []float32, elems []byte) (byte, bool) {
	var bits [Block]uint32
	if len(block) > Block {
		return 0, false
	}
	for i, x := range block {
		bits[i] = math.Float32bits(x)
	}
	return encodeBlockBits(bits[:len(block)], elems)
}

// encodeFastBits is encodeFast of a block given as the little-endian
// bytes of its float32 values.
func encodeFastBits(block []byte, elems []byte) (byte, bool) {
	var bits [Block]uint32
	n := len(block) / 4
	if n > Block {
		return 0, false
	}
	for i := range n {
		bits[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
	return encodeBlockBits(bits[:n], elems)
}

// encodeBlockBits is encodeFast of a block's float32 bit patterns.
func encodeBlockBits(block []uint32, elems []byte) (byte, bool) {
	var maxBits uint32 // |x| bits: ordered as |x| for finite x
	for _, b := range block {
		maxBits = max(maxBits, b&^(1<<31))
	}
	if maxBits == 0 {
		clear(elems[:len(block)]) // all zeros (of either sign): scale byte 0, codes 0
		return 0, true
	}
	if maxBits < 1<<23 || maxBits >= 0x7f800000 {
		return 0, false // subnormal, infinite or NaN maximum
	}
	e := int(maxBits>>23) - 127 // maxAbs in [2^e, 2^(e+1)): floorLog2 of a normal
	for i, b := range block {
		if b&^(1<<31) == 0 {
			elems[i] = 0 // either zero encodes as 0
			continue
		}
		k := int(b>>23&0xff) - 127 - e // x/2^e in [2^k, 2^(k+1))
		if uint(k+6) > 13 || b&(1<<20-1) != 0 {
			return 0, false
		}
		elems[i] = byte(b>>24)&0x80 | byte(k+7)<<3 | byte(b>>20&7)
	}
	return byte(e + 127), true
}

// encode8 is encodeFastBits of a whole block: the same codes and
// scale, the same blocks left to encodeSlow.
func encode8(blk *[4 * Block]byte, codes *[Block]byte) (byte, bool) {
	var b [Block]uint32
	var maxBits uint32
	for i := range b {
		b[i] = binary.LittleEndian.Uint32(blk[4*i:])
		maxBits = max(maxBits, b[i]&^(1<<31))
	}
	if maxBits == 0 {
		*codes = [Block]byte{}
		return 0, true
	}
	if maxBits < 1<<23 || maxBits >= 0x7f800000 {
		return 0, false
	}
	e := int(maxBits >> 23) // the block's biased exponent: its scale byte
	for i, x := range b {
		if x&^(1<<31) == 0 {
			codes[i] = 0
			continue
		}
		k := int(x>>23&0xff) - e // x/2^e in [2^k, 2^(k+1)), k <= 0
		if uint(k+6) > 13 || x&(1<<20-1) != 0 {
			return 0, false
		}
		codes[i] = byte(x>>24)&0x80 | byte(k+7)<<3 | byte(x>>20&7)
	}
	return byte(e), true
}

// encodeSlow is encodeExact for any block.
func encodeSlow(block []float32, elems []byte) (byte, error) {
	var maxAbs float32
	for _, x := range block {
		if x != x || x > math.MaxFloat32 || x < -math.MaxFloat32 {
			return 0, fmt.Errorf("%g is not an MXFP8 value", x)
		}
		maxAbs = max(maxAbs, abs32(x))
	}
	if maxAbs == 0 {
		for i := range block {
			elems[i] = 0
		}
		return 0, nil
	}
	e := floorLog2(float64(maxAbs)) // maxAbs in [2^e, 2^(e+1))
	if e < -126 || e > 127 {
		return 0, fmt.Errorf("block maximum %g is outside E8M0's scale range", maxAbs)
	}
	inv := pow2(-e)
	for i, x := range block {
		c, ok := e4m3Exact(float64(x) * inv) // exact: a float32 times a power of two in float64's range
		if !ok {
			return 0, fmt.Errorf("%g is not an E4M3 value times the block scale 2^%d (quantise it first)", x, e)
		}
		elems[i] = c
	}
	return byte(e + 127), nil
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// e4m3Exact is the E4M3 code of v when v is exactly an E4M3 value (PLENA's
// decoding: exponent field 0 is (m/8)*2^-7).
func e4m3Exact(v float64) (byte, bool) {
	if v == 0 {
		return 0, true
	}
	b := math.Float64bits(v)
	sign := byte(b>>63) << 7
	b &^= 1 << 63
	k := int(b>>52) - 1023 // v in [2^k, 2^(k+1)) (v is a normal float64 here)
	frac := b & (1<<52 - 1)
	if k >= -6 && k <= 7 {
		// 1.mmm: only the top 3 fraction bits may be set.
		if frac&(1<<49-1) == 0 {
			return sign | byte(k+7)<<3 | byte(frac>>49), true
		}
		return 0, false
	}
	if k < -10 || k > -8 {
		return 0, false // (m/8)*2^-7 with m in 1..7 is in [2^-10, 2^-7)
	}
	m := math.Float64frombits(b) * 0x1p10 // (m/8)*2^-7
	if m == math.Trunc(m) && m >= 1 && m <= 7 {
		return sign | byte(m), true
	}
	return 0, false
}

// encodeBytes is encodeExact of a block (Block elements or fewer)
// given as the little-endian bytes of its float32 values.
func encodeBytes(blk, codes []byte) (byte, error) {
	if len(blk) == 4*Block {
		if sc, ok := encode8((*[4 * Block]byte)(blk), (*[Block]byte)(codes)); ok {
			return sc, nil
		}
	} else if sc, ok := encodeFastBits(blk, codes); ok {
		return sc, nil
	}
	var f [Block]float32
	k := len(blk) / 4
	for j := range k {
		f[j] = math.Float32frombits(binary.LittleEndian.Uint32(blk[4*j:]))
	}
	return encodeSlow(f[:k], codes)
}

// EncodeRun encodes a run of stored elements that are exactly MXFP8
// values, block by block from the run's start: x holds their float32
// values (little-endian, 4*len(codes) bytes), codes receives their E4M3
// codes and scales one scale byte per Block elements
// ((len(codes)+Block-1)/Block bytes; a last part block is encoded as if
// completed by zeros). Whole blocks take the vector loop where the host
// has it. A value its block cannot represent stops it: it returns the
// index of that block's first element and the error.
func EncodeRun(x, codes, scales []byte) (int, error) {
	n := len(codes)
	_, _ = x[:4*n], scales[:(n+Block-1)/Block]
	for i := 0; i < n; {
		if nb := (n - i) / Block; nb > 0 && vectorAvailable() {
			// Whole blocks in vector registers, up to one they leave
			// to encodeBytes.
			i += Block * encodeBlocks(x[4*i:4*(i+nb*Block)], codes[i:i+nb*Block], scales[i/Block:i/Block+nb])
			if i == n {
				break
			}
		}
		k := min(Block, n-i)
		sc, err := encodeBytes(x[4*i:4*(i+k)], codes[i:i+k])
		if err != nil {
			return i, err
		}
		scales[i/Block] = sc
		i += k
	}
	return n, nil
}
