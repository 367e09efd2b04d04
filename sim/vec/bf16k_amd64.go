//go:build !purego

package vec

// The kernel wrappers of bf16.go's functions: each runs the path's kernel
// over the whole chunks of its operands (16 elements on AVX-512, 8 on
// AVX2) and returns how many elements (MatAcc: columns) it did; 0 on the
// generic path. The callers have checked the operands' lengths.

// bfISA returns the path in use: isaAVX512, isaAVX2 or -1 (generic).
func bfISA() (isa, lanes int) {
	t := cur.Load()
	switch {
	case t == nil:
		return -1, 0
	case t.isa == isaAVX512:
		return isaAVX512, 16
	}
	return isaAVX2, 8
}

func widenK(d []float32, a []byte) int {
	isa, l := bfISA()
	n := len(d) &^ (l - 1)
	if isa < 0 || n == 0 {
		return 0
	}
	if isa == isaAVX512 {
		bfWiden512(&d[0], &a[0], n)
	} else {
		bfWiden2(&d[0], &a[0], n)
	}
	return n
}

func narrowK(d []byte, a []float32) int {
	isa, l := bfISA()
	n := len(a) &^ (l - 1)
	if isa < 0 || n == 0 {
		return 0
	}
	if isa == isaAVX512 {
		bfNarrow512(&d[0], &a[0], n)
	} else {
		bfNarrow2(&d[0], &a[0], n)
	}
	return n
}

var vvKernels = [2][3]func(d, a, b *byte, n int){
	isaAVX512: {BFAdd: bfAddVV512, BFSub: bfSubVV512, BFMul: bfMulVV512},
	isaAVX2:   {BFAdd: bfAddVV2, BFSub: bfSubVV2, BFMul: bfMulVV2},
}

var vfKernels = [2][4]func(d, a *byte, f float32, n int){
	isaAVX512: {BFAdd: bfAddVF512, BFSub: bfSubVF512, BFMul: bfMulVF512, BFRSub: bfRSubVF512},
	isaAVX2:   {BFAdd: bfAddVF2, BFSub: bfSubVF2, BFMul: bfMulVF2, BFRSub: bfRSubVF2},
}

func arithK(op BFOp, d, a, b []byte, n int) int {
	isa, l := bfISA()
	n &^= l - 1
	if isa < 0 || n == 0 {
		return 0
	}
	if int(op) >= 3 { // BFRSub, −(a − b): the Go loop (no row kernel; V_SUB_VF's is arithFK's)
		return 0
	}
	vvKernels[isa][op](&d[0], &a[0], &b[0], n)
	return n
}

func arithFK(op BFOp, d, a []byte, f float32, n int) int {
	isa, l := bfISA()
	n &^= l - 1
	if isa < 0 || n == 0 || int(op) >= 4 {
		return 0
	}
	vfKernels[isa][op](&d[0], &a[0], f, n)
	return n
}

func reciK(d, a []byte, n int) int {
	isa, l := bfISA()
	n &^= l - 1
	if isa < 0 || n == 0 {
		return 0
	}
	if isa == isaAVX512 {
		bfReci512(&d[0], &a[0], n)
	} else {
		bfReci2(&d[0], &a[0], n)
	}
	return n
}

func lutK(d, a []byte, tab []uint16, n int) int {
	isa, l := bfISA()
	n &^= l - 1
	if isa < 0 || n == 0 || len(tab) < 1<<16+1 {
		return 0
	}
	if isa == isaAVX512 {
		bfLut512(&d[0], &a[0], &tab[0], n)
	} else {
		bfLut2(&d[0], &a[0], &tab[0], n)
	}
	return n
}

func sum8K(l *[8]float32, x []float32) int {
	isa, _ := bfISA()
	n := len(x) &^ 7
	if isa < 0 || n == 0 {
		return 0
	}
	sum8AVX(l, &x[0], n)
	return n
}

func max8K(x []float32) (mx float32, nan bool, done int) {
	isa, _ := bfISA()
	n := len(x) &^ 7
	if isa < 0 || n == 0 {
		return 0, false, 0
	}
	mx, nan = max8AVX(&x[0], n)
	return mx, nan, n
}

func matK(out []float32, ldo int, a []float32, lda, sa int, b []byte, ldb int, m, k, n int, scale float32) int {
	isa, _ := bfISA()
	if isa < 0 || k == 0 || n < 4 {
		return 0
	}
	if isa == isaAVX512 {
		matAcc512(&out[0], &a[0], &b[0], ldo, lda, sa, ldb, m, k, n, scale)
	} else {
		matAcc2(&out[0], &a[0], &b[0], ldo, lda, sa, ldb, m, k, n, scale)
	}
	return n &^ 3
}

func transK(dst, src []byte, ld, rows, cols int) bool {
	isa, l := bfISA()
	if isa < 0 || ld > 1<<24 {
		return false
	}
	var idx [16]int32
	switch {
	case rows%l == 0: // chunks down each source column
		for i := range l {
			idx[i] = int32(i * ld * 4)
		}
		if isa == isaAVX512 {
			transpose512(&dst[0], &src[0], &idx[0], ld, rows, cols)
		} else {
			transpose2(&dst[0], &src[0], &idx[0], ld, rows, cols)
		}
	case l%rows == 0 && rows*cols%l == 0: // each chunk spans l/rows source columns
		r, c := 0, 0 // i%rows, i/rows
		for i := range l {
			idx[i] = int32((r*ld + c) * 4)
			if r++; r == rows {
				r, c = 0, c+1
			}
		}
		if isa == isaAVX512 {
			gather512(&dst[0], &src[0], &idx[0], l/rows*4, rows*cols/l)
		} else {
			gather2(&dst[0], &src[0], &idx[0], l/rows*4, rows*cols/l)
		}
	default:
		return false
	}
	return true
}
