// Comment styles and spacing PLENA's parser accepts. Hand-written for KernelCraft.
; a ';' comment line
   ; an indented ';' comment
// a '//' comment line

S_ADDI_INT gp1, gp0, 7 ; inline ';' comment
S_ADDI_INT gp2, gp0, 9 // inline '//' comment
S_ADDI_INT gp3, gp0, 11;no space before the comment
S_ADDI_INT gp4, gp0, 13//no space before the comment
	S_ADD_INT	gp5,	gp1,	gp2
    M_MM 0,gp1,gp2
S_ADD_INT gp6 , gp1 , gp2
V_ADD_VV gp3,gp1,gp2,0
H_PREFETCH_V gp1,gp2,a0,1,0   
S_ADDI_INT gp7, gp0, 0007
