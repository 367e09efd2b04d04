# Line table out of source order: a macro's body lines (defined first)
# come after the lines that call it, and a .rept repeats its lines.
    .macro twice r
    addi \r, \r, 1
    addi \r, \r, 1
    .endm
    .text
_start:
    li a0, 0
    twice a0
    .rept 2
    addi a1, a1, 2
    .endr
    twice a1
    mpause
