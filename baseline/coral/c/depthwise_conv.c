/* int8 depthwise Conv2D, channels last: y[OH, OW, C] = requant(bias + sum
 * x * w), x [H, W, C], w [KH, KW, C], zero padding (C = CIN = COUT). Two
 * loop orders (-DORDER, the faster per configuration, baseline/gen.sh):
 * 1 (the default) puts the channels innermost (C int32 accumulators, x
 * and w read along their rows); 2 takes each output as a sum over its
 * window, reading x and w with stride C. */
#include "kc.h"
#define OH ((H + 2 * PAD - KH) / STRIDE + 1)
#define OW ((W + 2 * PAD - KW) / STRIDE + 1)
void kernel(const int8_t *x, const int8_t *w, const int32_t *bias, int8_t *y) {
#if ORDER == 2
	for (int oh = 0; oh < OH; oh++)
		for (int ow = 0; ow < OW; ow++)
			for (int c = 0; c < CIN; c++) {
				int32_t acc = bias[c];
				for (int kh = 0; kh < KH; kh++) {
					int ih = oh * STRIDE + kh - PAD;
					if (ih < 0 || ih >= H) continue;
					for (int kw = 0; kw < KW; kw++) {
						int iw = ow * STRIDE + kw - PAD;
						if (iw < 0 || iw >= W) continue;
						acc += (int32_t)x[(ih * W + iw) * CIN + c] * w[(kh * KW + kw) * CIN + c];
					}
				}
				y[(oh * OW + ow) * CIN + c] = (int8_t)kc_requant(acc, MULT0, SHIFT0, ZP0);
			}
#else
	int32_t acc[CIN];
	for (int oh = 0; oh < OH; oh++)
		for (int ow = 0; ow < OW; ow++) {
			for (int c = 0; c < CIN; c++) acc[c] = bias[c];
			for (int kh = 0; kh < KH; kh++) {
				int ih = oh * STRIDE + kh - PAD;
				if (ih < 0 || ih >= H) continue;
				for (int kw = 0; kw < KW; kw++) {
					int iw = ow * STRIDE + kw - PAD;
					if (iw < 0 || iw >= W) continue;
					const int8_t *xr = x + (ih * W + iw) * CIN;
					const int8_t *wr = w + (kh * KW + kw) * CIN;
					for (int c = 0; c < CIN; c++) acc[c] += (int32_t)xr[c] * wr[c];
				}
			}
			for (int c = 0; c < CIN; c++)
				y[(oh * OW + ow) * CIN + c] = (int8_t)kc_requant(acc[c], MULT0, SHIFT0, ZP0);
		}
#endif
}
KC_ENTRY(kernel)
