/* int32 -> int8 requantisation (scale, shift with rounding, zero point,
 * saturation), max/min reductions and element-wise int16 arithmetic. */
#include "support.h"

#define N 100
static int32_t acc[N];
static int8_t out[N];
static int16_t h1[N], h2[N], h3[N];

int main(void) {
	for (int i = 0; i < N; i++) acc[i] = (int32_t)rng() >> (rng() & 15);
	const int32_t scale = 1234567, shift = 31, zp = -3;
	for (int i = 0; i < N; i++) {
		int64_t p = (int64_t)acc[i] * scale;
		int32_t r = (int32_t)((p + (1LL << (shift - 1))) >> shift) + zp;
		out[i] = (int8_t)(r > 127 ? 127 : r < -128 ? -128 : r);
	}
	int32_t mx = acc[0], mn = acc[0];
	for (int i = 1; i < N; i++) { mx = acc[i] > mx ? acc[i] : mx; mn = acc[i] < mn ? acc[i] : mn; }
	for (int i = 0; i < N; i++) { h1[i] = (int16_t)rng(); h2[i] = (int16_t)rng(); }
	for (int i = 0; i < N; i++) h3[i] = (int16_t)(h1[i] * h2[i] + (h1[i] >> 3) - (h2[i] & 0x7f));
	uint32_t s = 0, t = 0;
	for (int i = 0; i < N; i++) { s = s * 3 + (uint8_t)out[i]; t += (uint16_t)h3[i]; }
	results[0] = s; results[1] = t; results[2] = (uint32_t)mx; results[3] = (uint32_t)mn;
	return (int)(checksum() & 0xff);
}
