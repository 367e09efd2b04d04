package vec

import "unsafe"

// maxElems is the largest element count of one register group operand
// (VLEN 128 × LMUL 8 / SEW 8). Scalar operands are broadcast into stack
// buffers of this size, so .vx forms share the .vv loops.
const maxElems = 128

// binRun computes d[i] = a[i] op b[i] for s ≤ i < e, all active. It returns
// whether any element saturated (fixed-point ops).
func binRun[T Signed, U Unsigned](op Op, d, a, b []T, s, e int, vxrm uint32) (sat bool) {
	if s >= e {
		return false
	}
	d, a, b = d[s:e], a[s:e], b[s:e]
	var z T
	bits := sizeBits(z)
	sh := U(bits - 1)
	maxS := int64(1)<<(bits-1) - 1
	minS := -int64(1) << (bits - 1)
	maxU := uint64(1)<<bits - 1
	switch op {
	case Add:
		for i := range d {
			d[i] = a[i] + b[i]
		}
	case Sub:
		for i := range d {
			d[i] = a[i] - b[i]
		}
	case RSub:
		for i := range d {
			d[i] = b[i] - a[i]
		}
	case And:
		for i := range d {
			d[i] = a[i] & b[i]
		}
	case Or:
		for i := range d {
			d[i] = a[i] | b[i]
		}
	case Xor:
		for i := range d {
			d[i] = a[i] ^ b[i]
		}
	case Sll:
		for i := range d {
			d[i] = T(U(a[i]) << (U(b[i]) & sh))
		}
	case Srl:
		for i := range d {
			d[i] = T(U(a[i]) >> (U(b[i]) & sh))
		}
	case Sra:
		for i := range d {
			d[i] = a[i] >> (U(b[i]) & sh)
		}
	case MinU:
		for i := range d {
			if U(a[i]) < U(b[i]) {
				d[i] = a[i]
			} else {
				d[i] = b[i]
			}
		}
	case Min:
		for i := range d {
			d[i] = min(a[i], b[i])
		}
	case MaxU:
		for i := range d {
			if U(a[i]) > U(b[i]) {
				d[i] = a[i]
			} else {
				d[i] = b[i]
			}
		}
	case Max:
		for i := range d {
			d[i] = max(a[i], b[i])
		}
	case Mul:
		for i := range d {
			d[i] = a[i] * b[i]
		}
	case MulH:
		for i := range d {
			d[i] = T((int64(a[i]) * int64(b[i])) >> bits)
		}
	case MulHU:
		for i := range d {
			d[i] = T((uint64(U(a[i])) * uint64(U(b[i]))) >> bits)
		}
	case MulHSU:
		for i := range d {
			d[i] = T((int64(a[i]) * int64(U(b[i]))) >> bits)
		}
	case DivU:
		for i := range d {
			if b[i] == 0 {
				d[i] = ^T(0)
			} else {
				d[i] = T(U(a[i]) / U(b[i]))
			}
		}
	case Div:
		for i := range d {
			if b[i] == 0 {
				d[i] = -1
			} else {
				d[i] = a[i] / b[i] // Go defines MIN / -1 = MIN
			}
		}
	case RemU:
		for i := range d {
			if b[i] == 0 {
				d[i] = a[i]
			} else {
				d[i] = T(U(a[i]) % U(b[i]))
			}
		}
	case Rem:
		for i := range d {
			if b[i] == 0 {
				d[i] = a[i]
			} else {
				d[i] = a[i] % b[i] // Go defines MIN % -1 = 0
			}
		}
	case SAddU:
		for i := range d {
			r := uint64(U(a[i])) + uint64(U(b[i]))
			if r > maxU {
				r, sat = maxU, true
			}
			d[i] = T(U(r))
		}
	case SAdd:
		for i := range d {
			r := int64(a[i]) + int64(b[i])
			if r > maxS {
				r, sat = maxS, true
			} else if r < minS {
				r, sat = minS, true
			}
			d[i] = T(r)
		}
	case SSubU:
		for i := range d {
			if U(a[i]) < U(b[i]) {
				d[i], sat = 0, true
			} else {
				d[i] = T(U(a[i]) - U(b[i]))
			}
		}
	case SSub:
		for i := range d {
			r := int64(a[i]) - int64(b[i])
			if r > maxS {
				r, sat = maxS, true
			} else if r < minS {
				r, sat = minS, true
			}
			d[i] = T(r)
		}
	case AAddU:
		for i := range d {
			d[i] = T(U(RoundoffU(uint64(U(a[i]))+uint64(U(b[i])), 1, vxrm)))
		}
	case AAdd:
		for i := range d {
			d[i] = T(RoundoffS(int64(a[i])+int64(b[i]), 1, vxrm))
		}
	case ASubU:
		for i := range d {
			d[i] = T(U(RoundoffU(uint64(U(a[i]))-uint64(U(b[i])), 1, vxrm)))
		}
	case ASub:
		for i := range d {
			d[i] = T(RoundoffS(int64(a[i])-int64(b[i]), 1, vxrm))
		}
	case SMul:
		for i := range d {
			r := RoundoffS(int64(a[i])*int64(b[i]), bits-1, vxrm)
			if r > maxS {
				r, sat = maxS, true
			} else if r < minS {
				r, sat = minS, true
			}
			d[i] = T(r)
		}
	case SSrl:
		for i := range d {
			d[i] = T(U(RoundoffU(uint64(U(a[i])), uint(U(b[i])&sh), vxrm)))
		}
	case SSra:
		for i := range d {
			d[i] = T(RoundoffS(int64(a[i]), uint(U(b[i])&sh), vxrm))
		}
	}
	return sat
}

