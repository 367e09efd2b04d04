package isadefs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Semantics is what an instruction does, as its attributes declare it
// (aie2):
//
//	sem=OP          the operation, in the vocabulary of the target's
//	                simulator (sem=vmac.msc, sem=load); sem=none or
//	                sem=none:REASON (words joined by '_') when the
//	                simulator does not implement it
//	elem=[s|u|d]N   the element (or scalar access) type: N bits (4 … 64), s
//	                signed, u unsigned, d signedness from a control
//	                register, no letter: sign irrelevant; elem=bf16
//	acc=N           the accumulator lanes' bits (srs, ups)
//	am=MODE         the addressing mode of the memory operand: idx
//	                [p, dj], idx.imm [p, #imm], post [p], m, post.imm
//	                [p], #imm, 2d [p], dN, 3d [p], dN (3-D), sp [sp, …],
//	                ptr [p]
//
// The loader checks the attributes' forms, that am= agrees with the
// syntax's brackets and that, in a file that has sem= at all, every
// instruction has it; the target's simulator checks OP against the
// operations it implements when it loads the ISA (sim/aie2).
type Semantics struct {
	Op      string   // sem= without the reason
	Why     string   // sem=none:REASON, with spaces
	Elem    Elem     // elem= (zero when absent)
	AccBits int      // acc= (0 when absent)
	Mode    AddrMode // am= ("" when the instruction has no memory operand)
	// Ptr and Off are the operand indices of the memory operand's address
	// register and of its offset or modifier, from the syntax (-1: none;
	// am=sp has no address register, am=ptr no offset).
	Ptr, Off int
}

// Elem is an element type of elem=.
type Elem struct {
	Bits int
	Sign byte // 's' signed, 'u' unsigned, 'd' from a control register, 'f' floating point (bf16), 0 none
}

func (e Elem) String() string {
	switch e.Sign {
	case 0:
		return strconv.Itoa(e.Bits)
	case 'f':
		return "bf" + strconv.Itoa(e.Bits)
	}
	return string(e.Sign) + strconv.Itoa(e.Bits)
}

// AddrMode is an addressing mode of am=.
type AddrMode string

// The addressing modes.
const (
	AddrIdx     AddrMode = "idx"      // [p, dj]: p plus an index register
	AddrIdxImm  AddrMode = "idx.imm"  // [p, #imm]
	AddrPost    AddrMode = "post"     // [p], m: p, then p += m
	AddrPostImm AddrMode = "post.imm" // [p], #imm: p, then p += imm
	Addr2D      AddrMode = "2d"       // [p], dN: 2-D post-modify
	Addr3D      AddrMode = "3d"       // [p], dN: 3-D post-modify (dN with dN+4)
	AddrSP      AddrMode = "sp"       // [sp, #imm] or [sp], #imm
	AddrPtr     AddrMode = "ptr"      // [p]
)

var addrModes = map[AddrMode]bool{AddrIdx: true, AddrIdxImm: true, AddrPost: true, AddrPostImm: true, Addr2D: true, Addr3D: true, AddrSP: true, AddrPtr: true}

