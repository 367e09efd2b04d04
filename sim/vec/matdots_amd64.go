//go:build !purego

package vec

// matdots.go's kernels (matdots_amd64.s). Strides are in bytes.

//go:noescape
func widenT4(dst *float32, src *byte, ld int, n int)

//go:noescape
func expandB4(dst *float32, b *byte, sj, sk int, k int)

//go:noescape
func matDots512(s *float32, a0, a1, a2, a3 *float32, bx *float32, k int)

//go:noescape
func matDots2(s *float32, a0, a1, a2, a3 *float32, bx *float32, k int)

// widenT4K widens the whole chunks of 16 values of k; it returns how many
// values of k it did.
func widenT4K(dst []float32, src []byte, ld, k int) int {
	isa, _ := bfISA()
	n := k / 16
	if isa < 0 || n == 0 {
		return 0
	}
	widenT4(&dst[0], &src[0], 2*ld, n)
	return 16 * n
}

func expandB4K(dst []float32, b []byte, ldb, k int) int {
	isa, _ := bfISA()
	if isa < 0 {
		return 0
	}
	expandB4(&dst[0], &b[0], 4, 4*ldb, k)
	return k
}

func matDotsK(s *[64]float32, aT *[4][]float32, na int, bx []float32, k int) bool {
	isa, _ := bfISA()
	if isa < 0 || k == 0 || k%4 != 0 {
		return false
	}
	// Missing operands repeat the last one (their sums land in s's
	// scratch part).
	var p [4]*float32
	for q := range p {
		p[q] = &aT[min(q, na-1)][0]
	}
	if isa == isaAVX512 {
		matDots512(&s[0], p[0], p[1], p[2], p[3], &bx[0], k)
	} else {
		matDots2(&s[0], p[0], p[1], p[2], p[3], &bx[0], k)
	}
	return true
}

//go:noescape
func accScaled16(out *float32, s *float32, scale float32)

func accScaledK(out, s *[16]float32, scale float32) bool {
	if isa, _ := bfISA(); isa < 0 {
		return false
	}
	accScaled16(&out[0], &s[0], scale)
	return true
}

//go:noescape
func matDotsBF512(s *float32, r0, r1, r2, r3 *byte, ld int, bx *float32, tmp *float32, n int)

func matDotsBFK(s *[64]float32, rows *[4][]byte, na, ld int, bx []float32, k int, tmp []float32) bool {
	isa, _ := bfISA()
	if isa < 0 || k == 0 || k%16 != 0 {
		return false
	}
	var p [4]*byte
	for q := range p {
		p[q] = &rows[min(q, na-1)][0]
	}
	if isa == isaAVX512 {
		matDotsBF512(&s[0], p[0], p[1], p[2], p[3], 2*ld, &bx[0], &tmp[0], k/16)
		return true
	}
	var a [4][]float32
	for q := range a {
		a[q] = tmp[q*4*k : (q+1)*4*k]
		widenT4(&a[q][0], p[q], 2*ld, k/16)
	}
	matDots2(&s[0], &a[0][0], &a[1][0], &a[2][0], &a[3][0], &bx[0], k)
	return true
}

func expandB4TK(dst []float32, b []byte, ldj, k int) int {
	if isa, _ := bfISA(); isa < 0 {
		return 0
	}
	expandB4(&dst[0], &b[0], 4*ldj, 4, k)
	return k
}
