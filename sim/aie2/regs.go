package aie2

import (
	"fmt"
	"strconv"
	"strings"
)

// The register state is kept in units: one per 32-bit scalar register and
// one per 256-bit vector piece. A wider register is consecutive units: x3
// is wl3 and wh3, cm2 is amll2..amhh2 (bml2 the first two, bmh2 the last
// two), a pair r17:r16 is r16 and r17. Time-stamped writes, hazards and
// the warn/interlock policies all work on units, so views alias exactly.
const (
	uR      = 0        // r0..r31
	uP      = 32       // p0..p7 (20-bit pointers)
	uM      = 40       // m0..m7
	uDN     = 48       // dn0..dn7
	uDJ     = 56       // dj0..dj7
	uDC     = 64       // dc0..dc7
	uS      = 72       // s0..s3
	uLR     = 76       // lr
	uSP     = 77       // sp
	uLC     = 78       // lc
	uLE     = 79       // le
	uLS     = 80       // ls
	uDP     = 81       // dp
	uCoreID = 82       // core_id
	uCR     = 83       // 12 control registers, in aie2.isa's cr order
	uSR     = 95       // 10 status registers, in aie2.isa's sr order
	nScalar = 105      //
	uW      = nScalar  // wl0, wh0, wl1, wh1, … wh11: 24 pieces
	uAM     = uW + 24  // amll0, amlh0, amhl0, amhh0, …: 36 pieces
	uQ      = uAM + 36 // q0..q3: 128-bit sparsity masks, each in a piece (the high 16 bytes 0)
	nUnits  = uQ + 4   //
	pieceB  = 32       // bytes of a vector piece
)

// Control registers (aiev2_defines.h numbering = aie2.isa's cr order).
const (
	crVaddSign = uCR + iota
	crF2FMask
	crF2IMask
	crFPMask
	crMCDEn
	crPackSign
	crRnd
	crSCDEn
	crSRSSign
	crSat
	crUPSSign
	crUnpackSign
)

var crNames = []string{"crvaddsign", "crf2fmask", "crf2imask", "crfpmask", "crmcden", "crpacksign", "crrnd", "crscden", "crsrssign", "crsat", "crupssign", "crunpacksign"}
var srNames = []string{"srcarry", "srcompr_uf", "srf2fflags", "srf2iflags", "srfpflags", "srms0", "srss0", "srsrs_of", "srsparse_of", "srups_of"}

// reg is a register operand: n consecutive units from base.
type reg struct {
	base int16
	n    int8
}

func (r reg) vector() bool { return r.base >= uW }

// bytes is the register's width in bytes.
func (r reg) bytes() int {
	if r.vector() {
		return int(r.n) * pieceB
	}
	return int(r.n) * 4
}

// unitName names a unit as llvm-aie prints it.
func unitName(u int) string {
	switch {
	case u < uP:
		return "r" + strconv.Itoa(u)
	case u < uM:
		return "p" + strconv.Itoa(u-uP)
	case u < uDN:
		return "m" + strconv.Itoa(u-uM)
	case u < uDJ:
		return "dn" + strconv.Itoa(u-uDN)
	case u < uDC:
		return "dj" + strconv.Itoa(u-uDJ)
	case u < uS:
		return "dc" + strconv.Itoa(u-uDC)
	case u < uLR:
		return "s" + strconv.Itoa(u-uS)
	case u < uCR:
		return [...]string{"lr", "sp", "lc", "le", "ls", "dp", "core_id"}[u-uLR]
	case u < uSR:
		return crNames[u-uCR]
	case u < uW:
		return srNames[u-uSR]
	case u < uAM:
		k := u - uW
		return [...]string{"wl", "wh"}[k&1] + strconv.Itoa(k/2)
	case u < uQ:
		k := u - uAM
		return [...]string{"amll", "amlh", "amhl", "amhh"}[k&3] + strconv.Itoa(k/4)
	case u < nUnits:
		return "q" + strconv.Itoa(u-uQ)
	}
	return fmt.Sprintf("unit%d", u)
}

// regName names a register operand (x3, cm1, r17:r16, …).
func regName(r reg) string {
	b := int(r.base)
	switch {
	case r.n == 1:
		return unitName(b)
	case b < uP && r.n == 2:
		return fmt.Sprintf("r%d:r%d", b+1, b)
	case b >= uW && b < uAM && r.n == 2:
		return "x" + strconv.Itoa((b-uW)/2)
	case b >= uAM && r.n == 4:
		return "cm" + strconv.Itoa((b-uAM)/4)
	case b >= uAM && r.n == 2:
		k := b - uAM
		return [...]string{"bml", "", "bmh"}[k&3] + strconv.Itoa(k/4)
	}
	return fmt.Sprintf("%s+%d", unitName(b), r.n)
}

// parseReg maps an aie2.isa register name to units.
func parseReg(name string) (reg, bool) {
	n := strings.ToLower(name)
	num := func(prefix string, max int) (int, bool) {
		if !strings.HasPrefix(n, prefix) {
			return 0, false
		}
		v, err := strconv.Atoi(n[len(prefix):])
		if err != nil || v < 0 || v >= max {
			return 0, false
		}
		return v, true
	}
	if a, b, ok := strings.Cut(n, ":"); ok { // r17:r16
		hi, ok1 := parseReg(a)
		lo, ok2 := parseReg(b)
		if ok1 && ok2 && hi.base == lo.base+1 && lo.base < uP {
			return reg{lo.base, 2}, true
		}
		return reg{}, false
	}
	for i, s := range crNames {
		if n == s {
			return reg{int16(uCR + i), 1}, true
		}
	}
	for i, s := range srNames {
		if n == s {
			return reg{int16(uSR + i), 1}, true
		}
	}
	switch n {
	case "lr":
		return reg{uLR, 1}, true
	case "sp":
		return reg{uSP, 1}, true
	case "lc":
		return reg{uLC, 1}, true
	case "le":
		return reg{uLE, 1}, true
	case "ls":
		return reg{uLS, 1}, true
	case "dp":
		return reg{uDP, 1}, true
	case "core_id":
		return reg{uCoreID, 1}, true
	}
	// Longer prefixes first (dn before d, amll before am…).
	type pre struct {
		p          string
		max        int
		base, step int
		n          int8
	}
	for _, q := range []pre{
		{"amll", 9, uAM, 4, 1}, {"amlh", 9, uAM + 1, 4, 1}, {"amhl", 9, uAM + 2, 4, 1}, {"amhh", 9, uAM + 3, 4, 1},
		{"bml", 9, uAM, 4, 2}, {"bmh", 9, uAM + 2, 4, 2}, {"cm", 9, uAM, 4, 4},
		{"wl", 12, uW, 2, 1}, {"wh", 12, uW + 1, 2, 1}, {"x", 12, uW, 2, 2}, {"y", 6, uW, 4, 4},
		{"dn", 8, uDN, 1, 1}, {"dj", 8, uDJ, 1, 1}, {"dc", 8, uDC, 1, 1},
		{"r", 32, uR, 1, 1}, {"p", 8, uP, 1, 1}, {"m", 8, uM, 1, 1}, {"s", 4, uS, 1, 1}, {"l", 8, uR + 16, 2, 2},
		{"q", 4, uQ, 1, 1},
	} {
		if v, ok := num(q.p, q.max); ok {
			if q.p == "y" && v < 2 {
				return reg{}, false
			}
			return reg{int16(q.base + q.step*v), q.n}, true
		}
	}
	return reg{}, false
}
