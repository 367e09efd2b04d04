package plena

import (
	"fmt"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// TestLatencyTable runs one microbenchmark per instruction (every opcode
// but the H_ transfers, which the HBM model times: TestHBM*) on both
// latency columns of the emulator (plena: dc_lib_en, plena-dcdis:
// dc_lib_dis), on the 128-wide config and on plena-emulator, and requires
// exactly the cycles the hardware config's numbers give: setup
// instructions, then reps copies of the instruction under test (and a
// hardware loop around one for C_LOOP_*). plena-emulator charges the
// matrix unit as PLENA's emulator does (PLENA_Simulator 54ae9544
// transactional_emulator/src/main.rs cycle!: M_MM/M_TMM/M_BMM/M_BTMM
// overhead + MLEN, M_BMV/M_BTMV overhead + 1, every write-out 1); the
// others (work_bound 1) charge the batched products and write-outs their
// work at the matrix unit's peak: BLEN x BLEN MACs (M_BMM:
// BROADCAST x MLEN x HLEN x MLEN of them, M_BMV: BROADCAST x HLEN x MLEN)
// and one VLEN row written per cycle (M_BMM_WO: BROADCAST x MLEN rows,
// M_BMV_WO: BROADCAST).
func TestLatencyTable(t *testing.T) {
	const reps = 5
	for _, name := range []string{"plena", "plena-dcdis", "plena-128", "plena-emulator"} {
		hw := loadHW(t, name)
		lat := func(k string) int64 {
			v, ok := hw.Timing["lat."+k]
			if !ok {
				t.Fatalf("%s: no lat.%s", name, k)
			}
			return v
		}
		mlen, vlen := hw.Params["mlen"], hw.Params["vlen"]
		blen, hlen, bc := hw.Params["blen"], hw.Params["hlen"], hw.Params["broadcast"]
		systolic := mlen + lat("systolic_overhead")
		bmm, bmv := systolic, 1+lat("systolic_overhead")
		bmmWO, bmvWO := lat("writeout"), lat("writeout")
		if hw.Timing["work_bound"] == 1 {
			bmm = lat("systolic_overhead") + bc*mlen*hlen*mlen/(blen*blen)
			bmv = lat("systolic_overhead") + bc*hlen*mlen/(blen*blen)
			bmmWO, bmvWO = bc*mlen*mlen/vlen, bc*mlen/vlen
		}
		intOp := lat("scalar_int_basic")
		cases := []struct {
			name  string
			setup []string // each costs lat.scalar_int_basic
			op    string
			cost  int64
		}{
			{"M_MM", nil, "M_MM 0, gp0, gp0", systolic},
			{"M_TMM", nil, "M_TMM 0, gp0, gp0", systolic},
			{"M_BMM", nil, "M_BMM 0, gp0, gp0", bmm},
			{"M_BTMM", nil, "M_BTMM 0, gp0, gp0", bmm},
			{"M_MV", nil, "M_MV 0, gp0, gp0", mlen},
			{"M_TMV", nil, "M_TMV 0, gp0, gp0", mlen},
			{"M_BTMV", nil, "M_BTMV gp0, gp0, gp0", bmv},
			{"M_MM_WO", nil, "M_MM_WO gp0, gp0, 0", lat("writeout")},
			{"M_BMM_WO", nil, "M_BMM_WO gp0, 0", bmmWO},
			{"M_MV_WO", nil, "M_MV_WO gp0, 0", lat("writeout")},
			{"M_BMV_WO", nil, "M_BMV_WO gp0, 0", bmvWO},
			{"V_ADD_VV", nil, "V_ADD_VV gp1, gp0, gp0, 0", lat("vector_add")},
			{"V_SUB_VV", nil, "V_SUB_VV gp1, gp0, gp0, 1", lat("vector_add")},
			{"V_MUL_VV", nil, "V_MUL_VV gp1, gp0, gp0, 0", lat("vector_mul")},
			{"V_ADD_VF", nil, "V_ADD_VF gp1, gp0, f1, 0", lat("vector_add")},
			{"V_SUB_VF", nil, "V_SUB_VF gp1, gp0, f1, 0, 1", lat("vector_add")},
			{"V_MUL_VF", nil, "V_MUL_VF gp1, gp0, f1, 0", lat("vector_mul")},
			{"V_EXP_V", nil, "V_EXP_V gp1, gp0, 0", lat("vector_exp")},
			{"V_RECI_V", nil, "V_RECI_V gp1, gp0, 0", lat("vector_reci")},
			{"V_RED_SUM", nil, "V_RED_SUM f1, gp0", lat("vector_sum")},
			{"V_RED_SUM f0", nil, "V_RED_SUM f0, gp0", 0},
			{"V_RED_MAX", nil, "V_RED_MAX f2, gp0, 0", lat("vector_max")},
			{"V_RED_MAX f0", nil, "V_RED_MAX f0, gp0, 0", 0},
			{"S_ADD_FP", nil, "S_ADD_FP f1, f2, f3", lat("scalar_fp_basic")},
			{"S_SUB_FP", nil, "S_SUB_FP f1, f2, f3", lat("scalar_fp_basic")},
			{"S_MAX_FP", nil, "S_MAX_FP f1, f2, f3", lat("scalar_fp_basic")},
			{"S_MUL_FP", nil, "S_MUL_FP f1, f2, f3", lat("scalar_fp_basic")},
			{"S_ADD_FP f0", nil, "S_ADD_FP f0, f2, f3", 0},
			{"S_EXP_FP", nil, "S_EXP_FP f1, f2", lat("scalar_fp_exp")},
			{"S_RECI_FP", nil, "S_RECI_FP f1, f2", lat("scalar_fp_reci")},
			{"S_SQRT_FP", nil, "S_SQRT_FP f1, f2", lat("scalar_fp_sqrt")},
			{"S_SQRT_FP f0", nil, "S_SQRT_FP f0, f2", 0},
			{"S_LD_FP", nil, "S_LD_FP f1, gp0, 3", lat("scalar_fp_mem")},
			{"S_LD_FP f0", nil, "S_LD_FP f0, gp0, 3", lat("scalar_fp_mem")},
			{"S_ST_FP", nil, "S_ST_FP f1, gp0, 3", lat("scalar_fp_mem")},
			{"S_MAP_V_FP", nil, "S_MAP_V_FP gp0, gp0, 0", 2 * vlen},
			{"S_ADD_INT", nil, "S_ADD_INT gp1, gp2, gp3", intOp},
			{"S_ADDI_INT", nil, "S_ADDI_INT gp1, gp2, 7", intOp},
			{"S_SUB_INT", nil, "S_SUB_INT gp1, gp2, gp3", intOp},
			{"S_MUL_INT", nil, "S_MUL_INT gp1, gp2, gp3", intOp},
			{"S_LUI_INT", nil, "S_LUI_INT gp1, 3", intOp},
			{"S_LD_INT", nil, "S_LD_INT gp1, gp0, 9", intOp},
			{"S_ST_INT", nil, "S_ST_INT gp1, gp0, 9", intOp},
			{"C_SET_ADDR_REG", nil, "C_SET_ADDR_REG a2, gp1, gp2", lat("ctrl")},
			{"C_SET_SCALE_REG", nil, "C_SET_SCALE_REG gp1", lat("ctrl")},
			{"C_SET_STRIDE_REG", nil, "C_SET_STRIDE_REG gp1", lat("ctrl")},
			{"C_SET_V_MASK_REG", []string{"S_ADDI_INT gp1, gp0, 5"}, "C_SET_V_MASK_REG gp1", lat("ctrl")},
		}
		for _, c := range cases {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				src := strings.Join(c.setup, "\n") + "\n" + strings.Repeat(c.op+"\n", reps)
				m := newMachine(t, hw, src, Options{})
				mustRun(t, m)
				want := int64(len(c.setup))*intOp + reps*c.cost
				if got := m.Cycles(); got != want {
					t.Errorf("%d x %q: %d cycles, want %d (%d setup + %d x %d)", reps, c.op, got, want, len(c.setup), reps, c.cost)
				}
				if n := m.Stats().Instructions; n != uint64(len(c.setup)+reps) {
					t.Errorf("%d instructions, want %d", n, len(c.setup)+reps)
				}
			})
		}
		// Hardware loop: C_LOOP_START, then iters x (body + C_LOOP_END).
		t.Run(name+"/C_LOOP", func(t *testing.T) {
			const iters = 7
			src := fmt.Sprintf("C_LOOP_START gp5, %d\nV_ADD_VV gp1, gp0, gp0, 0\nS_ADDI_INT gp6, gp6, 1\nC_LOOP_END gp5\n", iters)
			m := newMachine(t, hw, src, Options{})
			mustRun(t, m)
			want := lat("ctrl") + iters*(lat("vector_add")+intOp+lat("ctrl"))
			if got := m.Cycles(); got != want {
				t.Errorf("loop: %d cycles, want %d", got, want)
			}
			if m.GP(6) != iters || m.GP(5) != 0 {
				t.Errorf("gp6 = %d (want %d), gp5 = %d (want 0)", m.GP(6), iters, m.GP(5))
			}
		})
	}
}

