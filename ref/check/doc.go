// Package check judges a kernel's results against a case's expected
// outputs (issue 3, item 4) and explains a mismatch at the level of
// memory, in at most MaxLines lines, for an LLM agent to act on.
//
// Check works on tensors in memory (the agent's run tool); Dir reads a
// case directory (kc-ref gen) and a result directory (kc-sim --case: one
// .npy per output, inputs read back, stats.json).
//
// # Verdict
//
// An output element passes when |actual-expected| <= atol + rtol*|expected|
// with the case's tolerance for the output dtype (integers: exact, or
// within max_ulp units). NaN or Inf where a finite value is expected never
// passes. The task text is the law, so a run also fails, with every
// output right, when
//   - it did not end with the halt the case's convention names
//     (Convention.Halt, mapped to the simulator's halt kind by
//     RequiredHalt: coral's mpause, not an ecall exit(0) or a tohost
//     store; aie2's done; plena's C_BREAK), or
//   - it stored anywhere but its outputs, scratch regions and the memory
//     the case leaves to the kernel (Convention.KernelArea and
//     KernelMemories): into an input or a constant (or an input read back
//     changed), or past the end of an output, between or beyond the
//     tensors. The written ranges are exact to the byte
//     (sim.Memory.WrittenRanges, stats.json written_ranges), so one byte
//     past an output's end inside its last 16-byte chunk counts.
//
// Dir refuses a result without stats.json or one without a halt reason.
//
// # Diagnosis
//
// For each wrong output: the count and fraction of wrong elements, the
// first wrong element and the largest error (index, flat offset,
// address, expected, actual), the rows/columns (and heads or batches) that
// hold errors, a character map of the [rows, last dim] view, and the
// patterns below, most specific first, each with a one-line hint.
//
//	untouched   no element was written: all hold the case's fill byte, or
//	            the written ranges miss the output
//	unwritten   some wrong elements still hold the fill byte
//	zeros       every element (or ≥90% of the wrong ones) is 0
//	nan-inf     NaN/Inf where finite values are expected (fill excluded)
//	constant    every element has one value
//	copy        ≥90% of the wrong elements equal another tensor of the case
//	            (an input, a constant, another output) at the same index
//	mixed       the wrong elements split between 0, fill and copies
//	scaled      actual ≈ k·expected on ≥95% of the elements and ≥90% of the
//	            wrong ones (least squares, median ratio; k named when it is
//	            2^p, √d, 1/√d)
//	offset      actual ≈ expected + c (median difference)
//	affine      actual ≈ k·expected + c (requantisation scale and zero point)
//	shifted     actual[i] = expected[i∓k] for k up to 64, whole rows or
//	            powers of two, on ≥90% of the informative positions
//	transposed  actual = expectedᵀ over the last two dimensions
//	tail        only elements past the last multiple of the vector length
//	            (VLEN of the hardware config / element size, times LMUL
//	            1, 2, 4, 8) of each row, or of the flat tensor, are wrong
//	first-tile  a leading block (≥ one vector, ≤ half) is right and ≥90% of
//	            the rest wrong, or the first columns of every row
//	repeated    the wrong elements repeat earlier values with a period (the
//	            right prefix, a row, a vector): a pointer does not advance
//	hardcoded   on a hidden case, the output equals the visible case's
//	isolated    at most 4 single elements are wrong
//	rows, cols  errors confined to some rows/columns (dense, a quarter clean,
//	            or one or two runs): masks, row pointers, per-row reductions
//	systematic  small errors without structure (median relative error ≤ 0.1,
//	            or ±2 units for integers): epsilon, GELU variant, rounding
//	unrelated   large errors without structure
//
// Memory, all fatal: clobber (a store into an input or constant),
// past-end (a store that continues past the end of an output or scratch
// region), outside (any other stray store, named by its range and the
// nearest tensor: "0x3f0 bytes past the end of output 'y'", "0x40 bytes
// before input 'x'").
package check
