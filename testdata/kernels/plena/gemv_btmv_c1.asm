; GEMV y[64] = a[64,64] @ x[64] on plena gemv configuration 1 (kc-ref gen -t plena gemv -c 1)
; whose matrix work is four M_BTMV: the kernel of issue 28, which PLENA's emulator
; times at 1 cycle per M_BTMV (4,096 multiply-adds each) while M_MV, with a 16th of
; the work, costs MLEN. a (MXFP8 at HBM 0, SCALE_REG 4096) goes to Matrix SRAM tile 0
; (tile row m = a's row m), x (HBM 4608, SCALE_REG 64) to Vector SRAM row 8.
; M_BTMV splits its vector row into BROADCAST = 4 heads of HLEN = 16 and gives
; head b the products of its 16 values with tile columns h0..h0+15 of every row;
; pass p uses h0 = 16p and a copy of x whose segments other than p are zero, so
; head p accumulates x[16p..16p+15] . a[m][16p..16p+15] and the others add 0.
; M_BMV_WO writes the four heads to rows 1..4; their sum is y (row 0).
C_SET_ADDR_REG a0, gp0, gp0
S_ADDI_INT gp1, gp0, 4096
C_SET_SCALE_REG gp1
S_ADDI_INT gp1, gp0, 64
C_SET_STRIDE_REG gp1
H_PREFETCH_M gp0, gp0, a0, 1, 0
S_ADDI_INT gp2, gp0, 4608
C_SET_ADDR_REG a1, gp0, gp2
C_SET_SCALE_REG gp1
S_ADDI_INT gp3, gp0, 512
H_PREFETCH_V gp3, gp0, a1, 0, 0
; zero row (row 12) and the four masked copies of x (rows 13..16)
S_ADDI_INT gp4, gp0, 768
V_MUL_VF gp4, gp3, f0, 0
S_ADDI_INT gp5, gp0, 832
S_ADDI_INT gp6, gp0, 1
S_ADDI_INT gp7, gp0, 0
C_LOOP_START gp8, 4
C_SET_V_MASK_REG gp6
V_ADD_VV gp5, gp4, gp3, 1
M_BTMV gp7, gp0, gp5
S_ADD_INT gp6, gp6, gp6
S_ADDI_INT gp7, gp7, 16
S_ADDI_INT gp5, gp5, 64
C_LOOP_END gp8
; heads -> rows 1..4, summed into row 0
M_BMV_WO gp1, 0
S_ADDI_INT gp9, gp0, 128
V_ADD_VV gp0, gp1, gp9, 0
S_ADDI_INT gp9, gp0, 192
V_ADD_VV gp0, gp0, gp9, 0
S_ADDI_INT gp9, gp0, 256
V_ADD_VV gp0, gp0, gp9, 0
