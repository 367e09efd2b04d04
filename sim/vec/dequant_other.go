//go:build !amd64 || purego

package vec

// Without the amd64 kernels DequantMX8Bits runs its Go loop.

func dequantMX8K(dst []uint32, codes []byte, scales []float32, table *[256]float32) int {
	return 0
}
