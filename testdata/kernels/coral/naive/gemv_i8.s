# Naive int8 GEMV for coral, the first RVV kernel one writes: y = requant(A x),
# A [M,K] row-major, x [K], y [M] int8; a0 = A, a1 = x, a2 = y; halt with
# mpause. A Go text/template ({{.M}}, {{.K}}, {{.Mult}}, {{.Shift}}, {{.ZP}}).
#
# Each output is the dot product of a contiguous row of A with x: strips of
# K at e8/m2 (unit-stride loads), widening multiply to int16, widening
# reduction into an int32 scalar (as dot_i8.s), then the requantisation in
# scalar code. Nothing clever: one row at a time, x reloaded for every row.
    .text
    .globl _start
_start:
    li s0, {{.M}}
    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, -128
    li s7, 127
    li s4, 1
    slli s4, s4, {{.Shift}}
    srai s4, s4, 1                  # rounding constant 2^(shift-1)
row:
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.s.x v31, zero               # v31[0]: the row's int32 accumulator
    mv t1, a1                       # &x[k]
    li t2, {{.K}}                   # elements left
1:  vsetvli t0, t2, e8, m2, ta, ma
    vle8.v v8, (a0)
    vle8.v v10, (t1)
    vwmul.vv v12, v8, v10           # int16 products, m4
    vsetvli zero, t0, e16, m4, ta, ma
    vwredsum.vs v31, v12, v31       # v31[0] += sum of the products
    add a0, a0, t0
    add t1, t1, t0
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
    sb t3, 0(a2)
    addi a2, a2, 1
    addi s0, s0, -1
    bnez s0, row
    mpause
