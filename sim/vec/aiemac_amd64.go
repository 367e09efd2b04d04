//go:build !purego

package vec

// macBF16K runs MacBF16 on the path's kernel and reports whether it did;
// false on the generic path and when an operand holds an infinity or a
// NaN (the kernels leave those to the Go loop).
func macBF16K(out, x, y, acc1, acc2 *[64]byte, l *MacLayout, neg uint8) bool {
	isa, _ := bfISA()
	if isa < 0 {
		return false
	}
	var pm, n1, n2 uint32
	if neg&NegMul != 0 {
		pm = 1 << 31
	}
	if neg&NegAcc1 != 0 {
		n1 = 1 << 31
	}
	if neg&NegAcc2 != 0 {
		n2 = 1 << 31
	}
	// The AVX2 kernel writes its first chunk before it knows whether the
	// second holds an infinity or a NaN; the result goes to r so that
	// the Go loop still sees the accumulators when out is one of them.
	var r [64]byte
	var ok bool
	if isa == isaAVX512 {
		ok = aieMacBF512(&r[0], &x[0], &y[0], &l.tab512[0], l.k, &acc1[0], &acc2[0], pm, n1, n2)
	} else {
		ok = aieMacBF2(&r[0], &x[0], &y[0], &l.tab2[0], l.k, &acc1[0], &acc2[0], pm, n1, n2)
	}
	if ok {
		*out = r
	}
	return ok
}
