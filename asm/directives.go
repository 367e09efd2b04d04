package asm

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// directiveFunc handles one directive in pass 1 (final=false: sizes and
// definitions) or pass 2 (final=true: bytes).
type directiveFunc func(a *assembler, rec *stmtRec, final bool) error

// Directive describes one directive the assembler accepts. The table of
// them (Directives) is what the dispatcher looks names up in and what
// kc-as --directives prints, so the two cannot disagree.
type Directive struct {
	Name    string // ".word"; a trailing "*" matches every name with that prefix
	Syntax  string // operands, as the manual writes them
	Meaning string // one line
	// Example is a line (or lines) using it that assembles (tests).
	Example string
	fn      directiveFunc // nil: handled by the expander (expand.go)
}

// ignored accepts a directive that has no effect on the output.
func ignored(*assembler, *stmtRec, bool) error { return nil }

var (
	directiveTable []Directive
	directiveIndex map[string]*Directive
)

func init() {
	const (
		noEffect = "accepted for compatibility with compiler output; no effect"
	)
	directiveTable = []Directive{
		{".text", "", "continue in the code section .text", ".text", switchTo(".text")},
		{".data", "", "continue in the initialised data section .data", ".data", switchTo(".data")},
		{".rodata", "", "continue in the read-only data section .rodata", ".rodata", switchTo(".rodata")},
		{".bss", "", "continue in .bss (zero-initialised, no file contents)", ".bss", switchTo(".bss")},
		{".section", "name[, \"flags\"[, @type]]", "continue in a named section (flags a, w, x; @nobits for .bss-like); function sections .text.NAME are merged into .text, as a linker does", ".section .rodata.k, \"a\"", dirSection},
		{".pushsection", "name[, \"flags\"[, @type]]", "like .section, remembering the current section for .popsection", ".pushsection .data\n.popsection", dirSection},
		{".popsection", "", "return to the section before the last .pushsection", ".pushsection .data\n.popsection", dirPopSection},
		{".previous", "", "return to the section before the last .pushsection (as .popsection)", ".pushsection .data\n.previous", dirPopSection},
		{".globl", "sym[, sym…]", "make symbols global (visible in the ELF symbol table as such)", ".globl _start", dirGlobal},
		{".global", "sym[, sym…]", "same as .globl", ".global _start", dirGlobal},
		{".weak", "sym[, sym…]", "same as .globl (there is no linking)", ".weak _start", dirGlobal},
		{".local", "sym[, sym…]", "make symbols local", ".local x", dirLocal},
		{".type", "sym, @function|@object", "set a symbol's ELF type", ".type f, @function", dirType},
		{".size", "sym, expr", "set a symbol's ELF size", "f: nop\n.size f, .-f", dirSize},
		{".word", "expr[, expr…]", "emit 4-byte values (little-endian)", ".word 1, 2", dataDir(4)},
		{".4byte", "expr[, expr…]", "same as .word", ".4byte 1", dataDir(4)},
		{".long", "expr[, expr…]", "same as .word", ".long 1", dataDir(4)},
		{".int", "expr[, expr…]", "same as .word", ".int 1", dataDir(4)},
		{".half", "expr[, expr…]", "emit 2-byte values", ".half 1", dataDir(2)},
		{".short", "expr[, expr…]", "same as .half", ".short 1", dataDir(2)},
		{".2byte", "expr[, expr…]", "same as .half", ".2byte 1", dataDir(2)},
		{".byte", "expr[, expr…]", "emit bytes", ".byte 1, 2", dataDir(1)},
		{".1byte", "expr[, expr…]", "same as .byte", ".1byte 1", dataDir(1)},
		{".dword", "expr[, expr…]", "emit 8-byte values", ".dword 1", dataDir(8)},
		{".8byte", "expr[, expr…]", "same as .dword", ".8byte 1", dataDir(8)},
		{".quad", "expr[, expr…]", "same as .dword", ".quad 1", dataDir(8)},
		{".float", "number[, number…]", "emit IEEE single-precision floats", ".float 1.5", floatDir(4)},
		{".single", "number[, number…]", "same as .float", ".single 1.5", floatDir(4)},
		{".double", "number[, number…]", "emit IEEE double-precision floats", ".double 1.5", floatDir(8)},
		{".zero", "size", "emit size zero bytes", ".zero 4", dirSpace},
		{".space", "size[, fill]", "emit size bytes of fill (default 0)", ".space 4, 1", dirSpace},
		{".skip", "size[, fill]", "same as .space", ".skip 4", dirSpace},
		{".fill", "repeat[, size[, value]]", "emit repeat copies of the size-byte (default 1, at most 8) little-endian value (default 0; bytes above the 4th are 0)", ".fill 2, 4, 0x12345678", dirFill},
		{".align", "p2[, fill]", "align to 2^p2 bytes (RISC-V GNU as meaning); code is padded with nop", ".align 2", alignDir(true)},
		{".p2align", "p2[, fill]", "align to 2^p2 bytes; code is padded with nop", ".p2align 2", alignDir(true)},
		{".balign", "bytes[, fill]", "align to a power-of-two number of bytes", ".balign 4", alignDir(false)},
		{".equ", "sym, expr", "define a constant symbol (may be set again later)", ".equ N, 4", dirSet},
		{".set", "sym, expr", "same as .equ; also written sym = expr", ".set N, 4", dirSet},
		{".equiv", "sym, expr", "same as .equ", ".equiv N, 4", dirSet},
		{".comm", "sym, size[, align]", "reserve size bytes of .bss for sym", ".comm buf, 16", dirComm},
		{".lcomm", "sym, size[, align]", "same as .comm", ".lcomm buf, 16", dirComm},
		{".ascii", "\"text\"[, …]", "emit the bytes of strings", ".ascii \"ab\"", stringDir(false)},
		{".asciz", "\"text\"[, …]", "emit strings, each followed by a zero byte", ".asciz \"ab\"", stringDir(true)},
		{".string", "\"text\"[, …]", "same as .asciz", ".string \"ab\"", stringDir(true)},
		// The expander's directives (expand.go): text-level, before pass 1.
		{".macro", "name [param[=default|:req|:vararg], …]", "define a macro; in its body \\param is the argument, \\@ a count of macro calls, \\() an empty separator", ".macro inc r, n=1\naddi \\r, \\r, \\n\n.endm\ninc a0", nil},
		{".endm", "", "end a .macro body", ".macro m\n.endm", nil},
		{".exitm", "", "stop expanding the current macro", ".macro m\n.exitm\n.endm\nm", nil},
		{".purgem", "name", "remove a macro definition", ".macro m\n.endm\n.purgem m", nil},
		{".rept", "count", "repeat the lines up to .endr count times (count: a constant)", ".rept 2\nnop\n.endr", nil},
		{".irp", "sym[, value…]", "repeat the lines up to .endr once per value, with \\sym replaced by it", ".irp r, a0, a1\nli \\r, 0\n.endr", nil},
		{".irpc", "sym, chars", "repeat the lines up to .endr once per character, with \\sym replaced by it", ".irpc c, 123\n.byte \\c\n.endr", nil},
		{".endr", "", "end a .rept, .irp or .irpc body", ".rept 1\n.endr", nil},
		{".if", "expr", "assemble the lines up to .elseif/.else/.endif if expr (a constant) is non-zero", ".if 1\nnop\n.endif", nil},
		{".ifne", "expr", "same as .if", ".ifne 1\n.endif", nil},
		{".ifeq", "expr", "assemble if expr is zero", ".ifeq 0\n.endif", nil},
		{".ifgt", "expr", "assemble if expr > 0", ".ifgt 1\n.endif", nil},
		{".ifge", "expr", "assemble if expr >= 0", ".ifge 0\n.endif", nil},
		{".iflt", "expr", "assemble if expr < 0", ".iflt -1\n.endif", nil},
		{".ifle", "expr", "assemble if expr <= 0", ".ifle 0\n.endif", nil},
		{".ifdef", "sym", "assemble if sym is defined (a label or .set before this line)", ".ifdef x\n.endif", nil},
		{".ifndef", "sym", "assemble if sym is not defined", ".ifndef x\n.endif", nil},
		{".ifnotdef", "sym", "same as .ifndef", ".ifnotdef x\n.endif", nil},
		{".ifb", "text", "assemble if the operand is blank (in macros: an argument left out)", ".ifb\n.endif", nil},
		{".ifnb", "text", "assemble if the operand is not blank", ".ifnb x\n.endif", nil},
		{".ifc", "string1, string2", "assemble if the two strings are equal (case-sensitive; 'quoted' or up to the comma)", ".ifc a, a\n.endif", nil},
		{".ifnc", "string1, string2", "assemble if the two strings differ", ".ifnc a, b\n.endif", nil},
		{".ifeqs", "\"s1\", \"s2\"", "assemble if the two quoted strings are equal", ".ifeqs \"a\", \"a\"\n.endif", nil},
		{".ifnes", "\"s1\", \"s2\"", "assemble if the two quoted strings differ", ".ifnes \"a\", \"b\"\n.endif", nil},
		{".elseif", "expr", "after .if: the next branch, assembled if no branch before was and expr is non-zero", ".if 0\n.elseif 1\n.endif", nil},
		{".else", "", "after .if: the branch assembled if no branch before was", ".if 0\n.else\n.endif", nil},
		{".endif", "", "end a conditional", ".if 1\n.endif", nil},
		{".cfi_*", "…", noEffect + " (call frame information)", ".cfi_startproc\n.cfi_endproc", ignored},
	}
	for _, d := range []string{".file", ".ident", ".attribute", ".addrsig", ".addrsig_sym", ".loc", ".hidden", ".protected",
		".internal", ".option", ".variant_cc", ".end"} {
		directiveTable = append(directiveTable, Directive{Name: d, Syntax: "…", Meaning: noEffect, Example: d, fn: ignored})
	}
	directiveIndex = map[string]*Directive{}
	for i := range directiveTable {
		d := &directiveTable[i]
		directiveIndex[d.Name] = d
		if d.fn == nil && !ppDirectives[d.Name] {
			panic("asm: directive " + d.Name + " has no handler and the expander does not know it")
		}
	}
	for name := range ppDirectives {
		if directiveIndex[name] == nil {
			panic("asm: the expander handles " + name + ", which the directive table does not list")
		}
	}
}

