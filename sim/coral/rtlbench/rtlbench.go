// Package rtlbench defines the vector microbenchmarks that calibrate
// coral's timing model against coralnpu's RVV RTL (RvvCore under Verilator,
// scripts/coral-rtl) and the table that records them
// (testdata/coral-rtl/vector.tsv). The same programs run on the RTL
// harness (cmd in scripts/coral-rtl/rtltable) and on kc-sim (sim/coral's
// TestRTLTable), so the two sides measure the same thing.
package rtlbench

import (
	"fmt"
	"strconv"
	"strings"
)

// Geom is a microbenchmark's vector configuration.
type Geom struct {
	SEW    int  // 8, 16, 32
	LMUL   int  // register group size: 1, 2, 4, 8; fractional -2, -4, -8 (mf2, mf4, mf8)
	Masked bool // the measured instructions run under v0.t
	VXRM   int  // fixed-point rounding mode (0..3), for the classes that round
}

// Vtype is the vsetvli immediate (ta, ma) of g.
func (g Geom) Vtype() int {
	sew := map[int]int{8: 0, 16: 1, 32: 2}[g.SEW]
	lmul := map[int]int{1: 0, 2: 1, 4: 2, 8: 3, -8: 5, -4: 6, -2: 7}[g.LMUL]
	return 0xc0 | sew<<3 | lmul
}

// Regs is the registers of one LMUL group (1 for fractional LMUL).
func (g Geom) Regs() int { return g.Group(1) }

// Group is the registers of a group of k·LMUL (1 while that is fractional):
// Group(2) is a widening destination.
func (g Geom) Group(k int) int {
	if g.LMUL < 0 {
		return max(1, k/-g.LMUL)
	}
	return k * g.LMUL
}

// LMULName is the table's name of the group size: 1, 2, 4, 8, mf2, mf4, mf8.
func LMULName(lmul int) string {
	if lmul < 0 {
		return fmt.Sprintf("mf%d", -lmul)
	}
	return fmt.Sprint(lmul)
}

// ParseLMUL inverts LMULName.
func ParseLMUL(s string) (int, error) {
	if f, ok := strings.CutPrefix(s, "mf"); ok {
		n, err := strconv.Atoi(f)
		return -n, err
	}
	return strconv.Atoi(s)
}

// Legal says whether coral's vector unit accepts the geometry: Zve32x has
// ELEN 32, so LMUL may not be below SEW/32 (e8: mf4 and up; e16: mf2;
// e32: 1; mf8 never). coralnpu's front end sets vill for the rest
// (RvvFrontEnd.sv's vtype legality case).
func (g Geom) Legal() bool { return g.LMUL > 0 || g.SEW*-g.LMUL <= 32 }

func (g Geom) String() string {
	m := "u"
	if g.Masked {
		m = "m"
	}
	l := "m" + LMULName(g.LMUL)
	if g.LMUL < 0 {
		l = LMULName(g.LMUL)
	}
	return fmt.Sprintf("e%d/%s/%s/rm%d", g.SEW, l, m, g.VXRM)
}

// Scalar register values every program starts with (the RTL harness sends
// them as rs1/rs2; kc-sim sets them before the run).
const (
	BaseAddr = 0x10000 // a1: DTCM
	Scalar   = 3       // a2: the .vx/.vi scalar operand
	Stride   = 64      // t1: the strided loads' stride (a bus line per element)
	AVL      = 1024    // a4: the vsetvli AVL (vl = VLMAX)
)

// VtypeReg holds the program's vtype (Geom.Vtype) for vsetvl.
const VtypeReg = "t2"

// RegValue is the value of the scalar register named r in every program.
func RegValue(r string) (uint32, bool) {
	switch r {
	case "a1":
		return BaseAddr, true
	case "a2":
		return Scalar, true
	case "t1":
		return Stride, true
	case "a4":
		return AVL, true
	case "zero", "x0":
		return 0, true
	}
	return 0, false
}

