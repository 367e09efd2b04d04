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

func srsK(d, acc []byte, n, dbits, abits int, shift, rnd, sat uint32, signed bool) int { return 0 }

func upsK(d, src []byte, n, abits, sbits int, shift, sat uint32, signed bool) int { return 0 }

func packK(d *[32]byte, x *[64]byte, sat uint32, signed bool) bool { return false }

func convBF16K(d *[32]byte, a *[64]byte, rnd uint32) bool { return false }

func convF32K(d *[64]byte, a *[32]byte) bool { return false }

func ltK(t CmpType, w int, a, b *[64]byte) (uint64, bool) { return 0, false }

func eqzK(w int, a *[64]byte) (uint64, bool) { return 0, false }
