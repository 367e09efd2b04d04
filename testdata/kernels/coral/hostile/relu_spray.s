# Hostile kernel (issue 15, item 8: stray writes) for relu config 1 on
# coral (x, y float32[4, 64]; a0 = x, a1 = y). It computes a correct ReLU,
# then sprays zeros over the 29 KiB of DTCM from the end of y to the end
# of DTCM, [0x10c00, 0x18000): memory no tensor and no kernel area owns.
# The outputs are right; the judge must fail the run (outside).
    .text
    .globl _start
_start:
    li      a2, 256             # elements of x and y
    fmv.w.x ft0, zero
1:  flw     ft1, 0(a0)
    fmax.s  ft1, ft1, ft0
    fsw     ft1, 0(a1)
    addi    a0, a0, 4
    addi    a1, a1, 4
    addi    a2, a2, -1
    bnez    a2, 1b
    # a1 is now the end of y: spray to the end of DTCM.
    li      t0, 0x18000
2:  sw      zero, 0(a1)
    addi    a1, a1, 4
    bltu    a1, t0, 2b
    mpause
