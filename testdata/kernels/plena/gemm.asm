; Hand-optimised GEMM for plena: C[M, N] = A[M, K] @ B[K, N].
; A and B MXFP8 in HBM (addresses, SCALE_REG values and row pitches from
; the case layout: Off_a, Scale_a, Pitch_a, ... of baseline.LayoutParams), C bf16 in
; Vector SRAM as [ceil(N/64), M, 64]. A Go text/template; the rest is
; assembler arithmetic. Needs M a multiple of 4 (every configuration).
;
; The matrix unit's work is fixed: one M_MM (MLEN = 64 cycles) per
; BLEN x BLEN output block and 64-deep K tile, and instructions complete
; one after another, so the M_MMs are 94-96% of the baseline's cycles
; (PLENA's projection template: per output block M_MM over the K tiles,
; two S_ADDI_INT per M_MM for the Matrix and Vector SRAM addresses, one
; M_MM_WO, two more S_ADDI_INT and a C_LOOP_END). This kernel removes
; what it can around them:
; - A goes to Vector SRAM as [M/4, KT, 4, 64] (H_PREFETCH_V brings 4 rows
;   of one K tile: exactly one M_MM operand), so the operands of the
;   M_MMs of successive output blocks follow each other 256 elements
;   apart: one S_ADDI_INT per M_MM walks them all;
; - the Matrix SRAM address of each K tile stays in its own register
;   (gp4..gp11) for a whole output column block: no per-M_MM add;
; - the row blocks are unrolled by 4 inside the C_LOOP: M_MM_WO reaches
;   its rows with its immediate, one S_ADDI_INT and one C_LOOP_END per 4
;   output blocks.

.equ M, {{.M}}
.equ N, {{.N}}
.equ K, {{.K}}
.equ AOFF, {{.Off_a}}           ; HBM byte address of A
.equ ASC, {{.Scale_a}}          ; its SCALE_REG
.equ AP, {{.Pitch_a}}           ; its row pitch (elements)
.equ BOFF, {{.Off_b}}
.equ BSC, {{.Scale_b}}
.equ BP, {{.Pitch_b}}
.equ CB, {{.Off_c}}/2           ; C's Vector SRAM element address

.equ KT, (K+63)/64              ; K tiles
.equ NT, (N+63)/64              ; 64-column strips of C
.equ MB, M/4                    ; output row blocks
.equ U, 4                       ; row blocks per loop iteration
.equ AV, CB+NT*M*64             ; A in Vector SRAM: [MB, KT, 4, 64]

.if M % 4 != 0
GEMM_TEMPLATE_NEEDS_M_A_MULTIPLE_OF_4
.endif
.if KT > 8
GEMM_TEMPLATE_NEEDS_K_AT_MOST_512
.endif

.macro li reg, val
.if (\val) < 262144
S_ADDI_INT \reg, gp0, \val
.else
S_LUI_INT \reg, (\val)>>12
S_ADDI_INT \reg, \reg, (\val)&4095
.endif
.endm

; ---- A -> Vector SRAM AV.. as [MB, KT, 4, 64]
li gp2, AOFF
C_SET_ADDR_REG a0, gp0, gp2
li gp2, ASC
C_SET_SCALE_REG gp2
li gp2, AP
C_SET_STRIDE_REG gp2
li gp1, AV                      ; destination
S_ADDI_INT gp2, gp0, 0          ; element offset of rows 4i.. in A, tile t
C_LOOP_START gp15, MB
.rept KT
H_PREFETCH_V gp1, gp2, a0, 1, 0
S_ADDI_INT gp1, gp1, 256
S_ADDI_INT gp2, gp2, 64
.endr
S_ADDI_INT gp2, gp2, 4*AP-64*KT
C_LOOP_END gp15

; ---- B: strip by strip, its KT tiles to Matrix SRAM tiles 0..KT-1
li gp2, BOFF
C_SET_ADDR_REG a1, gp0, gp2
li gp2, BSC
C_SET_SCALE_REG gp2
li gp2, BP
C_SET_STRIDE_REG gp2

; the M_MMs of one output block (gp1: its first A operand), gp1 moved on
.macro mmk reg
M_MM 0, \reg, gp1
S_ADDI_INT gp1, gp1, 256
.endm
.macro block wo
mmk gp4
.if KT > 1
mmk gp5
.endif
.if KT > 2
mmk gp6
.endif
.if KT > 3
mmk gp7
.endif
.if KT > 4
mmk gp8
.endif
.if KT > 5
mmk gp9
.endif
.if KT > 6
mmk gp10
.endif
.if KT > 7
mmk gp11
.endif
M_MM_WO gp2, gp0, \wo
.endm
.macro madd reg
S_ADDI_INT \reg, \reg, 4
.endm

.set JT, 0
.rept NT
; strip JT: columns 64*JT.. of C
.set T, 0
.rept KT
li gp12, T*4096
li gp2, T*64*BP+JT*64
H_PREFETCH_M gp12, gp2, a1, 1, 0
.set T, T+1
.endr
S_ADDI_INT gp4, gp0, 0
.if KT > 1
S_ADDI_INT gp5, gp0, 4096
.endif
.if KT > 2
S_ADDI_INT gp6, gp0, 2*4096
.endif
.if KT > 3
S_ADDI_INT gp7, gp0, 3*4096
.endif
.if KT > 4
S_ADDI_INT gp8, gp0, 4*4096
.endif
.if KT > 5
S_ADDI_INT gp9, gp0, 5*4096
.endif
.if KT > 6
S_ADDI_INT gp10, gp0, 6*4096
.endif
.if KT > 7
S_ADDI_INT gp11, gp0, 7*4096
.endif
li gp3, CB+JT*M*64
.if N-64*JT >= 64
.set JB, 16
.else
.set JB, (N-64*JT+3)/4          ; 4-column blocks of a ragged last strip
.endif
C_LOOP_START gp14, JB
li gp1, AV
S_ADDI_INT gp2, gp3, 0
.if MB >= U
C_LOOP_START gp13, MB/U
block 0
block 256
block 512
block 768
S_ADDI_INT gp2, gp2, 1024
C_LOOP_END gp13
.endif
.set R, 0
.rept MB-(MB/U)*U
block R*256
.set R, R+1
.endr
madd gp4
.if KT > 1
madd gp5
.endif
.if KT > 2
madd gp6
.endif
.if KT > 3
madd gp7
.endif
.if KT > 4
madd gp8
.endif
.if KT > 5
madd gp9
.endif
.if KT > 6
madd gp10
.endif
.if KT > 7
madd gp11
.endif
S_ADDI_INT gp3, gp3, 4
C_LOOP_END gp14
.set JT, JT+1
.endr
