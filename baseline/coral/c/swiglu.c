/* SwiGLU with int8 x [M, DM], wg, wu [DM, FF]: g = (x wg) * DQ0 and
 * u = (x wu) * DQ1 from int32 accumulators, y = silu(g) * u in float32.
 * Two loop orders (-DORDER, the faster per configuration, baseline/gen.sh):
 * 1 (the default) puts the output columns innermost (KC_JB pairs of int32
 * accumulators on the stack); 2 takes each output's two dot products over
 * k, reading wg and wu down their columns. */
#include "kc.h"
void kernel(const int8_t *x, const int8_t *wg, const int8_t *wu, float *y) {
#if ORDER == 2
	for (int i = 0; i < M; i++)
		for (int j = 0; j < FF; j++) {
			int32_t ag = 0, au = 0;
			for (int k = 0; k < DM; k++) {
				int32_t xv = x[i * DM + k];
				ag += xv * wg[k * FF + j];
				au += xv * wu[k * FF + j];
			}
			float g = (float)ag * DQ0, u = (float)au * DQ1;
			y[i * FF + j] = kc_silu(g) * u;
		}
#else
	int32_t ag[KC_JB], au[KC_JB];
	for (int i = 0; i < M; i++)
		for (int j0 = 0; j0 < FF; j0 += KC_JB) {
			int nb = FF - j0 < KC_JB ? FF - j0 : KC_JB;
			for (int j = 0; j < nb; j++) ag[j] = au[j] = 0;
			for (int k = 0; k < DM; k++) {
				int32_t xv = x[i * DM + k];
				const int8_t *gr = wg + k * FF + j0, *ur = wu + k * FF + j0;
				for (int j = 0; j < nb; j++) {
					ag[j] += xv * gr[j];
					au[j] += xv * ur[j];
				}
			}
			for (int j = 0; j < nb; j++) {
				float g = (float)ag[j] * DQ0, u = (float)au[j] * DQ1;
				y[i * FF + j0 + j] = kc_silu(g) * u;
			}
		}
#endif
}
KC_ENTRY(kernel)
