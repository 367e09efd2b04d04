package asm_test

import (
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"  // the aie2 back end: bundles
	_ "kernelcraft/asm/plena" // the plena back end: words
	isadefs "kernelcraft/isa-defs"
)

// TestMemCodeOnly: machine-code text (Program.Mem) holds only code laid
// out without gaps, whether it is written as words (plena) or as bundles
// (aie2): a data section, or a code section that does not follow the one
// before it, is refused with the same words on both paths.
func TestMemCodeOnly(t *testing.T) {
	for _, tg := range []struct {
		hw, code, data string
		text           string // Mem of code alone
	}{
		{"plena", "S_ADDI_INT gp1, gp0, 1\n", ".word 5\n", "0x00004062\n"},
		{"aie2", "nop\n", ".word 5\n", "01 00\n"},
	} {
		hw, err := isadefs.HWByName(tg.hw)
		if err != nil {
			t.Fatal(err)
		}
		// Room for a data section and a second code section far from the first.
		hw.Memory = append(hw.Memory,
			isadefs.Region{Name: "data2", Base: 0x50000000, Size: 0x1000, Perm: "rw", Sections: []string{".data"}},
			isadefs.Region{Name: "code2", Base: 0x60000000, Size: 0x1000, Perm: "rx", Sections: []string{".far"}})
		as, err := asm.New(hw.ISA)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name, src, want string
		}{
			{"code", tg.code, ""},
			{"data", tg.code + ".data\n" + tg.data, "section .data holds data: a machine-code text file has only instructions"},
			{"gap", tg.code + ".section .far, \"ax\"\n" + tg.code, "section .far at 0x60000000 does not follow the code before it"},
		} {
			p, err := as.Assemble("t.s", []byte(c.src), asm.Options{HW: hw})
			if err != nil {
				t.Fatalf("%s %s: %v", tg.hw, c.name, err)
			}
			text, err := p.Mem()
			if c.want == "" {
				if err != nil || string(text) != tg.text {
					t.Errorf("%s %s: Mem %q, %v; want %q", tg.hw, c.name, text, err, tg.text)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s %s: error %v, want one containing %q", tg.hw, c.name, err, c.want)
			}
		}
	}
}
