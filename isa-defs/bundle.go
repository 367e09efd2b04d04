package isadefs

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Slot is one issue slot of a VLIW target: its instructions are Bits wide
// and Nop fills it when a bundle's format has the slot but the bundle
// leaves it empty.
type Slot struct {
	Name string
	Bits int
	Nop  string // mnemonic of the slot's nop
	Line int
}

// Format is one bundle format: the word size, the fixed bits (size tag and
// format selector), and where each slot's operation goes.
type Format struct {
	Name   string
	Bits   int // 16 to 128
	Fields []FormatField
	// Mask and Match are the fixed bits (low 64 bits in [0], high in [1]).
	Mask, Match [2]uint64
	Line        int
	slots       uint64 // bit i: the ISA's SlotOrder[i] (indexSlots)
}

// FormatField places a slot's Bits-wide operation at bit Lo of a bundle.
type FormatField struct {
	Slot *Slot
	Lo   int
}

// Bundle is a bundle word of up to 128 bits: low 64 bits in [0].
type Bundle [2]uint64

// Bits returns n ≤ 64 bits of b starting at bit lo.
func (b Bundle) Bits(lo, n int) uint64 {
	var v uint64
	if lo < 64 {
		v = b[0] >> uint(lo)
		if lo+n > 64 && lo > 0 {
			v |= b[1] << uint(64-lo)
		}
	} else {
		v = b[1] >> uint(lo-64)
	}
	if n < 64 {
		v &= 1<<uint(n) - 1
	}
	return v
}

// SetBits ORs the n ≤ 64 low bits of v into b at bit lo.
func (b *Bundle) SetBits(lo, n int, v uint64) {
	if n < 64 {
		v &= 1<<uint(n) - 1
	}
	if lo < 64 {
		b[0] |= v << uint(lo)
		if lo+n > 64 && lo > 0 {
			b[1] |= v >> uint(64-lo)
		}
	} else {
		b[1] |= v << uint(lo-64)
	}
}

// Bytes returns the bundle's n little-endian bytes.
func (b Bundle) Bytes(n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(b[i/8] >> uint(8*(i%8)))
	}
	return out
}

// BundleFrom reads up to 16 little-endian bytes.
func BundleFrom(p []byte) Bundle {
	var b Bundle
	for i := 0; i < len(p) && i < 16; i++ {
		b[i/8] |= uint64(p[i]) << uint(8*(i%8))
	}
	return b
}

// HasSlot reports whether the format has slot s.
func (f *Format) HasSlot(s string) bool { return f.field(s) != nil }

func (f *Format) field(s string) *FormatField {
	for i := range f.Fields {
		if f.Fields[i].Slot.Name == s {
			return &f.Fields[i]
		}
	}
	return nil
}

// SlotNames lists the format's slots in layout order (most significant
// first), the order in which llvm-aie prints a bundle's operations.
func (f *Format) SlotNames() []string {
	out := make([]string, len(f.Fields))
	for i, fl := range f.Fields {
		out[i] = fl.Slot.Name
	}
	return out
}

// matches reports whether bundle b (read from at least Bits/8 bytes) is in
// this format.
func (f *Format) matches(b Bundle) bool {
	return b[0]&f.Mask[0] == f.Match[0] && b[1]&f.Mask[1] == f.Match[1]
}

// ChooseFormat returns the format for a bundle whose operations occupy
// the given slots: the smallest format with all of them, then the one
// with the fewest slots, then the first in the file. size > 0 asks for
// a format of exactly that many bits (the size chosen before the values
// of the operands were known), if one holds the slots.
func (isa *ISA) ChooseFormat(slots []string, size int) (*Format, error) {
	var best *Format
	// The slots as a bit set (indexSlots), when every one is known.
	var want uint64
	byMask := isa.slotBit != nil
	for _, s := range slots {
		b, ok := isa.slotBit[s]
		if !ok {
			byMask = false
			break
		}
		want |= b
	}
	for _, f := range isa.Formats {
		ok := true
		if byMask {
			ok = f.slots&want == want
		} else {
			for _, s := range slots {
				if !f.HasSlot(s) {
					ok = false
					break
				}
			}
		}
		if !ok || (size > 0 && f.Bits != size) {
			continue
		}
		if best == nil || f.Bits < best.Bits || f.Bits == best.Bits && len(f.Fields) < len(best.Fields) {
			best = f
		}
	}
	if best == nil {
		if size > 0 {
			return nil, fmt.Errorf("no %d-bit bundle format holds slots %s", size, strings.Join(slots, ", "))
		}
		return nil, fmt.Errorf("no bundle format holds slots %s together", strings.Join(slots, ", "))
	}
	return best, nil
}

