package vec

import "unsafe"

// Widening, narrowing and extension loops. T is the SEW element type, U its
// unsigned twin and W the 2·SEW (or 4·SEW for extensions) element type.

func wideRun[T Signed, U Unsigned, W Signed](op Op, d []W, a, b []T, s, e int) {
	for i := s; i < e; i++ {
		x, y := a[i], b[i]
		switch op {
		case WAddU:
			d[i] = W(int64(U(x)) + int64(U(y)))
		case WAdd:
			d[i] = W(int64(x) + int64(y))
		case WSubU:
			d[i] = W(int64(U(x)) - int64(U(y)))
		case WSub:
			d[i] = W(int64(x) - int64(y))
		case WMulU:
			d[i] = W(uint64(U(x)) * uint64(U(y)))
		case WMul:
			d[i] = W(int64(x) * int64(y))
		case WMulSU:
			d[i] = W(int64(x) * int64(U(y)))
		case WMaccU:
			d[i] += W(uint64(U(y)) * uint64(U(x)))
		case WMacc:
			d[i] += W(int64(y) * int64(x))
		case WMaccSU:
			d[i] += W(int64(y) * int64(U(x)))
		case WMaccUS:
			d[i] += W(int64(U(y)) * int64(x))
		}
	}
}

// Wide computes the widening ops WAddU…WMaccUS: d[i] (2·SEW) = f(a[i], b[i])
// over the active elements s ≤ i < e.
func Wide[T Signed, U Unsigned, W Signed](op Op, d []W, a, b []T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e && unsafe.Sizeof(d[0]) == 2*unsafe.Sizeof(a[0]) {
		_, _, _ = d[e-1], a[e-1], b[e-1]
		sz := unsafe.Sizeof(a[0])
		_, s = span(t.wide[sewIdx(sz)&1][op][0], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), 2*sz, sz, sz, mask, s, e)
	}
	for s < e {
		i, j := nextRun(mask, s, e)
		wideRun[T, U, W](op, d, a, b, i, j)
		s = j
	}
}

// WideX is Wide with the scalar x in place of b.
func WideX[T Signed, U Unsigned, W Signed](op Op, d []W, a []T, x T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e && unsafe.Sizeof(d[0]) == 2*unsafe.Sizeof(a[0]) {
		_, _ = d[e-1], a[e-1]
		sz := unsafe.Sizeof(a[0])
		_, s = span(t.wide[sewIdx(sz)&1][op][1], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&x), 2*sz, sz, 0, mask, s, e)
	}
	if s < e {
		wideXGo[T, U](op, d, a, x, mask, s, e)
	}
}

func wideXGo[T Signed, U Unsigned, W Signed](op Op, d []W, a []T, x T, mask []byte, s, e int) {
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	Wide[T, U, W](op, d, a, b, mask, s, e)
}

func wideWRun[T Signed, U Unsigned, W Signed](op Op, d, a []W, b []T, s, e int) {
	for i := s; i < e; i++ {
		switch op {
		case WAddU:
			d[i] = a[i] + W(U(b[i]))
		case WAdd:
			d[i] = a[i] + W(b[i])
		case WSubU:
			d[i] = a[i] - W(U(b[i]))
		case WSub:
			d[i] = a[i] - W(b[i])
		}
	}
}

// WideW computes the .wv forms (vwadd.wv…): d[i] = a[i] ± ext(b[i]) with a
// and d of 2·SEW.
func WideW[T Signed, U Unsigned, W Signed](op Op, d, a []W, b []T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e && unsafe.Sizeof(d[0]) == 2*unsafe.Sizeof(b[0]) {
		_, _, _ = d[e-1], a[e-1], b[e-1]
		sz := unsafe.Sizeof(b[0])
		_, s = span(t.wideW[sewIdx(sz)&1][op][0], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), 2*sz, 2*sz, sz, mask, s, e)
	}
	for s < e {
		i, j := nextRun(mask, s, e)
		wideWRun[T, U](op, d, a, b, i, j)
		s = j
	}
}

// WideWX is WideW with the scalar x in place of b.
func WideWX[T Signed, U Unsigned, W Signed](op Op, d, a []W, x T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e && unsafe.Sizeof(d[0]) == 2*unsafe.Sizeof(x) {
		_, _ = d[e-1], a[e-1]
		sz := unsafe.Sizeof(x)
		_, s = span(t.wideW[sewIdx(sz)&1][op][1], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&x), 2*sz, 2*sz, 0, mask, s, e)
	}
	if s < e {
		wideWXGo[T, U](op, d, a, x, mask, s, e)
	}
}

