package asm

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// directive handles one directive in pass 1 (final=false: sizes and
// definitions) or pass 2 (final=true: bytes).
type directiveFunc func(a *assembler, rec *stmtRec, final bool) error

var directives map[string]directiveFunc

// ignoredDirectives are accepted and have no effect on the output:
// debugging and metadata that compilers emit.
var ignoredDirectives = []string{
	".file", ".ident", ".attribute", ".addrsig", ".addrsig_sym", ".loc", ".hidden", ".protected",
	".internal", ".option", ".cfi_startproc", ".cfi_endproc", ".cfi_def_cfa_offset", ".cfi_offset",
	".cfi_def_cfa", ".cfi_restore", ".cfi_remember_state", ".cfi_restore_state", ".cfi_sections",
	".cfi_def_cfa_register", ".cfi_escape", ".variant_cc", ".end",
}

func init() {
	directives = map[string]directiveFunc{
		".text":        switchTo(".text"),
		".data":        switchTo(".data"),
		".rodata":      switchTo(".rodata"),
		".bss":         switchTo(".bss"),
		".section":     dirSection,
		".pushsection": dirSection,
		".popsection":  dirPopSection,
		".previous":    dirPopSection,
		".globl":       dirGlobal,
		".global":      dirGlobal,
		".weak":        dirGlobal,
		".local":       dirLocal,
		".type":        dirType,
		".size":        dirSize,
		".word":        dataDir(4),
		".4byte":       dataDir(4),
		".long":        dataDir(4),
		".int":         dataDir(4),
		".half":        dataDir(2),
		".short":       dataDir(2),
		".2byte":       dataDir(2),
		".byte":        dataDir(1),
		".1byte":       dataDir(1),
		".dword":       dataDir(8),
		".8byte":       dataDir(8),
		".quad":        dataDir(8),
		".float":       floatDir(4),
		".single":      floatDir(4),
		".double":      floatDir(8),
		".zero":        dirSpace,
		".space":       dirSpace,
		".skip":        dirSpace,
		".align":       alignDir(true),
		".p2align":     alignDir(true),
		".balign":      alignDir(false),
		".equ":         dirSet,
		".set":         dirSet,
		".equiv":       dirSet,
		".comm":        dirComm,
		".lcomm":       dirComm,
		".ascii":       stringDir(false),
		".asciz":       stringDir(true),
		".string":      stringDir(true),
	}
	for _, d := range ignoredDirectives {
		directives[d] = func(*assembler, *stmtRec, bool) error { return nil }
	}
}

