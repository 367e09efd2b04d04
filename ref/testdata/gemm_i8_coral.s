# int8 GEMM on coral with the case's requantisation: C = requant(A B).
# A [M,K], B [K,N], C [M,N] int8, row-major; int32 accumulation.
# Calling convention of the case: a0 = A, a1 = B, a2 = C; halt with mpause.
# The shapes and requantisation constants ({{M}} … {{ZP}}) are filled in
# from the case's params (they depend on the configuration, not the seed).
# Columns are strip-mined 16 at a time (e32, LMUL 4): for each row, the
# accumulators gather a[i,l] * sext(B[l, j0:j0+16]) with vmacc.vx, then
# q = clamp(((acc*mult + 2^(shift-1)) >> shift) + zp) is vmul.vx, vssra.vi
# with vxrm = rnu, vadd.vx, vmax.vx/vmin.vx, and two vnsrl.wi narrow it.
    .text
    .globl _start
_start:
    li s0, {{M}}
    li s1, {{K}}
    li s2, {{N}}
    li s3, {{MULT}}
    li s5, {{ZP}}
    li s6, -128
    li s7, 127
    csrwi vxrm, 0                      # round to nearest, ties up
    li t6, 0                           # j0: first column of the strip
col:
    sub t0, s2, t6
    vsetvli t1, t0, e32, m4, ta, ma    # t1 = columns in this strip
    mv t2, a0                          # &A[i, 0]
    add t3, a2, t6                     # &C[i, j0]
    li t4, 0                           # i
row:
    vsetvli zero, t1, e32, m4, ta, ma
    vmv.v.i v8, 0                      # int32 accumulators v8..v11
    add t5, a1, t6                     # &B[l, j0]
    mv a4, t2                          # &A[i, l]
    li a3, 0                           # l
kloop:
    vsetvli zero, t1, e8, m1, ta, ma
    vle8.v v16, (t5)
    vsetvli zero, t1, e32, m4, ta, ma
    vsext.vf4 v12, v16
    lb a5, 0(a4)
    vmacc.vx v8, a5, v12
    add t5, t5, s2
    addi a4, a4, 1
    addi a3, a3, 1
    blt a3, s1, kloop
    vmul.vx v8, v8, s3
    vssra.vi v8, v8, {{SHIFT}}
    vadd.vx v8, v8, s5
    vmax.vx v8, v8, s6
    vmin.vx v8, v8, s7
    vsetvli zero, t1, e16, m2, ta, ma
    vnsrl.wi v4, v8, 0
    vsetvli zero, t1, e8, m1, ta, ma
    vnsrl.wi v2, v4, 0
    vse8.v v2, (t3)
    add t3, t3, s2
    add t2, t2, s1
    addi t4, t4, 1
    blt t4, s0, row
    add t6, t6, t1
    blt t6, s2, col
    mpause