func wideWXGo[T Signed, U Unsigned, W Signed](op Op, d, a []W, x T, mask []byte, s, e int) {
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	WideW[T, U](op, d, a, b, mask, s, e)
}

func narrowRun[T Signed, U Unsigned, W Signed](op Op, d []T, a []W, b []T, s, e int, vxrm uint32) (sat bool) {
	var z T
	bits := sizeBits(z)
	wmask := uint64(1)<<(2*bits) - 1
	sh := U(2*bits - 1)
	maxS := int64(1)<<(bits-1) - 1
	minS := -int64(1) << (bits - 1)
	maxU := uint64(1)<<bits - 1
	for i := s; i < e; i++ {
		n := uint(U(b[i]) & sh)
		switch op {
		case NSrl:
			d[i] = T((uint64(int64(a[i])) & wmask) >> n)
		case NSra:
			d[i] = T(int64(a[i]) >> n)
		case NClipU:
			r := RoundoffU(uint64(int64(a[i]))&wmask, n, vxrm)
			if r > maxU {
				r, sat = maxU, true
			}
			d[i] = T(U(r))
		case NClip:
			r := RoundoffS(int64(a[i]), n, vxrm)
			if r > maxS {
				r, sat = maxS, true
			} else if r < minS {
				r, sat = minS, true
			}
			d[i] = T(r)
		}
	}
	return sat
}

// Narrow computes the narrowing shifts and clips (NSrl, NSra, NClipU,
// NClip): d[i] (SEW) = f(a[i] (2·SEW), b[i] mod 2·SEW), and reports whether
// a clip saturated.
func Narrow[T Signed, U Unsigned, W Signed](op Op, d []T, a []W, b []T, mask []byte, s, e int, vxrm uint32) (sat bool) {
	if t := cur.Load(); t != nil && s < e && unsafe.Sizeof(a[0]) == 2*unsafe.Sizeof(d[0]) {
		_, _, _ = d[e-1], a[e-1], b[e-1]
		sz := unsafe.Sizeof(d[0])
		sat, s = span(t.narrow[sewIdx(sz)&1][op][0][vxrm&3], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), sz, 2*sz, sz, mask, s, e)
	}
	for s < e {
		i, j := nextRun(mask, s, e)
		if narrowRun[T, U](op, d, a, b, i, j, vxrm) {
			sat = true
		}
		s = j
	}
	return sat
}

// NarrowX is Narrow with the scalar shift x.
func NarrowX[T Signed, U Unsigned, W Signed](op Op, d []T, a []W, x T, mask []byte, s, e int, vxrm uint32) (sat bool) {
	if t := cur.Load(); t != nil && s < e && unsafe.Sizeof(a[0]) == 2*unsafe.Sizeof(d[0]) {
		_, _ = d[e-1], a[e-1]
		sz := unsafe.Sizeof(d[0])
		sat, s = span(t.narrow[sewIdx(sz)&1][op][1][vxrm&3], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&x), sz, 2*sz, 0, mask, s, e)
	}
	if s >= e {
		return sat
	}
	return narrowXGo[T, U](op, d, a, x, mask, s, e, vxrm) || sat
}

func narrowXGo[T Signed, U Unsigned, W Signed](op Op, d []T, a []W, x T, mask []byte, s, e int, vxrm uint32) (sat bool) {
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	return Narrow[T, U](op, d, a, b, mask, s, e, vxrm)
}

// Ext writes d[i] = sext(a[i]) (signed) or zext(a[i]) for the active
// elements (vsext/vzext; W is 2 or 4 times as wide as T).
func Ext[T Signed, U Unsigned, W Signed](signed bool, d []W, a []T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_, _ = d[e-1], a[e-1]
		sz, dz := unsafe.Sizeof(a[0]), unsafe.Sizeof(d[0])
		x := -1
		switch {
		case sz == 1 && dz == 2:
			x = 0
		case sz == 2 && dz == 4:
			x = 1
		case sz == 1 && dz == 4:
			x = 2
		}
		if x >= 0 {
			u := 0
			if !signed {
				u = 1
			}
			p := unsafe.Pointer(&a[0])
			_, s = span(t.ext[x][u], unsafe.Pointer(&d[0]), p, p, dz, sz, sz, mask, s, e)
		}
	}
	for i := s; i < e; i++ {
		if !active(mask, i) {
			continue
		}
		if signed {
			d[i] = W(a[i])
		} else {
			d[i] = W(U(a[i]))
		}
	}
}
