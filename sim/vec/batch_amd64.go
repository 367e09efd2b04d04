//go:build !purego

package vec

// batchAsm: Batch.Run uses runBatch.
const batchAsm = true

// runBatch runs the n ≥ 1 steps at s (batch_amd64.s).
//
//go:noescape
func runBatch(s *bstep, n int) bool
