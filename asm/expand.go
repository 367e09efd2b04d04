package asm

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// The expander implements GNU as's text-level directives: macros
// (.macro/.endm/.exitm/.purgem), repetition (.rept/.irp/.irpc … .endr) and
// conditional assembly (.if and friends). It sits between the source and
// pass 1: pass 1 reads "logical lines" from it, numbered in the order
// they are produced. Outside expansions a logical line is a source line;
// inside, it is a line of a body (with \arg substituted). Logical line
// numbers are what the rest of the assembler sees (positions, statement
// records, pass 2's re-parse); errors and the line table map them back to
// the source line, column and the chain of expansions that made them.
//
// Expansion is bounded (kc-as --help lists the limits): a repetition
// count, the nesting of expansions, and the lines and bytes they produce.

// Limits of expansion (kc-as --help lists them).
const (
	// MaxRepeat bounds the count of one .rept and the values of one .irp
	// or .irpc.
	MaxRepeat = 100000
	// MaxExpansionDepth bounds the nesting of expansions: macros calling
	// macros (a recursive macro included), repetitions inside repetitions.
	MaxExpansionDepth = 100
	// MaxExpandedLines bounds the lines all expansions of one assembly
	// produce together.
	MaxExpandedLines = 1 << 17
	// MaxExpandedBytes bounds the text all expansions of one assembly
	// produce together.
	MaxExpandedBytes = 8 << 20
)

// frame is one expansion in progress, for messages.
type frame struct {
	what   string // "macro \"inc\"", ".rept", ".irp", ".irpc"
	line   int    // source line of the directive or macro call
	col    int
	parent *frame
}

// lineRun maps consecutive logical lines to source lines: logical
// first+i is source line src+i, produced by expansion fr (nil: the file).
type lineRun struct {
	first, src, n int32
	// text is where the run's texts start in expander.texts; -1: the
	// source lines themselves.
	text int32
	fr   *frame
}

// colLink maps byte offsets of a substituted line back to the line it
// was made from (prev; nil: the source line).
type colLink struct {
	segs []colSeg
	prev *colLink
}

// colSeg: output bytes from out on come from input offset in (literal:
// byte for byte; else all of them from the \arg at in).
type colSeg struct {
	out, in int
	lit     bool
}

func (c *colLink) resolve(off int) int {
	for ; c != nil; c = c.prev {
		seg := colSeg{lit: true}
		for _, s := range c.segs {
			if s.out > off {
				break
			}
			seg = s
		}
		if seg.lit {
			off = seg.in + off - seg.out
		} else {
			off = seg.in
		}
	}
	return off
}

// ppLine is a line of a body, as collected.
type ppLine struct {
	text string
	src  int // source line
	cols *colLink
}

// macroDef is a .macro definition.
type macroDef struct {
	name   string
	params []macroParam
	body   []ppLine
	line   int
}

type macroParam struct {
	name, def   string
	req, vararg bool
}

// ppInput is a source of lines: the file, or one expansion.
type ppInput struct {
	file  bool
	body  []ppLine
	pos   int
	reps  int // repetitions left after this one (.rept)
	fr    *frame
	macro bool
	// sub replaces \name (irp/irpc: one name; macro: the parameters).
	sub     map[string]string
	values  []string // .irp/.irpc: the values still to come
	irpName string
	counter string // \@ of a macro
	conds   int    // the conditional depth when the input was pushed
	// pieces: the statements of one split line (not an expansion: no
	// limits, no own conditionals).
	pieces bool
}

// condState is one open .if.
type condState struct {
	active  bool // lines are assembled
	done    bool // a branch was taken (or the parent is inactive)
	sawElse bool
	pos     lexer.Position // logical
	line    int            // source line (messages)
}

// collecting is a body being read: .macro … .endm, .rept … .endr.
type collecting struct {
	kind  string // ".macro", ".rept", ".irp", ".irpc"
	depth int
	body  []ppLine
	start func(body []ppLine) // called at the matching end
	pos   lexer.Position      // logical
}

// expander is the state of the expander of one assembly.
type expander struct {
	a       *assembler
	src     []string
	srcPos  int
	inputs  []*ppInput
	conds   []condState
	macros  map[string]*macroDef
	coll    *collecting
	logical int
	runs    []lineRun
	texts   []string // texts of the logical lines that are not source lines
	cols    map[int]*colLink
	depth   int // expansions in progress
	nLines  int
	nBytes  int
	nMacros int  // \@ counter
	stopped bool // a limit was hit: stop reading
}

