/* ReLU, float32 [M, N]: y = max(x, 0). */
#include "kc.h"
void kernel(const float *x, float *y) {
	for (int i = 0; i < M * N; i++) y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}
KC_ENTRY(kernel)