// Pack encodes a bundle in format f: ops maps slot names to slot words;
// the format's other slots get their nop.
func (isa *ISA) Pack(f *Format, ops map[string]uint64) (Bundle, error) {
	b := Bundle{f.Match[0], f.Match[1]}
	for s := range ops {
		if !f.HasSlot(s) {
			return Bundle{}, fmt.Errorf("format %s has no %s slot", f.Name, s)
		}
	}
	for _, fl := range f.Fields {
		w, ok := ops[fl.Slot.Name]
		if !ok {
			nop := isa.nopOf(fl.Slot)
			if nop == nil {
				return Bundle{}, fmt.Errorf("slot %s has no nop to fill format %s", fl.Slot.Name, f.Name)
			}
			w = nop.Match
		}
		b.SetBits(fl.Lo, fl.Slot.Bits, w)
	}
	return b, nil
}

func (isa *ISA) nopOf(s *Slot) *Inst {
	for _, in := range isa.Lookup(s.Nop) {
		if in.Slot == s.Name && len(in.Operands) == 0 {
			return in
		}
	}
	return nil
}

// IsNop reports whether in is its slot's nop (what a format's empty slots
// hold).
func (isa *ISA) IsNop(in *Inst) bool {
	s := isa.Slots[in.Slot]
	return s != nil && strings.EqualFold(in.Name, s.Nop) && len(in.Operands) == 0
}

// FormatOf finds the format of the bundle starting at p (at most 16
// bytes are looked at); ok is false when no format matches or p is too
// short for the format its tag names.
func (isa *ISA) FormatOf(p []byte) (*Format, bool) {
	b := BundleFrom(p)
	for _, f := range isa.Formats {
		if f.Bits/8 > len(p) {
			continue
		}
		var m Bundle
		if f.Bits < 128 {
			// Only the format's own bytes count.
			m = b
			if f.Bits <= 64 {
				m[1] = 0
				if f.Bits < 64 {
					m[0] &= 1<<uint(f.Bits) - 1
				}
			} else {
				m[1] &= 1<<uint(f.Bits-64) - 1
			}
		} else {
			m = b
		}
		if f.matches(m) {
			return f, true
		}
	}
	return nil, false
}

// SlotOp is one decoded operation of a bundle.
type SlotOp struct {
	Slot string
	Word uint64
	Inst *Inst // nil when the slot word decodes to no instruction
}

// Unpack decodes the bundle at p: its format, size in bytes, and the
// operations of every slot of the format, in layout order.
func (isa *ISA) Unpack(p []byte) (f *Format, size int, ops []SlotOp, ok bool) {
	f, ok = isa.FormatOf(p)
	if !ok {
		return nil, 0, nil, false
	}
	b := BundleFrom(p[:f.Bits/8])
	for _, fl := range f.Fields {
		w := b.Bits(fl.Lo, fl.Slot.Bits)
		ops = append(ops, SlotOp{Slot: fl.Slot.Name, Word: w, Inst: isa.DecodeSlot(fl.Slot.Name, w)})
	}
	return f, f.Bits / 8, ops, true
}

// DecodeSlot finds the instruction of slot that word w encodes: of the
// instructions whose fixed bits match and whose register operands all
// name registers, preferably one whose don't-care bits are 0 in w (what an
// assembler writes), then the one with the highest prio attribute, then
// the most fixed bits (llvm-aie's decoder
// falls back the same way when a register field is invalid: mov r0, p0
// shares its fixed bits with vadd.32).
func (isa *ISA) DecodeSlot(slot string, w uint64) *Inst {
	var best *Inst
	var bestKey [3]int
	for _, in := range isa.bySlot[slot] {
		if w&in.Mask != in.Match || !in.operandsValid(w) {
			continue
		}
		clean := 0
		if w&in.DontCare == 0 {
			clean = 1
		}
		key := [3]int{clean, in.Prio, popcount(in.Mask)}
		if best == nil || key[0] > bestKey[0] || key[0] == bestKey[0] && (key[1] > bestKey[1] || key[1] == bestKey[1] && key[2] > bestKey[2]) {
			best, bestKey = in, key
		}
	}
	return best
}

// operandsValid reports whether every register operand of w names a
// register of its class.
func (in *Inst) operandsValid(w uint64) bool {
	for _, k := range in.Operands {
		if k.Class == "reg" && k.RegFile != nil && k.Tie == nil && !k.RegFile.Valid(k.Extract(w)) {
			return false
		}
	}
	return true
}

// SlotInsts returns the instructions of a slot, in file order.
func (isa *ISA) SlotInsts(slot string) []*Inst { return isa.bySlot[slot] }

