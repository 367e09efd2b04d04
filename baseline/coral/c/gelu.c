/* GELU (tanh approximation), float32 [M, N]:
 * 0.5 x (1 + tanh(u)) = x / (1 + exp(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3). */
#include "kc.h"
void kernel(const float *x, float *y) {
	for (int i = 0; i < M * N; i++) {
		float v = x[i];
		float u = 0.7978845608f * (v + 0.044715f * v * v * v);
		y[i] = v / (1.0f + kc_expf(-2.0f * u));
	}
}
KC_ENTRY(kernel)
