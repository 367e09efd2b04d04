// Package isadefs loads the declarative ISA and hardware definitions of every
// KernelCraft target. The text files in this directory are the single source
// of truth: assembler tables, disassembler, simulator decoder and timing
// classes and the agent's ISA manual are all derived from them.
//
// See FORMAT.md for the file format.
package isadefs

import (
	"fmt"
	"sort"
	"strings"
)

// ISA is one target's instruction set, loaded from its .isa file.
type ISA struct {
	Name      string                  // target name, e.g. "coral"
	WordBits  int                     // instruction word size in bits
	Comments  []string                // assembly comment prefixes
	Separator string                  // statement separator character
	Bundles   bool                    // separator joins ops into one VLIW bundle
	RegFiles  map[string]*RegFile     // register files by name
	Enums     map[string]*Enum        // named value sets
	Operands  map[string]*OperandKind // operand kinds by name
	Insts     []*Inst                 // real instructions, in file order
	Pseudos   []*Pseudo               // pseudo-instructions, in file order
	// Slots and Formats describe a VLIW target (aie2): an instruction is a
	// slot operation of its slot's width, and one source line (a bundle)
	// is encoded in one of the formats. Both are empty for other targets.
	Slots     map[string]*Slot
	SlotOrder []*Slot
	Formats   []*Format
	// Itineraries are the timing classes of an exposed-pipeline target
	// (aie2): when each operand is read and written. nil for others.
	Itineraries map[string]*Itinerary
	// Docs are the manual's texts of mnemonics (doc lines) and OpNames
	// the names it shows for operand kinds (opname lines); both may be
	// empty.
	Docs       []*Doc
	OpNames    map[string]string
	bySlot     map[string][]*Inst
	byMnemonic map[string][]*Inst
	pseudoBy   map[string][]*Pseudo
	regByName  map[string]RegRef
	decodeTab  map[uint32][]*Inst // keyed by the bits in decodeKeyMask
	slotBit    map[string]uint64  // each slot's bit in Format.slots (indexSlots)
	decodeKey  uint32
}

// RegFile is a register file such as RISC-V's x, f or v registers, or a
// register class (regclass lines): the encodings registers of several
// files have in one kind of operand field (aie2's mLdaScl field holds r,
// p, m, dn, dj, dc registers and lr, each with its own code).
type RegFile struct {
	Name  string
	Count int
	Names []string // canonical (first) name of each register; "" where no register has that number
	Class bool     // a regclass: its names belong to regfiles
	index map[string]int
}

// IndexOf returns the number (encoding) of a register name in the file or
// class (case-insensitive; aliases included).
func (rf *RegFile) IndexOf(name string) (int, bool) {
	i, ok := rf.index[strings.ToLower(name)]
	return i, ok
}

// Valid reports whether number v names a register of the file or class.
func (rf *RegFile) Valid(v int64) bool {
	return v >= 0 && v < int64(len(rf.Names)) && rf.Names[v] != ""
}

// RegRef names one register: its file and index.
type RegRef struct {
	File  *RegFile
	Index int
}

// Enum is a named set of values for enum operands (rounding modes, modes).
type Enum struct {
	Name   string
	Values map[string]int64
	Order  []string // keys in file order; the first key of a value is its canonical name
}

// NameOf returns the canonical name of value v, or "" if it has none.
func (e *Enum) NameOf(v int64) string {
	for _, k := range e.Order {
		if e.Values[k] == v {
			return k
		}
	}
	return ""
}

// Piece places value bits [ValHi:ValLo] at word bits [WordHi:WordLo].
type Piece struct {
	WordHi, WordLo int
	ValHi, ValLo   int
}

