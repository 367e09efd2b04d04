/* Scalar single precision: a softmax with a polynomial exp, layernorm with
 * a square root, conversions and comparisons (RV32F). */
#include "support.h"

#define N 37
static float x[N], y[N];

static float expf_approx(float v) {
	/* exp(v) = 2^k * exp(r), |r| <= ln2/2, degree-6 Taylor for exp(r) */
	float k = __builtin_floorf(v * 1.44269504f + 0.5f);
	float r = v - k * 0.69314718f;
	float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 + r / 720)))));
	int32_t e = (int32_t)k;
	union { float f; uint32_t u; } s = {.u = (uint32_t)(e + 127) << 23};
	return p * s.f;
}

static uint32_t bits(float f) { union { float f; uint32_t u; } u = {f}; return u.u; }

int main(void) {
	for (int i = 0; i < N; i++) x[i] = (float)((int32_t)(rng() % 2001) - 1000) / 97.0f;
	float m = x[0];
	for (int i = 1; i < N; i++) m = x[i] > m ? x[i] : m;
	float sum = 0;
	for (int i = 0; i < N; i++) { y[i] = expf_approx(x[i] - m); sum += y[i]; }
	float inv = 1.0f / sum;
	uint32_t h = 0;
	for (int i = 0; i < N; i++) h = h * 33 + bits(y[i] * inv);
	results[0] = h;
	float mean = 0, var = 0;
	for (int i = 0; i < N; i++) mean += x[i];
	mean /= N;
	for (int i = 0; i < N; i++) var += (x[i] - mean) * (x[i] - mean);
	float rstd = 1.0f / __builtin_sqrtf(var / N + 1e-5f);
	h = 0;
	for (int i = 0; i < N; i++) h = h * 33 + bits((x[i] - mean) * rstd);
	results[1] = h;
	results[2] = (uint32_t)(int32_t)(x[5] * 1000.0f);
	results[3] = (uint32_t)(x[7] < x[9]) | (uint32_t)(x[3] == x[3]) << 1;
	results[4] = bits(__builtin_fmaf(x[1], x[2], x[3]));
	results[5] = (uint32_t)(uint8_t)(int)(x[11] * 3.0f);
	return (int)(checksum() & 0xff);
}
