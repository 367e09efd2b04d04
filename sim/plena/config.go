package plena

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// Config is a hardware config's plena parameters, read once (never
// hard-coded: every number comes from isa-defs/hw/plena*.json).
type Config struct {
	MLEN, VLEN, BLEN, HLEN, Broadcast int
	PrefetchM, PrefetchV, WritebackV  int // rows per H_PREFETCH_M, H_PREFETCH_V, H_STORE_V
	MTiles                            int // Matrix SRAM tiles: matrix_sram_size / mlen
	VRows                             int // Vector SRAM rows (vector_sram_rows)
	FPEntries, IntEntries             int
	MaxLoop                           int     // max_loop_instructions per loop iteration
	MXBlock                           int     // elements per E8M0 scale
	BMMScale                          float32 // the emulator's bmm_scale register (1.0, no instruction writes it)
	Scalar                            ScalarFormat
	HBM                               HBMConfig

	// Lat is the latency of each class (isa-defs lat= attribute), in
	// accelerator cycles: PLENA's emulator's table.
	Lat map[string]int64
	// WorkBound (timing work_bound = 1, plena's default) charges every
	// instruction at least its declared work (plena.isa work=) at its
	// unit's peak (Peaks); 0 (plena-emulator) keeps the emulator's table.
	WorkBound bool
	// Peaks are the units' most work per cycle under the config.
	Peaks []sim.Peak
	// Charge is the cycles the simulator charges each instruction, by
	// name (the H_ transfers excepted: the HBM model times them; an
	// S_*_FP or V_RED_* writing f0 takes 0).
	Charge map[string]int64
	// The matrix unit's charges, looked up once.
	latMM, latMV, latBMM, latBMV, latMMWO, latMVWO, latBMMWO, latBMVWO int64
}

// latency classes whose cycles are derived rather than read.
const (
	latSystolic = "systolic" // mlen + lat.systolic_overhead
	latMV       = "mv"       // mlen
	latBMV      = "bmv"      // 1 + lat.systolic_overhead
	latMapV     = "map_v"    // 2 * vlen
	latHBM      = "hbm"      // the HBM model
)

