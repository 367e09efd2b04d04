package aie2

import "strings"

// access is one register an operation reads or writes, and when.
type access struct {
	r     reg
	cyc   int
	byp   uint8
	write bool
}

// accesses lists the registers o reads and writes with their cycles (the
// interlock policy's view of the operation; the execute code reads and
// writes the same registers in the same cycles).
func (o *op) accesses() []access {
	if o.acc != nil {
		return o.acc
	}
	var out []access
	rdr := func(r reg, c int, b uint8) { out = append(out, access{r: r, cyc: c, byp: b}) }
	wrr := func(r reg, c int, b uint8) { out = append(out, access{r: r, cyc: c, byp: b, write: true}) }
	role := make([]int, o.n) // 0 src, 1 dst, 2 dst2, 3 acc, 4 shift, 5 data, 6 address, 7 a source read in the itinerary's src cycle
	if o.dst >= 0 {
		role[o.dst] = 1
	}
	switch o.kind {
	case kVMaxMin, kVArithCmp:
		role[1] = 2
	case kVMac, kVMacF:
		if o.sub&macAccs >= 1 {
			role[1] = 3
		}
		if o.sub&macAccs == 2 {
			role[2] = 3
		}
	case kVAcc, kVAccF:
		role[1] = 3
		if o.sub&4 == 0 {
			role[2] = 3
		}
	case kVSrs, kVUps:
		role[2] = 4
	case kVUnpack:
		role[1] = 7
	case kVMovD:
		role[1] = 3
	case kVLoadUps, kVStSrs:
		role[1] = 4
	}
	if o.store {
		role[0] = 5
	}
	if o.pi >= 0 {
		role[o.pi] = 6
	}
	if o.oi >= 0 && o.oi < o.n {
		role[o.oi] = 6
	}
	for i := 0; i < o.n; i++ {
		op := o.o[i]
		if !op.isReg {
			continue
		}
		switch role[i] {
		case 1:
			wrr(op.r, o.dstCyc, o.dstByp)
		case 2:
			wrr(op.r, o.it.Read("dst2"), 0)
		case 3:
			a, _ := o.it.Get("acc")
			rdr(op.r, a.Cycle, bypOf(a.Bypass))
		case 4:
			rdr(op.r, o.it.Read("shift"), 0)
		case 5:
			rdr(op.r, o.dataCyc, 0)
		case 6:
			rdr(op.r, 1, 0)
		case 7:
			rdr(op.r, o.it.Read("src"), 0)
		default:
			rdr(op.r, 1, o.srcByp)
		}
	}
	pc := max(o.ptrCyc, 1)
	switch o.am {
	case amPostImm, amPostReg:
		if o.pi >= 0 {
			wrr(o.o[o.pi].r, pc, 0)
		}
	case am2D, am3D:
		n := int(o.o[o.oi].imm)
		ds := []int{n}
		if o.am == am3D {
			ds = append(ds, n+4)
		}
		for _, d := range ds {
			for _, u := range []int{uM + d, uDN + d, uDJ + d, uDC + d} {
				rdr(reg{int16(u), 1}, 1, 0)
			}
			wrr(reg{int16(uDC + d), 1}, pc, 0)
		}
		wrr(o.o[o.pi].r, pc, 0)
	case amSP:
		rdr(reg{uSP, 1}, 1, 0)
		if o.kind == kPadd {
			wrr(reg{uSP, 1}, pc, 0)
		}
	}
	if o.it != nil {
		for _, name := range o.it.Order {
			if strings.HasPrefix(name, "cr") {
				if r, ok := parseReg(name); ok {
					rdr(r, o.it.Read(name), 0)
				}
			}
		}
	}
	switch {
	case o.kind == kALU && (o.sub == aSelEqz || o.sub == aSelNez):
		rdr(reg{uR + 27, 1}, 1, 0)
	case o.kind == kVInsert || o.kind == kVBcstShfl:
		rdr(reg{uR + 29, 1}, 1, 0)
	case o.kind == kDivStep:
		rdr(reg{uR + 31, 1}, 1, 0)
		wrr(reg{uR + 31, 1}, o.dstCyc, 0)
	case o.kind == kLock && o.sub&lockCond != 0:
		rdr(reg{uR + 26, 1}, 1, 0)
	case o.kind == kRet:
		rdr(reg{uLR, 1}, 1, 0)
	case o.kind == kJL:
		wrr(reg{uLR, 1}, o.it.Read("lr"), 0)
	}
	o.acc = out
	return out
}
