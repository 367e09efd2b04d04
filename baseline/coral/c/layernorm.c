/* LayerNorm over the rows of x, float32 [M, N], with gamma, beta [N]. */
#include "kc.h"
void kernel(const float *x, const float *gamma, const float *beta, float *y) {
	for (int i = 0; i < M; i++) {
		const float *xr = x + i * N;
		float s = 0.0f;
		for (int j = 0; j < N; j++) s += xr[j];
		float mu = s / (float)N;
		float v = 0.0f;
		for (int j = 0; j < N; j++) {
			float d = xr[j] - mu;
			v += d * d;
		}
		float inv = kc_rsqrt(v / (float)N + EPS);
		for (int j = 0; j < N; j++) y[i * N + j] = (xr[j] - mu) * inv * gamma[j] + beta[j];
	}
}
KC_ENTRY(kernel)
