/* int8 ConvBlock: y = maxpool_POOL(max(requant(conv2d(x, w) + bias), zp)),
 * stride-1 convolution, channels last; each pooled output recomputes its
 * POOL x POOL convolution outputs (no scratch). Two loop orders (-DORDER,
 * the faster per configuration, baseline/gen.sh): 1 (the default) puts
 * the output channels innermost (COUT int32 accumulators, w read along
 * its rows); 2 takes each convolution output as a dot product over the
 * window and the input channels, reading w down its columns. */
#include "kc.h"
#define OH ((H + 2 * PAD - KH) + 1)
#define OW ((W + 2 * PAD - KW) + 1)
#define PH (OH / POOL)
#define PW (OW / POOL)
void kernel(const int8_t *x, const int8_t *w, const int32_t *bias, int8_t *y) {
#if ORDER == 2
	for (int ph = 0; ph < PH; ph++)
		for (int pw = 0; pw < PW; pw++)
			for (int co = 0; co < COUT; co++) {
				int32_t best = ZP0;
				for (int pa = 0; pa < POOL; pa++)
					for (int pb = 0; pb < POOL; pb++) {
						int oh = ph * POOL + pa, ow = pw * POOL + pb;
						int32_t acc = bias[co];
						for (int kh = 0; kh < KH; kh++) {
							int ih = oh + kh - PAD;
							if (ih < 0 || ih >= H) continue;
							for (int kw = 0; kw < KW; kw++) {
								int iw = ow + kw - PAD;
								if (iw < 0 || iw >= W) continue;
								const int8_t *xr = x + (ih * W + iw) * CIN;
								const int8_t *wr = w + (kh * KW + kw) * CIN * COUT + co;
								for (int ci = 0; ci < CIN; ci++) acc += (int32_t)xr[ci] * wr[ci * COUT];
							}
						}
						int32_t q = kc_requant(acc, MULT0, SHIFT0, ZP0);
						best = q > best ? q : best;
					}
				y[(ph * PW + pw) * COUT + co] = (int8_t)best;
			}
#else
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
#endif
}
KC_ENTRY(kernel)
