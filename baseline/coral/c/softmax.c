/* Softmax over the rows of x, float32 [M, N]. */
#include "kc.h"
void kernel(const float *x, float *y) {
	for (int i = 0; i < M; i++) {
		const float *xr = x + i * N;
		float *yr = y + i * N;
		float m = xr[0];
		for (int j = 1; j < N; j++) m = xr[j] > m ? xr[j] : m;
		float s = 0.0f;
		for (int j = 0; j < N; j++) {
			float e = kc_expf(xr[j] - m);
			yr[j] = e;
			s += e;
		}
		float inv = 1.0f / s;
		for (int j = 0; j < N; j++) yr[j] *= inv;
	}
}
KC_ENTRY(kernel)