// NewConfig reads and checks a hardware config's plena parameters.
func NewConfig(hw *isadefs.HW) (*Config, error) {
	p := func(k string) int { return int(hw.Param(k, -1)) }
	c := &Config{
		MLEN: p("mlen"), VLEN: p("vlen"), BLEN: p("blen"), HLEN: p("hlen"), Broadcast: p("broadcast"),
		PrefetchM: p("hbm_m_prefetch"), PrefetchV: p("hbm_v_prefetch"), WritebackV: p("hbm_v_writeback"),
		VRows: p("vector_sram_rows"), FPEntries: p("fp_sram_entries"), IntEntries: p("int_sram_entries"),
		MaxLoop: p("max_loop_instructions"), MXBlock: p("mx_block"),
		BMMScale: 1,
		Scalar:   ScalarFormat{BF16: hw.Param("scalar_bf16", 0) != 0},
		Lat:      map[string]int64{},
	}
	for k, v := range map[string]int{
		"mlen": c.MLEN, "vlen": c.VLEN, "blen": c.BLEN, "hlen": c.HLEN, "broadcast": c.Broadcast,
		"hbm_m_prefetch": c.PrefetchM, "hbm_v_prefetch": c.PrefetchV, "hbm_v_writeback": c.WritebackV,
		"vector_sram_rows": c.VRows, "fp_sram_entries": c.FPEntries, "int_sram_entries": c.IntEntries,
		"max_loop_instructions": c.MaxLoop, "mx_block": c.MXBlock,
	} {
		if v <= 0 || v > 1<<24 {
			return nil, fmt.Errorf("hw %s: params.%s = %d: want a positive value (plena needs it)", hw.Name, k, v)
		}
	}
	msize := int(hw.Param("matrix_sram_size", -1))
	if msize <= 0 || msize%c.MLEN != 0 {
		return nil, fmt.Errorf("hw %s: params.matrix_sram_size = %d: want a positive multiple of mlen %d", hw.Name, msize, c.MLEN)
	}
	c.MTiles = msize / c.MLEN
	switch {
	case c.MLEN != c.VLEN:
		// The emulator steps Vector SRAM rows by MLEN in the matrix unit
		// and by VLEN elsewhere; it only works when they are equal.
		return nil, fmt.Errorf("hw %s: mlen %d != vlen %d: PLENA's emulator addresses Vector SRAM rows by MLEN in the matrix unit, so they must be equal", hw.Name, c.MLEN, c.VLEN)
	case c.MLEN%c.BLEN != 0 || c.VLEN%c.HLEN != 0:
		return nil, fmt.Errorf("hw %s: mlen %d must be a multiple of blen %d and vlen %d of hlen %d", hw.Name, c.MLEN, c.BLEN, c.VLEN, c.HLEN)
	case c.VLEN%64 != 0:
		return nil, fmt.Errorf("hw %s: vlen %d: HBM rows are whole 64-byte requests of one-byte elements, so vlen must be a multiple of 64", hw.Name, c.VLEN)
	case c.VLEN%c.MXBlock != 0 || c.MXBlock != 8:
		return nil, fmt.Errorf("hw %s: mx_block %d: the MXFP8 layout has one E8M0 scale byte per 8 E4M3 elements (8 = 8 bits x block / 8 bits)", hw.Name, c.MXBlock)
	case c.PrefetchM != c.MLEN:
		return nil, fmt.Errorf("hw %s: hbm_m_prefetch %d must equal mlen %d (one whole tile per H_PREFETCH_M, as the emulator's transfer asserts)", hw.Name, c.PrefetchM, c.MLEN)
	case c.VLEN/c.HLEN > 32:
		return nil, fmt.Errorf("hw %s: vlen/hlen = %d segments: V_MASK has 32 bits", hw.Name, c.VLEN/c.HLEN)
	}
	for _, k := range []string{"systolic_overhead", "writeout", "vector_add", "vector_mul", "vector_exp", "vector_reci",
		"vector_max", "vector_sum", "scalar_fp_basic", "scalar_fp_exp", "scalar_fp_sqrt", "scalar_fp_reci",
		"scalar_fp_mem", "scalar_int_basic", "ctrl", "vector_shift", "vector_prefix_scan"} {
		v, ok := hw.Timing["lat."+k]
		if !ok {
			return nil, fmt.Errorf("hw %s: timing lat.%s is missing", hw.Name, k)
		}
		c.Lat[k] = v
	}
	c.Lat[latSystolic] = int64(c.MLEN) + c.Lat["systolic_overhead"]
	c.Lat[latMV] = int64(c.MLEN)
	c.Lat[latBMV] = 1 + c.Lat["systolic_overhead"]
	c.Lat[latMapV] = 2 * int64(c.VLEN)
	h, err := newHBMConfig(hw)
	if err != nil {
		return nil, err
	}
	c.HBM = h
	wb, ok := hw.Timing["work_bound"]
	if !ok || wb > 1 {
		return nil, fmt.Errorf("hw %s: timing work_bound must be 1 (charge every instruction at least its work at its unit's peak) or 0 (PLENA's emulator's table)", hw.Name)
	}
	c.WorkBound = wb == 1
	c.Peaks = c.peaks()
	if err := c.charges(hw); err != nil {
		return nil, err
	}
	ch := c.Charge
	c.latMM, c.latMV, c.latBMM, c.latBMV = ch["M_MM"], ch["M_MV"], ch["M_BMM"], ch["M_BMV"]
	c.latMMWO, c.latMVWO, c.latBMMWO, c.latBMVWO = ch["M_MM_WO"], ch["M_MV_WO"], ch["M_BMM_WO"], ch["M_BMV_WO"]
	for _, pair := range [][2]string{{"M_MM", "M_TMM"}, {"M_MV", "M_TMV"}, {"M_BMM", "M_BTMM"}, {"M_BMV", "M_BTMV"}} {
		if ch[pair[0]] != ch[pair[1]] {
			return nil, fmt.Errorf("hw %s: %s takes %d cycles and %s %d: the simulator charges the two alike", hw.Name, pair[0], ch[pair[0]], pair[1], ch[pair[1]])
		}
	}
	return c, nil
}

// peaks derives the units' most work per cycle from the config.
func (c *Config) peaks() []sim.Peak {
	h := c.HBM
	return []sim.Peak{
		{Unit: "matrix", Measure: "macs", Num: int64(c.BLEN * c.BLEN), Den: 1,
			Why: fmt.Sprintf("BLEN x BLEN = %d x %d: M_MM, the matrix unit's full-width operation, adds MLEN products into each of its BLEN x BLEN accumulators in its MLEN cycles (+ systolic overhead)", c.BLEN, c.BLEN)},
		{Unit: "matrix", Measure: "elements", Num: int64(c.VLEN), Den: 1,
			Why: fmt.Sprintf("one Vector SRAM row of VLEN = %d written per cycle, as the vector unit writes one row per op", c.VLEN)},
		{Unit: "vector", Measure: "elements", Num: int64(c.VLEN), Den: 1,
			Why: fmt.Sprintf("one row of VLEN = %d elements per cycle (the fastest vector ops take 1 cycle per row)", c.VLEN)},
		{Unit: "scalar_fp", Measure: "ops", Num: 1, Den: 1, Why: "one scalar result per cycle"},
		{Unit: "scalar_int", Measure: "ops", Num: 1, Den: 1, Why: "one scalar result per cycle"},
		{Unit: "hbm", Measure: "bytes", Num: int64(h.Channels*h.PseudoChannels*h.TxBytes) * h.ClockPS, Den: h.NBL * h.TCKps,
			Why: fmt.Sprintf("%d channels x %d pseudochannels x %d bytes per %d-cycle burst (hbm.nBL), at %d ps per DRAM cycle and %d ps per accelerator cycle",
				h.Channels, h.PseudoChannels, h.TxBytes, h.NBL, h.TCKps, h.ClockPS)},
	}
}

