// 32x32x32 bf16 GEMM, C (fp32) = A x B, hand-scheduled for the AIE-ML core
// after the public description of AMD's XDNA1 kernel (scalable-analyses/xdna
// docs/source/xdna1_kernel.rst: software-pipelined, one vmac.f per bundle,
// rotating accumulators, zero-overhead loop, 288 executed bundles); written
// here from that description, not copied.
//
// Data layout (the kernel's own, as mlir-aie's DMA would tile it; operands
// in different 16 KiB banks so the two loads and the store of one cycle
// never meet):
//   p0 = A tiles: for each pair mp of 4-row tiles, for k-step kt = 0..3, for
//        mi = 0..1: the 4x8 bf16 tile A[8mp+4mi .. +4][8kt .. +8], row-major
//        (64 bytes); 2 KiB
//   p1 = B tiles: for each pair np of 4-column tiles, for kt, for ni = 0..1:
//        the 8x4 tile B[8kt .. +8][8np+4ni .. +4], row-major; 2 KiB
//   p2 = C tiles (fp32): for mp, for np, for j = 0..3 (mi = j/2, ni = j%2):
//        the 4x4 tile C[8mp+4mi ..][8np+4ni ..], row-major (64 bytes); 4 KiB
// The caller sets p0, p1, p2; the kernel ends with done.
//
// Schedule: C is computed in 16 blocks of 2x2 tiles (block b = 4mp + np),
// each in 16 cycles: k-step slot g = 4b + kt issues its four vmac.f in
// cycles 4g .. 4g+3 on the block's four accumulators (blocks alternate
// between bml0-3 and bml4-7, so a block's results are stored while the next
// block computes), the first k-step of a block with config 29 (accumulator
// taken as 0), the others with 28. The operands of slot g are loaded in
// cycles 4g-10 .. 4g-7 (A through the lda slot, 3-D addressing over the A
// tiles of the block row, 4 times; B through the ldb slot, 2-D over all
// of B), into x0-x3 for even g and x4-x7 for odd g: each register lands
// (7 cycles) after its last reader of slot g-2 and before its first of
// slot g. Block b's eight 256-bit stores issue in cycles 16b+18 .. 16b+25,
// after the accumulators' last writes land (6 cycles).
// The loop body is cycles 10 .. 41 of that timeline (two blocks), run 8
// times: cycles -10 .. 9 are the prologue (loads of the first five slots,
// the first ten MACs); the last iteration's final ten bundles compute a
// 17th block into bml0-3 that is never stored (harmless over-reads of A
// and B). Executed: setup + 20 prologue bundles + 256 loop bundles + done.

	movxm ls, #gemm_loop
	movxm le, #gemm_loop_end
	movxm lc, #8
	movxm m1, #-2016
	mova m0, #32 ; movx r0, #28 ; mov dn0, #15
	mova dj0, #32 ; movx r1, #29 ; mov dn4, #3
	mova dj4, #-480 ; mov dn1, #63
	mova dj1, #32 ; mov dc0, #0
	mova dc4, #0 ; mov dc1, #0
// prologue: cycles -10 .. 9
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1
	vlda.3d wl4, [p0], d0 ; vldb.2d wl6, [p1], d1
	vlda.3d wh4, [p0], d0 ; vldb.2d wh6, [p1], d1
	vlda.3d wl5, [p0], d0 ; vldb.2d wl7, [p1], d1
	vlda.3d wh5, [p0], d0 ; vldb.2d wh7, [p1], d1
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1 ; vmac.f bml0, bml0, x0, x2, r1
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1 ; vmac.f bml1, bml1, x0, x3, r1
	vlda.3d wl4, [p0], d0 ; vldb.2d wl6, [p1], d1 ; vmac.f bml2, bml2, x1, x2, r1
	vlda.3d wh4, [p0], d0 ; vldb.2d wh6, [p1], d1 ; vmac.f bml3, bml3, x1, x3, r1
	vlda.3d wl5, [p0], d0 ; vldb.2d wl7, [p1], d1 ; vmac.f bml0, bml0, x4, x6, r0
	vlda.3d wh5, [p0], d0 ; vldb.2d wh7, [p1], d1 ; vmac.f bml1, bml1, x4, x7, r0
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1 ; vmac.f bml2, bml2, x5, x6, r0
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1 ; vmac.f bml3, bml3, x5, x7, r0
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1 ; vmac.f bml0, bml0, x0, x2, r0
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1 ; vmac.f bml1, bml1, x0, x3, r0
	.p2align 4
