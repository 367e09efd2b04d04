package asm

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// errNotFinal means a value depends on an address that pass 1 does not know
// yet; sizing code treats it as "unknown", pass 2 never sees it.
var errNotFinal = errors.New("value not known before layout")

// env evaluates expressions at one location.
type env struct {
	a   *assembler
	dot int64 // value of "." (the current address; pass 2 only)
	ctx *Ctx
}

func (a *assembler) envAt(dot int64) *env {
	e := &env{a: a, dot: dot}
	e.ctx = &Ctx{PC: dot, Final: a.final, a: a, env: e}
	return e
}

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
			return value{}, errAt(pos, "%s is a %s register, but a number or symbol is expected here", name, r.File.Name)
		}
		if !e.a.final {
			return value{}, errNotFinal
		}
		s = e.a.sym(name)
		if !s.used {
			s.used, s.pos = true, pos
		}
		return value{}, &posError{pos: pos, msg: fmt.Sprintf("undefined symbol %q", name), hint: e.a.symbolHint(name)}
	}
	s.used = true
	return e.a.symbolValue(s, pos)
}

func (a *assembler) symbolValue(s *symbol, pos lexer.Position) (value, error) {
	if s.sec != nil {
		if !a.final {
			return value{}, errNotFinal
		}
		return value{s.sec.addr + s.off, true}, nil
	}
	if s.busy {
		return value{}, errAt(pos, "symbol %q is defined in terms of itself", s.name)
	}
	s.busy = true
	defer func() { s.busy = false }()
	return s.expr.eval(a.envAt(0))
}

func (e *env) localRef(ref string, pos lexer.Position) (value, error) {
	num, dir := ref[:len(ref)-1], strings.ToLower(ref[len(ref)-1:])
	cur := len(e.a.stmts) // pass 1: the statement being added
	if e.a.final && e.a.curStmt != nil {
		cur = e.a.curStmt.idx
	}
	defs := e.a.locals[num]
	var found *localDef
	if dir == "b" {
		for i := range defs {
			if defs[i].stmt <= cur {
				found = &defs[i]
			}
		}
	} else {
		for i := range defs {
			if defs[i].stmt > cur {
				found = &defs[i]
				break
			}
		}
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
	for _, arg := range st.op.Args {
		if arg.Expr == nil || len(arg.Expr.Rest) > 0 || arg.Expr.First.Prim.Mod == nil {
			continue
		}
		m := arg.Expr.First.Prim.Mod
		if strings.EqualFold(m.Name, "%pcrel_hi") || strings.EqualFold(m.Name, "%got_pcrel_hi") {
			v, err := m.Arg.eval(a.envAt(addr))
			return v.n, err
		}
	}
	return 0, fmt.Errorf("%%pcrel_lo refers to the %s at %#x, which has no %%pcrel_hi operand", st.op.Name, addr)
}
