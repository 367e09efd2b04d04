/* SiLU, float32 [M, N]: y = x / (1 + exp(-x)) in scalar F. */
#include "kc.h"
void kernel(const float *x, float *y) {
	for (int i = 0; i < M * N; i++) y[i] = kc_silu(x[i]);
}
KC_ENTRY(kernel)
