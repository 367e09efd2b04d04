/* RMSNorm over the rows of x, float32 [M, N], with gamma [N]. */
#include "kc.h"
void kernel(const float *x, const float *gamma, float *y) {
	for (int i = 0; i < M; i++) {
		const float *xr = x + i * N;
		float s = 0.0f;
		for (int j = 0; j < N; j++) s += xr[j] * xr[j];
		float inv = kc_rsqrt(s / (float)N + EPS);
		for (int j = 0; j < N; j++) y[i * N + j] = xr[j] * inv * gamma[j];
	}
}
KC_ENTRY(kernel)
