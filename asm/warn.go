package asm

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	isadefs "kernelcraft/isa-defs"
)

// MaxWarnings bounds how many warnings one assembly reports; the rest are
// counted in one last entry (Error.More).
const MaxWarnings = MaxErrors

// Lint is a warning about one instruction, found by a Linter.
type Lint struct {
	// Operand is the index of the operand it is about, in syntax order
	// (as Inst.Operands), or -1 for the instruction as a whole.
	Operand int
	Msg     string
	Hint    string
}

// Linter is an optional interface of a Backend: a backend that implements
// it is shown every instruction the assembler encodes (pass 2), with its
// operand values in syntax order, and returns warnings about it: an
// encoding that is what the target's own toolchain writes but not what
// its hardware reads, say. Warnings never change the output.
type Linter interface {
	Lint(in *isadefs.Inst, values []int64) []Lint
}

// LintInst is one encoded instruction of a program, as a SequenceLinter
// sees it: the instruction and its operand values in syntax order.
type LintInst struct {
	Inst   *isadefs.Inst
	Values []int64
}

// SeqLint is a warning about the instruction at Index of the program a
// SequenceLinter was shown.
type SeqLint struct {
	Index int
	Lint
}

// SequenceLinter is an optional interface of a Backend: after pass 2 it
// is shown every instruction of the program in source order and returns
// warnings that only the sequence shows (a register read before any
// instruction sets it, an accumulator never written out). Warnings never
// change the output.
type SequenceLinter interface {
	LintSequence(prog []LintInst) []SeqLint
}

// seqRec is one encoded instruction kept for the SequenceLinter.
type seqRec struct {
	LintInst
	pos    lexer.Position
	argPos []lexer.Position
}

// lintSequence runs the backend's SequenceLinter (if any) on the
// instructions of pass 2.
func (a *assembler) lintSequence() {
	l, ok := a.as.backend.(SequenceLinter)
	if !ok || len(a.seq) == 0 {
		return
	}
	prog := slices.Grow(a.progBuf[:0], len(a.seq))[:len(a.seq)]
	for i, r := range a.seq {
		prog[i] = r.LintInst
	}
	a.progBuf = prog
	for _, w := range l.LintSequence(prog) {
		if w.Index < 0 || w.Index >= len(a.seq) {
			continue
		}
		r := a.seq[w.Index]
		p := r.pos
		if w.Operand >= 0 && w.Operand < len(r.argPos) && r.argPos[w.Operand].Line > 0 {
			p = r.argPos[w.Operand]
		}
		a.warnAt(p, w.Msg, w.Hint)
	}
}

// pendingWarn is a warning of one candidate encoding, kept until the
// candidate is chosen.
type pendingWarn struct {
	pos  lexer.Position
	msg  string
	hint string
}

// Warn records a warning at the statement being assembled (pass 2 only,
// so that each is reported once): for backends' macros.
func (c *Ctx) Warn(msg, hint string) {
	if !c.Final || c.a.curStmt == nil || c.a.curStmt.op == nil {
		return
	}
	c.a.warnAt(c.a.curStmt.op.Pos, msg, hint)
}

// WarnArg records a warning at an operand of the statement being
// assembled (pass 2 only).
func (c *Ctx) WarnArg(arg *Arg, msg, hint string) {
	if !c.Final || arg == nil {
		return
	}
	c.a.warnAt(arg.Pos, msg, hint)
}

// warnAt records a warning (pass 2 only).
func (a *assembler) warnAt(pos lexer.Position, msg, hint string) {
	if !a.final {
		return
	}
	a.nWarns++
	if len(a.warns) >= MaxWarnings {
		return
	}
	col := max(pos.Column, 1)
	a.warns = append(a.warns, &Error{File: a.file, Line: pos.Line, Col: col, Msg: "warning: " + msg, Hint: hint})
}

// warnings returns the recorded warnings, sorted, with a count of those
// not shown.
func (a *assembler) warnings() ErrorList {
	list := a.warns.sorted()
	if more := a.nWarns - len(list); more > 0 {
		list = append(list, &Error{File: a.file, More: more,
			Msg: fmt.Sprintf("warning: %d more warnings not shown (only the first %d are)", more, MaxWarnings)})
	}
	return list
}