// ppDirectives are the directives the expander handles (they never reach
// pass 1).
var ppDirectives = map[string]bool{
	".macro": true, ".endm": true, ".exitm": true, ".purgem": true,
	".rept": true, ".irp": true, ".irpc": true, ".endr": true,
	".if": true, ".ifeq": true, ".ifne": true, ".ifgt": true, ".ifge": true, ".iflt": true, ".ifle": true,
	".ifdef": true, ".ifndef": true, ".ifnotdef": true, ".ifb": true, ".ifnb": true,
	".ifc": true, ".ifnc": true, ".ifeqs": true, ".ifnes": true,
	".elseif": true, ".else": true, ".endif": true,
}

func isCondOpen(d string) bool {
	return strings.HasPrefix(d, ".if")
}

func newExpander(a *assembler, src []string) *expander {
	x := &expander{a: a, src: src, macros: map[string]*macroDef{}, cols: map[int]*colLink{}}
	x.inputs = []*ppInput{{file: true}}
	return x
}

// next returns the next logical line for pass 1 and its number, or ok=false
// at the end.
func (x *expander) next() (text string, logical int, ok bool) {
	for !x.stopped {
		l, fr, ok := x.read()
		if !ok {
			x.finish()
			return "", 0, false
		}
		if t, n, ok := x.process(l, fr); ok {
			return t, n, true
		}
	}
	return "", 0, false
}

// read returns the next raw line, from the innermost input.
func (x *expander) read() (ppLine, *frame, bool) {
	for len(x.inputs) > 0 {
		in := x.inputs[len(x.inputs)-1]
		if in.file {
			if x.srcPos >= len(x.src) {
				return ppLine{}, nil, false
			}
			x.srcPos++
			return ppLine{text: x.src[x.srcPos-1], src: x.srcPos}, nil, true
		}
		if in.pos >= len(in.body) {
			if in.reps > 0 {
				in.reps--
				in.pos = 0
			} else if len(in.values) > 0 {
				in.sub = map[string]string{in.irpName: in.values[0]}
				in.values = in.values[1:]
				in.pos = 0
			} else {
				x.pop()
				continue
			}
			if in.pos >= len(in.body) {
				continue
			}
		}
		l := in.body[in.pos]
		in.pos++
		if in.pieces {
			return l, in.fr, true
		}
		if in.sub != nil || in.counter != "" {
			l = substitute(l, in.sub, in.counter, MaxExpandedBytes-x.nBytes)
		}
		x.nLines++
		x.nBytes += len(l.text) + 1
		if x.nLines > MaxExpandedLines || x.nBytes > MaxExpandedBytes {
			x.limitError(in.fr, l)
			return ppLine{}, nil, false
		}
		return l, in.fr, true
	}
	return ppLine{}, nil, false
}

func (x *expander) limitError(fr *frame, l ppLine) {
	x.stopped = true
	what := fmt.Sprintf("%d lines", MaxExpandedLines)
	if x.nBytes > MaxExpandedBytes {
		what = SizeText(MaxExpandedBytes) + " of text"
	}
	x.errorSrc(l.src, 1, fr, fmt.Sprintf("expansions produce more than %s (the limit of one assembly)", what),
		"a kernel needs far less: look for a .rept count or a macro that expands itself too often")
}

// pop ends the innermost expansion.
func (x *expander) pop() {
	in := x.inputs[len(x.inputs)-1]
	x.inputs = x.inputs[:len(x.inputs)-1]
	if in.pieces {
		return
	}
	x.depth--
	if len(x.conds) > in.conds {
		c := x.conds[in.conds]
		x.errorLogical(c.pos, "this .if has no .endif inside the expansion", "close every .if before the end of the macro or .rept body")
		x.conds = x.conds[:in.conds]
	}
}

// finish reports the blocks left open at the end of the source. After a
// limit stopped reading (x.stopped) every block open then is cut off by
// the stop, not left open by the user: only the limit's error is reported
// (an ".if has no .endif" before it sent readers, and models, the wrong way).
func (x *expander) finish() {
	if x.stopped {
		x.coll, x.conds = nil, nil
		return
	}
	if x.coll != nil {
		x.errorLogical(x.coll.pos, fmt.Sprintf("%s has no %s", x.coll.kind, closerOf(x.coll.kind)), "")
		x.coll = nil
	}
	for _, c := range x.conds {
		x.errorLogical(c.pos, ".if has no .endif", "")
	}
	x.conds = nil
}

func closerOf(kind string) string {
	if kind == ".macro" {
		return ".endm"
	}
	return ".endr"
}

// record gives a line a logical number.
func (x *expander) record(l ppLine, fr *frame, text string) int {
	x.logical++
	n := x.logical
	if l.cols != nil {
		x.cols[n] = l.cols
	}
	own := fr == nil && l.cols == nil && text == x.srcText(l.src)
	if !own {
		x.texts = append(x.texts, text)
	}
	if k := len(x.runs); k > 0 {
		r := &x.runs[k-1]
		if int(r.first+r.n) == n && int(r.src+r.n) == l.src && r.fr == fr && (r.text < 0) == own {
			r.n++
			return n
		}
	}
	r := lineRun{first: int32(n), src: int32(l.src), n: 1, fr: fr, text: -1}
	if !own {
		r.text = int32(len(x.texts) - 1)
	}
	x.runs = append(x.runs, r)
	return n
}

