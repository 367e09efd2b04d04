# ReLU on coral, fp32, for case relu config 1 (x, y: float32[4, 64]).
# Calling convention of the case: a0 = x, a1 = y, halt with mpause.
# The vector unit is integer-only (Zve32x), but ReLU needs no float
# arithmetic: a float32 with the sign bit set is a negative int32, so a
# signed integer max with 0 maps every negative float (and -0.0) to +0.0
# and keeps every positive one.
    .text
    .globl _start
_start:
    li t1, 256                       # elements left (4 * 64)
1:  vsetvli t0, t1, e32, m8, ta, ma  # t0 = elements in this strip
    vle32.v v8, (a0)
    vmax.vx v8, v8, zero
    vse32.v v8, (a1)
    slli t2, t0, 2
    add a0, a0, t2
    add a1, a1, t2
    sub t1, t1, t0
    bnez t1, 1b
    mpause