var semOpRe = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$`)

// Semantics returns the instruction's sem= declaration and the attributes
// that go with it, or false when it has no sem=.
func (in *Inst) Semantics() (Semantics, bool) {
	if in.sem == nil {
		return Semantics{}, false
	}
	return *in.sem, true
}

// parseSemantics reads an instruction's sem=, elem=, acc= and am=
// attributes (nil, nil when it has none of them).
func parseSemantics(in *Inst) (*Semantics, error) {
	op, hasSem := in.Attrs["sem"]
	_, hasElem := in.Attrs["elem"]
	_, hasAcc := in.Attrs["acc"]
	_, hasAM := in.Attrs["am"]
	if !hasSem {
		if hasElem || hasAcc || hasAM {
			return nil, fmt.Errorf("elem=, acc= and am= need sem=")
		}
		return nil, nil
	}
	s := &Semantics{Ptr: -1, Off: -1}
	if name, why, ok := strings.Cut(op, ":"); ok {
		if name != "none" || why == "" {
			return nil, fmt.Errorf("sem=%s: only none takes a reason (sem=none:REASON)", op)
		}
		op, s.Why = name, strings.ReplaceAll(why, "_", " ")
	}
	if !semOpRe.MatchString(op) {
		return nil, fmt.Errorf("sem=%s: want lower-case words joined by '.'", op)
	}
	s.Op = op
	if v, ok := in.Attrs["elem"]; ok {
		e, err := ParseElem(v)
		if err != nil {
			return nil, err
		}
		s.Elem = e
	}
	if v, ok := in.Attrs["acc"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n != 32 && n != 64 {
			return nil, fmt.Errorf("acc=%s: want 32 or 64", v)
		}
		s.AccBits = n
	}
	if err := s.addressing(in); err != nil {
		return nil, err
	}
	return s, nil
}

// ParseElem reads an elem= value: [s|u|d]N with N one of 4, 8, 16, 32, 64, or bf16.
func ParseElem(v string) (Elem, error) {
	if v == "bf16" {
		return Elem{Bits: 16, Sign: 'f'}, nil
	}
	e := Elem{}
	n := v
	if n != "" && strings.ContainsRune("sud", rune(n[0])) {
		e.Sign, n = n[0], n[1:]
	}
	switch n {
	case "4", "8", "16", "32", "64":
		e.Bits, _ = strconv.Atoi(n)
		return e, nil
	}
	return Elem{}, fmt.Errorf("elem=%s: want [s|u|d]N (N = 4, 8, 16, 32, 64) or bf16", v)
}

// addressing checks am= against the syntax's memory operand and finds its
// address and offset operands.
func (s *Semantics) addressing(in *Inst) error {
	mode, hasAM := AddrMode(in.Attrs["am"]), in.Attrs["am"] != ""
	if _, ok := in.Attrs["am"]; ok && !addrModes[mode] {
		return fmt.Errorf("am=%s: unknown addressing mode", mode)
	}
	// open: the literal token holding '['; idx: the operands before it.
	open, idx := -1, 0
	for i, t := range in.Tokens {
		if t.Operand == nil && strings.Contains(t.Text, "[") {
			open = i
			break
		}
		if t.Operand != nil {
			idx++
		}
	}
	switch {
	case open < 0 && hasAM:
		return fmt.Errorf("am=%s: the syntax has no memory operand ([…])", mode)
	case open < 0:
		return nil
	case !hasAM:
		return fmt.Errorf("the memory operand needs am=MODE")
	}
	s.Mode = mode
	isImm := func(i int) bool {
		return i < len(in.Operands) && (in.Operands[i].Class == "simm" || in.Operands[i].Class == "uimm")
	}
	isReg := func(i int) bool { return i < len(in.Operands) && in.Operands[i].Class == "reg" }
	if mode == AddrSP {
		if !strings.Contains(in.Tokens[open].Text, "[sp") || !isImm(idx) {
			return fmt.Errorf("am=sp: want [sp, #imm] or [sp], #imm")
		}
		s.Off = idx
		return nil
	}
	if strings.TrimSpace(in.Tokens[open].Text[strings.Index(in.Tokens[open].Text, "["):]) != "[" || !isReg(idx) {
		return fmt.Errorf("am=%s: want an address register right after '['", mode)
	}
	s.Ptr = idx
	// between: the literal text from the address register to the offset.
	between := ""
	if open+2 < len(in.Tokens) && in.Tokens[open+2].Operand == nil {
		between = in.Tokens[open+2].Text
	}
	if mode == AddrPtr {
		if !strings.HasPrefix(strings.TrimSpace(between), "]") || len(in.Operands) > idx+1 {
			return fmt.Errorf("am=ptr: want [p] with no offset after it")
		}
		return nil
	}
	s.Off = idx + 1
	if s.Off >= len(in.Operands) {
		return fmt.Errorf("am=%s: the memory operand has no offset operand", mode)
	}
	inside := mode == AddrIdx || mode == AddrIdxImm
	if inside == strings.Contains(between, "]") {
		return fmt.Errorf("am=%s: the offset operand is on the wrong side of ']'", mode)
	}
	if wantImm := mode == AddrIdxImm || mode == AddrPostImm; wantImm && !isImm(s.Off) || !wantImm && !isReg(s.Off) {
		return fmt.Errorf("am=%s: the offset operand %s is of the wrong class", mode, in.Operands[s.Off].Name)
	}
	return nil
}
