package aie2

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// staleKernel adds two words it has just loaded, as sequential code
// would: the add issues 1 and 2 bundles after the loads, whose values land
// 7 cycles after they issue.
const staleKernel = `
	movxm p0, #0x70000
	lda r1, [p0, #0]
	lda r2, [p0, #4]
	add r3, r1, r2
	st r3, [p0, #8]
	done
`

// TestStaleReadPolicies: the stale-read kernel is wrong under exposed
// (the add reads the old r1 and r2), gives the same wrong result with a
// warning per early read (naming both instructions) under warn, and is
// right under interlock, where the add waits and the wait is counted.
func TestStaleReadPolicies(t *testing.T) {
	results := map[Policy]uint32{}
	for _, pol := range []Policy{Exposed, Warn, Interlock} {
		prof := &sim.Profile{}
		m := build(t, staleKernel, Options{CoreOptions: sim.CoreOptions{Profile: prof}, Hazard: pol})
		m.poke(t, dmem, le32(30))
		m.poke(t, dmem+4, le32(12))
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %s", pol, h)
		}
		got := binary.LittleEndian.Uint32(m.peek(t, dmem+8, 4))
		results[pol] = got
		ws, n := m.Warnings()
		st := m.Stats()
		switch pol {
		case Exposed:
			if got != 0 || n != 0 || st.StallCycles[stallInterlock] != 0 {
				t.Errorf("exposed: stored %d with %d warnings, %d stalls; want 0 (old r1 + old r2), none", got, n, st.StallCycles[stallInterlock])
			}
		case Warn:
			if got != 0 || n != 2 {
				t.Fatalf("warn: stored %d with %d warnings %v, want 0 and 2", got, n, ws)
			}
			// Both early reads: the add (bundle 3, at 0x??) reads r1 and
			// r2 before the loads of bundles 1 and 2 land.
			for i, w := range ws {
				if !strings.HasPrefix(w.On, "r") || w.WriterPC >= w.PC || w.Lands <= w.Read-1 {
					t.Errorf("warning %d: %v", i, w)
				}
			}
			if ws[0].On != "r1" || ws[1].On != "r2" {
				t.Errorf("warnings on %s and %s, want r1 and r2", ws[0].On, ws[1].On)
			}
			hz := prof.Hazards()
			if len(hz) != 2 || !hz[0].HasFrom {
				t.Errorf("profile hazards %+v, want the two early reads with their writers", hz)
			}
			t.Logf("warn: %s", ws[0])
		case Interlock:
			// The add issues in cycle 3 and reads in cycle 4; r2 (lda in
			// cycle 2) lands in cycle 9: 6 stall cycles.
			if got != 42 || n != 0 || st.StallCycles[stallInterlock] != 6 {
				t.Errorf("interlock: stored %d with %d stall cycles, want 42 and 6", got, st.StallCycles[stallInterlock])
			}
		}
	}
	t.Logf("stored: exposed %d, warn %d, interlock %d", results[Exposed], results[Warn], results[Interlock])
}

// TestInterlockOrdersWrites: a late write (a load into x0) followed by
// an early one (vbcst into x0) ends, under every policy, with the load's
// value, which lands last, as on the exposed pipeline: interlock does not
// reorder writes (software-pipelined code overwrites a short-lived result
// with a load issued before it; sequential code has no reason to load a
// register and overwrite it unread). The aie2 baselines' matrix products
// do this (a vshuffle into x6 while loads of wl6 and wh6 are in flight).
func TestInterlockOrdersWrites(t *testing.T) {
	src := "movxm p0, #0x70000\nvlda wl0, [p0, #0]\nvbcst.32 x0, r1\n" + strings.Repeat("nop\n", 10) + "done\n"
	for _, c := range []struct {
		pol  Policy
		want uint32
	}{{Exposed, 5}, {Warn, 5}, {Interlock, 5}} {
		m := build(t, src, Options{Hazard: c.pol})
		m.SetReg("r1", 9)
		m.poke(t, dmem, fill(32, 4, 5))
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		b, _ := m.Vec("wl0")
		if v := binary.LittleEndian.Uint32(b); v != c.want {
			t.Errorf("%s: wl0 lane 0 = %d, want %d", c.pol, v, c.want)
		}
	}
}

