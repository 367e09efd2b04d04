package aie2

import (
	"fmt"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
	simaie2 "kernelcraft/sim/aie2"
)

// warnRun runs a task's baseline for one configuration on its visible
// case under the warn hazard policy and returns the early reads the
// simulator reports (a read that samples a register before the value
// the program order gives it has landed).
func warnRun(t *testing.T, task string, cfg int) (string, *asm.Program, uint64, []simaie2.Warning) {
	t.Helper()
	src, err := Kernel(task, cfg)
	if err != nil {
		t.Fatalf("%s c%d: %v", task, cfg, err)
	}
	return warnRunSrc(t, task, cfg, src)
}

// warnRunSrc is warnRun for the kernel src.
func warnRunSrc(t *testing.T, task string, cfg int, src []byte) (string, *asm.Program, uint64, []simaie2.Warning) {
	t.Helper()
	prog := assemble(t, string(src))
	c, tensors, err := ref.Generate(Target, task, cfg, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(prog.ELF(), asm.MachineAIE2)
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	m, err := simaie2.New(hw, simaie2.Options{Hazard: simaie2.Warn, MaxWarnings: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetUp(m, img, tensors); err != nil { // as the judge sets a case up
		t.Fatal(err)
	}
	if h := m.Run(); !h.OK() {
		t.Fatalf("%s c%d: %s", task, cfg, h)
	}
	ws, n := m.Warnings()
	return string(src), prog, n, ws
}

// TestFFNNoStaleReads runs every configuration of ffn and swiglu under
// the warn hazard policy. Inside one software-pipelined part (a matrix
// product, a LUT pass, a copy loop: the regions the generator marks) a
// read may deliberately sample a register whose newest write is still in
// flight, the value of the iteration before being the one the schedule
// wants (the schedulers check that); no read may see a value in flight
// from another part: the code between them waits the pipeline out.
func TestFFNNoStaleReads(t *testing.T) {
	for _, task := range []string{"ffn", "swiglu"} {
		for cfg := 1; cfg <= 5; cfg++ {
			src, prog, n, ws := warnRun(t, task, cfg)
			if uint64(len(ws)) < n {
				t.Fatalf("%s c%d: %d warnings, %d kept: raise the simulator's limit", task, cfg, n, len(ws))
			}
			regionOf := regionLines(src)
			inside := 0
			for _, w := range ws {
				if w.WriterPC == 0 && w.PC == 0 {
					continue
				}
				r, wr := regionOf(prog.LineOf(uint64(w.PC))), regionOf(prog.LineOf(uint64(w.WriterPC)))
				if r != wr || r == "" {
					t.Errorf("%s c%d: %v (reader in %q, writer in %q)", task, cfg, w, r, wr)
					break
				}
				inside++
			}
			t.Logf("%s c%d: %d early reads, all inside one pipelined part", task, cfg, inside)
		}
	}
}

// regionLines maps a source line (1-based) to the region marked last
// before it ("// region NAME" comments; "" before the first).
func regionLines(src string) func(int) string {
	lines := strings.Split(src, "\n")
	names := make([]string, len(lines)+1)
	cur := ""
	for i, l := range lines {
		if strings.HasPrefix(l, "// region ") {
			cur = fmt.Sprintf("%d:%s", i+1, strings.TrimPrefix(l, "// region "))
		}
		names[i+1] = cur
	}
	return func(line int) string {
		if line < 1 || line >= len(names) {
			return ""
		}
		return names[line]
	}
}

// TestMMSpecSliceErrors: the MMSpec additions for column slices and
// run-time addresses refuse what the code cannot do, with a message.
func TestMMSpecSliceErrors(t *testing.T) {
	base := MMSpec{M: 8, N: 16, K: 32, LDC: 16, Batch: 1, AAddr: 0x74000, BAddr: 0x78000, CAddr: 0x70120}
	for _, tc := range []struct {
		name string
		edit func(sp *MMSpec)
		want string
	}{
		{"B stride shorter than a row", func(sp *MMSpec) { sp.LDB = 8 }, "shorter than its rows"},
		{"odd B stride", func(sp *MMSpec) { sp.LDB = 51 }, "odd"},
		{"address in a register MatMul uses", func(sp *MMSpec) { sp.AReg = "r5" }, "MatMul uses it"},
		{"slice past data memory", func(sp *MMSpec) { sp.BAddr, sp.LDB = 0x7f000, 128 }, "past data memory"},
	} {
		sp := base
		tc.edit(&sp)
		err := MatMul(&Prog{}, &sp, true)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestMMReadEnd: a product's reads end at the last row's 16-element
// window, 32 bytes later when windows are not 32-byte aligned.
func TestMMReadEnd(t *testing.T) {
	for _, tc := range []struct{ addr, rows, ld, width, want int }{
		{0x7c0e0, 64, 128, 16, 0x80000},                // swiglu c2's last Wu slice: ends at the top of memory
		{0x7c000, 2, 50, 50, 0x7c000 + 2*(50+64) + 32}, // ragged rows: two loads a window
		{0x7c010, 1, 16, 16, 0x7c010 + 32 + 32},
	} {
		if got := mmReadEnd(tc.addr, tc.rows, tc.ld, tc.width); got != tc.want {
			t.Errorf("mmReadEnd(%#x, %d, %d, %d) = %#x, want %#x", tc.addr, tc.rows, tc.ld, tc.width, got, tc.want)
		}
	}
}
