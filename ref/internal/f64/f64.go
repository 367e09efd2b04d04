// Package f64 holds the float64 loops of the reference's in-order matrix
// products: r[j] += x0*b0[j]; r[j] += x1*b1[j]; … for every j, each
// product and each sum rounded to float64 (never a fused multiply-add),
// the four products of an element added one after another in order;
// and a block of 4 rows by 32 (or 16) columns held in AVX-512 registers
// over any number of products (AddProductsBlock, and Panels.AddProducts
// on b packed in panels), each element's in order. Lanes of a vector
// instruction are separate elements, so the AVX2 and AVX-512 paths give
// the pure-Go path's bits for every input (NaN payloads aside).
package f64

// useAsm and useAsm512 select the AVX2 and AVX-512 loops (set when the
// host has them; tests turn them off to compare the paths).
var useAsm, useAsm512 = hasAsm, hasAsm512

// AddProducts4x2 adds to rows r0 and r1, for every j < len(r0), the
// products x[0..3]*b{0..3}[j] (to r0) and x[4..7]*b{0..3}[j] (to r1), each
// element's four in order. r1 and b0..b3 must be at least as long as r0.
func AddProducts4x2(r0, r1 []float64, x *[8]float64, b0, b1, b2, b3 []float64) {
	w := len(r0)
	r1, b0, b1, b2, b3 = r1[:w], b0[:w], b1[:w], b2[:w], b3[:w]
	j := 0
	if useAsm512 && w >= 8 {
		j = w &^ 7
		addProducts4x2Asm512(&r0[0], &r1[0], j, x, &b0[0], &b1[0], &b2[0], &b3[0])
	}
	if useAsm && w-j >= 4 {
		n := (w - j) &^ 3
		addProducts4x2Asm(&r0[j], &r1[j], n, x, &b0[j], &b1[j], &b2[j], &b3[j])
		j += n
	}
	x0, x1, x2, x3, y0, y1, y2, y3 := x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]
	for ; j < w; j++ {
		p0, p1, p2, p3 := b0[j], b1[j], b2[j], b3[j]
		s := r0[j]
		s += float64(x0 * p0)
		s += float64(x1 * p1)
		s += float64(x2 * p2)
		s += float64(x3 * p3)
		r0[j] = s
		t := r1[j]
		t += float64(y0 * p0)
		t += float64(y1 * p1)
		t += float64(y2 * p2)
		t += float64(y3 * p3)
		r1[j] = t
	}
}

// AddProducts4 adds to r0, for every j < len(r0), x[0..3]*b{0..3}[j] in
// order. b0..b3 must be at least as long as r0.
func AddProducts4(r0 []float64, x *[4]float64, b0, b1, b2, b3 []float64) {
	w := len(r0)
	b0, b1, b2, b3 = b0[:w], b1[:w], b2[:w], b3[:w]
	j := 0
	if useAsm && w >= 4 {
		j = w &^ 3
		addProducts4Asm(&r0[0], j, x, &b0[0], &b1[0], &b2[0], &b3[0])
	}
	x0, x1, x2, x3 := x[0], x[1], x[2], x[3]
	for ; j < w; j++ {
		s := r0[j]
		s += float64(x0 * b0[j])
		s += float64(x1 * b1[j])
		s += float64(x2 * b2[j])
		s += float64(x3 * b3[j])
		r0[j] = s
	}
}

// AddProductsRows is AddProducts4x2 for q = 0, 1, … in order while
// 4q+3 < len(a0): the multipliers a0[4q..4q+3] and a1[4q..4q+3], b's rows
// b[(4q+t)*ldb:] for t = 0..3. Each element thus adds its products in
// order of their index in a0 (a1). len(a1) >= len(a0); b must hold
// 4*(len(a0)/4) rows of ldb elements, the last at least len(r0) long.
func AddProductsRows(r0, r1, a0, a1, b []float64, ldb int) {
	w, quads := len(r0), len(a0)/4
	if quads == 0 || w == 0 {
		return
	}
	r1, a1 = r1[:w], a1[:4*quads]
	_ = b[(4*quads-1)*ldb+w-1]
	j := 0
	if useAsm512 && w >= 8 {
		j = w &^ 7
		addProductsRows512(&r0[0], &r1[0], j, &a0[0], &a1[0], quads, &b[0], ldb)
		if j == w {
			return
		}
	}
	for q := range quads {
		l := 4 * q
		x := [8]float64{a0[l], a0[l+1], a0[l+2], a0[l+3], a1[l], a1[l+1], a1[l+2], a1[l+3]}
		AddProducts4x2(r0[j:], r1[j:], &x, b[l*ldb+j:], b[(l+1)*ldb+j:], b[(l+2)*ldb+j:], b[(l+3)*ldb+j:])
	}
}

