//go:build !purego

package vec

// macIntK runs MacInt on the path's kernel and reports whether it did:
// false on the generic path, for an unsigned 32-bit operand of a 64-bit
// lane geometry (VPMULDQ reads its operands as signed), and for rows that
// do not fill whole vectors. acc1 and acc2 are not nil.
func macIntK(out *[128]byte, x, y *[64]byte, acc1, acc2 *[128]byte, g *IntMac, sx, sy bool, neg uint8) bool {
	isa, _ := bfISA()
	if isa < 0 {
		return false
	}
	xs, ys := widenSel(g.XBits, sx), widenSel(g.YBits, sy)
	var pm, n1, n2 uint32
	if neg&NegMul != 0 {
		pm = ^uint32(0)
	}
	if neg&NegAcc1 != 0 {
		n1 = ^uint32(0)
	}
	if neg&NegAcc2 != 0 {
		n2 = ^uint32(0)
	}
	// The kernels are called directly: through a func value the operands
	// would escape (go:noescape does not follow it).
	o, a, b, c1, c2 := &out[0], &x[0], &y[0], &acc1[0], &acc2[0]
	switch {
	case g.ABits == 32 && isa == isaAVX512 && g.N == 8 && g.M%2 == 0:
		aieMacI32P512(o, a, b, c1, c2, g.M, g.K, g.N, xs, ys, pm, n1, n2)
	case g.ABits == 32 && g.N%8 == 0:
		aieMacI32C2(o, a, b, c1, c2, g.M, g.K, g.N, xs, ys, pm, n1, n2)
	case g.ABits == 32:
		return false
	case xs == 4 || ys == 4: // unsigned 32-bit into 64-bit lanes
		return false
	case isa == isaAVX512 && g.N%8 == 0:
		aieMacI64C512(o, a, b, c1, c2, g.M, g.K, g.N, xs, ys, pm, n1, n2)
	case isa == isaAVX512 && g.N == 4 && g.M%2 == 0:
		aieMacI64P512(o, a, b, c1, c2, g.M, g.K, g.N, xs, ys, pm, n1, n2)
	case g.N%4 == 0:
		aieMacI64C2(o, a, b, c1, c2, g.M, g.K, g.N, xs, ys, pm, n1, n2)
	default:
		return false
	}
	return true
}

// widenSel is the kernels' widening selector: 0 u8, 1 s8, 2 u16, 3 s16,
// 4 u32, 5 s32.
func widenSel(bits int, signed bool) int {
	s := 0
	if signed {
		s = 1
	}
	switch bits {
	case 16:
		s += 2
	case 32:
		s += 4
	}
	return s
}
