package vec

import (
	"math"
	"unsafe"
)

// DequantMX8 decodes MX blocks of eight: dst[i] = table[codes[i]] *
// scales[i/8] for i < len(dst), each an f32 product (PLENA's MXFP8
// prefetch: an element's E4M3 value times its block's E8M0 scale).
// codes must hold len(dst) bytes and scales (len(dst)+7)/8 values. The
// table value is the product's first operand (the NaN rule: of two NaNs,
// the table's comes out), as on every path.
func DequantMX8(dst []float32, codes []byte, scales []float32, table *[256]float32) {
	if len(dst) == 0 {
		return
	}
	DequantMX8Bits(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 4*len(dst)), codes, scales, table)
}

// DequantMX8Bits is DequantMX8 writing the products' bits, little-endian
// f32 words in memory (dst: a Matrix SRAM tile's bytes, 4 per value).
func DequantMX8Bits(dst []byte, codes []byte, scales []float32, table *[256]float32) {
	n := len(dst) / 4
	if n == 0 {
		return
	}
	d := Bytes32U(dst)
	need("DequantMX8 codes", len(codes), n)
	need("DequantMX8 scales", len(scales), (n+7)/8)
	for i := dequantMX8K(d, codes, scales, table); i < n; i++ {
		d[i] = math.Float32bits(table[codes[i]] * scales[i/8])
	}
}