gemm_loop:
	vlda.3d wl4, [p0], d0 ; vldb.2d wl6, [p1], d1 ; nops ; vmac.f bml2, bml2, x1, x2, r0 ; nopx ; nopm	// cycle 10
	vlda.3d wh4, [p0], d0 ; vldb.2d wh6, [p1], d1 ; nops ; vmac.f bml3, bml3, x1, x3, r0 ; nopx ; nopm	// cycle 11
	vlda.3d wl5, [p0], d0 ; vldb.2d wl7, [p1], d1 ; nops ; vmac.f bml0, bml0, x4, x6, r0 ; nopx ; nopm	// cycle 12
	vlda.3d wh5, [p0], d0 ; vldb.2d wh7, [p1], d1 ; nops ; vmac.f bml1, bml1, x4, x7, r0 ; nopx ; nopm	// cycle 13
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1 ; nops ; vmac.f bml2, bml2, x5, x6, r0 ; nopx ; nopm	// cycle 14
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1 ; nops ; vmac.f bml3, bml3, x5, x7, r0 ; nopx ; nopm	// cycle 15
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1 ; nops ; vmac.f bml4, bml4, x0, x2, r1 ; nopx ; nopm	// cycle 16
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1 ; nops ; vmac.f bml5, bml5, x0, x3, r1 ; nopx ; nopm	// cycle 17
	vlda.3d wl4, [p0], d0 ; vldb.2d wl6, [p1], d1 ; vst amll0, [p2], #32 ; vmac.f bml6, bml6, x1, x2, r1 ; nopx ; nopm	// cycle 18
	vlda.3d wh4, [p0], d0 ; vldb.2d wh6, [p1], d1 ; vst amlh0, [p2], #32 ; vmac.f bml7, bml7, x1, x3, r1 ; nopx ; nopm	// cycle 19
	vlda.3d wl5, [p0], d0 ; vldb.2d wl7, [p1], d1 ; vst amll1, [p2], #32 ; vmac.f bml4, bml4, x4, x6, r0 ; nopx ; nopm	// cycle 20
	vlda.3d wh5, [p0], d0 ; vldb.2d wh7, [p1], d1 ; vst amlh1, [p2], #32 ; vmac.f bml5, bml5, x4, x7, r0 ; nopx ; nopm	// cycle 21
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1 ; vst amll2, [p2], #32 ; vmac.f bml6, bml6, x5, x6, r0 ; nopx ; nopm	// cycle 22
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1 ; vst amlh2, [p2], #32 ; vmac.f bml7, bml7, x5, x7, r0 ; nopx ; nopm	// cycle 23
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1 ; vst amll3, [p2], #32 ; vmac.f bml4, bml4, x0, x2, r0 ; nopx ; nopm	// cycle 24
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1 ; vst amlh3, [p2], #32 ; vmac.f bml5, bml5, x0, x3, r0 ; nopx ; nopm	// cycle 25
	vlda.3d wl4, [p0], d0 ; vldb.2d wl6, [p1], d1 ; nops ; vmac.f bml6, bml6, x1, x2, r0 ; nopx ; nopm	// cycle 26
	vlda.3d wh4, [p0], d0 ; vldb.2d wh6, [p1], d1 ; nops ; vmac.f bml7, bml7, x1, x3, r0 ; nopx ; nopm	// cycle 27
	vlda.3d wl5, [p0], d0 ; vldb.2d wl7, [p1], d1 ; nops ; vmac.f bml4, bml4, x4, x6, r0 ; nopx ; nopm	// cycle 28
	vlda.3d wh5, [p0], d0 ; vldb.2d wh7, [p1], d1 ; nops ; vmac.f bml5, bml5, x4, x7, r0 ; nopx ; nopm	// cycle 29
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1 ; nops ; vmac.f bml6, bml6, x5, x6, r0 ; nopx ; nopm	// cycle 30
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1 ; nops ; vmac.f bml7, bml7, x5, x7, r0 ; nopx ; nopm	// cycle 31
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1 ; nops ; vmac.f bml0, bml0, x0, x2, r1 ; nopx ; nopm	// cycle 32
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1 ; nops ; vmac.f bml1, bml1, x0, x3, r1 ; nopx ; nopm	// cycle 33
	vlda.3d wl4, [p0], d0 ; vldb.2d wl6, [p1], d1 ; vst amll4, [p2], #32 ; vmac.f bml2, bml2, x1, x2, r1 ; nopx ; nopm	// cycle 34
	vlda.3d wh4, [p0], d0 ; vldb.2d wh6, [p1], d1 ; vst amlh4, [p2], #32 ; vmac.f bml3, bml3, x1, x3, r1 ; nopx ; nopm	// cycle 35
	vlda.3d wl5, [p0], d0 ; vldb.2d wl7, [p1], d1 ; vst amll5, [p2], #32 ; vmac.f bml0, bml0, x4, x6, r0 ; nopx ; nopm	// cycle 36
	vlda.3d wh5, [p0], d0 ; vldb.2d wh7, [p1], d1 ; vst amlh5, [p2], #32 ; vmac.f bml1, bml1, x4, x7, r0 ; nopx ; nopm	// cycle 37
	vlda.3d wl0, [p0], d0 ; vldb.2d wl2, [p1], d1 ; vst amll6, [p2], #32 ; vmac.f bml2, bml2, x5, x6, r0 ; nopx ; nopm	// cycle 38
	vlda.3d wh0, [p0], d0 ; vldb.2d wh2, [p1], d1 ; vst amlh6, [p2], #32 ; vmac.f bml3, bml3, x5, x7, r0 ; nopx ; nopm	// cycle 39
	vlda.3d wl1, [p0], d0 ; vldb.2d wl3, [p1], d1 ; vst amll7, [p2], #32 ; vmac.f bml0, bml0, x0, x2, r0 ; nopx ; nopm	// cycle 40
gemm_loop_end:
	vlda.3d wh1, [p0], d0 ; vldb.2d wh3, [p1], d1 ; vst amlh7, [p2], #32 ; vmac.f bml1, bml1, x0, x3, r0 ; nopx ; nopm	// cycle 41
	done