// TestBMVTraps: M_BMV traps whatever BROADCAST is, as PLENA's emulator
// fails on it (its in-place add of a [BROADCAST, 1, MLEN] product to the
// [BROADCAST, MLEN] accumulator; SEMANTICS.md), on plena and
// plena-emulator, with BROADCAST 4 (HLEN 16) and BROADCAST 1 (HLEN =
// MLEN). M_BTMV, which the emulator runs, takes 1 + overhead cycles in the
// emulator's table and MLEN x MLEN / (BLEN x BLEN) + overhead at the
// matrix unit's peak with BROADCAST 1.
func TestBMVTraps(t *testing.T) {
	for _, tc := range []struct {
		hw    string
		btmv  int64 // M_BTMV with BROADCAST 1, before the overhead
		param map[string]int64
	}{
		{"plena-emulator", 1, map[string]int64{"hlen": 64, "broadcast": 1}},
		{"plena", 64 * 64 / 16, map[string]int64{"hlen": 64, "broadcast": 1}},
		{"plena-emulator", 1, nil},
		{"plena", 0, nil},
	} {
		hw := withParams(loadHW(t, tc.hw), tc.param)
		m := newMachine(t, hw, "M_BMV gp0, gp0, gp0\n", Options{})
		if h := m.Run(); h.Kind != sim.HaltTrap || !strings.Contains(h.String(), "M_BMV cannot execute") {
			t.Errorf("%s %v: M_BMV: %s, want its trap", tc.hw, tc.param, h)
		}
		if tc.param == nil {
			continue
		}
		m = newMachine(t, hw, "M_BTMV gp0, gp0, gp0\nM_BTMV gp0, gp0, gp0\n", Options{})
		mustRun(t, m)
		if want := 2 * (tc.btmv + hw.Timing["lat.systolic_overhead"]); m.Cycles() != want {
			t.Errorf("%s: 2 x M_BTMV with BROADCAST 1: %d cycles, want %d", tc.hw, m.Cycles(), want)
		}
	}
}