// TestBankConflicts: two loads of one bundle on the same bank cost one
// stall cycle; on different banks none; a load meeting a store in the
// cycle both reach memory conflicts too.
func TestBankConflicts(t *testing.T) {
	cases := []struct {
		name   string
		p0, p1 uint64
		src    string
		stalls uint64
	}{
		{"same bank", dmem, dmem + 0x40, "vlda wl0, [p0, #0] ; vldb wl1, [p1, #0]", 1},
		{"other logical bank", dmem, dmem + 0x4000, "vlda wl0, [p0, #0] ; vldb wl1, [p1, #0]", 0},
		{"load and store", dmem, dmem + 0x20, "vlda wl0, [p0, #0] ; vst wl2, [p1, #0]", 1},
		{"scalar load and store, two physical banks", dmem, dmem + 0x10, "lda r2, [p0, #0] ; st r3, [p1, #4]", 0},
		{"scalar load and store, one physical bank", dmem, dmem + 0x20, "lda r2, [p0, #0] ; st r3, [p1, #0]", 1},
	}
	for _, c := range cases {
		m := build(t, c.src+"\n"+strings.Repeat("nop\n", 8)+"done\n", Options{})
		m.SetReg("p0", c.p0)
		m.SetReg("p1", c.p1)
		if h := m.Run(); !h.OK() {
			t.Fatalf("%s: %s", c.name, h)
		}
		if s := m.Stats().StallCycles[stallBank]; s != c.stalls {
			t.Errorf("%s: %d bank stall cycles, want %d", c.name, s, c.stalls)
		}
	}
}

// runPolicy runs src under a policy with a, b at p0, p1 and c at p2 (in
// three 16 KiB banks) and returns the machine.
func runPolicy(t *testing.T, src string, pol Policy, a, b []byte) *Machine {
	t.Helper()
	m := build(t, src, Options{Hazard: pol})
	m.poke(t, dmem+0x4000, a)
	m.poke(t, dmem+0x8000, b)
	for r, v := range map[string]uint64{"p0": dmem + 0x4000, "p1": dmem + 0x8000, "p2": dmem + 0xC000} {
		if err := m.SetReg(r, v); err != nil {
			t.Fatal(err)
		}
	}
	if h := m.Run(); !h.OK() {
		t.Fatalf("%s: %s", pol, h)
	}
	return m
}

// TestSoftwarePipelinedNotStale: testdata/kernels/aie2/vadd_pipelined.s,
// a software-pipelined loop whose bundle reads registers while the
// post-incremented loads of later chunks into them are in flight (and
// reads its own post-incremented pointers), is right under all three
// policies: warn reports no stale read, interlock adds no stall and
// computes what exposed does in the same cycles.
func TestSoftwarePipelinedNotStale(t *testing.T) {
	src, err := os.ReadFile("../../testdata/kernels/aie2/vadd_pipelined.s")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 30))
	a, b := make([]byte, 128*4), make([]byte, 128*4)
	want := make([]byte, 128*4)
	for i := 0; i < 128; i++ {
		x, y := r.Uint32(), r.Uint32()
		binary.LittleEndian.PutUint32(a[4*i:], x)
		binary.LittleEndian.PutUint32(b[4*i:], y)
		binary.LittleEndian.PutUint32(want[4*i:], x+y)
	}
	cycles := map[Policy]uint64{}
	for _, pol := range []Policy{Exposed, Warn, Interlock} {
		m := runPolicy(t, string(src), pol, a, b)
		if got := m.peek(t, dmem+0xC000, len(want)); !bytes.Equal(got, want) {
			t.Errorf("%s: c differs from a+b", pol)
		}
		ws, n := m.Warnings()
		st := m.Stats()
		if n != 0 || st.StallCycles[stallInterlock] != 0 {
			t.Errorf("%s: %d stale reads (%v), %d interlock stall cycles; want none", pol, n, ws, st.StallCycles[stallInterlock])
		}
		cycles[pol] = st.Cycles
	}
	if cycles[Warn] != cycles[Exposed] || cycles[Interlock] != cycles[Exposed] {
		t.Errorf("cycles %v: want the same under every policy", cycles)
	}
	t.Logf("cycles %d under each policy", cycles[Exposed])
}

