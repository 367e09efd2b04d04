# Line table: plain instructions, pseudo-instructions that expand to
# several words, .align padding, data in .text and in .data, and a second
# code section.
    .text
_start:
    li a0, 0x12345          # lui + addi: two words, one line
    la a1, buf              # auipc + addi
    addi a2, zero, 3; addi a3, zero, 4
loop:
    addi a2, a2, -1
    bnez a2, loop
    nop
    .p2align 4              # padded with nops
    call f
    mpause
    .word 0xdeadbeef        # data in .text: one entry

    .section .text.f, "ax"
f:
    ret

    .data
buf: .word 1, 2, 3
