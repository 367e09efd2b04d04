package vec

import "math/bits"

// MaskLogic computes the mask-register logicals (MAndN…MXnor) on bits
// s ≤ i < e: d bit i = f(a bit i, b bit i). d may alias a or b.
func MaskLogic(op Op, d, a, b []byte, s, e int) {
	for i := s; i < e; i++ {
		x, y := Bit(a, i), Bit(b, i)
		var r bool
		switch op {
		case MAndN:
			r = x && !y
		case MAnd:
			r = x && y
		case MOr:
			r = x || y
		case MXor:
			r = x != y
		case MOrN:
			r = x || !y
		case MNand:
			r = !(x && y)
		case MNor:
			r = !(x || y)
		case MXnor:
			r = x == y
		}
		SetBit(d, i, r)
	}
}

// Popcount counts the set bits i < e of m that are active under mask.
func Popcount(m, mask []byte, e int) int {
	n := 0
	full := e >> 3
	if mask == nil {
		for _, b := range m[:full] {
			n += bits.OnesCount8(b)
		}
	} else {
		for k, b := range m[:full] {
			n += bits.OnesCount8(b & mask[k])
		}
	}
	for i := full << 3; i < e; i++ {
		if Bit(m, i) && active(mask, i) {
			n++
		}
	}
	return n
}

// First returns the index of the first set bit i < e of m that is active
// under mask, or -1.
func First(m, mask []byte, e int) int {
	for i := 0; i < e; i++ {
		if Bit(m, i) && active(mask, i) {
			return i
		}
	}
	return -1
}

// SetBefore implements vmsbf (mode 0), vmsif (mode 1) and vmsof (mode 2):
// for the active elements i < e, d bit i is set before (and including, for
// vmsif) the first active set bit of a; vmsof sets only that bit.
func SetBefore(mode int, d, a, mask []byte, e int) {
	found := false
	for i := 0; i < e; i++ {
		if !active(mask, i) {
			continue
		}
		first := !found && Bit(a, i)
		var r bool
		switch mode {
		case 0:
			r = !found && !first
		case 1:
			r = !found
		case 2:
			r = first
		}
		if first {
			found = true
		}
		SetBit(d, i, r)
	}
}
