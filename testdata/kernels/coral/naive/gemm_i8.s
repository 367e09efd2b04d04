# Naive int8 GEMM for coral, the first RVV kernel one writes:
# C = requant(A B), A [M,K], B [K,N], C [M,N] int8 row-major; a0 = A,
# a1 = B, a2 = C; halt with mpause. A Go text/template ({{.M}}, {{.K}},
# {{.N}}, {{.Mult}}, {{.Shift}}, {{.ZP}}).
#
# One row of C at a time, in strips of 16 columns: for each k, load the
# strip of B's row k (unit stride), sign-extend it to int16 and add
# A[i,k] times it into int32 accumulators (vwmacc.vx), then requantise the
# strip in vector code (vmul, vssra with rnu, vadd, vmax/vmin, two vnsrl)
# and store it. No register blocking, no unrolling.
    .text
    .globl _start
_start:
    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, -128
    li s7, 127
    csrwi vxrm, 0                   # round to nearest, ties up
    li t6, 0                        # j0: first column of the strip
col:
    li t0, {{.N}}
    sub t0, t0, t6
    vsetvli t1, t0, e16, m2, ta, ma # t1 = columns in this strip (<= 16)
    mv t2, a0                       # &A[i, 0]
    add t3, a2, t6                  # &C[i, j0]
    li t4, {{.M}}                   # rows left
row:
    vsetvli zero, t1, e32, m4, ta, ma
    vmv.v.i v8, 0                   # int32 accumulators
    vsetvli zero, t1, e16, m2, ta, ma
    add t5, a1, t6                  # &B[0, j0]
    mv a4, t2                       # &A[i, k]
    li a5, {{.K}}                   # k left
kloop:
    vle8.v v1, (t5)
    vsext.vf2 v4, v1
    lb s8, 0(a4)
    vwmacc.vx v8, s8, v4
    addi t5, t5, {{.N}}
    addi a4, a4, 1
    addi a5, a5, -1
    bnez a5, kloop
    vsetvli zero, t1, e32, m4, ta, ma
    vmul.vx v8, v8, s3              # requantise: acc*mult
    vssra.vi v8, v8, {{.Shift}}     # >> shift, rounding (rnu)
    vadd.vx v8, v8, s5              # + zp
    vmax.vx v8, v8, s6
    vmin.vx v8, v8, s7
    vsetvli zero, t1, e16, m2, ta, ma
    vnsrl.wi v4, v8, 0
    vsetvli zero, t1, e8, m1, ta, ma
    vnsrl.wi v2, v4, 0
    vse8.v v2, (t3)
    addi t3, t3, {{.N}}
    addi t2, t2, {{.K}}
    addi t4, t4, -1
    bnez t4, row
    add t6, t6, t1
    li t0, {{.N}}
    blt t6, t0, col
    mpause