func (x *expander) srcText(line int) string {
	if line < 1 || line > len(x.src) {
		return ""
	}
	return x.src[line-1]
}

// run returns the run of a logical line.
func (x *expander) run(logical int) *lineRun {
	lo, hi := 0, len(x.runs)
	for lo < hi {
		m := (lo + hi) / 2
		if int(x.runs[m].first+x.runs[m].n) <= logical {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(x.runs) && int(x.runs[lo].first) <= logical {
		return &x.runs[lo]
	}
	return nil
}

// text returns the text of a logical line.
func (x *expander) text(logical int) string {
	r := x.run(logical)
	if r == nil {
		return ""
	}
	if r.text >= 0 {
		return x.texts[int(r.text)+logical-int(r.first)]
	}
	return x.srcText(int(r.src) + logical - int(r.first))
}

// where maps a logical position to the source line and column and the
// expansion that produced it.
func (x *expander) where(logical, col int) (line, srcCol int, fr *frame) {
	r := x.run(logical)
	if r == nil {
		return logical, col, nil
	}
	line = int(r.src) + logical - int(r.first)
	if c, ok := x.cols[logical]; ok && col > 0 {
		col = c.resolve(col-1) + 1
	}
	return line, col, r.fr
}

// srcLine is the source line of a logical line.
func (x *expander) srcLine(logical int) int {
	l, _, _ := x.where(logical, 0)
	return l
}

// errorSrc reports an error at a source position inside expansion fr.
func (x *expander) errorSrc(line, col int, fr *frame, msg, hint string) {
	x.a.addError(&Error{File: x.a.file, Line: line, Col: max(col, 1), Msg: msg, Hint: hint, Expansion: fr.describe(x.a.file)})
}

// errorLogical reports an error at a logical position.
func (x *expander) errorLogical(pos lexer.Position, msg, hint string) {
	x.a.errorAt(pos, msg, hint)
}

// describe renders the chain of expansions, innermost first.
func (f *frame) describe(file string) []string {
	var all []*frame
	for ; f != nil; f = f.parent {
		all = append(all, f)
	}
	var out []string
	for i, f := range all {
		if len(all) > maxExpansionNotes && i == maxExpansionNotes-2 {
			out = append(out, fmt.Sprintf("… %d more expansions …", len(all)-maxExpansionNotes+1))
		}
		if len(all) > maxExpansionNotes && i >= maxExpansionNotes-2 && i < len(all)-1 {
			continue
		}
		out = append(out, fmt.Sprintf("in %s at %s:%d:%d", f.what, file, f.line, f.col))
	}
	return out
}

// maxExpansionNotes bounds the expansion chain shown with an error: the
// innermost ones and the outermost.
const maxExpansionNotes = 6

// lineHead finds the first word of a statement: after leading
// whitespace and labels. It returns the word and its byte offset (-1: none).
func lineHead(s string) (string, int) {
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && (isIdentChar(s[j])) {
			j++
		}
		if j == i {
			return "", -1
		}
		k := j
		for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
			k++
		}
		if k < len(s) && s[k] == ':' {
			i = k + 1
			continue
		}
		return s[i:j], i
	}
}

// splitStatements splits a line at the statement separator (outside
// strings, characters and comments) into pieces with their offsets.
func (x *expander) splitStatements(s string) (pieces []string, offs []int) {
	sep := x.a.as.syntax.sep
	lex := x.a.as.syntax.lex
	start := 0
	for i := 0; i < len(s); {
		switch {
		case s[i] == '"' || s[i] == '\'':
			if n := scanQuoted(s[i:], s[i], s[i] == '\''); n > 0 {
				i += n
				continue
			}
			i++
		case lex.isComment(s[i:]):
			pieces, offs = append(pieces, s[start:i]), append(offs, start)
			return
		case sep != "" && strings.HasPrefix(s[i:], sep):
			pieces, offs = append(pieces, s[start:i]), append(offs, start)
			i += len(sep)
			start = i
		default:
			i++
		}
	}
	return append(pieces, s[start:]), append(offs, start)
}

// special reports whether a statement's first word is for the expander.
func (x *expander) special(word string) bool {
	if word == "" || word[0] != '.' && len(x.macros) == 0 {
		return false // (lowering a mnemonic would allocate, per line)
	}
	lw := strings.ToLower(word)
	if word[0] == '.' && ppDirectives[lw] {
		return true
	}
	if len(x.macros) > 0 {
		if _, ok := x.macros[lw]; ok {
			if word[0] != '.' || directiveIndex[lw] == nil {
				return true
			}
		}
	}
	return false
}