// OperandKind binds an operand name used in syntax templates to a class and
// a placement in the instruction word.
type OperandKind struct {
	Name       string
	Class      string   // "reg", "simm", "uimm", "pcrel", "enum" or a target class
	Sub        string   // register file for reg, enum name for enum
	RegFile    *RegFile // the register file, for class reg
	Enum       *Enum    // the named values, for class enum
	Pieces     []Piece
	HasDefault bool
	Default    int64
	Min, Max   int64 // inclusive value range
	Align      int64 // value must be a multiple of Align
	// Bare: a register operand may also be written as a plain number
	// (PLENA's first operand: "M_MM 0, gp1, gp2").
	Bare bool
	// AnyFile: a register of another file is accepted; its number is
	// encoded (the assembler warns). PLENA's assembler reads only the
	// number after gp, f or a.
	AnyFile bool
	// Overflow: the value is not confined to its field. It is added into
	// the word at the field's lowest bit, so a value too wide for the
	// field carries into the bits above (the assembler warns); register
	// numbers beyond the file (gp16) are accepted. Min and Max then bound
	// what fits in the word; FieldMax is the field's own limit.
	Overflow bool
	FieldMax int64 // largest value the bits hold (for reg: whatever the file's size)
	// Bias is added to the field's value on decode and subtracted on
	// encode (aie2's sp-relative spill offsets, always negative).
	Bias int64
	// Tie names the operand this one repeats (class tie.KIND): it has no
	// bits of its own and must have the same value (aie2's vaddmac, whose
	// destination is also its first accumulator and is written twice).
	Tie  *OperandKind
	Line int
}

// Signed reports whether the operand's value is sign-extended on decode.
func (k *OperandKind) Signed() bool { return k.Class == "simm" || k.Class == "pcrel" }

// Mask returns the word bits the operand occupies.
func (k *OperandKind) Mask() uint64 {
	var m uint64
	for _, p := range k.Pieces {
		m |= bitsMask(p.WordHi, p.WordLo)
	}
	return m
}

// Insert places value v into word w. The caller has range-checked v.
// A tie operand places nothing (its kind places the value).
// An Overflow operand is added at its field's lowest bit (carrying into
// the bits above when v does not fit); Encode adds those last.
func (k *OperandKind) Insert(w uint64, v int64) uint64 {
	if k.Tie != nil {
		return w
	}
	v -= k.Bias
	if k.Overflow {
		return w + uint64(v)<<uint(k.Pieces[0].WordLo)
	}
	for _, p := range k.Pieces {
		width := p.ValHi - p.ValLo + 1
		field := (uint64(v) >> uint(p.ValLo)) & (1<<uint(width) - 1)
		w = w&^bitsMask(p.WordHi, p.WordLo) | field<<uint(p.WordLo)
	}
	return w
}

// Extract reads the operand's value from word w, sign-extending signed kinds.
func (k *OperandKind) Extract(w uint64) int64 {
	if k.Tie != nil {
		return k.Tie.Extract(w)
	}
	var v uint64
	top := 0
	for _, p := range k.Pieces {
		width := p.WordHi - p.WordLo + 1
		field := (w >> uint(p.WordLo)) & (1<<uint(width) - 1)
		v |= field << uint(p.ValLo)
		if p.ValHi > top {
			top = p.ValHi
		}
	}
	if k.Signed() && v&(1<<uint(top)) != 0 {
		return int64(v) - int64(1)<<uint(top+1) + k.Bias
	}
	return int64(v) + k.Bias
}

// CheckRange returns an error describing why v does not fit, or nil.
func (k *OperandKind) CheckRange(v int64) error {
	if v < k.Min || v > k.Max {
		if k.Align > 1 {
			return fmt.Errorf("value %d out of range for %s: expected a multiple of %d in [%d, %d]", v, k.Name, k.Align, k.Min, k.Max)
		}
		return fmt.Errorf("value %d out of range for %s: expected [%d, %d]", v, k.Name, k.Min, k.Max)
	}
	if k.Align > 1 && v%k.Align != 0 {
		return fmt.Errorf("value %d for %s must be a multiple of %d", v, k.Name, k.Align)
	}
	return nil
}

// SyntaxToken is one piece of a syntax template: literal text or an operand.
type SyntaxToken struct {
	Text    string
	Operand *OperandKind // nil for literal text
}

// Inst is one real instruction.
type Inst struct {
	Mnemonic    string        // lower case, the lookup key
	Name        string        // the mnemonic as the .isa file spells it (printed)
	Syntax      string        // template as written in the .isa file
	Tokens      []SyntaxToken // template split into literals and operands
	Operands    []*OperandKind
	Match, Mask uint64 // word&Mask == Match identifies the instruction
	DontCare    uint64 // bits that are neither fixed nor operands (written 0, ignored on decode)
	Slot        string // VLIW slot (aie2), "" for other targets
	Prio        int    // decode priority among overlapping encodings (attribute prio)
	Attrs       map[string]string
	Flags       map[string]bool
	Description string
	Line        int
	wordBits    int        // the ISA's word size
	sem         *Semantics // sem=, elem=, acc=, am= (nil: no sem=)
}

