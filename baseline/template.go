package baseline

import (
	"bytes"
	"fmt"
	"math"
	"text/template"

	"kernelcraft/ref"
)

// KindTemplate is the template baseline: straightforward RVV assembly
// emitted per (task, configuration) from Go templates.
const KindTemplate = "template"

// The template baseline is the paper's "template-based compiler": one
// straightforward kernel shape per task family, instantiated with the
// configuration's shapes and numerics. Integer tasks whose weights run
// along the output columns (gemm, bmm, ffn, convolutions) strip-mine the
// output columns at e32/LMUL 4 (16 int32 accumulators), load int8 weights
// with vle8, sign-extend and vmacc.vx with each scalar input, then
// requantise (vmul, vssra with rnu, vadd, vmax/vmin, two vnsrl). Those
// whose outputs are dot products of two contiguous rows (gemv: a row of A
// with x; linear: a row of x with a row of w) take each output's dot
// product in strips of K at e8/LMUL 2 (unit-stride loads, vwmul.vv to
// int16, vwredsum.vs into an int32 scalar) and requantise it in scalar
// code. Float tasks are scalar F loops (coral has no vector float),
// except ReLU, which is an integer max on the bit patterns.

// mmOp is one int8 matmul stage: C[m, j] = requant(sum_k A[m, k] B(k, j)
// (+ bias[j])), B(k, j) at B + k*BK + j*BJ bytes.
type mmOp struct {
	P                       string // label prefix
	A, B, C, Bias           string // registers holding the base addresses ("" = no bias)
	M, K, N                 int
	AK                      int // bytes between rows of A (K unless A is a vector)
	BK, BJ                  int
	CM                      int // bytes between rows of C
	Mult, Shift, ZP, Lo, Hi int64
}

var tmplFuncs = template.FuncMap{"f32": func(v float64) string {
	return fmt.Sprintf("%#x", math.Float32bits(float32(v)))
}}