// BlockRows and BlockCols are the shape of AddProductsBlock's block of c.
const BlockRows, BlockCols = 4, 16

// HasBlock reports whether AddProductsBlock has its vector loop on this
// host (without it, AddProductsRows is as fast).
func HasBlock() bool { return useAsm512 }

// AddProductsBlock adds to the block of BlockRows rows by w columns of c
// (row r at c[r*ldc:]) the products a[r*lda+l]*b[l*ldb+j] for l = 0..kk-1
// in order, each element's one after another (the order of
// AddProductsRows). w must be a multiple of BlockCols where HasBlock;
// any w otherwise.
func AddProductsBlock(c []float64, ldc int, a []float64, lda int, b []float64, ldb int, kk, w int) {
	if kk == 0 || w == 0 {
		return
	}
	_ = c[(BlockRows-1)*ldc+w-1]
	_ = a[(BlockRows-1)*lda+kk-1]
	_ = b[(kk-1)*ldb+w-1]
	if useAsm512 && w%BlockCols == 0 {
		j := 0
		for ; j+2*BlockCols <= w; j += 2 * BlockCols {
			addProductsBlock512x32(&c[j], ldc, &a[0], lda, &b[j], ldb, kk)
		}
		if j < w {
			addProductsBlock512(&c[j], ldc, &a[0], lda, &b[j], ldb, kk)
		}
		return
	}
	for r := range BlockRows {
		cr, ar := c[r*ldc:r*ldc+w], a[r*lda:r*lda+kk]
		for l, x := range ar {
			br := b[l*ldb : l*ldb+w]
			for j, p := range br {
				cr[j] += float64(x * p)
			}
		}
	}
}

// PanelCols is the width of Panels' panels: the columns of the widest
// register block.
const PanelCols = 2 * BlockCols

// Panels holds a block of b's rows and columns packed for
// AddProductsBlock's loop: panels of PanelCols columns (the last one
// narrower when the block is), each panel's rows one after another, so
// that the loop reads b in order however wide b's rows are (a stride of
// a power of two would put every row in the same cache set). The zero
// value is empty; Pack reuses its memory.
type Panels struct {
	p          []float64
	rows, cols int
}

// Pack copies into q the rows by cols block of b (row l at b[l*ldb:]).
func (q *Panels) Pack(b []float64, ldb, rows, cols int) {
	q.rows, q.cols = rows, cols
	if rows == 0 || cols == 0 {
		return
	}
	_ = b[(rows-1)*ldb+cols-1]
	if cap(q.p) < rows*cols {
		q.p = make([]float64, rows*cols)
	}
	p := q.p[:rows*cols]
	for j := 0; j < cols; j += PanelCols {
		pw := min(PanelCols, cols-j)
		dst := p[j*rows : (j+pw)*rows]
		for l := range rows {
			copy(dst[l*pw:l*pw+pw], b[l*ldb+j:l*ldb+j+pw])
		}
	}
}

// AddProducts is AddProductsBlock with b the packed block: it adds to
// the block of BlockRows rows by w columns of c the products
// a[r*lda+l]*b[l][j] for l = 0..kk-1 in order (kk <= the packed rows,
// w <= the packed columns), each element's one after another. w must be
// a multiple of BlockCols where HasBlock; any w otherwise.
func (q *Panels) AddProducts(c []float64, ldc int, a []float64, lda int, kk, w int) {
	if kk == 0 || w == 0 {
		return
	}
	if kk > q.rows || w > q.cols {
		panic("f64: Panels.AddProducts past the packed block")
	}
	_ = c[(BlockRows-1)*ldc+w-1]
	_ = a[(BlockRows-1)*lda+kk-1]
	p := q.p[:q.rows*q.cols]
	if useAsm512 && w%BlockCols == 0 {
		for j := 0; j < w; j += PanelCols {
			pw := min(PanelCols, q.cols-j)
			if w-j >= 2*BlockCols {
				addProductsBlock512x32(&c[j], ldc, &a[0], lda, &p[j*q.rows], pw, kk)
			} else {
				addProductsBlock512(&c[j], ldc, &a[0], lda, &p[j*q.rows], pw, kk)
			}
		}
		return
	}
	for r := range BlockRows {
		cr, ar := c[r*ldc:r*ldc+w], a[r*lda:r*lda+kk]
		for l, x := range ar {
			for j := 0; j < w; j += PanelCols {
				pw := min(PanelCols, q.cols-j)
				off := j*q.rows + l*pw
				br := p[off : off+min(pw, w-j)]
				for t, v := range br {
					cr[j+t] += float64(x * v)
				}
			}
		}
	}
}