// Ext is the extension the instruction belongs to.
func (in *Inst) Ext() string { return in.Attrs["ext"] }

// Unit is the functional unit the instruction occupies.
func (in *Inst) Unit() string { return in.Attrs["unit"] }

// LatencyClass names the latency the timing model looks up (defaults to Unit).
func (in *Inst) LatencyClass() string {
	if l, ok := in.Attrs["lat"]; ok {
		return l
	}
	return in.Unit()
}

// Encode builds the instruction word from operand values given in syntax
// order. Overflow operands are added after the others, so that a carry
// out of one field adds into its neighbour's value (as an assembler that
// sums shifted fields does); the word must still fit in wordBits.
func (in *Inst) Encode(values []int64) (uint64, error) {
	if len(values) != len(in.Operands) {
		return 0, fmt.Errorf("%s: want %d operands, got %d", in.Mnemonic, len(in.Operands), len(values))
	}
	w := in.Match
	overflow := false
	for i, k := range in.Operands {
		if err := k.CheckRange(values[i]); err != nil {
			return 0, err
		}
		if k.Tie != nil {
			for j, t := range in.Operands {
				if t == k.Tie && values[j] != values[i] {
					return 0, fmt.Errorf("%s: operand %d must be the same register as operand %d (%s writes it)", in.Name, i+1, j+1, in.Name)
				}
			}
		}
		if k.Overflow {
			overflow = true
			continue
		}
		w = k.Insert(w, values[i])
	}
	if !overflow {
		return w, nil
	}
	for i, k := range in.Operands {
		if k.Overflow {
			w = k.Insert(w, values[i])
		}
	}
	if in.wordBits < 64 && w>>uint(in.wordBits) != 0 {
		return 0, fmt.Errorf("%s: the operands overflow the %d-bit word (%#x)", in.Name, in.wordBits, w)
	}
	return w, nil
}

// Pseudo is a pseudo-instruction that expands into real ones.
type Pseudo struct {
	Mnemonic    string // lower case, the lookup key
	Name        string // as the .isa file spells it
	Syntax      string
	Tokens      []SyntaxToken
	Operands    []*OperandKind
	Expansion   string // instructions separated by ';', or "@macro"
	Attrs       map[string]string
	Description string
	Line        int
}

// Ext is the extension the pseudo-instruction belongs to.
func (p *Pseudo) Ext() string { return p.Attrs["ext"] }

// Lookup returns the real instructions with the given mnemonic (case-insensitive).
func (isa *ISA) Lookup(mnemonic string) []*Inst { return isa.byMnemonic[strings.ToLower(mnemonic)] }

// LookupPseudo returns the pseudo-instructions with the given mnemonic.
func (isa *ISA) LookupPseudo(mnemonic string) []*Pseudo {
	return isa.pseudoBy[strings.ToLower(mnemonic)]
}

// Register resolves a register name (ABI or numeric, case-insensitive).
func (isa *ISA) Register(name string) (RegRef, bool) {
	r, ok := isa.regByName[strings.ToLower(name)]
	return r, ok
}

// Mnemonics returns every mnemonic (real and pseudo), sorted.
func (isa *ISA) Mnemonics() []string {
	seen := map[string]bool{}
	for m := range isa.byMnemonic {
		seen[m] = true
	}
	for m := range isa.pseudoBy {
		seen[m] = true
	}
	out := make([]string, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// Width is the instruction's word size in bits: its slot's width on a
// VLIW target, else the ISA's word size.
func (in *Inst) Width() int { return in.wordBits }

// Decode finds the instruction that word w encodes. When several match (an
// instruction and a more specific one), the one with the most fixed bits wins.
// extOK filters by extension; nil accepts all.
func (isa *ISA) Decode(w uint64, extOK func(string) bool) *Inst {
	var best *Inst
	bestBits := -1
	for _, in := range isa.decodeTab[uint32(w)&isa.decodeKey] {
		if w&in.Mask != in.Match {
			continue
		}
		if extOK != nil && !extOK(in.Ext()) {
			continue
		}
		if n := popcount(in.Mask); n > bestBits {
			best, bestBits = in, n
		}
	}
	return best
}

func popcount(x uint64) int {
	n := 0
	for x != 0 {
		x &= x - 1
		n++
	}
	return n
}

func bitsMask(hi, lo int) uint64 {
	if hi-lo+1 >= 64 {
		return ^uint64(0)
	}
	return (uint64(1)<<uint(hi-lo+1) - 1) << uint(lo)
}
