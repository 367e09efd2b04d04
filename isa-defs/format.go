package isadefs

import (
	"fmt"
	"strings"
)

// CustomFormat renders operand values of classes that isadefs does not know
// (coral's vtype and vmask) or overrides the generic rendering of any
// operand. It returns ok=false to fall back to the generic rendering.
type CustomFormat func(k *OperandKind, v int64) (text string, ok bool)

// FormatValue renders one operand value as assembly text:
//
//   - reg:        the register's canonical (first) name, e.g. "a0", "fs1", "v8"
//   - simm, uimm: decimal
//   - pcrel:      the absolute target pc+v in hex ("0x1f4"), as llvm-objdump
//     prints branch targets; v is the offset. With a pc below 2^32 the
//     target wraps modulo 2^32 (all targets have 32-bit address spaces).
//   - enum:       the value's canonical name, or decimal when it has none
//   - any other class: decimal (readable, and what llvm-mc accepts for a
//     raw vtype immediate)
//
// custom, if not nil, is asked first.
func (k *OperandKind) FormatValue(v int64, pc uint64, custom CustomFormat) string {
	if custom != nil {
		if s, ok := custom(k, v); ok {
			return s
		}
	}
	switch k.Class {
	case "reg":
		if k.RegFile != nil && v >= 0 && v < int64(len(k.RegFile.Names)) {
			return k.RegFile.Names[v]
		}
		if k.Overflow && v >= 0 {
			return fmt.Sprintf("%s%d", k.Sub, v) // what the assembler reads back
		}
		return fmt.Sprintf("%s?%d", k.Sub, v)
	case "pcrel":
		target := uint64(int64(pc) + v)
		if pc>>32 == 0 {
			target &= 0xffffffff // 32-bit address space: wrap as the hardware does
		}
		return fmt.Sprintf("%#x", target)
	case "enum":
		if k.Enum != nil {
			if name := k.Enum.NameOf(v); name != "" {
				return name
			}
		}
	}
	return fmt.Sprintf("%d", v)
}

// Format renders word w, which must encode in, as assembly text:
// the mnemonic, one space, then the syntax template with each operand
// replaced by FormatValue of its value. Trailing operands that have a
// default and hold it are left out together with the separator before them
// (coral: an unmasked "vadd.vv v1, v2, v3", a dynamic-rounding
// "fadd.s fa0, fa1, fa2"), as llvm-mc and objdump print them. pc is the
// instruction's address, used for pcrel targets.
func (in *Inst) Format(w uint64, pc uint64, custom CustomFormat) string {
	return formatTokens(in.Name, in.Tokens, func(k *OperandKind) int64 { return k.Extract(w) }, pc, custom)
}

// FormatValues renders the instruction with operand values given in syntax
// order (as for Encode). Missing values render as "?".
func (in *Inst) FormatValues(values []int64, pc uint64, custom CustomFormat) string {
	return formatWithValues(in.Name, in.Tokens, values, pc, custom)
}

// FormatValues renders a pseudo-instruction with operand values given in
// syntax order.
func (p *Pseudo) FormatValues(values []int64, pc uint64, custom CustomFormat) string {
	return formatWithValues(p.Name, p.Tokens, values, pc, custom)
}

func formatWithValues(mnemonic string, toks []SyntaxToken, values []int64, pc uint64, custom CustomFormat) string {
	i := 0
	return formatTokensIdx(mnemonic, toks, func(*OperandKind) (int64, bool) {
		if i >= len(values) {
			return 0, false
		}
		i++
		return values[i-1], true
	}, pc, custom)
}

func formatTokens(mnemonic string, toks []SyntaxToken, value func(*OperandKind) int64, pc uint64, custom CustomFormat) string {
	return formatTokensIdx(mnemonic, toks, func(k *OperandKind) (int64, bool) { return value(k), true }, pc, custom)
}

// formatTokensIdx renders toks; value is called once per operand token, in
// order.
func formatTokensIdx(mnemonic string, toks []SyntaxToken, value func(*OperandKind) (int64, bool), pc uint64, custom CustomFormat) string {
	type piece struct {
		text    string
		operand *OperandKind
		v       int64
		known   bool
	}
	pieces := make([]piece, len(toks))
	for i, t := range toks {
		pieces[i] = piece{text: t.Text, operand: t.Operand}
		if t.Operand != nil {
			pieces[i].v, pieces[i].known = value(t.Operand)
		}
	}
	// Drop trailing operands that hold their default, with the separator
	// that introduces them.
	end := len(pieces)
	for end > 0 {
		last := pieces[end-1]
		if last.operand == nil || !last.known || !last.operand.HasDefault || last.v != last.operand.Default {
			break
		}
		end--
		if end > 0 && pieces[end-1].operand == nil {
			trimmed := trimSeparator(pieces[end-1].text)
			if trimmed == "" {
				end--
			} else {
				pieces[end-1].text = trimmed
				break
			}
		}
	}
	var b strings.Builder
	b.WriteString(mnemonic)
	var ops strings.Builder
	for _, p := range pieces[:end] {
		switch {
		case p.operand == nil:
			ops.WriteString(p.text)
		case !p.known:
			ops.WriteString("?")
		default:
			ops.WriteString(p.operand.FormatValue(p.v, pc, custom))
		}
	}
	if s := strings.TrimSpace(ops.String()); s != "" {
		b.WriteByte(' ')
		b.WriteString(s)
	}
	return b.String()
}

// trimSeparator removes a trailing ", " (with any spacing) from literal text.
func trimSeparator(s string) string {
	t := strings.TrimRight(s, " \t")
	if strings.HasSuffix(t, ",") {
		return strings.TrimRight(strings.TrimSuffix(t, ","), " \t")
	}
	return s
}

// Format decodes word w (see Decode) and renders it as assembly text.
// A word that decodes to nothing renders as ".word 0x…", which assemblers
// accept back.
func (isa *ISA) Format(w uint64, pc uint64, extOK func(string) bool, custom CustomFormat) string {
	in := isa.Decode(w, extOK)
	if in == nil {
		digits := (isa.WordBits + 3) / 4
		return fmt.Sprintf(".word 0x%0*x", digits, w)
	}
	return in.Format(w, pc, custom)
}