// process handles one raw line: it returns the logical line for pass 1,
// or ok=false when the expander consumed it.
func (x *expander) process(l ppLine, fr *frame) (string, int, bool) {
	text := l.text
	word, at := lineHead(text)
	sep := x.a.as.syntax.sep
	if sep != "" && strings.Contains(text, sep) {
		// A line with several statements: split it when one of them is
		// for the expander (pieces keep their columns: padded).
		pieces, offs := x.splitStatements(text)
		if len(pieces) > 1 {
			any := false
			for _, p := range pieces {
				if w, _ := lineHead(p); x.special(w) {
					any = true
				}
			}
			if any {
				var ls []ppLine
				for i, p := range pieces {
					if strings.TrimSpace(p) == "" {
						continue
					}
					ls = append(ls, ppLine{text: strings.Repeat(" ", runeCount(text[:offs[i]])) + p, src: l.src, cols: l.cols})
				}
				x.inputs = append(x.inputs, &ppInput{body: ls, fr: fr, pieces: true})
				return "", 0, false
			}
		}
	}
	if x.coll != nil {
		x.collect(l, strings.ToLower(word))
		return "", 0, false
	}
	if !x.active() {
		lw := strings.ToLower(word)
		if at >= 0 && word[0] == '.' && (isCondOpen(lw) || lw == ".else" || lw == ".elseif" || lw == ".endif") && ppDirectives[lw] {
			x.condSkipped(l, fr, lw, at)
		}
		return "", 0, false
	}
	if !x.special(word) {
		return text, x.record(l, fr, text), true
	}
	// Labels before the directive or macro call are a line of their own.
	if strings.TrimSpace(text[:at]) != "" {
		lab := ppLine{text: text[:at], src: l.src, cols: l.cols}
		rest := ppLine{text: strings.Repeat(" ", runeCount(text[:at])) + text[at:], src: l.src, cols: l.cols}
		x.inputs = append(x.inputs, &ppInput{body: []ppLine{rest}, fr: fr, pieces: true})
		return lab.text, x.record(lab, fr, lab.text), true
	}
	n := x.record(l, fr, text)
	x.handle(l, fr, n, strings.ToLower(word), at)
	return "", 0, false
}

// collect adds a line to the body being read, or ends it.
func (x *expander) collect(l ppLine, lw string) {
	c := x.coll
	isMacro := c.kind == ".macro"
	switch {
	case isMacro && lw == ".macro", !isMacro && (lw == ".rept" || lw == ".irp" || lw == ".irpc"):
		c.depth++
	case isMacro && lw == ".endm", !isMacro && lw == ".endr":
		if c.depth == 0 {
			x.coll = nil
			c.start(c.body)
			return
		}
		c.depth--
	}
	c.body = append(c.body, l)
}

func (x *expander) active() bool {
	return len(x.conds) == 0 || x.conds[len(x.conds)-1].active
}

// condSkipped tracks conditionals inside a branch that is not assembled.
func (x *expander) condSkipped(l ppLine, fr *frame, lw string, at int) {
	switch {
	case isCondOpen(lw):
		if len(x.conds)-x.condBase() >= MaxExpansionDepth {
			x.errorSrc(l.src, at+1, fr, fmt.Sprintf(".if nested more than %d deep", MaxExpansionDepth), "")
			x.stopped = true
			return
		}
		n := x.record(l, fr, l.text)
		x.conds = append(x.conds, condState{active: false, done: true, line: l.src, pos: lexer.Position{Line: n, Column: runeCount(l.text[:at]) + 1}})
	case lw == ".endif":
		x.conds = x.conds[:len(x.conds)-1]
	default: // .else, .elseif
		n := x.record(l, fr, l.text)
		x.handle(l, fr, n, lw, at)
	}
}

// opLine parses a directive line (logical n) with the grammar.
func (x *expander) opLine(n int, text string) (*Op, bool) {
	ln, err := x.a.as.syntax.parseLine(x.a.file, n, text)
	if err != nil {
		x.a.report(err, lexer.Position{Line: n, Column: 1})
		return nil, false
	}
	for _, st := range ln.Stmts {
		if st != nil && st.Op != nil {
			return st.Op, true
		}
	}
	return nil, false
}

// rest returns the text after the first word at, without the comment.
func (x *expander) rest(text string, at int) (string, int) {
	_, head := lineHead(text[at:])
	j := at + head
	for j < len(text) && isIdentChar(text[j]) {
		j++
	}
	s := text[j:]
	pieces, _ := x.splitStatements(s)
	return pieces[0], j
}