// Mem describes a vector memory instruction for the RTL harness's LSU
// model: load or store, the registers it moves, the bus lines per register.
type Mem struct {
	Kind  byte // 'L' or 'S'
	Regs  int
	Lines int
}

// Class is a vector instruction class of the table.
type Class struct {
	Name string // the table's key: the instruction with its form
	// Chain is the i-th instruction of a dependent chain (each reads what
	// the previous one wrote); nil when no legal chain exists.
	Chain func(i int, g Geom) string
	// Indep is the i-th instruction of a run with no RAW dependence.
	Indep func(i int, g Geom) string
	// Lat, when set, is the latency program (otherwise the first
	// instruction of Indep, or of Chain).
	Lat func(g Geom) []string
	// Valid says which geometries the class is measured at.
	Valid func(g Geom) bool
	// Rounding classes are measured at every vxrm.
	Rounding bool
	// Mem is non-nil for loads and stores.
	Mem func(g Geom) Mem
	// NoMask: the instruction has no masked form.
	NoMask bool
}

func mask(g Geom) string {
	if g.Masked {
		return ", v0.t"
	}
	return ""
}

// pool returns the i-th destination group of n registers, cycling through
// the aligned groups in v1..v(limit-1) (v0 is the mask).
func pool(i, n, limit int) int {
	var groups []int
	for r := n; r+n <= limit; r += n {
		groups = append(groups, r)
	}
	return groups[i%len(groups)]
}

func single(g Geom) bool  { return true }
func widenOK(g Geom) bool { return g.SEW < 32 && g.LMUL < 8 }

