//go:build !amd64 || purego

package f64

const hasAsm, hasAsm512 = false, false

func addProducts4x2Asm(r0, r1 *float64, n int, x *[8]float64, b0, b1, b2, b3 *float64) {
	panic("f64: no assembly loops on this platform")
}

func addProducts4Asm(r0 *float64, n int, x *[4]float64, b0, b1, b2, b3 *float64) {
	panic("f64: no assembly loops on this platform")
}

func addProducts4x2Asm512(r0, r1 *float64, n int, x *[8]float64, b0, b1, b2, b3 *float64) {
	panic("f64: no assembly loops on this platform")
}

func addProductsRows512(r0, r1 *float64, w int, a0, a1 *float64, quads int, b *float64, ldb int) {
	panic("f64: no assembly loops on this platform")
}

func addProductsBlock512(c *float64, ldc int, a *float64, lda int, b *float64, ldb int, kk int) {
	panic("f64: no assembly loops on this platform")
}

func addProductsBlock512x32(c *float64, ldc int, a *float64, lda int, b *float64, ldb int, kk int) {
	panic("f64: no assembly loops on this platform")
}
