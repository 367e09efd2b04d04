package isadefs

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ParseError is an error at a line of an .isa file.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Parse reads an .isa definition. file is used in error messages.
func Parse(file, text string) (*ISA, error) {
	isa := &ISA{
		WordBits:   32,
		Separator:  ";",
		RegFiles:   map[string]*RegFile{},
		Enums:      map[string]*Enum{},
		Operands:   map[string]*OperandKind{},
		byMnemonic: map[string][]*Inst{},
		pseudoBy:   map[string][]*Pseudo{},
		regByName:  map[string]RegRef{},
		Slots:      map[string]*Slot{},
		bySlot:     map[string][]*Inst{},
	}
	p := &parser{file: file, isa: isa}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		p.line++
		p.parseLine(sc.Text())
	}
	if isa.WordBits > 64 && len(isa.Formats) == 0 {
		p.errorf("word: more than 64 bits needs bundle formats (format lines)")
	}
	if len(p.errs) == 0 {
		p.buildDecodeTable()
		p.isa.indexSlots()
		p.checkFormats()
		p.checkItineraries()
		p.checkDocs()
		p.checkSemantics()
	}
	if len(p.errs) > 0 {
		return nil, joinErrors(p.errs)
	}
	return isa, nil
}

// checkSemantics: in a file that declares semantics (sem=) at all, every
// instruction declares them, so that no instruction is left to a guess.
func (p *parser) checkSemantics() {
	with := 0
	for _, in := range p.isa.Insts {
		if in.sem != nil {
			with++
		}
	}
	if with == 0 {
		return
	}
	for _, in := range p.isa.Insts {
		if in.sem == nil {
			p.errs = append(p.errs, &ParseError{p.file, in.Line, fmt.Sprintf("%s: no sem= (every instruction of a file that uses sem= needs one; sem=none when the simulator does not implement it)", in.Mnemonic)})
		}
	}
}

type parser struct {
	file string
	line int
	isa  *ISA
	errs []error
}

func (p *parser) errorf(format string, args ...any) {
	p.errs = append(p.errs, &ParseError{p.file, p.line, fmt.Sprintf(format, args...)})
}

func joinErrors(errs []error) error {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return fmt.Errorf("%s", strings.Join(msgs, "\n"))
}

// stripComment removes a '#' comment, except inside '|' columns of inst and
// pseudo lines, where '#' may be literal syntax (aie2 immediates); there a
// comment must start with " #" after the last column.
func stripComment(s string) string {
	if i := strings.Index(s, "#"); i >= 0 && !strings.Contains(s[:i], "|") {
		return s[:i]
	}
	return s
}

func (p *parser) parseLine(raw string) {
	line := strings.TrimSpace(stripComment(raw))
	if t := strings.TrimSpace(raw); strings.HasPrefix(t, "comment ") {
		line = t // comment prefixes may include '#'
	}
	if line == "" {
		return
	}
	keyword, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch keyword {
	case "isa":
		p.isa.Name = rest
	case "word":
		n, err := strconv.Atoi(rest)
		if err != nil || n <= 0 || n > 128 {
			p.errorf("word: want a bit count in 1..128, got %q", rest)
			return
		}
		p.isa.WordBits = n
	case "comment":
		p.isa.Comments = strings.Fields(rest)
	case "separator":
		f := strings.Fields(rest)
		if len(f) != 2 || (f[1] != "stmt" && f[1] != "bundle") {
			p.errorf("separator: want 'separator CHAR stmt|bundle'")
			return
		}
		p.isa.Separator, p.isa.Bundles = f[0], f[1] == "bundle"
	case "regfile", "regfile-nonumeric":
		p.parseRegFile(rest, keyword == "regfile")
	case "regclass":
		p.parseRegClass(rest)
	case "slot":
		p.parseSlot(rest)
	case "format":
		p.parseFormat(rest)
	case "enum":
		p.parseEnum(rest)
	case "operand":
		p.parseOperand(rest)
	case "inst":
		p.parseInst(rest)
	case "pseudo":
		p.parsePseudo(rest)
	case "itinerary":
		p.parseItinerary(rest)
	case "doc":
		p.parseDoc(rest)
	case "opname":
		p.parseOpName(rest)
	default:
		p.errorf("unknown keyword %q (want isa, word, comment, separator, regfile, regclass, slot, format, enum, operand, inst, pseudo, itinerary, doc or opname)", keyword)
	}
}

