package coral

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// The peaks of coral's units (sim.PeakModel) and what each instruction
// does and costs, measured with the timing model's own functions: a
// vector instruction at vl = VLMAX alone on an idle backend under every
// legal SEW/LMUL (the cost table's cells), a scalar one as a run of
// scalarRun independent copies through the dispatch model.

// memPort is the unit name of the memory port, which scalar accesses and
// vector beats share.
const memPort = "memory port"

// scalarRun is how many copies of a scalar instruction the steady-state
// measurement dispatches.
const scalarRun = 64

// zeroWork says why an instruction does no work a peak bounds, or "".
func zeroWork(in *isadefs.Inst) string {
	switch {
	case in.Unit() == "bru":
		return "control flow (jumps, branches, mret)"
	case in.Unit() == "csr":
		return "control and status (CSR accesses, fences, ecall, ebreak, wfi, mpause)"
	case in.Unit() == "vcfg":
		return "vector configuration (sets vl and vtype)"
	case in.Unit() == "lsu" && !in.Flags["load"] && !in.Flags["store"]:
		return "cache maintenance (moves no data)"
	}
	return ""
}

// Peaks derives the units' most work per cycle from the config.
func (c *costModel) Peaks() []sim.Peak {
	m, t := c.m, &c.m.t
	w := int64(t.width)
	ps := []sim.Peak{
		{Unit: "alu", Measure: "ops", Num: w, Den: 1, Why: fmt.Sprintf("dispatch_width %d instructions per cycle", w)},
		{Unit: "fpu", Measure: "ops", Num: w, Den: 1, Why: fmt.Sprintf("dispatch_width %d instructions per cycle (pipelined)", w)},
		{Unit: "mul", Measure: "ops", Num: int64(t.mulMax), Den: 1, Why: fmt.Sprintf("mul_per_cycle %d", t.mulMax)},
		{Unit: "div", Measure: "ops", Num: 1, Den: int64(m.latency("div")), Why: fmt.Sprintf("iterative: one divide per lat.div = %d cycles", m.latency("div"))},
		{Unit: "fdiv", Measure: "ops", Num: 1, Den: int64(m.latency("fdiv")), Why: fmt.Sprintf("iterative: one divide or square root per lat.fdiv = %d cycles", m.latency("fdiv"))},
		{Unit: memPort, Measure: "accesses", Num: int64(t.memMax), Den: 1, Why: fmt.Sprintf("mem_per_cycle %d", t.memMax)},
	}
	if m.hasVec {
		ps = append(ps, sim.Peak{Unit: memPort, Measure: "bytes", Num: int64(t.memMax) * VLENB, Den: 1,
			Why: fmt.Sprintf("mem_per_cycle %d beat(s) of VLEN/8 = %d bytes", t.memMax, VLENB)})
		seen := map[string]bool{}
		for _, u := range m.stats.UnitNames {
			if len(u) < 2 || u[0] != 'v' || u == "vcfg" || u == "vlsu" {
				continue
			}
			n, to, _ := c.units(u)
			if seen[to] {
				continue
			}
			seen[to] = true
			if to == "vdiv" {
				// Iterative: a uop holds the divider lat.vdiv.e<SEW>
				// cycles, the fewest at SEW 8.
				ps = append(ps, sim.Peak{Unit: to, Measure: "bits", Num: int64(n) * VLEN, Den: int64(t.vdivLat[0]),
					Why: fmt.Sprintf("%d instance(s) (vec.units.vdiv), each one VLEN = %d-bit uop per lat.vdiv.e8 = %d cycles at best", n, VLEN, t.vdivLat[0])})
				continue
			}
			ps = append(ps, sim.Peak{Unit: to, Measure: "bits", Num: int64(n) * VLEN, Den: 1,
				Why: fmt.Sprintf("%d instance(s) (vec.units.%s), each one VLEN = %d-bit uop per cycle", n, to, VLEN)})
		}
	}
	return ps
}

