// Adds the two words at 0x70000 and 0x70004 and stores the sum at 0x70008.
// AIE-ML has an exposed pipeline: a scalar load's value arrives 7 cycles
// after it issues, and nothing waits for it. The six nops make the add
// read the loaded values; without them it reads the old r1 and r2
// (try kc-sim -t aie2 with params.hazard_policy "warn" to see the warning).
	movxm p0, #0x70000
	lda r1, [p0, #0]
	lda r2, [p0, #4]
	nop
	nop
	nop
	nop
	nop
	nop
	add r3, r1, r2
	st r3, [p0, #8]
	done
