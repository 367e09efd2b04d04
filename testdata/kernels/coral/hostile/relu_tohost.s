# Hostile kernel (issue 15, item 8: the halt the task names) for relu
# config 1 on coral (x, y float32[4, 64]; a0 = x, a1 = y). A correct
# ReLU that ends by storing 1 to tohost (riscv-tests' "pass"), instead of
# the mpause the task text requires. tohost is in .data, which kc-as puts
# at the start of DTCM, inside the kernel's own area, so the store itself
# is allowed; the judge must fail the run (halt).
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
    la      t0, tohost
    li      t1, 1
    sw      t1, 0(t0)
2:  j       2b                  # tohost ends the run; never reached

    .data
    .globl  tohost
    .p2align 3
tohost: .word 0, 0
