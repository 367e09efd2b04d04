; Every core opcode (0x01-0x30) in the operand form PLENA's documents give.
; Hand-written for KernelCraft; the .mem beside it is PLENA's assembler's output.
; ---- matrix
M_MM 0, gp2, gp1
M_TMM 0, gp1, gp2
M_BMM 0, gp3, gp4
M_BTMM 0, gp3, gp4
M_BMM_WO gp5, 0
M_MM_WO gp4, gp0, 0
M_MM_WO gp4, gp6, 12
M_MV 0, gp2, gp1
M_TMV 0, gp2, gp1
M_BMV gp0, gp3, gp4
M_BTMV gp7, gp3, gp4
M_MV_WO gp5, 0
M_BMV_WO gp5, 0
; ---- vector
V_ADD_VV gp3, gp1, gp2, 0
V_ADD_VF gp3, gp1, f1, 0
V_SUB_VV gp3, gp1, gp2, 1
V_SUB_VF gp3, gp1, f1, 0, 0
V_SUB_VF gp3, gp1, f0, 0, 1
V_MUL_VV gp3, gp1, gp2, 0
V_MUL_VF gp3, gp1, f1, 1
V_EXP_V gp3, gp1, 0
V_RECI_V gp3, gp1, 0
V_RED_SUM f1, gp1
V_RED_MAX f1, gp1, 0
; ---- scalar fp
S_ADD_FP f1, f0, f0
S_SUB_FP f3, f1, f2
S_MAX_FP f3, f1, f2
S_MUL_FP f3, f1, f2
S_EXP_FP f2, f1
S_RECI_FP f2, f1
S_SQRT_FP f2, f1
S_LD_FP f1, gp0, 2
S_ST_FP f1, gp0, 3
S_MAP_V_FP gp1, gp0, 0
; ---- scalar int
S_ADD_INT gp3, gp1, gp2
S_ADDI_INT gp1, gp0, 64
S_SUB_INT gp3, gp1, gp2
S_MUL_INT gp3, gp1, gp2
S_LUI_INT gp1, 8
S_LD_INT gp1, gp0, 4
S_ST_INT gp1, gp0, 4
; ---- HBM
H_PREFETCH_M gp1, gp2, a1, 1, 0
H_PREFETCH_V gp1, gp2, a0, 1, 0
H_PREFETCH_V gp1, gp0, a2, 0, 1
H_STORE_V gp1, gp2, a1, 1, 0
; ---- control
C_SET_ADDR_REG a1, gp0, gp1
C_SET_SCALE_REG gp1
C_SET_STRIDE_REG gp1
C_SET_V_MASK_REG gp1
C_LOOP_START gp5, 4
C_LOOP_END gp5