var templates = template.Must(template.New("").Funcs(tmplFuncs).Parse(`
{{define "head"}}    .text
    .globl _start
_start:
{{end}}

{{define "matmul"}}# {{.P}}: [{{.M}}x{{.K}}] x [{{.K}}x{{.N}}] int8 -> int8, requant mult {{.Mult}} shift {{.Shift}} zp {{.ZP}}{{if .Bias}} + bias{{end}}
    li s0, {{.M}}
    li s1, {{.K}}
    li s2, {{.N}}
    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, {{.Lo}}
    li s7, {{.Hi}}
    li s11, {{.BJ}}
    csrwi vxrm, 0
    li t6, 0                           # j0: first column of the strip
{{.P}}col:
    sub t0, s2, t6
    vsetvli t1, t0, e32, m4, ta, ma    # t1 = columns in this strip
    mv t2, {{.A}}                      # &A[i, 0]
    li t4, 0                           # i
    add t3, {{.C}}, t6                 # &C[i, j0]
{{.P}}row:
    vsetvli zero, t1, e32, m4, ta, ma
{{- if .Bias}}
    slli t0, t6, 2
    add t0, {{.Bias}}, t0
    vle32.v v8, (t0)                   # accumulators start at the bias
{{- else}}
    vmv.v.i v8, 0                      # int32 accumulators v8..v11
{{- end}}
    mul t5, t6, s11
    add t5, {{.B}}, t5                 # &B(0, j0)
    mv s8, t2                          # &A[i, k]
    li s9, 0                           # k
{{.P}}k:
    vsetvli zero, t1, e8, m1, ta, ma
{{- if eq .BJ 1}}
    vle8.v v16, (t5)
{{- else}}
    vlse8.v v16, (t5), s11
{{- end}}
    vsetvli zero, t1, e32, m4, ta, ma
    vsext.vf4 v12, v16
    lb s10, 0(s8)
    vmacc.vx v8, s10, v12
    addi t5, t5, {{.BK}}
    addi s8, s8, 1
    addi s9, s9, 1
    blt s9, s1, {{.P}}k
{{template "requant" .Shift}}{{template "narrow"}}    vse8.v v2, (t3)
    addi t3, t3, {{.CM}}
    addi t2, t2, {{.AK}}
    addi t4, t4, 1
    blt t4, s0, {{.P}}row
    add t6, t6, t1
    blt t6, s2, {{.P}}col
{{end}}

{{define "dot"}}# {{.P}}: C[i, j] = requant(A[i, :] . B[j, :]{{if .Bias}} + bias[j]{{end}}), i < {{.M}}, j < {{.N}}, K = {{.K}}: contiguous rows, one dot product per output
    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, -128
    li s7, 127
    li s4, 1
    slli s4, s4, {{.Shift}}
    srai s4, s4, 1                     # rounding constant 2^(shift-1)
    li s0, {{.M}}                      # rows of A left
{{.P}}row:
    mv a4, {{.B}}                      # &B[j, 0]
{{- if .Bias}}
    mv a5, {{.Bias}}                   # &bias[j]
{{- end}}
    li s1, {{.N}}                      # outputs of the row left
{{.P}}col:
{{- if .Bias}}
    lw t3, 0(a5)
{{- else}}
    li t3, 0
{{- end}}
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.s.x v31, t3                    # v31[0]: the int32 accumulator
    mv t1, {{.A}}                      # &A[i, k]
    li t2, {{.K}}                      # k left
{{.P}}k:
    vsetvli t0, t2, e8, m2, ta, ma
    vle8.v v8, (t1)
    vle8.v v10, (a4)
    vwmul.vv v12, v8, v10              # int16 products (e16, m4)
    vsetvli zero, t0, e16, m4, ta, ma
    vwredsum.vs v31, v12, v31          # v31[0] += their sum
    add t1, t1, t0
    add a4, a4, t0
    sub t2, t2, t0
    bnez t2, {{.P}}k
    vsetivli zero, 1, e32, m1, ta, ma
    vmv.x.s t3, v31
    mul t3, t3, s3                     # requantise: *mult
    add t3, t3, s4                     # + 2^(shift-1)
    srai t3, t3, {{.Shift}}                 # >> shift
    add t3, t3, s5                     # + zp
    max t3, t3, s6
    min t3, t3, s7
    sb t3, 0({{.C}})
    addi {{.C}}, {{.C}}, 1
{{- if .Bias}}
    addi a5, a5, 4
{{- end}}
    addi s1, s1, -1
    bnez s1, {{.P}}col
    li t0, {{.K}}
    add {{.A}}, {{.A}}, t0
    addi s0, s0, -1
    bnez s0, {{.P}}row
{{end}}

{{define "requant"}}    vmul.vx v8, v8, s3                 # requantise v8 (int32, e32 m4): *mult
    vssra.vi v8, v8, {{.}}                  # >> shift, rounding (vxrm = rnu)
    vadd.vx v8, v8, s5                 # + zp
    vmax.vx v8, v8, s6
    vmin.vx v8, v8, s7
{{end}}

{{define "narrow"}}    vsetvli zero, t1, e16, m2, ta, ma  # v2 = int8(v8)
    vnsrl.wi v4, v8, 0
    vsetvli zero, t1, e8, m1, ta, ma
    vnsrl.wi v2, v4, 0
{{end}}

{{define "convacc"}}# v8 += the convolution at output (a4, a5) for channels s2 .. s2+t1 (e32 m4 on exit)
    li s8, 0                           # kh
{{.P}}kh:
    li t2, {{.Stride}}
    mul t2, a4, t2
    add t2, t2, s8
    addi t2, t2, -{{.Pad}}             # ih
    bltz t2, {{.P}}khn
    li t3, {{.H}}
    bge t2, t3, {{.P}}khn
    li s9, 0                           # kw
{{.P}}kw:
    li t3, {{.Stride}}
    mul t3, a5, t3
    add t3, t3, s9
    addi t3, t3, -{{.Pad}}             # iw
    bltz t3, {{.P}}kwn
    li t4, {{.W}}
    bge t3, t4, {{.P}}kwn
    li t4, {{.W}}
    mul t4, t2, t4
    add t4, t4, t3
    li t5, {{.Cin}}
    mul t4, t4, t5
    add t4, a0, t4                     # &x[ih, iw, 0]
    li t5, {{.KW}}
    mul t5, s8, t5
    add t5, t5, s9
{{- if .Depthwise}}
    li t6, {{.Cin}}
    mul t5, t5, t6
    add t5, t5, s2
    add t5, a1, t5                     # &w[kh, kw, c0]
    add t4, t4, s2                     # &x[ih, iw, c0]
    vsetvli zero, t1, e8, m1, ta, ma
    vle8.v v16, (t4)
    vle8.v v17, (t5)
    vsetvli zero, t1, e32, m4, ta, ma
    vsext.vf4 v12, v16
    vsext.vf4 v20, v17
    vmacc.vv v8, v12, v20
{{- else}}
    li t6, {{.CinCout}}
    mul t5, t5, t6
    add t5, t5, s2
    add t5, a1, t5                     # &w[kh, kw, 0, c0]
    li s10, {{.Cin}}
{{.P}}ci:
    vsetvli zero, t1, e8, m1, ta, ma
    vle8.v v16, (t5)
    vsetvli zero, t1, e32, m4, ta, ma
    vsext.vf4 v12, v16
    lb t6, 0(t4)
    vmacc.vx v8, t6, v12
    addi t4, t4, 1
    addi t5, t5, {{.Cout}}
    addi s10, s10, -1
    bnez s10, {{.P}}ci
{{- end}}
{{.P}}kwn:
    addi s9, s9, 1
    li t3, {{.KW}}
    blt s9, t3, {{.P}}kw
{{.P}}khn:
    addi s8, s8, 1
    li t2, {{.KH}}
    blt s8, t2, {{.P}}kh
    vsetvli zero, t1, e32, m4, ta, ma
{{end}}

{{define "convhead"}}{{template "head"}}    li s3, {{.Mult}}
    li s5, {{.ZP}}
    li s6, -128
    li s7, 127
    csrwi vxrm, 0
{{end}}

{{define "conv2d"}}# int8 Conv2D, channels last: for each output pixel, output channels strip-mined 16 at a time (e32 m4)
# a0 = x [{{.H}},{{.W}},{{.Cin}}], a1 = w, a2 = bias, a3 = y [{{.OH}},{{.OW}},{{.Cout}}]
{{template "convhead" .}}    li a4, 0                           # oh
ohl:
    li a5, 0                           # ow
owl:
    li s2, 0                           # c0
col:
    li t0, {{.Cout}}
    sub t0, t0, s2
    vsetvli t1, t0, e32, m4, ta, ma
    slli t2, s2, 2
    add t2, a2, t2
    vle32.v v8, (t2)                   # accumulators start at the bias
{{template "convacc" .}}{{template "requant" .Shift}}{{template "narrow"}}    li t2, {{.OW}}
    mul t2, a4, t2
    add t2, t2, a5
    li t3, {{.Cout}}
    mul t2, t2, t3
    add t2, t2, s2
    add t2, a3, t2
    vse8.v v2, (t2)
    add s2, s2, t1
    li t0, {{.Cout}}
    blt s2, t0, col
    addi a5, a5, 1
    li t0, {{.OW}}
    blt a5, t0, owl
    addi a4, a4, 1
    li t0, {{.OH}}
    blt a4, t0, ohl
    mpause
{{end}}

{{define "depthwise_conv"}}{{template "conv2d" .}}{{end}}

{{define "conv_block"}}# int8 ConvBlock: each pooled output recomputes its {{.Pool}}x{{.Pool}} convolutions; max(requant, zp), max-pooled in v24
# a0 = x [{{.H}},{{.W}},{{.Cin}}], a1 = w, a2 = bias, a3 = y [{{.PH}},{{.PW}},{{.Cout}}]
{{template "convhead" .}}    li s0, 0                           # ph
phl:
    li s1, 0                           # pw
pwl:
    li s2, 0                           # c0
col:
    li t0, {{.Cout}}
    sub t0, t0, s2
    vsetvli t1, t0, e32, m4, ta, ma
    vmv.v.x v24, s5                    # max-pool of max(q, zp) starts at zp
    li a6, 0                           # pa
pal:
    li a7, 0                           # pb
pbl:
    li t0, {{.Pool}}
    mul a4, s0, t0
    add a4, a4, a6                     # oh
    mul a5, s1, t0
    add a5, a5, a7                     # ow
    slli t2, s2, 2
    add t2, a2, t2
    vle32.v v8, (t2)
{{template "convacc" .}}{{template "requant" .Shift}}    vmax.vv v24, v24, v8
    addi a7, a7, 1
    li t0, {{.Pool}}
    blt a7, t0, pbl
    addi a6, a6, 1
    blt a6, t0, pal
    vmv.v.v v8, v24
{{template "narrow"}}    li t2, {{.PW}}
    mul t2, s0, t2
    add t2, t2, s1
    li t3, {{.Cout}}
    mul t2, t2, t3
    add t2, t2, s2
    add t2, a3, t2
    vse8.v v2, (t2)
    add s2, s2, t1
    li t0, {{.Cout}}
    blt s2, t0, col
    addi s1, s1, 1
    li t0, {{.PW}}
    blt s1, t0, pwl
    addi s0, s0, 1
    li t0, {{.PH}}
    blt s0, t0, phl
    mpause
{{end}}

{{define "softmax"}}# Softmax over rows in scalar F: max, exp and sum (exp stored in y), times 1/sum (a0 = x, a1 = y)
{{template "head"}}    li s0, {{.M}}
{{template "expconst"}}rowl:
    li t0, {{.N}}
    mv t3, a0
    flw fa6, 0(t3)
1:  flw fa0, 0(t3)
    fmax.s fa6, fa6, fa0
    addi t3, t3, 4
    addi t0, t0, -1
    bnez t0, 1b
    li t0, {{.N}}
    mv t3, a0
    mv t4, a1
    fmv.w.x fa7, zero
2:  flw fa0, 0(t3)
    fsub.s fa1, fa0, fa6
{{template "exp"}}    fsw fa4, 0(t4)
    fadd.s fa7, fa7, fa4
    addi t3, t3, 4
    addi t4, t4, 4
    addi t0, t0, -1
    bnez t0, 2b
    fdiv.s fa7, fs8, fa7
    li t0, {{.N}}
    mv t4, a1
3:  flw fa0, 0(t4)
    fmul.s fa0, fa0, fa7
    fsw fa0, 0(t4)
    addi t4, t4, 4
    addi t0, t0, -1
    bnez t0, 3b
    li t0, {{.RowBytes}}
    add a0, a0, t0
    add a1, a1, t0
    addi s0, s0, -1
    bnez s0, rowl
    mpause
{{end}}

{{define "normconst"}}    li s0, {{.M}}
    li t1, {{f32 .InvN}}      # 1/N
    fmv.w.x fs0, t1
    li t1, {{f32 .Eps}}      # eps
    fmv.w.x fs1, t1
    li t1, 0x3f800000
    fmv.w.x fs2, t1
{{end}}

{{define "layernorm"}}# LayerNorm over rows in scalar F (a0 = x, a1 = gamma, a2 = beta, a3 = y)
{{template "head"}}{{template "normconst" .}}rowl:
    li t0, {{.N}}
    mv t3, a0
    fmv.w.x fa6, zero
1:  flw fa0, 0(t3)
    fadd.s fa6, fa6, fa0
    addi t3, t3, 4
    addi t0, t0, -1
    bnez t0, 1b
    fmul.s fa6, fa6, fs0      # mean
    li t0, {{.N}}
    mv t3, a0
    fmv.w.x fa7, zero
2:  flw fa0, 0(t3)
    fsub.s fa0, fa0, fa6
    fmadd.s fa7, fa0, fa0, fa7
    addi t3, t3, 4
    addi t0, t0, -1
    bnez t0, 2b
    fmadd.s fa7, fa7, fs0, fs1  # var + eps
    fsqrt.s fa7, fa7
    fdiv.s fa7, fs2, fa7
    li t0, {{.N}}
    mv t3, a0
    mv t4, a1
    mv t5, a2
    mv t6, a3
3:  flw fa0, 0(t3)
    fsub.s fa0, fa0, fa6
    fmul.s fa0, fa0, fa7
    flw fa1, 0(t4)
    flw fa2, 0(t5)
    fmadd.s fa0, fa0, fa1, fa2
    fsw fa0, 0(t6)
    addi t3, t3, 4
    addi t4, t4, 4
    addi t5, t5, 4
    addi t6, t6, 4
    addi t0, t0, -1
    bnez t0, 3b
    li t0, {{.RowBytes}}
    add a0, a0, t0
    add a3, a3, t0
    addi s0, s0, -1
    bnez s0, rowl
    mpause
{{end}}

{{define "rmsnorm"}}# RMSNorm over rows in scalar F (a0 = x, a1 = gamma, a2 = y)
{{template "head"}}{{template "normconst" .}}rowl:
    li t0, {{.N}}
    mv t3, a0
    fmv.w.x fa7, zero
2:  flw fa0, 0(t3)
    fmadd.s fa7, fa0, fa0, fa7
    addi t3, t3, 4
    addi t0, t0, -1
    bnez t0, 2b
    fmadd.s fa7, fa7, fs0, fs1  # mean square + eps
    fsqrt.s fa7, fa7
    fdiv.s fa7, fs2, fa7
    li t0, {{.N}}
    mv t3, a0
    mv t4, a1
    mv t6, a2
3:  flw fa0, 0(t3)
    fmul.s fa0, fa0, fa7
    flw fa1, 0(t4)
    fmul.s fa0, fa0, fa1
    fsw fa0, 0(t6)
    addi t3, t3, 4
    addi t4, t4, 4
    addi t6, t6, 4
    addi t0, t0, -1
    bnez t0, 3b
    li t0, {{.RowBytes}}
    add a0, a0, t0
    add a2, a2, t0
    addi s0, s0, -1
    bnez s0, rowl
    mpause
{{end}}

{{define "swiglu"}}# SwiGLU: int8 x wg and x wu accumulated together (e32 m4 strips of columns), spilled to the stack,
# then g = acc_g*dq0, u = acc_u*dq1, y = silu(g)*u in scalar F (a0 = x, a1 = wg, a2 = wu, a3 = y)
{{template "head"}}{{template "expconst"}}    li t1, {{f32 .DQ0}}
    fmv.w.x fs11, t1
    li t1, {{f32 .DQ1}}
    fmv.w.x ft11, t1
    li s0, {{.M}}
    li s1, {{.DM}}
    li s2, {{.FF}}
    li t6, 0                           # j0
col:
    sub t0, s2, t6
    vsetvli t1, t0, e32, m4, ta, ma
    mv t2, a0                          # &x[i, 0]
    slli t3, t6, 2
    add t3, a3, t3                     # &y[i, j0]
    li t4, 0                           # i
row:
    vsetvli zero, t1, e32, m4, ta, ma
    vmv.v.i v8, 0
    vmv.v.i v20, 0
    add t5, a1, t6
    add a4, a2, t6
    mv s8, t2
    li s9, 0
k:
    vsetvli zero, t1, e8, m1, ta, ma
    vle8.v v16, (t5)
    vle8.v v17, (a4)
    vsetvli zero, t1, e32, m4, ta, ma
    vsext.vf4 v12, v16
    vsext.vf4 v24, v17
    lb s10, 0(s8)
    vmacc.vx v8, s10, v12
    vmacc.vx v20, s10, v24
    add t5, t5, s2
    add a4, a4, s2
    addi s8, s8, 1
    addi s9, s9, 1
    blt s9, s1, k
    addi a5, sp, -128
    vse32.v v8, (a5)
    addi a6, sp, -64
    vse32.v v20, (a6)
    mv a7, t1
    mv s11, t3
e:  lw t0, 0(a5)
    fcvt.s.w fa0, t0
    fmul.s fa0, fa0, fs11      # g
    lw t0, 0(a6)
    fcvt.s.w ft10, t0
    fmul.s ft10, ft10, ft11    # u
    fneg.s fa1, fa0
{{template "exp"}}    fadd.s fa4, fa4, fs8
    fdiv.s fa0, fa0, fa4
    fmul.s fa0, fa0, ft10
    fsw fa0, 0(s11)
    addi a5, a5, 4
    addi a6, a6, 4
    addi s11, s11, 4
    addi a7, a7, -1
    bnez a7, e
    li t0, {{.RowBytes}}
    add t3, t3, t0
    add t2, t2, s1
    addi t4, t4, 1
    blt t4, s0, row
    add t6, t6, t1
    blt t6, s2, col
    mpause
{{end}}

{{define "gemm"}}# int8 GEMM c[M,N] = requant(a[M,K] b[K,N]); a0 = a, a1 = b, a2 = c
{{template "head"}}{{template "matmul" .}}    mpause
{{end}}

{{define "bmm"}}# int8 batched GEMM; a0 = a, a1 = b, a2 = c; batch {{.Batch}}
{{template "head"}}    li a7, {{.Batch}}
bloop:
{{template "matmul" .Op}}    li t0, {{.AStep}}
    add a0, a0, t0
    li t0, {{.BStep}}
    add a1, a1, t0
    li t0, {{.CStep}}
    add a2, a2, t0
    addi a7, a7, -1
    bnez a7, bloop
    mpause
{{end}}

{{define "linear"}}{{if .Dot}}# int8 Linear y = requant(x w^T + bias): each output the dot product of a row of x and a row of w; a0 = x, a1 = w, a2 = bias, a3 = y
{{template "head"}}{{template "dot" .Dot}}{{else}}# int8 Linear y = requant(x w^T + bias), K <= 16: w's rows as strided columns (vlse8); a0 = x, a1 = w, a2 = bias, a3 = y
{{template "head"}}{{template "matmul" .MM}}{{end}}    mpause
{{end}}

{{define "gemv"}}# int8 GEMV y = requant(a x): each output the dot product of a row of a and x; a0 = a, a1 = x, a2 = y
{{template "head"}}{{template "dot" .}}    mpause
{{end}}

{{define "ffn"}}# int8 FFN: h = relu(requant0(x w1 + b1)) into scratch, y = requant1(h w2 + b2)
# a0 = x, a1 = w1, a2 = b1, a3 = w2, a4 = b2, a5 = y, a6 = scratch
{{template "head"}}{{template "matmul" .Op}}{{template "matmul" .Op2}}    mpause
{{end}}

{{define "relu"}}# ReLU on float32 bit patterns: a signed integer max with 0 (a0 = x, a1 = y)
{{template "head"}}    li t1, {{.Count}}
1:  vsetvli t0, t1, e32, m8, ta, ma
    vle32.v v8, (a0)
    vmax.vx v8, v8, zero
    vse32.v v8, (a1)
    slli t2, t0, 2
    add a0, a0, t2
    add a1, a1, t2
    sub t1, t1, t0
    bnez t1, 1b
    mpause
{{end}}

{{define "expconst"}}    li t1, 0x3fb8aa3b          # log2(e)
    fmv.w.x fs0, t1
    li t1, 0x3f318000          # ln2 high part
    fmv.w.x fs1, t1
    li t1, 0xb95e8083          # ln2 low part
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
{{end}}

{{define "exp"}}    fmax.s fa1, fa1, fs9       # fa4 = exp(fa1), clamped to [-87, 88]
    fmin.s fa1, fa1, fs10
    fmul.s fa2, fa1, fs0
    fcvt.w.s s4, fa2, rne
    fcvt.s.w fa2, s4
    fnmsub.s fa3, fa2, fs1, fa1
    fnmsub.s fa3, fa2, fs2, fa3
    fmadd.s fa4, fa3, fs3, fs4
    fmadd.s fa4, fa4, fa3, fs5
    fmadd.s fa4, fa4, fa3, fs6
    fmadd.s fa4, fa4, fa3, fs7
    fmadd.s fa4, fa4, fa3, fs8
    fmadd.s fa4, fa4, fa3, fs8
    addi s4, s4, 127
    slli s4, s4, 23
    fmv.w.x fa5, s4
    fmul.s fa4, fa4, fa5
{{end}}

{{define "silu"}}# SiLU in scalar F: y = x / (1 + exp(-x)) (a0 = x, a1 = y)
{{template "head"}}    li t0, {{.Count}}
{{template "expconst"}}loop:
    flw fa0, 0(a0)
    fneg.s fa1, fa0
{{template "exp"}}    fadd.s fa4, fa4, fs8
    fdiv.s fa0, fa0, fa4
    fsw fa0, 0(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    addi t0, t0, -1
    bnez t0, loop
    mpause
{{end}}

{{define "gelu"}}# GELU (tanh form) in scalar F: y = x / (1 + exp(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3) (a0 = x, a1 = y)
{{template "head"}}    li t0, {{.Count}}
{{template "expconst"}}    li t1, {{f32 -1.5957691216057308}}  # -2 sqrt(2/pi)
    fmv.w.x fs11, t1
    li t1, {{f32 0.044715}}
    fmv.w.x ft11, t1
loop:
    flw fa0, 0(a0)
    fmul.s fa1, fa0, fa0
    fmul.s fa1, fa1, ft11
    fmadd.s fa1, fa1, fa0, fa0  # x + 0.044715 x^3
    fmul.s fa1, fa1, fs11       # -2u
{{template "exp"}}    fadd.s fa4, fa4, fs8
    fdiv.s fa0, fa0, fa4
    fsw fa0, 0(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    addi t0, t0, -1
    bnez t0, loop
    mpause
{{end}}
`))

