/* Freestanding support for KernelCraft's compiler-output tests: no libc.
 * Every program stores its outputs in `results` and returns a checksum of
 * them from main; the start code passes it to exit (ecall a7=93). */
#ifndef KC_SUPPORT_H
#define KC_SUPPORT_H
#include <stdint.h>

#define NRESULTS 16
volatile uint32_t results[NRESULTS];

/* Compilers may turn loops into calls to these. */
__attribute__((used)) void *memset(void *d, int c, unsigned n) {
	volatile unsigned char *p = d;
	while (n--) *p++ = (unsigned char)c;
	return d;
}
__attribute__((used)) void *memcpy(void *d, const void *s, unsigned n) {
	volatile unsigned char *p = d;
	const volatile unsigned char *q = s;
	while (n--) *p++ = *q++;
	return d;
}

/* fnv1a over the results: the exit code both executors must agree on. */
static uint32_t checksum(void) {
	uint32_t h = 2166136261u;
	for (int i = 0; i < NRESULTS; i++) {
		h = (h ^ results[i]) * 16777619u;
	}
	return h;
}

/* A small deterministic generator for inputs. */
static uint32_t rng_state = 12345;
static uint32_t rng(void) {
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

int main(void);
__attribute__((naked, section(".text.start"))) void _start(void) {
	__asm__ volatile(
		"lui sp, %hi(stack+2048)\n"
		"addi sp, sp, %lo(stack+2048)\n"
		"call main\n"
		"li a7, 93\n"
		"ecall\n");
}
__attribute__((aligned(16))) char stack[2048];
#endif