// TestHBMSingleRead: one isolated 64-byte read from idle costs ACT + CAS +
// burst (nRCDRD + nCL + nBL DRAM cycles; 18 ns for HBM2 2 Gbps). An
// H_PREFETCH_V of one row whose elements and scales share one chunk reads
// that chunk twice: the second read's transactions follow the first's on
// the same pseudochannels one burst (nBL) later.
func TestHBMSingleRead(t *testing.T) {
	hw := withParams(loadHW(t, "plena"), map[string]int64{"hbm_v_prefetch": 1})
	// Row at HBM 0, scales at SCALE = 0 + 0/8: the same chunk.
	m := newMachine(t, hw, "H_PREFETCH_V gp0, gp0, a0, 0, 0\n", Options{})
	mustRun(t, m)
	h := m.cfg.HBM
	want := (h.NRCDRD + h.NCL + 2*h.NBL) * h.TCKps / h.ClockPS
	if got := m.Cycles(); got != want {
		t.Errorf("one 64-byte row: %d cycles, want nRCDRD+nCL+nBL+nBL = %d", got, want)
	}
	if st := m.Stats(); st.Counters[0] != 128 {
		t.Errorf("bytes read %d, want 128 (element chunk + scale chunk)", st.Counters[0])
	}
}

// TestHBMStreaming: back-to-back H_PREFETCH_M of contiguous tiles are
// bandwidth-bound. Each reads MLEN element chunks and, per row, the chunk
// with the row's scales (8 rows share one: the emulator reads it 8
// times). The floor is the busiest pseudochannel's data bus: its
// transactions x nBL. The model may not beat it and, with row misses and
// queueing, should stay within 1.25x of it (HBM.md).
func TestHBMStreaming(t *testing.T) {
	hw := loadHW(t, "plena")
	const tiles = 16
	var b strings.Builder
	b.WriteString("S_ADDI_INT gp1, gp0, 64\nC_SET_STRIDE_REG gp1\nS_LUI_INT gp2, 64\nC_SET_SCALE_REG gp2\n")
	for i := 0; i < tiles; i++ {
		fmt.Fprintf(&b, "S_ADDI_INT gp3, gp0, %d\nH_PREFETCH_M gp0, gp3, a0, 1, 0\n", i*4096)
	}
	m := newMachine(t, hw, b.String(), Options{})
	mustRun(t, m)
	h := m.cfg.HBM
	busy := int64(m.Stats().UnitBusy[m.hbmUnit])
	// The floor, per H_PREFETCH_M (they do not overlap).
	var floor int64
	for i := 0; i < tiles; i++ {
		load := map[[2]int]int64{}
		for r := 0; r < 64; r++ {
			for _, a := range []uint64{uint64(i*4096 + r*64), uint64((64*4096 + i*4096/8 + r*8) / 64 * 64)} {
				for k := 0; k < 64; k += h.TxBytes {
					ch, q := m.dram.mapAddr(a + uint64(k))
					load[[2]int{ch, int(q.pch)}]++
				}
			}
		}
		var worst int64
		for _, n := range load {
			worst = max(worst, n)
		}
		floor += worst * h.NBL * h.TCKps / h.ClockPS
	}
	ratio := float64(busy) / float64(floor)
	t.Logf("%d tiles, %d bytes read in %d cycles (%.1f bytes/cycle); busiest-pseudochannel floor %d cycles: %.2fx", tiles, m.Stats().Counters[0], busy, float64(m.Stats().Counters[0])/float64(busy), floor, ratio)
	if ratio < 1 || ratio > 1.25 {
		t.Errorf("streaming prefetch took %.2fx the busiest pseudochannel's bus time, want within [1, 1.25]", ratio)
	}
}

