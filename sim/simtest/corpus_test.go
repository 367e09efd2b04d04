package simtest_test

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"
	_ "kernelcraft/asm/coral"
	_ "kernelcraft/asm/plena"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	_ "kernelcraft/sim/aie2"
	_ "kernelcraft/sim/coral"
	_ "kernelcraft/sim/plena"
	"kernelcraft/sim/simtest"
)

// corpusMaxCycles bounds every corpus run (the programs end long before).
const corpusMaxCycles = 2_000_000

// corpus is a target's corpus: every program the repository holds for it
// that runs on its own (the kernels of testdata/kernels, PLENA's template
// and form programs, coral's riscv-tests-style programs), with the data
// memories around them filled with seeded values.
type corpus struct {
	programs func(t *testing.T) []simtest.Program
	// long is the source of a program that runs for hundreds of millions
	// of cycles (for the Stop check: runs shorter than a target's polling
	// interval may end before it looks at the flag).
	long string
	// ignores names the CoreOptions fields the target does not act on,
	// and why (its Options say so too); TestCoreOptionsHonoured checks
	// that such a field changes nothing.
	ignores map[string]string
}

// corpora are the corpora by target name: every registered target must
// have one.
var corpora = map[string]corpus{
	"coral": {programs: coralCorpus, long: "li t0, -1\n1: addi t0, t0, -1\nbnez t0, 1b\nmpause\n",
		ignores: map[string]string{"Memo": "coral memoises nothing across runs"}},
	"plena": {programs: plenaCorpus, long: ".rept 64\nC_LOOP_START gp1, 4194303\nS_ADDI_INT gp3, gp3, 1\nC_LOOP_END gp1\n.endr\n",
		ignores: map[string]string{"Console": "PLENA has no console device"}},
	"aie2": {programs: aie2Corpus, long: aie2Long,
		ignores: map[string]string{"Console": "the AIE2 core has no console device", "Memo": "aie2 memoises nothing across runs"}},
}

// aie2Long is a zero-overhead loop of 2^32 - 1 iterations.
const aie2Long = `
	movxm ls, #start
	movxm le, #last
	movxm lc, #-1
` + wideNops7 + `
	.p2align 4
start:
	nopa ; nopb ; nops ; add r1, r1, #1 ; nopm ; nopv
last:
	nopa ; nopb ; nops ; add r2, r2, #1 ; nopm ; nopv
	done
`

const wideNops7 = "nopa ; nopb ; nops ; nopx ; nopm ; nopv\n" + "nopa ; nopb ; nops ; nopx ; nopm ; nopv\n" +
	"nopa ; nopb ; nops ; nopx ; nopm ; nopv\n" + "nopa ; nopb ; nops ; nopx ; nopm ; nopv\n" +
	"nopa ; nopb ; nops ; nopx ; nopm ; nopv\n" + "nopa ; nopb ; nops ; nopx ; nopm ; nopv\n" +
	"nopa ; nopb ; nops ; nopx ; nopm ; nopv\n"

func coralCorpus(t *testing.T) []simtest.Program {
	var ps []simtest.Program
	coral := loadHW(t, "coral")
	for _, pattern := range []string{"../../testdata/kernels/coral/*.s", "../../testdata/kernels/coral/hostile/*.s"} {
		for _, f := range sources(t, pattern) {
			p := program(t, coral, f, read(t, f))
			// The hostile kernels take their tensors in a0..a3.
			p.Setup = setup(p.Image, 1, "dtcm", []string{"a0", "a1", "a2", "a3"}, 0x1000)
			ps = append(ps, p)
		}
	}
	// The riscv-tests-style programs (env.s, then the test), on the
	// config with Spike's HTIF: traps, CSRs, the console.
	rv := loadHW(t, "riscv-tests")
	env := read(t, "../coral/testdata/rvtests/env.s")
	for _, f := range glob(t, "../coral/testdata/rvtests/*.s") {
		if filepath.Base(f) != "env.s" {
			ps = append(ps, program(t, rv, f, append(append(env, '\n'), read(t, f)...)))
		}
	}
	return ps
}