func (p *parser) parseRegFile(rest string, numeric bool) {
	f := strings.Fields(rest)
	if len(f) < 2 {
		p.errorf("regfile: want a file name and register names")
		return
	}
	rf := &RegFile{Name: f[0], index: map[string]int{}}
	if _, dup := p.isa.RegFiles[rf.Name]; dup {
		p.errorf("regfile %s defined twice", rf.Name)
		return
	}
	names := expandRanges(f[1:])
	for i, n := range names {
		aliases := strings.Split(n, "|")
		rf.Names = append(rf.Names, aliases[0])
		for _, a := range aliases {
			p.addReg(strings.ToLower(a), RegRef{rf, i})
			rf.index[strings.ToLower(a)] = i
		}
		if numeric {
			p.addReg(fmt.Sprintf("%s%d", strings.ToLower(rf.Name), i), RegRef{rf, i})
			rf.index[fmt.Sprintf("%s%d", strings.ToLower(rf.Name), i)] = i
		}
	}
	rf.Count = len(rf.Names)
	p.isa.RegFiles[rf.Name] = rf
}

// parseRegClass reads "regclass NAME CODE=REG …": the encoding each
// register (named by a regfile) has in operand fields of this class. A
// register may have several codes: the first is the one encoded, the
// others decode to it too.
func (p *parser) parseRegClass(rest string) {
	f := strings.Fields(rest)
	if len(f) < 2 {
		p.errorf("regclass: want a class name and CODE=REGISTER pairs")
		return
	}
	rc := &RegFile{Name: f[0], Class: true, index: map[string]int{}}
	if _, dup := p.isa.RegFiles[rc.Name]; dup {
		p.errorf("regclass %s: the name is already a register file or class", rc.Name)
		return
	}
	for _, kv := range f[1:] {
		c, name, ok := strings.Cut(kv, "=")
		code, err := strconv.Atoi(c)
		if !ok || err != nil || code < 0 || code >= 1<<16 {
			p.errorf("regclass %s: bad pair %q (want CODE=REGISTER)", rc.Name, kv)
			continue
		}
		r, known := p.isa.regByName[strings.ToLower(name)]
		if !known {
			p.errorf("regclass %s: %q is not a register of any regfile", rc.Name, name)
			continue
		}
		for len(rc.Names) <= code {
			rc.Names = append(rc.Names, "")
		}
		if rc.Names[code] != "" {
			p.errorf("regclass %s: code %d given twice", rc.Name, code)
			continue
		}
		canon := r.File.Names[r.Index]
		rc.Names[code] = canon
		for alias, ref := range p.isa.regByName {
			if ref == r {
				if _, seen := rc.index[alias]; !seen {
					rc.index[alias] = code
				}
			}
		}
	}
	rc.Count = len(rc.Names)
	p.isa.RegFiles[rc.Name] = rc
}

