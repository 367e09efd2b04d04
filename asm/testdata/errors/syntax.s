# Syntax errors: each says what was expected, in words, and what was found.
addi a0, a0,
addi a0, (a0
lw a0, 4(
foo bar baz
addi a0, a0, 1 2
addi a0,, a0
li a0, 1 +
lw a0, 4(a0
.word 1,
x: y: 5
: nop
addi a0, a0, %hi
[a0
li a0, ~
"str" nop
addi a0 a1
li a0, 0x
5 nop
li a0, 1)
li a0, \x
li a0, $
nop;;nop
x = 
= 5
