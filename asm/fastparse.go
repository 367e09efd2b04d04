package asm

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of grammar.go defines the assembly syntax, but
// participle parses a line in tens of microseconds (reflection, a regexp
// lexer, branch copies), which made a megabyte of source take seconds and
// gigabytes of garbage. fastParse is a hand-written lexer and LL(2)
// recursive-descent parser of the same grammar that builds the same AST:
// it accepts exactly the lines participle accepts, with identical trees
// (FuzzFastParse holds it to that). A line it rejects goes to participle,
// whose error message is the one reported, after checkNesting has made
// sure participle's recursion is shallow.

// MaxExprNesting bounds the nesting of parentheses and brackets on one
// source line. It is checked on the line's tokens before any recursive
// parsing, so deep nesting is an error, never a stack overflow.
const MaxExprNesting = 256

// maxIterations mirrors participle.MaxIterations: a repeated group
// (operands, binary operators, unary operators, statements, labels) that
// matches this many times is a syntax error.
const maxIterations = 1000000

type tokKind uint8

const (
	tEOF tokKind = iota
	tString
	tChar
	tFloat
	tHex
	tBin
	tLocalRef
	tInt
	tModifier
	tIdent
	tPunct
)

type token struct {
	kind       tokKind
	start, end int // byte offsets in the line
	col        int // 1-based column (runes), as participle counts
}

// lexConfig is a target's lexical syntax (see newSyntax).
type lexConfig struct {
	comments     []string
	punct        [256]bool // single-character punctuation
	commentStart [256]bool // the first bytes of comments
}

func newLexConfig(comments []string, separator string, hashIsComment bool) *lexConfig {
	c := &lexConfig{comments: comments}
	if len(c.comments) == 0 {
		c.comments = []string{"//"}
	}
	for _, ch := range "-+*/%&|^~!(),:;[]=<>{}" + separator {
		if ch < 256 {
			c.punct[ch] = true
		}
	}
	if !hashIsComment {
		c.punct['#'] = true
	}
	for _, p := range c.comments {
		if p == "" {
			c.commentStart = [256]bool{}
			for i := range c.commentStart {
				c.commentStart[i] = true
			}
			break
		}
		c.commentStart[p[0]] = true
	}
	return c
}

var tokPool = sync.Pool{New: func() any { s := make([]token, 0, 32); return &s }}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHexDig(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' || c == '$' || c == '@'
}
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

// runeWidth returns the width of the rune at s[i] as Go's regexp sees it
// (an invalid byte is one rune of width 1).
func runeWidth(s string, i int) int {
	if s[i] < utf8.RuneSelf {
		return 1
	}
	_, w := utf8.DecodeRuneInString(s[i:])
	return w
}

// lex splits a line into tokens with participle's rules, in the same
// order (the first rule that matches wins), dropping whitespace and
// comments. ok is false on text no rule matches.
func (c *lexConfig) lex(s string, toks []token) ([]token, bool) {
	col := 1
	i := 0
	for i < len(s) {
		start := i
		ch := s[i]
		kind := tEOF
		skip := false
		switch {
		case c.commentStart[ch] && c.isComment(s[i:]):
			i = len(s)
			if j := strings.IndexByte(s[start:], '\n'); j >= 0 {
				i = start + j
			}
			skip = true
		case ch == '"':
			if n := scanQuoted(s[i:], '"', false); n > 0 {
				i += n
				kind = tString
			}
		case ch == '\'':
			if n := scanQuoted(s[i:], '\'', true); n > 0 {
				i += n
				kind = tChar
			}
		}
		if kind == tEOF && !skip && isDigit(ch) {
			j := i
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			switch {
			case j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]): // Float
				k := j + 1
				for k < len(s) && isDigit(s[k]) {
					k++
				}
				if k < len(s) && (s[k] == 'e' || s[k] == 'E') {
					m := k + 1
					if m < len(s) && (s[m] == '-' || s[m] == '+') {
						m++
					}
					if m < len(s) && isDigit(s[m]) {
						for m < len(s) && isDigit(s[m]) {
							m++
						}
						k = m
					}
				}
				i, kind = k, tFloat
			case ch == '0' && i+2 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') && isHexDig(s[i+2]):
				k := i + 2
				for k < len(s) && isHexDig(s[k]) {
					k++
				}
				i, kind = k, tHex
			case ch == '0' && i+2 < len(s) && (s[i+1] == 'b' || s[i+1] == 'B') && (s[i+2] == '0' || s[i+2] == '1'):
				k := i + 2
				for k < len(s) && (s[k] == '0' || s[k] == '1') {
					k++
				}
				i, kind = k, tBin
			case j < len(s) && (s[j] == 'b' || s[j] == 'f' || s[j] == 'B' || s[j] == 'F'):
				i, kind = j+1, tLocalRef
			default:
				i, kind = j, tInt
			}
		}
		if kind == tEOF && !skip {
			switch {
			case ch == '%' && i+1 < len(s) && (isIdentStart(s[i+1]) && s[i+1] != '.' && s[i+1] != '$' && s[i+1] != '@'):
				k := i + 2
				for k < len(s) && (isIdentChar(s[k]) && s[k] != '.' && s[k] != '$' && s[k] != '@') {
					k++
				}
				i, kind = k, tModifier
			case isIdentStart(ch):
				k := i + 1
				for k < len(s) && isIdentChar(s[k]) {
					k++
				}
				i, kind = k, tIdent
			case i+1 < len(s) && isTwoCharOp(s[i:i+2]):
				i, kind = i+2, tPunct
			case c.punct[ch]:
				i, kind = i+1, tPunct
			case ch == ' ' || ch == '\t' || ch == '\r':
				for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
					i++
				}
				skip = true
			default:
				return toks, false
			}
		}
		if !skip {
			toks = append(toks, token{kind: kind, start: start, end: i, col: col})
		}
		col += runeCount(s[start:i])
	}
	toks = append(toks, token{kind: tEOF, start: len(s), end: len(s), col: col})
	return toks, true
}

