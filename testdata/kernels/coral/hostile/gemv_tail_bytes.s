# Hostile kernel (issue 15, item 8: stray writes) for gemv config 3 on
# coral: y[i] = requant(sum_k a[i, k] x[k]) with a int8[30, 100] (a0),
# x int8[100] (a1), y int8[30] (a2), requant mult 28, shift 15, zp 3.
# Correct, then one halfword store at y + 30: 2 bytes past the end of y,
# inside y's last 16-byte chunk (y is [0x11030, 0x1104e), the chunk ends
# at 0x11050), where 16-byte written ranges cannot see it. The outputs
# are right; the judge must fail the run (past-end).
    .text
    .globl _start
_start:
    li      s0, 30              # M rows
    li      s2, 28              # mult
    li      s4, 16384           # 1 << (shift - 1)
    li      s5, -128
    li      s6, 127
1:  mv      t1, a1              # row: x pointer
    li      t2, 100             # K
    li      t3, 0               # acc
2:  lb      t4, 0(a0)
    lb      t5, 0(t1)
    mul     t4, t4, t5
    add     t3, t3, t4
    addi    a0, a0, 1
    addi    t1, t1, 1
    addi    t2, t2, -1
    bnez    t2, 2b
    mul     t3, t3, s2
    add     t3, t3, s4
    srai    t3, t3, 15
    addi    t3, t3, 3           # zp
    max     t3, t3, s5
    min     t3, t3, s6
    sb      t3, 0(a2)
    addi    a2, a2, 1
    addi    s0, s0, -1
    bnez    s0, 1b
    sh      zero, 0(a2)         # 2 bytes past the end of y
    mpause