func binVV[T Signed, U Unsigned](op Op, d, a, b []T, mask []byte, s, e int, vxrm uint32) (sat bool) {
	if t := cur.Load(); t != nil && s < e {
		_, _, _ = d[e-1], a[e-1], b[e-1]
		sz := unsafe.Sizeof(d[0])
		sat, s = span(t.bin[sewIdx(sz)][op][0][vxrm&3], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), sz, sz, sz, mask, s, e)
	}
	for s < e {
		i, j := nextRun(mask, s, e)
		if binRun[T, U](op, d, a, b, i, j, vxrm) {
			sat = true
		}
		s = j
	}
	return sat
}

func binVX[T Signed, U Unsigned](op Op, d, a []T, x T, mask []byte, s, e int, vxrm uint32) (sat bool) {
	if t := cur.Load(); t != nil && s < e {
		_, _ = d[e-1], a[e-1]
		sz := unsafe.Sizeof(d[0])
		sat, s = span(t.bin[sewIdx(sz)][op][1][vxrm&3], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&x), sz, sz, 0, mask, s, e)
	}
	if s >= e {
		return sat
	}
	return binVXGo[T, U](op, d, a, x, mask, s, e, vxrm) || sat
}

func binVXGo[T Signed, U Unsigned](op Op, d, a []T, x T, mask []byte, s, e int, vxrm uint32) (sat bool) {
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	return binVV[T, U](op, d, a, b, mask, s, e, vxrm)
}

// BinVV8 computes d[i] = a[i] op b[i] for the active elements s ≤ i < e at
// SEW 8 and reports whether a fixed-point op saturated. vxrm is the
// fixed-point rounding mode (used by AAdd…SSra).
func BinVV8(op Op, d, a, b []int8, mask []byte, s, e int, vxrm uint32) bool {
	return binVV[int8, uint8](op, d, a, b, mask, s, e, vxrm)
}

// BinVV16 is BinVV8 at SEW 16.
func BinVV16(op Op, d, a, b []int16, mask []byte, s, e int, vxrm uint32) bool {
	return binVV[int16, uint16](op, d, a, b, mask, s, e, vxrm)
}

// BinVV32 is BinVV8 at SEW 32.
func BinVV32(op Op, d, a, b []int32, mask []byte, s, e int, vxrm uint32) bool {
	return binVV[int32, uint32](op, d, a, b, mask, s, e, vxrm)
}

// BinVX8 computes d[i] = a[i] op x (vector-scalar and vector-immediate forms).
func BinVX8(op Op, d, a []int8, x int8, mask []byte, s, e int, vxrm uint32) bool {
	return binVX[int8, uint8](op, d, a, x, mask, s, e, vxrm)
}

// BinVX16 is BinVX8 at SEW 16.
func BinVX16(op Op, d, a []int16, x int16, mask []byte, s, e int, vxrm uint32) bool {
	return binVX[int16, uint16](op, d, a, x, mask, s, e, vxrm)
}

// BinVX32 is BinVX8 at SEW 32.
func BinVX32(op Op, d, a []int32, x int32, mask []byte, s, e int, vxrm uint32) bool {
	return binVX[int32, uint32](op, d, a, x, mask, s, e, vxrm)
}

