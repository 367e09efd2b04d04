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
	fmt.Fprintf(&b, "Matrix unit: M_MM, M_TMM, M_BMM, M_BTMM take MLEN + overhead = %d cycles, M_MV and M_TMV MLEN = %d, M_BMV and M_BTMV %d, the *_WO write-outs %d.\n",
		c.cfg.Lat[latSystolic], c.cfg.Lat[latMV], c.cfg.Lat[latBMV], c.cfg.Lat["writeout"])
	fmt.Fprintf(&b, "Vector unit (one row of VLEN = %d): add/sub %d, mul %d, exp %d, reciprocal %d, V_RED_MAX %d, V_RED_SUM %d cycles.\n",
		c.cfg.VLEN, c.cfg.Lat["vector_add"], c.cfg.Lat["vector_mul"], c.cfg.Lat["vector_exp"], c.cfg.Lat["vector_reci"], c.cfg.Lat["vector_max"], c.cfg.Lat["vector_sum"])
	fmt.Fprintf(&b, "Scalar: integer ops %d, f16 add/sub/mul/max %d, exp %d, sqrt %d, reciprocal %d, S_LD_FP/S_ST_FP %d, S_MAP_V_FP 2 x VLEN = %d cycles; an S_*_FP or V_RED_* writing f0 does nothing and takes 0 cycles. Control (C_*) %d.\n",
		c.cfg.Lat["scalar_int_basic"], c.cfg.Lat["scalar_fp_basic"], c.cfg.Lat["scalar_fp_exp"], c.cfg.Lat["scalar_fp_sqrt"], c.cfg.Lat["scalar_fp_reci"], c.cfg.Lat["scalar_fp_mem"], c.cfg.Lat[latMapV], c.cfg.Lat["ctrl"])
	fmt.Fprintf(&b, "HBM (H_PREFETCH_M, H_PREFETCH_V, H_STORE_V): HBM2 with %d channels x %d pseudochannels at %d ps per DRAM cycle; every 64-byte access is %d transactions of %d bytes. A prefetch issues all its 64-byte reads (each row's element chunk and the chunk with its scales) at once and waits for the last; a store writes row by row (element chunk posted, scale chunk read, patched and written back). A first access costs about ACT + CAS + burst = %d DRAM cycles; transfers stream at up to %d bytes per DRAM cycle per pseudochannel; refreshes (every %d cycles, %d cycles long) and row misses add to it.\n",
		h.Channels, h.PseudoChannels, h.TCKps, h.RequestBytes/h.TxBytes, h.TxBytes, h.NRCDRD+h.NCL+h.NBL, int64(h.TxBytes)/h.NBL, h.NREFI, h.NRFC)
	return b.String()
}

// Inst describes one instruction's cost.
func (c *CostModel) Inst(in *isadefs.Inst) string {
	cls := in.LatencyClass()
	if cls == latHBM {
		return fmt.Sprintf("unit %s: the HBM model (all of the instruction's 64-byte accesses in flight; waits for the last)", in.Unit())
	}
	l, ok := c.cfg.Lat[cls]
	if !ok {
		return ""
	}
	s := fmt.Sprintf("unit %s: %d cycle%s", in.Unit(), l, map[bool]string{true: "", false: "s"}[l == 1])
	if strings.HasPrefix(cls, "scalar_fp_") && cls != "scalar_fp_mem" || cls == "vector_sum" || cls == "vector_max" {
		s += " (0 when the destination is f0: nothing happens)"
	}
	return s
}
