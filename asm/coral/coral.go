// Package coral is the assembler back end of the coral target (RISC-V
// RV32IMF + Zicsr + Zifencei + Zbb + Zve32x): the RVV operand classes
// (vtype, vector mask), GNU/LLVM relocation modifiers (%hi, %lo,
// %pcrel_hi, %pcrel_lo) and the value-dependent macros (li, la, call,
// tail). Importing it registers the target with package asm.
package coral

import (
	"debug/elf"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

func init() {
	asm.Register("coral", func() (asm.Backend, error) {
		isa, err := isadefs.LoadISA("coral")
		if err != nil {
			return nil, err
		}
		return &Backend{isa: isa}, nil
	})
}

// Backend implements asm.Backend for coral.
type Backend struct{ isa *isadefs.ISA }

// ISA returns coral's instruction set.
func (b *Backend) ISA() *isadefs.ISA { return b.isa }

// Machine is EM_RISCV.
func (b *Backend) Machine() elf.Machine { return elf.EM_RISCV }

// Vector type fields (RVV 1.0 vtype).
var (
	sewCode  = map[string]int64{"e8": 0, "e16": 1, "e32": 2, "e64": 3}
	lmulCode = map[string]int64{"m1": 0, "m2": 1, "m4": 2, "m8": 3, "mf8": 5, "mf4": 6, "mf2": 7}
)

// ParseOperand parses coral's target classes: vtype ("e32, m1, ta, ma"),
// vmask ("v0.t"), and csr/fence when they are not enums.
func (b *Backend) ParseOperand(k *isadefs.OperandKind, args []*asm.Arg, ctx *asm.Ctx) (int64, int, error) {
	switch k.Class {
	case "vtype":
		return parseVtype(args, ctx)
	case "vmask":
		if id, ok := args[0].Expr.Ident(); ok && strings.EqualFold(id, "v0.t") && args[0].Base == nil {
			return 0, 1, nil
		}
		return 0, 0, errors.New("expected the mask operand v0.t (or nothing for an unmasked operation)")
	case "csr":
		if id, ok := args[0].Expr.Ident(); ok {
			if en := b.isa.Enums["csr"]; en != nil {
				if v, ok := en.Values[strings.ToLower(id)]; ok {
					return v, 1, nil
				}
			}
		}
		n, _, err := ctx.Eval(args[0].Expr)
		return n, 1, err
	case "fence":
		if id, ok := args[0].Expr.Ident(); ok {
			var v int64
			for _, c := range strings.ToLower(id) {
				bit := strings.IndexRune("wroi", c)
				if bit < 0 {
					return 0, 0, fmt.Errorf("bad fence set %q: use letters of iorw", id)
				}
				v |= 1 << bit
			}
			return v, 1, nil
		}
		n, _, err := ctx.Eval(args[0].Expr)
		return n, 1, err
	}
	return 0, 0, fmt.Errorf("coral: operand class %q has no parser", k.Class)
}

// parseVtype reads "e32[, m1][, ta|tu][, ma|mu]" or a number.
func parseVtype(args []*asm.Arg, ctx *asm.Ctx) (int64, int, error) {
	first, ok := args[0].Expr.Ident()
	if !ok {
		n, _, err := ctx.Eval(args[0].Expr)
		return n, 1, err
	}
	sew, ok := sewCode[strings.ToLower(first)]
	if !ok {
		return 0, 0, fmt.Errorf("expected an element width e8, e16 or e32 (then m1…m8 or mf2…mf8, ta|tu, ma|mu), got %q", first)
	}
	v := sew << 3
	n := 1
	stage := 0 // 0: lmul, 1: ta/tu, 2: ma/mu
	for ; n < len(args); n++ {
		id, ok := args[n].Expr.Ident()
		if !ok {
			break
		}
		id = strings.ToLower(id)
		_, isLmul := lmulCode[id]
		switch {
		case stage == 0 && isLmul:
			v |= lmulCode[id]
			stage = 1
		case stage <= 1 && (id == "ta" || id == "tu"):
			if id == "ta" {
				v |= 1 << 6
			}
			stage = 2
		case stage <= 2 && (id == "ma" || id == "mu"):
			if id == "ma" {
				v |= 1 << 7
			}
			stage = 3
		default:
			return 0, 0, fmt.Errorf("unexpected %q in vector type: want e<sew>, m<lmul>, ta|tu, ma|mu in that order", id)
		}
	}
	return v, n, nil
}

// FormatOperand renders vtype and vmask operands.
func (b *Backend) FormatOperand(k *isadefs.OperandKind, v int64) (string, bool) {
	switch k.Class {
	case "vtype":
		return FormatVtype(v), true
	case "vmask":
		if v == 0 {
			return "v0.t", true
		}
		return "", true
	case "fence":
		s := ""
		for i, c := range "iorw" {
			if v&(1<<(3-i)) != 0 {
				s += string(c)
			}
		}
		if s == "" {
			return "0", true
		}
		return s, true
	}
	return "", false
}

// FormatVtype renders a vtype immediate as "e32, m1, ta, ma" (or a number
// when it has reserved bits or SEW 64 is not representable on Zve32x).
func FormatVtype(v int64) string {
	if v>>8 != 0 {
		return strconv.FormatInt(v, 10)
	}
	sew := ""
	for name, code := range sewCode {
		if code == (v>>3)&7 {
			sew = name
		}
	}
	lmul := ""
	for name, code := range lmulCode {
		if code == v&7 {
			lmul = name
		}
	}
	if sew == "" || lmul == "" {
		return strconv.FormatInt(v, 10)
	}
	ta, ma := "tu", "mu"
	if v&(1<<6) != 0 {
		ta = "ta"
	}
	if v&(1<<7) != 0 {
		ma = "ma"
	}
	return fmt.Sprintf("%s, %s, %s, %s", sew, lmul, ta, ma)
}

func signExt12(x int64) int64 { return int64(int32(uint32(x)<<20) >> 20) }

func hi20(x int64) int64 { return ((x + 0x800) >> 12) & 0xfffff }

// Modifier implements %hi, %lo, %pcrel_hi and %pcrel_lo.
func (b *Backend) Modifier(name string, arg int64, ctx *asm.Ctx) (int64, error) {
	switch name {
	case "%hi":
		return hi20(arg), nil
	case "%lo":
		return signExt12(arg), nil
	case "%pcrel_hi":
		return hi20(arg - ctx.PC), nil
	case "%pcrel_lo":
		if !ctx.Final {
			return 0, nil
		}
		target, err := ctx.PCRelHiTarget(arg)
		if err != nil {
			return 0, err
		}
		return signExt12(target - arg), nil
	}
	return 0, fmt.Errorf("unknown relocation modifier %s (coral knows %%hi, %%lo, %%pcrel_hi, %%pcrel_lo)", name)
}

// Macro expands li, la/lla, call and tail.
func (b *Backend) Macro(name string, args map[string]*asm.Arg, ctx *asm.Ctx, size int) ([]string, error) {
	rd, val, err := b.macroOperands(name, args)
	if err != nil {
		return nil, err
	}
	switch name {
	case "li":
		v, _, err := ctx.Eval(val.Expr)
		if err != nil {
			if !ctx.Final {
				return make([]string, 2), nil // unknown yet: lui + addi
			}
			return nil, err
		}
		if v < -(1<<31) || v > 1<<32-1 {
			return nil, fmt.Errorf("li: value %d does not fit in 32 bits", v)
		}
		return liLines(rd, int64(int32(uint32(v))), size), nil
	case "la", "lla", "call", "tail":
		target := int64(0)
		if ctx.Final {
			if target, _, err = ctx.Eval(val.Expr); err != nil {
				return nil, err
			}
		}
		d := target - ctx.PC
		if d < -(1<<31) || d >= 1<<31 {
			return nil, fmt.Errorf("%s: target %#x is out of the ±2 GiB pc-relative range", name, target)
		}
		hi, lo := hi20(d), signExt12(d)
		switch name {
		case "call":
			return []string{fmt.Sprintf("auipc ra, %d", hi), fmt.Sprintf("jalr ra, %d(ra)", lo)}, nil
		case "tail":
			return []string{fmt.Sprintf("auipc t1, %d", hi), fmt.Sprintf("jalr zero, %d(t1)", lo)}, nil
		}
		return []string{fmt.Sprintf("auipc %s, %d", rd, hi), fmt.Sprintf("addi %s, %s, %d", rd, rd, lo)}, nil
	}
	return nil, fmt.Errorf("coral: unknown macro @%s", name)
}

// macroOperands finds the destination register (if any) and the value
// operand of a macro, whatever the pseudo line names them.
func (b *Backend) macroOperands(name string, args map[string]*asm.Arg) (rd string, val *asm.Arg, err error) {
	for k, a := range args {
		if k == "rd" {
			id, ok := a.Expr.Ident()
			if !ok {
				return "", nil, fmt.Errorf("%s: expected a destination register", name)
			}
			if r, ok := b.isa.Register(id); !ok || r.File.Name != "x" {
				return "", nil, fmt.Errorf("%s: %s is not an x register", name, id)
			}
			rd = id
			continue
		}
		val = a
	}
	if val == nil || val.Expr == nil || val.Base != nil {
		return "", nil, fmt.Errorf("%s: expected a value or symbol operand", name)
	}
	return rd, val, nil
}

// liLines materialises a 32-bit constant like GNU as and llvm-mc: addi for
// 12-bit values, lui (+ addi) otherwise. size 2 forces two instructions
// (the size chosen in pass 1 when the value was not yet known).
func liLines(rd string, v int64, size int) []string {
	hi, lo := hi20(v), signExt12(v)
	switch {
	case size == 2:
		return []string{fmt.Sprintf("lui %s, %d", rd, hi), fmt.Sprintf("addi %s, %s, %d", rd, rd, lo)}
	case v >= -2048 && v < 2048:
		return []string{fmt.Sprintf("addi %s, zero, %d", rd, v)}
	case lo == 0:
		return []string{fmt.Sprintf("lui %s, %d", rd, hi)}
	}
	return []string{fmt.Sprintf("lui %s, %d", rd, hi), fmt.Sprintf("addi %s, %s, %d", rd, rd, lo)}
}
