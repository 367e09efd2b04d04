# Labels, local labels, %hi/%lo, sections, data directives.
    .text
    .globl _start
_start:
    addi a0, zero, 10
    lui a1, %hi(buf)
    addi a1, a1, %lo(buf)
1:  sw a0, 0(a1)
    addi a1, a1, 4
    addi a0, a0, -1
    bne a0, zero, 1b
    beq a0, zero, 1f
    jal zero, 2f
1:  jal ra, 1b ; add x1, x2, x3
2:  mpause
    .data
buf: .word 1, 2, 3, buf, end - buf
    .half 0x1234, -1
    .byte 'A', 255
    .align 2
flt: .float 1.5, -2.0
    .ascii "hi"
    .asciz "x"
end:
    .bss
space: .space 16
