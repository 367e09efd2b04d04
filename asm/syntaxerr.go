package asm

import (
	"fmt"
	"regexp"
	"strings"
)

// Participle's syntax errors name grammar nodes ("expected Prim"). These
// turn them into what a kernel author reads: what was expected, in words,
// what was found, and a hint where one helps.

var (
	reUnexpected = regexp.MustCompile(`^unexpected token "((?:[^"\\]|\\.)*)"(?: \(expected (.*)\))?$`)
	reLexer      = regexp.MustCompile(`^lexer: invalid input text "((?:[^"\\]|\\.)*)"`)
)

// operandWords describes what an operand may be.
const operandWords = "an operand (a register, number, symbol or expression)"

// expectedWords maps participle's expectations to words.
func expectedWords(exp string) string {
	switch exp {
	case "Prim", "Unary", "Expr", "Arg", "BinTail":
		return operandWords
	case `")"`:
		return `a closing ")"`
	case `"]"`:
		return `a closing "]"`
	case `":"`:
		return `":" after the label`
	case `"(" Expr ")"`:
		return `"(" after the relocation modifier, as in %hi(symbol)`
	case `"="`:
		return `"="`
	}
	return strings.ReplaceAll(exp, "Expr", "an expression")
}

// syntaxMessage rewrites a participle error message for the line text at
// a 1-based column.
func syntaxMessage(msg, text string, col int) (string, string) {
	before := ""
	if col-1 <= len(text) && col >= 1 {
		before = strings.TrimRight(text[:col-1], " \t")
	}
	if m := reLexer.FindStringSubmatch(msg); m != nil {
		bad := m[1]
		if strings.HasPrefix(bad, `\\`) {
			return fmt.Sprintf("syntax error: unexpected \"%s\"", strings.ReplaceAll(firstWord(bad), `\\`, `\`)),
				`\name refers to an argument only inside the body of a .macro (or .irp/.irpc) that has a parameter of that name`
		}
		r := []rune(strings.ReplaceAll(bad, `\\`, `\`))
		c := ""
		if len(r) > 0 {
			c = string(r[0])
		}
		return fmt.Sprintf("syntax error: the character %q is not part of the assembly syntax", c), ""
	}
	m := reUnexpected.FindStringSubmatch(msg)
	if m == nil {
		return "syntax error: " + msg, ""
	}
	tok := strings.ReplaceAll(m[1], `\"`, `"`)
	found := `"` + tok + `"`
	switch {
	case tok == "<EOF>":
		found = "the end of the line"
	case strings.HasPrefix(tok, `"`):
		found = "the string " + tok
	}
	atStart := before == "" || strings.HasSuffix(before, ":") || strings.HasSuffix(before, ";")
	switch {
	case m[2] != "":
		exp := expectedWords(m[2])
		hint := ""
		switch {
		case m[2] == `":"` && isDigits(lastWord(before)):
			exp = `":" after the local label ` + lastWord(before)
			hint = "a number at the start of a statement is a local label (1:), referred to as 1b or 1f"
		case m[2] == `":"`:
			hint = "a statement is: [label:] instruction or directive [operands, separated by commas]"
		case exp == operandWords && strings.HasSuffix(before, ","):
			hint = "an operand is missing after the comma"
		}
		return fmt.Sprintf("syntax error: expected %s, found %s", exp, found), hint
	case atStart:
		return fmt.Sprintf("syntax error: expected an instruction, a directive or a label, found %s", found),
			"a statement is: [label:] instruction or directive [operands, separated by commas]"
	case strings.HasSuffix(before, "0") && !endsOperand(strings.TrimSuffix(before, "0")) && len(tok) > 0 && strings.ContainsRune("xXbB", rune(tok[0])):
		return fmt.Sprintf("syntax error: bad number 0%s", tok), "hexadecimal numbers are 0x followed by digits 0-9a-f, binary ones 0b followed by 0 and 1"
	case m[1] == ")" || m[1] == "]":
		return fmt.Sprintf("syntax error: %s without a matching opening bracket", found), ""
	case endsOperand(before) && startsOperand(m[1]):
		return fmt.Sprintf("syntax error: expected a comma between operands, found %s", found),
			"operands are separated by commas, as in: addi a0, a1, 1"
	}
	return fmt.Sprintf("syntax error: unexpected %s", found), "a statement is: [label:] instruction or directive [operands, separated by commas]"
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t,"); i >= 0 {
		return s[:i]
	}
	return s
}

func lastWord(s string) string {
	i := strings.LastIndexAny(s, " \t,:;")
	return s[i+1:]
}

func endsOperand(s string) bool {
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return isIdentChar(c) || c == ')' || c == ']' || c == '"' || c == '\''
}

func startsOperand(tok string) bool {
	if tok == "" {
		return false
	}
	c := tok[0]
	return isIdentChar(c) || c == '(' || c == '"' || c == '\'' || c == '-' || c == '%' || c == '['
}
