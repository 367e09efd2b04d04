# Constants and expressions.
    .equ N, 4
    .set M, N * 3 + (1 << 2)
    K = M - 1
    .text
    addi a0, zero, N
    addi a1, zero, M
    addi a2, zero, K
    addi a3, zero, -N*2
    addi a4, zero, (0x10 | 3) & ~1
    addi a5, zero, 7 % 4 + 100 / 10
    sw a0, N*4(sp)
    lw a1, (sp)
    mpause
