// Package vec holds the element loops of the vector units: integer
// arithmetic, fixed-point rounding and saturation, widening and narrowing,
// compares into mask bits, merges, reductions and single-precision float
// arithmetic with RISC-V rounding modes and exception flags.
//
// Every function works on plain slices with an explicit element width and
// knows nothing of register files, vtype or instructions: a target (sim/coral)
// views its register file bytes as []int8, []int16 or []int32 (see Bytes8,
// Bytes16, Bytes32) and passes the group slices, the element range [s, e)
// and an optional mask. These pure-Go functions are the reference and the
// fallback for SIMD versions selected by cpuid.
//
// Conventions shared by all functions:
//   - Element i is active when mask is nil or bit i of mask (byte i/8, bit i%8)
//     is set. Inactive elements of the destination are left unchanged.
//   - Only elements s ≤ i < e are touched; the caller passes s = vstart and
//     e = vl. Elements outside [s, e) are left unchanged (tail-undisturbed).
//   - For binary operations a is the vs2 operand and b the vs1 operand or
//     the scalar (so Sub computes a - b and RSub computes b - a).
//   - The host is little-endian (checked at init), so a register file held
//     as bytes can be reinterpreted as wider elements without shuffling.
package vec

import (
	"unsafe"
)

func init() {
	x := uint16(0x0102)
	if *(*byte)(unsafe.Pointer(&x)) != 0x02 {
		panic("sim/vec: the simulator assumes a little-endian host")
	}
}

// Signed are the signed element types of SEW 8, 16 and 32.
type Signed interface{ ~int8 | ~int16 | ~int32 }

// Unsigned are the unsigned element types of SEW 8, 16 and 32.
type Unsigned interface{ ~uint8 | ~uint16 | ~uint32 }

// Op selects the operation of a family of element loops.
type Op uint8

// Element operations. Comments give the result for element i with a = vs2[i]
// and b = vs1[i] (or the scalar); d is the destination's old value.
const (
	Nop Op = iota

	// Single-width binary (Bin*): d = f(a, b).
	Add    // a + b
	Sub    // a - b
	RSub   // b - a
	And    // a & b
	Or     // a | b
	Xor    // a ^ b
	Sll    // a << (b mod SEW)
	Srl    // a >> (b mod SEW), logical
	Sra    // a >> (b mod SEW), arithmetic
	MinU   // unsigned minimum
	Min    // signed minimum
	MaxU   // unsigned maximum
	Max    // signed maximum
	Mul    // low half of a*b
	MulH   // high half of signed a * signed b
	MulHU  // high half of unsigned a * unsigned b
	MulHSU // high half of signed a * unsigned b
	DivU   // unsigned a / b; b = 0 gives all ones
	Div    // signed a / b; b = 0 gives -1, MIN / -1 gives MIN
	RemU   // unsigned a % b; b = 0 gives a
	Rem    // signed a % b; b = 0 gives a, MIN % -1 gives 0
	SAddU  // saturating unsigned a + b
	SAdd   // saturating signed a + b
	SSubU  // saturating unsigned a - b
	SSub   // saturating signed a - b
	AAddU  // averaging unsigned (a + b) >> 1 with vxrm rounding
	AAdd   // averaging signed (a + b) >> 1 with vxrm rounding
	ASubU  // averaging unsigned (a - b) >> 1 with vxrm rounding
	ASub   // averaging signed (a - b) >> 1 with vxrm rounding
	SMul   // fractional multiply: clip((a*b) >> (SEW-1)) with vxrm rounding
	SSrl   // scaling shift right logical with vxrm rounding
	SSra   // scaling shift right arithmetic with vxrm rounding

	// Single-width multiply-add (Mac*): d = f(d, a, b).
	Macc  // d + b*a
	Nmsac // d - b*a
	Madd  // b*d + a
	Nmsub // -(b*d) + a

	// Compares (Cmp*): mask bit i = a op b.
	Seq  // a == b
	Sne  // a != b
	SltU // a < b unsigned
	Slt  // a < b signed
	SleU // a <= b unsigned
	Sle  // a <= b signed
	SgtU // a > b unsigned
	Sgt  // a > b signed

	// Widening (Wide*, WideW*): 2·SEW results.
	WAddU   // zext(a) + zext(b)      (.w forms: a + zext(b))
	WAdd    // sext(a) + sext(b)      (.w forms: a + sext(b))
	WSubU   // zext(a) - zext(b)      (.w forms: a - zext(b))
	WSub    // sext(a) - sext(b)      (.w forms: a - sext(b))
	WMulU   // zext(a) * zext(b)
	WMul    // sext(a) * sext(b)
	WMulSU  // sext(a) * zext(b)
	WMaccU  // d + zext(b) * zext(a)
	WMacc   // d + sext(b) * sext(a)
	WMaccSU // d + sext(b) * zext(a)
	WMaccUS // d + zext(b) * sext(a)

	// Narrowing (Narrow*): SEW results from 2·SEW a, shift b mod 2·SEW.
	NSrl   // a >> b, logical, truncated
	NSra   // a >> b, arithmetic, truncated
	NClipU // unsigned clip of (a >> b) with vxrm rounding
	NClip  // signed clip of (a >> b) with vxrm rounding

	// Reductions (Red*): fold of the active elements into an accumulator.
	RedSum
	RedAnd
	RedOr
	RedXor
	RedMinU
	RedMin
	RedMaxU
	RedMax

	// Mask logicals (MaskLogic): d = f(a, b) bitwise on mask bits.
	MAndN // a & ~b
	MAnd  // a & b
	MOr   // a | b
	MXor  // a ^ b
	MOrN  // a | ~b
	MNand // ~(a & b)
	MNor  // ~(a | b)
	MXnor // ~(a ^ b)

	// Add with carry / subtract with borrow (Adc*, Madc*).
	Adc  // a + b + carry
	Sbc  // a - b - borrow
	MAdc // carry out of a + b (+ carry)
	MSbc // borrow out of a - b (- borrow)
)