// binary: vd = op(vs2, vs1) with chain through vs2.
func binary(mn string) Class {
	return Class{
		Name:  mn + ".vv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("%s.vv v8, v8, v24%s", mn, mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("%s.vv v%d, v24, v24%s", mn, pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	}
}

func binaryX(mn string) Class {
	return Class{
		Name:  mn + ".vx",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("%s.vx v8, v8, a2%s", mn, mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("%s.vx v%d, v24, a2%s", mn, pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	}
}

// macc: vd += vs1*vs2, chained through the accumulator.
func macc(mn string) Class {
	return Class{
		Name:  mn + ".vv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("%s.vv v8, v24, v24%s", mn, mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("%s.vv v%d, v24, v24%s", mn, pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	}
}

// compare writes a mask register; the chain reads it back as vs2 (the
// destination overlaps the lowest register of the source group).
func compare(mn string) Class {
	return Class{
		Name:  mn + ".vv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("%s.vv v8, v8, v24%s", mn, mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("%s.vv v%d, v24, v24%s", mn, pool(i, 1, 8), mask(g))
		},
		Valid: single,
	}
}

// Classes is the table's instruction classes, in table order.
var Classes = []Class{
	binary("vadd"),
	binaryX("vadd"),
	binary("vsub"),
	binary("vand"),
	binary("vsll"),
	binary("vminu"),
	binary("vsaddu"),
	compare("vmseq"),
	compare("vmslt"),
	{
		Name:   "vmand.mm",
		Chain:  func(i int, g Geom) string { return "vmand.mm v8, v8, v24" },
		Indep:  func(i int, g Geom) string { return fmt.Sprintf("vmand.mm v%d, v24, v24", pool(i, 1, 24)) },
		Valid:  func(g Geom) bool { return g.LMUL == 1 && g.SEW == 8 },
		NoMask: true,
	},
	{
		Name:  "vmerge.vvm",
		Chain: func(i int, g Geom) string { return "vmerge.vvm v8, v8, v24, v0" },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vmerge.vvm v%d, v24, v24, v0", pool(i, g.Regs(), 24))
		},
		Valid:  single,
		NoMask: true,
	},
	binary("vmul"),
	binary("vmulh"),
	macc("vmacc"),
	macc("vmadd"),
	{
		Name:  "vwadd.vv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vwadd.wv v8, v8, v24%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vwadd.vv v%d, v24, v24%s", pool(i, g.Group(2), 24), mask(g))
		},
		Valid: widenOK,
	},
	{
		Name: "vwmul.vv",
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vwmul.vv v%d, v24, v24%s", pool(i, g.Group(2), 24), mask(g))
		},
		Valid: widenOK,
	},
	{
		Name:  "vwmacc.vv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vwmacc.vv v8, v24, v24%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vwmacc.vv v%d, v24, v24%s", pool(i, g.Group(2), 24), mask(g))
		},
		Valid: widenOK,
	},
	{
		Name:  "vnsrl.wv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vnsrl.wv v8, v16, v8%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vnsrl.wv v%d, v16, v24%s", pool(i, g.Regs(), 16), mask(g))
		},
		Valid: widenOK,
	},
	{
		Name:  "vnclipu.wv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vnclipu.wv v8, v16, v8%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vnclipu.wv v%d, v16, v24%s", pool(i, g.Regs(), 16), mask(g))
		},
		Valid:    widenOK,
		Rounding: true,
	},
	rounding(binary("vssrl")),
	rounding(binary("vaadd")),
	rounding(binary("vsmul")),
	divide("vdivu"),
	divide("vremu"),
	{
		Name:  "vredsum.vs",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vredsum.vs v8, v24, v8%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vredsum.vs v%d, v24, v24%s", pool(i, 1, 16), mask(g))
		},
		Valid: single,
	},
	{
		Name:  "vredmaxu.vs",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vredmaxu.vs v8, v24, v8%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vredmaxu.vs v%d, v24, v24%s", pool(i, 1, 16), mask(g))
		},
		Valid: single,
	},
	{
		Name:  "vwredsumu.vs",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vwredsumu.vs v8, v24, v8%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vwredsumu.vs v%d, v24, v24%s", pool(i, 1, 16), mask(g))
		},
		Valid: func(g Geom) bool { return g.SEW < 32 },
	},
	{
		Name: "vslideup.vi",
		Chain: func(i int, g Geom) string {
			if i%2 == 0 {
				return fmt.Sprintf("vslideup.vi v16, v8, 1%s", mask(g))
			}
			return fmt.Sprintf("vslideup.vi v8, v16, 1%s", mask(g))
		},
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vslideup.vi v%d, v24, 1%s", pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	},
	{
		Name:  "vslidedown.vx",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vslidedown.vx v8, v8, a2%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vslidedown.vx v%d, v24, a2%s", pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	},
	{
		Name:  "vslide1down.vx",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("vslide1down.vx v8, v8, a2%s", mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vslide1down.vx v%d, v24, a2%s", pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	},
	{
		Name: "vrgather.vv",
		Chain: func(i int, g Geom) string {
			if i%2 == 0 {
				return fmt.Sprintf("vrgather.vv v16, v8, v24%s", mask(g))
			}
			return fmt.Sprintf("vrgather.vv v8, v16, v24%s", mask(g))
		},
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vrgather.vv v%d, v24, v24%s", pool(i, g.Regs(), 24), mask(g))
		},
		Valid: single,
	},
	{
		Name: "vcompress.vm",
		Chain: func(i int, g Geom) string {
			if i%2 == 0 {
				return "vcompress.vm v16, v8, v0"
			}
			return "vcompress.vm v8, v16, v0"
		},
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vcompress.vm v%d, v24, v0", pool(i, g.Regs(), 24))
		},
		Valid:  single,
		NoMask: true,
	},
	{
		Name: "vmv.v.v",
		Chain: func(i int, g Geom) string {
			if i%2 == 0 {
				return "vmv.v.v v16, v8"
			}
			return "vmv.v.v v8, v16"
		},
		Indep:  func(i int, g Geom) string { return fmt.Sprintf("vmv.v.v v%d, v24", pool(i, g.Regs(), 24)) },
		Valid:  single,
		NoMask: true,
	},
	{
		Name:   "vmv.s.x",
		Indep:  func(i int, g Geom) string { return fmt.Sprintf("vmv.s.x v%d, a2", pool(i, 1, 24)) },
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
	},
	{
		Name:   "vmv.x.s",
		Indep:  func(i int, g Geom) string { return fmt.Sprintf("vmv.x.s %s, v24", []string{"a3", "a5", "a6"}[i%3]) },
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
	},
	{
		// vmv.x.s of a vadd's result: lat is from the vadd's acceptance
		// to the scalar write-back.
		Name:   "vadd.vv>vmv.x.s",
		Lat:    func(g Geom) []string { return []string{"vadd.vv v8, v24, v24", "vmv.x.s a3, v8"} },
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
	},
	{
		// a vadd of a vmv.s.x's result.
		Name:   "vmv.s.x>vadd.vv",
		Lat:    func(g Geom) []string { return []string{"vmv.s.x v8, a2", "vadd.vv v9, v8, v8"} },
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
	},
	{
		// a vredsum whose scalar operand (vs1) is a vadd's result, and
		// the vadd reading the vredsum's.
		Name: "vadd.vv>vredsum.vs>vadd.vv",
		Lat: func(g Geom) []string {
			return []string{"vadd.vv v8, v24, v24", "vredsum.vs v9, v24, v8", "vadd.vv v10, v9, v9"}
		},
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
	},
	{
		Name:  "vzext.vf2",
		Indep: func(i int, g Geom) string { return fmt.Sprintf("vzext.vf2 v%d, v24%s", pool(i, g.Regs(), 24), mask(g)) },
		Valid: func(g Geom) bool { return g.SEW > 8 },
	},
	{
		Name:  "vid.v",
		Indep: func(i int, g Geom) string { return fmt.Sprintf("vid.v v%d%s", pool(i, g.Regs(), 24), mask(g)) },
		Valid: single,
	},
	{
		Name:  "viota.m",
		Indep: func(i int, g Geom) string { return fmt.Sprintf("viota.m v%d, v24%s", pool(i, g.Regs(), 24), mask(g)) },
		Valid: single,
	},
	{
		Name: "vcpop.m",
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("vcpop.m %s, v24%s", []string{"a3", "a5", "a6"}[i%3], mask(g))
		},
		Valid: func(g Geom) bool { return g.LMUL == 1 },
	},
	{
		Name: "vmsbf.m",
		Chain: func(i int, g Geom) string {
			return fmt.Sprintf("vmsbf.m v%d, v%d%s", 8+8*((i+1)%2), 8+8*(i%2), mask(g))
		},
		Indep: func(i int, g Geom) string { return fmt.Sprintf("vmsbf.m v%d, v24%s", pool(i, 1, 24), mask(g)) },
		Valid: func(g Geom) bool { return g.LMUL == 1 },
	},
	{
		Name:   "vmv2r.v",
		Chain:  func(i int, g Geom) string { return fmt.Sprintf("vmv2r.v v%d, v%d", 8+8*((i+1)%2), 8+8*(i%2)) },
		Indep:  func(i int, g Geom) string { return fmt.Sprintf("vmv2r.v v%d, v24", pool(i, 2, 24)) },
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
	},
	{
		// a vadd right after the vsetvli that sets its vtype: lat is from
		// the vsetvli's acceptance (the front end applies it).
		Name: "vsetvli>vadd.vv",
		Lat: func(g Geom) []string {
			return []string{fmt.Sprintf("vsetvli a0, a4, %#x", g.Vtype()), "vadd.vv v8, v24, v24"}
		},
		Valid:  single,
		NoMask: true,
	},
	mix("vadd.vv v%d, v24, v24", "vmul.vv v%d, v24, v24", 1),
	mix("vadd.vv v%d, v24, v24", "vmseq.vv v%d, v24, v24", 1),
	mix("vmseq.vv v%d, v24, v24", "vredsum.vs v%d, v24, v24", 1),
	mix("vredsum.vs v%d, v24, v24", "vslideup.vi v%d, v24, 1", 1),
	mix("vmv.x.s a3, v24", "vredsum.vs v%d, v24, v24", 0),
	mix("vle%[1]d.v v%[2]d, (a1)", "vadd.vv v%[2]d, v24, v24", 2),
	memClass("vle%d.v v%d, (a1)", 'L', func(g Geom) int { return 1 }),
	memClass("vse%d.v v%d, (a1)", 'S', func(g Geom) int { return 1 }),
	memClass("vlse%d.v v%d, (a1), t1", 'L', Geom.Elems),
	memClass("vsse%d.v v%d, (a1), t1", 'S', Geom.Elems),
	// Indexed accesses with SEW-wide indices (v24; EEW = SEW, so one
	// index register per data register): every element its own line.
	memClass("vluxei%d.v v%d, (a1), v24", 'L', Geom.Elems),
	memClass("vloxei%d.v v%d, (a1), v24", 'L', Geom.Elems),
	memClass("vsuxei%d.v v%d, (a1), v24", 'S', Geom.Elems),
	memClass("vsoxei%d.v v%d, (a1), v24", 'S', Geom.Elems),
	// Fault-only-first: a unit-stride load that may shorten vl.
	memClass("vle%dff.v v%d, (a1)", 'L', func(g Geom) int { return 1 }),
	segClass('L', 2), segClass('L', 4), segClass('S', 2), segClass('S', 4),
	wholeClass('L', 1), wholeClass('L', 2), wholeClass('L', 4), wholeClass('L', 8),
	wholeClass('S', 1), wholeClass('S', 2), wholeClass('S', 4), wholeClass('S', 8),
	{
		// The register form: vtype from rs2 (t2 holds the geometry's).
		Name: "vsetvl>vadd.vv",
		Lat: func(g Geom) []string {
			return []string{"vsetvl a0, a4, t2", "vadd.vv v8, v24, v24"}
		},
		Valid:  single,
		NoMask: true,
	},
	{
		// The immediate-AVL form (AVL 31: vl = min(31, VLMAX)).
		Name: "vsetivli>vadd.vv",
		Lat: func(g Geom) []string {
			return []string{fmt.Sprintf("vsetivli a0, 31, %#x", g.Vtype()), "vadd.vv v8, v24, v24"}
		},
		Valid:  single,
		NoMask: true,
	},
}

