; Hand-optimised RMSNorm for plena: y = x / sqrt(mean(x^2) + eps) * gamma
; per row, x [M, N] and gamma [N] MXFP8 in HBM (x at 0, gamma after x's
; rows, padded to whole 64-row tiles, and its scale plane), y bf16 in
; Vector SRAM at 0 as [ceil(N/64), M, 64]; FP SRAM [2] = eps, [3] = 1/N.
; A Go text/template: {{.M}} and {{.N}} come from the case's params; the
; rest is assembler arithmetic. Handles N/64 (rounded up) = 1, 2, 4 or a
; multiple of 8 blocks (every plena configuration); anything else stops
; at assembly. Padding columns are zeros after the prefetch and add
; nothing to the sums.
;
; Against the baseline (kernelcraft/baseline/plena RMSNorm: PLENA's
; rms_norm template, C_LOOPs over rows and blocks):
; - x is prefetched row-major ([M, N/64, 64], 4 consecutive 64-element
;   pieces of a row per H_PREFETCH_V) into a scratch copy, and the last
;   pass writes y's layout from it;
; - one V_RED_SUM per 8 blocks instead of one per block: the squares are
;   added in pairs and a tree in bf16 (depth 3, all terms positive: 0.6%
;   at worst on the sum, 0.3% on 1/rms, against the 3% rtol);
; - the blocks of a row are unrolled (.rept), no inner C_LOOP;
; - 1/sqrt(mean + eps) as sqrt(N) / sqrt(sum + eps*N): no f16 subnormal
;   for a row whose mean square is comparable to eps.

.equ M, {{.M}}
.equ N, {{.N}}
.equ NB, (N+63)/64
.equ P, NB*64                   ; HBM row pitch
.equ XE, ((M+63)/64)*64*P       ; x's elements (rows padded to whole tiles)
.equ SC, XE                     ; x's SCALE_REG
.equ GA, XE+XE/8                ; gamma's HBM address (after x's scales)
.equ GSC, P                     ; gamma's SCALE_REG
.equ GM, NB*M*64+256            ; gamma rows in Vector SRAM
.if NB == 1
.equ XS, 0                      ; one block: row-major is y's layout, work in place
.else
.equ XS, GM+NB*64+256           ; row-major scratch copy of x
.endif
.equ TMP, GM+NB*64+256+M*NB*64+256 ; 5 rows: 4 pair sums and a square
.equ NPF, (M*NB+3)/4            ; prefetches of x
.equ NPG, (NB+3)/4              ; prefetches of gamma

.if (NB != 1) && (NB != 2) && (NB != 4) && (NB % 8 != 0)
RMSNORM_TEMPLATE_NEEDS_1_2_4_OR_8K_BLOCKS
.endif

.macro li reg, val
S_LUI_INT \reg, (\val)>>12
S_ADDI_INT \reg, \reg, (\val)&4095
.endm

; squares of the pair of blocks at gp5, gp6, summed in \t (gp11: scratch)
.macro pair t
V_MUL_VV \t, gp5, gp5, 0
V_MUL_VV gp11, gp6, gp6, 0
V_ADD_VV \t, \t, gp11, 0
S_ADDI_INT gp5, gp5, 128
S_ADDI_INT gp6, gp6, 128
.endm

; prefetch x row-major into XS, gamma into GM
C_SET_ADDR_REG a0, gp0, gp0
li gp1, SC
C_SET_SCALE_REG gp1
li gp1, XS
S_ADDI_INT gp2, gp0, 0
C_LOOP_START gp14, NPF
H_PREFETCH_V gp1, gp2, a0, 0, 0
S_ADDI_INT gp1, gp1, 256
S_ADDI_INT gp2, gp2, 256
C_LOOP_END gp14
li gp1, GA
C_SET_ADDR_REG a1, gp0, gp1
S_ADDI_INT gp1, gp0, GSC
C_SET_SCALE_REG gp1
li gp1, GM
S_ADDI_INT gp2, gp0, 0
.rept NPG
H_PREFETCH_V gp1, gp2, a1, 0, 0
S_ADDI_INT gp1, gp1, 256
S_ADDI_INT gp2, gp2, 256
.endr

; f3 = eps*N, f4 = sqrt(N), N = 1/(1/N) in f16
S_LD_FP f4, gp0, 3
S_RECI_FP f4, f4
S_LD_FP f3, gp0, 2
S_MUL_FP f3, f3, f4
S_SQRT_FP f4, f4
li gp3, XS                      ; source row
S_ADDI_INT gp4, gp0, 0          ; y row
li gp13, GM
li gp11, TMP+256
.if NB > 1
li gp7, TMP
li gp8, TMP+64
.endif
.if NB > 4
li gp9, TMP+128
li gp10, TMP+192
.endif

; one row (gp3: its source, gp4: its y row)
.macro row
S_ADD_FP f2, f0, f0
S_ADDI_INT gp5, gp3, 0
.if NB == 1
V_MUL_VV gp11, gp5, gp5, 0
V_RED_SUM f2, gp11
.else
S_ADDI_INT gp6, gp3, 64
.if NB == 2
pair gp7
V_RED_SUM f2, gp7
.elseif NB == 4
pair gp7
pair gp8
V_ADD_VV gp7, gp7, gp8, 0
V_RED_SUM f2, gp7
.else
.rept NB/8
pair gp7
pair gp8
pair gp9
pair gp10
V_ADD_VV gp7, gp7, gp8, 0
V_ADD_VV gp9, gp9, gp10, 0
V_ADD_VV gp7, gp7, gp9, 0
V_RED_SUM f2, gp7
.endr
.endif
.endif
S_ADD_FP f2, f2, f3
S_SQRT_FP f2, f2
S_RECI_FP f2, f2
S_MUL_FP f2, f2, f4
.if NB == 1
V_MUL_VF gp3, gp3, f2, 0
V_MUL_VV gp3, gp3, gp13, 0
.else
S_ADDI_INT gp5, gp3, 0
S_ADDI_INT gp12, gp4, 0
S_ADDI_INT gp6, gp13, 0
.set J, 1
.rept NB
V_MUL_VF gp12, gp5, f2, 0
V_MUL_VV gp12, gp12, gp6, 0
.if J < NB
S_ADDI_INT gp5, gp5, 64
S_ADDI_INT gp6, gp6, 64
S_ADDI_INT gp12, gp12, M*64
.endif
.set J, J+1
.endr
S_ADDI_INT gp4, gp4, 64
.endif
S_ADDI_INT gp3, gp3, NB*64
.endm

; small kernels unroll the rows too
.if M*NB <= 16
.rept M
row
.endr
.else
C_LOOP_START gp14, M
row
C_LOOP_END gp14
.endif
