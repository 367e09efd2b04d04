// Package asm is KernelCraft's assembler and disassembler: one participle
// grammar and one two-pass assembler shared by every target, with each
// target contributing a small Backend (operand classes, relocation
// modifiers, macros). Instruction syntax, encodings and pseudo-instructions
// come from isa-defs. The output is a linked ELF32 executable placed by a
// hardware config's memory map.
package asm

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	isadefs "kernelcraft/isa-defs"
)

// Options control one assembly.
type Options struct {
	// HW places sections in memory (required).
	HW *isadefs.HW
	// SectionAddr overrides where a section starts ("--map .text=0x100").
	SectionAddr map[string]uint64
	// Judged: HW is a benchmark cell's own config, which the judge always
	// uses; a section that does not fit is told so rather than pointed at
	// a config with more memory.
	Judged bool
}

// Assembler assembles source for one target. It is safe for concurrent use:
// every Assemble call keeps its own state.
type Assembler struct {
	backend Backend
	isa     *isadefs.ISA
	syntax  *syntaxFor
	tmpl    map[any][]*Arg // parsed syntax templates of insts and pseudos
	expand  map[*isadefs.Pseudo][]*Op
	regDesc map[string]string // regFileDesc of each register file and class
	// kinds holds the operand kind (or nil) of every template operand,
	// brackets' elements too (see assembler.kindOf).
	kinds map[*Arg]*isadefs.OperandKind
	// forms holds each instruction's and pseudo's template with its
	// operands' kinds and its extraOperands (the same key as tmpl).
	forms map[any]*tmplForm
}

// tmplForm is a syntax template prepared for matching.
type tmplForm struct {
	args  []*Arg
	kinds []*isadefs.OperandKind // kindOf of each of args
	extra int                    // extraOperands
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*Assembler{}
)

// New returns the assembler of a registered target. Assemblers are built
// once per process (parsing every syntax template of the ISA) and shared:
// they are immutable and safe for concurrent use.
func New(target string) (*Assembler, error) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if as, ok := cache[target]; ok {
		return as, nil
	}
	b, err := BackendFor(target)
	if err != nil {
		return nil, err
	}
	as, err := NewWithBackend(b)
	if err != nil {
		return nil, err
	}
	cache[target] = as
	return as, nil
}

// NewWithBackend builds an assembler for a backend.
func NewWithBackend(b Backend) (*Assembler, error) {
	isa := b.ISA()
	syn, err := newSyntax(isa)
	if err != nil {
		return nil, fmt.Errorf("%s grammar: %w", isa.Name, err)
	}
	as := &Assembler{backend: b, isa: isa, syntax: syn, tmpl: map[any][]*Arg{}, expand: map[*isadefs.Pseudo][]*Op{}, regDesc: map[string]string{}}
	// Register file descriptions go into every "expected …" error, and
	// shape matching makes (and drops) many of them: a class's is long to
	// build (aie2's classes list dozens of registers).
	for name, rf := range isa.RegFiles {
		as.regDesc[name] = describeRegFile(isa, name, rf)
	}
	parseTmpl := func(mn, syntax string, line int) ([]*Arg, error) {
		l, err := syn.parseLine("template", 1, "x "+syntax)
		if err != nil || len(l.Stmts) != 1 || l.Stmts[0].Op == nil {
			return nil, fmt.Errorf("isa-defs line %d: %s: syntax %q does not parse: %v", line, mn, syntax, err)
		}
		return l.Stmts[0].Op.Args, nil
	}
	for _, in := range isa.Insts {
		args, err := parseTmpl(in.Mnemonic, in.Syntax, in.Line)
		if err != nil {
			return nil, err
		}
		as.tmpl[in] = args
	}
	for _, ps := range isa.Pseudos {
		args, err := parseTmpl(ps.Mnemonic, ps.Syntax, ps.Line)
		if err != nil {
			return nil, err
		}
		as.tmpl[ps] = args
		if strings.HasPrefix(ps.Expansion, "@") {
			continue
		}
		l, err := syn.parseLine("expansion", 1, ps.Expansion)
		if err != nil {
			return nil, fmt.Errorf("isa-defs line %d: pseudo %s: expansion %q does not parse: %v", ps.Line, ps.Mnemonic, ps.Expansion, err)
		}
		for _, s := range l.Stmts {
			if s != nil && s.Op != nil {
				as.expand[ps] = append(as.expand[ps], s.Op)
			}
		}
	}
	as.kinds = map[*Arg]*isadefs.OperandKind{}
	var addKinds func(args []*Arg)
	addKinds = func(args []*Arg) {
		for _, t := range args {
			as.kinds[t] = kindOfArg(isa, t)
			addKinds(t.Bracket)
		}
	}
	for _, args := range as.tmpl {
		addKinds(args)
	}
	as.forms = make(map[any]*tmplForm, len(as.tmpl))
	for key, args := range as.tmpl {
		f := &tmplForm{args: args, kinds: make([]*isadefs.OperandKind, len(args))}
		for i, t := range args {
			f.kinds[i] = as.kinds[t]
		}
		switch x := key.(type) {
		case *isadefs.Inst:
			f.extra = extraOperands(x.Attrs)
		case *isadefs.Pseudo:
			f.extra = extraOperands(x.Attrs)
		}
		as.forms[key] = f
	}
	return as, nil
}