// Elems is the elements of one register (or of the fractional group) at
// the geometry's SEW: a strided or indexed access's bus lines per
// register when every element is on its own line.
func (g Geom) Elems() int {
	n := 128 / g.SEW
	if g.LMUL < 0 {
		n /= -g.LMUL
	}
	return n
}

// segClass is a unit-stride segment load or store of nf fields
// (vlseg<nf>e<SEW>.v): nf·LMUL registers; each register's elements are
// nf·SEW/8 bytes apart (LsuV2 walks the fields as strided accesses,
// Lsu.scala ComputeStridedAddrs from segmentBaseAddr), so a register
// touches nf lines.
func segClass(kind byte, nf int) Class {
	mn := fmt.Sprintf("vlseg%de", nf)
	if kind == 'S' {
		mn = fmt.Sprintf("vsseg%de", nf)
	}
	return Class{
		Name: mn + ".v",
		Indep: func(i int, g Geom) string {
			r := pool(i, nf*g.Regs(), 24)
			if kind == 'S' {
				r = 24
			}
			return fmt.Sprintf("%s%d.v v%d, (a1)%s", mn, g.SEW, r, mask(g))
		},
		Valid: func(g Geom) bool { return nf*g.Regs() <= 8 },
		Mem: func(g Geom) Mem {
			lines := nf
			if g.LMUL < 0 {
				lines = max(1, nf/-g.LMUL)
			}
			return Mem{kind, nf * g.Regs(), lines}
		},
	}
}