// templateData builds the data of a task's template for a configuration,
// or reports that the task has no template yet.
func templateData(task string, p ref.Params) (any, error) {
	mm := func(prefix, a, b, c, bias string, m, k, n, ak, bk, bj, cm int, r ref.Requant, relu bool) mmOp {
		lo := int64(-128)
		if relu {
			lo = 0
		}
		return mmOp{P: prefix, A: a, B: b, C: c, Bias: bias, M: m, K: k, N: n, AK: ak, BK: bk, BJ: bj, CM: cm,
			Mult: r.Mult, Shift: int64(r.Shift), ZP: r.ZP, Lo: lo, Hi: 127}
	}
	switch task {
	case "relu", "silu", "gelu":
		return struct{ Count int }{p.M * p.N}, nil
	case "softmax", "layernorm", "rmsnorm":
		return struct {
			M, N, RowBytes int
			InvN, Eps      float64
		}{p.M, p.N, 4 * p.N, 1 / float64(p.N), p.Eps}, nil
	case "swiglu":
		return struct {
			M, DM, FF, RowBytes int
			DQ0, DQ1            float64
		}{p.M, p.DModel, p.F, 4 * p.F, p.Dequant[0], p.Dequant[1]}, nil
	case "gemm":
		return mm("g", "a0", "a1", "a2", "", p.M, p.K, p.N, p.K, p.N, 1, p.N, p.Requant[0], false), nil
	case "bmm":
		return struct {
			Batch, AStep, BStep, CStep int
			Op                         mmOp
		}{p.B, p.M * p.K, p.K * p.N, p.M * p.N, mm("g", "a0", "a1", "a2", "", p.M, p.K, p.N, p.K, p.N, 1, p.N, p.Requant[0], false)}, nil
	case "linear":
		// With K at most one e8/m1 vector (16), a dot product has nothing
		// to strip-mine and its reduction and scalar requantisation cost
		// more per output than K strided loads do per 16 outputs: the
		// columns template (measured: linear c1, K 16: 5868 cycles against
		// the dot template's 9045; from K 30 on the dot template wins).
		if p.K <= 16 {
			return linearData{MM: ptr(mm("l", "a0", "a1", "a3", "a2", p.M, p.K, p.N, p.K, 1, p.K, p.N, p.Requant[0], false))}, nil
		}
		return linearData{Dot: &dotOp{P: "l", A: "a0", B: "a1", C: "a3", Bias: "a2", M: p.M, K: p.K, N: p.N,
			Mult: p.Requant[0].Mult, Shift: int64(p.Requant[0].Shift), ZP: p.Requant[0].ZP}}, nil
	case "gemv":
		return dotOp{P: "v", A: "a1", B: "a0", C: "a2", M: 1, K: p.K, N: p.M,
			Mult: p.Requant[0].Mult, Shift: int64(p.Requant[0].Shift), ZP: p.Requant[0].ZP}, nil
	case "conv2d", "depthwise_conv", "conv_block":
		oh, ow := (p.Hin+2*p.Pad-p.KH)/p.Stride+1, (p.Win+2*p.Pad-p.KW)/p.Stride+1
		d := convOp{P: "c", H: p.Hin, W: p.Win, Cin: p.Cin, Cout: p.Cout, KH: p.KH, KW: p.KW, Stride: p.Stride, Pad: p.Pad,
			OH: oh, OW: ow, CinCout: p.Cin * p.Cout, Depthwise: task == "depthwise_conv",
			Mult: p.Requant[0].Mult, Shift: int64(p.Requant[0].Shift), ZP: p.Requant[0].ZP}
		if p.Pool > 0 {
			d.Pool, d.PH, d.PW = p.Pool, oh/p.Pool, ow/p.Pool
		}
		return d, nil
	case "ffn":
		return struct{ Op, Op2 mmOp }{
			mm("h", "a0", "a1", "a6", "a2", p.M, p.DModel, p.F, p.DModel, p.F, 1, p.F, p.Requant[0], true),
			mm("y", "a6", "a3", "a5", "a4", p.M, p.F, p.DModel, p.F, p.DModel, 1, p.DModel, p.Requant[1], false),
		}, nil
	}
	return nil, fmt.Errorf("no template for task %s", task)
}

