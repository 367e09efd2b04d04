    .globl _start
_start:
1:  j 1b
