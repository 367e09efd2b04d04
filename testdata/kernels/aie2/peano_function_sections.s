// A kernel in the layout Peano (llvm-aie's clang) writes with function
// sections, as in its bf16_mac.s (issue 30: ".section .text.bf16_mac,
// \"ax\",@progbits", clang 20.0.0 at Xilinx/llvm-aie 70ac20b1): each
// function in its own .text.NAME section after an empty .text, the
// "-- Begin function" / ".p2align 4" / ".type" / "// %bb.0:" prologue,
// the return's five delay slots marked "Delay Slot N" and partly filled,
// ".Lfunc_end" and ".size", and the linker-options, .note.GNU-stack and
// .addrsig trailer. Written here, not compiled: add8 adds 8 int32 lanes,
// c = a + b (p0 = a, p1 = b, p2 = c, 32-byte aligned), and _start calls it
// with jl and ends with done, as an mlir-aie core's main calls its
// kernels. kc-as merges the function sections into .text as a linker does,
// so kc-sim runs it unchanged.
	.text
	.file	"add8.cc"
	.section	.text.add8,"ax",@progbits
	.globl	add8                            // -- Begin function add8
	.p2align	4
	.type	add8,@function
add8:                                   // @add8
// %bb.0:                               // %entry
	vlda	wl0, [p0, #0]; vldb	wl2, [p1, #0]
	nop
	nop
	nop
	nop
	nop
	nop
	vadd.32	x4, x0, x2
	nop
	ret	lr
	vst	wl4, [p2, #0]                  //  Delay Slot 5
	nop                                     //  Delay Slot 4
	nop                                     //  Delay Slot 3
	nop                                     //  Delay Slot 2
	nop                                     //  Delay Slot 1
.Lfunc_end0:
	.size	add8, .Lfunc_end0-add8
                                        // -- End function
	.section	.text._start,"ax",@progbits
	.globl	_start                          // -- Begin function _start
	.p2align	4
	.type	_start,@function
_start:                                 // @_start
// %bb.0:                               // %entry
	jl	#add8
	nop                                     //  Delay Slot 5
	nop                                     //  Delay Slot 4
	nop                                     //  Delay Slot 3
	nop                                     //  Delay Slot 2
	nop                                     //  Delay Slot 1
	done
.Lfunc_end1:
	.size	_start, .Lfunc_end1-_start
                                        // -- End function
	.section	".linker-options","e",@llvm_linker_options
	.ident	"kernelcraft test kernel in the layout of Peano's output"
	.section	".note.GNU-stack","",@progbits
	.addrsig