// macRun computes the single-width multiply-adds on s ≤ i < e.
func macRun[T Signed](op Op, d, a, b []T, s, e int) {
	if s >= e {
		return
	}
	d, a, b = d[s:e], a[s:e], b[s:e]
	switch op {
	case Macc:
		for i := range d {
			d[i] += b[i] * a[i]
		}
	case Nmsac:
		for i := range d {
			d[i] -= b[i] * a[i]
		}
	case Madd:
		for i := range d {
			d[i] = b[i]*d[i] + a[i]
		}
	case Nmsub:
		for i := range d {
			d[i] = a[i] - b[i]*d[i]
		}
	}
}

func macVV[T Signed](op Op, d, a, b []T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_, _, _ = d[e-1], a[e-1], b[e-1]
		sz := unsafe.Sizeof(d[0])
		_, s = span(t.bin[sewIdx(sz)][op][0][0], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), sz, sz, sz, mask, s, e)
	}
	for s < e {
		i, j := nextRun(mask, s, e)
		macRun(op, d, a, b, i, j)
		s = j
	}
}

func macVX[T Signed](op Op, d, a []T, x T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_, _ = d[e-1], a[e-1]
		sz := unsafe.Sizeof(d[0])
		_, s = span(t.bin[sewIdx(sz)][op][1][0], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&x), sz, sz, 0, mask, s, e)
	}
	if s < e {
		macVXGo(op, d, a, x, mask, s, e)
	}
}

func macVXGo[T Signed](op Op, d, a []T, x T, mask []byte, s, e int) {
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	macVV(op, d, a, b, mask, s, e)
}

// MacVV8 computes the multiply-adds (Macc, Nmsac, Madd, Nmsub) with
// a = vs2 and b = vs1 at SEW 8.
func MacVV8(op Op, d, a, b []int8, mask []byte, s, e int) { macVV(op, d, a, b, mask, s, e) }

// MacVV16 is MacVV8 at SEW 16.
func MacVV16(op Op, d, a, b []int16, mask []byte, s, e int) { macVV(op, d, a, b, mask, s, e) }

// MacVV32 is MacVV8 at SEW 32.
func MacVV32(op Op, d, a, b []int32, mask []byte, s, e int) { macVV(op, d, a, b, mask, s, e) }

// MacVX8 is MacVV8 with the scalar x in place of vs1.
func MacVX8(op Op, d, a []int8, x int8, mask []byte, s, e int) { macVX(op, d, a, x, mask, s, e) }

// MacVX16 is MacVX8 at SEW 16.
func MacVX16(op Op, d, a []int16, x int16, mask []byte, s, e int) { macVX(op, d, a, x, mask, s, e) }

// MacVX32 is MacVX8 at SEW 32.
func MacVX32(op Op, d, a []int32, x int32, mask []byte, s, e int) { macVX(op, d, a, x, mask, s, e) }

// cmpRun writes mask bits dm[i] = a[i] op b[i] for s ≤ i < e.
func cmpRun[T Signed, U Unsigned](op Op, dm []byte, a, b []T, s, e int) {
	for i := s; i < e; i++ {
		var r bool
		switch op {
		case Seq:
			r = a[i] == b[i]
		case Sne:
			r = a[i] != b[i]
		case SltU:
			r = U(a[i]) < U(b[i])
		case Slt:
			r = a[i] < b[i]
		case SleU:
			r = U(a[i]) <= U(b[i])
		case Sle:
			r = a[i] <= b[i]
		case SgtU:
			r = U(a[i]) > U(b[i])
		case Sgt:
			r = a[i] > b[i]
		}
		SetBit(dm, i, r)
	}
}

func cmpVV[T Signed, U Unsigned](op Op, dm []byte, a, b []T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_, _ = a[e-1], b[e-1]
		sz := unsafe.Sizeof(a[0])
		s = cmpFast(t.cmp[sewIdx(sz)][op][0], dm, unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), sz, sz, mask, s, e)
	}
	for s < e {
		i, j := nextRun(mask, s, e)
		cmpRun[T, U](op, dm, a, b, i, j)
		s = j
	}
}

func cmpVX[T Signed, U Unsigned](op Op, dm []byte, a []T, x T, mask []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_ = a[e-1]
		sz := unsafe.Sizeof(a[0])
		s = cmpFast(t.cmp[sewIdx(sz)][op][1], dm, unsafe.Pointer(&a[0]), unsafe.Pointer(&x), sz, 0, mask, s, e)
	}
	if s < e {
		cmpVXGo[T, U](op, dm, a, x, mask, s, e)
	}
}

