# kc-sim bench: vector workload. An int8 dot-product / GEMM inner loop at
# LMUL 4: four unit-stride loads of 64 int8 and four widening
# multiply-accumulates (vwmacc.vv) into 64 int16 accumulators (v16..v23,
# LMUL 8) per iteration: 512 vector elements in 10 instructions. Linked
# for coral-user and ended with ecall 93, like the scalar workload.
    .text
    .globl _start
_start:
    la a1, area
    li t1, 256
    li t2, -100
    mv t3, a1
init:                       # area[i] = i*7 - 100 (int8)
    sb t2, 0(t3)
    addi t2, t2, 7
    addi t3, t3, 1
    addi t1, t1, -1
    bne t1, zero, init
    li t0, {{ITERS}}
    addi a2, a1, 64
    addi a3, a1, 128
    addi a4, a1, 192
    vsetvli t1, zero, e16, m8, ta, ma
    vmv.v.i v16, 0
    vsetvli t1, zero, e8, m4, ta, ma
loop:
    vle8.v v0, (a1)
    vle8.v v4, (a2)
    vle8.v v8, (a3)
    vle8.v v12, (a4)
    vwmacc.vv v16, v0, v4
    vwmacc.vv v16, v8, v12
    vwmacc.vv v16, v0, v12
    vwmacc.vv v16, v4, v8
    addi t0, t0, -1
    bne t0, zero, loop
    li a7, 93
    li a0, 0
    ecall
    .data
area:
    .space 256