// Backend returns the assembler's target backend.
func (as *Assembler) Backend() Backend { return as.backend }

// Section is one output section, placed at its final address.
type Section struct {
	Name   string
	Addr   uint64
	Data   []byte // nil for NoBits sections
	Size   uint64
	Align  uint64
	Exec   bool
	Write  bool
	NoBits bool // .bss: occupies memory, not file bytes
}

// Symbol is a named address or constant in the output.
type Symbol struct {
	Name    string
	Value   uint64
	Section string // "" for absolute symbols (.equ)
	Global  bool
	Func    bool
	Object  bool
	Size    uint64
}

// Program is an assembled and linked program.
type Program struct {
	Target   string
	Sections []*Section
	Symbols  []Symbol
	Entry    uint64
	// File is the source file name given to Assemble.
	File string
	// Lines maps every emitted instruction word to its source line, by
	// address (see LineOf and LineTable; ELF writes it to LineSection).
	Lines []LineEntry
	// Warnings about the source (file:line:col), sorted: encodings that
	// are what the target's toolchain writes but may not mean what the
	// source says (see Linter and isadefs Overflow operands).
	Warnings ErrorList
	backend  Backend
	source   []string // the source lines, for LineTable
}

// Assemble assembles and links src (file names it in errors). On failure the
// error is an ErrorList with every error of the file.
func (as *Assembler) Assemble(file string, src []byte, opts Options) (*Program, error) {
	if opts.HW == nil {
		return nil, errors.New("asm: no hardware config given")
	}
	if len(src) > MaxSourceBytes {
		return nil, ErrorList{{File: file, Msg: fmt.Sprintf("source is %d bytes, more than the limit of %d (%s)", len(src), MaxSourceBytes, SizeText(MaxSourceBytes)),
			Hint: "a kernel is far smaller: generate data in memory at run time, or split the source"}}
	}
	a := &assembler{
		as: as, file: file, opts: opts,
		symbols: map[string]*symbol{}, sections: map[string]*section{}, locals: map[string][]localDef{},
		arenas: arenaPool.Get().(*arenas),
	}
	a.seq, a.lineTab = a.arenas.seqBuf, a.arenas.lineBuf
	// Nothing that Assemble returns points into the arenas (the Program
	// and the errors are built from copies).
	defer func() {
		a.arenas.seqBuf, a.arenas.lineBuf = a.seq, a.lineTab
		a.arenas.release()
	}()
	if err := a.runSafely(src); err != nil {
		return nil, err
	}
	if a.nErrs > 0 {
		list := a.errs.sorted()
		if more := a.nErrs - len(list); more > 0 {
			msg := fmt.Sprintf("%d more errors not shown (only the first %d are)", more, MaxErrors)
			if a.errStop > 0 {
				msg += fmt.Sprintf("; stopped reading at line %d after %d errors", a.errStop, StopAfterErrors)
			}
			list = append(list, &Error{File: file, More: more, Msg: msg})
		}
		return nil, list
	}
	p := a.program()
	if len(p.Sections) == 0 {
		// An ELF with nothing to load: no simulator can run it, so say so
		// here rather than let kc-sim reject the file.
		return nil, ErrorList{{File: file, Msg: "the source has no instructions or data: there is nothing to run",
			Hint: "a kernel needs at least its instructions (and the one that ends it); kc-as --isa lists them"}}
	}
	if c, ok := as.backend.(ProgramChecker); ok {
		var errs ErrorList
		for _, d := range c.CheckProgram(p) {
			e := &Error{File: file, Line: p.LineOf(d.Addr), Col: 1, Msg: d.Msg, Hint: d.Hint}
			if d.Error {
				errs = append(errs, e)
			} else {
				p.Warnings = append(p.Warnings, e)
			}
		}
		if len(errs) > 0 {
			return nil, errs.sorted()
		}
		p.Warnings = p.Warnings.sorted()
	}
	return p, nil
}

type section struct {
	name   string
	data   []byte
	size   int64
	align  int64
	exec   bool
	write  bool
	nobits bool
	addr   int64
	order  int
}

