//go:build !purego

package f64

import "github.com/klauspost/cpuid/v2"

var (
	hasAsm    = cpuid.CPU.Supports(cpuid.AVX2)
	hasAsm512 = cpuid.CPU.Supports(cpuid.AVX2, cpuid.AVX512F)
)

// addProducts4x2Asm is AddProducts4x2's loop for n elements (n a multiple
// of 4), four at a time in AVX2 registers.
//
//go:noescape
func addProducts4x2Asm(r0, r1 *float64, n int, x *[8]float64, b0, b1, b2, b3 *float64)

// addProducts4Asm is AddProducts4's loop for n elements (n a multiple of
// 4).
//
//go:noescape
func addProducts4Asm(r0 *float64, n int, x *[4]float64, b0, b1, b2, b3 *float64)

// addProducts4x2Asm512 is addProducts4x2Asm eight elements at a time in
// AVX-512 registers (n a multiple of 8).
//
//go:noescape
func addProducts4x2Asm512(r0, r1 *float64, n int, x *[8]float64, b0, b1, b2, b3 *float64)

// addProductsRows512 is AddProductsRows' loop in AVX-512 registers for
// the first w elements of the rows (w a multiple of 8).
//
//go:noescape
func addProductsRows512(r0, r1 *float64, w int, a0, a1 *float64, quads int, b *float64, ldb int)

// addProductsBlock512 is AddProductsBlock's loop in AVX-512 registers:
// a block of 4 rows by 16 columns of c.
//
//go:noescape
func addProductsBlock512(c *float64, ldc int, a *float64, lda int, b *float64, ldb int, kk int)

// addProductsBlock512x32 is addProductsBlock512 for a block of 4 rows by
// 32 columns of c.
//
//go:noescape
func addProductsBlock512x32(c *float64, ldc int, a *float64, lda int, b *float64, ldb int, kk int)
