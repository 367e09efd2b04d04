    .globl _start
_start:
    ebreak