// Uses is what an instruction does and costs (sim.PeakModel).
func (c *costModel) Uses(in *isadefs.Inst) ([]sim.Use, string, error) {
	if why := zeroWork(in); why != "" {
		return nil, why, nil
	}
	if vo, o, ok := c.vecOp(in); ok {
		var uses []sim.Use
		for _, sew := range []uint32{8, 16, 32} {
			for _, l := range lmuls {
				cell := c.cost(vo, o, sew, l.vlmul)
				if !cell.ok {
					continue
				}
				u := sim.Use{Setting: fmt.Sprintf("e%d m%s", sew, l.name), Unit: memPort, Cycles: cell.busy}
				u.Measure, u.Work = vecWork(vo, cell.vl, sew)
				if !cell.mem {
					_, u.Unit, _ = c.units(in.Unit())
				}
				uses = append(uses, u)
			}
		}
		if len(uses) == 0 {
			return nil, "", fmt.Errorf("coral: %s is legal under no SEW/LMUL", in.Name)
		}
		return uses, "", nil
	}
	if in.Flags["vec"] {
		return nil, "", fmt.Errorf("coral: %s does not decode as a vector instruction", in.Name)
	}
	cyc, err := c.scalarCycles(in)
	if err != nil {
		return nil, "", err
	}
	u := sim.Use{Unit: in.Unit(), Measure: "ops", Work: scalarRun, Cycles: cyc, Setting: fmt.Sprintf("%d in a row", scalarRun)}
	if in.Flags["load"] || in.Flags["store"] {
		u.Unit, u.Measure = memPort, "accesses"
	}
	return []sim.Use{u}, "", nil
}

// vecWork is what a vector instruction does at vl elements of SEW sew:
// the bytes a memory access moves, or the bits of the widest operand
// group an arithmetic one reads or writes (2·SEW per element where it
// widens or narrows, one bit per element for mask-register operations, one
// element for scalar moves).
func vecWork(vo *VOp, vl, sew uint32) (string, int64) {
	n, s := int64(vl), int64(sew)
	switch vo.Kind {
	case kLoad, kStore:
		return "bytes", n * int64(vo.EEW) / 8 * int64(max(1, vo.NF))
	case kLoadWhole, kStoreWhole:
		return "bytes", int64(vo.NF) * VLENB
	case kLoadMask, kStoreMask:
		return "bytes", (n + 7) / 8
	case kMvNR:
		return "bits", int64(vo.NF) * VLEN
	case kWide, kWideW, kNarrow, kFWCvt, kFNCvt:
		return "bits", n * 2 * s
	case kMaskLogic, kCpop, kFirst, kSetBefore:
		return "bits", n
	case kMvXS, kMvSX, kFMvFS, kFMvSF:
		return "bits", s
	case kGatherEI16:
		return "bits", n * max(s, 16)
	}
	return "bits", n * s
}

// scalarCycles dispatches copies of a scalar instruction (its operand
// fields 0: no dependences between the copies) on a fresh scoreboard and
// returns the cycles scalarRun of them take: from the first's dispatch to
// the dispatch of the one after the last.
func (c *costModel) scalarCycles(in *isadefs.Inst) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var o op
	c.m.decodeOp(uint32(in.Match), &o, true)
	if o.inst != in || o.illegal != "" {
		return 0, fmt.Errorf("coral: %s with zero operands decodes as %v (%s)", in.Name, o.inst, o.illegal)
	}
	var t timing
	t.init(c.m.hw, len(c.m.stats.UnitNames), c.m.unitCnt, 1<<62)
	copy(t.res, c.m.t.res)
	// One more copy: the cycle it dispatches in is when the first
	// scalarRun have let go of the unit.
	for range scalarRun + 1 {
		if !t.dispatch(&o) {
			return 0, fmt.Errorf("coral: %s: the cycle limit", in.Name)
		}
	}
	return t.cur, nil
}
