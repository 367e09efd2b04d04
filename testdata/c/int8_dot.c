/* int8 dot products and a small int8 GEMM with int32 accumulation:
 * the loops clang autovectorises with widening multiplies. */
#include "support.h"

#define N 77
static int8_t a[N], b[N];
static int8_t A[8][24], B[24][8];
static int32_t C[8][8];

static int32_t dot(const int8_t *x, const int8_t *y, int n) {
	int32_t s = 0;
	for (int i = 0; i < n; i++) s += (int32_t)x[i] * y[i];
	return s;
}

int main(void) {
	for (int i = 0; i < N; i++) { a[i] = (int8_t)rng(); b[i] = (int8_t)rng(); }
	for (int i = 0; i < 8; i++)
		for (int k = 0; k < 24; k++) { A[i][k] = (int8_t)rng(); B[k][i] = (int8_t)rng(); }
	results[0] = (uint32_t)dot(a, b, N);
	results[1] = (uint32_t)dot(a, a, N);
	results[2] = (uint32_t)dot(a + 3, b + 1, N - 5);
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++) {
			int32_t s = 0;
			for (int k = 0; k < 24; k++) s += (int32_t)A[i][k] * B[k][j];
			C[i][j] = s;
		}
	for (int i = 0; i < 8; i++) {
		uint32_t h = 0;
		for (int j = 0; j < 8; j++) h = h * 31 + (uint32_t)C[i][j];
		results[3 + i] = h;
	}
	return (int)(checksum() & 0xff);
}
