/* Freestanding support for KernelCraft's compiler baseline on coral
 * ("C with RVV at -O2"): no libc, no libm.
 *
 * Every kernel is a plain C function taking the case's tensor addresses
 * in calling-convention order (a0..a7 are also the first eight integer
 * arguments of the ilp32 ABI, so _start simply calls it), then halts with
 * mpause. Shapes and numerics are compile-time constants: one .s per
 * (task, configuration), compiled with -D flags (baseline.CFlags). */
#ifndef KC_H
#define KC_H
#include <stdint.h>

/* _start: sp is already the top of the kernel's 1 KiB area. clang's
 * integrated assembler does not know coral's mpause, so it is a .word. */
#define KC_ENTRY(fn) \
	__attribute__((naked, section(".text.start"))) void _start(void) { \
		__asm__ volatile("call " #fn "\n\t.word 0x08000073 # mpause\n"); \
	}

/* q = clamp(((acc*mult + 2^(shift-1)) >> shift) + zp, -128, 127): the
 * task's requantisation (no overflow for the configured shapes). */
static inline int32_t kc_requant(int32_t acc, int32_t mult, int shift, int32_t zp) {
	int32_t v = ((acc * mult + (1 << (shift - 1))) >> shift) + zp;
	if (v < -128) v = -128;
	if (v > 127) v = 127;
	return v;
}

static inline float kc_bits_f(uint32_t b) {
	union { uint32_t u; float f; } c = {.u = b};
	return c.f;
}

/* exp(x) in float32: x clamped to [-87, 88], n = round(x*log2(e)),
 * r = x - n*ln2 (ln2 in two parts), e^r by a degree-6 polynomial, times
 * 2^n built in the exponent bits. About 1e-7 relative error. */
static inline float kc_expf(float x) {
	if (x < -87.0f) x = -87.0f;
	if (x > 88.0f) x = 88.0f;
	float t = x * 1.44269504f;
	int32_t n = (int32_t)(t + (t >= 0.0f ? 0.5f : -0.5f));
	float fn = (float)n;
	float r = x - fn * 0.693359375f;
	r = r - fn * -2.12194440e-4f;
	float p = 1.0f / 720.0f;
	p = p * r + 1.0f / 120.0f;
	p = p * r + 1.0f / 24.0f;
	p = p * r + 1.0f / 6.0f;
	p = p * r + 0.5f;
	p = p * r + 1.0f;
	p = p * r + 1.0f;
	return p * kc_bits_f((uint32_t)(n + 127) << 23);
}

/* silu(x) = x / (1 + exp(-x)). */
static inline float kc_silu(float x) { return x / (1.0f + kc_expf(-x)); }

/* 1/sqrt(v) with the F extension's square root. */
static inline float kc_rsqrt(float v) { return 1.0f / __builtin_sqrtf(v); }

/* Columns of int32 accumulators a matmul keeps on the stack at a time. */
#define KC_JB 64

/* c[m,n] = requant(a[m,k] b[k,n] + bias[n]) (bias may be 0), int8 in and
 * out, int32 accumulation; relu clamps below at 0 afterwards. Two loop
 * orders (-DORDER, chosen per configuration by baseline/gen.sh, the
 * faster one): 1 (the default) puts the output columns innermost, so both
 * b and c are read along their rows and the compiler vectorises the j
 * loop; 2 takes each output as a dot product over k, reading b down its
 * columns. */
static inline void kc_matmul_i8(const int8_t *a, const int8_t *b, const int32_t *bias, int8_t *c,
                                int m, int kk, int n, int32_t mult, int shift, int32_t zp, int relu) {
#if ORDER == 2
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			int32_t acc = bias ? bias[j] : 0;
			for (int k = 0; k < kk; k++) acc += (int32_t)a[i * kk + k] * b[k * n + j];
			int32_t q = kc_requant(acc, mult, shift, zp);
			if (relu && q < 0) q = 0;
			c[i * n + j] = (int8_t)q;
		}
#else
	int32_t acc[KC_JB];
	for (int i = 0; i < m; i++) {
		for (int j0 = 0; j0 < n; j0 += KC_JB) {
			int nb = n - j0 < KC_JB ? n - j0 : KC_JB;
			for (int j = 0; j < nb; j++) acc[j] = bias ? bias[j0 + j] : 0;
			for (int k = 0; k < kk; k++) {
				int32_t av = a[i * kk + k];
				const int8_t *br = b + k * n + j0;
				for (int j = 0; j < nb; j++) acc[j] += av * br[j];
			}
			for (int j = 0; j < nb; j++) {
				int32_t q = kc_requant(acc[j], mult, shift, zp);
				if (relu && q < 0) q = 0;
				c[i * n + j0 + j] = (int8_t)q;
			}
		}
	}
#endif
}
#endif
