; The GDB demo kernel for plena: gp2 = INT SRAM[0] + ... + INT SRAM[3],
; stored to INT SRAM[4] at "check".
S_ADDI_INT gp2, gp0, 0
S_ADDI_INT gp3, gp0, 0
C_LOOP_START gp10, 4
S_LD_INT gp1, gp3, 0
S_ADD_INT gp2, gp2, gp1
S_ADDI_INT gp3, gp3, 1
C_LOOP_END gp10
check:
S_ST_INT gp2, gp0, 4
S_LD_INT gp5, gp0, 4
