; GEMM C[64,64] = A[64,64] @ B[64,64] on plena gemm configuration 1 (kc-ref gen -t plena gemm -c 1):
; A MXFP8 at HBM 0 (SCALE_REG 4096), B at HBM 4608 (SCALE_REG 4096), rows of 64;
; C bf16 at Vector SRAM element 0 as [1, 64, 64]. A is prefetched to Vector SRAM 4096
; ([K/64, M, 64]), B to Matrix SRAM tile 0; per 4x4 output block one M_MM (K = 64)
; and one M_MM_WO, which writes the block and clears the accumulator.
S_ADDI_INT gp1, gp0, 4608
C_SET_ADDR_REG a1, gp0, gp1
C_SET_ADDR_REG a0, gp0, gp0
S_ADDI_INT gp1, gp0, 4096
C_SET_SCALE_REG gp1
S_ADDI_INT gp1, gp0, 64
C_SET_STRIDE_REG gp1
; A -> Vector SRAM 4096.. (64 rows, 4 per prefetch)
S_ADDI_INT gp2, gp0, 4096
S_ADDI_INT gp3, gp0, 0
C_LOOP_START gp10, 16
H_PREFETCH_V gp2, gp3, a0, 1, 0
S_ADDI_INT gp2, gp2, 256
S_ADDI_INT gp3, gp3, 256
C_LOOP_END gp10
; B -> Matrix SRAM tile 0
H_PREFETCH_M gp0, gp0, a1, 1, 0
S_ADDI_INT gp4, gp0, 4096
S_ADDI_INT gp5, gp0, 0
C_LOOP_START gp11, 16
S_ADDI_INT gp6, gp0, 0
S_ADDI_INT gp7, gp5, 0
C_LOOP_START gp12, 16
M_MM 0, gp6, gp4
M_MM_WO gp7, gp0, 0
S_ADDI_INT gp6, gp6, 4
S_ADDI_INT gp7, gp7, 4
C_LOOP_END gp12
S_ADDI_INT gp4, gp4, 256
S_ADDI_INT gp5, gp5, 256
C_LOOP_END gp11
