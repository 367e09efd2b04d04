# kc-sim bench: mixed workload. An RV32IM loop that mixes ALU, multiply
# and load/store work the way compiled integer code does: per element of
# a 64-word array, two loads, three multiplies (mul, mulhu, mulh), ten
# ALU ops (add, sub, xor, or, and, shifts, sltu), a word and a halfword
# store, and the loop's own three (two addi and a taken branch): 20
# instructions, 1,280 per pass over the array, plus 4 per pass for the
# outer loop. Linked for coral-user (code at 0x10000, data at 0x100000)
# and ended with ecall 93 (exit(0)), like the scalar workload, so
# qemu-riscv32 runs the same ELF. The instruction count is exact:
# 6 (set-up) + passes x (2 + 64 x 20 + 2) + 3 (exit); the tests hold it
# to this structure.
    .text
    .globl _start
_start:
    lui   s0, %hi({{ITERS}})       # passes over the array
    addi  s0, s0, %lo({{ITERS}})
    lui   s1, %hi(area)
    addi  s1, s1, %lo(area)
    lui   s2, %hi(0x9E3779B9)      # a multiplier with well-mixed bits
    addi  s2, s2, %lo(0x9E3779B9)
outer:
    mv    a0, s1
    li    a1, 64
inner:
    lw    t0, 0(a0)
    lw    t1, 4(a0)
    mul   t2, t0, s2
    mulhu t3, t1, s2
    add   t4, t2, t3
    xor   t4, t4, s3
    srli  t5, t4, 7
    slli  t6, t4, 3
    or    t5, t5, t6
    sub   s3, s3, t5
    sltu  t6, t0, t1
    add   s3, s3, t6
    mulh  s4, t4, t0
    and   s5, s4, t5
    add   s3, s3, s5
    sw    t4, 0(a0)
    sh    t5, 6(a0)
    addi  a0, a0, 4
    addi  a1, a1, -1
    bnez  a1, inner
    addi  s0, s0, -1
    bnez  s0, outer
    li    a7, 93
    li    a0, 0
    ecall
    .data
area:                              # 64 words and the one past them that lw 4(a0) and sh 6(a0) reach
    .space 260