func runeCount(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(s)
		}
	}
	return len(s)
}

func (c *lexConfig) isComment(s string) bool {
	for _, p := range c.comments {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func isTwoCharOp(s string) bool {
	switch s {
	case "<<", ">>", "&&", "||", "==", "!=", "<=", ">=":
		return true
	}
	return false
}

// scanQuoted matches `q(\\.|[^q\\])*q` (char: exactly one such item) at
// the start of s and returns its length, or 0.
func scanQuoted(s string, q byte, one bool) int {
	i := 1
	items := 0
	for i < len(s) {
		switch s[i] {
		case q:
			if one && items != 1 {
				return 0
			}
			return i + 1
		case '\\':
			if i+1 >= len(s) || s[i+1] == '\n' {
				return 0
			}
			i += 1 + runeWidth(s, i+1)
		case '\n':
			return 0
		default:
			i += runeWidth(s, i)
		}
		items++
		if one && items > 1 {
			return 0
		}
	}
	return 0
}

// nestingError reports the first bracket that opens a level deeper than
// MaxExprNesting, or nil.
func nestingError(file string, lineNo int, text string, toks []token) error {
	depth := 0
	for _, t := range toks {
		if t.kind != tPunct || t.end-t.start != 1 {
			continue
		}
		switch text[t.start] {
		case '(', '[':
			depth++
			if depth > MaxExprNesting {
				return &posError{pos: lexer.Position{Filename: file, Offset: t.start, Line: lineNo, Column: t.col},
					msg:  fmt.Sprintf("expression nested too deeply: more than %d levels of parentheses or brackets", MaxExprNesting),
					hint: "simplify the expression, or define parts of it with .set"}
			}
		case ')', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}

// fastParser parses one tokenised line.
type fastParser struct {
	file   string
	line   int
	text   string
	toks   []token
	p      int
	failed bool
	nodes  *treeArena // where the tree's nodes come from (nil: the heap)
}

// treeArena hands out syntax-tree nodes from slabs, for an assembler's
// pass 1, which parses every line of a file: the nodes of a line were
// ten allocations or so, and most of the assembler's garbage.
type treeArena struct {
	lines    slab[Line]
	stmts    slab[Stmt]
	ops      slab[Op]
	args     slab[Arg]
	exprs    slab[exprNode]
	stmtPtrs slab[*Stmt]
	argPtrs  slab[*Arg]
}

func (f *fastParser) newLine() *Line {
	if f.nodes == nil {
		return &Line{}
	}
	return f.nodes.lines.one()
}

func (f *fastParser) newStmt() *Stmt {
	if f.nodes == nil {
		return &Stmt{}
	}
	return f.nodes.stmts.one()
}

func (f *fastParser) newOp() *Op {
	if f.nodes == nil {
		return &Op{}
	}
	return f.nodes.ops.one()
}

func (f *fastParser) newArg() *Arg {
	if f.nodes == nil {
		return &Arg{}
	}
	return f.nodes.args.one()
}

func (f *fastParser) newExprNode() *exprNode {
	if f.nodes == nil {
		return &exprNode{}
	}
	return f.nodes.exprs.one()
}

// stmtList and argList copy a parsed list into its final slice.
func (f *fastParser) stmtList(l []*Stmt) []*Stmt {
	if f.nodes == nil {
		return append([]*Stmt(nil), l...)
	}
	out := f.nodes.stmtPtrs.take(len(l))
	copy(out, l)
	return out
}

func (f *fastParser) argList(l []*Arg) []*Arg {
	if f.nodes == nil {
		return append([]*Arg(nil), l...)
	}
	out := f.nodes.argPtrs.take(len(l))
	copy(out, l)
	return out
}

func (f *fastParser) pos(t token) lexer.Position {
	return lexer.Position{Filename: f.file, Offset: t.start, Line: f.line, Column: t.col}
}

// endPos is the position just after the last consumed token.
func (f *fastParser) endPos() lexer.Position {
	if f.p == 0 {
		return f.pos(f.toks[0])
	}
	t := f.toks[f.p-1]
	return lexer.Position{Filename: f.file, Offset: t.end, Line: f.line, Column: t.col + runeCount(f.text[t.start:t.end])}
}

func (f *fastParser) peek() token        { return f.toks[f.p] }
func (f *fastParser) peekAt(n int) token { return f.toks[min(f.p+n, len(f.toks)-1)] }
func (f *fastParser) val(t token) string { return f.text[t.start:t.end] }
func (f *fastParser) isPunct(t token, s string) bool {
	return t.kind == tPunct && f.text[t.start:t.end] == s
}

func (f *fastParser) fail() { f.failed = true }

func (f *fastParser) parseLine() *Line {
	var buf [4]*Stmt
	stmts := append(buf[:0], f.parseStmt())
	for n := 0; !f.failed && f.isPunct(f.peek(), ";"); n++ {
		if n+1 >= maxIterations {
			f.fail()
			return nil
		}
		f.p++
		stmts = append(stmts, f.parseStmt())
	}
	if f.failed || f.peek().kind != tEOF {
		return nil
	}
	l := f.newLine()
	l.Stmts = f.stmtList(stmts)
	return l
}

func (f *fastParser) parseStmt() *Stmt {
	st := f.newStmt()
	st.Pos = f.pos(f.peek())
	for {
		t := f.peek()
		if (t.kind == tIdent || t.kind == tInt) && f.isPunct(f.peekAt(1), ":") {
			if len(st.Labels)+1 >= maxIterations {
				f.fail()
				return st
			}
			st.Labels = append(st.Labels, &Label{Pos: f.pos(t), Name: f.val(t)})
			f.p += 2
			continue
		}
		break
	}
	t := f.peek()
	if t.kind != tIdent {
		return st
	}
	if f.isPunct(f.peekAt(1), "=") {
		as := &Assign{Pos: f.pos(t), Name: f.val(t)}
		f.p += 2
		as.Value = f.parseExpr(0)
		st.Assign = as
		return st
	}
	op := f.newOp()
	op.Pos, op.Name = f.pos(t), f.val(t)
	f.p++
	if f.startsArg() {
		var buf [8]*Arg
		args := append(buf[:0], f.parseArg(0))
		for !f.failed && f.isPunct(f.peek(), ",") {
			if len(args) >= maxIterations {
				f.fail()
				break
			}
			f.p++
			args = append(args, f.parseArg(0))
		}
		op.Args = f.argList(args)
	}
	op.EndPos = f.endPos()
	st.Op = op
	return st
}

// startsArg reports whether the next token can begin an operand. Any
// other token ends the operand list (participle backtracks out of the
// optional group there, having consumed nothing).
func (f *fastParser) startsArg() bool {
	t := f.peek()
	switch t.kind {
	case tString, tChar, tFloat, tHex, tBin, tLocalRef, tInt, tModifier, tIdent:
		return true
	case tPunct:
		switch f.val(t) {
		case "[", "#", "(", "-", "~", "!", "+":
			return true
		}
	}
	return false
}

func (f *fastParser) parseArg(depth int) *Arg {
	t := f.peek()
	a := f.newArg()
	a.Pos = f.pos(t)
	switch {
	case f.isPunct(t, "["):
		f.p++
		a.Bracket = append(a.Bracket, f.parseArg(depth+1))
		for !f.failed && f.isPunct(f.peek(), ",") {
			if len(a.Bracket) >= maxIterations {
				f.fail()
				return a
			}
			f.p++
			a.Bracket = append(a.Bracket, f.parseArg(depth+1))
		}
		if f.failed || !f.isPunct(f.peek(), "]") {
			f.fail()
			return a
		}
		f.p++
	case f.isPunct(t, "#"):
		f.p++
		a.Hash = f.parseExpr(depth)
	case t.kind == tString:
		s := f.val(t)
		a.Str = &s
		f.p++
	default:
		a.Expr = f.parseExpr(depth)
	}
	if !f.failed && f.isPunct(f.peek(), "(") {
		f.p++
		a.Base = f.parseExpr(depth + 1)
		if f.failed || !f.isPunct(f.peek(), ")") {
			f.fail()
			return a
		}
		f.p++
	}
	if !f.failed && f.isPunct(f.peek(), ":") && f.peekAt(1).kind == tIdent {
		s := f.val(f.peekAt(1))
		a.Pair = &s
		f.p += 2
	}
	a.EndPos = f.endPos()
	return a
}

func isBinOp(s string) bool {
	switch s {
	case "<<", ">>", "&&", "||", "==", "!=", "<=", ">=", "|", "^", "&", "+", "-", "*", "/", "%", "<", ">":
		return true
	}
	return false
}

func (f *fastParser) parseExpr(depth int) *Expr {
	if depth > MaxExprNesting {
		// checkNesting rejects such lines first; this keeps the parser
		// safe on its own.
		f.fail()
		return nil
	}
	n := f.newExprNode()
	e := &n.e
	e.Pos = f.pos(f.peek())
	e.First = f.parseUnaryInto(&n.unaryNode, depth)
	for !f.failed {
		t := f.peek()
		if t.kind != tPunct || !isBinOp(f.val(t)) || !f.startsPrimAfterOps(1) {
			break
		}
		if len(e.Rest)+1 >= maxIterations {
			f.fail()
			break
		}
		f.p++
		e.Rest = append(e.Rest, &BinTail{Op: f.val(t), Right: f.parseUnary(depth)})
	}
	return e
}

// startsPrimAfterOps reports whether, skipping unary operators from the
// token n ahead, a primary follows: a binary operator not followed by an
// operand is left unconsumed, as participle backtracks.
func (f *fastParser) startsPrimAfterOps(n int) bool {
	for i := f.p + n; i < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind == tPunct {
			switch f.val(t) {
			case "-", "~", "!", "+":
				continue
			case "(":
				return true
			}
			return false
		}
		return t.kind != tEOF && t.kind != tString
	}
	return false
}

// exprNode and unaryNode hold an expression's first term together, so
// that the common one-term expression is one allocation, not four (the
// trees are the assembler's main allocation).
type exprNode struct {
	e Expr
	unaryNode
}

type unaryNode struct {
	u Unary
	p Prim
	v string // the primary's token
}

func (f *fastParser) parseUnary(depth int) *Unary {
	return f.parseUnaryInto(&unaryNode{}, depth)
}

// parseUnaryInto parses a unary term into n's storage.
func (f *fastParser) parseUnaryInto(n *unaryNode, depth int) *Unary {
	u := &n.u
	for {
		t := f.peek()
		if t.kind == tPunct {
			if v := f.val(t); v == "-" || v == "~" || v == "!" || v == "+" {
				if len(u.Ops)+1 >= maxIterations {
					f.fail()
					return u
				}
				u.Ops = append(u.Ops, v)
				f.p++
				continue
			}
		}
		break
	}
	u.Prim = f.parsePrimInto(&n.p, &n.v, depth)
	return u
}

// parsePrimInto parses a primary into p, its token's text into *sv.
func (f *fastParser) parsePrimInto(p *Prim, sv *string, depth int) *Prim {
	t := f.peek()
	p.Pos = f.pos(t)
	v := f.val(t)
	*sv = v
	switch t.kind {
	case tHex, tBin, tInt:
		p.Number = sv
	case tFloat:
		p.Float = sv
	case tLocalRef:
		p.LocalRef = sv
	case tChar:
		p.Char = sv
	case tIdent:
		p.Ident = sv
	case tModifier:
		f.p++
		if !f.isPunct(f.peek(), "(") {
			f.fail()
			return p
		}
		f.p++
		p.Mod = &Modifier{Name: v, Arg: f.parseExpr(depth + 1)}
		if f.failed || !f.isPunct(f.peek(), ")") {
			f.fail()
			return p
		}
		f.p++
		return p
	case tPunct:
		if v != "(" {
			f.fail()
			return p
		}
		f.p++
		p.Sub = f.parseExpr(depth + 1)
		if f.failed || !f.isPunct(f.peek(), ")") {
			f.fail()
			return p
		}
		f.p++
		return p
	default:
		f.fail()
		return p
	}
	f.p++
	return p
}
