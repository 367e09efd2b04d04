# Hostile kernel (issue 15, item 8: stray writes) for relu config 1 on
# coral (x, y float32[4, 64]; a0 = x, a1 = y). A vector ReLU in integer
# ops (a negative float32 has its sign bit set: zero the elements whose
# int32 view is < 0) over strips of 32 elements (e32, m8), with the
# classic off-by-one loop bound (bgez instead of bgtz): a ninth strip
# stores a whole vector group, 128 bytes, past the end of y. The 256
# outputs are right; the judge must fail the run (past-end).
    .text
    .globl _start
_start:
    li      a2, 256             # elements left
    li      t0, 32
    vsetvli t1, t0, e32, m8, ta, ma
1:  vle32.v v8, (a0)
    vmslt.vx v0, v8, zero       # sign bit set
    vmerge.vim v8, v8, 0, v0
    vse32.v v8, (a1)
    addi    a0, a0, 128
    addi    a1, a1, 128
    addi    a2, a2, -32
    bgez    a2, 1b              # wrong: one strip too many when a2 reaches 0
    mpause
