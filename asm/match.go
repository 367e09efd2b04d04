package asm

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	isadefs "kernelcraft/isa-defs"
)

// maxExpansionDepth bounds pseudo-instructions expanding into pseudos.
const maxExpansionDepth = 4

// candidates returns the real instructions, then the pseudo-instructions,
// with the mnemonic, enabled by the hardware config.
func (a *assembler) candidates(mn string) (insts []*isadefs.Inst, pseudos []*isadefs.Pseudo, disabled string) {
	if c, ok := a.cands[mn]; ok {
		return c.insts, c.pseudos, c.disabled
	}
	defer func() {
		if a.cands == nil {
			a.cands = map[string]candidateSet{}
		}
		a.cands[mn] = candidateSet{insts, pseudos, disabled}
	}()
	for _, in := range a.as.isa.Lookup(mn) {
		if a.opts.HW.HasExt(in.Ext()) {
			insts = append(insts, in)
		} else {
			disabled = in.Ext()
		}
	}
	for _, ps := range a.as.isa.LookupPseudo(mn) {
		if a.opts.HW.HasExt(ps.Ext()) {
			pseudos = append(pseudos, ps)
		} else {
			disabled = ps.Ext()
		}
	}
	return
}

// candidateSet is what candidates returns for one mnemonic (as written:
// the lookup folds case), kept for the rest of the assembly.
type candidateSet struct {
	insts    []*isadefs.Inst
	pseudos  []*isadefs.Pseudo
	disabled string
}

// disabledFormFor returns the extension of an instruction with op's
// mnemonic and operand shape that the hardware config does not enable,
// or "".
func (a *assembler) disabledFormFor(op *Op) string {
	for _, in := range a.as.isa.Lookup(op.Name) {
		if !a.opts.HW.HasExt(in.Ext()) && a.shapeMatchesForm(a.as.forms[in], op.Args) {
			return in.Ext()
		}
	}
	return ""
}

func (a *assembler) unknownMnemonic(op *Op, disabled string) error {
	if disabled != "" {
		return &posError{pos: op.Pos,
			msg:  fmt.Sprintf("%s needs extension %s, which hardware config %s does not have", op.Name, disabled, a.opts.HW.Name),
			hint: fmt.Sprintf("%s has: %s", a.opts.HW.Name, strings.Join(a.opts.HW.Extensions, ", "))}
	}
	name, isa := strings.ToLower(op.Name), a.as.isa
	hint := func() string {
		if near := nearest(name, isa.Mnemonics(), 4); len(near) > 0 {
			for i, m := range near { // as the ISA spells them
				if in := isa.Lookup(m); len(in) > 0 {
					near[i] = in[0].Name
				} else if ps := isa.LookupPseudo(m); len(ps) > 0 {
					near[i] = ps[0].Name
				}
			}
			return "did you mean " + strings.Join(near, ", ") + "?"
		}
		return ""
	}
	return &posError{pos: op.Pos, msg: fmt.Sprintf("unknown instruction %q", op.Name), hintFn: hint}
}

// sizeInstruction picks the form in pass 1 and records the size.
func (a *assembler) sizeInstruction(rec *stmtRec) {
	n, err := a.sizeOp(rec, rec.op, 0)
	if err != nil {
		a.report(err, rec.op.Pos)
	}
	a.cur.size += int64(n) * a.wordBytes()
}

func (a *assembler) sizeOp(rec *stmtRec, op *Op, depth int) (int, error) {
	if depth > maxExpansionDepth {
		return 0, errAt(op.Pos, "pseudo-instruction %s expands too deeply", op.Name)
	}
	insts, pseudos, disabled := a.candidates(op.Name)
	if len(insts)+len(pseudos) == 0 {
		return 1, a.unknownMnemonic(op, disabled)
	}
	// Real instructions are always one word; a shape match picks among
	// pseudos (the operands' values are not known yet).
	for _, in := range insts {
		if a.shapeMatchesForm(a.as.forms[in], op.Args) {
			if depth == 0 {
				rec.cand = in
			}
			return 1, nil
		}
	}
	for _, ps := range pseudos {
		if !a.shapeMatchesForm(a.as.forms[ps], op.Args) {
			continue
		}
		if depth == 0 {
			rec.cand = ps
		}
		if strings.HasPrefix(ps.Expansion, "@") {
			binding, err := a.bind(ps, op)
			if err != nil {
				return 1, err
			}
			lines, err := a.as.backend.Macro(ps.Expansion[1:], binding, a.envAt(0).ctx, 0)
			if err != nil {
				return 1, err
			}
			if depth == 0 {
				rec.macroSize = len(lines)
			}
			return len(lines), nil
		}
		total := 0
		for _, sub := range a.as.expand[ps] {
			n, err := a.sizeOp(rec, sub, depth+1)
			if err != nil {
				return 1, err
			}
			total += n
		}
		return total, nil
	}
	// No form has this shape: size as one word and report in pass 2 with
	// the full diagnosis.
	if len(insts) > 0 {
		rec.cand = insts[0]
	} else {
		rec.cand = pseudos[0]
	}
	return 1, nil
}