// operandWarnings are the generic warnings about encoded operand values:
// an Overflow operand whose value does not fit its field, or names a
// register beyond its file.
func operandWarnings(in *isadefs.Inst, values []int64, pos []lexer.Position) []pendingWarn {
	var out []pendingWarn
	for i, k := range in.Operands {
		if !k.Overflow || i >= len(values) {
			continue
		}
		v := values[i]
		p := k.Pieces[0]
		switch {
		case v > k.FieldMax:
			text := strconv.FormatInt(v, 10)
			if k.Class == "reg" {
				text = k.Sub + text
			}
			out = append(out, pendingWarn{pos[i], fmt.Sprintf("%s: %s does not fit the %d-bit %s field (bits %d..%d): it carries into bit %d and up, changing the neighbouring field",
				in.Name, text, p.WordHi-p.WordLo+1, k.Name, p.WordHi, p.WordLo, p.WordHi+1),
				"the word is what a summing assembler writes; use a value in [0, " + strconv.FormatInt(k.FieldMax, 10) + "]"})
		case k.Class == "reg" && k.RegFile != nil && v >= int64(k.RegFile.Count):
			out = append(out, pendingWarn{pos[i], fmt.Sprintf("%s: %s%d is not a register (%s0-%s%d): its number %d is encoded",
				in.Name, k.Sub, v, k.Sub, k.Sub, k.RegFile.Count-1, v), ""})
		}
	}
	return out
}

// numberedRegRe matches a register file name and a number ("gp16").
var numberedRegRe = regexp.MustCompile(`^([A-Za-z_]+?)([0-9]+)$`)

// regOperand resolves a register operand of kind k: a register of the
// kind's file; with AnyFile, of any file (its number, with a warning);
// with Overflow, a numbered name past the file ("gp16"); with Bare, a
// number. warn is "" or a warning to report if this encoding is chosen.
// env may be nil (shape matching in pass 1): a bare value is then not
// evaluated.
func (a *assembler) regOperand(k *isadefs.OperandKind, e *Expr, u *Arg, env *env) (v int64, warn string, err error) {
	if u != nil && u.Pair != nil {
		// A register pair "r17:r16" is one register of the operand's file.
		id, ok := e.Ident()
		if ok && k.RegFile != nil {
			if idx, ok := k.RegFile.IndexOf(id + ":" + *u.Pair); ok {
				return int64(idx), "", nil
			}
		}
		if a.shaping {
			return 0, "", errNoShape
		}
		return 0, "", errAt(e.Pos, "%s:%s is not %s", a.argText(u), *u.Pair, a.regFileDesc(k.Sub))
	}
	if k.RegFile != nil && k.RegFile.Class {
		// A register class (aie2): each register has its code in it.
		if id, ok := e.Ident(); ok {
			if idx, ok := k.RegFile.IndexOf(id); ok {
				if s, isSym := a.symbols[id]; !isSym || !s.defined {
					return int64(idx), "", nil
				}
			}
		}
	}
	if r, ok := a.identRegister(e); ok {
		if r.File.Name == k.Sub {
			return int64(r.Index), "", nil
		}
		if !k.AnyFile {
			_, err := a.registerExpr(e, k.Sub)
			return 0, "", err
		}
		id, _ := e.Ident()
		return int64(r.Index), fmt.Sprintf("%s is %s, but %s is expected here: its number %d is encoded", id, a.regFileDesc(r.File.Name), a.regFileDesc(k.Sub), r.Index), nil
	}
	if id, ok := e.Ident(); ok && k.Overflow {
		if s, isSym := a.symbols[id]; !isSym || !s.defined {
			if m := numberedRegRe.FindStringSubmatch(id); m != nil {
				file := strings.ToLower(m[1])
				if _, known := a.as.isa.RegFiles[file]; known && (file == k.Sub || k.AnyFile) {
					n, err := strconv.ParseInt(m[2], 10, 64)
					if err != nil || n > k.Max {
						return 0, "", errAt(e.Pos, "register number %s is too large for %s (at most %d fits in the word)", m[2], k.Name, k.Max)
					}
					warn := ""
					if file != k.Sub {
						warn = fmt.Sprintf("%s names %s, but %s is expected here: its number %d is encoded", id, a.regFileDesc(file), a.regFileDesc(k.Sub), n)
					}
					return n, warn, nil
				}
			}
		}
	}
	if !k.Bare {
		_, err := a.registerExpr(e, k.Sub)
		return 0, "", err
	}
	if env == nil {
		return 0, "", nil
	}
	val, err := e.eval(env)
	if err != nil {
		return 0, "", err
	}
	return val.n, "", nil
}

// lintWarnings asks the backend's Linter (if any) about an encoded
// instruction.
func (a *assembler) lintWarnings(in *isadefs.Inst, values []int64, pos []lexer.Position, opPos lexer.Position) []pendingWarn {
	l, ok := a.as.backend.(Linter)
	if !ok {
		return nil
	}
	var out []pendingWarn
	for _, w := range l.Lint(in, values) {
		p := opPos
		if w.Operand >= 0 && w.Operand < len(pos) && pos[w.Operand].Line > 0 {
			p = pos[w.Operand]
		}
		out = append(out, pendingWarn{p, w.Msg, w.Hint})
	}
	return out
}