func (p *parser) parseSlot(rest string) {
	f := strings.Fields(rest)
	if len(f) < 2 {
		p.errorf("slot: want 'slot NAME BITS [nop=MNEMONIC]'")
		return
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n > 64 {
		p.errorf("slot %s: width must be 1..64 bits", f[0])
		return
	}
	s := &Slot{Name: f[0], Bits: n, Line: p.line}
	for _, kv := range f[2:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k != "nop" {
			p.errorf("slot %s: unknown option %q (want nop=MNEMONIC)", s.Name, kv)
			continue
		}
		s.Nop = v
	}
	if _, dup := p.isa.Slots[s.Name]; dup {
		p.errorf("slot %s defined twice", s.Name)
		return
	}
	p.isa.Slots[s.Name] = s
	p.isa.SlotOrder = append(p.isa.SlotOrder, s)
}

// parseFormat reads "NAME BITS | LAYOUT": the layout lists, most
// significant first, slot names and bit strings of 0, 1 and x.
func (p *parser) parseFormat(rest string) {
	head, layout, ok := strings.Cut(rest, "|")
	hf := strings.Fields(head)
	if !ok || len(hf) != 2 {
		p.errorf("format: want 'format NAME BITS | LAYOUT'")
		return
	}
	bits, err := strconv.Atoi(hf[1])
	if err != nil || bits < 8 || bits > 128 || bits%8 != 0 {
		p.errorf("format %s: size must be a multiple of 8 in 8..128 bits", hf[0])
		return
	}
	f := &Format{Name: hf[0], Bits: bits, Line: p.line}
	items := strings.Fields(layout)
	pos := bits
	var b Bundle
	for _, it := range items {
		if s, isSlot := p.isa.Slots[it]; isSlot {
			pos -= s.Bits
			if pos < 0 {
				break
			}
			if f.field(it) != nil {
				p.errorf("format %s: slot %s appears twice", f.Name, it)
				return
			}
			f.Fields = append(f.Fields, FormatField{Slot: s, Lo: pos})
			continue
		}
		if strings.Trim(it, "01x") != "" {
			p.errorf("format %s: %q is neither a slot nor a bit string of 0, 1 and x", f.Name, it)
			return
		}
		for _, c := range it {
			pos--
			if pos < 0 {
				break
			}
			if c != 'x' {
				var one Bundle
				one.SetBits(pos, 1, 1)
				f.Mask[0] |= one[0]
				f.Mask[1] |= one[1]
				if c == '1' {
					b.SetBits(pos, 1, 1)
				}
			}
		}
	}
	if pos != 0 {
		p.errorf("format %s: the layout has %d bits, not %d", f.Name, bits-pos, bits)
		return
	}
	f.Match = [2]uint64{b[0], b[1]}
	p.isa.Formats = append(p.isa.Formats, f)
}

// indexSlots gives each slot of SlotOrder a bit and each format the set
// of its slots' bits (ChooseFormat's test); with more than 64 slots it
// leaves them out and ChooseFormat compares names.
func (isa *ISA) indexSlots() {
	if len(isa.SlotOrder) > 64 {
		return
	}
	isa.slotBit = map[string]uint64{}
	for i, s := range isa.SlotOrder {
		isa.slotBit[s.Name] = 1 << uint(i)
	}
	for _, f := range isa.Formats {
		f.slots = 0
		for _, fl := range f.Fields {
			f.slots |= isa.slotBit[fl.Slot.Name]
		}
	}
}

// checkFormats verifies that formats can be told apart and that every
// slot a format uses has a nop, after all instructions are read.
func (p *parser) checkFormats() {
	for i, a := range p.isa.Formats {
		for _, fl := range a.Fields {
			if p.isa.nopOf(fl.Slot) == nil {
				p.line = a.Line
				p.errorf("format %s: slot %s has no nop instruction %q", a.Name, fl.Slot.Name, fl.Slot.Nop)
			}
		}
		for _, b := range p.isa.Formats[i+1:] {
			// Two formats overlap unless some bit is fixed in both with
			// different values, within the smaller one's bits.
			m := [2]uint64{a.Mask[0] & b.Mask[0], a.Mask[1] & b.Mask[1]}
			size := min(a.Bits, b.Bits)
			if size < 128 {
				lim := Bundle{}
				if size >= 64 {
					lim[0] = ^uint64(0)
					lim[1] = 1<<uint(size-64) - 1
				} else {
					lim[0] = 1<<uint(size) - 1
				}
				m[0] &= lim[0]
				m[1] &= lim[1]
			}
			if (a.Match[0]^b.Match[0])&m[0] == 0 && (a.Match[1]^b.Match[1])&m[1] == 0 {
				p.line = b.Line
				p.errorf("format %s cannot be told apart from format %s (line %d)", b.Name, a.Name, a.Line)
			}
		}
	}
	sort.SliceStable(p.isa.SlotOrder, func(i, j int) bool { return p.isa.SlotOrder[i].Line < p.isa.SlotOrder[j].Line })
}
