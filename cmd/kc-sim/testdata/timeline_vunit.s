# A vector-unit-bound loop: independent slides at m2 (three slots each on
# the single permute unit) while the front end could dispatch two a cycle.
    .globl _start
_start:
    vsetvli t1, zero, e32, m2, ta, ma
    li t0, 8
1:  vslidedown.vi v0, v16, 1
    vslidedown.vi v2, v16, 1
    vslidedown.vi v4, v16, 1
    vslidedown.vi v6, v16, 1
    vslidedown.vi v8, v18, 1
    vslidedown.vi v10, v18, 1
    vslidedown.vi v12, v18, 1
    vslidedown.vi v14, v18, 1
    addi t0, t0, -1
    bnez t0, 1b
    mpause
