//go:build !amd64 || purego

package vec

// Without the amd64 kernels every loop runs in pure Go.

// kfuncs is empty: there are no kernels.
var kfuncs [1]func(d, a, b *byte, n int, m *[2]uint64) bool

func hostISA() [nISA]bool { return [nISA]bool{} }

func kernelList() []kdesc { return nil }

func callK(id uint16, d, a, b *byte, n int, m *[2]uint64) bool {
	panic("sim/vec: no SIMD kernels in this build")
}

func callRed(id uint16, a *byte, n int, m *[2]uint64) uint64 {
	panic("sim/vec: no SIMD kernels in this build")
}
