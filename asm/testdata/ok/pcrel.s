# auipc-relative addressing as compilers emit it.
    .text
_start:
.Lpcrel_hi0:
    auipc a0, %pcrel_hi(data)
    addi a0, a0, %pcrel_lo(.Lpcrel_hi0)
    lw a1, 0(a0)
    jal zero, .Lend
    .p2align 4
.Lend:
    mpause
    .section .rodata.cst4,"aM",@progbits,4
    .p2align 2
data: .word 0x12345678
