# Exit with the code in a0 (set with --set a0=N), through ecall a7=93.
    .globl _start
_start:
    li a7, 93
    ecall