type symbol struct {
	name     string
	sec      *section // nil: absolute (.equ) or undefined
	off      int64
	defs     []*symDef // .equ/.set values, in definition order
	defined  bool
	global   bool
	typ      string
	sizeExpr *Expr
	pos      lexer.Position
	used     bool
}

// symDef is one .set/.equ/= definition of a symbol. A symbol may be set
// again; a use sees the definition in force where it is (as llvm-mc and
// GNU as do), a use before any definition sees the last one. The value is
// evaluated once per pass where the definition is and memoised, so a
// chain of definitions costs linear time, whatever its shape.
type symDef struct {
	sym   *symbol
	key   int // position in the source order (see assembler.order): visible where the key is larger
	expr  *Expr
	pos   lexer.Position
	sec   *section // where "." is at the definition
	off   int64
	state defState
	val   value
	err   error
}

type defState uint8

const (
	defUnevaluated defState = iota
	defBusy                 // being evaluated: meeting it again is a cycle
	defDone
)

type localDef struct {
	key int // position in the source order (see assembler.order)
	sec *section
	off int64
}

// keepTreeBytes is how much source text (from the start of a file) pass
// 1 keeps the syntax trees of, for pass 2 (a tree takes some 50 bytes per
// byte of source, so at most about 50 MiB): every kernel of the
// repository (the largest, a 17,000-line plena baseline, is under 500
// KiB) is parsed once.
const keepTreeBytes = 1 << 20

type stmtRec struct {
	idx       int
	key       int // position in the source order (see assembler.order)
	stmtNo    int // which statement of its line
	op        *Op
	line      int
	sec       *section
	off       int64
	size      int64
	directive bool
	cand      any // chosen *isadefs.Inst or *isadefs.Pseudo (pass 1)
	// bundle lists the statement numbers of a bundle's operations (VLIW
	// targets: the record is the whole line); bundleInsts their forms
	// chosen in pass 1.
	bundle      []int
	bundleInsts []*isadefs.Inst
	macroSize   int  // instructions a macro was sized to
	failed      bool // pass 1 reported an error for this statement
	// tree is the statement's parsed line, kept from pass 1 (op too)
	// when within keepTreeBytes; nil when pass 2 parses it again.
	tree *Line
}

type assembler struct {
	as       *Assembler
	file     string
	opts     Options
	src      []string  // the source lines
	x        *expander // logical lines (expand.go): what pass 1 reads
	sections map[string]*section
	secOrder []*section
	cur      *section
	secStack []*section
	symbols  map[string]*symbol
	locals   map[string][]localDef
	stmts    []*stmtRec
	curStmt  *stmtRec
	final    bool
	errs     ErrorList // the first MaxErrors errors
	nErrs    int       // all errors found
	errStop  int       // the line at which StopAfterErrors ended pass 1, or 0
	byAddr   map[int64]*stmtRec
	entry    string
	lineTab  []LineEntry // pass 2: the line of each instruction word (lines.go)
	defs     []*symDef   // every .set/.equ definition, in order
	// order numbers labels, statements and definitions in source order:
	// "1b" is the last local label 1 before a key, "1f" the first after,
	// and a use of a symbol sees the last definition before its key.
	order int
	depth int // expression evaluations in progress (MaxEvalDepth)
	// maxRegion is the size of the largest memory region (overflow).
	maxRegion int64
	// cands caches candidates by mnemonic.
	cands map[string]candidateSet
	// reparsed is the line last parsed again in pass 2 (opOf).
	reparsed     *Line
	reparsedLine int
	warns        ErrorList     // the first MaxWarnings warnings (warn.go)
	nWarns       int           // all warnings found
	candWarns    []pendingWarn // warnings of the encoding being matched
	candSeq      seqRec        // the instruction being matched, for a SequenceLinter
	seq          []seqRec      // pass 2's instructions in source order, for a SequenceLinter
	lastEnv      *env          // envKey's last environment
	keptBytes    int           // source text read in pass 1 (keepTreeBytes)
	*arenas                    // slabs, from arenaPool
	shaping      bool          // in shapeMatchesForm: register lookups fail with errNoShape
	// word holds encodeOp's result for one instruction (valid until the
	// next encodeOp: its callers copy or emit it at once).
	word [1]uint64
}

func (a *assembler) errorAt(pos lexer.Position, msg, hint string) {
	a.errorAtFn(pos, msg, hint, nil)
}