// shapeMatchesForm reports whether the user's operands could fit a form:
// same count (allowing trailing defaults and greedy target classes) and
// register operands where the template has registers.
func (a *assembler) shapeMatchesForm(f *tmplForm, args []*Arg) bool {
	tmpl, kinds, extra := f.args, f.kinds, f.extra
	// The register lookups fail quietly (errNoShape): a form that does
	// not fit is common, and its error would be dropped.
	if !a.shaping {
		a.shaping = true
		defer func() { a.shaping = false }()
	}
	ui := 0
	for i, t := range tmpl {
		k := kinds[i]
		if ui >= len(args) {
			if k != nil && k.HasDefault {
				continue
			}
			return false
		}
		u := args[ui]
		switch {
		case k != nil && k.Class == "reg":
			if u.Expr == nil || u.Base != nil {
				return false
			}
			if _, _, err := a.regOperand(k, u.Expr, u, nil); err != nil {
				return false
			}
			ui++
		case k != nil && !isGenericClass(k.Class):
			if k.HasDefault && !a.looksLikeTargetOperand(k, u) {
				continue
			}
			// Greedy target classes (vtype) may take several operands.
			_, n, err := a.as.backend.ParseOperand(k, args[ui:], a.envAt(0).ctx)
			if err != nil && !errors.Is(err, errNotFinal) {
				return false
			}
			ui += max(n, 1)
		case k != nil:
			if u.Expr == nil || u.Base != nil || u.Pair != nil {
				return false
			}
			if _, isReg := a.identRegister(u.Expr); isReg {
				return false
			}
			ui++
		default:
			if !a.literalShapeMatches(t, u) {
				return false
			}
			ui++
		}
	}
	return ui == len(args) || (ui < len(args) && len(args) <= extra)
}

