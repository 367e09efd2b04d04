// Package oracle checks the coral ISA definition against llvm-mc: it
// renders instructions and pseudo-instructions as GNU/LLVM assembly text,
// generates operand sets, runs llvm-mc, and reads and writes the golden
// file testdata/encodings/coral.txt.
//
// It holds the coral-specific operand text (vtype, vmask) that isadefs
// leaves to a target, and a small template matcher that reads assembly
// text back into operand values and expands pseudo-instructions. Both exist
// for the oracle and its tests; the assembler has its own.
package oracle

import (
	"fmt"
	"strconv"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// SymbolKind is the operand kind name whose values are symbols (la, call):
// the generator renders value i as SymbolName(i).
const SymbolKind = "sym"

// SymbolName is the symbol the generator writes for value i of a sym operand.
func SymbolName(i int64) string { return fmt.Sprintf("sym%d", i) }

// Text renders coral operands as llvm-mc reads them: vtype as
// "e32, m1, ta, ma", vmask as "v0.t", branch and jump offsets as signed
// decimal offsets (llvm-mc takes a bare number as the offset), symbol
// operands as names. Everything else falls back to isadefs.
func Text(k *isadefs.OperandKind, v int64) (string, bool) {
	switch k.Class {
	case "vtype":
		return VTypeText(v), true
	case "vmask":
		if v == 0 {
			return "v0.t", true
		}
	case "pcrel":
		if k.Name == SymbolKind {
			return SymbolName(v), true
		}
		return strconv.FormatInt(v, 10), true
	}
	return "", false
}

var (
	sewNames  = []string{"e8", "e16", "e32", "e64"}
	lmulNames = []string{"m1", "m2", "m4", "m8", "", "mf8", "mf4", "mf2"}
)

// VTypeText renders a vtype immediate as llvm-mc prints it
// ("e16, mf2, ta, mu"), or as a decimal number when it sets reserved bits.
func VTypeText(v int64) string {
	sew, lmul := (v>>3)&7, v&7
	if v < 0 || v>>8 != 0 || sew > 3 || lmul == 4 {
		return strconv.FormatInt(v, 10)
	}
	ta, ma := "tu", "mu"
	if v&(1<<6) != 0 {
		ta = "ta"
	}
	if v&(1<<7) != 0 {
		ma = "ma"
	}
	return fmt.Sprintf("%s, %s, %s, %s", sewNames[sew], lmulNames[lmul], ta, ma)
}

// VType builds a vtype immediate.
func VType(sewBits, lmul int, ta, ma bool) int64 {
	v := int64(lmul&7) | int64(sewIndex(sewBits))<<3
	if ta {
		v |= 1 << 6
	}
	if ma {
		v |= 1 << 7
	}
	return v
}

func sewIndex(bits int) int {
	switch bits {
	case 8:
		return 0
	case 16:
		return 1
	case 32:
		return 2
	}
	return 3
}

// ParseVType reads "e32, m1, ta, ma" (policy words optional, default tu, mu)
// or a number.
func ParseVType(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if n, err := parseNumber(s); err == nil {
		return n, nil
	}
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.ToLower(strings.TrimSpace(parts[i]))
	}
	if len(parts) < 2 {
		return 0, fmt.Errorf("vtype %q: want SEW, LMUL[, ta|tu, ma|mu]", s)
	}
	sew, lmul := -1, -1
	for i, n := range sewNames {
		if parts[0] == n {
			sew = i
		}
	}
	for i, n := range lmulNames {
		if n != "" && parts[1] == n {
			lmul = i
		}
	}
	if sew < 0 || lmul < 0 {
		return 0, fmt.Errorf("vtype %q: bad SEW or LMUL", s)
	}
	v := int64(lmul) | int64(sew)<<3
	for _, p := range parts[2:] {
		switch p {
		case "ta":
			v |= 1 << 6
		case "ma":
			v |= 1 << 7
		case "tu", "mu":
		default:
			return 0, fmt.Errorf("vtype %q: bad policy %q", s, p)
		}
	}
	return v, nil
}

func parseNumber(s string) (int64, error) {
	s = strings.TrimSpace(s)
	neg := false
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	} else if strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	u, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

// Env maps operand names (of a pseudo-instruction's syntax) to values while
// an expansion is read.
type Env map[string]int64

