/* int8 FFN: h = max(requant0(x w1 + b1), 0) (int8, kept in scratch), then
 * y = requant1(h w2 + b2). x [M, DM], w1 [DM, FF], w2 [FF, DM]; the loop
 * order is kc_matmul_i8's (-DORDER, kc.h). */
#include "kc.h"
void kernel(const int8_t *x, const int8_t *w1, const int32_t *b1, const int8_t *w2, const int32_t *b2,
            int8_t *y, int32_t *scratch) {
	int8_t *h = (int8_t *)scratch;
	kc_matmul_i8(x, w1, b1, h, M, DM, FF, MULT0, SHIFT0, ZP0, 1);
	kc_matmul_i8(h, w2, b2, y, M, FF, DM, MULT1, SHIFT1, ZP1, 0);
}
KC_ENTRY(kernel)
