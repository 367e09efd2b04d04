# Naive int8 Linear for coral, the first RVV kernel one writes:
# y = requant(x w^T + bias), x [M,K], w [N,K] (both row-major), bias [N]
# int32, y [M,N] int8; a0 = x, a1 = w, a2 = bias, a3 = y; halt with mpause.
# A Go text/template ({{.M}}, {{.K}}, {{.N}}, {{.Mult}}, {{.Shift}}, {{.ZP}}).
#
# Each output is the dot product of a row of x with a row of w, both
# contiguous: strips of K at e8/m2, widening multiply to int16, widening
# reduction into an int32 scalar that starts at the bias, then the
# requantisation in scalar code. One output at a time.
    .text
    .globl _start
_start:
    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, -128
    li s7, 127
    li s4, 1
    slli s4, s4, {{.Shift}}
    srai s4, s4, 1                  # rounding constant 2^(shift-1)
    li s0, {{.M}}                   # rows of x left
row:
    mv a4, a1                       # &w[n, 0]
    mv a5, a2                       # &bias[n]
    li s1, {{.N}}                   # outputs of this row left
col:
    lw t3, 0(a5)
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.s.x v31, t3                 # v31[0]: the int32 accumulator, from the bias
    mv t1, a0                       # &x[i, k]
    li t2, {{.K}}                   # elements left
1:  vsetvli t0, t2, e8, m2, ta, ma
    vle8.v v8, (t1)
    vle8.v v10, (a4)
    vwmul.vv v12, v8, v10           # int16 products, m4
    vsetvli zero, t0, e16, m4, ta, ma
    vwredsum.vs v31, v12, v31       # v31[0] += sum of the products
    add t1, t1, t0
    add a4, a4, t0
    sub t2, t2, t0
    bnez t2, 1b
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.x.s t3, v31
    mul t3, t3, s3                  # requantise: acc*mult
    add t3, t3, s4                  # + 2^(shift-1)
    srai t3, t3, {{.Shift}}         # >> shift
    add t3, t3, s5                  # + zp
    max t3, t3, s6
    min t3, t3, s7
    sb t3, 0(a3)
    addi a3, a3, 1
    addi a5, a5, 4
    addi s1, s1, -1
    bnez s1, col
    addi a0, a0, {{.K}}
    addi s0, s0, -1
    bnez s0, row
    mpause
