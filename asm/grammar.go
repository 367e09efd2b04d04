package asm

import (
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	isadefs "kernelcraft/isa-defs"
)

// The grammar is shared by every target: one line holds labels and
// statements separated by the target's separator (";"), a statement is a
// mnemonic or directive with comma-separated operands, and an operand is an
// expression optionally followed by a parenthesised base ("8(a0)") or by
// ":" and a second register (a register pair, "r17:r16", aie2), a
// bracketed list ("[p0, #0]", aie2), a "#"-prefixed immediate (aie2) or a
// string. What ";" and "#" mean is the target's choice (isa-defs "comment"
// and "separator" lines), so the lexer is built per target.

// Line is one source line.
type Line struct {
	Stmts []*Stmt `parser:"@@? ( \";\" @@? )*"`
}

// Stmt is a statement: labels, then optionally an instruction or directive.
type Stmt struct {
	Pos    lexer.Position
	Labels []*Label `parser:"@@*"`
	Assign *Assign  `parser:"( @@"`
	Op     *Op      `parser:"| @@ )?"`
}

// Label defines a symbol ("loop:") or a numeric local label ("1:").
type Label struct {
	Pos  lexer.Position
	Name string `parser:"@(Ident | Int) \":\""`
}

// Assign is "sym = expr", the same as ".set sym, expr".
type Assign struct {
	Pos   lexer.Position
	Name  string `parser:"@Ident \"=\""`
	Value *Expr  `parser:"@@"`
}

// Op is an instruction or a directive with its operands.
type Op struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string `parser:"@Ident"`
	Args   []*Arg `parser:"( @@ ( \",\" @@ )* )?"`
}

// Arg is one comma-separated operand.
type Arg struct {
	Pos     lexer.Position
	EndPos  lexer.Position
	Bracket []*Arg  `parser:"(  \"[\" @@ ( \",\" @@ )* \"]\""`
	Hash    *Expr   `parser:" | \"#\" @@"`
	Str     *string `parser:" | @String"`
	Expr    *Expr   `parser:" | @@ )"`
	Base    *Expr   `parser:"( \"(\" @@ \")\" )?"`
	// Pair is the second register of a pair written "r17:r16" (aie2).
	Pair *string `parser:"( \":\" @Ident )?"`
}

// Expr is a flat chain of unary terms and binary operators; precedence is
// applied when it is evaluated.
type Expr struct {
	Pos   lexer.Position
	First *Unary     `parser:"@@"`
	Rest  []*BinTail `parser:"@@*"`
}

// BinTail is one "op operand" link of an Expr.
type BinTail struct {
	Op    string `parser:"@(\"<<\" | \">>\" | \"&&\" | \"||\" | \"==\" | \"!=\" | \"<=\" | \">=\" | \"|\" | \"^\" | \"&\" | \"+\" | \"-\" | \"*\" | \"/\" | \"%\" | \"<\" | \">\")"`
	Right *Unary `parser:"@@"`
}

// Unary is a primary with prefix operators.
type Unary struct {
	Ops  []string `parser:"@(\"-\" | \"~\" | \"!\" | \"+\")*"`
	Prim *Prim    `parser:"@@"`
}

// Prim is a number, symbol, local label reference, character, relocation
// modifier such as %hi(sym), or a parenthesised expression.
type Prim struct {
	Pos      lexer.Position
	Number   *string   `parser:"(  @(Hex | Bin | Int)"`
	Float    *string   `parser:" | @Float"`
	LocalRef *string   `parser:" | @LocalRef"`
	Char     *string   `parser:" | @Char"`
	Mod      *Modifier `parser:" | @@"`
	Ident    *string   `parser:" | @Ident"`
	Sub      *Expr     `parser:" | \"(\" @@ \")\" )"`
}

// Modifier is a relocation operator applied to an expression: %hi(x).
type Modifier struct {
	Name string `parser:"@Modifier \"(\""`
	Arg  *Expr  `parser:"@@ \")\""`
}

// Ident returns the identifier if e is a single bare identifier.
func (e *Expr) Ident() (string, bool) {
	if e == nil || len(e.Rest) > 0 || len(e.First.Ops) > 0 || e.First.Prim.Ident == nil {
		return "", false
	}
	return *e.First.Prim.Ident, true
}

// Paren returns the inner expression if e is exactly "( inner )".
func (e *Expr) Paren() (*Expr, bool) {
	if e == nil || len(e.Rest) > 0 || len(e.First.Ops) > 0 || e.First.Prim.Sub == nil {
		return nil, false
	}
	return e.First.Prim.Sub, true
}

// Mem returns the offset and base of a memory operand: "off(base)",
// "(base)" (offset nil) — or ok=false if a is not of that shape.
func (a *Arg) Mem() (off, base *Expr, ok bool) {
	if a.Base != nil {
		return a.Expr, a.Base, true
	}
	if in, ok := a.Expr.Paren(); ok {
		if _, isIdent := in.Ident(); isIdent {
			return nil, in, true
		}
	}
	return nil, nil, false
}

// syntaxFor holds a target's compiled lexer and parser.
type syntaxFor struct {
	parser *participle.Parser[Line]
	sep    string
	lex    *lexConfig
}

