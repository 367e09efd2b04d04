# Sum 1..10 into a0, store it at `result` and stop.
    .globl _start
_start:
    li a0, 0
    li t0, 10
1:  add a0, a0, t0
    addi t0, t0, -1
    bnez t0, 1b
    la t1, result
    sw a0, 0(t1)
    mpause
    .data
result: .word 0
