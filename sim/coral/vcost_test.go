package coral

import (
	"fmt"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// repeatLines is lines followed by n copies of body.
func repeatLines(lines []string, n int, body ...string) []string {
	out := append([]string(nil), lines...)
	for range n {
		out = append(out, body...)
	}
	return out
}

// runBoth runs a program (mpause appended) with the fast core and with
// the reference stepper and returns the cycle count both agree on.
func runBoth(t *testing.T, setup func(*Machine), lines []string) uint64 {
	t.Helper()
	words := append(asm(t, lines...), 0x08000073)
	var cyc [2]uint64
	for i, ref := range []bool{false, true} {
		m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: ref}}, words)
		if setup != nil {
			setup(m)
		}
		if h := m.Run(); h.Kind != sim.HaltPause {
			t.Fatalf("reference %v: halt %s", ref, h)
		}
		cyc[i] = m.Stats().Cycles
	}
	if cyc[0] != cyc[1] {
		t.Fatalf("fast core %d cycles, reference stepper %d", cyc[0], cyc[1])
	}
	return cyc[0]
}

// vtypes: vsetvli immediates for e<sew>, m<lmul> (ta, ma).
func vsetFor(sew, lmul int) string {
	l := map[int]int{1: 0, 2: 1, 4: 2, 8: 3}[lmul]
	s := map[int]int{8: 0, 16: 1, 32: 2}[sew]
	return fmt.Sprintf("vsetvli t0, zero, %#x", 0xc0|s<<3|l)
}

// TestVectorUnitCosts pins the backend cost of the instructions whose
// cost is not one pipelined slot per register (TIMING.md, "Vector
// instructions"): the iterative divider, the PMTRDT unit's slides and
// gathers, reductions and vcompress, against the scalar divider. The
// expected counts are derived from the model, on coral's config
// (lat.div 33, lat.vdiv.e8/e16/e32 5/8/13, one vdiv and one vperm
// instance shared with vred, lat.vperm 3, lat.vred 3, vec.retire 2),
// never read off the simulator:
//
//   - n back-to-back instructions that occupy one unit for c cycles each
//     issue from cycle 1 (the vsetvli and the first of them dispatch at 0)
//     and keep the unit busy over cycles 1 … n·c; the last one's result
//     is ready at (its last result-producing uop's cycle) + lat and
//     retires 2 cycles later, where mpause dispatches; the run takes one
//     cycle more.
func TestVectorUnitCosts(t *testing.T) {
	const n = 64
	cases := []struct {
		name   string
		lines  []string
		cycles uint64
	}{
		// Scalar divu: iterative, 33 cycles each: the 64th dispatches at
		// 63·33 = 2079, its result at 2112 = mpause; 2113 cycles.
		{"64 divu", repeatLines(nil, n, "divu a0, a1, a2"), 63*33 + 33 + 1},
		// vdivu.vv e32,m1: one uop holds the divider 13 cycles: busy
		// 1 … 64·13 = 832, last result a cycle after it leaves (834),
		// retired at 836.
		{"64 vdivu.vv e32 m1", repeatLines([]string{vsetFor(32, 1)}, n, "vdivu.vv v4, v8, v12"), n*13 + 5},
		// e32,m8: 8 uops of 13 cycles each: busy 1 … 64·104 = 6656.
		{"64 vdivu.vv e32 m8", repeatLines([]string{vsetFor(32, 8)}, n, "vdivu.vv v8, v16, v24"), n*8*13 + 5},
		// e16 (8 cycles a uop) and e8 (5), m8; .vx and vrem the same.
		{"64 vdiv.vx e16 m8", repeatLines([]string{vsetFor(16, 8)}, n, "vdiv.vx v8, v16, a1"), n*8*8 + 5},
		{"64 vremu.vv e8 m8", repeatLines([]string{vsetFor(8, 8)}, n, "vremu.vv v8, v16, v24"), n*8*5 + 5},
		{"64 vrem.vx e32 m2", repeatLines([]string{vsetFor(32, 2)}, n, "vrem.vx v8, v16, a1"), n*2*13 + 5},
		// One vdivu.vv e32,m1 and a dependent add: the add issues when
		// the quotient is ready (1 + 13 + 1 = 15), is ready 2 later and
		// retired 2 after that.
		{"vdivu then add", []string{vsetFor(32, 1), "vdivu.vv v4, v8, v12", "vadd.vv v5, v4, v4"}, 15 + 2 + 2 + 1},
	}
	// vrgather.vv, vrgather.vx, vslidedown.vi, vslide1up.vx at LMUL m:
	// 2m-1 cycles of the PMTRDT unit each (m uops, then m-1 to drain its
	// reservation station; 2m at m = 8, whose uops fill the station). 16
	// of them: the last starts at 1 + 15·that, its first result uop
	// ceil(m/3)-1 later (the uops reach the station 3 a cycle), its last
	// m-1 after that, ready lat.vperm (3) later, retired 2 later.
	for _, m := range []int{1, 2, 4, 8} {
		slots := 2*m - 1
		if m == 8 {
			slots++
		}
		perm := uint64(1 + 15*slots + (m+2)/3 - 1 + (m - 1) + 3 + 2 + 1)
		for _, body := range []string{"vrgather.vv v8, v16, v24", "vrgather.vx v8, v16, a1", "vslidedown.vi v8, v16, 1", "vslide1up.vx v8, v16, a1"} {
			mn, _, _ := strings.Cut(body, " ")
			cases = append(cases, struct {
				name   string
				lines  []string
				cycles uint64
			}{fmt.Sprintf("16 %s e32 m%d", mn, m), repeatLines([]string{vsetFor(32, m)}, 16, body), perm})
		}
		// vcompress.vm streams: m uops, one a cycle: busy 1 … 16m, ready
		// +3, retired +2.
		cases = append(cases, struct {
			name   string
			lines  []string
			cycles uint64
		}{fmt.Sprintf("16 vcompress.vm e32 m%d", m), repeatLines([]string{vsetFor(32, m)}, 16, "vcompress.vm v8, v16, v0"), uint64(16*m + 3 + 2 + 1)})
		// vredsum.vs: one source register a cycle on the vperm instance:
		// busy 1 … 16m, ready lat.vred (3) after the last, retired +2.
		cases = append(cases, struct {
			name   string
			lines  []string
			cycles uint64
		}{fmt.Sprintf("16 vredsum.vs e32 m%d", m), repeatLines([]string{vsetFor(32, m)}, 16, "vredsum.vs v1, v8, v2"), uint64(16*m + 3 + 2 + 1)})
		// vwredsum.vs: two cycles a source register: busy 1 … 32m.
		cases = append(cases, struct {
			name   string
			lines  []string
			cycles uint64
		}{fmt.Sprintf("16 vwredsum.vs e16 m%d", m), repeatLines([]string{vsetFor(16, m)}, 16, "vwredsum.vs v1, v8, v2"), uint64(32*m + 3 + 2 + 1)})
	}
	setup := func(m *Machine) { m.SetX(a1, 7); m.SetX(a2, 3) }
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runBoth(t, setup, c.lines); got != c.cycles {
				t.Errorf("%d cycles, want %d", got, c.cycles)
			}
		})
	}
}

