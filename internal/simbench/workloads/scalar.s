# kc-sim bench: scalar workload. An RV32IM loop of 12 instructions per
# iteration (two loads, two stores, ALU ops, a multiply and a taken
# backward branch), the shape of issue 10's reference loop. Linked for
# coral-user (code at 0x10000, data at 0x100000) so qemu-riscv32 runs the
# same ELF; it exits with ecall 93 (exit(0)), as qemu-user expects.
    .text
    .globl _start
_start:
    li t0, {{ITERS}}
    la a1, area
loop:
    lw a2, 0(a1)
    lw a3, 4(a1)
    mul a4, a2, a3
    add a5, a5, a4
    addi a2, a2, 1
    xor a3, a3, a5
    sw a2, 0(a1)
    sw a3, 4(a1)
    slli a6, a5, 1
    and a7, a6, a4
    addi t0, t0, -1
    bne t0, zero, loop
    li a7, 93
    li a0, 0
    ecall
    .data
area:
    .word 1, 2
