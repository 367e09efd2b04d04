# Double 16 int32 values from `input` into `output` with the vector unit.
    .globl _start
_start:
    la a0, input
    la a1, output
    li a2, 16
1:  vsetvli t0, a2, e32, m4, ta, ma
    vle32.v v4, (a0)
    vadd.vv v4, v4, v4
    vse32.v v4, (a1)
    slli t1, t0, 2
    add a0, a0, t1
    add a1, a1, t1
    sub a2, a2, t0
    bnez a2, 1b
    mpause
    .data
input:  .zero 64
output: .zero 64
