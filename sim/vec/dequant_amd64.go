//go:build !purego

package vec

// dequantMX8_512 does n (a multiple of 16) elements with AVX-512 gathers,
// dequantMX8_2 n (a multiple of 8) with AVX2's.
//
//go:noescape
func dequantMX8_512(dst *uint32, codes *byte, scales *float32, table *[256]float32, n int)

//go:noescape
func dequantMX8_2(dst *uint32, codes *byte, scales *float32, table *[256]float32, n int)

// dequantMX8K does the whole vectors of dst; it returns how many
// elements it did.
func dequantMX8K(dst []uint32, codes []byte, scales []float32, table *[256]float32) int {
	isa, l := bfISA()
	n := len(dst) &^ (l - 1)
	if isa < 0 || n == 0 {
		return 0
	}
	if isa == isaAVX512 {
		dequantMX8_512(&dst[0], &codes[0], &scales[0], table, n)
	} else {
		dequantMX8_2(&dst[0], &codes[0], &scales[0], table, n)
	}
	return n
}
