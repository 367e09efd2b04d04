; Matrix-bound by construction: a loop of one M_MM (MLEN cycles on the
; systolic array) and its write-out M_MM_WO, then two address updates and
; the loop's end (1 cycle each), over the 16 column blocks of a tile.
S_ADDI_INT gp4, gp0, 0
S_ADDI_INT gp6, gp0, 0
S_ADDI_INT gp7, gp0, 4096
C_LOOP_START gp12, 16
M_MM 0, gp6, gp4
M_MM_WO gp7, gp0, 0
S_ADDI_INT gp6, gp6, 4
S_ADDI_INT gp7, gp7, 4
C_LOOP_END gp12
