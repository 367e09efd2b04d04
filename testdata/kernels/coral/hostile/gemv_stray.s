# Hostile kernel (issue 15, item 8: stray writes) for gemv config 1 on
# coral: y[i] = requant(sum_k a[i, k] x[k]) with a int8[16, 64] (a0),
# x int8[64] (a1), y int8[16] (a2), requant mult 18, shift 14, zp 3.
# The arithmetic is right, but every row also parks its accumulator at
# 0x17c00 and its output byte at 0x17ff0, addresses outside every tensor,
# mid-run. The outputs are right; the judge must fail the run (outside).
    .text
    .globl _start
_start:
    li      s0, 16              # M rows
    li      s2, 18              # mult
    li      s4, 8192            # 1 << (shift - 1)
    li      s5, -128
    li      s6, 127
    li      s7, 0x17c00         # stray addresses
    li      s8, 0x17ff0
1:  mv      t1, a1              # row: x pointer
    li      t2, 64              # K
    li      t3, 0               # acc
2:  lb      t4, 0(a0)
    lb      t5, 0(t1)
    mul     t4, t4, t5
    add     t3, t3, t4
    addi    a0, a0, 1
    addi    t1, t1, 1
    addi    t2, t2, -1
    bnez    t2, 2b
    sw      t3, 0(s7)           # stray: the accumulator outside every tensor
    mul     t3, t3, s2
    add     t3, t3, s4
    srai    t3, t3, 14
    addi    t3, t3, 3           # zp
    max     t3, t3, s5
    min     t3, t3, s6
    sb      t3, 0(a2)
    sb      t3, 0(s8)           # stray: a copy of the output byte
    addi    a2, a2, 1
    addi    s0, s0, -1
    bnez    s0, 1b
    mpause
