# A dependency chain: every mul needs the previous one's result (lat.mul 2),
# so each waits a cycle on the register it reads.
    .globl _start
_start:
    li a0, 1
    li a1, 3
    li t0, 20
1:  mul a0, a0, a1
    mul a0, a0, a1
    mul a0, a0, a1
    mul a0, a0, a1
    addi t0, t0, -1
    bnez t0, 1b
    mpause