// Directives returns the table of every directive the assembler accepts,
// in manual order.
func Directives() []Directive { return append([]Directive(nil), directiveTable...) }

// DirectiveNames lists the directives the assembler understands, sorted.
func DirectiveNames() []string {
	out := make([]string, 0, len(directiveTable))
	for _, d := range directiveTable {
		out = append(out, d.Name)
	}
	sort.Strings(out)
	return out
}

// lookupDirective finds the entry of a directive name (any case).
func lookupDirective(name string) *Directive {
	name = strings.ToLower(name)
	if d := directiveIndex[name]; d != nil {
		return d
	}
	for i := range directiveTable {
		d := &directiveTable[i]
		if p, ok := strings.CutSuffix(d.Name, "*"); ok && strings.HasPrefix(name, p) {
			return d
		}
	}
	return nil
}

// DirectiveManual renders the directive table for people (kc-as
// --directives).
func DirectiveManual() string {
	var b strings.Builder
	b.WriteString("Directives kc-as accepts (GNU as syntax and meaning):\n\n")
	width := 0
	for _, d := range directiveTable {
		width = max(width, utf8.RuneCountInString(d.Name+" "+d.Syntax))
	}
	width = min(width, 40)
	for _, d := range directiveTable {
		head := d.Name
		if d.Syntax != "" {
			head += " " + d.Syntax
		}
		if utf8.RuneCountInString(head) > width {
			fmt.Fprintf(&b, "  %s\n  %-*s  %s\n", head, width, "", d.Meaning)
			continue
		}
		fmt.Fprintf(&b, "  %s%*s  %s\n", head, width-utf8.RuneCountInString(head), "", d.Meaning)
	}
	fmt.Fprintf(&b, "\nExpansion limits: .rept counts and .irp values up to %d, expansions nested %d deep,\n%d lines and %s of expanded text per assembly.\n",
		MaxRepeat, MaxExpansionDepth, MaxExpandedLines, SizeText(MaxExpandedBytes))
	return b.String()
}

