; HBM-bound by construction: a loop whose every iteration prefetches
; HBM_V_Prefetch_Amount rows of VLEN MXFP8 elements into Vector SRAM
; (H_PREFETCH_V waits for its 64-byte reads: the HBM model's time) and
; advances two offsets (1 cycle each) and loops (1 cycle).
S_ADDI_INT gp1, gp0, 4096
C_SET_SCALE_REG gp1
C_SET_ADDR_REG a0, gp0, gp0
S_ADDI_INT gp2, gp0, 0
S_ADDI_INT gp3, gp0, 0
C_LOOP_START gp10, 8
H_PREFETCH_V gp2, gp3, a0, 0, 0
S_ADDI_INT gp2, gp2, 256
S_ADDI_INT gp3, gp3, 256
C_LOOP_END gp10