// TestRefreshStalls: with hbm.refresh 1 (plena-refresh) a transfer that
// meets a refresh waits for it (nRFC); one that does not, does not. With
// hbm.refresh 0 (plena, as PLENA's Ramulator2 e442c64) the same transfer
// costs what it costs from idle: no refresh is ever sent.
func TestRefreshStalls(t *testing.T) {
	for _, c := range []struct {
		hw      string
		refresh bool
	}{{"plena-refresh", true}, {"plena", false}, {"plena-emulator", false}} {
		hw := withParams(loadHW(t, c.hw), map[string]int64{"hbm_v_prefetch": 1})
		h, err := newHBMConfig(hw)
		if err != nil {
			t.Fatal(err)
		}
		if h.Refresh != c.refresh {
			t.Fatalf("%s: Refresh = %v, want %v", c.hw, h.Refresh, c.refresh)
		}
		d := newDRAM(&h)
		quiet := d.hbmRead(0, []uint64{0}) // from idle, far from a refresh
		idle := (h.NRCDRD + h.NCL + h.NBL) * h.TCKps
		if quiet != idle {
			t.Errorf("%s: quiet read %d ps, want %d", c.hw, quiet, idle)
		}
		for k := int64(1); k <= 5; k++ {
			d2 := newDRAM(&h)
			start := (k*h.NREFI + 1) * h.TCKps // just after every channel's k-th refresh began
			during := d2.hbmRead(start, []uint64{0}) - start
			switch {
			case c.refresh && during < h.NRFC*h.TCKps:
				t.Errorf("%s: a read during refresh %d took %d ps, want at least nRFC = %d cycles", c.hw, k, during, h.NRFC)
			case !c.refresh && during != idle:
				t.Errorf("%s: a read at refresh interval %d took %d ps, want %d (no refresh)", c.hw, k, during, idle)
			}
		}
	}
}

