/* int8 Linear: y[M, N] = requant(x[M, K] w[N, K]^T + bias[N]). Two loop
 * orders (-DORDER, the faster per configuration, baseline/gen.sh): 1 (the
 * default) takes each output as the contiguous dot product of a row of x
 * and a row of w; 2 puts the output columns innermost (KC_JB int32
 * accumulators on the stack), reading w down its columns. */
#include "kc.h"
void kernel(const int8_t *x, const int8_t *w, const int32_t *bias, int8_t *y) {
#if ORDER == 2
	int32_t acc[KC_JB];
	for (int i = 0; i < M; i++)
		for (int n0 = 0; n0 < N; n0 += KC_JB) {
			int nb = N - n0 < KC_JB ? N - n0 : KC_JB;
			for (int n = 0; n < nb; n++) acc[n] = bias[n0 + n];
			for (int k = 0; k < K; k++) {
				int32_t xv = x[i * K + k];
				for (int n = 0; n < nb; n++) acc[n] += xv * w[(n0 + n) * K + k];
			}
			for (int n = 0; n < nb; n++) y[i * N + n0 + n] = (int8_t)kc_requant(acc[n], MULT0, SHIFT0, ZP0);
		}
#else
	for (int i = 0; i < M; i++)
		for (int n = 0; n < N; n++) {
			int32_t acc = bias[n];
			for (int k = 0; k < K; k++) acc += (int32_t)x[i * K + k] * w[n * K + k];
			y[i * N + n] = (int8_t)kc_requant(acc, MULT0, SHIFT0, ZP0);
		}
#endif
}
KC_ENTRY(kernel)
