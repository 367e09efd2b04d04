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
// case under warn and interlock: warn reports no stale read and no store
// in a partial-word store's read-modify-write window (silu c4, gelu c4,
// softmax c3/c4, layernorm c3/c4 and rmsnorm c4 put 17,255 stores there
// before copyU16 and padStores spaced st.s16 to one word partWordGap
// cycles apart), and interlock leaves data memory byte for byte as warn
// (= exposed) does. Before the policies told software-pipelined reads from
// stale ones, warn reported 523,113 stale reads on 95 of the 110 cells,
// and interlock left different data memory on those 95.
func TestBaselinesUnderHazardPolicies(t *testing.T) {
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		t.Fatal(err)
	}
	cells := 0
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
				if len(ws) > 0 {
					t.Errorf("%s c%d, %s: %d warnings, the first: %s", task.ID, cfg, pol, len(ws), ws[0])
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
	t.Logf("%d cells: no warnings, interlock = exposed on all", cells)
}
