package asm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// value is the result of evaluating an expression: a number, and whether
// it depends on an address (a label or "."), which makes PC-relative
// operands subtract the instruction's address.
type value struct {
	n      int64
	isAddr bool
}

// evalEnv resolves the names an expression refers to.
type evalEnv interface {
	symbol(name string, pos lexer.Position) (value, error)
	localRef(ref string, pos lexer.Position) (value, error)
	modifier(name string, arg value, pos lexer.Position) (value, error)
	// enter and leave bracket one nested evaluation (MaxEvalDepth).
	enter(pos lexer.Position) error
	leave()
}

// posError is an error at a source position.
type posError struct {
	pos    lexer.Position
	msg    string
	hint   string
	hintFn func() string // computes hint when the error is reported (costly hints)
	// format and args make msg when it is first asked for: matching
	// makes and drops many errors (a form that does not fit).
	format string
	args   []any
}

func (e *posError) Error() string {
	if e.format != "" {
		e.msg, e.format, e.args = fmt.Sprintf(e.format, e.args...), "", nil
	}
	return e.msg
}

func errAt(pos lexer.Position, format string, args ...any) *posError {
	return &posError{pos: pos, format: format, args: args}
}

var precedence = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

func (e *Expr) eval(env evalEnv) (value, error) {
	if e == nil { // a string or bracketed operand where a number belongs
		return value{}, errAt(lexer.Position{}, "expected a number or an expression")
	}
	if err := env.enter(e.Pos); err != nil {
		env.leave()
		return value{}, err
	}
	defer env.leave()
	terms := make([]value, 0, len(e.Rest)+1)
	ops := make([]string, 0, len(e.Rest))
	first, err := e.First.eval(env)
	if err != nil {
		return value{}, err
	}
	terms = append(terms, first)
	reduce := func() error {
		op := ops[len(ops)-1]
		a, b := terms[len(terms)-2], terms[len(terms)-1]
		r, err := applyBinary(op, a, b, e.Pos)
		if err != nil {
			return err
		}
		ops = ops[:len(ops)-1]
		terms = append(terms[:len(terms)-2], r)
		return nil
	}
	for _, t := range e.Rest {
		for len(ops) > 0 && precedence[ops[len(ops)-1]] >= precedence[t.Op] {
			if err := reduce(); err != nil {
				return value{}, err
			}
		}
		v, err := t.Right.eval(env)
		if err != nil {
			return value{}, err
		}
		ops = append(ops, t.Op)
		terms = append(terms, v)
	}
	for len(ops) > 0 {
		if err := reduce(); err != nil {
			return value{}, err
		}
	}
	return terms[0], nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func applyBinary(op string, a, b value, pos lexer.Position) (value, error) {
	x, y := a.n, b.n
	var r int64
	switch op {
	case "+":
		r = x + y
	case "-":
		// label - label is a plain number (a distance)
		return value{x - y, a.isAddr != b.isAddr}, nil
	case "*":
		r = x * y
	case "/", "%":
		if y == 0 {
			return value{}, errAt(pos, "division by zero in expression")
		}
		if op == "/" {
			r = x / y
		} else {
			r = x % y
		}
	case "<<":
		r = x << uint64(y&63)
	case ">>":
		r = x >> uint64(y&63)
	case "&":
		r = x & y
	case "|":
		r = x | y
	case "^":
		r = x ^ y
	case "&&":
		r = b2i(x != 0 && y != 0)
	case "||":
		r = b2i(x != 0 || y != 0)
	case "==":
		r = b2i(x == y)
	case "!=":
		r = b2i(x != y)
	case "<":
		r = b2i(x < y)
	case ">":
		r = b2i(x > y)
	case "<=":
		r = b2i(x <= y)
	case ">=":
		r = b2i(x >= y)
	default:
		return value{}, errAt(pos, "unknown operator %q", op)
	}
	return value{r, a.isAddr || b.isAddr}, nil
}

func (u *Unary) eval(env evalEnv) (value, error) {
	v, err := u.Prim.eval(env)
	if err != nil {
		return value{}, err
	}
	for i := len(u.Ops) - 1; i >= 0; i-- {
		switch u.Ops[i] {
		case "-":
			v.n = -v.n
		case "~":
			v.n = ^v.n
		case "!":
			v.n = b2i(v.n == 0)
		}
	}
	return v, nil
}

func (p *Prim) eval(env evalEnv) (value, error) {
	switch {
	case p.Number != nil:
		n, err := parseNumber(*p.Number)
		if err != nil {
			return value{}, errAt(p.Pos, "%v", err)
		}
		return value{n: n}, nil
	case p.Float != nil:
		return value{}, errAt(p.Pos, "floating-point literal %s is only allowed in .float/.double", *p.Float)
	case p.Char != nil:
		s, err := strconv.Unquote(*p.Char)
		if err != nil || len(s) != 1 {
			return value{}, errAt(p.Pos, "bad character literal %s", *p.Char)
		}
		return value{n: int64(s[0])}, nil
	case p.LocalRef != nil:
		return env.localRef(*p.LocalRef, p.Pos)
	case p.Mod != nil:
		arg, err := p.Mod.Arg.eval(env)
		if err != nil {
			return value{}, err
		}
		return env.modifier(strings.ToLower(p.Mod.Name), arg, p.Pos)
	case p.Ident != nil:
		return env.symbol(*p.Ident, p.Pos)
	case p.Sub != nil:
		return p.Sub.eval(env)
	}
	return value{}, errAt(p.Pos, "empty expression")
}

func parseNumber(s string) (int64, error) {
	v, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("number %s does not fit in 64 bits", s)
	}
	return int64(v), nil
}

// floatBits parses a .float/.double operand (a number, optionally negated,
// or inf/nan) and returns its float64 value.
func floatValue(e *Expr, env evalEnv) (float64, error) {
	if len(e.Rest) == 0 {
		neg := false
		for _, op := range e.First.Ops {
			if op == "-" {
				neg = !neg
			}
		}
		p := e.First.Prim
		var f float64
		var err error
		switch {
		case p.Float != nil:
			f, err = strconv.ParseFloat(*p.Float, 64)
		case p.Ident != nil && (strings.EqualFold(*p.Ident, "inf") || strings.EqualFold(*p.Ident, "nan")):
			f, err = strconv.ParseFloat(*p.Ident, 64)
		default:
			var v value
			v, err = e.eval(env)
			if err == nil {
				return float64(v.n), nil
			}
			return 0, err
		}
		if err != nil {
			return 0, errAt(p.Pos, "bad floating-point number: %v", err)
		}
		if neg {
			f = -f
		}
		return f, nil
	}
	v, err := e.eval(env)
	return float64(v.n), err
}
