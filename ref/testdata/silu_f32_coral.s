# SiLU on coral in float32 with scalar F: y = x / (1 + exp(-x)).
# Calling convention of the case: a0 = x, a1 = y; halt with mpause.
# {{COUNT}} (M*N) is filled in from the case's params.
# exp(v) for v clamped to [-87, 88]: n = round(v*log2(e)), r = v - n*ln2
# (ln2 split in a high and a low part, fused), e^r by a degree-6 Taylor
# polynomial (Horner, fused), times 2^n built in the exponent bits. About
# 1e-7 relative error: a realistic kernel for the float32 tolerance.
    .text
    .globl _start
_start:
    li t0, {{COUNT}}
    li t1, 0x3fb8aa3b          # log2(e)
    fmv.w.x fs0, t1
    li t1, 0x3f318000          # ln2 high part 0.693359375
    fmv.w.x fs1, t1
    li t1, 0xb95e8083          # ln2 low part -2.1219444e-4
    fmv.w.x fs2, t1
    li t1, 0x3ab60b61          # 1/720
    fmv.w.x fs3, t1
    li t1, 0x3c088889          # 1/120
    fmv.w.x fs4, t1
    li t1, 0x3d2aaaab          # 1/24
    fmv.w.x fs5, t1
    li t1, 0x3e2aaaab          # 1/6
    fmv.w.x fs6, t1
    li t1, 0x3f000000          # 1/2
    fmv.w.x fs7, t1
    li t1, 0x3f800000          # 1
    fmv.w.x fs8, t1
    li t1, 0xc2ae0000          # -87
    fmv.w.x fs9, t1
    li t1, 0x42b00000          # 88
    fmv.w.x fs10, t1
loop:
    flw fa0, 0(a0)             # x
    fneg.s fa1, fa0            # v = -x
    fmax.s fa1, fa1, fs9
    fmin.s fa1, fa1, fs10
    fmul.s fa2, fa1, fs0
    fcvt.w.s t2, fa2, rne      # n
    fcvt.s.w fa2, t2
    fnmsub.s fa3, fa2, fs1, fa1   # r = v - n*ln2_hi
    fnmsub.s fa3, fa2, fs2, fa3   # r -= n*ln2_lo
    fmadd.s fa4, fa3, fs3, fs4    # Horner: ((((r/720 + 1/120) r + 1/24) r + 1/6) r + 1/2) r + 1) r + 1
    fmadd.s fa4, fa4, fa3, fs5
    fmadd.s fa4, fa4, fa3, fs6
    fmadd.s fa4, fa4, fa3, fs7
    fmadd.s fa4, fa4, fa3, fs8
    fmadd.s fa4, fa4, fa3, fs8
    addi t2, t2, 127
    slli t2, t2, 23
    fmv.w.x fa5, t2            # 2^n
    fmul.s fa4, fa4, fa5       # exp(-x)
    fadd.s fa4, fa4, fs8       # 1 + exp(-x)
    fdiv.s fa0, fa0, fa4
    fsw fa0, 0(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    addi t0, t0, -1
    bnez t0, loop
    mpause