// errorAtFn records an error; hintFn, if any, computes its hint, only
// for the errors that are reported in full.
func (a *assembler) errorAtFn(pos lexer.Position, msg, hint string, hintFn func() string) {
	if a.nErrs >= MaxErrors {
		a.nErrs++
		return
	}
	if hintFn != nil {
		if h := hintFn(); h != "" {
			hint = h
		}
	}
	col := pos.Column
	if col == 0 {
		col = 1
	}
	e := &Error{File: a.file, Line: pos.Line, Col: col, Msg: msg, Hint: hint, seq: pos.Line}
	if a.x != nil && pos.Line > 0 {
		var fr *frame
		e.Line, e.Col, fr = a.x.where(pos.Line, col)
		e.Expansion = fr.describe(a.file)
	}
	a.addError(e)
}

// addError records an error (the first MaxErrors in full, then a count).
func (a *assembler) addError(e *Error) {
	a.nErrs++
	if len(a.errs) >= MaxErrors {
		return
	}
	if e.seq == 0 && e.Line > 0 && a.x != nil {
		e.seq = a.x.logical
	}
	a.errs = append(a.errs, e)
}

func (a *assembler) report(err error, fallback lexer.Position) {
	var pe *posError
	var perr participle.Error
	switch {
	case errors.As(err, &pe):
		pos := pe.pos
		if pos.Line == 0 {
			pos = fallback
		}
		a.errorAtFn(pos, pe.Error(), pe.hint, pe.hintFn)
	case errors.As(err, &perr):
		pos := perr.Position()
		pos.Line = fallback.Line
		msg, hint := syntaxMessage(perr.Message(), a.x.text(pos.Line), pos.Column)
		a.errorAt(pos, msg, hint)
	default:
		a.errorAt(fallback, err.Error(), "")
	}
}

func (a *assembler) section(name string) *section {
	if s, ok := a.sections[name]; ok {
		return s
	}
	s := &section{name: name, align: 4, order: len(a.secOrder)}
	switch {
	case name == ".text" || strings.HasPrefix(name, ".text."):
		s.exec = true
	case name == ".bss" || strings.HasPrefix(name, ".bss.") || name == ".sbss" || strings.HasPrefix(name, ".sbss."):
		s.write, s.nobits = true, true
	case name == ".rodata" || strings.HasPrefix(name, ".rodata.") || strings.HasPrefix(name, ".srodata"):
	default:
		s.write = true
	}
	a.sections[name] = s
	a.secOrder = append(a.secOrder, s)
	return s
}

// Limits of one assembly (kc-as --help lists them).
const (
	// MaxSourceBytes bounds the source text.
	MaxSourceBytes = 16 << 20
	// MaxOutputBytes bounds the bytes of all sections together (.bss
	// included): more than any target's memory.
	MaxOutputBytes = 16 << 20
)

// SizeText renders a byte count as "16 MiB" (for messages and help).
func SizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// splitLines splits the source into lines without copying them, as
// bufio.ScanLines does: "\n" ends a line, a "\r" before it is dropped.
func splitLines(text string) []string {
	lines := make([]string, 0, strings.Count(text, "\n")+1)
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		line := text
		if i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		lines = append(lines, strings.TrimSuffix(line, "\r"))
	}
	return lines
}

// runSafely runs both passes and turns a panic, which is a bug of the
// assembler, into an error (FuzzAssemble fails on it), so that one
// kernel cannot take down a process that assembles many (the agent, the
// benchmark runner).
func (a *assembler) runSafely(src []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			line := 0
			if a.curStmt != nil {
				line = a.curStmt.line
				if a.x != nil {
					line = a.x.srcLine(line)
				}
			}
			err = ErrorList{{File: a.file, Line: line, Col: 1, Msg: fmt.Sprintf("internal error: %v (please report this input)", r)}}
		}
	}()
	a.run(src)
	return nil
}

