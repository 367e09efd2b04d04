# Hand-optimised softmax (float32 rows) for coral: y[i, :] = softmax(x[i, :]).
# a0 = x [M, N], a1 = y [M, N]; halt with mpause. A Go text/template:
# {{.M}}, {{.N}} and {{.RowBytes}} (4N) come from the case's params.
#
# Against the baselines (scalar-F loops whose every F instruction is
# issued alone, so F instruction count and F latency chains are the cost):
# - the row maximum is found in integer vectors: key(x) = x ^ ((x >> 31) >>> 1)
#   orders float32 bit patterns like the floats (vredmax over e32/m8 strips),
#   and the key is its own inverse;
# - exp(x - m) runs three elements interleaved (no F latency stalls) with
#   a degree-5 polynomial on |r| <= ln2/2 (relative error ~2e-6) and only
#   the lower clamp (x - m <= 0), summing into three partial sums;
# - the normalisation multiplies three elements at a time by 1/sum.
    .text
    .globl _start
_start:
    li t1, 0x3fb8aa3b          # log2(e)
    fmv.w.x fs0, t1
    li t1, 0x3f318000          # ln2 high part
    fmv.w.x fs1, t1
    li t1, 0xb95e8083          # ln2 low part
    fmv.w.x fs2, t1
    li t1, 0x3c088889          # 1/120
    fmv.w.x fs3, t1
    li t1, 0x3d2aaaab          # 1/24
    fmv.w.x fs4, t1
    li t1, 0x3e2aaaab          # 1/6
    fmv.w.x fs5, t1
    li t1, 0x3f000000          # 1/2
    fmv.w.x fs6, t1
    li t1, 0x3f800000          # 1
    fmv.w.x fs7, t1
    li t1, 0xc2ae0000          # -87
    fmv.w.x fs9, t1
    li s0, {{.M}}
    li s1, 0x80000000          # key of the smallest value
rowl:
    # m = max of the row, in integer vectors
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.s.x v1, s1
    li t0, {{.N}}
    mv t3, a0
1:  vsetvli t1, t0, e32, m8, ta, ma
    vle32.v v8, (t3)
    vsra.vi v16, v8, 31
    vsrl.vi v16, v16, 1
    vxor.vv v8, v8, v16
    vredmax.vs v1, v8, v1
    slli t2, t1, 2
    add t3, t3, t2
    sub t0, t0, t1
    bnez t0, 1b
    vmv.x.s t1, v1
    srai t2, t1, 31
    srli t2, t2, 1
    xor t1, t1, t2
    fmv.w.x fa6, t1            # m
    # e = exp(x - m) into y, sum in fa7 + ft8 + ft9
    fmv.w.x fa7, zero
    fmv.w.x ft8, zero
    fmv.w.x ft9, zero
    li t0, {{.N}}
    mv t3, a0
    mv t4, a1
    li t5, 3
    blt t0, t5, 3f