// handle runs an expander directive or a macro call on logical line n.
func (x *expander) handle(l ppLine, fr *frame, n int, lw string, at int) {
	text := l.text
	pos := lexer.Position{Line: n, Column: runeCount(text[:at]) + 1}
	if lw[0] != '.' || !ppDirectives[lw] {
		x.call(l, fr, n, x.macros[lw], at)
		return
	}
	switch lw {
	case ".rept", ".irp", ".irpc":
		x.startRepeat(l, fr, n, lw, at, pos)
	case ".macro":
		x.define(l, n, at, pos)
	case ".endr", ".endm":
		x.errorLogical(pos, fmt.Sprintf("%s without a matching %s", lw, map[string]string{".endr": ".rept, .irp or .irpc", ".endm": ".macro"}[lw]), "")
	case ".exitm":
		for i := len(x.inputs) - 1; i > 0; i-- {
			if x.inputs[i].macro {
				x.conds = x.conds[:min(len(x.conds), x.inputs[i].conds)]
				for len(x.inputs) > i {
					if !x.inputs[len(x.inputs)-1].pieces {
						x.depth--
					}
					x.inputs = x.inputs[:len(x.inputs)-1]
				}
				return
			}
		}
		x.errorLogical(pos, ".exitm outside a macro", "")
	case ".purgem":
		name, _ := x.rest(text, at)
		name = strings.ToLower(strings.TrimSpace(name))
		if _, ok := x.macros[name]; !ok {
			x.errorLogical(pos, fmt.Sprintf(".purgem: no macro %q is defined", name), "")
			return
		}
		delete(x.macros, name)
	case ".else", ".elseif", ".endif":
		x.condNext(l, n, lw, at, pos)
	default:
		x.condOpen(l, n, lw, at, pos)
	}
}

// condOpen handles .if and its variants.
func (x *expander) condOpen(l ppLine, n int, lw string, at int, pos lexer.Position) {
	c := condState{line: l.src, pos: pos}
	if len(x.conds)-x.condBase() >= MaxExpansionDepth {
		x.errorLogical(pos, fmt.Sprintf(".if nested more than %d deep", MaxExpansionDepth), "")
		x.stopped = true
		return
	}
	ok, err := x.condValue(l, n, lw, at, pos)
	if err {
		ok = false
	}
	c.active, c.done = ok, ok
	x.conds = append(x.conds, c)
}

// condValue evaluates the condition of .if*/.elseif; bad=true after an
// error (reported).
func (x *expander) condValue(l ppLine, n int, lw string, at int, pos lexer.Position) (val, bad bool) {
	text := l.text
	switch lw {
	case ".ifdef", ".ifndef", ".ifnotdef":
		rest, _ := x.rest(text, at)
		name := strings.TrimSpace(rest)
		if name == "" || !isIdentStart(name[0]) || strings.IndexFunc(name, func(r rune) bool { return r > 127 || !isIdentChar(byte(r)) }) >= 0 {
			x.errorLogical(pos, lw+" expects a symbol name", "")
			return false, true
		}
		s, ok := x.a.symbols[name]
		def := ok && s.defined
		return def == (lw == ".ifdef"), false
	case ".ifb", ".ifnb":
		rest, _ := x.rest(text, at)
		return (strings.TrimSpace(rest) == "") == (lw == ".ifb"), false
	case ".ifc", ".ifnc":
		rest, _ := x.rest(text, at)
		s1, s2, ok := ifcStrings(rest)
		if !ok {
			x.errorLogical(pos, lw+" expects two strings separated by a comma", "e.g. .ifc \\reg, a0")
			return false, true
		}
		return (s1 == s2) == (lw == ".ifc"), false
	case ".ifeqs", ".ifnes":
		op, ok := x.opLine(n, text)
		if !ok {
			return false, true
		}
		if len(op.Args) != 2 || op.Args[0].Str == nil || op.Args[1].Str == nil {
			x.errorLogical(pos, lw+" expects two quoted strings: "+lw+" \"a\", \"b\"", "")
			return false, true
		}
		return (*op.Args[0].Str == *op.Args[1].Str) == (lw == ".ifeqs"), false
	}
	op, ok := x.opLine(n, text)
	if !ok {
		return false, true
	}
	if len(op.Args) != 1 || op.Args[0].Expr == nil || op.Args[0].Base != nil {
		x.errorLogical(pos, lw+" expects one expression", "")
		return false, true
	}
	v, err := x.a.constant(op.Args[0].Expr, lw+" condition")
	if err != nil {
		x.a.report(err, op.Args[0].Pos)
		return false, true
	}
	switch lw {
	case ".if", ".ifne", ".elseif":
		return v != 0, false
	case ".ifeq":
		return v == 0, false
	case ".ifgt":
		return v > 0, false
	case ".ifge":
		return v >= 0, false
	case ".iflt":
		return v < 0, false
	case ".ifle":
		return v <= 0, false
	}
	return false, true
}

