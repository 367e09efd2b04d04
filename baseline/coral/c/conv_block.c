/* int8 ConvBlock: y = maxpool_POOL(max(requant(conv2d(x, w) + bias), zp)),
 * stride-1 convolution, channels last; each pooled output recomputes its
 * POOL x POOL convolution outputs (no scratch). */
#include "kc.h"
#define OH ((H + 2 * PAD - KH) + 1)
#define OW ((W + 2 * PAD - KW) + 1)
#define PH (OH / POOL)
#define PW (OW / POOL)
void kernel(const int8_t *x, const int8_t *w, const int32_t *bias, int8_t *y) {
	int32_t acc[COUT], best[COUT];
	for (int ph = 0; ph < PH; ph++)
		for (int pw = 0; pw < PW; pw++) {
			for (int co = 0; co < COUT; co++) best[co] = ZP0;
			for (int pa = 0; pa < POOL; pa++)
				for (int pb = 0; pb < POOL; pb++) {
					int oh = ph * POOL + pa, ow = pw * POOL + pb;
					for (int co = 0; co < COUT; co++) acc[co] = bias[co];
					for (int kh = 0; kh < KH; kh++) {
						int ih = oh + kh - PAD;
						if (ih < 0 || ih >= H) continue;
						for (int kw = 0; kw < KW; kw++) {
							int iw = ow + kw - PAD;
							if (iw < 0 || iw >= W) continue;
							for (int ci = 0; ci < CIN; ci++) {
								int32_t xv = x[(ih * W + iw) * CIN + ci];
								const int8_t *wr = w + ((kh * KW + kw) * CIN + ci) * COUT;
								for (int co = 0; co < COUT; co++) acc[co] += xv * wr[co];
							}
						}
					}
					for (int co = 0; co < COUT; co++) {
						int32_t q = kc_requant(acc[co], MULT0, SHIFT0, ZP0);
						best[co] = q > best[co] ? q : best[co];
					}
				}
			for (int co = 0; co < COUT; co++) y[(ph * PW + pw) * COUT + co] = (int8_t)best[co];
		}
}
KC_ENTRY(kernel)