// extraOperands is the "extra" attribute of an instruction or pseudo: up
// to that many operands in all are accepted, those beyond its syntax
// being ignored (not encoded, with a warning unless they are 0), as the
// target's own assembler ignores them. 0 when absent.
func extraOperands(attrs map[string]string) int {
	s, ok := attrs["extra"]
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

// ignoredOperands warns about the operands an instruction accepts beyond
// its syntax (extraOperands) and does not encode, unless they are 0 (or
// the first register of a file), which is how compilers pad them.
func (a *assembler) ignoredOperands(name string, args []*Arg, from int, env *env) []pendingWarn {
	var out []pendingWarn
	for i := from; i < len(args); i++ {
		u := args[i]
		if u.Expr != nil && u.Base == nil {
			if r, ok := a.identRegister(u.Expr); ok && r.Index == 0 {
				continue
			}
			if env != nil {
				if v, err := u.Expr.eval(env); err == nil && v.n == 0 {
					continue
				}
			}
		}
		out = append(out, pendingWarn{u.Pos, fmt.Sprintf("%s: operand %d is ignored (not encoded)", name, i+1),
			"the target's assembler accepts and ignores it; leave it out"})
	}
	return out
}

// looksLikeTargetOperand decides whether an optional target-class operand
// (such as coral's vm) is present at u.
func (a *assembler) looksLikeTargetOperand(k *isadefs.OperandKind, u *Arg) bool {
	_, _, err := a.as.backend.ParseOperand(k, []*Arg{u}, a.envAt(0).ctx)
	return err == nil || errors.Is(err, errNotFinal)
}

func isGenericClass(c string) bool {
	switch c {
	case "reg", "simm", "uimm", "pcrel", "enum":
		return true
	}
	return false
}

// kindOf returns the operand kind a template operand names, if it is a
// single identifier naming one.
func (a *assembler) kindOf(t *Arg) *isadefs.OperandKind {
	if k, ok := a.as.kinds[t]; ok {
		return k
	}
	return kindOfArg(a.as.isa, t)
}

// kindOfArg is kindOf without the table of template operands.
func kindOfArg(isa *isadefs.ISA, t *Arg) *isadefs.OperandKind {
	if t.Expr == nil || t.Base != nil {
		return nil
	}
	if id, ok := t.Expr.Ident(); ok {
		return isa.Operands[id]
	}
	return nil
}

// literalShapeMatches checks structural template operands: memory forms,
// brackets, "#imm", and literal identifiers such as "v0".
func (a *assembler) literalShapeMatches(t, u *Arg) bool {
	if _, tb, ok := t.Mem(); ok {
		_, ub, ok := u.Mem()
		if !ok {
			return false
		}
		if k := a.kindOfExpr(tb); k != nil && k.Class == "reg" {
			if _, err := a.registerExpr(ub, k.Sub); err != nil {
				return false
			}
		}
		return true
	}
	switch {
	case t.Bracket != nil:
		if len(u.Bracket) != len(t.Bracket) {
			return false
		}
		for i := range t.Bracket {
			k := a.kindOf(t.Bracket[i])
			ub := u.Bracket[i]
			switch {
			case k == nil:
				if !a.literalShapeMatches(t.Bracket[i], ub) {
					return false
				}
			case k.Class == "reg":
				if ub.Expr == nil || ub.Base != nil {
					return false
				}
				if _, _, err := a.regOperand(k, ub.Expr, ub, nil); err != nil {
					return false
				}
			case isGenericClass(k.Class):
				if ub.Expr == nil || ub.Base != nil {
					return false
				}
				if _, isReg := a.identRegister(ub.Expr); isReg {
					return false
				}
			}
		}
		return true
	case t.Hash != nil:
		return u.Hash != nil
	}
	tid, ok := t.Expr.Ident()
	if !ok {
		return false
	}
	uid, ok := u.Expr.Ident()
	return ok && strings.EqualFold(tid, uid)
}

func (a *assembler) kindOfExpr(e *Expr) *isadefs.OperandKind {
	if id, ok := e.Ident(); ok {
		return a.as.isa.Operands[id]
	}
	return nil
}

func (a *assembler) identRegister(e *Expr) (isadefs.RegRef, bool) {
	id, ok := e.Ident()
	if !ok {
		return isadefs.RegRef{}, false
	}
	if s, isSym := a.symbols[id]; isSym && s.defined {
		return isadefs.RegRef{}, false
	}
	return a.as.isa.Register(id)
}

// errNoShape is the error of a register lookup made by shapeMatches
// (assembler.shaping), which only asks whether it fails: no message is
// built for it.
var errNoShape = errors.New("the operand does not have the shape of the form")

func (a *assembler) register(u *Arg, file string) (int, error) {
	if u.Expr == nil || u.Base != nil {
		if a.shaping {
			return 0, errNoShape
		}
		return 0, errAt(u.Pos, "expected %s", a.regFileDesc(file))
	}
	return a.registerExpr(u.Expr, file)
}

func (a *assembler) registerExpr(e *Expr, file string) (int, error) {
	if rf := a.as.isa.RegFiles[file]; rf != nil && rf.Class {
		if id, ok := e.Ident(); ok {
			if idx, ok := rf.IndexOf(id); ok {
				return idx, nil
			}
		}
	}
	r, ok := a.identRegister(e)
	if !ok {
		if a.shaping {
			return 0, errNoShape
		}
		return 0, errAt(e.Pos, "expected %s", a.regFileDesc(file))
	}
	if r.File.Name != file {
		if a.shaping {
			return 0, errNoShape
		}
		id, _ := e.Ident()
		return 0, errAt(e.Pos, "%s is %s, but %s is expected here", id, a.regFileDesc(r.File.Name), a.regFileDesc(file))
	}
	return r.Index, nil
}

func (a *assembler) regFileDesc(file string) string {
	if d, ok := a.as.regDesc[file]; ok {
		return d
	}
	return describeRegFile(a.as.isa, file, a.as.isa.RegFiles[file])
}

// describeRegFile names a register file or class for messages: "an x
// register (x0-x31)", "one of r0-r31, p0-p7, lr"; "a register" when rf
// is nil.
func describeRegFile(isa *isadefs.ISA, file string, rf *isadefs.RegFile) string {
	if rf == nil {
		return "a register"
	}
	if rf.Class {
		return "one of " + classDesc(isa, rf)
	}
	article := "a"
	if strings.ContainsRune("aefhilmnorsx", rune(file[0])) {
		article = "an" // "an f register", "an x register"
	}
	return fmt.Sprintf("%s %s register (%s0-%s%d)", article, file, file, file, rf.Count-1)
}

// classDesc lists the registers of a register class compactly, by the
// register file they belong to: "r0-r31, p0-p7, lr".
func classDesc(isa *isadefs.ISA, rc *isadefs.RegFile) string {
	type run struct {
		file   *isadefs.RegFile
		lo, hi int
	}
	var runs []run
	seen := map[string]bool{}
	var regs []isadefs.RegRef
	for _, n := range rc.Names {
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		if r, ok := isa.Register(n); ok {
			regs = append(regs, r)
		}
	}
	// By file (in the order the class first names one), then number.
	fileOrder := map[*isadefs.RegFile]int{}
	for _, r := range regs {
		if _, ok := fileOrder[r.File]; !ok {
			fileOrder[r.File] = len(fileOrder)
		}
	}
	sort.SliceStable(regs, func(i, j int) bool {
		if regs[i].File != regs[j].File {
			return fileOrder[regs[i].File] < fileOrder[regs[j].File]
		}
		return regs[i].Index < regs[j].Index
	})
	for _, r := range regs {
		if l := len(runs) - 1; l >= 0 && runs[l].file == r.File && runs[l].hi+1 == r.Index {
			runs[l].hi = r.Index
			continue
		}
		runs = append(runs, run{file: r.File, lo: r.Index, hi: r.Index})
	}
	var parts []string
	for _, r := range runs {
		if r.lo == r.hi {
			parts = append(parts, r.file.Names[r.lo])
		} else {
			parts = append(parts, r.file.Names[r.lo]+"-"+r.file.Names[r.hi])
		}
	}
	return strings.Join(parts, ", ")
}

// encodeInstruction encodes a statement in pass 2 into words.
func (a *assembler) encodeInstruction(rec *stmtRec, pc int64) ([]uint64, error) {
	switch c := rec.cand.(type) {
	case *isadefs.Inst:
		words, err := a.encodeOp(rec.op, pc, 0)
		if err != nil {
			return nil, a.explain(rec.op, pc, err)
		}
		return words, nil
	case *isadefs.Pseudo:
		if !a.shapeMatchesForm(a.as.forms[c], rec.op.Args) {
			// Pass 1 found no form with these operands: say why (a form
			// of an extension the hardware config lacks has them).
			if ext := a.disabledFormFor(rec.op); ext != "" {
				return nil, a.unknownMnemonic(rec.op, ext)
			}
			return nil, a.explain(rec.op, pc, a.pseudoShapeError(c, rec.op))
		}
		words, err := a.expandPseudo(c, rec.op, pc, rec.macroSize, 0)
		if err != nil {
			return nil, a.explain(rec.op, pc, err)
		}
		return words, nil
	}
	_, _, disabled := a.candidates(rec.op.Name)
	return nil, a.unknownMnemonic(rec.op, disabled)
}

func (a *assembler) encodeOp(op *Op, pc int64, depth int) ([]uint64, error) {
	if depth > maxExpansionDepth {
		return nil, errAt(op.Pos, "pseudo-instruction %s expands too deeply", op.Name)
	}
	insts, pseudos, disabled := a.candidates(op.Name)
	var firstErr error
	for _, in := range insts {
		w, err := a.matchEncode(in, op, pc)
		if err == nil {
			for _, pw := range a.candWarns {
				a.warnAt(pw.pos, pw.msg, pw.hint)
			}
			if a.final {
				a.seq = append(a.seq, a.candSeq)
			}
			a.word[0] = w
			return a.word[:1:1], nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	for _, ps := range pseudos {
		if !a.shapeMatchesForm(a.as.forms[ps], op.Args) {
			continue
		}
		return a.expandPseudo(ps, op, pc, 0, depth)
	}
	if firstErr == nil && len(pseudos) > 0 && disabled == "" {
		ps := pseudos[0]
		firstErr = &posError{pos: op.Pos, msg: fmt.Sprintf("%s: the operands fit none of its forms", op.Name), hint: "form: " + strings.TrimSpace(ps.Name+" "+ps.Syntax)}
	}
	if firstErr == nil {
		firstErr = a.unknownMnemonic(op, disabled)
	}
	return nil, firstErr
}

func (a *assembler) expandPseudo(ps *isadefs.Pseudo, op *Op, pc int64, size, depth int) ([]uint64, error) {
	binding, err := a.bind(ps, op)
	if err != nil {
		return nil, err
	}
	if n := len(a.as.tmpl[ps]); len(op.Args) > n && extraOperands(ps.Attrs) > 0 && depth == 0 {
		for _, w := range a.ignoredOperands(ps.Name, op.Args, n, a.envAt(pc)) {
			a.warnAt(w.pos, w.msg, w.hint)
		}
	}
	var ops []*Op
	if strings.HasPrefix(ps.Expansion, "@") {
		ctx := a.envAt(pc).ctx
		lines, err := a.as.backend.Macro(ps.Expansion[1:], binding, ctx, size)
		if err != nil {
			return nil, err
		}
		for _, text := range lines {
			l, err := a.as.syntax.parseLine(a.file, op.Pos.Line, text)
			if err != nil || len(l.Stmts) != 1 || l.Stmts[0].Op == nil {
				return nil, errAt(op.Pos, "internal error: macro %s produced %q: %v", ps.Expansion, text, err)
			}
			sub := l.Stmts[0].Op
			repositionOp(sub, op.Pos)
			ops = append(ops, sub)
		}
	} else {
		for _, t := range a.as.expand[ps] {
			ops = append(ops, substituteOp(t, ps, binding, op.Pos))
		}
	}
	var words []uint64
	for _, sub := range ops {
		ws, err := a.encodeOp(sub, pc+int64(len(words))*a.wordBytes(), depth+1)
		if err != nil {
			return nil, err
		}
		words = append(words, ws...)
	}
	return words, nil
}

// bind maps a pseudo's operand names to the user's operands.
func (a *assembler) bind(ps *isadefs.Pseudo, op *Op) (map[string]*Arg, error) {
	binding := map[string]*Arg{}
	tmpl := a.as.tmpl[ps]
	ui := 0
	for _, t := range tmpl {
		k := a.kindOf(t)
		if ui >= len(op.Args) {
			if k != nil && k.HasDefault {
				continue
			}
			return nil, errAt(op.EndPos, "%s: missing operand", op.Name)
		}
		if k == nil {
			if _, tb, ok := t.Mem(); ok {
				uo, ub, _ := op.Args[ui].Mem()
				if to, _, _ := t.Mem(); to != nil {
					if id, ok := to.Ident(); ok {
						binding[id] = exprArg(uo, op.Args[ui].Pos)
					}
				}
				if id, ok := tb.Ident(); ok {
					binding[id] = exprArg(ub, op.Args[ui].Pos)
				}
			}
			ui++
			continue
		}
		if !isGenericClass(k.Class) && k.HasDefault && !a.looksLikeTargetOperand(k, op.Args[ui]) {
			continue
		}
		binding[k.Name] = op.Args[ui]
		ui++
	}
	return binding, nil
}

func exprArg(e *Expr, pos lexer.Position) *Arg {
	if e == nil {
		zero := "0"
		e = &Expr{Pos: pos, First: &Unary{Prim: &Prim{Pos: pos, Number: &zero}}}
	}
	return &Arg{Pos: pos, Expr: e}
}

// substituteOp copies an expansion template, replacing operand names by
// the user's operands; optional operands the user left out are dropped.
func substituteOp(t *Op, ps *isadefs.Pseudo, binding map[string]*Arg, pos lexer.Position) *Op {
	out := &Op{Pos: pos, EndPos: pos, Name: t.Name}
	for _, arg := range t.Args {
		if id, ok := arg.Expr.Ident(); ok && arg.Base == nil {
			if b, bound := binding[id]; bound {
				out.Args = append(out.Args, b)
				continue
			}
			if pseudoHasOperand(ps, id) {
				// An optional operand the user left out: drop it, so the
				// real instruction applies its default.
				continue
			}
		}
		out.Args = append(out.Args, substituteArg(arg, binding, pos))
	}
	return out
}

func pseudoHasOperand(ps *isadefs.Pseudo, name string) bool {
	for _, k := range ps.Operands {
		if k.Name == name {
			return true
		}
	}
	return false
}

func substituteArg(arg *Arg, binding map[string]*Arg, pos lexer.Position) *Arg {
	out := &Arg{Pos: pos, EndPos: pos, Str: arg.Str}
	if arg.Expr != nil {
		out.Expr = substituteExpr(arg.Expr, binding)
	}
	if arg.Base != nil {
		out.Base = substituteExpr(arg.Base, binding)
	}
	if arg.Hash != nil {
		out.Hash = substituteExpr(arg.Hash, binding)
	}
	for _, b := range arg.Bracket {
		out.Bracket = append(out.Bracket, substituteArg(b, binding, pos))
	}
	return out
}

func substituteExpr(e *Expr, binding map[string]*Arg) *Expr {
	if e == nil {
		return nil
	}
	out := &Expr{Pos: e.Pos, First: substituteUnary(e.First, binding)}
	for _, r := range e.Rest {
		out.Rest = append(out.Rest, &BinTail{Op: r.Op, Right: substituteUnary(r.Right, binding)})
	}
	return out
}

func substituteUnary(u *Unary, binding map[string]*Arg) *Unary {
	p := u.Prim
	np := *p
	if p.Ident != nil {
		if b, ok := binding[*p.Ident]; ok && b.Expr != nil && b.Base == nil {
			np = Prim{Pos: b.Expr.Pos, Sub: b.Expr}
			if id, isID := b.Expr.Ident(); isID {
				np = Prim{Pos: b.Expr.Pos, Ident: &id}
			}
		}
	}
	if p.Sub != nil {
		np.Sub = substituteExpr(p.Sub, binding)
	}
	if p.Mod != nil {
		np.Mod = &Modifier{Name: p.Mod.Name, Arg: substituteExpr(p.Mod.Arg, binding)}
	}
	return &Unary{Ops: u.Ops, Prim: &np}
}

func repositionOp(op *Op, pos lexer.Position) {
	op.Pos, op.EndPos = pos, pos
	for _, arg := range op.Args {
		repositionArg(arg, pos)
	}
}

func repositionArg(arg *Arg, pos lexer.Position) {
	arg.Pos, arg.EndPos = pos, pos
	for _, e := range []*Expr{arg.Expr, arg.Base, arg.Hash} {
		if e != nil {
			e.Pos = pos
		}
	}
	for _, b := range arg.Bracket {
		repositionArg(b, pos)
	}
}

// matchEncode matches the user's operands against one instruction's
// template and encodes it.
func (a *assembler) matchEncode(in *isadefs.Inst, op *Op, pc int64) (uint64, error) {
	values := a.values.take(len(in.Operands))
	opPos := a.valuePos.take(len(in.Operands))
	// idx is the position of an operand kind in in.Operands (the last
	// one if it occurs twice; 0 for a kind that is not there).
	idx := func(k *isadefs.OperandKind) int {
		for i := len(in.Operands) - 1; i >= 0; i-- {
			if in.Operands[i] == k {
				return i
			}
		}
		return 0
	}
	a.candWarns = a.candWarns[:0]
	env := a.envAt(pc)
	set := func(k *isadefs.OperandKind, v int64, pos lexer.Position) error {
		if err := k.CheckRange(v); err != nil {
			return &posError{pos: pos, msg: err.Error(), hint: "form: " + in.Name + " " + in.Syntax}
		}
		i := idx(k)
		values[i], opPos[i] = v, pos
		return nil
	}
	form := a.as.forms[in]
	ui := 0
	for ti, t := range form.args {
		k := form.kinds[ti]
		if ui >= len(op.Args) {
			if k != nil && k.HasDefault {
				values[idx(k)] = k.Default
				continue
			}
			return 0, &posError{pos: op.EndPos, msg: fmt.Sprintf("%s: too few operands", op.Name), hint: "form: " + in.Name + " " + in.Syntax}
		}
		u := op.Args[ui]
		if k != nil && !isGenericClass(k.Class) {
			if k.HasDefault && !a.looksLikeTargetOperand(k, u) {
				values[idx(k)] = k.Default
				continue
			}
			v, n, err := a.as.backend.ParseOperand(k, op.Args[ui:], env.ctx)
			if err != nil {
				return 0, withPos(err, u.Pos, "form: "+in.Name+" "+in.Syntax)
			}
			if err := set(k, v, u.Pos); err != nil {
				return 0, err
			}
			ui += max(n, 1)
			continue
		}
		if k != nil {
			v, err := a.operandValue(k, u.Expr, u, env, pc)
			if err != nil {
				return 0, withPos(err, u.Pos, "form: "+in.Name+" "+in.Syntax)
			}
			if err := set(k, v, u.Pos); err != nil {
				return 0, err
			}
			ui++
			continue
		}
		if err := a.matchStructural(t, u, env, pc, set, in); err != nil {
			return 0, err
		}
		ui++
	}
	if ui < len(op.Args) {
		if len(op.Args) > extraOperands(in.Attrs) {
			return 0, &posError{pos: op.Args[ui].Pos, msg: fmt.Sprintf("%s: too many operands", op.Name), hint: "form: " + in.Name + " " + in.Syntax}
		}
		a.candWarns = append(a.candWarns, a.ignoredOperands(in.Name, op.Args, ui, env)...)
	}
	if v := in.Violations(values); len(v) > 0 {
		return 0, &posError{pos: op.Pos, msg: overlapMessage(in, v[0]), hint: "form: " + in.Name + " " + in.Syntax}
	}
	w, err := in.Encode(values)
	if err != nil {
		return 0, err
	}
	a.candWarns = append(a.candWarns, operandWarnings(in, values, opPos)...)
	a.candWarns = append(a.candWarns, a.lintWarnings(in, values, opPos, op.Pos)...)
	if a.final {
		// values and opPos are this call's own: nothing changes them now.
		a.candSeq = seqRec{LintInst{in, values}, op.Pos, opPos}
	}
	return w, nil
}

// overlapMessage explains a broken register-overlap constraint (isa-defs
// noov): the same rules llvm-mc enforces.
func overlapMessage(in *isadefs.Inst, rule string) string {
	if rule == "v0" {
		return fmt.Sprintf("%s: the destination cannot be v0 here, because v0 is read as the mask (or carry/merge input)", in.Name)
	}
	return fmt.Sprintf("%s: the destination register group cannot overlap source %s", in.Name, rule)
}

func withPos(err error, pos lexer.Position, hint string) error {
	var pe *posError
	if errors.As(err, &pe) {
		if pe.hint == "" {
			pe.hint = hint // used unless hintFn finds a better one
		}
		return pe
	}
	return &posError{pos: pos, msg: err.Error(), hint: hint}
}

// operandValue evaluates a generic-class operand.
func (a *assembler) operandValue(k *isadefs.OperandKind, e *Expr, u *Arg, env *env, pc int64) (int64, error) {
	if e == nil || (u != nil && u.Base != nil) {
		return 0, errAt(u.Pos, "expected %s", kindDesc(a, k))
	}
	switch k.Class {
	case "reg":
		v, warn, err := a.regOperand(k, e, u, env)
		if err == nil && warn != "" {
			a.candWarns = append(a.candWarns, pendingWarn{e.Pos, warn, ""})
		}
		return v, err
	case "enum":
		if id, ok := e.Ident(); ok {
			en := a.as.isa.Enums[k.Sub]
			if v, ok := en.Values[strings.ToLower(id)]; ok {
				return v, nil
			}
			if s, isSym := a.symbols[id]; !isSym || !s.defined {
				return 0, &posError{pos: e.Pos, msg: fmt.Sprintf("unknown %s %q", k.Sub, id), hint: "one of: " + strings.Join(en.Order, ", ")}
			}
		}
	}
	if r, isReg := a.identRegister(e); isReg {
		return 0, errAt(e.Pos, "%s is a %s register, but %s is expected here", r.File.Names[r.Index], r.File.Name, kindDesc(a, k))
	}
	v, err := e.eval(env)
	if err != nil {
		return 0, err
	}
	if k.Class == "pcrel" && v.isAddr {
		return v.n - pc, nil
	}
	return v.n, nil
}

func kindDesc(a *assembler, k *isadefs.OperandKind) string {
	switch k.Class {
	case "reg":
		return a.regFileDesc(k.Sub)
	case "pcrel":
		return "a label or offset"
	case "enum":
		return "one of " + strings.Join(a.as.isa.Enums[k.Sub].Order, ", ")
	}
	return fmt.Sprintf("an immediate in [%d, %d]", k.Min, k.Max)
}

// matchStructural matches memory forms, brackets, "#imm" and literals.
func (a *assembler) matchStructural(t, u *Arg, env *env, pc int64, set func(*isadefs.OperandKind, int64, lexer.Position) error, in *isadefs.Inst) error {
	hint := "form: " + in.Name + " " + in.Syntax
	if toff, tbase, ok := t.Mem(); ok {
		uoff, ubase, ok := u.Mem()
		if !ok {
			return &posError{pos: u.Pos, msg: "expected a memory operand like offset(register)", hint: hint}
		}
		if kb := a.kindOfExpr(tbase); kb != nil {
			v, err := a.operandValue(kb, ubase, nil, env, pc)
			if err != nil {
				return withPos(err, u.Pos, hint)
			}
			if err := set(kb, v, u.Pos); err != nil {
				return err
			}
		}
		switch {
		case toff != nil:
			ko := a.kindOfExpr(toff)
			if ko == nil {
				return &posError{pos: u.Pos, msg: "internal error: bad memory template " + in.Syntax}
			}
			v := int64(0)
			if uoff != nil {
				var err error
				if v, err = a.operandValue(ko, uoff, nil, env, pc); err != nil {
					return withPos(err, u.Pos, hint)
				}
			}
			return set(ko, v, u.Pos)
		case uoff != nil:
			v, err := uoff.eval(env)
			if err != nil {
				return err
			}
			if v.n != 0 {
				return &posError{pos: u.Pos, msg: fmt.Sprintf("%s takes no offset: write (reg) or 0(reg)", in.Name), hint: hint}
			}
		}
		return nil
	}
	switch {
	case t.Bracket != nil:
		if len(u.Bracket) != len(t.Bracket) {
			return &posError{pos: u.Pos, msg: fmt.Sprintf("expected a bracketed list of %d operands", len(t.Bracket)), hint: hint}
		}
		for i := range t.Bracket {
			if k := a.kindOf(t.Bracket[i]); k != nil {
				v, err := a.operandValue(k, u.Bracket[i].Expr, u.Bracket[i], env, pc)
				if err != nil {
					return withPos(err, u.Bracket[i].Pos, hint)
				}
				if err := set(k, v, u.Bracket[i].Pos); err != nil {
					return err
				}
			} else if err := a.matchStructural(t.Bracket[i], u.Bracket[i], env, pc, set, in); err != nil {
				return err
			}
		}
		return nil
	case t.Hash != nil:
		k := a.kindOfExpr(t.Hash)
		if u.Hash == nil || k == nil {
			return &posError{pos: u.Pos, msg: "expected #immediate", hint: hint}
		}
		v, err := a.operandValue(k, u.Hash, nil, env, pc)
		if err != nil {
			return withPos(err, u.Pos, hint)
		}
		return set(k, v, u.Pos)
	}
	tid, _ := t.Expr.Ident()
	if uid, ok := u.Expr.Ident(); !ok || !strings.EqualFold(tid, uid) {
		return &posError{pos: u.Pos, msg: fmt.Sprintf("expected %s here", tid), hint: hint}
	}
	return nil
}

// pseudoShapeError explains why a pseudo-instruction's operands do not
// fit its form: their count, or the first that is of the wrong kind.
func (a *assembler) pseudoShapeError(ps *isadefs.Pseudo, op *Op) error {
	tmpl := a.as.tmpl[ps]
	hint := "form: " + ps.Mnemonic + " " + ps.Syntax
	min, max := 0, len(tmpl)
	for _, t := range tmpl {
		if k := a.kindOf(t); k == nil || !k.HasDefault {
			min++
		}
	}
	want := fmt.Sprintf("%d", max)
	if min != max {
		want = fmt.Sprintf("%d to %d", min, max)
	}
	switch n := len(op.Args); {
	case n > max:
		return &posError{pos: op.Args[max].Pos, msg: fmt.Sprintf("%s takes %s operands, not %d", op.Name, want, n), hint: hint}
	case n < min:
		return &posError{pos: op.EndPos, msg: fmt.Sprintf("%s takes %s operands, not %d", op.Name, want, n), hint: hint}
	}
	for i, t := range tmpl {
		if i >= len(op.Args) {
			break
		}
		k := a.kindOf(t)
		if k != nil && k.Class == "reg" {
			if _, err := a.register(op.Args[i], k.Sub); err != nil {
				return withPos(err, op.Args[i].Pos, hint)
			}
		} else if k != nil && isGenericClass(k.Class) {
			u := op.Args[i]
			if u.Expr == nil || u.Base != nil {
				return &posError{pos: u.Pos, msg: fmt.Sprintf("expected %s", kindDesc(a, k)), hint: hint}
			}
			if r, isReg := a.identRegister(u.Expr); isReg {
				return &posError{pos: u.Pos, msg: fmt.Sprintf("%s is %s, but %s is expected here", r.File.Names[r.Index], a.regFileDesc(r.File.Name), kindDesc(a, k)), hint: hint}
			}
		}
	}
	return &posError{pos: op.Pos, msg: fmt.Sprintf("the operands do not fit %s", op.Name), hint: hint}
}

// explain turns a failed match into the most helpful error: with several
// forms of a mnemonic, it lists them.
func (a *assembler) explain(op *Op, pc int64, err error) error {
	insts, pseudos, _ := a.candidates(op.Name)
	if len(insts)+len(pseudos) <= 1 {
		return err
	}
	var forms []string
	for _, in := range insts {
		forms = append(forms, in.Name+" "+in.Syntax)
	}
	for _, ps := range pseudos {
		forms = append(forms, ps.Name+" "+ps.Syntax)
	}
	var pe *posError
	if errors.As(err, &pe) {
		pe.hint, pe.hintFn = "forms: "+strings.Join(forms, " | "), nil
		return pe
	}
	return err
}