// ifcStrings splits the operands of .ifc: two strings, each either in
// single quotes or up to the comma (the second: to the end).
func ifcStrings(s string) (string, string, bool) {
	s = strings.TrimLeft(s, " \t")
	one := func(s string, last bool) (string, string, bool) {
		if strings.HasPrefix(s, "'") {
			var b strings.Builder
			for i := 1; i < len(s); i++ {
				if s[i] == '\'' {
					if i+1 < len(s) && s[i+1] == '\'' {
						b.WriteByte('\'')
						i++
						continue
					}
					return b.String(), strings.TrimLeft(s[i+1:], " \t"), true
				}
				b.WriteByte(s[i])
			}
			return "", "", false
		}
		if last {
			return strings.TrimRight(s, " \t"), "", true
		}
		i := strings.IndexByte(s, ',')
		if i < 0 {
			return "", "", false
		}
		return strings.TrimRight(s[:i], " \t"), s[i:], true
	}
	s1, rest, ok := one(s, false)
	if !ok || !strings.HasPrefix(rest, ",") {
		return "", "", false
	}
	s2, rest, ok := one(strings.TrimLeft(rest[1:], " \t"), true)
	if !ok || strings.TrimSpace(rest) != "" {
		return "", "", false
	}
	return s1, s2, true
}

// condNext handles .elseif, .else and .endif.
func (x *expander) condNext(l ppLine, n int, lw string, at int, pos lexer.Position) {
	if len(x.conds) <= x.condBase() {
		x.errorLogical(pos, lw+" without a matching .if", "")
		return
	}
	c := &x.conds[len(x.conds)-1]
	switch lw {
	case ".endif":
		x.conds = x.conds[:len(x.conds)-1]
	case ".else":
		if c.sawElse {
			x.errorLogical(pos, "a second .else for the same .if", fmt.Sprintf("the .if is at line %d", c.line))
			return
		}
		c.sawElse = true
		c.active = !c.done
		c.done = true
	case ".elseif":
		if c.sawElse {
			x.errorLogical(pos, ".elseif after .else", fmt.Sprintf("the .if is at line %d", c.line))
			return
		}
		if c.done {
			c.active = false
			return
		}
		v, bad := x.condValue(l, n, ".elseif", at, pos)
		c.active = v && !bad
		c.done = c.active
	}
}

// startRepeat reads the count or values of .rept/.irp/.irpc and starts
// collecting the body.
func (x *expander) startRepeat(l ppLine, fr *frame, n int, lw string, at int, pos lexer.Position) {
	in := &ppInput{fr: &frame{what: lw, line: l.src, col: pos.Column, parent: fr}}
	in.fr.line, in.fr.col, _ = x.where(n, pos.Column)
	bad := false
	switch lw {
	case ".rept":
		op, ok := x.opLine(n, l.text)
		switch {
		case !ok:
			bad = true
		case len(op.Args) != 1 || op.Args[0].Expr == nil || op.Args[0].Base != nil:
			x.errorLogical(pos, ".rept expects one count: .rept N", "")
			bad = true
		default:
			v, err := x.a.constant(op.Args[0].Expr, ".rept count")
			switch {
			case err != nil:
				x.a.report(err, op.Args[0].Pos)
				bad = true
			case v < 0 || v > MaxRepeat:
				x.errorLogical(op.Args[0].Pos, fmt.Sprintf(".rept count %d is out of range [0, %d]", v, MaxRepeat), "unroll less, or loop at run time")
				bad = true
			case v == 0:
				bad = true // the body is read and dropped
			default:
				in.reps = int(v) - 1
			}
		}
	default:
		rest, _ := x.rest(l.text, at)
		args := splitMacroArgs(rest)
		if len(args) == 0 || args[0].text == "" || !isIdentStart(args[0].text[0]) {
			x.errorLogical(pos, lw+" expects a name first: "+lw+" name, values…", "")
			bad = true
			break
		}
		in.irpName = args[0].text
		var values []string
		if lw == ".irp" {
			for _, a := range args[1:] {
				values = append(values, a.text)
			}
			if len(values) == 0 {
				values = []string{""}
			}
		} else {
			s := ""
			if len(args) > 1 {
				s = args[1].text
			}
			for _, r := range s {
				values = append(values, string(r))
			}
			if len(values) == 0 {
				values = []string{""}
			}
		}
		if len(values) > MaxRepeat {
			x.errorLogical(pos, fmt.Sprintf("%s has %d values, more than the limit of %d", lw, len(values), MaxRepeat), "")
			bad = true
			break
		}
		in.values = values
	}
	x.coll = &collecting{kind: lw, pos: pos, start: func(body []ppLine) {
		if bad {
			return
		}
		in.body = body
		if in.values != nil {
			in.sub = map[string]string{in.irpName: in.values[0]}
			in.values = in.values[1:]
		}
		x.push(in, pos)
	}}
}