// DirectiveNames lists the directives the assembler understands.
func DirectiveNames() []string {
	out := make([]string, 0, len(directives))
	for d := range directives {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

func (a *assembler) directive(rec *stmtRec, final bool) {
	name := strings.ToLower(rec.op.Name)
	if strings.HasPrefix(name, ".cfi_") {
		return
	}
	d, ok := directives[name]
	if !ok {
		hint := func() string {
			if len(a.as.isa.Lookup(strings.TrimPrefix(name, "."))) > 0 {
				return "instructions are written without a leading dot"
			}
			if near := nearest(name, DirectiveNames(), 3); len(near) > 0 {
				return "did you mean " + strings.Join(near, ", ") + "?"
			}
			return ""
		}
		if !final {
			a.errorAtFn(rec.op.Pos, fmt.Sprintf("unknown directive %s", rec.op.Name), "", hint)
		}
		return
	}
	if err := d(a, rec, final); err != nil {
		a.report(err, rec.op.Pos)
	}
}

func switchTo(name string) directiveFunc {
	return func(a *assembler, rec *stmtRec, final bool) error {
		if !final {
			a.pushSection(name)
			a.secStack = a.secStack[:len(a.secStack)-1]
		}
		return nil
	}
}

func (a *assembler) pushSection(name string) {
	a.secStack = append(a.secStack, a.cur)
	a.cur = a.section(name)
}

func dirSection(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	args := rec.op.Args
	if len(args) == 0 {
		return errAt(rec.op.Pos, "%s needs a section name", rec.op.Name)
	}
	name := ""
	if args[0].Str != nil {
		name, _ = strconv.Unquote(*args[0].Str)
	} else if id, ok := args[0].Expr.Ident(); ok {
		name = id
	} else {
		return errAt(args[0].Pos, "bad section name")
	}
	push := strings.EqualFold(rec.op.Name, ".pushsection")
	a.pushSection(name)
	if !push {
		a.secStack = a.secStack[:len(a.secStack)-1]
	}
	s := a.cur
	if len(args) > 1 && args[1].Str != nil {
		flags, _ := strconv.Unquote(*args[1].Str)
		s.exec = strings.Contains(flags, "x")
		s.write = strings.Contains(flags, "w")
	}
	if len(args) > 2 && args[2].Expr != nil {
		if t, ok := args[2].Expr.Ident(); ok && strings.EqualFold(t, "@nobits") {
			s.nobits = true
		}
	}
	return nil
}

func dirPopSection(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	if len(a.secStack) == 0 {
		return errAt(rec.op.Pos, "%s without a matching .pushsection", rec.op.Name)
	}
	a.cur = a.secStack[len(a.secStack)-1]
	a.secStack = a.secStack[:len(a.secStack)-1]
	return nil
}

func symbolArgs(rec *stmtRec, fn func(name string) error) error {
	for _, arg := range rec.op.Args {
		name, ok := arg.Expr.Ident()
		if !ok {
			return errAt(arg.Pos, "%s expects symbol names", rec.op.Name)
		}
		if err := fn(name); err != nil {
			return err
		}
	}
	return nil
}

func dirGlobal(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	return symbolArgs(rec, func(n string) error { a.sym(n).global = true; return nil })
}

func dirLocal(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	return symbolArgs(rec, func(n string) error { a.sym(n).global = false; return nil })
}

func dirType(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	if len(rec.op.Args) != 2 {
		return errAt(rec.op.Pos, ".type expects: .type symbol, @function|@object")
	}
	name, ok := rec.op.Args[0].Expr.Ident()
	t, ok2 := rec.op.Args[1].Expr.Ident()
	if !ok || !ok2 {
		return errAt(rec.op.Pos, ".type expects: .type symbol, @function|@object")
	}
	a.sym(name).typ = strings.TrimLeft(strings.ToLower(t), "@%")
	return nil
}

func dirSize(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	if len(rec.op.Args) != 2 {
		return errAt(rec.op.Pos, ".size expects: .size symbol, expression")
	}
	name, ok := rec.op.Args[0].Expr.Ident()
	if !ok {
		return errAt(rec.op.Args[0].Pos, ".size expects a symbol name first")
	}
	if rec.op.Args[1].Expr == nil {
		return errAt(rec.op.Args[1].Pos, ".size expects an expression second")
	}
	a.sym(name).sizeExpr = rec.op.Args[1].Expr
	return nil
}

func dirSet(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	if len(rec.op.Args) != 2 {
		return errAt(rec.op.Pos, "%s expects: %s symbol, expression", rec.op.Name, rec.op.Name)
	}
	name, ok := rec.op.Args[0].Expr.Ident()
	if !ok {
		return errAt(rec.op.Args[0].Pos, "%s expects a symbol name first", rec.op.Name)
	}
	if rec.op.Args[1].Expr == nil || rec.op.Args[1].Base != nil {
		return errAt(rec.op.Args[1].Pos, "%s expects an expression second", rec.op.Name)
	}
	a.defineEqu(name, rec.op.Args[1].Expr, rec.op.Args[0].Pos)
	return nil
}

// dirComm allocates a common symbol in .bss: .comm sym, size[, align].
func dirComm(a *assembler, rec *stmtRec, final bool) error {
	if final {
		return nil
	}
	args := rec.op.Args
	if len(args) < 2 || len(args) > 3 {
		return errAt(rec.op.Pos, "%s expects: %s symbol, size[, alignment]", rec.op.Name, rec.op.Name)
	}
	name, ok := args[0].Expr.Ident()
	if !ok {
		return errAt(args[0].Pos, "%s expects a symbol name first", rec.op.Name)
	}
	size, err := a.constant(args[1].Expr, "size")
	if err != nil {
		return err
	}
	if size < 0 || size > maxSpace {
		return errAt(args[1].Pos, "size %d out of range [0, %d]", size, maxSpace)
	}
	align := int64(4)
	if len(args) == 3 {
		if align, err = a.constant(args[2].Expr, "alignment"); err != nil {
			return err
		}
		if align <= 0 || align&(align-1) != 0 || align > 1<<16 {
			return errAt(args[2].Pos, "alignment %d: want a power of two up to 65536", align)
		}
	}
	saved := a.cur
	a.cur = a.section(".bss")
	a.cur.align = max(a.cur.align, align)
	a.cur.size = (a.cur.size + align - 1) / align * align
	a.defineLabel(name, args[0].Pos)
	a.cur.size += size
	a.cur = saved
	return nil
}

func dataDir(size int) directiveFunc {
	return func(a *assembler, rec *stmtRec, final bool) error {
		for _, arg := range rec.op.Args {
			if arg.Expr == nil {
				return errAt(arg.Pos, "%s expects expressions", rec.op.Name)
			}
			var n int64
			if final {
				v, err := arg.Expr.eval(a.envAt(a.cur.addr + int64(len(a.cur.data))))
				if err != nil {
					return err
				}
				n = v.n
				if size < 8 {
					lo, hi := -(int64(1) << (8*size - 1)), int64(1)<<(8*size)-1
					if n < lo || n > hi {
						return errAt(arg.Pos, "value %d does not fit in %d bytes", n, size)
					}
				}
			}
			for i := 0; i < size; i++ {
				a.emit(byte(uint64(n) >> (8 * i)))
			}
		}
		return nil
	}
}

func floatDir(size int) directiveFunc {
	return func(a *assembler, rec *stmtRec, final bool) error {
		for _, arg := range rec.op.Args {
			if arg.Expr == nil {
				return errAt(arg.Pos, "%s expects numbers", rec.op.Name)
			}
			var bits uint64
			if final {
				f, err := floatValue(arg.Expr, a.envAt(0))
				if err != nil {
					return err
				}
				if size == 4 {
					bits = uint64(math.Float32bits(float32(f)))
				} else {
					bits = math.Float64bits(f)
				}
			}
			for i := 0; i < size; i++ {
				a.emit(byte(bits >> (8 * i)))
			}
		}
		return nil
	}
}

func dirSpace(a *assembler, rec *stmtRec, final bool) error {
	if len(rec.op.Args) == 0 || len(rec.op.Args) > 2 || rec.op.Args[0].Expr == nil {
		return errAt(rec.op.Pos, "%s expects: %s size[, fill]", rec.op.Name, rec.op.Name)
	}
	n, err := a.constant(rec.op.Args[0].Expr, rec.op.Name+" size")
	if err != nil {
		return err
	}
	if n < 0 || n > maxSpace {
		return errAt(rec.op.Args[0].Pos, "%s size %d out of range [0, %d]", rec.op.Name, n, maxSpace)
	}
	fill := int64(0)
	if len(rec.op.Args) == 2 {
		if fill, err = a.constant(rec.op.Args[1].Expr, "fill value"); err != nil {
			return err
		}
	}
	if a.cur.nobits && fill != 0 {
		return errAt(rec.op.Pos, "non-zero fill in %s, which has no file contents", a.cur.name)
	}
	if !final || a.cur.nobits {
		a.cur.size += n
		return nil
	}
	a.emit(bytes.Repeat([]byte{byte(fill)}, int(n))...)
	return nil
}

// maxSpace bounds .space/.zero (larger than any target's data memory).
const maxSpace = 16 << 20

// alignDir handles .align/.p2align (power of two: RISC-V GNU as) and .balign.
func alignDir(pow2 bool) directiveFunc {
	return func(a *assembler, rec *stmtRec, final bool) error {
		if len(rec.op.Args) == 0 || rec.op.Args[0].Expr == nil {
			return errAt(rec.op.Pos, "%s expects an alignment", rec.op.Name)
		}
		n, err := a.constant(rec.op.Args[0].Expr, "alignment")
		if err != nil {
			return err
		}
		align := n
		if pow2 {
			if n < 0 || n > 16 {
				return errAt(rec.op.Args[0].Pos, "%s %d: want a power-of-two exponent in [0, 16]", rec.op.Name, n)
			}
			align = 1 << n
		} else if n <= 0 || n&(n-1) != 0 || n > 1<<16 {
			return errAt(rec.op.Args[0].Pos, "%s %d: want a power of two up to 65536", rec.op.Name, n)
		}
		fill := int64(0)
		if len(rec.op.Args) > 1 && rec.op.Args[1].Expr != nil {
			if fill, err = a.constant(rec.op.Args[1].Expr, "fill value"); err != nil {
				return err
			}
		}
		a.cur.align = max(a.cur.align, align)
		pad := (align - a.cur.size%align) % align
		if nop := a.nopBundle(); a.cur.exec && len(rec.op.Args) < 2 && nop != nil && pad%int64(len(nop)) == 0 {
			// A bundle target pads code with its smallest nop bundle.
			for i := int64(0); i < pad/int64(len(nop)); i++ {
				a.recordLineSize(len(nop))
				a.emit(nop...)
			}
			return nil
		}
		if a.cur.exec && len(rec.op.Args) < 2 && pad%a.wordBytes() == 0 && !a.bundleTarget() {
			// Pad code with nops so a fall-through into aligned code is safe.
			for i := int64(0); i < pad/a.wordBytes(); i++ {
				a.emitWord(a.nopWord())
			}
			return nil
		}
		if a.cur.nobits || !final {
			a.cur.size += pad
			return nil
		}
		for i := int64(0); i < pad; i++ {
			a.emit(byte(fill))
		}
		return nil
	}
}

// nopWord is the encoding of the target's "nop" pseudo (or 0).
func (a *assembler) nopWord() uint64 {
	if ps := a.as.isa.LookupPseudo("nop"); len(ps) > 0 {
		if ops := a.as.expand[ps[0]]; len(ops) == 1 {
			if ins := a.as.isa.Lookup(ops[0].Name); len(ins) > 0 {
				if w, err := a.matchEncode(ins[0], ops[0], 0); err == nil {
					return w
				}
			}
		}
	}
	return 0
}

func stringDir(zero bool) directiveFunc {
	return func(a *assembler, rec *stmtRec, final bool) error {
		for _, arg := range rec.op.Args {
			if arg.Str == nil {
				return errAt(arg.Pos, "%s expects strings", rec.op.Name)
			}
			s, err := strconv.Unquote(*arg.Str)
			if err != nil {
				return errAt(arg.Pos, "bad string %s", *arg.Str)
			}
			a.emit([]byte(s)...)
			if zero {
				a.emit(0)
			}
		}
		return nil
	}
}
