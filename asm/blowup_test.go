package asm_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"kernelcraft/asm"
)

// TestBlowUpIsTheOnlyError: an expansion that passes a limit inside an
// .if, a macro or a .rept reports the limit, and not the blocks the stop
// cut off (".if has no .endif" came first, and reached the model in tool
// results).
func TestBlowUpIsTheOnlyError(t *testing.T) {
	blowUp := ".rept 100000\n.rept 100\n.set x, 1\n.endr\n.endr\n"
	limit := fmt.Sprintf("expansions produce more than %d lines", asm.MaxExpandedLines)
	for _, tc := range []struct{ name, src string }{
		{"in an .if", ".if 1\n" + blowUp + ".endif\nmpause\n"},
		{"in a macro's .if", ".macro m\n.if 1\n" + blowUp + ".endif\n.endm\nm\nmpause\n"},
		{"in nested .ifs", ".if 1\n.ifdef _start\n.else\n" + blowUp + ".endif\n.endif\nmpause\n"},
		{"in an .irp", ".irp r, a0, a1\n.if 1\n" + blowUp + ".endif\n.endr\nmpause\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			as, hw := coralAsm(t)
			var err error
			bounded(t, tc.name, func() { _, err = as.Assemble("k.s", []byte(tc.src), asm.Options{HW: hw}) })
			var list asm.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("want the limit's error, got %v", err)
			}
			if !strings.Contains(list[0].Msg, limit) || len(list) != 1 {
				t.Errorf("want one error, %q; got:\n%v", limit, err)
			}
		})
	}
	// An .if the user left open is still reported when no limit stopped
	// the assembly.
	as, hw := coralAsm(t)
	if _, err := as.Assemble("k.s", []byte(".if 1\nmpause\n"), asm.Options{HW: hw}); err == nil || !strings.Contains(err.Error(), ".if has no .endif") {
		t.Errorf("open .if: %v", err)
	}
}