// cmpFast runs compare kernel k on [s, e) and returns the first element
// left for the pure-Go loop.
func cmpFast(k kent, dm []byte, a, b unsafe.Pointer, as, bs uintptr, mask []byte, s, e int) int {
	if k.id == 0 || k.chunk != 0 && mask != nil {
		return s
	}
	_ = dm[(e-1)>>3]
	for s < e {
		n := min(e-s, 128)
		if k.chunk != 0 { // AVX2: whole chunks only
			if n &^= int(k.chunk) - 1; n == 0 {
				break
			}
		}
		w := window(mask, s, n)
		var r [2]uint64
		callK(k.id, (*byte)(unsafe.Pointer(&r)), bptr(a, s, as), bptr(b, s, bs), n, &w)
		putBits(dm, s, n, &r, &w)
		s += n
	}
	return s
}

func cmpVXGo[T Signed, U Unsigned](op Op, dm []byte, a []T, x T, mask []byte, s, e int) {
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	cmpVV[T, U](op, dm, a, b, mask, s, e)
}

// CmpVV8 writes mask bit i of dm = a[i] op b[i] (Seq…Sgt) for the active
// elements at SEW 8. dm may alias the register holding a or b only as the
// spec allows (mask results overlap the lowest source register).
func CmpVV8(op Op, dm []byte, a, b []int8, mask []byte, s, e int) {
	cmpVV[int8, uint8](op, dm, a, b, mask, s, e)
}

// CmpVV16 is CmpVV8 at SEW 16.
func CmpVV16(op Op, dm []byte, a, b []int16, mask []byte, s, e int) {
	cmpVV[int16, uint16](op, dm, a, b, mask, s, e)
}

// CmpVV32 is CmpVV8 at SEW 32.
func CmpVV32(op Op, dm []byte, a, b []int32, mask []byte, s, e int) {
	cmpVV[int32, uint32](op, dm, a, b, mask, s, e)
}

// CmpVX8 is CmpVV8 against the scalar x.
func CmpVX8(op Op, dm []byte, a []int8, x int8, mask []byte, s, e int) {
	cmpVX[int8, uint8](op, dm, a, x, mask, s, e)
}

// CmpVX16 is CmpVX8 at SEW 16.
func CmpVX16(op Op, dm []byte, a []int16, x int16, mask []byte, s, e int) {
	cmpVX[int16, uint16](op, dm, a, x, mask, s, e)
}

// CmpVX32 is CmpVX8 at SEW 32.
func CmpVX32(op Op, dm []byte, a []int32, x int32, mask []byte, s, e int) {
	cmpVX[int32, uint32](op, dm, a, x, mask, s, e)
}

// Merge writes d[i] = b[i] where sel bit i is set and a[i] elsewhere, for
// every element s ≤ i < e (vmerge; sel = v0). With sel nil it copies b
// (vmv.v.v).
func Merge[T Signed | Unsigned](d, a, b []T, sel []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_, _, _ = d[e-1], a[e-1], b[e-1]
		sz := unsafe.Sizeof(d[0])
		s = mergeFast(t.merge[sewIdx(sz)][0], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), sz, sz, sel, s, e)
	}
	if sel == nil && s < e { // vmv.v.v
		copy(d[s:e], b[s:e])
		return
	}
	for i := s; i < e; i++ {
		if sel == nil || Bit(sel, i) {
			d[i] = b[i]
		} else {
			d[i] = a[i]
		}
	}
}

// MergeX is Merge with the scalar x in place of b (vmerge.vxm, vmv.v.x).
func MergeX[T Signed | Unsigned](d, a []T, x T, sel []byte, s, e int) {
	if t := cur.Load(); t != nil && s < e {
		_, _ = d[e-1], a[e-1]
		sz := unsafe.Sizeof(d[0])
		s = mergeFast(t.merge[sewIdx(sz)][1], unsafe.Pointer(&d[0]), unsafe.Pointer(&a[0]), unsafe.Pointer(&x), sz, 0, sel, s, e)
	}
	for i := s; i < e; i++ {
		if sel == nil || Bit(sel, i) {
			d[i] = x
		} else {
			d[i] = a[i]
		}
	}
}

// mergeFast runs merge kernel k for Merge/MergeX on [s, e) and returns the
// first element left for the pure-Go loop. bs = 0: b points to a scalar.
func mergeFast(k kent, d, a, b unsafe.Pointer, sz, bs uintptr, sel []byte, s, e int) int {
	if k.id == 0 || k.chunk != 0 {
		return s
	}
	for s < e {
		n := min(e-s, 128)
		var m [4]uint64 // body window, then select bits
		m[0], m[1] = onesTab[n][0], onesTab[n][1]
		w := window(sel, s, n)
		m[2], m[3] = w[0], w[1]
		callK(k.id, bptr(d, s, sz), bptr(a, s, sz), bptr(b, s, bs), n, (*[2]uint64)(m[:2]))
		s += n
	}
	return e
}