// wholeClass is a whole-register load (vl<n>re8.v) or store (vs<n>r.v) of
// n registers: vtype does not matter to it, so it is measured at LMUL 1.
func wholeClass(kind byte, n int) Class {
	name := fmt.Sprintf("vl%dre8.v", n)
	if kind == 'S' {
		name = fmt.Sprintf("vs%dr.v", n)
	}
	return Class{
		Name: name,
		Indep: func(i int, g Geom) string {
			if kind == 'S' {
				return fmt.Sprintf("%s v24, (a1)", name)
			}
			return fmt.Sprintf("%s v%d, (a1)", name, pool(i, n, 24))
		},
		Valid:  func(g Geom) bool { return g.LMUL == 1 },
		NoMask: true,
		Mem:    func(g Geom) Mem { return Mem{kind, n, 1} },
	}
}

// divide chains through the divisor (vs1): the dividend stays v24, whose
// elements all have their top bit set (Fill), so no run is shortened by
// the RTL divider's skipping of the dividend's leading zeros; the
// independent run alternates the divisor so that no uop repeats the
// previous operands (the RTL reuses the last result then).
func divide(mn string) Class {
	c := Class{
		Name:  mn + ".vv",
		Chain: func(i int, g Geom) string { return fmt.Sprintf("%s.vv v8, v24, v8%s", mn, mask(g)) },
		Indep: func(i int, g Geom) string {
			return fmt.Sprintf("%s.vv v%d, v24, v%d%s", mn, pool(i, g.Regs(), 16), 16+8*(i%2), mask(g))
		},
		Valid: single,
	}
	if mn == "vremu" {
		// A remainder chain's divisors shrink to zero (the RTL's
		// divide-by-zero and small-quotient cases are shorter): the
		// chain would measure data, not the worst case kc-sim models.
		c.Chain = nil
	}
	return c
}