// TestInterlockLoopMeansNewValue: a loop written as sequential code (sum
// the words at p0: the add follows the load that feeds it) means the value
// in flight in every iteration, though from the second on the register
// holds the previous iteration's load: warn reports every iteration's
// read, interlock waits in every iteration and sums right, exposed sums
// the old values.
func TestInterlockLoopMeansNewValue(t *testing.T) {
	const n = 12
	src := "\tmovxm ls, #sum_loop\n\tmovxm le, #sum_end\n\tmovxm lc, #" + strconv.Itoa(n) + "\n" + strings.Repeat("\tnop\n", 56) +
		"\t.p2align 4\nsum_loop:\n\tlda r1, [p0], #4 ; nopb ; nopx ; nops ; nopm ; nopv\n" +
		"sum_end:\n\tadd r3, r3, r1 ; nopa ; nopb ; nops ; nopm ; nopv\n" + strings.Repeat("\tnop\n", 8) + "\tdone\n"
	words := make([]byte, 4*n)
	sum := uint32(0)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(words[4*i:], uint32(3*i+1))
		sum += uint32(3*i + 1)
	}
	for _, pol := range []Policy{Exposed, Warn, Interlock} {
		m := runPolicy(t, src, pol, words, nil)
		got := m.mustReg(t, "r3")
		_, warns := m.Warnings()
		stalls := m.Stats().StallCycles[stallInterlock]
		switch pol {
		case Interlock:
			if got != sum || stalls == 0 {
				t.Errorf("interlock: sum %d with %d stall cycles, want %d after stalls", got, stalls, sum)
			}
		case Warn:
			if warns != n {
				t.Errorf("warn: %d stale reads, want %d (one an iteration)", warns, n)
			}
			fallthrough
		default:
			if got == sum {
				t.Errorf("%s: sum %d, the sequential result: want the exposed pipeline's", pol, got)
			}
		}
	}
}

// TestInterlockCannotKeepExposedTiming: a program that waits under
// interlock (the add means the load of r1 still in flight) and later
// relies on exposed timing (the sub reads r5 while a load into it is in
// flight and, being the first read after mova, means mova's 5): the
// stall makes the load of r5 land first. Interlock stops with a
// diagnosis naming both bundles rather than compute 5 - r5's load.
func TestInterlockCannotKeepExposedTiming(t *testing.T) {
	src := `
	movxm p0, #0x70000
	mova r5, #5
	nop
	lda r5, [p0, #8]
	lda r1, [p0, #4]
	add r3, r1, r2
	sub r4, r5, r0
	done
`
	m := build(t, src, Options{Hazard: Exposed})
	m.poke(t, dmem, []byte{0, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0})
	if h := m.Run(); !h.OK() || m.mustReg(t, "r4") != 5 {
		t.Fatalf("exposed: %s, r4 = %d; want 5", h, m.mustReg(t, "r4"))
	}
	m = build(t, src, Options{Hazard: Interlock})
	m.poke(t, dmem, []byte{0, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0})
	h := m.Run()
	if h.Kind != sim.HaltTrap || !strings.Contains(h.String(), "cannot keep this program's exposed timing") || !strings.Contains(h.String(), "r5") {
		t.Fatalf("interlock: %s; want a trap explaining that the stall broke the read of r5", h)
	}
	t.Log(h)
}

