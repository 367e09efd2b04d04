package aie2

import (
	"encoding/binary"
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

// TestInterlockOrdersWrites: under interlock, a late write (a load into
// x0) followed by an early one (vbcst into x0) ends with the later
// instruction's value, as sequential code expects; exposed ends with the
// load's, which lands last.
func TestInterlockOrdersWrites(t *testing.T) {
	src := "movxm p0, #0x70000\nvlda wl0, [p0, #0]\nvbcst.32 x0, r1\n" + strings.Repeat("nop\n", 10) + "done\n"
	for _, c := range []struct {
		pol  Policy
		want uint32
	}{{Exposed, 5}, {Interlock, 9}} {
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