func rounding(c Class) Class {
	c.Rounding = true
	return c
}

// mix is a class of two instructions alternating without dependences
// (a structural conflict between their units shows in its independent
// interval; lat is the pair). Formats take the destination register
// (one-register destinations for reductions and compares, LMUL groups
// otherwise), or with sew = 2 the SEW and the register.
func mix(a, b string, sew int) Class {
	name := "mix:" + strings.Fields(a)[0] + "+" + strings.Fields(b)[0]
	name = strings.ReplaceAll(name, "%[1]d", "")
	line := func(f string, i int, g Geom) string {
		n := g.Regs()
		if strings.HasPrefix(f, "vmseq") || strings.HasPrefix(f, "vredsum") {
			n = 1
		}
		r := pool(i, n, 24)
		switch {
		case sew == 2:
			return fmt.Sprintf(f, g.SEW, r)
		case strings.Contains(f, "%d"):
			return fmt.Sprintf(f, r)
		}
		return f
	}
	return Class{
		Name: name,
		Indep: func(i int, g Geom) string {
			if i%2 == 0 {
				return line(a, i/2*2, g)
			}
			return line(b, i/2*2+1, g)
		},
		Lat:    func(g Geom) []string { return []string{line(a, 0, g), line(b, 1, g)} },
		Valid:  func(g Geom) bool { return !strings.HasPrefix(a, "vmv.x.s") || g.LMUL == 1 },
		NoMask: true,
		Mem: func(g Geom) Mem {
			if sew == 2 {
				return Mem{'L', g.Regs(), 1}
			}
			return Mem{}
		},
	}
}

// memClass is a load or store class; lines is the bus lines one register
// touches (unit stride at an aligned base: 1; the strided classes' 64-byte
// stride puts every element on its own line).
func memClass(format string, kind byte, lines func(Geom) int) Class {
	mn := strings.Fields(format)[0]
	name := strings.Replace(mn, "%d", "", 1)
	return Class{
		Name: name,
		Indep: func(i int, g Geom) string {
			r := pool(i, g.Regs(), 24)
			if kind == 'S' {
				r = 24
			}
			return fmt.Sprintf(format, g.SEW, r) + mask(g)
		},
		Valid: single,
		Mem:   func(g Geom) Mem { return Mem{kind, g.Regs(), lines(g)} },
	}
}

