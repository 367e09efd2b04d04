// c[i] = a[i] + b[i] for 128 int32 lanes (16 chunks of 256 bits),
// software-pipelined in the manner of AMD's hand-scheduled AIE-ML kernels
// (one loop bundle doing the work of three iterations, operands loaded
// ahead through post-incremented pointers, no interlock): chunk i is
// loaded in cycle i (wl0 from p0, wl2 from p1; the values land 7 cycles
// later), added in cycle i+7 (x4 = x0 + x2, visible 2 cycles later) and
// stored from wl4 through p2 in cycle i+9.
//
// The loop bundle reads wl0 and wl2 while the loads of the next six chunks
// into them are in flight, and wl4 while the next add is: it means the
// older values, which exposed timing gives it. The loop runs 16 times
// from cycle 9: its last 9 loads and 7 adds are over-reads of the chunks
// after a and b and never stored (harmless, as in gemm_32.s).
// The caller sets p0 = a, p1 = b, p2 = c (32-byte aligned; ideally in
// different 16 KiB banks); the kernel ends with done. The nops pad the
// loop set-up to the 112 bytes llvm-aie's layout rules want before the
// loop's last bundle.
	movxm ls, #vp_loop
	movxm le, #vp_loop
	movxm lc, #16
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	nop
// prologue: cycles 0 .. 8 (bundles as wide as the loop's, so that the loop
// starts 16-byte aligned with no padding bundle between them)
	.p2align 4
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; nopx ; nopm ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; vadd.32 x4, x0, x2 ; nopx ; nopv
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; nops ; vadd.32 x4, x0, x2 ; nopx ; nopv
	.p2align 4
vp_loop:
	vlda wl0, [p0], #32 ; vldb wl2, [p1], #32 ; vst wl4, [p2], #32 ; vadd.32 x4, x0, x2 ; nopx ; nopv
	done