func newSyntax(isa *isadefs.ISA) (*syntaxFor, error) {
	var rules []lexer.SimpleRule
	hashIsComment := false
	var prefixes []string
	for _, c := range isa.Comments {
		if c == "#" {
			hashIsComment = true
		}
		prefixes = append(prefixes, regexp.QuoteMeta(c))
	}
	if len(prefixes) == 0 {
		prefixes = []string{"//"}
	}
	rules = append(rules, lexer.SimpleRule{Name: "Comment", Pattern: `(?:` + strings.Join(prefixes, "|") + `)[^\n]*`})
	punct := `<<|>>|&&|\|\||==|!=|<=|>=|[-+*/%&|^~!(),:;\[\]=<>{}` + regexp.QuoteMeta(isa.Separator)
	if !hashIsComment {
		punct += `#`
	}
	punct += `]`
	rules = append(rules,
		lexer.SimpleRule{Name: "String", Pattern: `"(\\.|[^"\\])*"`},
		lexer.SimpleRule{Name: "Char", Pattern: `'(\\.|[^'\\])'`},
		lexer.SimpleRule{Name: "Float", Pattern: `[0-9]+\.[0-9]+([eE][-+]?[0-9]+)?`},
		lexer.SimpleRule{Name: "Hex", Pattern: `0[xX][0-9a-fA-F]+`},
		lexer.SimpleRule{Name: "Bin", Pattern: `0[bB][01]+`},
		lexer.SimpleRule{Name: "LocalRef", Pattern: `[0-9]+[bfBF]`},
		lexer.SimpleRule{Name: "Int", Pattern: `[0-9]+`},
		lexer.SimpleRule{Name: "Modifier", Pattern: `%[A-Za-z_][A-Za-z0-9_]*`},
		lexer.SimpleRule{Name: "Ident", Pattern: `[A-Za-z_.$@][A-Za-z0-9_.$@]*`},
		lexer.SimpleRule{Name: "Punct", Pattern: punct},
		lexer.SimpleRule{Name: "Whitespace", Pattern: `[ \t\r]+`},
	)
	def, err := lexer.NewSimple(rules)
	if err != nil {
		return nil, err
	}
	p, err := participle.Build[Line](
		participle.Lexer(def),
		participle.Elide("Whitespace", "Comment"),
		participle.UseLookahead(3),
	)
	if err != nil {
		return nil, err
	}
	return &syntaxFor{parser: p, sep: isa.Separator, lex: newLexConfig(isa.Comments, isa.Separator, hashIsComment)}, nil
}

// parseLine parses one line; file and lineNo position the errors.
func (s *syntaxFor) parseLine(file string, lineNo int, text string) (*Line, error) {
	return s.parseLineIn(nil, file, lineNo, text)
}

// parseLineIn is parseLine with the tree's nodes taken from nodes (nil:
// the heap).
func (s *syntaxFor) parseLineIn(nodes *treeArena, file string, lineNo int, text string) (*Line, error) {
	if strings.TrimSpace(text) == "" {
		return &Line{}, nil
	}
	bufp := tokPool.Get().(*[]token)
	defer tokPool.Put(bufp)
	toks, ok := s.lex.lex(text, (*bufp)[:0])
	*bufp = toks[:0]
	if ok {
		if err := nestingError(file, lineNo, text, toks); err != nil {
			return nil, err
		}
		f := fastParser{file: file, line: lineNo, text: text, toks: toks, nodes: nodes}
		if l := f.parseLine(); l != nil {
			return l, nil
		}
	}
	// A line the fast parser rejects: participle says why. The lexer
	// failed (participle's fails too, before it parses anything) or the
	// nesting is within MaxExprNesting, so its recursion is shallow.
	return s.parseParticiple(file, lineNo, text)
}

// parseParticiple parses a line with the participle grammar (the
// reference the fast parser is held to).
func (s *syntaxFor) parseParticiple(file string, lineNo int, text string) (*Line, error) {
	if strings.TrimSpace(text) == "" {
		return &Line{}, nil
	}
	l, err := s.parser.ParseString(file, text)
	if err != nil {
		return nil, err
	}
	fixLine(l, lineNo)
	return l, nil
}

// fixLine rewrites positions, which participle counts from line 1 of the
// parsed string, to the real line number.
func fixLine(l *Line, lineNo int) {
	for _, s := range l.Stmts {
		if s == nil {
			continue
		}
		s.Pos.Line = lineNo
		for _, lb := range s.Labels {
			lb.Pos.Line = lineNo
		}
		if s.Op != nil {
			s.Op.Pos.Line, s.Op.EndPos.Line = lineNo, lineNo
			for _, a := range s.Op.Args {
				fixArg(a, lineNo)
			}
		}
		if s.Assign != nil {
			s.Assign.Pos.Line = lineNo
			fixExpr(s.Assign.Value, lineNo)
		}
	}
}

func fixArg(a *Arg, lineNo int) {
	a.Pos.Line, a.EndPos.Line = lineNo, lineNo
	for _, b := range a.Bracket {
		fixArg(b, lineNo)
	}
	fixExpr(a.Hash, lineNo)
	fixExpr(a.Expr, lineNo)
	fixExpr(a.Base, lineNo)
}

func fixExpr(e *Expr, lineNo int) {
	if e == nil {
		return
	}
	e.Pos.Line = lineNo
	fixUnary(e.First, lineNo)
	for _, r := range e.Rest {
		fixUnary(r.Right, lineNo)
	}
}

func fixUnary(u *Unary, lineNo int) {
	p := u.Prim
	p.Pos.Line = lineNo
	fixExpr(p.Sub, lineNo)
	if p.Mod != nil {
		fixExpr(p.Mod.Arg, lineNo)
	}
}
