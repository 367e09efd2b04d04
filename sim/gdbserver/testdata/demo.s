# A kernel to debug by hand (kc-sim --gdb tests): the vector unit sums the
# four words of `data`; at `check` the scalar side adds data[0] once more,
# stores the total to `result` and exits with it (1+2+3+4 + 1 = 11).
    .globl _start
_start:
    la t0, data
    vsetivli t1, 4, e32, m1, ta, ma
    vle32.v v1, (t0)            # v1 = data[0..3]
    vmv.v.i v2, 0
    vredsum.vs v2, v1, v2       # v2[0] = the sum
    vmv.x.s a0, v2
    .globl check
check:
    lw t3, 0(t0)                # data[0] once more
    add a0, a0, t3
    la t1, result
    sw a0, 0(t1)
    li a7, 93
    ecall                       # exit(a0)
    .data
    .globl data
data:   .word 1, 2, 3, 4
    .globl result
result: .word 0