// TestVectorDivideIterativeInLoop: a loop of vector divides (the block
// engine's path) costs what the reference stepper says, and the divider's
// booking carries across iterations.
func TestVectorDivideIterativeInLoop(t *testing.T) {
	lines := []string{
		"addi t1, zero, 8",
		vsetFor(32, 4),
		"vdivu.vv v8, v16, v24", // loop: 4 uops × 13
		"vadd.vv v4, v8, v8",
		"addi t1, t1, -1",
		"bne t1, zero, -12",
	}
	// Iteration k's divide holds the divider over 1+52k … 52(k+1), uop
	// j (v8+j) from 1+52k+13j, its quotient ready 14 later. The add reads
	// v8+j at its uop j, j/2 cycles after its first (2 ALUs), so it issues
	// when v11 is ready, less 1: 52k+1+39+14-1 = 52k+53; its uops run at
	// +0, +0, +1, +1, ready 2 later: 52k+56. The next divide issues in
	// order after the add, when the divider is free anyway. The 8th add
	// is ready at 52·7+56 = 420, retired at 422 = mpause: 423 cycles.
	if got := runBoth(t, nil, lines); got != 423 {
		t.Errorf("%d cycles, want 423", got)
	}
}

// TestInstructionMemoryAccess: coral's LSU reads ITCM over the instruction
// bus at the DTCM's rate and faults every store to it (coralnpu Lsu.scala:
// ibus path, ibusFault / imem_store_fault), as the memory map's perm rx
// says: loads from itcm cost what loads from dtcm cost; stores trap.
func TestInstructionMemoryAccess(t *testing.T) {
	const itcm = 0x1000 // inside coral's 8 KiB ITCM, past the program
	for _, base := range []uint32{itcm, dtcm} {
		set := func(m *Machine) { m.SetX(a1, base) }
		// e32,m8 unit-stride load of 128 bytes: the port is taken 8 beats
		// + 3·8 + 1 = 33 cycles (1 … 33), ready 33 - 1 + 3 = 35, retired
		// 37 = mpause: 38 cycles.
		if got := runBoth(t, set, []string{vsetFor(32, 8), "vle32.v v8, (a1)"}); got != 38 {
			t.Errorf("vle32.v m8 from %#x: %d cycles, want 38", base, got)
		}
		// lw + dependent addi: load-use 2.
		if got := runBoth(t, set, []string{"lw a2, 0(a1)", "addi a3, a2, 1"}); got != 4 {
			t.Errorf("lw from %#x: %d cycles, want 4", base, got)
		}
	}
	for _, store := range [][]string{
		{"sw a2, 0(a1)"},
		{"sb a2, 3(a1)"},
		{vsetFor(32, 1), "vse32.v v8, (a1)"},
		{vsetFor(8, 8), "vse8.v v8, (a1)"},
	} {
		for _, ref := range []bool{false, true} {
			m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: ref}}, append(asm(t, store...), 0x08000073))
			m.SetX(a1, itcm)
			h := m.Run()
			if h.Kind != sim.HaltTrap || h.Trap == nil || h.Trap.Kind != sim.TrapAccess || h.Trap.Addr != itcm+uint64(strings.Count(store[len(store)-1], "3(")*3) {
				t.Errorf("%v (reference %v) to ITCM: halt %s, want an access fault at %#x", store, ref, h, itcm)
			}
		}
	}
}
