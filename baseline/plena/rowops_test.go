package plena

import (
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/plena"
	isadefs "kernelcraft/isa-defs"
)

// assembles fails the test unless src assembles for plena.
func assembles(t *testing.T, name string, src []byte) {
	t.Helper()
	as, err := asm.New("plena")
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName("plena-highmem")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := as.Assemble(name, src, asm.Options{HW: hw}); err != nil {
		t.Errorf("%s does not assemble: %v\n%s", name, err, src)
	}
}

func count(src []byte, prefix string) int {
	n := 0
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

var allConsts = FPConsts{One: 1, NegInf: 2, Big: 2, Eps: 2, InvN: 3, GeluK: 2, GeluC: 3, Scratch: 64}

// TestPadRow: the pad row of a ragged tail is built from a masked
// V_ADD_VF on whole segments and one M_MM_WO per 4 real (softmax's 0 /
// -inf) or padding (LayerNorm's 1 / 0) columns of the straddling
// segment; a tail that is not a multiple of 4 goes through FP SRAM.
func TestPadRow(t *testing.T) {
	for _, c := range []struct {
		name             string
		tail, in, out    int
		mask             string
		mmwo, stores, mp int
	}{
		{"softmax tail 36", 36, 0, 1, "S_ADDI_INT gp2, gp0, 12", 1, 0, 0},  // segments 2, 3 -inf; cols 32..35 zeroed
		{"softmax tail 40", 40, 0, 1, "S_ADDI_INT gp2, gp0, 12", 2, 0, 0},  // cols 32..39
		{"softmax tail 16", 16, 0, 1, "S_ADDI_INT gp2, gp0, 14", 0, 0, 0},  // segment-aligned
		{"layernorm tail 36", 36, 1, 0, "S_ADDI_INT gp2, gp0, 7", 3, 0, 0}, // ones in 0..2; cols 36..47 zeroed
		{"layernorm tail 20", 20, 1, 0, "S_ADDI_INT gp2, gp0, 3", 3, 0, 0},
		{"tail 70%64 = 6", 6, 0, 1, "", 0, 64, 1},
	} {
		p := &Prog{}
		if err := padRow(p, 1024, 0, c.tail, c.in, c.out, 1, 2, 64); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		src := p.Source()
		if got := count(src, "M_MM_WO"); got != c.mmwo {
			t.Errorf("%s: %d M_MM_WO, want %d\n%s", c.name, got, c.mmwo, src)
		}
		if got := count(src, "S_ST_FP"); got != c.stores {
			t.Errorf("%s: %d S_ST_FP, want %d", c.name, got, c.stores)
		}
		if got := count(src, "S_MAP_V_FP"); got != c.mp {
			t.Errorf("%s: %d S_MAP_V_FP, want %d", c.name, got, c.mp)
		}
		if c.mask != "" && !strings.Contains(string(src), c.mask+"\n") {
			t.Errorf("%s: no %q\n%s", c.name, c.mask, src)
		}
		assembles(t, c.name, src)
	}
	for _, c := range []struct{ tail, in, out int }{{0, 0, 1}, {64, 0, 1}, {36, 0, 0}, {36, 1, 2}} {
		if err := padRow(&Prog{}, 1024, 0, c.tail, c.in, c.out, 1, 2, 64); err == nil {
			t.Errorf("padRow tail %d in f%d out f%d: no error", c.tail, c.in, c.out)
		}
	}
}

// TestRowOpsAssemble: every row operation, on whole, ragged and viewed
// activations, writes a program that assembles, with a constant number
// of vector instructions (C_LOOPs, not unrolling).
func TestRowOpsAssemble(t *testing.T) {
	ops := map[string]func(p *Prog, a Act) error{
		"SiLU":    func(p *Prog, a Act) error { return SiLU(p, DefaultRowRegs, allConsts, a, a, 1<<16) },
		"ReLU":    func(p *Prog, a Act) error { return ReLU(p, DefaultRowRegs, allConsts, a, a, 1<<16) },
		"GELU":    func(p *Prog, a Act) error { return GELU(p, DefaultRowRegs, allConsts, a, a, 1<<16) },
		"Softmax": func(p *Prog, a Act) error { return Softmax(p, DefaultRowRegs, allConsts, a, 1<<16) },
		"RMSNorm": func(p *Prog, a Act) error { return RMSNorm(p, DefaultRowRegs, allConsts, a, 1<<15, 1<<16) },
		"LayerNorm": func(p *Prog, a Act) error {
			return LayerNorm(p, DefaultRowRegs, allConsts, a, 1<<15, 1<<15+4096, 1<<16)
		},
	}
	for name, op := range ops {
		lines := map[Act]int{}
		for _, a := range []Act{{M: 4, N: 64}, {M: 16, N: 256}, {M: 33, N: 1000}, {M: 128, N: 4096}, {Addr: 64, M: 5, N: 100, Stride: 9}, {M: 3, N: 70}} {
			p := &Prog{}
			if err := op(p, a); err != nil {
				t.Fatalf("%s %+v: %v", name, a, err)
			}
			assembles(t, name, p.Source())
			lines[a] = p.Lines()
		}
		if small, big := lines[Act{M: 16, N: 256}], lines[Act{M: 128, N: 4096}]; small != big {
			t.Errorf("%s: %d lines for 128x4096, %d for 16x256: the program grows with the shape", name, big, small)
		}
	}
}

// TestRowOpsErrors: bad activations and missing constants are errors,
// not programs.
func TestRowOpsErrors(t *testing.T) {
	r, k := DefaultRowRegs, allConsts
	none := FPConsts{One: -1, NegInf: -1, Big: -1, Eps: -1, InvN: -1, GeluK: -1, GeluC: -1, Scratch: -1}
	good := Act{M: 4, N: 64}
	for name, err := range map[string]error{
		"misaligned":         SiLU(&Prog{}, r, k, Act{Addr: 3, M: 4, N: 64}, Act{Addr: 3, M: 4, N: 64}, 0),
		"empty":              Softmax(&Prog{}, r, k, Act{M: 0, N: 64}, 0),
		"shapes differ":      GELU(&Prog{}, r, k, good, Act{M: 4, N: 128}, 0),
		"stride below rows":  RMSNorm(&Prog{}, r, k, Act{M: 8, N: 64, Stride: 4}, -1, 0),
		"scratch misaligned": ReLU(&Prog{}, r, k, good, good, 5),
		"no 1.0":             SiLU(&Prog{}, r, none, good, good, 0),
		"no -inf":            Softmax(&Prog{}, r, none, good, 0),
		"no 65504":           ReLU(&Prog{}, r, FPConsts{One: 1, Big: -1}, good, good, 0),
		"no eps":             RMSNorm(&Prog{}, r, none, good, -1, 0),
		"no gamma":           LayerNorm(&Prog{}, r, k, good, -1, -1, 0),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