// expandRanges expands "a0..a7" into a0 a1 … a7.
func expandRanges(words []string) []string {
	var out []string
	re := regexp.MustCompile(`^([a-zA-Z_]+)(\d+)\.\.([a-zA-Z_]+)(\d+)$`)
	for _, w := range words {
		if m := re.FindStringSubmatch(w); m != nil && m[1] == m[3] {
			lo, _ := strconv.Atoi(m[2])
			hi, _ := strconv.Atoi(m[4])
			for i := lo; i <= hi; i++ {
				out = append(out, fmt.Sprintf("%s%d", m[1], i))
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

func (p *parser) addReg(name string, r RegRef) {
	if old, dup := p.isa.regByName[name]; dup && old != r {
		p.errorf("register name %q used twice", name)
		return
	}
	p.isa.regByName[name] = r
}

func (p *parser) parseEnum(rest string) {
	f := strings.Fields(rest)
	if len(f) < 2 {
		p.errorf("enum: want a name and key=value pairs")
		return
	}
	// Repeated "enum NAME" lines extend the same enum (long lists such as
	// CSR names read better over several lines).
	e, ok := p.isa.Enums[f[0]]
	if !ok {
		e = &Enum{Name: f[0], Values: map[string]int64{}}
	}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		n, err := parseInt(v)
		if !ok || err != nil {
			p.errorf("enum %s: bad pair %q (want key=number)", e.Name, kv)
			continue
		}
		k = strings.ToLower(k)
		if _, dup := e.Values[k]; dup {
			p.errorf("enum %s: %q defined twice", e.Name, k)
			continue
		}
		e.Values[k] = n
		e.Order = append(e.Order, k)
	}
	p.isa.Enums[e.Name] = e
}

var pieceRe = regexp.MustCompile(`^(\d+)(?:\.\.(\d+))?(?:=\[(\d+)(?::(\d+))?\])?$`)

func (p *parser) parseOperand(rest string) {
	f := strings.Fields(rest)
	if len(f) < 3 && !(len(f) == 2 && strings.HasPrefix(f[1], "tie.")) {
		p.errorf("operand: want NAME CLASS BITS…")
		return
	}
	k := &OperandKind{Name: f[0], Line: p.line}
	class, sub, _ := strings.Cut(f[1], ".")
	k.Class, k.Sub = class, sub
	if class == "tie" {
		base := p.isa.Operands[sub]
		if base == nil || base.Tie != nil || len(f) != 2 {
			p.errorf("operand %s: tie.KIND needs a defined operand kind and nothing else", k.Name)
			return
		}
		t := *base
		t.Name, t.Tie, t.Pieces, t.Line = k.Name, base, nil, p.line
		if _, dup := p.isa.Operands[k.Name]; dup {
			p.errorf("operand %s defined twice", k.Name)
			return
		}
		p.isa.Operands[k.Name] = &t
		return
	}
	switch class {
	case "reg":
		if k.RegFile = p.isa.RegFiles[sub]; k.RegFile == nil {
			p.errorf("operand %s: unknown register file %q", k.Name, sub)
			return
		}
	case "enum":
		if k.Enum = p.isa.Enums[sub]; k.Enum == nil {
			p.errorf("operand %s: unknown enum %q", k.Name, sub)
			return
		}
	}
	var minSet, maxSet, biasSet bool
	var minV, maxV, bias int64
	for _, w := range f[2:] {
		switch w {
		case "bare":
			k.Bare = true
			continue
		case "anyfile":
			k.AnyFile = true
			continue
		case "overflow":
			k.Overflow = true
			continue
		}
		if key, val, ok := strings.Cut(w, "="); ok && !strings.HasPrefix(val, "[") {
			n, err := parseInt(val)
			if err != nil {
				p.errorf("operand %s: bad %s value %q", k.Name, key, val)
				continue
			}
			switch key {
			case "default":
				k.HasDefault, k.Default = true, n
			case "min":
				minSet, minV = true, n
			case "max":
				maxSet, maxV = true, n
			case "bias":
				biasSet, bias = true, n
			default:
				p.errorf("operand %s: unknown option %q", k.Name, key)
			}
			continue
		}
		m := pieceRe.FindStringSubmatch(w)
		if m == nil {
			p.errorf("operand %s: bad bit piece %q (want HI..LO or HI..LO=[VH:VL])", k.Name, w)
			continue
		}
		hi, _ := strconv.Atoi(m[1])
		lo := hi
		if m[2] != "" {
			lo, _ = strconv.Atoi(m[2])
		}
		if lo > hi || hi >= p.isa.WordBits {
			p.errorf("operand %s: bit range %q outside the %d-bit word", k.Name, w, p.isa.WordBits)
			continue
		}
		pc := Piece{WordHi: hi, WordLo: lo, ValLo: 0, ValHi: hi - lo}
		if m[3] != "" {
			vh, _ := strconv.Atoi(m[3])
			vl := vh
			if m[4] != "" {
				vl, _ = strconv.Atoi(m[4])
			}
			if vh-vl != hi-lo {
				p.errorf("operand %s: piece %q has %d word bits but %d value bits", k.Name, w, hi-lo+1, vh-vl+1)
				continue
			}
			pc.ValHi, pc.ValLo = vh, vl
		}
		k.Pieces = append(k.Pieces, pc)
	}
	if len(k.Pieces) == 0 {
		p.errorf("operand %s: no bit pieces", k.Name)
		return
	}
	top, low := 0, 63
	for _, pc := range k.Pieces {
		top = max(top, pc.ValHi)
		low = min(low, pc.ValLo)
	}
	k.Align = int64(1) << uint(low)
	if k.Signed() {
		k.Min, k.Max = -(int64(1) << uint(top)), int64(1)<<uint(top)-k.Align
	} else {
		k.Min, k.Max = 0, int64(1)<<uint(top+1)-k.Align
	}
	k.FieldMax = k.Max
	if k.Class == "reg" {
		k.Max = min(k.Max, int64(p.isa.RegFiles[k.Sub].Count-1))
	}
	if (k.Bare || k.AnyFile) && k.Class != "reg" {
		p.errorf("operand %s: bare and anyfile apply to register operands only", k.Name)
	}
	if k.Overflow {
		if len(k.Pieces) != 1 || k.Pieces[0].ValLo != 0 || k.Signed() || (k.Class != "reg" && k.Class != "uimm") {
			p.errorf("operand %s: overflow needs an unsigned or register operand in one bit range", k.Name)
			return
		}
		k.Min, k.Max = 0, int64(1)<<uint(p.isa.WordBits-k.Pieces[0].WordLo)-1
	}
	if biasSet {
		if k.Class != "uimm" && k.Class != "simm" {
			p.errorf("operand %s: bias applies to immediates only", k.Name)
		}
		k.Bias = bias
		k.Min += bias
		k.Max += bias
	}
	if minSet {
		k.Min = minV
	}
	if maxSet {
		k.Max = maxV
	}
	if _, dup := p.isa.Operands[k.Name]; dup {
		p.errorf("operand %s defined twice", k.Name)
		return
	}
	p.isa.Operands[k.Name] = k
}

var identRe = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_.]*`)

// tokenize splits a syntax template into literal text and operand tokens.
func (p *parser) tokenize(syntax string) ([]SyntaxToken, []*OperandKind) {
	var toks []SyntaxToken
	var ops []*OperandKind
	last := 0
	for _, loc := range identRe.FindAllStringIndex(syntax, -1) {
		word := syntax[loc[0]:loc[1]]
		k, ok := p.isa.Operands[word]
		if !ok {
			continue
		}
		if loc[0] > last {
			toks = append(toks, SyntaxToken{Text: syntax[last:loc[0]]})
		}
		toks = append(toks, SyntaxToken{Text: word, Operand: k})
		ops = append(ops, k)
		last = loc[1]
	}
	if last < len(syntax) {
		toks = append(toks, SyntaxToken{Text: syntax[last:]})
	}
	return toks, ops
}

func splitColumns(rest string) []string {
	cols := strings.Split(rest, "|")
	for i := range cols {
		cols[i] = strings.TrimSpace(cols[i])
	}
	return cols
}

func (p *parser) parseAttrs(s string) (map[string]string, map[string]bool) {
	attrs := map[string]string{}
	flags := map[string]bool{}
	for _, w := range strings.Fields(s) {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			p.errorf("attribute %q: want key=value", w)
			continue
		}
		attrs[k] = v
		if k == "flags" {
			for _, fl := range strings.Split(v, ",") {
				flags[fl] = true
			}
		}
	}
	return attrs, flags
}

func (p *parser) parseInst(rest string) {
	cols := splitColumns(rest)
	if len(cols) < 4 {
		p.errorf("inst: want MNEMONIC | SYNTAX | ENCODING | ATTRS [| DESCRIPTION]")
		return
	}
	in := &Inst{Mnemonic: strings.ToLower(cols[0]), Name: cols[0], Syntax: cols[1], Line: p.line, wordBits: p.isa.WordBits}
	if in.Mnemonic == "" || strings.ContainsAny(in.Mnemonic, " \t") {
		p.errorf("inst: bad mnemonic %q", cols[0])
		return
	}
	in.Tokens, in.Operands = p.tokenize(cols[1])
	in.Attrs, in.Flags = p.parseAttrs(cols[3])
	if len(cols) > 4 {
		in.Description = strings.Join(cols[4:], "|")
	}
	if sl, ok := in.Attrs["slot"]; ok && len(p.isa.Slots) > 0 {
		s := p.isa.Slots[sl]
		if s == nil {
			p.errorf("%s: unknown slot %q", in.Mnemonic, sl)
			return
		}
		in.Slot, in.wordBits = s.Name, s.Bits
	} else if len(p.isa.Slots) > 0 {
		p.errorf("%s: a VLIW target's instruction needs slot=NAME", in.Mnemonic)
		return
	}
	if w, ok := in.Attrs["work"]; ok {
		if _, err := ParseWork(w); err != nil {
			p.errorf("%s: %v", in.Mnemonic, err)
			return
		}
	}
	if pr, ok := in.Attrs["prio"]; ok {
		n, err := strconv.Atoi(pr)
		if err != nil || n < 0 {
			p.errorf("%s: prio must be a number ≥ 0", in.Mnemonic)
			return
		}
		in.Prio = n
	}
	var used uint64
	for _, w := range strings.Fields(cols[2]) {
		rng, val, ok := strings.Cut(w, "=")
		m := pieceRe.FindStringSubmatch(rng)
		dontCare := val == "x"
		v, err := parseInt(val)
		if dontCare {
			v, err = 0, nil
		}
		if !ok || m == nil || m[3] != "" || err != nil {
			p.errorf("%s: bad encoding piece %q (want HI..LO=VALUE)", in.Mnemonic, w)
			return
		}
		hi, _ := strconv.Atoi(m[1])
		lo := hi
		if m[2] != "" {
			lo, _ = strconv.Atoi(m[2])
		}
		if lo > hi || hi >= in.wordBits {
			p.errorf("%s: bit range %q outside the %d-bit word", in.Mnemonic, rng, in.wordBits)
			return
		}
		mask := bitsMask(hi, lo)
		if uint64(v) > mask>>uint(lo) {
			p.errorf("%s: value %s does not fit in bits %s", in.Mnemonic, val, rng)
			return
		}
		if used&mask != 0 {
			p.errorf("%s: encoding piece %q overlaps another", in.Mnemonic, w)
			return
		}
		used |= mask
		if dontCare {
			in.DontCare |= mask
			continue
		}
		in.Mask |= mask
		in.Match |= uint64(v) << uint(lo)
	}
	seen := map[string]bool{}
	for _, k := range in.Operands {
		if seen[k.Name] {
			p.errorf("%s: operand %s appears twice in the syntax", in.Mnemonic, k.Name)
			return
		}
		seen[k.Name] = true
		if k.Tie != nil {
			if !seen[k.Tie.Name] {
				p.errorf("%s: operand %s repeats %s, which must come first in the syntax", in.Mnemonic, k.Name, k.Tie.Name)
				return
			}
			continue
		}
		if k.Mask()>>uint(in.wordBits) != 0 {
			p.errorf("%s: operand %s lies outside the %d-bit word", in.Mnemonic, k.Name, in.wordBits)
			return
		}
		if used&k.Mask() != 0 {
			p.errorf("%s: operand %s overlaps fixed bits or another operand", in.Mnemonic, k.Name)
			return
		}
		used |= k.Mask()
	}
	if all := bitsMask(in.wordBits-1, 0); used != all {
		p.errorf("%s: encoding leaves bits %#x undefined", in.Mnemonic, all&^used)
		return
	}
	sem, err := parseSemantics(in)
	if err != nil {
		p.errorf("%s: %v", in.Mnemonic, err)
		return
	}
	in.sem = sem
	p.isa.Insts = append(p.isa.Insts, in)
	p.isa.byMnemonic[in.Mnemonic] = append(p.isa.byMnemonic[in.Mnemonic], in)
	if in.Slot != "" {
		p.isa.bySlot[in.Slot] = append(p.isa.bySlot[in.Slot], in)
	}
}

func (p *parser) parsePseudo(rest string) {
	cols := splitColumns(rest)
	if len(cols) < 4 {
		p.errorf("pseudo: want MNEMONIC | SYNTAX | EXPANSION | ATTRS [| DESCRIPTION]")
		return
	}
	ps := &Pseudo{Mnemonic: strings.ToLower(cols[0]), Name: cols[0], Syntax: cols[1], Expansion: cols[2], Line: p.line}
	ps.Tokens, ps.Operands = p.tokenize(cols[1])
	ps.Attrs, _ = p.parseAttrs(cols[3])
	if len(cols) > 4 {
		ps.Description = strings.Join(cols[4:], "|")
	}
	if ps.Expansion == "" {
		p.errorf("pseudo %s: empty expansion", ps.Mnemonic)
		return
	}
	if !strings.HasPrefix(ps.Expansion, "@") {
		for _, part := range strings.Split(ps.Expansion, ";") {
			mn, _, _ := strings.Cut(strings.TrimSpace(part), " ")
			if len(p.isa.byMnemonic[strings.ToLower(mn)]) == 0 && len(p.isa.pseudoBy[strings.ToLower(mn)]) == 0 {
				p.errorf("pseudo %s: expansion uses unknown instruction %q (define it first)", ps.Mnemonic, mn)
				return
			}
		}
	}
	p.isa.Pseudos = append(p.isa.Pseudos, ps)
	p.isa.pseudoBy[ps.Mnemonic] = append(p.isa.pseudoBy[ps.Mnemonic], ps)
}

func (p *parser) buildDecodeTable() {
	key := ^uint64(0)
	for _, in := range p.isa.Insts {
		key &= in.Mask
	}
	p.isa.decodeKey = uint32(key)
	p.isa.decodeTab = map[uint32][]*Inst{}
	for _, in := range p.isa.Insts {
		k := uint32(in.Match) & p.isa.decodeKey
		p.isa.decodeTab[k] = append(p.isa.decodeTab[k], in)
	}
	// Two instructions with identical match and mask cannot be told apart.
	for _, list := range p.isa.decodeTab {
		for i, a := range list {
			for _, b := range list[i+1:] {
				if a.Match == b.Match && a.Mask == b.Mask && a.Slot == b.Slot {
					p.line = b.Line
					p.errorf("%s has the same encoding as %s (line %d)", b.Mnemonic, a.Mnemonic, a.Line)
				}
			}
		}
	}
}

func parseInt(s string) (int64, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		return -int64(v), nil
	}
	return int64(v), nil
}