2:
    flw fa0, 0(t3)
    flw ft0, 4(t3)
    flw ft5, 8(t3)
    fsub.s fa0, fa0, fa6
    fsub.s ft0, ft0, fa6
    fsub.s ft5, ft5, fa6
    fmax.s fa0, fa0, fs9
    fmax.s ft0, ft0, fs9
    fmax.s ft5, ft5, fs9
    fmul.s fa1, fa0, fs0
    fmul.s ft1, ft0, fs0
    fmul.s ft6, ft5, fs0
    fcvt.w.s a2, fa1, rne
    fcvt.w.s a3, ft1, rne
    fcvt.w.s a4, ft6, rne
    fcvt.s.w fa1, a2
    fcvt.s.w ft1, a3
    fcvt.s.w ft6, a4
    fnmsub.s fa2, fa1, fs1, fa0
    fnmsub.s ft2, ft1, fs1, ft0
    fnmsub.s ft7, ft6, fs1, ft5
    fnmsub.s fa2, fa1, fs2, fa2
    fnmsub.s ft2, ft1, fs2, ft2
    fnmsub.s ft7, ft6, fs2, ft7
    fmadd.s fa3, fa2, fs3, fs4
    fmadd.s ft3, ft2, fs3, fs4
    fmadd.s fa5, ft7, fs3, fs4
    fmadd.s fa3, fa3, fa2, fs5
    fmadd.s ft3, ft3, ft2, fs5
    fmadd.s fa5, fa5, ft7, fs5
    fmadd.s fa3, fa3, fa2, fs6
    fmadd.s ft3, ft3, ft2, fs6
    fmadd.s fa5, fa5, ft7, fs6
    fmadd.s fa3, fa3, fa2, fs7
    fmadd.s ft3, ft3, ft2, fs7
    fmadd.s fa5, fa5, ft7, fs7
    fmadd.s fa3, fa3, fa2, fs7
    fmadd.s ft3, ft3, ft2, fs7
    fmadd.s fa5, fa5, ft7, fs7
    addi a2, a2, 127
    addi a3, a3, 127
    addi a4, a4, 127
    slli a2, a2, 23
    slli a3, a3, 23
    slli a4, a4, 23
    fmv.w.x fa4, a2
    fmv.w.x ft4, a3
    fmv.w.x ft10, a4
    fmul.s fa3, fa3, fa4
    fmul.s ft3, ft3, ft4
    fmul.s fa5, fa5, ft10
    fsw fa3, 0(t4)
    fsw ft3, 4(t4)
    fsw fa5, 8(t4)
    fadd.s fa7, fa7, fa3
    fadd.s ft8, ft8, ft3
    fadd.s ft9, ft9, fa5
    addi t3, t3, 12
    addi t4, t4, 12
    addi t0, t0, -3
    bge t0, t5, 2b
3:  beqz t0, 5f
4:
    flw fa0, 0(t3)
    fsub.s fa0, fa0, fa6
    fmax.s fa0, fa0, fs9
    fmul.s fa1, fa0, fs0
    fcvt.w.s a2, fa1, rne
    fcvt.s.w fa1, a2
    fnmsub.s fa2, fa1, fs1, fa0
    fnmsub.s fa2, fa1, fs2, fa2
    fmadd.s fa3, fa2, fs3, fs4
    fmadd.s fa3, fa3, fa2, fs5
    fmadd.s fa3, fa3, fa2, fs6
    fmadd.s fa3, fa3, fa2, fs7
    fmadd.s fa3, fa3, fa2, fs7
    addi a2, a2, 127
    slli a2, a2, 23
    fmv.w.x fa4, a2
    fmul.s fa3, fa3, fa4
    fsw fa3, 0(t4)
    fadd.s fa7, fa7, fa3
    addi t3, t3, 4
    addi t4, t4, 4
    addi t0, t0, -1
    bnez t0, 4b
5:  fadd.s fa7, fa7, ft8
    fadd.s fa7, fa7, ft9
    fdiv.s fa7, fs7, fa7       # 1/sum
    # y *= 1/sum
    li t0, {{.N}}
    mv t4, a1
    blt t0, t5, 7f
6:  flw fa0, 0(t4)
    flw fa1, 4(t4)
    flw fa2, 8(t4)
    fmul.s fa0, fa0, fa7
    fmul.s fa1, fa1, fa7
    fmul.s fa2, fa2, fa7
    fsw fa0, 0(t4)
    fsw fa1, 4(t4)
    fsw fa2, 8(t4)
    addi t4, t4, 12
    addi t0, t0, -3
    bge t0, t5, 6b
7:  beqz t0, 9f
8:  flw fa0, 0(t4)
    fmul.s fa0, fa0, fa7
    fsw fa0, 0(t4)
    addi t4, t4, 4
    addi t0, t0, -1
    bnez t0, 8b
9:  li t1, {{.RowBytes}}
    add a0, a0, t1
    add a1, a1, t1
    addi s0, s0, -1
    bnez s0, rowl
    mpause