// run performs both passes.
func (a *assembler) run(src []byte) {
	a.src = splitLines(string(src))
	a.x = newExpander(a, a.src)
	a.cur = a.section(".text")
	// Pass 1: parse, define labels, size every statement.
	for {
		text, n, ok := a.x.next()
		if !ok {
			break
		}
		if a.nErrs >= StopAfterErrors {
			a.errStop, _, _ = a.x.where(n, 1) // the source line, inside a .rept or macro too
			return
		}
		if strings.ContainsRune(text, 0) {
			a.errorAt(lexer.Position{Line: n, Column: strings.IndexByte(text, 0) + 1}, "NUL byte in source", "")
			continue
		}
		l, err := a.as.syntax.parseLineIn(&a.trees, a.file, n, text)
		if err != nil {
			a.report(err, lexer.Position{Line: n, Column: 1})
			continue
		}
		if a.as.isa.Bundles && countOps(l) > 1 && !a.bundleTarget() {
			a.errorAt(lexer.Position{Line: n, Column: 1}, fmt.Sprintf("VLIW bundles (several %s-separated slot operations on one line) need bundle formats in the ISA", a.as.isa.Separator), "write one operation per line")
			continue
		}
		first := len(a.stmts)
		if a.bundleTarget() {
			a.pass1Bundle(l)
		} else {
			for k, st := range l.Stmts {
				if st != nil {
					a.pass1(st, k)
				}
			}
		}
		// Keep the syntax trees of the first keepTreeBytes of source for
		// pass 2; past them, drop them: pass 2 parses those lines again,
		// so memory holds one line's tree at a time, not a large file's.
		if a.keptBytes += len(text); a.keptBytes <= keepTreeBytes {
			for _, rec := range a.stmts[first:] {
				rec.tree = l
			}
		} else {
			for _, rec := range a.stmts[first:] {
				rec.op = nil
			}
		}
		if a.overflow() {
			break
		}
	}
	if a.x.stopped {
		return // a limit of expansion: what follows would be noise
	}
	// Keep going after pass-1 errors so that one run reports every error of
	// the file; statements that failed in pass 1 are skipped in pass 2.
	nErrs := a.nErrs
	a.place()
	if a.nErrs > nErrs {
		return
	}
	// Pass 2: encode.
	a.final = true
	a.curStmt = nil
	for _, d := range a.defs {
		if d.state == defDone && errors.Is(d.err, errNotFinal) {
			d.state = defUnevaluated
		}
	}
	for _, d := range a.defs { // in order, so that chains stay shallow
		a.defValue(d)
	}
	for _, s := range a.secOrder {
		if !s.nobits {
			s.data = make([]byte, 0, s.size)
		}
		s.size = 0
	}
	a.lineTab = slices.Grow(a.lineTab, len(a.stmts))
	if _, ok := a.as.backend.(SequenceLinter); ok {
		a.seq = slices.Grow(a.seq, len(a.stmts))
	}
	for _, st := range a.stmts {
		a.curStmt = st
		a.cur = st.sec
		if st.bundle == nil {
			st.op = a.opOf(st)
		} else {
			st.op = a.bundleOps(st)[0]
		}
		a.pass2(st)
		st.op, st.tree = nil, nil
	}
	a.lintSequence()
}

// opOf parses a statement's line again (pass 1 drops the trees) and
// returns its operation; the last line parsed is kept, for the other
// statements of the line.
func (a *assembler) opOf(st *stmtRec) *Op {
	if st.op != nil {
		return st.op
	}
	if a.reparsed == nil || a.reparsedLine != st.line {
		l, err := a.as.syntax.parseLine(a.file, st.line, a.x.text(st.line))
		if err != nil || st.stmtNo >= len(l.Stmts) || l.Stmts[st.stmtNo] == nil || l.Stmts[st.stmtNo].Op == nil {
			panic(fmt.Sprintf("line %d parsed in pass 1 but not again: %v", st.line, err))
		}
		a.reparsed, a.reparsedLine = l, st.line
	}
	return a.reparsed.Stmts[st.stmtNo].Op
}

func countOps(l *Line) int {
	n := 0
	for _, st := range l.Stmts {
		if st != nil && st.Op != nil {
			n++
		}
	}
	return n
}

func (a *assembler) pass1(st *Stmt, stmtNo int) {
	rec := a.recs.one()
	rec.idx, rec.line, rec.stmtNo = len(a.stmts), st.Pos.Line, stmtNo
	a.curStmt = rec
	for _, lb := range st.Labels {
		a.defineLabel(lb.Name, lb.Pos)
	}
	rec.key = a.nextKey()
	if st.Assign != nil {
		a.defineEqu(st.Assign.Name, st.Assign.Value, st.Assign.Pos)
		return
	}
	if st.Op == nil {
		return
	}
	rec.op = st.Op
	rec.sec = a.cur
	rec.off = a.cur.size
	a.stmts = append(a.stmts, rec)
	nErrs := a.nErrs
	if strings.HasPrefix(st.Op.Name, ".") && len(a.as.isa.Lookup(st.Op.Name)) == 0 {
		rec.directive = true
		a.directive(rec, false)
	} else {
		a.sizeInstruction(rec)
	}
	rec.failed = a.nErrs > nErrs
	rec.size = a.cur.size - rec.off
	if rec.sec != a.cur { // section switch: the directive itself is empty
		rec.size = 0
	}
}