// Peak returns the unit's peak for a measure.
func (c *Config) Peak(unit, measure string) (sim.Peak, bool) {
	for _, p := range c.Peaks {
		if p.Unit == unit && p.Measure == measure {
			return p, true
		}
	}
	return sim.Peak{}, false
}

// WorkOf is an instruction's declared work (plena.isa work=) with the
// config's params: its measure and amount; ok false for none.
func WorkOf(hw *isadefs.HW, in *isadefs.Inst) (measure string, amount int64, ok bool, err error) {
	w, has := in.Work()
	if !has {
		return "", 0, false, fmt.Errorf("plena: %s declares no work (plena.isa work=)", in.Name)
	}
	if w.None != "" {
		return "", 0, false, nil
	}
	n, err := w.Eval(func(k string) (int64, bool) { v, ok := hw.Params[k]; return v, ok })
	if err != nil {
		return "", 0, false, fmt.Errorf("plena: %s: work=%s:%s: %w", in.Name, w.Measure, w.Expr, err)
	}
	return w.Measure, n, true, nil
}

// WorkCycles is the fewest cycles an instruction's work takes at its
// unit's peak (a matrix product's plus the systolic overhead), 0 when it
// declares none or its unit has no peak for it.
func (c *Config) WorkCycles(hw *isadefs.HW, in *isadefs.Inst) (int64, error) {
	m, n, ok, err := WorkOf(hw, in)
	if err != nil || !ok {
		return 0, err
	}
	p, ok := c.Peak(in.Unit(), m)
	if !ok {
		return 0, nil
	}
	cyc := (n*p.Den + p.Num - 1) / p.Num
	if in.Unit() == "matrix" && m == "macs" {
		cyc += c.Lat["systolic_overhead"]
	}
	return cyc, nil
}

// charges fills Charge: each instruction's latency class, or under
// WorkBound its work at its unit's peak when that is longer.
func (c *Config) charges(hw *isadefs.HW) error {
	isa, err := isadefs.LoadISA("plena")
	if err != nil {
		return err
	}
	c.Charge = map[string]int64{}
	for _, in := range isa.Insts {
		cls := in.LatencyClass()
		if cls == latHBM {
			continue
		}
		l, ok := c.Lat[cls]
		if !ok {
			return fmt.Errorf("plena: %s has latency class %q, which the hardware config does not give", in.Name, cls)
		}
		w, err := c.WorkCycles(hw, in)
		if err != nil {
			return err
		}
		if c.WorkBound && w > l {
			l = w
		}
		c.Charge[in.Name] = l
	}
	return nil
}

// memories are the regions a plena core uses, found by name.
type memories struct {
	hbm, vsram, msram, fpmem, intmem, code *sim.Region
}

func findMemories(hw *isadefs.HW, c *Config, m *sim.Memory) (memories, error) {
	var ms memories
	byName := map[string]*sim.Region{}
	for _, r := range m.Regions {
		byName[r.Name] = r
		if r.Executable && ms.code == nil {
			ms.code = r
		}
	}
	need := []struct {
		name  string
		dst   **sim.Region
		bytes int
		what  string
	}{
		{"hbm", &ms.hbm, 64, "HBM"},
		{"vsram", &ms.vsram, c.VRows * c.VLEN * 2, fmt.Sprintf("Vector SRAM (%d rows of %d bf16)", c.VRows, c.VLEN)},
		{"msram", &ms.msram, c.MTiles * c.MLEN * c.MLEN * 4, fmt.Sprintf("Matrix SRAM (%d tiles of %dx%d f32)", c.MTiles, c.MLEN, c.MLEN)},
		{"fpmem", &ms.fpmem, c.FPEntries * 2, fmt.Sprintf("FP SRAM (%d entries of 16 bits)", c.FPEntries)},
		{"intmem", &ms.intmem, c.IntEntries * 4, fmt.Sprintf("INT SRAM (%d u32)", c.IntEntries)},
	}
	for _, n := range need {
		r := byName[n.name]
		if r == nil {
			return ms, fmt.Errorf("hw %s: no memory region %q (the %s)", hw.Name, n.name, n.what)
		}
		if len(r.Data) < n.bytes {
			return ms, fmt.Errorf("hw %s: region %s is %d bytes, the %s needs %d", hw.Name, n.name, len(r.Data), n.what, n.bytes)
		}
		*n.dst = r
	}
	if len(ms.hbm.Data)%64 != 0 {
		return ms, fmt.Errorf("hw %s: region hbm is %d bytes, not a whole number of 64-byte requests", hw.Name, len(ms.hbm.Data))
	}
	if ms.code == nil {
		return ms, fmt.Errorf("hw %s: no executable region for the program", hw.Name)
	}
	return ms, nil
}
