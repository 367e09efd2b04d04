/* int8 GEMV: y[M] = requant(a[M, K] x[K]). */
#include "kc.h"
void kernel(const int8_t *a, const int8_t *x, int8_t *y) {
	for (int i = 0; i < M; i++) {
		int32_t acc = 0;
		for (int k = 0; k < K; k++) acc += (int32_t)a[i * K + k] * x[k];
		y[i] = (int8_t)kc_requant(acc, MULT0, SHIFT0, ZP0);
	}
}
KC_ENTRY(kernel)
