package aie2

import (
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	isadefs "kernelcraft/isa-defs"
)

func assemble(t *testing.T, src string) *asm.Program {
	t.Helper()
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("aie2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble("k.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return p
}

// TestFullPadsTo128Bits: Full fills every slot an operation leaves empty
// with its nop, so the bundle takes the 16-byte format; a bundle whose
// operations cannot share one is an error.
func TestFullPadsTo128Bits(t *testing.T) {
	for _, ops := range [][]string{
		nil,
		{"vlda wl0, [p0], #32"},
		{"vlda wl0, [p0], #32", "vmax_lt.bf16 x1, r20, x0, x2", "vst wl1, [p1], #32"},
		{"movxm lc, #3", "vldb wl2, [p1, #0]"},
		// vmov has forms in lda (from SCD), mv and st (to MCD): the
		// operands choose mv, leaving lda and st to their nops.
		{"vmov wh3, wl3"},
		{"vmov x10, bml0", "vlda wl0, [p0], #32", "vst wl1, [p1], #32"},
		{"vmov cm1, cm2", "vldb wl2, [p1, #0]"},
	} {
		p := &Prog{}
		if err := p.Full(ops...); err != nil {
			t.Fatalf("%q: %v", ops, err)
		}
		prog := assemble(t, string(p.Source()))
		if n := len(prog.Sections[0].Data); n != 16 {
			t.Errorf("%q: %d bytes, want 16", p.Source(), n)
		}
	}
	p := &Prog{}
	if err := p.Full("vlda wl0, [p0], #32", "vlda wl1, [p1], #32"); err == nil {
		t.Error("two lda operations in one bundle: no error")
	}
}

// TestPipelined: a software-pipelined loop has its prologue, a
// zero-overhead-loop kernel of ii bundles run n-stages+1 times and its
// epilogue, and assembles under llvm-aie's loop rules; with fewer
// iterations than stages the schedule is written out.
func TestPipelined(t *testing.T) {
	body := []SOp{{0, "vlda wl0, [p0], #32"}, {7, "vmax_lt.bf16 x1, r20, x0, x2"}, {9, "vst wl1, [p1], #32"}}
	for _, tc := range []struct {
		n       int
		loop    bool
		bundles int // bundles issued: (n-1)*ii + 10
	}{{20, true, 29}, {5, false, 14}, {10, false, 19}} {
		p := &Prog{}
		if err := p.Pipelined(tc.n, 1, body); err != nil {
			t.Fatal(err)
		}
		p.Op("done")
		src := string(p.Source())
		assemble(t, src)
		if got := strings.Contains(src, "movxm lc, #11"); got != (tc.n == 20) {
			t.Errorf("n=%d: lc = n-stages+1 = 11 expected only for n=20:\n%s", tc.n, src)
		}
		if got := strings.Contains(src, "movxm ls"); got != tc.loop {
			t.Errorf("n=%d: loop %v, want %v", tc.n, got, tc.loop)
		}
		if !tc.loop {
			if got := strings.Count("\n"+src, "\n\t") - 1; got != tc.bundles {
				t.Errorf("n=%d: %d bundles, want %d", tc.n, got, tc.bundles)
			}
		}
		if strings.Count(src, "vst wl1") != min(tc.n, map[bool]int{true: 10, false: tc.n}[tc.loop]) {
			t.Errorf("n=%d: %d stores written:\n%s", tc.n, strings.Count(src, "vst wl1"), src)
		}
	}
}

// TestKernel: a task without a generator is a clear error; every
// generator's kernel assembles for every configuration.
func TestKernel(t *testing.T) {
	if _, err := Kernel("no_such_task", 1); err == nil || !strings.Contains(err.Error(), "no baseline for task no_such_task") {
		t.Errorf("no_such_task: %v", err)
	}
	for _, task := range Tasks() {
		for c := 1; c <= 5; c++ {
			src, err := Kernel(task, c)
			if err != nil {
				t.Fatalf("%s config %d: %v", task, c, err)
			}
			assemble(t, string(src))
		}
	}
}

// TestKernelsDeterministic: a kernel's text depends only on its cell
// (conv2d's constant registers were once emitted in map order, so two
// processes wrote different, equally correct kernels).
func TestKernelsDeterministic(t *testing.T) {
	for _, task := range Tasks() {
		for cfg := 1; cfg <= 5; cfg++ {
			a, errA := Kernel(task, cfg)
			b, errB := Kernel(task, cfg)
			if (errA == nil) != (errB == nil) || string(a) != string(b) {
				t.Errorf("%s c%d: two generations differ", task, cfg)
			}
		}
	}
}
