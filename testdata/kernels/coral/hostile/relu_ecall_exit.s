# Hostile kernel (issue 15, item 8: the halt the task names) for relu
# config 1 on coral (x, y float32[4, 64]; a0 = x, a1 = y). A correct
# ReLU that ends with ecall exit(0) (a7 = 93, a0 = 0), as riscv-tests and
# newlib programs do, instead of the mpause the task text requires. kc-sim
# exits 0 for it; the judge must fail the run (halt).
    .text
    .globl _start
_start:
    li      a2, 256
    fmv.w.x ft0, zero
1:  flw     ft1, 0(a0)
    fmax.s  ft1, ft1, ft0
    fsw     ft1, 0(a1)
    addi    a0, a0, 4
    addi    a1, a1, 4
    addi    a2, a2, -1
    bnez    a2, 1b
    li      a0, 0
    li      a7, 93
    ecall
