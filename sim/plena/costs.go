package plena

import (
	"fmt"
	"strings"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// CostModel explains plena's timing with one hardware config's numbers
// (the ISA manual's "what decides cycles"); the numbers are the ones the
// simulator uses.
type CostModel struct {
	cfg *Config
	hw  *isadefs.HW
}

// NewCostModel builds the cost model of a plena hardware config.
func NewCostModel(hw *isadefs.HW) (sim.CostModel, error) {
	c, err := NewConfig(hw)
	if err != nil {
		return nil, err
	}
	return &CostModel{cfg: c, hw: hw}, nil
}

// Rules describes the timing model.
func (c *CostModel) Rules() string {
	h := c.cfg.HBM
	var b strings.Builder
	fmt.Fprintf(&b, "Instructions complete one after another: a kernel's cycles are the sum of its instructions' cycles (clock %d ps). Nothing overlaps: not the units, not HBM transfers with compute.\n", h.ClockPS)
	ch := c.cfg.Charge
	fmt.Fprintf(&b, "Matrix unit: M_MM and M_TMM take MLEN + overhead = %d cycles, M_MV and M_TMV MLEN = %d, M_BMM and M_BTMM %d, M_BMV and M_BTMV %d; write-outs M_MM_WO %d, M_MV_WO %d, M_BMM_WO %d, M_BMV_WO %d.",
		ch["M_MM"], ch["M_MV"], ch["M_BMM"], ch["M_BMV"], ch["M_MM_WO"], ch["M_MV_WO"], ch["M_BMM_WO"], ch["M_BMV_WO"])
	if c.cfg.WorkBound {
		fmt.Fprintf(&b, " The batched products and their write-outs take their work at the unit's peak (below): PLENA's emulator charges them MLEN + overhead, 1 + overhead and 1 (hardware config plena-emulator), more work per cycle than the unit does for M_MM.\n")
	} else {
		fmt.Fprintf(&b, " This is PLENA's emulator's table (work_bound 0): M_BMV/M_BTMV and M_BMM/M_BTMM do more MACs per cycle than M_MM, and the batched write-outs write more rows per cycle than any other instruction.\n")
	}
	fmt.Fprintf(&b, "Vector unit (one row of VLEN = %d): add/sub %d, mul %d, exp %d, reciprocal %d, V_RED_MAX %d, V_RED_SUM %d cycles.\n",
		c.cfg.VLEN, c.cfg.Lat["vector_add"], c.cfg.Lat["vector_mul"], c.cfg.Lat["vector_exp"], c.cfg.Lat["vector_reci"], c.cfg.Lat["vector_max"], c.cfg.Lat["vector_sum"])
	fmt.Fprintf(&b, "Scalar: integer ops %d, f16 add/sub/mul/max %d, exp %d, sqrt %d, reciprocal %d, S_LD_FP/S_ST_FP %d, S_MAP_V_FP 2 x VLEN = %d cycles; an S_*_FP or V_RED_* writing f0 does nothing and takes 0 cycles. Control (C_*) %d.\n",
		c.cfg.Lat["scalar_int_basic"], c.cfg.Lat["scalar_fp_basic"], c.cfg.Lat["scalar_fp_exp"], c.cfg.Lat["scalar_fp_sqrt"], c.cfg.Lat["scalar_fp_reci"], c.cfg.Lat["scalar_fp_mem"], c.cfg.Lat[latMapV], c.cfg.Lat["ctrl"])
	fmt.Fprintf(&b, "HBM (H_PREFETCH_M, H_PREFETCH_V, H_STORE_V): HBM2 with %d channels x %d pseudochannels at %d ps per DRAM cycle; every 64-byte access is %d transactions of %d bytes. A prefetch issues all its 64-byte reads (each row's element chunk and the chunk with its scales) at once and waits for the last; a store writes row by row (element chunk posted, scale chunk read, patched and written back). A first access costs about ACT + CAS + burst = %d DRAM cycles; transfers stream at up to %d bytes per DRAM cycle per pseudochannel; row misses add to it.",
		h.Channels, h.PseudoChannels, h.TCKps, h.RequestBytes/h.TxBytes, h.TxBytes, h.NRCDRD+h.NCL+h.NBL, int64(h.TxBytes)/h.NBL)
	if h.Refresh {
		fmt.Fprintf(&b, " Refreshes (every %d DRAM cycles, %d cycles long) add to it.", h.NREFI, h.NRFC)
	} else {
		fmt.Fprintf(&b, " No refresh (PLENA's Ramulator2 sends none to HBM2; hardware config plena-refresh has them).")
	}
	if h.ReadForwarding {
		fmt.Fprintf(&b, " A read of a chunk whose write still waits in the controller's write buffer is served from it at once (H_STORE_V's scale-chunk reads, read-backs of just-stored rows).")
	}
	b.WriteString("\n")
	return b.String()
}

// Peaks are the units' most work per cycle (sim.PeakModel).
func (c *CostModel) Peaks() []sim.Peak { return c.cfg.Peaks }

// Uses is what an instruction does (its plena.isa work=) and the cycles
// the simulator charges it: its charge, or for an H_ transfer the HBM
// model's cycles for it on an idle machine with every operand 0 (see
// runAlone).
func (c *CostModel) Uses(in *isadefs.Inst) ([]sim.Use, string, error) {
	if w, ok := in.Work(); ok && w.None != "" {
		return nil, w.None, nil
	}
	measure, n, ok, err := WorkOf(c.hw, in)
	if err != nil || !ok {
		return nil, "", err
	}
	cyc, ok := c.cfg.Charge[in.Name]
	if in.LatencyClass() == latHBM {
		if cyc, err = c.runAlone(in); err != nil {
			return nil, "", err
		}
	} else if !ok {
		return nil, "", fmt.Errorf("plena: no charge for %s", in.Name)
	}
	return []sim.Use{{Unit: in.Unit(), Measure: measure, Work: n, Cycles: cyc}}, "", nil
}

// streamCopies is how many copies of an H_ transfer runAlone runs back
// to back to find its streaming cost: enough for H_STORE_V's posted
// writes to fill the controllers' write buffers.
const streamCopies = 64

// runAlone runs the instruction with every operand 0 on a fresh machine,
// once, twice and streamCopies times in a row, and returns the fewer of
// its cycles cold (the first) and warm (the second: its DRAM rows open),
// but not less than its cycles per copy in the stream (rounded up). An
// H_STORE_V alone finishes when the controllers have accepted its writes
// (posted) and its scale-chunk reads are served from the write buffers
// (hbm.read_forwarding), before its bytes cross the DRAM bus; in a stream
// the buffers fill and each store waits for the bus.
func (c *CostModel) runAlone(in *isadefs.Inst) (int64, error) {
	w, err := in.Encode(make([]int64, len(in.Operands)))
	if err != nil {
		return 0, err
	}
	var cyc [3]int64
	for i, n := range [3]int{1, 2, streamCopies} {
		img, err := ParseMem(c.hw, []byte(strings.Repeat(fmt.Sprintf("%#08x\n", w), n)))
		if err != nil {
			return 0, err
		}
		m, err := New(c.hw, Options{})
		if err != nil {
			return 0, err
		}
		if err := m.Load(img); err != nil {
			return 0, err
		}
		if h := m.Run(); !h.OK() {
			return 0, fmt.Errorf("plena: %s alone: %s", in.Name, h)
		}
		cyc[i] = m.Cycles()
	}
	stream := (cyc[2] - cyc[0] + streamCopies - 2) / (streamCopies - 1)
	return max(min(cyc[0], cyc[1]-cyc[0]), stream), nil
}

// Inst describes one instruction's cost.
func (c *CostModel) Inst(in *isadefs.Inst) string {
	cls := in.LatencyClass()
	work := ""
	if m, n, ok, _ := WorkOf(c.hw, in); ok {
		work = fmt.Sprintf("; work: %d %s", n, m)
	}
	if cls == latHBM {
		return fmt.Sprintf("unit %s: the HBM model (all of the instruction's 64-byte accesses in flight; waits for the last)%s", in.Unit(), work)
	}
	l, ok := c.cfg.Charge[in.Name]
	if !ok {
		return ""
	}
	s := fmt.Sprintf("unit %s: %d cycle%s", in.Unit(), l, map[bool]string{true: "", false: "s"}[l == 1])
	if e := c.cfg.Lat[cls]; e != l {
		s += fmt.Sprintf(" (its work at the unit's peak; PLENA's emulator charges %d)", e)
	}
	if strings.HasPrefix(cls, "scalar_fp_") && cls != "scalar_fp_mem" || cls == "vector_sum" || cls == "vector_max" {
		s += " (0 when the destination is f0: nothing happens)"
	}
	return s + work
}

// Summary is what the cycles section covers, for the manual's overview.
func (c *CostModel) Summary() string {
	return "each instruction's cycles (they add up, nothing overlaps), the matrix and vector units' charges, HBM transfer time"
}