// TestReadForwarding: with hbm.read_forwarding 1 a read of a chunk whose
// posted write still waits in the write buffers is served from them, one
// DRAM tick after it arrives (Ramulator2 e442c64
// generic_dram_controller.cpp:131-141), instead of opening the row; a read
// of another chunk, or with forwarding off, goes to the DRAM.
func TestReadForwarding(t *testing.T) {
	hw := loadHW(t, "plena")
	for _, fwd := range []bool{true, false} {
		var v int64
		if fwd {
			v = 1
		}
		h, err := newHBMConfig(withTiming(hw, map[string]int64{"hbm.read_forwarding": v}))
		if err != nil {
			t.Fatal(err)
		}
		idle := (h.NRCDRD + h.NCL + h.NBL) * h.TCKps
		for _, same := range []bool{true, false} {
			for _, m := range []hbmModel{newDRAM(&h), newODRAM(&h)} {
				const a = 0x4000
				w := m.hbmWrite(0, a) // posted: accepted at once, still queued
				b := uint64(a)
				if !same {
					b = a + 64
				}
				got := m.hbmRead(w, []uint64{b}) - w
				want := idle
				if fwd && same {
					// Served on the next DRAM tick, which starts at the
					// arrival instant: in the model's time an idle read's
					// ACT issues at its arrival instant too and its data
					// comes nRCD + nCL + nBL later.
					want = 0
				}
				if got != want {
					t.Errorf("forwarding %v, same chunk %v, %T: read after write took %d ps, want %d", fwd, same, m, got, want)
				}
			}
		}
	}
}

func TestConfigErrors(t *testing.T) {
	base := loadHW(t, "plena")
	for _, c := range []struct {
		params map[string]int64
		want   string
	}{
		{map[string]int64{"vlen": 128}, "mlen 64 != vlen 128"},
		{map[string]int64{"blen": 5}, "multiple of blen"},
		{map[string]int64{"matrix_sram_size": 100}, "matrix_sram_size"},
		{map[string]int64{"hbm_m_prefetch": 32}, "hbm_m_prefetch"},
		{map[string]int64{"mx_block": 16}, "mx_block"},
	} {
		_, err := New(withParams(base, c.params), Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.params, err, c.want)
		}
	}
	hw := *base
	hw.Timing = map[string]int64{}
	for k, v := range base.Timing {
		if k != "hbm.nCL" {
			hw.Timing[k] = v
		}
	}
	if _, err := New(&hw, Options{}); err == nil || !strings.Contains(err.Error(), "hbm.nCL") {
		t.Errorf("missing hbm.nCL: %v", err)
	}
	var _ = isadefs.HW{}
}
