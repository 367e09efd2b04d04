package isadefs

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// Doc is the manual's text for the instructions a mnemonic (or a
// pattern of mnemonics) names: what they do, the operand names the
// manual shows instead of the operand kinds' field names, and an example.
// A `doc` line of the .isa file (FORMAT.md "doc").
type Doc struct {
	Pattern   string   // a mnemonic, or a path.Match pattern such as vst.srs.*
	Names     []string // display names of the operands, in syntax order ("" = none given)
	Semantics string
	Example   string // one bundle, as the assembler reads it ("" = none)
	Line      int
}

// parseDoc reads "doc MNEMONIC | NAMES | SEMANTICS | EXAMPLE".
func (p *parser) parseDoc(rest string) {
	cols := splitColumns(rest)
	if len(cols) != 4 || cols[0] == "" || cols[2] == "" {
		p.errorf("doc: want 'doc MNEMONIC | NAMES | SEMANTICS | EXAMPLE' (semantics not empty)")
		return
	}
	d := &Doc{Pattern: strings.ToLower(cols[0]), Semantics: cols[2], Example: cols[3], Line: p.line}
	if _, err := path.Match(d.Pattern, ""); err != nil {
		p.errorf("doc %s: bad pattern: %v", cols[0], err)
		return
	}
	if cols[1] != "" {
		for _, n := range strings.Split(cols[1], ",") {
			n = strings.TrimSpace(n)
			if n == "" || strings.ContainsAny(n, " []#") {
				p.errorf("doc %s: bad operand name %q", cols[0], n)
				return
			}
			d.Names = append(d.Names, n)
		}
	}
	for _, o := range p.isa.Docs {
		if o.Pattern == d.Pattern {
			p.errorf("doc %s: given twice (line %d)", cols[0], o.Line)
			return
		}
	}
	p.isa.Docs = append(p.isa.Docs, d)
}

// parseOpName reads "opname KIND NAME": the name the manual shows for
// operands of register file or class KIND, or of immediate kinds whose
// name starts with KIND followed by a digit or '_' (s6x4_12 for "s").
func (p *parser) parseOpName(rest string) {
	f := strings.Fields(rest)
	if len(f) != 2 {
		p.errorf("opname: want 'opname KIND NAME'")
		return
	}
	if p.isa.OpNames == nil {
		p.isa.OpNames = map[string]string{}
	}
	p.isa.OpNames[f[0]] = f[1]
}

// DocOf returns the doc of an instruction's mnemonic: the doc naming it
// exactly, else the pattern that matches it with the longest pattern, else
// nil.
func (isa *ISA) DocOf(mnemonic string) *Doc {
	mn := strings.ToLower(mnemonic)
	var best *Doc
	for _, d := range isa.Docs {
		if d.Pattern == mn {
			return d
		}
		if ok, _ := path.Match(d.Pattern, mn); ok && (best == nil || len(d.Pattern) > len(best.Pattern)) {
			best = d
		}
	}
	return best
}

// checkDocs verifies that every doc names some instruction and that its
// operand names fit at least one of them.
func (p *parser) checkDocs() {
	for _, d := range p.isa.Docs {
		fits, any := false, false
		for _, in := range p.isa.Insts {
			if ok, _ := path.Match(d.Pattern, in.Mnemonic); ok {
				any = true
				fits = fits || len(d.Names) == 0 || len(d.Names) == len(in.Operands)
			}
		}
		switch {
		case !any:
			p.errs = append(p.errs, &ParseError{p.file, d.Line, fmt.Sprintf("doc %s: names no instruction", d.Pattern)})
		case !fits:
			p.errs = append(p.errs, &ParseError{p.file, d.Line, fmt.Sprintf("doc %s: %d operand names fit none of its forms", d.Pattern, len(d.Names))})
		}
	}
}

// OperandNames are the names the manual shows for an instruction's
// operands, in syntax order. Each starts from a name of the operand's
// register file or class (opname lines; else the file's name), or "imm"
// for immediates; where the mnemonic's doc names as many operands as the
// form has, a doc name that extends that name (xa for x, rcfg for r) is
// taken instead. Names that still repeat are numbered.
func (isa *ISA) OperandNames(in *Inst) []string {
	names := make([]string, len(in.Operands))
	for i, k := range in.Operands {
		names[i] = isa.kindName(k)
	}
	if d := isa.DocOf(in.Mnemonic); d != nil && len(d.Names) == len(in.Operands) {
		for i, n := range d.Names {
			if strings.HasPrefix(n, names[i]) {
				names[i] = n
			}
		}
	}
	count := map[string]int{}
	for _, n := range names {
		count[n]++
	}
	seen := map[string]int{}
	for i, n := range names {
		if count[n] > 1 {
			seen[n]++
			names[i] = fmt.Sprintf("%s%d", n, seen[n])
		}
	}
	return names
}

// kindName is an operand kind's display name without a number.
func (isa *ISA) kindName(k *OperandKind) string {
	if k.Class == "reg" {
		if n, ok := isa.OpNames[k.Sub]; ok {
			return n
		}
		return k.Sub
	}
	if k.Class == "tie" && k.Tie != nil {
		return isa.kindName(k.Tie)
	}
	prefixes := make([]string, 0, len(isa.OpNames))
	for p := range isa.OpNames {
		prefixes = append(prefixes, p)
	}
	sort.Slice(prefixes, func(i, j int) bool { return len(prefixes[i]) > len(prefixes[j]) })
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(k.Name, p); ok && rest != "" && (rest[0] == '_' || rest[0] >= '0' && rest[0] <= '9') {
			return isa.OpNames[p]
		}
	}
	return "imm"
}

// DisplaySyntax is an instruction's syntax with its operands under their
// display names (OperandNames).
func (isa *ISA) DisplaySyntax(in *Inst) string {
	names := isa.OperandNames(in)
	var b strings.Builder
	i := 0
	for _, t := range in.Tokens {
		if t.Operand == nil {
			b.WriteString(t.Text)
			continue
		}
		if i < len(names) {
			b.WriteString(names[i])
		} else {
			b.WriteString(t.Operand.Name)
		}
		i++
	}
	return b.String()
}
