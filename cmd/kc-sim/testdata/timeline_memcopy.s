# A memory-port-bound copy: four loads and four stores per iteration on
# the single memory port (mem_per_cycle 1), registers ready in time.
    .globl _start
_start:
    la a0, src
    la a1, dst
    li t0, 16
1:  lw t1, 0(a0)
    lw t2, 4(a0)
    lw t3, 8(a0)
    lw t4, 12(a0)
    sw t1, 0(a1)
    sw t2, 4(a1)
    sw t3, 8(a1)
    sw t4, 12(a1)
    addi a0, a0, 16
    addi a1, a1, 16
    addi t0, t0, -1
    bnez t0, 1b
    mpause
    .data
src: .space 256
dst: .space 256
