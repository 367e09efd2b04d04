# Conditional assembly: .if/.elseif/.else/.endif with nesting, the
# comparison forms, .ifdef/.ifndef, .ifc/.ifnc, .ifb/.ifnb, .ifeqs.
	.text
	.set MODE, 2
	.if MODE == 1
	.word 1
	.elseif MODE == 2
	.word 2
	.if MODE > 1
	.word 21
	.else
	.word 22
	.endif
	.elseif MODE == 2
	.word 3
	.else
	.word 4
	.endif
	.if 0
	.if 1
	.word 0xbad
	.else
	.word 0xbad
	.endif
	.rept 1000
	.word 0xbad
	.endr
	.macro never
	.endm
	.endif
	.ifeq MODE-2
	.word 5
	.endif
	.ifne MODE
	.word 6
	.endif
	.ifgt MODE-3
	.word 0xbad
	.else
	.word 7
	.endif
	.ifge 0
	.word 8
	.endif
	.iflt -1
	.word 9
	.endif
	.ifle 1
	.word 0xbad
	.endif
	.ifdef MODE
	.word 10
	.endif
	.ifndef NOPE
	.word 11
	.endif
	.ifdef later
	.word 0xbad
	.endif
later:
	.ifdef later
	.word 12
	.endif
	.macro pick reg, kind=int
	.ifc \kind, int
	add \reg, \reg, \reg
	.else
	.ifc \kind, float
	fadd.s f\reg, f\reg, f\reg
	.endif
	.endif
	.endm
	pick a0
	pick 1, float
	pick a1, int
	.macro opt a, b
	.ifb \b
	.word \a
	.else
	.word \a + \b
	.endif
	.ifnb \a
	.byte 1, 1, 1, 1
	.endif
	.endm
	opt 1
	opt 1, 2
	.ifnc a0, a1
	.word 13
	.endif
	.ifc a b,a b
	.word 14
	.endif
	.ifeqs "xy", "xy"
	.word 15
	.endif
	.ifnes "xy", "xz"
	.word 16
	.endif
	.irp n, 1, 2, 3, 4
	.if \n % 2
	.word \n
	.elseif \n == 4
	.word 40
	.else
	.word -\n
	.endif
	.endr
	.data
	.set SIZE, 16
	.if SIZE >= 16
	.fill SIZE/4, 4, 0xabcd
	.endif