func (a *assembler) pass2(rec *stmtRec) {
	if rec.bundle != nil {
		a.pass2Bundle(rec)
		return
	}
	if rec.failed {
		// Already reported; keep the layout of pass 1.
		if !rec.sec.nobits {
			a.emit(make([]byte, rec.size)...)
		} else {
			a.cur.size += rec.size
		}
		return
	}
	if rec.directive {
		a.directive(rec, true)
		return
	}
	pc := rec.sec.addr + int64(len(rec.sec.data))
	words, err := a.encodeInstruction(rec, pc)
	if err != nil {
		a.report(err, rec.op.Pos)
		words = make([]uint64, rec.size/a.wordBytes())
	}
	if int64(len(words))*a.wordBytes() != rec.size {
		a.errorAt(rec.op.Pos, fmt.Sprintf("internal error: %s sized %d bytes in pass 1 but %d in pass 2", rec.op.Name, rec.size, int64(len(words))*a.wordBytes()), "")
		return
	}
	for _, w := range words {
		a.emitWord(w)
	}
}

func (a *assembler) wordBytes() int64 { return int64(a.as.isa.WordBits / 8) }

func (a *assembler) emitWord(w uint64) {
	a.recordLine()
	for i := int64(0); i < a.wordBytes(); i++ {
		a.emit(byte(w >> (8 * i)))
	}
}

func (a *assembler) emit(b ...byte) {
	if a.final && !a.cur.nobits {
		a.cur.data = append(a.cur.data, b...)
	}
	a.cur.size += int64(len(b))
}

func (a *assembler) nextKey() int {
	a.order++
	return a.order
}

func (a *assembler) defineLabel(name string, pos lexer.Position) {
	if isDigits(name) {
		a.locals[name] = append(a.locals[name], localDef{key: a.nextKey(), sec: a.cur, off: a.cur.size})
		return
	}
	s := a.sym(name)
	if s.defined {
		a.errorAt(pos, fmt.Sprintf("symbol %q is already defined (at line %d)", name, s.pos.Line), "")
		return
	}
	s.defined, s.sec, s.off, s.pos = true, a.cur, a.cur.size, pos
}

func (a *assembler) defineEqu(name string, e *Expr, pos lexer.Position) {
	s := a.sym(name)
	if s.defined && len(s.defs) == 0 {
		a.errorAt(pos, fmt.Sprintf("symbol %q is already defined as a label (line %d)", name, s.pos.Line), "")
		return
	}
	d := &symDef{sym: s, key: a.nextKey(), expr: e, pos: pos, sec: a.cur, off: a.cur.size}
	a.defs = append(a.defs, d)
	s.defs = append(s.defs, d)
	s.defined, s.sec, s.pos = true, nil, pos
	// Evaluate it now: what it refers to is already memoised, so a chain
	// of definitions never recurses deeply (pass 1 outcomes are final:
	// a definition sees only the definitions before it).
	a.defValue(d)
}

