//go:build !amd64 || purego

package vec

// Without the amd64 kernels bf16.go's functions run their Go loops.

func widenK(d []float32, a []byte) int                   { return 0 }
func narrowK(d []byte, a []float32) int                  { return 0 }
func arithK(op BFOp, d, a, b []byte, n int) int          { return 0 }
func arithFK(op BFOp, d, a []byte, f float32, n int) int { return 0 }
func reciK(d, a []byte, n int) int                       { return 0 }
func lutK(d, a []byte, tab []uint16, n int) int          { return 0 }
func sum8K(l *[8]float32, x []float32) int               { return 0 }

func max8K(x []float32) (mx float32, nan bool, done int) { return 0, false, 0 }

func matK(out []float32, ldo int, a []float32, lda, sa int, b []byte, ldb int, m, k, n int, scale float32) int {
	return 0
}

func transK(dst, src []byte, ld, rows, cols int) bool { return false }
