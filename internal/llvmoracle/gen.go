package llvmoracle

import (
	"fmt"
	"math/rand/v2"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Form is one assembly statement with what isa-defs encodes it to.
type Form struct {
	Text   string
	Inst   *isadefs.Inst   // a real instruction, or
	Pseudo *isadefs.Pseudo // a pseudo-instruction
	Values []int64         // operand values in syntax order
	Words  []uint32        // our encoding (Inst.Encode, or the assembler for pseudos)
	// WantReject marks forms built to break an assembler constraint
	// (ConstraintForms); llvm-mc should reject exactly these.
	WantReject bool
	Why        string // what a constraint form tests
}

// Ext is the extension of the form's instruction.
func (f Form) Ext() string {
	if f.Inst != nil {
		return f.Inst.Ext()
	}
	return f.Pseudo.Ext()
}

// Name is "inst MNEMONIC" or "pseudo MNEMONIC (syntax)".
func (f Form) Name() string {
	if f.Inst != nil {
		return "inst " + f.Inst.Mnemonic
	}
	return fmt.Sprintf("pseudo %s %s", f.Pseudo.Mnemonic, f.Pseudo.Syntax)
}

// Generator builds random operand sets for instructions and pseudos.
type Generator struct {
	ISA *isadefs.ISA
	R   *rand.Rand
	// PerInst is the number of random operand sets per instruction and per
	// pseudo-instruction form (variant 0 takes each operand's minimum,
	// variant 1 its maximum, the rest are random).
	PerInst int
	// Exhaustive adds forms for every rounding mode, every CSR name, every
	// fence set and every valid vtype (the golden file sets it).
	Exhaustive bool
	// Encode assembles one statement into words; pseudo-instruction forms
	// take their words from it (and are dropped when it rejects them, for
	// example when an expansion breaks a register constraint). The kc-as
	// assembler provides it (see Assembler).
	Encode func(text string) ([]uint32, error)
	swept  map[sweepKey]bool
}

type sweepKey struct {
	k      *isadefs.OperandKind
	pseudo bool
}

// NewGenerator returns a generator seeded with seed.
func NewGenerator(isa *isadefs.ISA, seed uint64, perInst int, encode func(string) ([]uint32, error)) *Generator {
	return &Generator{ISA: isa, R: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), PerInst: perInst, Encode: encode}
}

