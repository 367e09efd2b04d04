/* int8 GEMM: c[M, N] = requant(a[M, K] b[K, N]); the loop order is
 * kc_matmul_i8's (-DORDER, kc.h). */
#include "kc.h"
void kernel(const int8_t *a, const int8_t *b, int8_t *c) {
	kc_matmul_i8(a, b, 0, c, M, K, N, MULT0, SHIFT0, ZP0, 0);
}
KC_ENTRY(kernel)
