# Errors in and around macros, repetitions and conditionals: each names
# the line it is on and, inside an expansion, the lines that expanded it.
	.macro inc reg, by=1
	addi \reg, \reg, \by
	.endm
	inc a0, 5000
	.rept 2
	inc a1, -4000
	.endr
	.macro need x:req, y
	.word \x
	.endm
	need y=1
	need 1, 2, 3
	.macro bad a:opt
	.endm
	.macro inc r
	.endm
	.purgem nosuch
	.exitm
	.endr
	.endm
	.if 1
	.else
	.else
	.endif
	.elseif 1
	.endif
	.if later
	.endif
later:
	.ifdef 5
	.endif
	.ifc onlyone
	.endif
	.rept -1
	.endr
	.rept 100001
	.endr
	.irp r, a0, a9
	addi \r, \r, 1
	.endr
	.macro typo
	addi \rd, \rd, 1
	.endm
	typo
	.if 1
	.rept 3