// ParseOperand reads the text of one operand of kind k. Names in env stand
// for their values; integer operands accept sums and differences of numbers
// and env names ("simm5p1-1").
func ParseOperand(isa *isadefs.ISA, k *isadefs.OperandKind, text string, env Env) (int64, error) {
	text = strings.TrimSpace(text)
	if v, ok := env[text]; ok {
		return v, nil
	}
	switch k.Class {
	case "reg":
		r, ok := isa.Register(text)
		if !ok || r.File != k.RegFile {
			return 0, fmt.Errorf("%q is not a register of file %s", text, k.Sub)
		}
		return int64(r.Index), nil
	case "enum":
		if v, ok := k.Enum.Values[strings.ToLower(text)]; ok {
			return v, nil
		}
	case "vtype":
		return ParseVType(text)
	case "vmask":
		if strings.EqualFold(text, "v0.t") {
			return 0, nil
		}
		return 0, fmt.Errorf("mask operand %q: want v0.t", text)
	case "pcrel":
		if k.Name == SymbolKind {
			var i int64
			if _, err := fmt.Sscanf(text, "sym%d", &i); err == nil {
				return i, nil
			}
		}
	}
	return evalSum(text, env)
}

// evalSum evaluates "a", "a+b-c" where each term is a number or env name.
func evalSum(s string, env Env) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("empty operand")
	}
	var total int64
	sign := int64(1)
	i := 0
	if s[0] == '-' || s[0] == '+' {
		if s[0] == '-' {
			sign = -1
		}
		i = 1
	}
	start := i
	for ; i <= len(s); i++ {
		if i < len(s) && (s[i] != '+' && s[i] != '-' || i == start) {
			continue
		}
		term := strings.TrimSpace(s[start:i])
		v, ok := env[term]
		if !ok {
			n, err := parseNumber(term)
			if err != nil {
				return 0, fmt.Errorf("bad operand %q", s)
			}
			v = n
		}
		total += sign * v
		if i < len(s) {
			sign = 1
			if s[i] == '-' {
				sign = -1
			}
			start = i + 1
		}
	}
	return total, nil
}

// Match reads the operand text of a statement against a syntax template and
// returns the operand values in syntax order. Literal text must match up to
// whitespace; trailing operands with a default may be left out together
// with their separator.
func Match(isa *isadefs.ISA, toks []isadefs.SyntaxToken, text string, env Env) ([]int64, error) {
	rest := strings.TrimSpace(text)
	var vals []int64
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Operand == nil {
			lit := strings.Join(strings.Fields(t.Text), "")
			for j := 0; j < len(lit); j++ {
				rest = strings.TrimLeft(rest, " \t")
				if rest == "" && strings.Trim(lit[j:], ",") == "" && trailingDefaults(toks[i+1:]) {
					return appendDefaults(vals, toks[i+1:]), nil
				}
				if !strings.HasPrefix(rest, lit[j:j+1]) {
					return nil, fmt.Errorf("expected %q at %q", lit[j:], rest)
				}
				rest = rest[1:]
			}
			continue
		}
		if strings.TrimSpace(rest) == "" && trailingDefaults(toks[i:]) {
			return appendDefaults(vals, toks[i:]), nil
		}
		// The operand's text runs to the next literal's first character at
		// parenthesis depth 0, or to the end.
		stop := ""
		if i+1 < len(toks) && toks[i+1].Operand == nil {
			stop = strings.TrimLeft(toks[i+1].Text, " \t")
		}
		n := len(rest)
		if stop != "" {
			n = indexTopLevel(rest, stop[0])
			if n < 0 {
				if trailingDefaults(toks[i+1:]) {
					n = len(rest)
				} else {
					return nil, fmt.Errorf("expected %q after operand %s in %q", stop[:1], t.Operand.Name, rest)
				}
			}
		}
		v, err := ParseOperand(isa, t.Operand, rest[:n], env)
		if err != nil {
			return nil, fmt.Errorf("operand %s: %w", t.Operand.Name, err)
		}
		vals = append(vals, v)
		rest = rest[n:]
	}
	if strings.TrimSpace(rest) != "" {
		return nil, fmt.Errorf("unexpected %q", rest)
	}
	return vals, nil
}

func indexTopLevel(s string, c byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == c && depth == 0:
			return i
		case s[i] == '(':
			depth++
		case s[i] == ')':
			depth--
		}
	}
	return -1
}

// trailingDefaults reports whether toks holds only separators and operands
// that have defaults.
func trailingDefaults(toks []isadefs.SyntaxToken) bool {
	for _, t := range toks {
		if t.Operand != nil && !t.Operand.HasDefault {
			return false
		}
		if t.Operand == nil && strings.Trim(t.Text, " \t,") != "" {
			return false
		}
	}
	return true
}

func appendDefaults(vals []int64, toks []isadefs.SyntaxToken) []int64 {
	for _, t := range toks {
		if t.Operand != nil {
			vals = append(vals, t.Operand.Default)
		}
	}
	return vals
}

