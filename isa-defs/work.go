package isadefs

import (
	"fmt"
	"strconv"
	"strings"
)

// Work is an instruction's declared work (its work= attribute): how much
// of a measure (MACs, elements, bytes, ops) one execution does, as an
// expression of the hardware config's parameters, or None: the reason it
// does no work that a unit's peak bounds (control, register moves).
//
//	work=macs:blen*mlen*blen    work=none:control
//
// A target's timing model checks every instruction's work against its
// units' peaks (sim.PeakModel); the expression's names are the target's
// (plena: its params, mlen, blen, hlen, broadcast, ...).
type Work struct {
	Measure string // "macs", "elements", "bytes", "ops"; "" when None
	Expr    string // integers, names, + - * / and parentheses
	None    string // why the instruction does no work; "" when it does
}

// Work returns the instruction's work= declaration, or false when it has
// none.
func (in *Inst) Work() (Work, bool) {
	v, ok := in.Attrs["work"]
	if !ok {
		return Work{}, false
	}
	w, err := ParseWork(v)
	return w, err == nil
}

// ParseWork reads a work= value: MEASURE:EXPR or none:REASON.
func ParseWork(v string) (Work, error) {
	m, e, ok := strings.Cut(v, ":")
	switch {
	case !ok || m == "" || e == "":
		return Work{}, fmt.Errorf("work=%s: want MEASURE:EXPR or none:REASON", v)
	case m == "none":
		return Work{None: strings.ReplaceAll(e, "-", " ")}, nil
	}
	if _, err := EvalExpr(e, func(string) (int64, bool) { return 1, true }); err != nil {
		return Work{}, fmt.Errorf("work=%s: %w", v, err)
	}
	return Work{Measure: m, Expr: e}, nil
}

// Eval is the work's amount with the names of its expression looked up in
// vars (0 for None).
func (w Work) Eval(vars func(name string) (int64, bool)) (int64, error) {
	if w.None != "" {
		return 0, nil
	}
	return EvalExpr(w.Expr, vars)
}

// EvalExpr evaluates an integer expression of numbers and names joined
// by + - * / (integer division, which must be exact) and parentheses,
// with the usual precedence. A name vars does not know is an error.
func EvalExpr(expr string, vars func(name string) (int64, bool)) (int64, error) {
	e := &exprParser{s: expr, vars: vars}
	v := e.sum()
	if e.err == nil && e.pos < len(e.s) {
		e.fail("unexpected %q", e.s[e.pos:])
	}
	if e.err != nil {
		return 0, fmt.Errorf("expression %q: %w", expr, e.err)
	}
	return v, nil
}

type exprParser struct {
	s    string
	pos  int
	vars func(string) (int64, bool)
	err  error
}

func (e *exprParser) fail(format string, a ...any) {
	if e.err == nil {
		e.err = fmt.Errorf(format, a...)
	}
}

func (e *exprParser) peek() byte {
	for e.pos < len(e.s) && e.s[e.pos] == ' ' {
		e.pos++
	}
	if e.pos < len(e.s) {
		return e.s[e.pos]
	}
	return 0
}

func (e *exprParser) sum() int64 {
	v := e.product()
	for e.err == nil {
		switch e.peek() {
		case '+':
			e.pos++
			v += e.product()
		case '-':
			e.pos++
			v -= e.product()
		default:
			return v
		}
	}
	return v
}

func (e *exprParser) product() int64 {
	v := e.factor()
	for e.err == nil {
		switch e.peek() {
		case '*':
			e.pos++
			v *= e.factor()
		case '/':
			e.pos++
			d := e.factor()
			if d == 0 || v%d != 0 {
				e.fail("%d / %d is not a whole number", v, d)
				return 0
			}
			v /= d
		default:
			return v
		}
	}
	return v
}

func (e *exprParser) factor() int64 {
	c := e.peek()
	switch {
	case c == '(':
		e.pos++
		v := e.sum()
		if e.peek() != ')' {
			e.fail("missing )")
			return 0
		}
		e.pos++
		return v
	case c >= '0' && c <= '9':
		start := e.pos
		for e.pos < len(e.s) && e.s[e.pos] >= '0' && e.s[e.pos] <= '9' {
			e.pos++
		}
		v, err := strconv.ParseInt(e.s[start:e.pos], 10, 64)
		if err != nil {
			e.fail("%v", err)
		}
		return v
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		start := e.pos
		for e.pos < len(e.s) {
			c := e.s[e.pos]
			if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') {
				break
			}
			e.pos++
		}
		name := e.s[start:e.pos]
		v, ok := e.vars(name)
		if !ok {
			e.fail("unknown name %q", name)
		}
		return v
	case c == 0:
		e.fail("expression ends early")
	default:
		e.fail("unexpected %q", string(c))
	}
	return 0
}
