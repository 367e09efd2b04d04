package vec

// The batched tile product of PLENA's M_MM/M_TMM with BLEN = 4 (sim/plena
// defers consecutive products and runs them here together). One product
// is MatAcc's with m = n = 4: sixteen sums, each a chain of k adds in
// index order, which one at a time leave the adders idle. Here up to four
// products that share the weight operand run side by side, one output per
// lane, in three steps:
//
//   - WidenBF16T4: the product's four Vector SRAM rows, bf16, widened to
//     f32 and transposed (four values per k);
//   - ExpandB4: the weight slice (k x 4) spread so that each k is one
//     16-lane vector, built once per slice and shared;
//   - MatDots4: the dot products, column-major per product.
//
// The accumulation (MatAcc's out + s*scale) stays with the caller
// (AccScaled16). The arithmetic is MatAcc's: products rounded to f32 and
// added from +0 in index order, bf16.go's NaN rule (the kernels put a
// before b and the running sum before the product as the instructions'
// first sources), so that AccScaled16 on MatDots4's sums is MatAcc bit for
// bit on every path (TestMatDotsIsMatAcc).

// WidenBF16T4 sets dst[4*kk + i] to element kk of row i (bf16 widened to
// f32) for i < 4 and kk < k; row i is the k bf16 values (little-endian) at
// src[2*i*ld:].
func WidenBF16T4(dst []float32, src []byte, ld, k int) {
	if k <= 0 {
		return
	}
	if ld < 0 {
		panic("sim/vec: WidenBF16T4: negative stride")
	}
	need("WidenBF16T4 dst", len(dst), 4*k)
	need("WidenBF16T4 src", len(src)/2, 3*ld+k)
	for kk := widenT4K(dst, src, ld, k); kk < k; kk++ {
		for i := range 4 {
			dst[4*kk+i] = bf16At(src, i*ld+kk)
		}
	}
}

// ExpandB4 sets dst[16*kk + 4*j + i] = b[kk*ldb + j] (b: f32
// little-endian; strides in elements) for i, j < 4 and kk < k: row kk of a
// k x 4 weight slice with each value repeated for the four rows of the
// product, MatDots4's operand.
func ExpandB4(dst []float32, b []byte, ldb, k int) {
	if k <= 0 {
		return
	}
	if ldb < 0 {
		panic("sim/vec: ExpandB4: negative stride")
	}
	need("ExpandB4 dst", len(dst), 16*k)
	need("ExpandB4 b", len(b)/4, (k-1)*ldb+4)
	for kk := expandB4K(dst, b, ldb, k); kk < k; kk++ {
		for j := range 4 {
			x := f32le(b, kk*ldb+j)
			d := dst[16*kk+4*j : 16*kk+4*j+4]
			d[0], d[1], d[2], d[3] = x, x, x, x
		}
	}
}

// ExpandB4T is ExpandB4 of a transposed slice: dst[16*kk + 4*j + i] =
// b[j*ldj + kk] (b: f32 little-endian; ldj in elements), for i, j < 4 and
// kk < k (M_TMM's weights: row j of the slice is a tile row).
func ExpandB4T(dst []float32, b []byte, ldj, k int) {
	if k <= 0 {
		return
	}
	if ldj < 0 {
		panic("sim/vec: ExpandB4T: negative stride")
	}
	need("ExpandB4T dst", len(dst), 16*k)
	need("ExpandB4T b", len(b)/4, 3*ldj+k)
	for kk := expandB4TK(dst, b, ldj, k); kk < k; kk++ {
		for j := range 4 {
			x := f32le(b, j*ldj+kk)
			d := dst[16*kk+4*j : 16*kk+4*j+4]
			d[0], d[1], d[2], d[3] = x, x, x, x
		}
	}
}

// MatDots4 computes the raw dot products of up to four 4-row operands
// (WidenBF16T4's layout) with one weight slice (ExpandB4's layout), the
// sums of MatAcc without its final accumulation: for q < na (at most 4),
// i < 4 and j < 4,
//
//	s[16*q + 4*j + i] = +0 + aT[q][i]*bx[4*j+i] + … + aT[q][4*(k-1)+i]*bx[16*(k-1)+4*j+i]
//
// (column-major per product): every product rounded to f32 before it is
// added, summed from +0 in index order with bf16.go's NaN rule (a before
// b, the running sum before the product). s[16*na:] may be overwritten.
func MatDots4(s *[64]float32, aT *[4][]float32, na int, bx []float32, k int) {
	if na <= 0 || na > 4 || k < 0 {
		panic("sim/vec: MatDots4: bad operand count or k")
	}
	if k > 0 {
		for q := range na {
			need("MatDots4 aT", len(aT[q]), 4*k)
		}
		need("MatDots4 bx", len(bx), 16*k)
	}
	if matDotsK(s, aT, na, bx, k) {
		return
	}
	for q := range na {
		matDotsGo((*[16]float32)(s[16*q:16*q+16]), aT[q][:4*k], bx[:16*k])
	}
}

// MatDotsBF4 is MatDots4 on operands given as their bf16 rows: for q <
// na, WidenBF16T4(aT[q], rows[q], ld, k), then MatDots4(s, &aT, na, bx,
// k), with the same bits; tmp (at least 16*k elements) is scratch. On
// AVX-512 the two steps run in one pass, 16 values of k at a time.
func MatDotsBF4(s *[64]float32, rows *[4][]byte, na, ld int, bx []float32, k int, tmp []float32) {
	if na <= 0 || na > 4 || k < 0 || ld < 0 {
		panic("sim/vec: MatDotsBF4: bad operand count, stride or k")
	}
	if k == 0 {
		clear(s[:16*na])
		return
	}
	for q := range na {
		need("MatDotsBF4 rows", len(rows[q])/2, 3*ld+k)
	}
	need("MatDotsBF4 bx", len(bx), 16*k)
	need("MatDotsBF4 tmp", len(tmp), 16*k)
	if matDotsBFK(s, rows, na, ld, bx, k, tmp) {
		return
	}
	var aT [4][]float32
	for q := range na {
		aT[q] = tmp[q*4*k : (q+1)*4*k]
		WidenBF16T4(aT[q], rows[q], ld, k)
	}
	MatDots4(s, &aT, na, bx, k)
}

// matDotsGo is MatDots4 for one operand: the definition.
func matDotsGo(s *[16]float32, aT, bx []float32) {
	k := len(aT) / 4
	for l := range 16 {
		i := l & 3
		var t float32
		for kk := range k {
			t += float32(aT[4*kk+i] * bx[16*kk+l])
		}
		if t != t { // the payload by the rule
			t = 0
			for kk := range k {
				t = addN(t, mulN(aT[4*kk+i], bx[16*kk+l]))
			}
		}
		s[l] = t
	}
}

// AccScaled16 sets out[l] = out[l] + s[l]*scale for l < 16, the product
// rounded before the sum, with the NaN rule (out before the scaled sum, s
// before scale): MatAcc's last step, on MatDots4's column-major sums when
// out is column-major too.
func AccScaled16(out, s *[16]float32, scale float32) {
	if accScaledK(out, s, scale) {
		return
	}
	for l, x := range s {
		if r := out[l] + float32(x*scale); r == r {
			out[l] = r
		} else {
			out[l] = addN(out[l], mulN(x, scale))
		}
	}
}