// Statement splits "mnemonic operands" at the first blank.
func Statement(s string) (mnemonic, operands string) {
	s = strings.TrimSpace(s)
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return strings.ToLower(s), ""
	}
	return strings.ToLower(s[:i]), strings.TrimSpace(s[i+1:])
}

// Encoded is one real instruction with operand values.
type Encoded struct {
	Inst   *isadefs.Inst
	Values []int64
}

// Word encodes e.
func (e Encoded) Word() (uint32, error) {
	w, err := e.Inst.Encode(e.Values)
	return uint32(w), err
}

// ParseInst reads one statement naming a real instruction.
func ParseInst(isa *isadefs.ISA, text string, env Env) (Encoded, error) {
	mn, ops := Statement(text)
	cands := isa.Lookup(mn)
	if len(cands) == 0 {
		return Encoded{}, fmt.Errorf("%s: not a real instruction", mn)
	}
	var firstErr error
	for _, in := range cands {
		vals, err := Match(isa, in.Tokens, ops, env)
		if err == nil {
			return Encoded{in, vals}, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return Encoded{}, fmt.Errorf("%s: %w", text, firstErr)
}

// ParsePseudo reads one statement naming a pseudo-instruction and returns
// the pseudo whose syntax matches, with its operand values.
func ParsePseudo(isa *isadefs.ISA, text string) (*isadefs.Pseudo, []int64, error) {
	mn, ops := Statement(text)
	var firstErr error
	for _, p := range isa.LookupPseudo(mn) {
		vals, err := Match(isa, p.Tokens, ops, nil)
		if err == nil {
			return p, vals, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if firstErr == nil {
		firstErr = fmt.Errorf("%s: not a pseudo-instruction", mn)
	}
	return nil, nil, firstErr
}

// Expand expands pseudo p with operand values vals into real instructions.
// Text expansions are read with the pseudo's operand names bound to vals.
// Macro expansions (@li, @la, @lla, @call, @tail) follow llvm-mc; for the
// symbol macros the relocated fields are left zero, as llvm-mc -show-encoding
// prints them.
func Expand(isa *isadefs.ISA, p *isadefs.Pseudo, vals []int64) ([]Encoded, error) {
	if len(vals) != len(p.Operands) {
		return nil, fmt.Errorf("%s: want %d operands, got %d", p.Mnemonic, len(p.Operands), len(vals))
	}
	env := Env{}
	for i, k := range p.Operands {
		if err := k.CheckRange(vals[i]); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Mnemonic, err)
		}
		env[k.Name] = vals[i]
	}
	if strings.HasPrefix(p.Expansion, "@") {
		return expandMacro(isa, p, env)
	}
	var out []Encoded
	for _, part := range strings.Split(p.Expansion, ";") {
		e, err := ParseInst(isa, part, env)
		if err != nil {
			return nil, fmt.Errorf("pseudo %s: %w", p.Mnemonic, err)
		}
		out = append(out, e)
	}
	return out, nil
}

func expandMacro(isa *isadefs.ISA, p *isadefs.Pseudo, env Env) ([]Encoded, error) {
	inst := func(text string) (Encoded, error) { return ParseInst(isa, text, env) }
	var texts []string
	switch p.Expansion {
	case "@li":
		imm := int64(int32(uint32(env["imm"])))
		if imm >= -2048 && imm < 2048 {
			texts = []string{fmt.Sprintf("addi rd, zero, %d", imm)}
			break
		}
		hi := ((imm + 0x800) >> 12) & 0xfffff
		lo := (imm&0xfff ^ 0x800) - 0x800 // low 12 bits, sign-extended
		texts = []string{fmt.Sprintf("lui rd, %d", hi)}
		if lo != 0 {
			texts = append(texts, fmt.Sprintf("addi rd, rd, %d", lo))
		}
	case "@la", "@lla":
		texts = []string{"auipc rd, 0", "addi rd, rd, 0"}
	case "@call":
		texts = []string{"auipc ra, 0", "jalr ra, 0(ra)"}
	case "@tail":
		texts = []string{"auipc t1, 0", "jalr zero, 0(t1)"}
	default:
		return nil, fmt.Errorf("pseudo %s: unknown macro %s", p.Mnemonic, p.Expansion)
	}
	var out []Encoded
	for _, t := range texts {
		e, err := inst(t)
		if err != nil {
			return nil, fmt.Errorf("pseudo %s: %w", p.Mnemonic, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// Words encodes a list of instructions.
func Words(es []Encoded) ([]uint32, error) {
	out := make([]uint32, len(es))
	for i, e := range es {
		w, err := e.Word()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Inst.Mnemonic, err)
		}
		out[i] = w
	}
	return out, nil
}
