package asm

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// errNotFinal means a value depends on an address that pass 1 does not know
// yet; sizing code treats it as "unknown", pass 2 never sees it.
var errNotFinal = errors.New("value not known before layout")

// MaxEvalDepth bounds the nesting of one evaluation: parentheses within
// an expression plus the symbol definitions it reaches through uses
// before their definitions (each definition is evaluated once, where it
// is, so backward chains of any length stay shallow). Deeper is an
// error, never a stack overflow.
const MaxEvalDepth = 10000

// env evaluates expressions at one location.
type env struct {
	a   *assembler
	dot int64 // value of "." (the current address; pass 2 only)
	key int   // where in the source order it is evaluated (assembler.order)
	ctx *Ctx
}

func (a *assembler) envAt(dot int64) *env {
	key := a.order + 1 // pass 1: after everything defined so far
	if a.final && a.curStmt != nil {
		key = a.curStmt.key
	}
	return a.envKey(dot, key)
}

func (a *assembler) envKey(dot int64, key int) *env {
	// Matching asks for the same environment once per candidate form and
	// operand: the last one is reused (an env is never changed once made).
	if e := a.lastEnv; e != nil && e.dot == dot && e.key == key && e.ctx.Final == a.final {
		return e
	}
	ec := a.envs.one()
	e := &ec.e
	*e = env{a: a, dot: dot, key: key, ctx: &ec.c}
	ec.c = Ctx{PC: dot, Final: a.final, a: a, env: e}
	a.lastEnv = e
	return e
}

// envCtx is an env and its Ctx, made together.
type envCtx struct {
	e env
	c Ctx
}

func (e *env) enter(pos lexer.Position) error {
	e.a.depth++
	if e.a.depth > MaxEvalDepth {
		return &posError{pos: pos, msg: fmt.Sprintf("expression nested too deeply: more than %d levels of parentheses and symbol definitions", MaxEvalDepth),
			hint: "define the symbols a value depends on before it"}
	}
	return nil
}

func (e *env) leave() { e.a.depth-- }

func (e *env) symbol(name string, pos lexer.Position) (value, error) {
	if name == "." {
		if !e.a.final {
			return value{}, errNotFinal
		}
		return value{e.dot, true}, nil
	}
	s, ok := e.a.symbols[name]
	if !ok || !s.defined {
		if r, isReg := e.a.as.isa.Register(name); isReg {
			return value{}, errAt(pos, "%s is %s, but a number or symbol is expected here", name, e.a.regFileDesc(r.File.Name))
		}
		if !e.a.final {
			return value{}, errNotFinal
		}
		s = e.a.sym(name)
		if !s.used {
			s.used, s.pos = true, pos
		}
		a := e.a
		return value{}, &posError{pos: pos, msg: fmt.Sprintf("undefined symbol %q", name), hintFn: func() string { return a.symbolHint(name) }}
	}
	s.used = true
	return e.a.symbolValueAt(s, e.key, pos)
}

// symbolValueAt is the value of s as seen at key in the source order.
func (a *assembler) symbolValueAt(s *symbol, key int, pos lexer.Position) (value, error) {
	if s.sec != nil {
		if !a.final {
			return value{}, errNotFinal
		}
		return value{s.sec.addr + s.off, true}, nil
	}
	// The last definition before key; none: a use before the first
	// definition, which sees the last one once all are known.
	i := sort.Search(len(s.defs), func(i int) bool { return s.defs[i].key >= key }) - 1
	if i < 0 {
		if !a.final {
			return value{}, errNotFinal
		}
		i = len(s.defs) - 1
	}
	d := s.defs[i]
	if d.state == defBusy {
		return value{}, errAt(pos, "symbol %q is defined in terms of itself", s.name)
	}
	return a.defValue(d)
}

// defValue evaluates a definition where it is, once per pass.
func (a *assembler) defValue(d *symDef) (value, error) {
	switch d.state {
	case defBusy:
		return value{}, errAt(d.pos, "symbol %q is defined in terms of itself", d.sym.name)
	case defDone:
		return d.val, d.err
	}
	d.state = defBusy
	dot := int64(0)
	if d.sec != nil {
		dot = d.sec.addr + d.off
	}
	d.val, d.err = d.expr.eval(a.envKey(dot, d.key))
	d.state = defDone
	return d.val, d.err
}

func (e *env) localRef(ref string, pos lexer.Position) (value, error) {
	num, dir := ref[:len(ref)-1], strings.ToLower(ref[len(ref)-1:])
	defs := e.a.locals[num]
	// Local labels are recorded in source order: binary search.
	i := sort.Search(len(defs), func(i int) bool { return defs[i].key >= e.key })
	var found *localDef
	if dir == "b" && i > 0 {
		found = &defs[i-1]
	} else if dir == "f" && i < len(defs) {
		found = &defs[i]
	}
	if found == nil && dir == "f" && !e.a.final {
		return value{}, errNotFinal // it may be defined further on
	}
	if found == nil {
		where := "before"
		if dir == "f" {
			where = "after"
		}
		return value{}, errAt(pos, "no local label %s: %s this line", num, where)
	}
	if !e.a.final {
		return value{}, errNotFinal
	}
	return value{found.sec.addr + found.off, true}, nil
}

func (e *env) modifier(name string, arg value, pos lexer.Position) (value, error) {
	v, err := e.a.as.backend.Modifier(name, arg.n, e.ctx)
	if err != nil {
		var pe *posError
		if errors.As(err, &pe) {
			return value{}, err
		}
		return value{}, &posError{pos: pos, msg: err.Error()}
	}
	return value{n: v}, nil
}

// constant evaluates an expression that must be known in pass 1.
func (a *assembler) constant(e *Expr, what string) (int64, error) {
	if e == nil {
		return 0, errAt(lexer.Position{}, "%s must be a number or an expression", what)
	}
	v, err := e.eval(a.envAt(0))
	if errors.Is(err, errNotFinal) {
		return 0, errAt(e.Pos, "%s must be a constant known where it is used (no labels defined later)", what)
	}
	return v.n, err
}

// pcrelHiTarget finds the instruction at addr and evaluates the argument of
// its %pcrel_hi operand (for %pcrel_lo).
func (a *assembler) pcrelHiTarget(addr int64) (int64, error) {
	if a.byAddr == nil {
		a.byAddr = map[int64]*stmtRec{}
		for _, st := range a.stmts {
			if !st.directive {
				a.byAddr[st.sec.addr+st.off] = st
			}
		}
	}
	st, ok := a.byAddr[addr]
	if !ok {
		return 0, fmt.Errorf("%%pcrel_lo refers to %#x, where there is no instruction (it must name the label of an auipc with %%pcrel_hi)", addr)
	}
	op := a.opOf(st)
	for _, arg := range op.Args {
		if arg.Expr == nil || len(arg.Expr.Rest) > 0 || arg.Expr.First.Prim.Mod == nil {
			continue
		}
		m := arg.Expr.First.Prim.Mod
		if strings.EqualFold(m.Name, "%pcrel_hi") || strings.EqualFold(m.Name, "%got_pcrel_hi") {
			v, err := m.Arg.eval(a.envAt(addr))
			return v.n, err
		}
	}
	return 0, fmt.Errorf("%%pcrel_lo refers to the %s at %#x, which has no %%pcrel_hi operand", op.Name, addr)
}
