; The RTL extension opcodes of operation.svh (0x31-0x34), which PLENA's
; assembler encodes and the KernelCraft-era emulator cannot execute
; (kc-as accepts them only with a hardware config that enables ext rtl).
; Hand-written for KernelCraft.
V_PS_V gp3, gp1, gp0
V_SHFT_V gp3, gp1, gp2
C_HADAMARD_TRANSFORM gp3, gp1, gp0
C_BREAK 0, gp0, gp0
C_BREAK gp0, gp0, gp0
