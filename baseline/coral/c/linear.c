/* int8 Linear: y[M, N] = requant(x[M, K] w[N, K]^T + bias[N]): each output
 * is a contiguous dot product of a row of x and a row of w. */
#include "kc.h"
void kernel(const int8_t *x, const int8_t *w, const int32_t *bias, int8_t *y) {
	for (int i = 0; i < M; i++)
		for (int n = 0; n < N; n++) {
			int32_t acc = bias[n];
			for (int k = 0; k < K; k++) acc += (int32_t)x[i * K + k] * w[n * K + k];
			y[i * N + n] = (int8_t)kc_requant(acc, MULT0, SHIFT0, ZP0);
		}
}
KC_ENTRY(kernel)
