package asm_test

import (
	"errors"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

// TestSizeHints: a section that does not fit is pointed at a built-in
// config of its own ISA that holds it, if there is one, and never at
// another target's; a judged cell is told that the judge uses its config.
func TestSizeHints(t *testing.T) {
	for _, tc := range []struct {
		name, hw, src string
		judged        bool
		want, not     []string
	}{
		{"coral data fits highmem", "coral", ".data\nx: .space 40000\n", false, []string{"--hw coral-highmem (dtcm 1048576 bytes)"}, nil},
		{"coral data fits nowhere", "coral", ".data\nx: .space 2000000\n", false, []string{"no built-in coral hardware config has a dtcm of 2000000 bytes"}, []string{"--hw"}},
		{"coral judged", "coral", ".data\nx: .space 40000\n", true, []string{"the judge runs this cell on hardware config coral", "dtcm (32768 bytes)"}, []string{"highmem", "--hw"}},
		{"aie2 program", "aie2", ".text\n.space 2000000\n", false, []string{"no built-in aie2 hardware config has a pmem"}, []string{"coral", "--hw"}},
		{"aie2 judged", "aie2", ".text\n.space 2000000\n", true, []string{"the judge runs this cell on hardware config aie2"}, []string{"coral", "--hw"}},
	} {
		hw, err := isadefs.HWByName(tc.hw)
		if err != nil {
			t.Fatal(err)
		}
		as, err := asm.New(hw.ISA)
		if err != nil {
			t.Fatal(err)
		}
		_, err = as.Assemble("big.s", []byte(tc.src), asm.Options{HW: hw, Judged: tc.judged})
		var list asm.ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Fatalf("%s: %v, want a does-not-fit error", tc.name, err)
		}
		hint := list[0].Hint
		for _, w := range tc.want {
			if !strings.Contains(hint, w) {
				t.Errorf("%s: hint %q lacks %q", tc.name, hint, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(hint, n) {
				t.Errorf("%s: hint %q says %q", tc.name, hint, n)
			}
		}
	}
}
