; What PLENA's assembler accepts beyond its documented forms, and the words
; it writes for them (kc-as reproduces each word and warns where it is lossy).
; Hand-written for KernelCraft.
; -- a bare number as first operand (PLENA reads any first operand as a number)
S_ADDI_INT 1, gp0, 5
V_RED_SUM 2, gp1
C_SET_ADDR_REG 3, gp0, gp1
C_SET_SCALE_REG 4
C_LOOP_START 6, 10
M_MM gp0, gp1, gp2
M_BMM_WO 5, 0
; -- masks dropped by V_EXP_V, V_RECI_V, V_RED_MAX (placed at bit 14)
V_EXP_V gp3, gp1, 1
V_RECI_V gp3, gp1, 1
V_RED_MAX f1, gp1, 1
V_EXP_V gp3, gp1, 16
V_RED_MAX f1, gp1, 17
; -- immediates of the *_WO ops at bit 10 (read from bit 14 by the emulator)
M_MV_WO gp5, 32
M_MV_WO gp5, 15
M_BMM_WO gp5, 16
M_BMV_WO gp5, 100
M_MM_WO gp5, gp0, 32
; -- register numbers past the file: carried into the neighbouring field
S_ADDI_INT gp16, gp1, 0
S_ADD_INT gp17, gp1, gp2
S_ADD_INT gp1, gp16, gp2
S_ADD_INT gp1, gp2, gp16
S_ADD_FP f8, f9, f15
S_ADD_FP f16, f1, f2
H_PREFETCH_V gp1, gp2, a8, 1, 0
H_PREFETCH_V gp1, gp2, a16, 1, 0
C_SET_ADDR_REG a9, gp0, gp1
C_SET_SCALE_REG gp16
C_LOOP_END gp20
V_RED_SUM f8, gp1
; -- small fields past their width
V_ADD_VV gp3, gp1, gp2, 16
H_PREFETCH_V gp1, gp2, a0, 16, 0
H_PREFETCH_M gp1, gp2, a0, 1, 16
V_SUB_VF gp3, gp1, f1, 0, 2
; -- the register file prefix is not checked (only the number is read)
S_ADD_FP f1, gp2, a3
S_ADD_INT gp1, f2, a3
H_PREFETCH_V gp1, gp2, gp3, 1, 0
C_SET_ADDR_REG gp1, f0, a1
V_ADD_VF gp1, gp2, gp3, 0
V_RED_SUM gp1, gp2
; -- C_BREAK on its own is a one-word line: PLENA's parser skips it
C_BREAK
