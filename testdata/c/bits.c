/* Bit manipulation (Zbb: clz, ctz, cpop, min/max, rotations, rev8),
 * insertion sort and binary search, multiply/divide corner cases (M). */
#include "support.h"

#define N 64
static uint32_t v[N];

static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

int main(void) {
	for (int i = 0; i < N; i++) v[i] = rng() >> (rng() & 31);
	uint32_t h = 0;
	for (int i = 0; i < N; i++) {
		uint32_t x = v[i] | 1;
		h += (uint32_t)__builtin_clz(x) + (uint32_t)__builtin_ctz(x) * 7 + (uint32_t)__builtin_popcount(v[i]) * 13;
		h ^= rotl(v[i], i & 31) + __builtin_bswap32(v[i]);
	}
	results[0] = h;
	for (int i = 1; i < N; i++) {
		uint32_t t = v[i];
		int j = i - 1;
		while (j >= 0 && v[j] > t) { v[j + 1] = v[j]; j--; }
		v[j + 1] = t;
	}
	uint32_t s = 0;
	for (int i = 0; i < N; i++) s = s * 5 + v[i];
	results[1] = s;
	int lo = 0, hi = N - 1;
	uint32_t key = v[37];
	while (lo < hi) { int mid = (lo + hi) / 2; if (v[mid] < key) lo = mid + 1; else hi = mid; }
	results[2] = (uint32_t)lo;
	volatile int32_t a = -2147483647 - 1, b = -1, z = 0;
	results[3] = (uint32_t)(a / b) ^ (uint32_t)(a % b);
	results[4] = (uint32_t)(7 / z) ^ ((uint32_t)(7 % z) << 8);
	results[5] = (uint32_t)((int64_t)(int32_t)v[3] * (int32_t)v[4] >> 32);
	results[6] = (uint32_t)(((uint64_t)v[5] * v[6]) >> 32);
	return (int)(checksum() & 0xff);
}