// All returns forms for every instruction and pseudo-instruction, in file
// order.
func (g *Generator) All() ([]Form, error) {
	var out []Form
	for _, in := range g.ISA.Insts {
		fs, err := g.InstForms(in)
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	for _, p := range g.ISA.Pseudos {
		fs, err := g.PseudoForms(p)
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	return out, nil
}

// InstForms returns distinct random forms of one instruction.
func (g *Generator) InstForms(in *isadefs.Inst) ([]Form, error) {
	var sets [][]int64
	for v := 0; v < g.PerInst; v++ {
		vals, ok := g.valid(func() []int64 { return g.values(in.Operands, v) }, func(vals []int64) bool { return InstOK(in, vals) })
		if ok {
			sets = append(sets, vals)
		}
	}
	if g.Exhaustive {
		sets = append(sets, g.exhaustive(in.Operands, false, func(vals []int64) bool { return InstOK(in, vals) })...)
	}
	seen := map[string]bool{}
	var out []Form
	for _, vals := range sets {
		text := in.FormatValues(vals, 0, Text)
		if seen[text] {
			continue
		}
		seen[text] = true
		w, err := in.Encode(vals)
		if err != nil {
			return nil, fmt.Errorf("%s: %v: %w", in.Mnemonic, vals, err)
		}
		out = append(out, Form{Text: text, Inst: in, Values: vals, Words: []uint32{uint32(w)}})
	}
	return out, nil
}

// PseudoForms returns distinct random forms of one pseudo-instruction.
func (g *Generator) PseudoForms(p *isadefs.Pseudo) ([]Form, error) {
	ok := func(vals []int64) bool {
		_, err := g.Encode(p.FormatValues(vals, 0, Text))
		return err == nil
	}
	var sets [][]int64
	n := g.PerInst
	if len(p.Operands) == 0 {
		n = 1
	}
	for v := 0; v < n; v++ {
		vals, good := g.valid(func() []int64 { return g.values(p.Operands, v) }, ok)
		if good {
			sets = append(sets, vals)
		}
	}
	if g.Exhaustive {
		sets = append(sets, g.exhaustive(p.Operands, true, ok)...)
		if p.Expansion == "@li" {
			for _, imm := range liEdges {
				sets = append(sets, []int64{g.pick(p.Operands[0], 5), imm})
			}
		}
	}
	seen := map[string]bool{}
	var out []Form
	for _, vals := range sets {
		text := p.FormatValues(vals, 0, Text)
		if seen[text] {
			continue
		}
		seen[text] = true
		words, err := g.Encode(text)
		if err != nil {
			return nil, fmt.Errorf("pseudo %s: %q: %w", p.Mnemonic, text, err)
		}
		out = append(out, Form{Text: text, Pseudo: p, Values: vals, Words: words})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pseudo %s %s: no valid operand set found", p.Mnemonic, p.Syntax)
	}
	return out, nil
}

// liEdges are li immediates around the addi/lui boundaries.
var liEdges = []int64{0, 1, -1, 2047, -2048, 2048, -2049, 0x7ff, 0x800, 0xfff, 0x1000,
	0x7ffff7ff, 0x7ffff800, 0x7fffffff, -0x80000000, 0xffffffff, 0x80000000, 0xfffff800, 0x12345678, 0xdeadbeef}

// valid draws operand sets until ok accepts one (at most 200 tries).
func (g *Generator) valid(draw func() []int64, ok func([]int64) bool) ([]int64, bool) {
	for try := 0; try < 200; try++ {
		if vals := draw(); ok(vals) {
			return vals, true
		}
	}
	return nil, false
}

// exhaustive returns extra operand sets that sweep one enum or vtype
// operand over all its values, the others random.
func (g *Generator) exhaustive(ops []*isadefs.OperandKind, pseudo bool, ok func([]int64) bool) [][]int64 {
	if g.swept == nil {
		g.swept = map[sweepKey]bool{}
	}
	var out [][]int64
	for i, k := range ops {
		var sweep []int64
		switch k.Class {
		case "enum":
			// Small enums (rm, fence sets) are swept everywhere; a long one
			// (CSR names) once for instructions and once for pseudos.
			if len(k.Enum.Order) > 16 {
				if g.swept[sweepKey{k, pseudo}] {
					continue
				}
				g.swept[sweepKey{k, pseudo}] = true
			}
			seen := map[int64]bool{}
			for _, name := range k.Enum.Order {
				if v := k.Enum.Values[name]; !seen[v] {
					seen[v] = true
					sweep = append(sweep, v)
				}
			}
		case "vtype":
			sweep = AllVTypes()
		}
		for _, v := range sweep {
			vals, good := g.valid(func() []int64 {
				vals := g.values(ops, 5)
				vals[i] = v
				return vals
			}, ok)
			if good {
				out = append(out, vals)
			}
		}
	}
	return out
}

// AllVTypes lists every vtype Zve32x can use: SEW 8/16/32 × LMUL mf8…m8 ×
// ta/tu × ma/mu.
func AllVTypes() []int64 {
	var out []int64
	for _, sew := range []int{8, 16, 32} {
		for _, lmul := range []int{5, 6, 7, 0, 1, 2, 3} {
			for _, ta := range []bool{false, true} {
				for _, ma := range []bool{false, true} {
					out = append(out, VType(sew, lmul, ta, ma))
				}
			}
		}
	}
	return out
}

func (g *Generator) values(ops []*isadefs.OperandKind, variant int) []int64 {
	vals := make([]int64, len(ops))
	for i, k := range ops {
		vals[i] = g.pick(k, variant)
	}
	return vals
}

// pick draws one operand value. Variant 0 prefers the minimum, 1 the
// maximum, 2 zero, 3 the smallest non-zero magnitude, others are random.
func (g *Generator) pick(k *isadefs.OperandKind, variant int) int64 {
	align := max(k.Align, 1)
	lo := ceilTo(k.Min, align)
	hi := floorTo(k.Max, align)
	switch k.Class {
	case "enum":
		order := k.Enum.Order
		switch variant {
		case 0:
			return k.Enum.Values[order[0]]
		case 1:
			return k.Enum.Values[order[len(order)-1]]
		}
		return k.Enum.Values[order[g.R.IntN(len(order))]]
	case "vtype":
		all := AllVTypes()
		return all[g.R.IntN(len(all))]
	case "vmask":
		return int64(variant & 1)
	case "pcrel":
		if k.Name == SymbolKind {
			return int64(g.R.IntN(3))
		}
	}
	// A quarter of the random draws stay small, where most real operands are.
	rnd := func() int64 {
		if k.Class != "reg" && g.R.IntN(4) == 0 {
			small := int64(64) * align
			return clamp(ceilTo(int64(g.R.Int64N(2*small+1))-small, align), lo, hi)
		}
		return lo + align*g.R.Int64N((hi-lo)/align+1)
	}
	switch variant {
	case 0:
		return lo
	case 1:
		return hi
	case 2:
		if k.Class != "reg" && lo <= 0 && 0 <= hi {
			return 0
		}
	case 3:
		if k.Class != "reg" {
			if lo <= -align && g.R.IntN(2) == 0 {
				return -align
			}
			if align <= hi {
				return align
			}
		}
	}
	return rnd()
}

func ceilTo(v, a int64) int64 {
	r := ((v % a) + a) % a
	if r == 0 {
		return v
	}
	return v + a - r
}

func floorTo(v, a int64) int64 { return v - ((v%a)+a)%a }

func clamp(v, lo, hi int64) int64 { return min(max(v, lo), hi) }

// InstOK reports whether an operand set satisfies the instruction's
// register constraints (the noov attribute, which mirrors llvm-mc).
func InstOK(in *isadefs.Inst, vals []int64) bool {
	return len(in.Violations(vals)) == 0
}

// ConstraintForms builds, for every vector instruction with a vd operand,
// forms whose destination equals vs2, equals vs1, or is v0 while v0 is
// read; WantReject tells whether the noov attribute forbids the form. Fed
// to llvm-mc they check the noov attributes themselves.
func (g *Generator) ConstraintForms() []Form {
	var out []Form
	for _, in := range g.ISA.Insts {
		di := operandIndex(in, "vd")
		if di < 0 || in.Operands[di].Class != "reg" {
			continue
		}
		try := func(why string, set func(vals []int64) bool) {
			for t := 0; t < 50; t++ {
				vals := g.values(in.Operands, 5)
				if !set(vals) {
					return
				}
				viol := in.Violations(vals)
				// Keep forms that break at most the one constraint under test.
				if len(viol) > 1 || len(viol) == 1 && viol[0] != why {
					continue
				}
				w, err := in.Encode(vals)
				if err != nil {
					continue
				}
				out = append(out, Form{Text: in.FormatValues(vals, 0, Text), Inst: in, Values: vals,
					Words: []uint32{uint32(w)}, WantReject: len(viol) == 1, Why: "vd=" + why})
				return
			}
		}
		for _, src := range []string{"vs2", "vs1"} {
			si := operandIndex(in, src)
			if si < 0 {
				continue
			}
			try(src, func(vals []int64) bool {
				v := vals[si]
				if in.Operands[di].CheckRange(v) != nil {
					return false
				}
				vals[di] = v
				for i, k := range in.Operands {
					if k.Class == "vmask" {
						vals[i] = 1
					}
				}
				return true
			})
		}
		try("v0", func(vals []int64) bool {
			vals[di] = 0
			for i, k := range in.Operands {
				if k.Class == "vmask" {
					vals[i] = 0
				}
			}
			return in.ReadsV0(vals)
		})
	}
	return out
}

func operandIndex(in *isadefs.Inst, name string) int {
	for i, k := range in.Operands {
		if k.Name == name || strings.HasPrefix(k.Name, name+"g") {
			return i
		}
	}
	return -1
}
