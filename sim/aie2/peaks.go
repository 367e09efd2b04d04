package aie2

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// The peaks of aie2's slots (sim.PeakModel). One bundle issues per cycle
// and each of its operations holds its slot for that cycle (stalls only
// delay the next bundle), so every operation is charged one slot cycle;
// what it does in it is its MACs (per MAC mode the configuration register
// may select), the bytes its memory access moves, or one operation.
// TestMACPeak measures the MAC unit's two peaks on the simulator.

// Peaks derives the slots' most work per cycle from the config.
func (c *CostModel) Peaks() []sim.Peak {
	ab := int64(accessBits)
	ps := []sim.Peak{
		{Unit: "vec", Measure: "bf16 MACs", Num: peakMACs(true), Den: 1, Why: "vmac.f's 4x8x4 mode, one per cycle"},
		{Unit: "vec", Measure: "8-bit products", Num: peakMACs(false), Den: 1, Why: "the multiplier array's 8-bit x 8-bit products (a 16-bit operand takes two, a 32-bit one four)"},
	}
	for _, sl := range c.isa.SlotOrder {
		switch sl.Name {
		case "lda", "ldb":
			ps = append(ps, sim.Peak{Unit: sl.Name, Measure: "bytes", Num: ab / 8, Den: 1, Why: fmt.Sprintf("one %d-bit access, a w register, per load unit per cycle", ab)})
		case "st":
			ps = append(ps, sim.Peak{Unit: sl.Name, Measure: "bytes", Num: ab / 8, Den: 1, Why: fmt.Sprintf("one %d-bit access, a w register, per store unit per cycle", ab)})
		}
		if sl.Name != "nop" {
			ps = append(ps, sim.Peak{Unit: sl.Name, Measure: "ops", Num: 1, Den: 1, Why: "one operation per slot per bundle, one bundle per cycle"})
		}
	}
	return ps
}

// Uses is what an operation does in its slot cycle (sim.PeakModel).
func (c *CostModel) Uses(in *isadefs.Inst) ([]sim.Use, string, error) {
	o := decodeOp(c.isa, in, in.Match)
	switch o.kind {
	case kUnsupported:
		return nil, "not simulated: running it stops the simulation (" + unsupportedText(in.Name, o.why) + ")", nil
	case kNop:
		return nil, "a nop", nil
	case kDone:
		return nil, "ends the program", nil
	case kJump, kJL, kJZ, kJNZD, kRet:
		return nil, "control flow", nil
	}
	slot := in.Slot
	switch {
	case o.kind == kVMac || o.kind == kVMacF:
		var uses []sim.Use
		for i := range macModes {
			mm := &macModes[i]
			if mm.fp != (o.kind == kVMacF) {
				continue
			}
			u := sim.Use{Setting: mm.name, Unit: slot, Cycles: 1}
			if mm.fp {
				u.Measure, u.Work = "bf16 MACs", int64(mm.m*mm.k*mm.n)
			} else {
				// A 16-bit operand takes two 8-bit products, a 4-bit one half.
				u.Measure, u.Work = "8-bit products", int64(mm.m*mm.k*mm.n*mm.xbits*mm.ybits/64)
			}
			uses = append(uses, u)
		}
		return uses, "", nil
	case (o.load || o.store) && o.memBytes > 0:
		return []sim.Use{{Unit: slot, Measure: "bytes", Work: int64(o.memBytes), Cycles: 1}}, "", nil
	case o.load || o.store:
		return nil, "", fmt.Errorf("aie2: %s accesses memory but its width is unknown", in.Name)
	}
	if slot == "" || slot == "nop" {
		return nil, "", fmt.Errorf("aie2: %s has no slot", in.Name)
	}
	return []sim.Use{{Unit: slot, Measure: "ops", Work: 1, Cycles: 1}}, "", nil
}
