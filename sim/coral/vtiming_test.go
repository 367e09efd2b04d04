package coral

import (
	"testing"
)

// TestVectorTimingHandComputed: LMUL scaling, widening, vector RAW, the
// shared memory port and scalar results (see TIMING.md). Dispatch cycles
// are the scalar front end's; the totals include the backend.
func TestVectorTimingHandComputed(t *testing.T) {
	setup := func(m *Machine) { m.SetX(a1, dtcm) }
	cases := []struct {
		name   string
		lines  []string
		want   []int64
		cycles uint64
		stalls map[string]uint64
	}{
		// vsetvli 0 (scalar side); vadd 0, issues at 1, 1 uop, ready 1+2,
		// retired 2 later (vec.retire): mpause at 5.
		{"m1 add", []string{"vsetvli t0, zero, 0xd0", "vadd.vv v4, v8, v12"}, []int64{0, 0, 5}, 6, nil},
		// e32,m4: 4 uops on 2 valu instances: cycles 1,1,2,2 → ready 4,
		// retired 6.
		{"m4 add", []string{"vsetvli t0, zero, 0xd2", "vadd.vv v4, v8, v12"}, []int64{0, 0, 6}, 7, nil},
		// e32,m8: 8 uops: cycles 1..4 → ready 6, retired 8.
		{"m8 add", []string{"vsetvli t0, zero, 0xd3", "vadd.vv v8, v16, v24"}, []int64{0, 0, 8}, 9, nil},
		// e16,m4 widening multiply: 2·LMUL = 8 uops on 2 vmul: 1..4, +3,
		// retired +2.
		{"m4 widening mul", []string{"vsetvli t0, zero, 0xca", "vwmul.vv v8, v16, v20"}, []int64{0, 0, 9}, 10, nil},
		// Dependent adds: the second issues when v4 is ready (3), ready 5,
		// retired 7.
		{"vector RAW", []string{"vsetvli t0, zero, 0xd0", "vadd.vv v4, v8, v12", "vadd.vv v5, v4, v4"}, []int64{0, 0, 0, 7}, 8,
			map[string]uint64{"vector-raw": 2}},
		// e32,m4 chain: uop k of the second add reads v4+k when the first
		// add's uop k has written it: v4, v5 ready at 3, v6, v7 at 4; the
		// second add's uops 2, 3 run a cycle after its first two, so it
		// issues at 3 (not 4, when the whole group is ready): ready 6,
		// retired 8.
		{"chained m4", []string{"vsetvli t0, zero, 0xd2", "vadd.vv v4, v8, v12", "vadd.vv v16, v4, v4"}, []int64{0, 0, 0, 8}, 9,
			map[string]uint64{"vector-raw": 2}},
		// Two vector ops per cycle: the third waits a cycle.
		{"vector dispatch width", []string{"vsetvli t0, zero, 0xd0", "vadd.vv v4, v8, v12", "vadd.vv v5, v8, v12", "vadd.vv v6, v8, v12"},
			[]int64{0, 0, 0, 1, 6}, 7, map[string]uint64{"vector-dispatch": 1}},
		// e32,m4 unit-stride load of 64 bytes: the port is taken 4 beats
		// + 3·4 registers + 1 = 17 cycles (1..17), ready 17 - 1 + 3 = 19,
		// retired 21.
		{"m4 load", []string{"vsetvli t0, zero, 0xd2", "vle32.v v4, (a1)"}, []int64{0, 0, 21}, 22, nil},
		// A scalar load waits for the vector load (port 1..17) on the
		// shared port: 18.
		{"port shared in order", []string{"vsetvli t0, zero, 0xd2", "vle32.v v4, (a1)", "lw a2, 0(a1)"}, []int64{0, 0, 18, 21}, 22,
			map[string]uint64{"struct-mem": 18}},
		// vmv.x.s: lat.valu, ready 1+2, retired (written to a2) at 5; the
		// scalar consumer waits for it.
		{"scalar result", []string{"vsetvli t0, zero, 0xd0", "vmv.x.s a2, v4", "addi a3, a2, 1"}, []int64{0, 0, 5, 6}, 7,
			map[string]uint64{"raw": 5}},
		// A reduction reads its scalar operand (vs1) with its last source
		// register: e32,m2 vredsum reading v4 from a vadd (ready 3) issues
		// at 2 (its second uop at 3), ready 3 + 3 = 6, retired 8.
		{"reduction operand late", []string{"vsetvli t0, zero, 0xd1", "vadd.vv v4, v8, v12", "vredsum.vs v2, v16, v4"}, []int64{0, 0, 0, 8}, 9,
			map[string]uint64{"vector-raw": 1}},
	}
	for _, c := range cases {
		got, cycles, m := dispatchCycles(t, setup, c.lines...)
		if len(got) != len(c.want) || cycles != c.cycles {
			t.Errorf("%s: dispatch %v cycles %d, want %v cycles %d", c.name, got, cycles, c.want, c.cycles)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: dispatch %v, want %v", c.name, got, c.want)
				break
			}
		}
		st := m.Stats()
		for name, want := range c.stalls {
			if i := indexOf(st.StallNames, name); i < 0 || st.StallCycles[i] != want {
				t.Errorf("%s: stall %s: %v, want %d (%v)", c.name, name, st.StallCycles, want, st.StallNames)
			}
		}
	}
}

// TestVectorIssueNoAlloc: the timing model's vector issue path (cost,
// register shape, per-register readiness, booking) allocates nothing.
func TestVectorIssueNoAlloc(t *testing.T) {
	m := newMachine(t, Options{}, []uint32{0x08000073})
	m.v.SetVType(2<<3|2, ^uint32(0), false) // e32, m4
	var ops []*VOp
	for _, c := range []struct {
		mn   string
		vals []int64
	}{{"vadd.vv", []int64{4, 8, 12, 1}}, {"vredsum.vs", []int64{1, 8, 2, 1}}, {"vslideup.vi", []int64{16, 8, 1, 1}}, {"vnsrl.wv", []int64{4, 8, 12, 1}}} {
		in, w := venc(t, c.mn, c.vals...)
		op, err := DecodeVector(in, w)
		if err != nil {
			t.Fatal(err)
		}
		ops = append(ops, &op)
	}
	unit := m.unitIndex["valu"]
	allocs := testing.AllocsPerRun(100, func() {
		for _, op := range ops {
			reads, writes := op.VRegs(&m.v)
			m.t.vissue(unit, false, m.t.vcost(op, &m.v, 2), reads, writes, -1)
		}
	})
	if allocs != 0 {
		t.Errorf("vector issue allocates %.1f times per run", allocs)
	}
}