// push starts an expansion.
func (x *expander) push(in *ppInput, pos lexer.Position) bool {
	if x.depth >= MaxExpansionDepth {
		x.errorSrc(in.fr.line, in.fr.col, in.fr.parent, fmt.Sprintf("expansions nested more than %d deep", MaxExpansionDepth),
			"a macro that calls itself needs a condition that stops it (.if … .exitm)")
		x.stopped = true
		return false
	}
	in.conds = len(x.conds)
	x.inputs = append(x.inputs, in)
	x.depth++
	return true
}

// condBase is the conditional depth where the innermost expansion began:
// its .else/.endif cannot close what is outside it.
func (x *expander) condBase() int {
	for i := len(x.inputs) - 1; i >= 0; i-- {
		if !x.inputs[i].pieces {
			return x.inputs[i].conds
		}
	}
	return 0
}

// define handles .macro name params.
func (x *expander) define(l ppLine, n, at int, pos lexer.Position) {
	rest, _ := x.rest(l.text, at)
	rest = strings.TrimSpace(rest)
	nameEnd := 0
	for nameEnd < len(rest) && isIdentChar(rest[nameEnd]) {
		nameEnd++
	}
	name := rest[:nameEnd]
	var m *macroDef
	bad := false
	if name == "" || !isIdentStart(name[0]) {
		x.errorLogical(pos, ".macro expects a name: .macro name [param[=default|:req|:vararg], …]", "")
		bad = true
	} else {
		m = &macroDef{name: strings.ToLower(name), line: l.src}
		for _, p := range splitMacroArgs(strings.TrimLeft(rest[nameEnd:], " \t,")) {
			mp := macroParam{name: p.text}
			if k, v, ok := strings.Cut(p.text, "="); ok {
				mp.name, mp.def = strings.TrimSpace(k), strings.TrimSpace(v)
			}
			if k, q, ok := strings.Cut(mp.name, ":"); ok {
				mp.name = k
				switch strings.ToLower(q) {
				case "req":
					mp.req = true
				case "vararg":
					mp.vararg = true
				default:
					x.errorLogical(pos, fmt.Sprintf(".macro %s: unknown parameter qualifier :%s (want :req or :vararg)", name, q), "")
					bad = true
				}
			}
			if mp.name == "" || !isIdentStart(mp.name[0]) || strings.ContainsAny(mp.name, " \t") {
				x.errorLogical(pos, fmt.Sprintf(".macro %s: bad parameter %q", name, p.text), "parameters are names, optionally name=default, name:req or name:vararg")
				bad = true
			}
			for _, q := range m.params {
				if q.name == mp.name {
					x.errorLogical(pos, fmt.Sprintf(".macro %s: parameter %s appears twice", name, mp.name), "")
					bad = true
				}
			}
			m.params = append(m.params, mp)
		}
		for i, p := range m.params {
			if p.vararg && i != len(m.params)-1 {
				x.errorLogical(pos, fmt.Sprintf(".macro %s: only the last parameter can be :vararg", name), "")
				bad = true
			}
		}
		if _, dup := x.macros[m.name]; dup && !bad {
			x.errorLogical(pos, fmt.Sprintf("macro %s is already defined (at line %d)", name, x.macros[m.name].line), "use .purgem to remove it first")
			bad = true
		}
	}
	x.coll = &collecting{kind: ".macro", pos: pos, start: func(body []ppLine) {
		if !bad {
			m.body = body
			x.macros[m.name] = m
		}
	}}
}

// call expands a macro.
func (x *expander) call(l ppLine, fr *frame, n int, m *macroDef, at int) {
	word, _ := lineHead(l.text[at:])
	pos := lexer.Position{Line: n, Column: runeCount(l.text[:at]) + 1}
	rest := l.text[at+len(word):]
	pieces, _ := x.splitStatements(rest)
	rest = pieces[0]
	args := splitMacroArgs(rest)
	sub := map[string]string{}
	set := map[string]bool{}
	posi := 0
	for i, a := range args {
		if k, v, ok := strings.Cut(a.text, "="); ok && m.param(strings.TrimSpace(k)) >= 0 && !strings.HasPrefix(v, "=") {
			k = strings.TrimSpace(k)
			sub[k], set[k] = strings.TrimSpace(v), true
			continue
		}
		if posi >= len(m.params) {
			x.errorLogical(pos, fmt.Sprintf("macro %s takes %d arguments, got more", m.name, len(m.params)), "parameters: "+m.signature())
			return
		}
		p := m.params[posi]
		if p.vararg {
			sub[p.name], set[p.name] = strings.TrimSpace(rest[args[i].off:]), true
			break
		}
		if a.text != "" || a.quoted {
			sub[p.name], set[p.name] = a.text, true
		}
		posi++
	}
	for _, p := range m.params {
		if set[p.name] {
			continue
		}
		if p.req {
			x.errorLogical(pos, fmt.Sprintf("macro %s: missing value for required parameter %s", m.name, p.name), "parameters: "+m.signature())
			return
		}
		sub[p.name] = p.def
	}
	in := &ppInput{body: m.body, macro: true, sub: sub, counter: fmt.Sprint(x.nMacros)}
	in.fr = &frame{what: "macro " + m.name, parent: fr}
	in.fr.line, in.fr.col, _ = x.where(n, pos.Column)
	x.nMacros++
	x.push(in, pos)
}

