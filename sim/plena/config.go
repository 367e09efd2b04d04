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
	// accelerator cycles.
	Lat map[string]int64
	// The matrix unit's, looked up once.
	latSys, latMV, latBMV, latWO int64
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
	c.latSys, c.latMV, c.latBMV, c.latWO = c.Lat[latSystolic], c.Lat[latMV], c.Lat[latBMV], c.Lat["writeout"]
	h, err := newHBMConfig(hw)
	if err != nil {
		return nil, err
	}
	c.HBM = h
	return c, nil
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
