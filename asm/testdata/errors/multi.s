# Several errors: all are reported, each with file:line:col.
    addd a0, a1, a2
    addi a0, a1, 5000
    add a0, a1
    lw a0, 3
    beq a0, a1, nowhere
    add a0, f1, a2
    .wrod 5
    addi a0, a1, 1 2