func (a *assembler) sym(name string) *symbol {
	s, ok := a.symbols[name]
	if !ok {
		s = &symbol{name: name}
		a.symbols[name] = s
	}
	return s
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// overflow stops pass 1 once a section has outgrown every memory region
// of the hardware config (and MaxOutputBytes): place() would refuse it
// anyway, and going on would only spend time and memory on the rest.
func (a *assembler) overflow() bool {
	if a.maxRegion == 0 {
		a.maxRegion = MaxOutputBytes
		biggest := int64(0)
		for _, r := range a.opts.HW.Memory {
			biggest = max(biggest, int64(min(uint64(r.Size), MaxOutputBytes)))
		}
		if biggest > 0 {
			a.maxRegion = biggest
		}
	}
	// place() reports the section that does not fit.
	return a.cur.size > a.maxRegion
}

// place assigns every section an address in the region of the hardware
// config that holds it.
func (a *assembler) place() {
	type regionFill struct {
		r   isadefs.Region
		cur uint64
	}
	fills := map[string]*regionFill{}
	ordered := append([]*section(nil), a.secOrder...)
	// Within a region, sections with file contents come before .bss, and
	// the function sections merged into .text follow it (mergedText).
	rank := func(s *section) int {
		switch {
		case s.name == ".text":
			return 0
		case a.mergedText(s):
			return 1
		case !s.nobits:
			return 2
		}
		return 3
	}
	sort.SliceStable(ordered, func(i, j int) bool { return rank(ordered[i]) < rank(ordered[j]) })
	total := int64(0)
	for _, s := range ordered {
		total += s.size
	}
	if total > MaxOutputBytes {
		a.errorAt(lexer.Position{}, fmt.Sprintf("the sections hold %d bytes, more than the limit of %d (%s)", total, MaxOutputBytes, SizeText(MaxOutputBytes)),
			"no target has that much memory: shrink .space/.zero and data directives")
		return
	}
	for _, s := range ordered {
		if s.size == 0 && s.name != ".text" {
			continue
		}
		if addr, ok := a.opts.SectionAddr[s.name]; ok {
			s.addr = int64(addr)
			if !a.inMemory(addr, uint64(s.size)) {
				a.errorAt(lexer.Position{}, fmt.Sprintf("section %s (%d bytes at %#x) is not inside one memory region of hardware config %s", s.name, s.size, addr, a.opts.HW.Name),
					"the memory map has "+describeRegions(a.opts.HW))
			}
			continue
		}
		r, ok := a.opts.HW.RegionFor(s.name)
		if !ok {
			a.errorAt(lexer.Position{}, fmt.Sprintf("section %s has no place in hardware config %s", s.name, a.opts.HW.Name),
				fmt.Sprintf("the memory map puts %s; use a known section or --map %s=ADDR", describeMap(a.opts.HW), s.name))
			continue
		}
		f := fills[r.Name]
		if f == nil {
			f = &regionFill{r: r, cur: uint64(r.Base)}
			fills[r.Name] = f
		}
		f.cur = alignUp(f.cur, uint64(s.align))
		s.addr = int64(f.cur)
		f.cur += uint64(s.size)
		if f.cur > r.End() {
			a.errorAt(lexer.Position{}, fmt.Sprintf("section %s (%d bytes at %#x) does not fit in %s (%d bytes at %#x, ends %#x)",
				s.name, s.size, s.addr, r.Name, uint64(r.Size), uint64(r.Base), r.End()),
				sizeHint(a.opts, r, f.cur-uint64(r.Base)))
		}
	}
}

// sizeHint is the hint of a section that does not fit in region r: under
// a judged cell, that the judge uses this config; otherwise the built-in
// configs of the same ISA whose region of that name holds the need bytes
// the sections placed there take, if any.
func sizeHint(o Options, r isadefs.Region, need uint64) string {
	if o.Judged {
		return fmt.Sprintf("the judge runs this cell on hardware config %s, so the program and its data must fit its %s (%d bytes): shrink them", o.HW.Name, r.Name, uint64(r.Size))
	}
	var bigger []string
	for _, n := range isadefs.HWNames() {
		h, err := isadefs.HWByName(n)
		if err != nil || h.ISA != o.HW.ISA || n == o.HW.Name {
			continue
		}
		for _, r2 := range h.Memory {
			if r2.Name == r.Name && uint64(r2.Size) >= need {
				bigger = append(bigger, fmt.Sprintf("--hw %s (%s %d bytes)", n, r.Name, uint64(r2.Size)))
				break
			}
		}
	}
	if len(bigger) == 0 {
		return fmt.Sprintf("shrink the program or its data: no built-in %s hardware config has a %s of %d bytes", o.HW.ISA, r.Name, need)
	}
	return "shrink the data, or use a hardware config with a larger " + r.Name + ": " + strings.Join(bigger, ", ")
}

// mergedText reports whether section s is one of the function sections
// (.text.NAME, as compilers emit with -ffunction-sections: Peano's
// ".section .text.bf16_mac,\"ax\",@progbits") that the output merges into
// .text, as a linker's default script does (GNU ld's
// "*(.text .stub .text.* ...)"): placed right after .text in source
// order, each at its alignment, the gaps filled with nops. A section the
// memory map or --map places itself stays apart (riscv-tests' .text.init).
func (a *assembler) mergedText(s *section) bool {
	if !strings.HasPrefix(s.name, ".text.") || !s.exec || s.nobits {
		return false
	}
	if _, ok := a.opts.SectionAddr[s.name]; ok {
		return false
	}
	for _, r := range a.opts.HW.Memory {
		for _, n := range r.Sections {
			if n == s.name {
				return false
			}
		}
	}
	return true
}

// codeFill returns n bytes of padding for code: the target's smallest nop
// bundle or its nop word repeated when n is a multiple of it, else zeros.
func (a *assembler) codeFill(n int64) []byte {
	out := make([]byte, 0, n)
	if nop := a.nopBundle(); nop != nil && n%int64(len(nop)) == 0 {
		for int64(len(out)) < n {
			out = append(out, nop...)
		}
		return out
	}
	if wb := a.wordBytes(); !a.bundleTarget() && n%wb == 0 {
		w := a.nopWord()
		for int64(len(out)) < n {
			for k := int64(0); k < wb; k++ {
				out = append(out, byte(w>>(8*k)))
			}
		}
		return out
	}
	return append(out, make([]byte, n)...)
}

// inMemory reports whether [addr, addr+size) lies inside one region.
func (a *assembler) inMemory(addr, size uint64) bool {
	for _, r := range a.opts.HW.Memory {
		if addr >= uint64(r.Base) && addr <= r.End() && size <= r.End()-addr {
			return true
		}
	}
	return false
}

func describeRegions(h *isadefs.HW) string {
	var parts []string
	for _, r := range h.Memory {
		parts = append(parts, fmt.Sprintf("%s at %#x (%d bytes)", r.Name, uint64(r.Base), uint64(r.Size)))
	}
	return strings.Join(parts, ", ")
}

func describeMap(h *isadefs.HW) string {
	var parts []string
	for _, r := range h.Memory {
		parts = append(parts, fmt.Sprintf("%s in %s", strings.Join(r.Sections, " "), r.Name))
	}
	return strings.Join(parts, "; ")
}

func alignUp(x, a uint64) uint64 {
	if a <= 1 {
		return x
	}
	return (x + a - 1) / a * a
}

// maxHintSymbols: with more symbols than this, an undefined symbol gets
// no "did you mean" hint (each hint compares the name with every symbol).
const maxHintSymbols = 10000

func (a *assembler) symbolHint(name string) string {
	if len(a.symbols) > maxHintSymbols {
		return ""
	}
	var names []string
	for n, s := range a.symbols {
		if s.defined {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if near := nearest(name, names, 3); len(near) > 0 {
		return "did you mean " + strings.Join(near, ", ") + "?"
	}
	return ""
}

// program collects the output.
func (a *assembler) program() *Program {
	p := &Program{Target: a.as.isa.Name, backend: a.as.backend, File: a.file, Lines: a.sortedLines(), source: a.src, Warnings: a.warnings()}
	var merged []*section // the function sections merged into .text
	for _, s := range a.secOrder {
		if a.mergedText(s) && s.size > 0 {
			merged = append(merged, s)
		}
	}
	for _, s := range a.secOrder {
		if s.name == ".text" && len(merged) > 0 {
			p.Sections = append(p.Sections, a.mergeText(s, merged))
			continue
		}
		if s.size == 0 || len(merged) > 0 && a.mergedText(s) {
			continue
		}
		p.Sections = append(p.Sections, &Section{
			Name: s.name, Addr: uint64(s.addr), Data: s.data, Size: uint64(s.size),
			Align: uint64(s.align), Exec: s.exec, Write: s.write, NoBits: s.nobits,
		})
	}
	names := make([]string, 0, len(a.symbols))
	for n := range a.symbols {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := a.symbols[n]
		if !s.defined || strings.HasPrefix(n, ".L") {
			continue
		}
		sym := Symbol{Name: n, Global: s.global, Func: s.typ == "function", Object: s.typ == "object"}
		if s.sec != nil {
			sym.Value, sym.Section = uint64(s.sec.addr+s.off), s.sec.name
			if len(merged) > 0 && a.mergedText(s.sec) {
				sym.Section = ".text"
			}
		} else if v, err := a.symbolValueAt(s, a.order+1, lexer.Position{}); err == nil {
			sym.Value = uint64(v.n)
		}
		if s.sizeExpr != nil {
			if v, err := s.sizeExpr.eval(a.envAt(a.addrOfSymbol(s))); err == nil {
				sym.Size = uint64(v.n)
			}
		}
		p.Symbols = append(p.Symbols, sym)
	}
	entry := "_start"
	if a.entry != "" {
		entry = a.entry
	}
	if s, ok := a.symbols[entry]; ok && s.defined && s.sec != nil {
		p.Entry = uint64(s.sec.addr + s.off)
	} else if t := a.sections[".text"]; t != nil {
		p.Entry = uint64(t.addr)
	}
	return p
}

// mergeText is the output .text: text and then the merged function
// sections at the addresses place gave them, the gaps filled with code
// padding.
func (a *assembler) mergeText(text *section, merged []*section) *Section {
	out := &Section{Name: ".text", Addr: uint64(text.addr), Align: uint64(text.align), Exec: true}
	data := append([]byte(nil), text.data...)
	for _, s := range merged {
		if gap := s.addr - text.addr - int64(len(data)); gap > 0 {
			data = append(data, a.codeFill(gap)...)
		}
		data = append(data, s.data...)
		out.Align = max(out.Align, uint64(s.align))
	}
	out.Data, out.Size = data, uint64(len(data))
	return out
}

func (a *assembler) addrOfSymbol(s *symbol) int64 {
	if s.sec != nil {
		return s.sec.addr + s.off
	}
	return 0
}

// argText returns the source text of an operand.
func (a *assembler) argText(arg *Arg) string {
	text := a.x.text(arg.Pos.Line)
	start, end := arg.Pos.Column-1, arg.EndPos.Column-1
	if start < 0 || end > len(text) || start > end {
		return ""
	}
	return strings.TrimSpace(text[start:end])
}
