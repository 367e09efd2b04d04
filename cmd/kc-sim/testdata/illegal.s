    .globl _start
_start:
    li a0, 1
    .word 0xffffffff