// Carry computes add-with-carry and subtract-with-borrow over every element
// s ≤ i < e: Adc d = a + b + c, Sbc d = a - b - c, where c is bit i of
// carry (nil = no carry-in).
func Carry[T Signed](op Op, d, a, b []T, carry []byte, s, e int) {
	for i := s; i < e; i++ {
		var c T
		if carry != nil && Bit(carry, i) {
			c = 1
		}
		if op == Sbc {
			d[i] = a[i] - b[i] - c
		} else {
			d[i] = a[i] + b[i] + c
		}
	}
}

// CarryOut writes mask bit i of dm to the carry out of a + b (+ c) (MAdc)
// or the borrow out of a - b (- c) (MSbc) for every element s ≤ i < e.
// carry nil means no carry-in.
func CarryOut[T Signed, U Unsigned](op Op, dm []byte, a, b []T, carry []byte, s, e int) {
	var z T
	maxU := uint64(1)<<sizeBits(z) - 1
	for i := s; i < e; i++ {
		var c uint64
		if carry != nil && Bit(carry, i) {
			c = 1
		}
		x, y := uint64(U(a[i])), uint64(U(b[i]))
		if op == MSbc {
			SetBit(dm, i, x < y+c)
		} else {
			SetBit(dm, i, x+y+c > maxU)
		}
	}
}

// CarryX and CarryOutX are the scalar forms (b broadcast).
func CarryX[T Signed](op Op, d, a []T, x T, carry []byte, s, e int) {
	if s >= e {
		return
	}
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	Carry(op, d, a, b, carry, s, e)
}

// CarryOutX is CarryOut with the scalar x in place of b.
func CarryOutX[T Signed, U Unsigned](op Op, dm []byte, a []T, x T, carry []byte, s, e int) {
	if s >= e {
		return
	}
	var buf [maxElems]T
	b := buf[:e]
	for i := s; i < e; i++ {
		b[i] = x
	}
	CarryOut[T, U](op, dm, a, b, carry, s, e)
}

// Red folds the active elements a[0:e] into acc (Red* ops) and returns it.
func Red[T Signed, U Unsigned](op Op, a []T, mask []byte, e int, acc T) T {
	s := 0
	if t := cur.Load(); t != nil && e > 0 {
		_ = a[e-1]
		sz := unsafe.Sizeof(a[0])
		k := t.red[sewIdx(sz)][op]
		for s < e {
			n, r, ok := redBlock(k, unsafe.Pointer(&a[0]), sz, mask, s, e)
			if !ok {
				break
			}
			acc = redStep[T, U](op, acc, T(r))
			s += n
		}
	}
	for i := s; i < e; i++ {
		if active(mask, i) {
			acc = redStep[T, U](op, acc, a[i])
		}
	}
	return acc
}

// redStep folds x into acc.
func redStep[T Signed, U Unsigned](op Op, acc, x T) T {
	switch op {
	case RedSum:
		acc += x
	case RedAnd:
		acc &= x
	case RedOr:
		acc |= x
	case RedXor:
		acc ^= x
	case RedMinU:
		if U(x) < U(acc) {
			acc = x
		}
	case RedMin:
		acc = min(acc, x)
	case RedMaxU:
		if U(x) > U(acc) {
			acc = x
		}
	case RedMax:
		acc = max(acc, x)
	}
	return acc
}

// WRed is the widening sum reduction (vwredsum(u)): acc + Σ ext(a[i]) over
// the active elements, in 2·SEW arithmetic.
func WRed[T Signed, U Unsigned, W Signed](signed bool, a []T, mask []byte, e int, acc W) W {
	s := 0
	if t := cur.Load(); t != nil && e > 0 {
		_ = a[e-1]
		sz := unsafe.Sizeof(a[0])
		u := 0
		if !signed {
			u = 1
		}
		var k kent
		if sz <= 2 {
			k = t.wred[sewIdx(sz)][u]
		}
		for s < e {
			n, r, ok := redBlock(k, unsafe.Pointer(&a[0]), sz, mask, s, e)
			if !ok {
				break
			}
			acc += W(r)
			s += n
		}
	}
	for i := s; i < e; i++ {
		if !active(mask, i) {
			continue
		}
		if signed {
			acc += W(a[i])
		} else {
			acc += W(U(a[i]))
		}
	}
	return acc
}
