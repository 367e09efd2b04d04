// The GDB demo kernel for aie2: r3 = the word at 0x70000 + the word at
// 0x70004, stored at 0x70008. The loads' values arrive 7 cycles after they
// issue (exposed pipeline), hence the nops before "check".
	movxm p0, #0x70000
	lda r1, [p0, #0]
	lda r2, [p0, #4]
	nop
	nop
	nop
	nop
	nop
	nop
check:
	add r3, r1, r2
	st r3, [p0, #8]
	done
