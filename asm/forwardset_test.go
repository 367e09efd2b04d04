package asm_test

import (
	"math/rand"
	"strings"
	"testing"

	"kernelcraft/asm"
)

// TestForwardSetNeverInternal assembles random programs of li and la uses
// and .set/.equ/= definitions before and after them (in macros, .rept,
// .irp, conditionals, other sections, by labels and by ".") and requires
// that none ends in an internal error: pass 1 sizes a use whose value is
// not known yet as lui + addi, and pass 2 keeps that size, so "li sized 4
// bytes in pass 1 but 8 in pass 2" (issue 31) must never come back.
func TestForwardSetNeverInternal(t *testing.T) {
	frags := []string{
		"li a0, SYM", "li a1, SYM+1", "li a2, OTHER", "li a3, SYM - OTHER", "la a4, SYM",
		".set SYM, 1", ".set SYM, 0x12345678", ".set SYM, 0x12345000", ".set SYM, -2049", ".set SYM, 2047", ".set SYM, 0xfffff800",
		".set SYM, OTHER", ".set OTHER, 5", ".set OTHER, 0x7000", "SYM = SYM + 0x1000", ".equ SYM, 0x800", ".set SYM, SYM << 12",
		".set SYM, lab", "lab:", "1:", ".set SYM, 1b", ".set SYM, 1f", ".set SYM, . - _start", ".set OTHER, SYM * 0x10000",
		".data", ".text", ".word SYM", ".ifdef SYM", ".else", ".endif", ".ifndef OTHER",
		".macro m\nli a5, SYM\n.endm", "m", ".macro s v\n.set SYM, \\v\n.endm", "s 0x12345", "s 3",
		".rept 2", ".endr", ".irp v, 1, 0x4000\nli a6, SYM\n.set SYM, \\v\n.endr", "nop", ".globl SYM",
	}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	as, hw := coralAsm(t)
	r := rand.New(rand.NewSource(31))
	for range n {
		var b strings.Builder
		b.WriteString(".text\n_start:\n")
		for range 2 + r.Intn(7) {
			b.WriteString(frags[r.Intn(len(frags))] + "\n")
		}
		b.WriteString("mpause\n")
		if _, err := as.Assemble("k.s", []byte(b.String()), asm.Options{HW: hw}); err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%s\n---\n%v", b.String(), err)
		}
	}
}
