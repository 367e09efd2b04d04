/* int8 GEMV: y[M] = requant(a[M, K] x[K]). Two loop orders (-DORDER,
 * the faster per configuration, baseline/gen.sh): 1 (the default) takes
 * each output as the dot product of a contiguous row of a with x; 2 runs
 * k outermost and adds x[k] times column k of a (read with stride K) into
 * M int32 accumulators. */
#include "kc.h"
void kernel(const int8_t *a, const int8_t *x, int8_t *y) {
#if ORDER == 2
	int32_t acc[M];
	for (int i = 0; i < M; i++) acc[i] = 0;
	for (int k = 0; k < K; k++) {
		int32_t xv = x[k];
		for (int i = 0; i < M; i++) acc[i] += a[i * K + k] * xv;
	}
	for (int i = 0; i < M; i++) y[i] = (int8_t)kc_requant(acc[i], MULT0, SHIFT0, ZP0);
#else
	for (int i = 0; i < M; i++) {
		int32_t acc = 0;
		for (int k = 0; k < K; k++) acc += (int32_t)a[i * K + k] * x[k];
		y[i] = (int8_t)kc_requant(acc, MULT0, SHIFT0, ZP0);
	}
#endif
}
KC_ENTRY(kernel)
