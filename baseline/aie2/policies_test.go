package aie2

import (
	"bytes"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
	simaie2 "kernelcraft/sim/aie2"
)

// TestBaselinesUnderHazardPolicies runs every aie2 baseline cell (correct
// exposed-pipeline code, much of it software-pipelined) on its visible
// case under warn and interlock: warn reports no stale read (the only
// warnings are stores in a partial-word store's window, which some
// row-wise kernels' tails and normalisations make), and interlock leaves
// data memory byte for byte as warn (= exposed) does, waiting only for
// those stores. Before the policies told software-pipelined reads from
// stale ones, warn reported 523,113 stale reads on 95 of the 110 cells,
// and interlock left different data memory on those 95.
func TestBaselinesUnderHazardPolicies(t *testing.T) {
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	cells, window := 0, uint64(0)
	for _, task := range ref.Tasks() {
		for cfg := 1; cfg <= 5; cfg++ {
			src, err := Kernel(task.ID, cfg)
			if err != nil {
				continue
			}
			prog := assemble(t, string(src))
			var mem [2][]byte
			for i, pol := range []simaie2.Policy{simaie2.Warn, simaie2.Interlock} {
				c, tensors, err := ref.Generate(Target, task.ID, cfg, 1, false)
				if err != nil {
					t.Fatal(err)
				}
				img, err := sim.LoadELF(prog.ELF(), asm.MachineAIE2)
				if err != nil {
					t.Fatal(err)
				}
				m, err := simaie2.New(hw, simaie2.Options{Hazard: pol, MaxWarnings: 1 << 20})
				if err != nil {
					t.Fatal(err)
				}
				if err := m.Load(img); err != nil {
					t.Fatal(err)
				}
				if _, err := c.SetUp(m, img, tensors); err != nil {
					t.Fatal(err)
				}
				if h := m.Run(); !h.OK() {
					t.Fatalf("%s c%d, %s: %s", task.ID, cfg, pol, h)
				}
				ws, _ := m.Warnings()
				for _, w := range ws {
					if !w.Undoes {
						t.Errorf("%s c%d: stale read %s", task.ID, cfg, w)
						break
					}
					window++
				}
				if mem[i], err = m.Memory().Peek(0x70000, 64<<10); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(mem[0], mem[1]) {
				t.Errorf("%s c%d: data memory after interlock differs from exposed's", task.ID, cfg)
			}
			cells++
		}
	}
	if cells < 100 {
		t.Errorf("%d cells run, want every aie2 baseline cell", cells)
	}
	t.Logf("%d cells: 0 stale reads, %d stores in partial-store windows, interlock = exposed on all", cells, window)
}
