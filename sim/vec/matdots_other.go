//go:build !amd64 || purego

package vec

// Without the amd64 kernels matdots.go's functions run their Go loops.

func widenT4K(dst []float32, src []byte, ld, k int) int { return 0 }
func expandB4K(dst []float32, b []byte, ldb, k int) int { return 0 }

func matDotsK(s *[64]float32, aT *[4][]float32, na int, bx []float32, k int) bool {
	return false
}

func accScaledK(out, s *[16]float32, scale float32) bool { return false }

func matDotsBFK(s *[64]float32, rows *[4][]byte, na, ld int, bx []float32, k int, tmp []float32) bool {
	return false
}

func expandB4TK(dst []float32, b []byte, ldj, k int) int { return 0 }