// TestPartialStoreWindow: st.s8 and st.s16 are read-modify-write, their
// word read in E5 and written in E11 (AIE2Schedule.td's II_STHB,
// MemoryCycles<[5, 11]>); llvm-aie keeps every memory access out of the
// 7 cycles after one. A store to the word that lands in that window is
// the window's hazard: exposed writes each store's own bytes when it
// lands (what silicon does there is not documented), warn reports it,
// interlock makes the store wait for the partial-word store's write, as
// sequential code expects. Accesses 7 cycles later, or to another word,
// are no hazard.
func TestPartialStoreWindow(t *testing.T) {
	const old = 0x44332211
	nops := func(n int) string { return strings.Repeat("nop\n", n) }
	cases := []struct {
		name string
		src  string
		// the word at p0 after the run under exposed and interlock, and
		// the warnings under warn.
		exposed, interlock uint32
		warns              uint64
	}{
		{"store in the window", "st.s8 r1, [p0, #0]\nst r2, [p0, #0]\n", 0xb2b2b2a1, 0xb2b2b2b2, 1},
		{"two bytes", "st.s8 r1, [p0, #0]\nst.s8 r3, [p0, #1]\n", 0x4433c3a1, 0x4433c3a1, 1},
		{"two bytes 6 cycles apart", "st.s8 r1, [p0, #0]\n" + nops(5) + "st.s8 r3, [p0, #1]\n", 0x4433c3a1, 0x4433c3a1, 1},
		{"two bytes 7 cycles apart", "st.s8 r1, [p0, #0]\n" + nops(6) + "st.s8 r3, [p0, #1]\n", 0x4433c3a1, 0x4433c3a1, 0},
		{"half word then store", "st.s16 r1, [p0, #2]\n" + nops(2) + "st r2, [p0, #0]\n", 0x00a1b2b2, 0xb2b2b2b2, 1},
		{"other word", "st.s8 r1, [p0, #0]\nst r2, [p0, #4]\n", 0x443322a1, 0x443322a1, 0},
	}
	for _, c := range cases {
		for _, pol := range []Policy{Exposed, Warn, Interlock} {
			m := build(t, "movxm p0, #0x70000\n"+c.src+nops(12)+"done\n", Options{Hazard: pol})
			m.poke(t, dmem, le32(old))
			m.SetReg("r1", 0xa1)
			m.SetReg("r2", 0xb2b2b2b2)
			m.SetReg("r3", 0xc3)
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s, %s: %s", c.name, pol, h)
			}
			got := binary.LittleEndian.Uint32(m.peek(t, dmem, 4))
			want := c.exposed
			if pol == Interlock {
				want = c.interlock
			}
			if got != want {
				t.Errorf("%s, %s: word %#x, want %#x", c.name, pol, got, want)
			}
			if ws, n := m.Warnings(); pol == Warn && n != c.warns {
				t.Errorf("%s, warn: %d warnings %v, want %d", c.name, n, ws, c.warns)
			} else if pol == Warn && n > 0 {
				t.Logf("%s: %s", c.name, ws[0])
			}
		}
	}
}

// TestPartialStoreLoadWindow: a load of the byte a st.s8 stores, issued k
// cycles after it, reads memory in its E5 = the store's cycle k+5; the
// store writes in its E11, and in one cycle reads come first: so up to 6
// cycles after the store the load gets the old byte, from 7 on the new.
func TestPartialStoreLoadWindow(t *testing.T) {
	for k := 1; k <= 8; k++ {
		src := "movxm p0, #0x70000\nst.s8 r1, [p0, #0]\n" + strings.Repeat("nop\n", k-1) + "lda.u8 r4, [p0, #0]\n" + strings.Repeat("nop\n", 8) + "done\n"
		m := build(t, src, Options{})
		m.poke(t, dmem, le32(0x11))
		m.SetReg("r1", 0xa1)
		if h := m.Run(); !h.OK() {
			t.Fatal(h)
		}
		want := uint32(0x11)
		if k >= 7 {
			want = 0xa1
		}
		if got := m.mustReg(t, "r4"); got != want {
			t.Errorf("load %d cycles after st.s8: %#x, want %#x", k, got, want)
		}
	}
}
