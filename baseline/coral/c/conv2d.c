/* int8 Conv2D, channels last: y[OH, OW, COUT] = requant(bias + sum x * w),
 * x [H, W, CIN], w [KH, KW, CIN, COUT], zero padding. Two loop orders
 * (-DORDER, the faster per configuration, baseline/gen.sh): 1 (the
 * default) puts the output channels innermost (COUT int32 accumulators,
 * w read along its rows); 2 takes each output as a dot product over the
 * window and the input channels, reading w down its columns. */
#include "kc.h"
#define OH ((H + 2 * PAD - KH) / STRIDE + 1)
#define OW ((W + 2 * PAD - KW) / STRIDE + 1)
void kernel(const int8_t *x, const int8_t *w, const int32_t *bias, int8_t *y) {
#if ORDER == 2
	for (int oh = 0; oh < OH; oh++)
		for (int ow = 0; ow < OW; ow++)
			for (int co = 0; co < COUT; co++) {
				int32_t acc = bias[co];
				for (int kh = 0; kh < KH; kh++) {
					int ih = oh * STRIDE + kh - PAD;
					if (ih < 0 || ih >= H) continue;
					for (int kw = 0; kw < KW; kw++) {
						int iw = ow * STRIDE + kw - PAD;
						if (iw < 0 || iw >= W) continue;
						const int8_t *xr = x + (ih * W + iw) * CIN;
						const int8_t *wr = w + (kh * KW + kw) * CIN * COUT + co;
						for (int ci = 0; ci < CIN; ci++) acc += (int32_t)xr[ci] * wr[ci * COUT];
					}
				}
				y[(oh * OW + ow) * COUT + co] = (int8_t)kc_requant(acc, MULT0, SHIFT0, ZP0);
			}
#else
	int32_t acc[COUT];
	for (int oh = 0; oh < OH; oh++)
		for (int ow = 0; ow < OW; ow++) {
			for (int co = 0; co < COUT; co++) acc[co] = bias[co];
			for (int kh = 0; kh < KH; kh++) {
				int ih = oh * STRIDE + kh - PAD;
				if (ih < 0 || ih >= H) continue;
				for (int kw = 0; kw < KW; kw++) {
					int iw = ow * STRIDE + kw - PAD;
					if (iw < 0 || iw >= W) continue;
					for (int ci = 0; ci < CIN; ci++) {
						int32_t xv = x[(ih * W + iw) * CIN + ci];
						const int8_t *wr = w + ((kh * KW + kw) * CIN + ci) * COUT;
						for (int co = 0; co < COUT; co++) acc[co] += xv * wr[co];
					}
				}
			}
			for (int co = 0; co < COUT; co++)
				y[(oh * OW + ow) * COUT + co] = (int8_t)kc_requant(acc[co], MULT0, SHIFT0, ZP0);
		}
#endif
}
KC_ENTRY(kernel)
