# Hand-optimised int8 GEMM for coral: C = requant(A B), A [M,K], B [K,N],
# C [M,N] int8 row-major; a0 = A, a1 = B, a2 = C; halt with mpause.
# A Go text/template: {{.M}}, {{.K}}, {{.N}}, {{.Mult}}, {{.Shift}}, {{.ZP}}
# and {{.K1}}..{{.K3}} (K, 2K, 3K), {{.N4}} (4N), {{.K4}} (4K) come from
# the case's params (the configuration, not the seed). M must be a
# multiple of 4 (every gemm configuration's is).
#
# Against the template baseline: four rows of C share each loaded and
# sign-extended strip of B (register blocking), products widen from e16
# (vsext.vf2 + vwmacc.vx into e32 accumulators) so the whole k loop runs
# under one vtype (no vsetvli in it: vle8 has EEW 8 and EMUL 1 at e16/m2),
# and the requantisation of the four rows is batched per vtype. The k
# loop is bound by the two vector multipliers (16 uops per k).
    .text
    .globl _start
_start:
    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, -128
    li s7, 127
    li a3, {{.N}}
    csrwi vxrm, 0                      # round to nearest, ties up
    li t6, 0                           # j0: first column of the strip
col:
    sub t0, a3, t6
    vsetvli t1, t0, e16, m2, ta, ma    # t1 = columns in this strip (<= 16)
    mv t2, a0                          # &A[i0, 0]
    add t3, a2, t6                     # &C[i0, j0]
    li t4, {{.M}}
row:
    vsetvli zero, t1, e32, m4, ta, ma
    vmv.v.i v8, 0                      # rows i0..i0+3: v8, v12, v16, v20
    vmv.v.i v12, 0
    vmv.v.i v16, 0
    vmv.v.i v20, 0
    vsetvli zero, t1, e16, m2, ta, ma
    add t5, a1, t6                     # &B[0, j0]
    mv a4, t2                          # &A[i0, k]
    addi a6, t2, {{.K}}                # end of row i0
kloop:
    vle8.v v1, (t5)
    lb s8, 0(a4)
    lb s9, {{.K1}}(a4)
    lb s10, {{.K2}}(a4)
    lb s11, {{.K3}}(a4)
    vsext.vf2 v4, v1
    add t5, t5, a3
    addi a4, a4, 1
    vwmacc.vx v8, s8, v4
    vwmacc.vx v12, s9, v4
    vwmacc.vx v16, s10, v4
    vwmacc.vx v20, s11, v4
    bne a4, a6, kloop
    vsetvli zero, t1, e32, m4, ta, ma
    vmul.vx v8, v8, s3
    vmul.vx v12, v12, s3
    vmul.vx v16, v16, s3
    vmul.vx v20, v20, s3
    vssra.vi v8, v8, {{.Shift}}
    vssra.vi v12, v12, {{.Shift}}
    vssra.vi v16, v16, {{.Shift}}
    vssra.vi v20, v20, {{.Shift}}
    vadd.vx v8, v8, s5
    vadd.vx v12, v12, s5
    vadd.vx v16, v16, s5
    vadd.vx v20, v20, s5
    vmax.vx v8, v8, s6
    vmax.vx v12, v12, s6
    vmax.vx v16, v16, s6
    vmax.vx v20, v20, s6
    vmin.vx v8, v8, s7
    vmin.vx v12, v12, s7
    vmin.vx v16, v16, s7
    vmin.vx v20, v20, s7
    vsetvli zero, t1, e16, m2, ta, ma
    vnsrl.wi v24, v8, 0
    vnsrl.wi v26, v12, 0
    vnsrl.wi v28, v16, 0
    vnsrl.wi v30, v20, 0
    vsetvli zero, t1, e8, m1, ta, ma
    vnsrl.wi v8, v24, 0
    vnsrl.wi v9, v26, 0
    vnsrl.wi v10, v28, 0
    vnsrl.wi v11, v30, 0
    vse8.v v8, (t3)
    add t3, t3, a3
    vse8.v v9, (t3)
    add t3, t3, a3
    vse8.v v10, (t3)
    add t3, t3, a3
    vse8.v v11, (t3)
    add t3, t3, a3
    addi t2, t2, {{.K4}}
    addi t4, t4, -4
    bnez t4, row
    add t6, t6, t1
    blt t6, a3, col
    mpause