func plenaCorpus(t *testing.T) []simtest.Program {
	// HBM cut to 1 MiB (the programs use less): every comparison reads
	// all of memory.
	hw := loadHW(t, "plena").Clone()
	for i := range hw.Memory {
		if hw.Memory[i].Name == "hbm" {
			hw.Memory[i].Size = 1 << 20
		}
	}
	tgt, err := sim.LookupTarget("plena")
	if err != nil {
		t.Fatal(err)
	}
	var ps []simtest.Program
	for _, f := range sources(t, "../../testdata/kernels/plena/*.asm") {
		ps = append(ps, program(t, hw, f, read(t, f)))
	}
	for _, f := range glob(t, "../../testdata/plena/corpus/*.mem") {
		img, err := tgt.LoadProgram(hw, read(t, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		ps = append(ps, simtest.Program{Name: f, HW: hw, Image: img})
	}
	for i := range ps {
		// Vector SRAM, FP SRAM and the start of HBM hold data; INT SRAM
		// stays zero (the programs take addresses from it).
		ps[i].Setup = setup(ps[i].Image, int64(i), "vsram", nil, 0)
		fp, hbm := setup(ps[i].Image, int64(i), "fpmem", nil, 0), setup(ps[i].Image, int64(i), "hbm", nil, 0)
		vs := ps[i].Setup
		ps[i].Setup = func(c sim.Core) error {
			for _, f := range []func(sim.Core) error{vs, fp, hbm} {
				if err := f(c); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return ps
}

func aie2Corpus(t *testing.T) []simtest.Program {
	hw := loadHW(t, "aie2")
	var ps []simtest.Program
	for _, f := range sources(t, "../../testdata/kernels/aie2/*.s") {
		p := program(t, hw, f, read(t, f))
		p.Setup = setup(p.Image, 2, "dmem", []string{"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"}, 0x800)
		ps = append(ps, p)
	}
	return ps
}

// setup returns a program's set-up: the first 64 KiB of region (those
// bytes the image does not load) filled with seeded bytes whose bit 6 is
// clear (f16 and bf16 patterns of small numbers, never Inf or NaN), and
// the registers regs pointing into it, stride bytes apart.
func setup(img *sim.Image, seed int64, region string, regs []string, stride uint64) func(sim.Core) error {
	return func(c sim.Core) error {
		var r *sim.Region
		for _, x := range c.Memory().Regions {
			if x.Name == region {
				r = x
			}
		}
		if r == nil {
			return fmt.Errorf("no region %s", region)
		}
		n := min(r.End-r.Base, 64<<10)
		buf, err := c.Memory().Peek(r.Base, n)
		if err != nil {
			return err
		}
		rnd := rand.New(rand.NewSource(seed))
		for i := range buf {
			b := byte(rnd.Intn(256)) &^ 0x40
			if !loads(img, r.Base+uint64(i)) {
				buf[i] = b
			}
		}
		if err := c.Memory().Load(r.Base, buf); err != nil {
			return err
		}
		for k, reg := range regs {
			if err := c.SetReg(reg, r.Base+uint64(k)*stride); err != nil {
				return err
			}
		}
		return nil
	}
}

// loads reports whether the image loads the byte at addr.
func loads(img *sim.Image, addr uint64) bool {
	for _, s := range img.Segments {
		if addr >= s.Addr && addr-s.Addr < s.MemSize {
			return true
		}
	}
	return false
}

// program assembles src (file f) for hw.
func program(t *testing.T, hw *isadefs.HW, f string, src []byte) simtest.Program {
	t.Helper()
	as, err := asm.New(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble(f, src, asm.Options{HW: hw})
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	tgt, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	img, err := tgt.LoadProgram(hw, p.ELF())
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return simtest.Program{Name: f + " on " + hw.Name, HW: hw, Image: img}
}

func loadHW(t *testing.T, name string) *isadefs.HW {
	t.Helper()
	hw, err := isadefs.HWByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return hw
}

func glob(t *testing.T, pattern string) []string {
	t.Helper()
	fs, err := filepath.Glob(pattern)
	if err != nil || len(fs) == 0 {
		t.Fatalf("%s: no files (%v)", pattern, err)
	}
	return fs
}

// sources are the files of pattern that are programs, not Go templates
// of one (which baseline.Instantiate fills in for a case).
func sources(t *testing.T, pattern string) []string {
	t.Helper()
	var out []string
	for _, f := range glob(t, pattern) {
		if !strings.Contains(string(read(t, f)), "{{") {
			out = append(out, f)
		}
	}
	return out
}

func read(t *testing.T, f string) []byte {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// corpusOf returns the target's corpus programs, bounded by
// corpusMaxCycles.
func corpusOf(t *testing.T, tgt sim.Target) ([]simtest.Program, corpus) {
	c, ok := corpora[tgt.Name]
	if !ok {
		t.Fatalf("target %s has no corpus here: give it one (corpora)", tgt.Name)
	}
	ps := c.programs(t)
	for i := range ps {
		ps[i].Options.MaxCycles = corpusMaxCycles
	}
	return ps, c
}

// TestCorpusFastMatchesReference runs every target's corpus under the
// target's fast path and its reference stepper, to the end and cut short
// at two cycle limits inside each run: halt, stats, registers and memory
// must agree. Most programs must run to a successful end, so that the
// comparison covers whole kernels, not first-instruction traps.
func TestCorpusFastMatchesReference(t *testing.T) {
	for _, tgt := range sim.Targets() {
		t.Run(tgt.Name, func(t *testing.T) {
			ps, _ := corpusOf(t, tgt)
			h := simtest.Harness{New: tgt.New, Cuts: 2}
			halts := map[string]int{}
			ok := 0
			for _, p := range ps {
				d, fast, err := h.Check(p)
				if err != nil {
					t.Fatalf("%s: %v", p.Name, err)
				}
				if d != "" {
					t.Errorf("%s: %s", p.Name, d)
					continue
				}
				hl, _ := fast.(interface{ Halted() (sim.Halt, bool) }).Halted()
				halts[hl.KindName()]++
				if hl.OK() {
					ok++
				}
			}
			t.Logf("%d programs, halts %v", len(ps), halts)
			if 2*ok < len(ps) {
				t.Errorf("only %d of %d programs ran to a successful end", ok, len(ps))
			}
		})
	}
}

// TestDiffSeesDifferences: Diff is not blind: runs of one program that
// differ in their halt, their memory or a register are told apart.
func TestDiffSeesDifferences(t *testing.T) {
	tgt, err := sim.LookupTarget("coral")
	if err != nil {
		t.Fatal(err)
	}
	p := program(t, loadHW(t, "coral"), "sum_loop.s", read(t, "../../testdata/kernels/coral/sum_loop.s"))
	base, err := simtest.Run(tgt.New, p, sim.CoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := simtest.Diff(base, base); d != "" {
		t.Fatalf("a core differs from itself: %s", d)
	}
	cut, err := simtest.Run(tgt.New, p, sim.CoreOptions{MaxCycles: int64(base.Stats().Cycles / 2)})
	if err != nil {
		t.Fatal(err)
	}
	mem := p
	mem.Setup = func(c sim.Core) error { return c.Memory().Load(0x10000+0x7000, []byte{1}) }
	reg := p
	reg.Setup = func(c sim.Core) error { return c.SetReg("s11", 5) }
	for name, want := range map[string]struct {
		p      simtest.Program
		core   sim.Core
		prefix string
	}{
		"cut short": {core: cut, prefix: "halt "},
		"memory":    {p: mem, prefix: "memory region dtcm: byte 0x7000"},
		"register":  {p: reg, prefix: "registers: "},
	} {
		c := want.core
		if c == nil {
			if c, err = simtest.Run(tgt.New, want.p, sim.CoreOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if d := simtest.Diff(base, c); !strings.HasPrefix(d, want.prefix) {
			t.Errorf("%s: Diff says %q, want %q...", name, d, want.prefix)
		}
	}
}
