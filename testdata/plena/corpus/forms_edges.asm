; Field edges: the largest register of each file in each position, the
; largest immediates, every small-field value. Hand-written for KernelCraft.
M_MM 15, gp15, gp15
M_BTMV gp15, gp15, gp15
S_ADD_INT gp15, gp15, gp15
S_ADD_FP f7, f7, f7
S_EXP_FP f7, f7
C_SET_ADDR_REG a7, gp15, gp15
H_PREFETCH_M gp15, gp15, a7, 15, 15
H_STORE_V gp15, gp15, a7, 1, 1
V_SUB_VF gp15, gp15, f7, 15, 15
V_ADD_VV gp15, gp15, gp15, 15
V_MUL_VF gp15, gp15, f7, 15
S_ADDI_INT gp15, gp15, 262143
S_ADDI_INT gp1, gp0, 131072
S_LD_FP f7, gp15, 262143
S_ST_FP f7, gp15, 262143
S_LD_INT gp15, gp15, 262143
S_ST_INT gp15, gp15, 262143
S_MAP_V_FP gp15, gp15, 262143
M_MM_WO gp15, gp15, 262143
S_LUI_INT gp15, 4194303
S_LUI_INT gp2, 2097152
C_LOOP_START gp15, 4194303
C_LOOP_START gp1, 1
C_LOOP_END gp15
C_SET_SCALE_REG gp15
C_SET_STRIDE_REG gp15
C_SET_V_MASK_REG gp15
V_RED_SUM f7, gp15
V_RED_MAX f7, gp15, 0
V_EXP_V gp15, gp15, 0
V_RECI_V gp15, gp15, 0
S_ADDI_INT gp0, gp0, 0
H_PREFETCH_V gp0, gp0, a0, 0, 0