// Bit reports whether bit i of mask m is set.
func Bit(m []byte, i int) bool { return m[i>>3]>>(uint(i)&7)&1 != 0 }

// SetBit sets bit i of mask m to v.
func SetBit(m []byte, i int, v bool) {
	if v {
		m[i>>3] |= 1 << (uint(i) & 7)
	} else {
		m[i>>3] &^= 1 << (uint(i) & 7)
	}
}

// active reports whether element i is active under mask (nil = all).
func active(mask []byte, i int) bool { return mask == nil || mask[i>>3]>>(uint(i)&7)&1 != 0 }

// NextRun returns the next run [i, j) of consecutive active elements with
// s ≤ i < j ≤ e, or i = j = e when none is left. A nil mask gives [s, e).
func NextRun(mask []byte, s, e int) (int, int) { return nextRun(mask, s, e) }

func nextRun(mask []byte, s, e int) (int, int) {
	if mask == nil {
		return s, e
	}
	for s < e && mask[s>>3]>>(uint(s)&7)&1 == 0 {
		if s&7 == 0 && s+8 <= e && mask[s>>3] == 0 {
			s += 8
			continue
		}
		s++
	}
	j := s
	for j < e && mask[j>>3]>>(uint(j)&7)&1 != 0 {
		if j&7 == 0 && j+8 <= e && mask[j>>3] == 0xff {
			j += 8
			continue
		}
		j++
	}
	return s, j
}

// Bytes8 views b as signed bytes (no copy).
func Bytes8(b []byte) []int8 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*int8)(unsafe.Pointer(&b[0])), len(b))
}

// Bytes16 views b as little-endian int16 elements (no copy). b must be
// 2-byte aligned; a trailing odd byte is ignored.
func Bytes16(b []byte) []int16 {
	if len(b) < 2 {
		return nil
	}
	return unsafe.Slice((*int16)(unsafe.Pointer(&b[0])), len(b)/2)
}

// Bytes32 views b as little-endian int32 elements (no copy). b must be
// 4-byte aligned; trailing bytes are ignored.
func Bytes32(b []byte) []int32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// Bytes32U views b as little-endian uint32 elements (float32 bit patterns).
func Bytes32U(b []byte) []uint32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// sizeBits is the width of T in bits.
func sizeBits[T Signed](x T) uint { return uint(unsafe.Sizeof(x)) * 8 }

// RoundInc is the rounding increment r of the RVV fixed-point roundoff
// function for shifting v right by d bits under rounding mode vxrm:
// 0 rnu (round-to-nearest-up), 1 rne (round-to-nearest-even),
// 2 rdn (round-down, truncate), 3 rod (round-to-odd, "jam").
func RoundInc(v uint64, d uint, vxrm uint32) uint64 {
	if d == 0 || d > 64 {
		return 0
	}
	switch vxrm & 3 {
	case 0: // rnu: v[d-1]
		return (v >> (d - 1)) & 1
	case 1: // rne: v[d-1] & (v[d-2:0] != 0 | v[d])
		if (v>>(d-1))&1 == 0 {
			return 0
		}
		if d >= 2 && v&(uint64(1)<<(d-1)-1) != 0 {
			return 1
		}
		if d < 64 {
			return (v >> d) & 1
		}
		return 0
	case 3: // rod: !v[d] & (v[d-1:0] != 0)
		var low uint64
		if d >= 64 {
			low = v
		} else {
			low = v & (uint64(1)<<d - 1)
		}
		if low == 0 {
			return 0
		}
		if d < 64 && (v>>d)&1 != 0 {
			return 0
		}
		return 1
	}
	return 0 // rdn
}

// RoundoffU is roundoff_unsigned(v, d) of the RVV spec: (v >> d) + r.
func RoundoffU(v uint64, d uint, vxrm uint32) uint64 {
	if d >= 64 {
		return RoundInc(v, d, vxrm)
	}
	return (v >> d) + RoundInc(v, d, vxrm)
}

// RoundoffS is roundoff_signed(v, d) of the RVV spec: (v >> d) + r with an
// arithmetic shift.
func RoundoffS(v int64, d uint, vxrm uint32) int64 {
	if d >= 64 {
		d = 63
	}
	return (v >> d) + int64(RoundInc(uint64(v), d, vxrm))
}