func (m *macroDef) param(name string) int {
	for i, p := range m.params {
		if p.name == name {
			return i
		}
	}
	return -1
}

func (m *macroDef) signature() string {
	var parts []string
	for _, p := range m.params {
		s := p.name
		switch {
		case p.req:
			s += ":req"
		case p.vararg:
			s += ":vararg"
		case p.def != "":
			s += "=" + p.def
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

type macroArg struct {
	text   string
	off    int // byte offset in the operand text
	quoted bool
}

// splitMacroArgs splits macro call operands as GNU as does: commas
// separate arguments, and so does whitespace between two words; quotes
// ("a b") group and are removed; brackets group.
func splitMacroArgs(s string) []macroArg {
	var out []macroArg
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	skip()
	if i >= len(s) {
		return nil
	}
	for {
		skip()
		start := i
		var b strings.Builder
		quoted := false
		if i < len(s) && s[i] == '"' {
			quoted = true
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' && i+1 < len(s) {
					b.WriteByte(s[i])
					i++
				}
				b.WriteByte(s[i])
				i++
			}
			if i < len(s) {
				i++
			}
		} else {
			depth := 0
			for i < len(s) && s[i] != ',' {
				c := s[i]
				if (c == ' ' || c == '\t') && depth == 0 {
					// Whitespace separates arguments only between two
					// words ("m a b"), not around operators ("m a + 1").
					j := i
					for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
						j++
					}
					prev := byte(0)
					if b.Len() > 0 {
						prev = b.String()[b.Len()-1]
					}
					if j >= len(s) || s[j] == ',' {
						i = j
						break
					}
					if wordEnd(prev) && wordStart(s[j]) {
						break
					}
					i = j
					continue
				}
				switch c {
				case '(', '[':
					depth++
				case ')', ']':
					if depth > 0 {
						depth--
					}
				case '"', '\'':
					if n := scanQuoted(s[i:], c, c == '\''); n > 0 {
						b.WriteString(s[i : i+n])
						i += n
						continue
					}
				}
				b.WriteByte(c)
				i++
			}
		}
		out = append(out, macroArg{text: b.String(), off: start, quoted: quoted})
		skip()
		if i >= len(s) {
			return out
		}
		if s[i] == ',' {
			i++
			skip()
			if i >= len(s) {
				return append(out, macroArg{off: i})
			}
		}
	}
}

func wordEnd(c byte) bool { return isIdentChar(c) || c == ')' || c == ']' || c == '"' || c == '\'' }
func wordStart(c byte) bool {
	return isIdentChar(c) || c == '(' || c == '[' || c == '"' || c == '\'' || c == '\\'
}

// substitute replaces \name (sub), \@ (counter) and \() in a body line.
// It stops once the line is longer than limit (the caller reports it).
func substitute(l ppLine, sub map[string]string, counter string, limit int) ppLine {
	s := l.text
	if strings.IndexByte(s, '\\') < 0 {
		return l
	}
	var b strings.Builder
	var segs []colSeg
	lit := 0 // start of the pending literal
	flush := func(upto int) {
		if upto > lit {
			segs = append(segs, colSeg{out: b.Len(), in: lit, lit: true})
			b.WriteString(s[lit:upto])
		}
	}
	changed := false
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			i++
			continue
		}
		j := i + 1
		var val string
		ok := false
		switch {
		case s[j] == '@' && counter != "":
			val, ok, j = counter, true, j+1
		case s[j] == '(' && j+1 < len(s) && s[j+1] == ')':
			val, ok, j = "", true, j+2
		case isIdentStart(s[j]) || isDigit(s[j]):
			k := j
			for k < len(s) && isIdentChar(s[k]) && s[k] != '@' {
				k++
			}
			// The longest parameter name that is a prefix of the word.
			for e := k; e > j; e-- {
				if v, found := sub[s[j:e]]; found {
					val, ok, j = v, true, e
					break
				}
			}
		}
		if !ok {
			i++
			continue
		}
		changed = true
		flush(i)
		segs = append(segs, colSeg{out: b.Len(), in: i})
		if b.Len()+len(val) > limit {
			b.WriteString(val[:max(0, limit+1-b.Len())])
			return ppLine{text: b.String(), src: l.src, cols: &colLink{segs: segs, prev: l.cols}}
		}
		b.WriteString(val)
		lit = j
		i = j
	}
	if !changed {
		return l
	}
	flush(len(s))
	return ppLine{text: b.String(), src: l.src, cols: &colLink{segs: segs, prev: l.cols}}
}