// dotOp is one int8 stage of dot products of contiguous rows: C[i, j] =
// requant(sum_k A[i, k] B[j, k] (+ bias[j])), A [M, K], B [N, K] and C
// [M, N] row-major (gemv: A is x, M = 1, B is the matrix).
type dotOp struct {
	P               string // label prefix
	A, B, C, Bias   string // registers holding the base addresses ("" = no bias)
	M, K, N         int
	Mult, Shift, ZP int64
}

// linearData is linear's template data: one of the two shapes.
type linearData struct {
	Dot *dotOp
	MM  *mmOp
}

func ptr[T any](v T) *T { return &v }

// convOp is a convolution's template data.
type convOp struct {
	P                                    string
	H, W, Cin, Cout, KH, KW, Stride, Pad int
	OH, OW, CinCout, Pool, PH, PW        int
	Depthwise                            bool
	Mult, Shift, ZP                      int64
}

// TemplateTasks lists the coral tasks the template compiler handles (all
// of them).
func TemplateTasks() []string {
	var out []string
	for _, t := range ref.Supported("coral") {
		out = append(out, t.ID)
	}
	return out
}

// Template emits the template baseline's assembly for a coral (task,
// configuration).
func Template(task string, config int) (Kernel, error) {
	cfg, err := ref.LookupConfig("coral", task, config)
	if err != nil {
		return Kernel{}, err
	}
	data, err := templateData(task, cfg.Params)
	if err != nil {
		return Kernel{}, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# coral %s configuration %d: template baseline (kernelcraft/baseline)\n", task, config)
	if err := templates.ExecuteTemplate(&b, task, data); err != nil {
		return Kernel{}, err
	}
	return Kernel{Name: fmt.Sprintf("template:%s_c%d.s", task, config), Src: b.Bytes()}, nil
}
