//go:build !amd64 || purego

package vec

// Without the amd64 kernels MacBF16 runs its Go loop.

func macBF16K(out, x, y, acc1, acc2 *[64]byte, l *MacLayout, neg uint8) bool {
	return false
}

func macIntK(out *[128]byte, x, y *[64]byte, acc1, acc2 *[128]byte, g *IntMac, sx, sy bool, neg uint8) bool {
	return false
}

func laneK(op LaneOp, w int, d, a, b *[64]byte) bool { return false }

func permK(out *[64]byte, in *[128]byte, idx *[64]byte) bool { return false }

func selK(w int, d, a, b *[64]byte, mask uint64) bool { return false }
