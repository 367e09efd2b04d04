/* int8 batched GEMM: c[B, M, N] = requant(a[B, M, K] b[B, K, N]); the
 * loop order is kc_matmul_i8's (-DORDER, kc.h). */
#include "kc.h"
void kernel(const int8_t *a, const int8_t *b, int8_t *c) {
	for (int n = 0; n < B; n++)
		kc_matmul_i8(a + n * M * K, b + n * K * N, 0, c + n * M * N, M, K, N, MULT0, SHIFT0, ZP0, 0);
}
KC_ENTRY(kernel)