func (a *assembler) directive(rec *stmtRec, final bool) {
	name := strings.ToLower(rec.op.Name)
	d := lookupDirective(name)
	if d == nil {
		hint := func() string {
			if len(a.as.isa.Lookup(strings.TrimPrefix(name, "."))) > 0 {
				return "instructions are written without a leading dot"
			}
			if near := nearest(name, DirectiveNames(), 3); len(near) > 0 {
				return "did you mean " + strings.Join(near, ", ") + "?"
			}
			return "kc-as --directives lists every directive"
		}
		if !final {
			a.errorAtFn(rec.op.Pos, fmt.Sprintf("unknown directive %s", rec.op.Name), "", hint)
		}
		return
	}
	if d.fn == nil {
		// The expander consumes these; one reaches here only through a
		// line it could not split (reported there).
		if !final {
			a.errorAt(rec.op.Pos, fmt.Sprintf("%s must start a statement of its own", rec.op.Name), "")
		}
		return
	}
	if err := d.fn(a, rec, final); err != nil {
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

// dirFill emits .fill repeat, size, value: repeat copies of the low size
// bytes of an 8-byte little-endian number whose low 4 bytes are value and
// whose high 4 bytes are zero (GNU as; size is at most 8).
func dirFill(a *assembler, rec *stmtRec, final bool) error {
	args := rec.op.Args
	if len(args) == 0 || len(args) > 3 {
		return errAt(rec.op.Pos, ".fill expects: .fill repeat[, size[, value]]")
	}
	for _, arg := range args {
		if arg.Expr == nil || arg.Base != nil {
			return errAt(arg.Pos, ".fill expects numbers: .fill repeat[, size[, value]]")
		}
	}
	repeat, err := a.constant(args[0].Expr, ".fill repeat count")
	if err != nil {
		return err
	}
	size := int64(1)
	if len(args) > 1 {
		if size, err = a.constant(args[1].Expr, ".fill size"); err != nil {
			return err
		}
		if size < 0 || size > 8 {
			return errAt(args[1].Pos, ".fill size %d out of range [0, 8]", size)
		}
	}
	if repeat < 0 || repeat*size > maxSpace {
		return errAt(args[0].Pos, ".fill of %d × %d bytes out of range [0, %d bytes]", repeat, size, maxSpace)
	}
	value := int64(0)
	if len(args) > 2 {
		if value, err = a.constant(args[2].Expr, ".fill value"); err != nil {
			return err
		}
	}
	n := repeat * size
	if a.cur.nobits && value != 0 && n > 0 {
		return errAt(rec.op.Pos, "non-zero .fill in %s, which has no file contents", a.cur.name)
	}
	if !final || a.cur.nobits {
		a.cur.size += n
		return nil
	}
	var pattern [8]byte
	for i := 0; i < 4; i++ {
		pattern[i] = byte(uint64(value) >> (8 * i))
	}
	out := make([]byte, 0, n)
	for range repeat {
		out = append(out, pattern[:size]...)
	}
	a.emit(out...)
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
