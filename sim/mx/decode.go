// Package mx is MXFP8 (OCP MX: E4M3 elements, one E8M0 scale per Block
// consecutive elements) as PLENA reads and writes it: the decoding of
// E4M3 and E8M0 bytes (decode.go), the emulator's store quantiser that
// H_STORE_V runs (store.go), the quantiser of PLENA's test harness that
// case data goes through (quantise.go), and the exact encoder of values
// that are already MXFP8 (exact.go), with their vector loops (vector*.go;
// the dequantising gather is sim/vec's DequantMX8, under its KC_SIMD
// path selection).
//
// Package ref (case data, memory images, reading results back) and
// sim/plena (H_PREFETCH_*, H_STORE_V) both use it, so a case is encoded
// and decoded with the simulator's own rules, and ref needs no
// simulator for them.
package mx

import (
	"encoding/binary"
	"math"
	"slices"

	"kernelcraft/sim/vec"
)

// Block is the number of consecutive elements that share one E8M0
// scale.
const Block = 8

// The decoding loops (sim/vec's DequantMX8) take blocks of eight.
var _ = [1]struct{}{}[Block-8]

// e4m3Table and e8m0Table decode MX bytes to f32 as the emulator's cast
// does (built at init from the rule, see decodeE4M3).
var e4m3Table, e8m0Table [256]float32

func init() {
	for i := range 256 {
		e4m3Table[i] = decodeE4M3(uint8(i))
		e8m0Table[i] = decodeE8M0(uint8(i))
	}
}

// DecodeE4M3 is the value of an E4M3 element byte as PLENA's emulator reads
// it: sign, 4 exponent bits with bias 7, 3 mantissa bits; exponent 0 with
// mantissa m is (m/8)·2^-7 (PLENA's rule, not the OCP 2^-6); exponent 15
// is infinity (mantissa 0) or NaN (sign kept, the mantissa at the top of
// the payload: 0x79 is 0x7f900000, a signalling NaN).
func DecodeE4M3(b uint8) float32 { return e4m3Table[b] }

// DecodeE8M0 is the value of an E8M0 scale byte: 2^(b-127), except that 0
// decodes to 0.0 and 255 to infinity.
func DecodeE8M0(b uint8) float32 { return e8m0Table[b] }

func decodeE4M3(b uint8) float32 {
	neg := b&0x80 != 0
	e := int(b>>3) & 15
	m := int(b & 7)
	var v float64
	switch {
	case e == 15 && m == 0:
		v = math.Inf(1)
	case e == 15:
		// The emulator's FpType::cast keeps the sign and puts the 3
		// mantissa bits at the top of the f32 payload, quiet bit or not
		// (AICrossSim/PLENA_Simulator@ce0c59ad:transactional_emulator/lib/quantize/src/dtype.rs:108-109,
		// 138-139, 170-172): 0x79 is the signalling 0x7f900000, which the
		// scale's product then quiets to 0x7fd00000.
		return math.Float32frombits(uint32(b&0x80)<<24 | 0x7f800000 | uint32(m)<<20)
	case e == 0:
		v = float64(m) / 8 * math.Ldexp(1, -7)
	default:
		v = (1 + float64(m)/8) * math.Ldexp(1, e-7)
	}
	f := float32(v)
	if neg {
		f = -f
	}
	return f
}

func decodeE8M0(b uint8) float32 {
	switch b {
	case 0:
		return 0
	case 255:
		return float32(math.Inf(1))
	}
	return float32(math.Ldexp(1, int(b)-127))
}

// Dequant decodes blocks: dst[i] = DecodeE4M3(codes[i]) * scales[i/Block]
// in f32 (PLENA's MXFP8 prefetch), scales being decoded scale values.
// codes must hold len(dst) bytes and scales (len(dst)+Block-1)/Block
// values.
func Dequant(dst []float32, codes []byte, scales []float32) {
	vec.DequantMX8(dst, codes, scales, &e4m3Table)
}

// DequantBits is Dequant writing the products' bits, little-endian f32
// words in memory (4 bytes per element of dst).
func DequantBits(dst []byte, codes []byte, scales []float32) {
	vec.DequantMX8Bits(dst, codes, scales, &e4m3Table)
}

// DequantRun decodes a run of stored elements: codes[i] is element
// first+i of a tensor whose scale bytes are scales (one per Block
// elements from its element 0), and dst receives the values' f32 bits,
// little-endian, 4*len(codes) bytes. buf is scratch for decoded scales,
// returned grown for the next call. A run that starts a block takes the
// vector loop; any other is decoded element by element (the same
// products).
func DequantRun(dst, codes, scales []byte, first int, buf []float32) []float32 {
	if first%Block == 0 {
		nb := (len(codes) + Block - 1) / Block
		buf = slices.Grow(buf[:0], nb)[:nb]
		for b, v := range scales[first/Block : first/Block+nb] {
			buf[b] = e8m0Table[v]
		}
		DequantBits(dst[:4*len(codes)], codes, buf)
		return buf
	}
	for i, c := range codes {
		v := e4m3Table[c] * e8m0Table[scales[(first+i)/Block]]
		binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(v))
	}
	return buf
}
