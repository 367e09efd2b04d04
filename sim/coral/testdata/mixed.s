# A mixed ALU/multiply/load-store RV32IM loop (issue 32's second speed
# workload): 20 instructions per iteration over a 256-byte window of an
# array, with word, half-word and byte accesses, a multiply and a high
# multiply, shifts, compares and a data-dependent forward branch. Linked
# for coral-user (code at 0x10000, data at 0x100000) so qemu-riscv32 runs
# the same ELF; it exits with ecall 93.
    .text
    .globl _start
_start:
    li t0, {{ITERS}}
    la a1, area
    li s0, 0x9e3779b9
    li a5, 1
loop:
    andi t1, t0, 0xfc        # offset in the window
    add t2, a1, t1
    lw a2, 0(t2)
    lhu a3, 2(t2)
    mul a4, a2, s0
    mulhu a6, a5, s0
    add a5, a5, a4
    xor a5, a5, a6
    srli t3, a5, 7
    slli t4, a5, 3
    or t3, t3, t4
    sltu t4, t3, a2
    add a5, a5, t4
    sw a5, 0(t2)
    sh t3, 2(t2)
    sb a3, 1(t2)
    beq t4, zero, 1f
    addi a5, a5, 5
1:  addi t0, t0, -1
    bne t0, zero, loop
    li a7, 93
    li a0, 0
    ecall
    .data
area:
    .space 260
