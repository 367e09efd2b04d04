// Bank-conflict bound by construction: a zero-overhead loop of four
// bundles, each loading 256 bits through both load units from two
// pointers in the same 16 KiB bank (p0 = 0x70400, p1 = 0x70800: logical
// bank 0, and a 256-bit access takes both of its physical banks), so the
// two loads of every bundle meet on a bank and one waits a cycle; the
// last bundle's store to that bank (p2 = 0x71000) meets the loads too.
	movxm p0, #0x70400
	movxm p1, #0x70800
	movxm p2, #0x71000
	movxm ls, #start
	movxm le, #last
	movxm lc, #16
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	nopa ; nopb ; nops ; nopx ; nopm ; nopv
	.p2align 4
start:
	vlda wl0, [p0], #32 ; vldb wl1, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl2, [p0], #32 ; vldb wl3, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl4, [p0], #32 ; vldb wl5, [p1], #32 ; nops ; nopx ; nopm ; nopv
last:
	vlda wl6, [p0], #32 ; vldb wl7, [p1], #32 ; vst wl8, [p2], #32 ; nopx ; nopm ; nopv
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	done
