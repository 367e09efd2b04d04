// vec-slot bound by construction: a zero-overhead loop of four bundles,
// each one bf16 vmac.f (4x8x4, 128 MACs) on its own accumulator, so that
// a vmac.f reads its accumulator 4 cycles after the last one wrote it
// (vmac.f to vmac.f forwards in 4); one bundle also loads. Nothing
// stalls: the vec slot takes an operation every cycle.
	movxm p0, #0x70400
	movxm r0, #28
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
	vlda wl2, [p0, #0] ; nopb ; nops ; nopx ; nopm ; vmac.f bml0, bml0, x0, x1, r0
	nopa ; nopb ; nops ; nopx ; nopm ; vmac.f bml1, bml1, x0, x1, r0
	nopa ; nopb ; nops ; nopx ; nopm ; vmac.f bml2, bml2, x0, x1, r0
last:
	nopa ; nopb ; nops ; nopx ; nopm ; vmac.f bml3, bml3, x0, x1, r0
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	done