// Fill is the RTL programs' prologue: it loads v0, v8, v16 and v24 (e8,
// m8) through the harness's LSU model, whose data has the top bit of every
// element set and differs between registers, and whose v0 is all ones
// (scripts/coral-rtl/harness.cpp), so that the measured instructions see
// all-active masks and the dividers' worst case. kc-sim's timing does not depend on data: its programs start
// at Setup.
var Fill = []string{"vsetvli a0, a4, 0xc3", "vle8.v v0, (a1)", "vle8.v v8, (a1)", "vle8.v v16, (a1)", "vle8.v v24, (a1)"}

// Lengths of the short and long runs whose difference gives an interval.
const (
	Short = 4
	Long  = 12
)

// Program is one microbenchmark program: a vsetvli, then (after the
// vector unit is idle: vset* changes nothing in flight) the measured
// instructions.
type Program struct {
	Geom  Geom
	Lines []string // the measured instructions
	Mem   *Mem     // their LSU description, for loads and stores
}

// Setup is the program's vsetvli (a0 receives vl). The AVL is a register,
// not x0: coralnpu's RvvFrontEnd.sv takes the AVL from rs1's value for
// every vsetvli (the assignment after its rs1 = x0 case overrides it), so
// "vsetvli a0, zero, …" would set vl to 0 there.
func (p Program) Setup() string { return fmt.Sprintf("vsetvli a0, a4, %#x", p.Geom.Vtype()) }

// Entry is one row of the table: a class at a geometry.
type Entry struct {
	Class string
	Geom  Geom
}

// Key is the entry's name in the table.
func (e Entry) Key() string { return e.Class + "@" + e.Geom.String() }

// Programs returns the entry's programs: "lat" (one instruction), "chain4",
// "chain12", "indep4", "indep12" (those the class has).
func (c Class) Programs(g Geom) map[string]Program {
	out := map[string]Program{}
	var mem *Mem
	if c.Mem != nil {
		m := c.Mem(g)
		mem = &m
	}
	seq := func(f func(int, Geom) string, n int) Program {
		p := Program{Geom: g, Mem: mem}
		for i := 0; i < n; i++ {
			p.Lines = append(p.Lines, f(i, g))
		}
		return p
	}
	if c.Lat != nil {
		out["lat"] = Program{Geom: g, Lines: c.Lat(g), Mem: mem}
	}
	if c.Indep != nil {
		if c.Lat == nil {
			out["lat"] = seq(c.Indep, 1)
		}
		out["indep4"] = seq(c.Indep, Short)
		out["indep12"] = seq(c.Indep, Long)
	} else if c.Lat == nil {
		out["lat"] = seq(c.Chain, 1)
	}
	if c.Chain != nil {
		out["chain4"] = seq(c.Chain, Short)
		out["chain12"] = seq(c.Chain, Long)
	}
	return out
}

// Geoms returns the geometries class c is measured at.
func (c Class) Geoms() []Geom {
	var out []Geom
	for _, sew := range []int{8, 16, 32} {
		for _, lmul := range []int{-8, -4, -2, 1, 2, 4, 8} {
			for _, m := range []bool{false, true} {
				if m && c.NoMask {
					continue
				}
				rms := []int{0}
				if c.Rounding {
					rms = []int{0, 1, 2, 3}
				}
				for _, rm := range rms {
					g := Geom{SEW: sew, LMUL: lmul, Masked: m, VXRM: rm}
					if g.Legal() && c.Valid(g) {
						out = append(out, g)
					}
				}
			}
		}
	}
	return out
}

// ClassByName finds a class.
func ClassByName(name string) (Class, bool) {
	for _, c := range Classes {
		if c.Name == name {
			return c, true
		}
	}
	return Class{}, false
}
