//go:build !amd64 || purego

package vec

// batchAsm: without the assembly runner Batch.Run uses runBatchGo.
const batchAsm = false

// kpcs is empty: there are no kernels.
var kpcs [1]uintptr

func runBatch(s *bstep, n int) bool { panic("sim/vec: no batch runner in this build") }
