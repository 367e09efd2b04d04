; Operands PLENA's assembler reads and ignores: its parser takes up to 6,
; its packer encodes what the instruction's group uses. PLENA's own compiler
; pads with them (H_PREFETCH_V ..., 0, 0, 0; M_MV_WO rd, gp0, 0).
; Hand-written for KernelCraft.
H_PREFETCH_V gp3, gp1, a0, 0, 0, 0
H_STORE_V gp3, gp1, a1, 1, 0, 7
M_MV_WO gp3, gp0, 0
M_BMV_WO gp3, gp5, 0
M_BMM_WO gp3, gp5, 0, 1
S_LUI_INT gp1, gp2, 5
C_LOOP_START gp4, gp0, 3
V_RED_SUM f1, gp2, 1
V_RED_SUM f1, gp2, gp3
S_EXP_FP f1, f2, 0, 1
C_SET_SCALE_REG gp1, 7
C_LOOP_END gp5, gp1
C_SET_STRIDE_REG gp1, 0, 0, 0, 0, 0
S_ADDI_INT gp1, gp0, 5, 1
S_ADD_INT gp1, gp2, gp3, 1, 2, 3
M_MM 0, gp1, gp2, 0
V_ADD_VV gp3, gp1, gp2, 1, 1
V_MUL_VF gp3, gp1, f2, 0, 0, 0
V_SUB_VF gp3, gp1, f2, 0, 1, 5
V_EXP_V gp3, gp1, 0, 1
C_SET_ADDR_REG a1, gp0, gp1, gp2
