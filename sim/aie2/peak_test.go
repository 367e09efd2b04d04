package aie2

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
)

// peakSrc is a zero-overhead loop of one MAC per bundle on accs rotating
// accumulators (body = one bundle per accumulator), run n times.
func peakSrc(op string, accs []string, n int) string {
	var body []string
	for _, a := range accs {
		body = append(body, fmt.Sprintf("nopa ; nopb ; nops ; nopx ; nopm ; %s %s, %s, x0, x1, r0", op, a, a))
	}
	return fmt.Sprintf("\tmovxm ls, #start\n\tmovxm le, #last\n\tmovxm lc, #%d\n", n) +
		strings.Repeat("\t"+wideNop+"\n", 7) + "\t.p2align 4\nstart:\n\t" +
		strings.Join(body[:len(body)-1], "\n\t") + "\nlast:\n\t" + body[len(body)-1] + "\n" +
		strings.Repeat("\tnop\n", 6) + "\tdone\n"
}

// TestMACPeak: in a steady-state loop of one MAC per bundle, the MAC unit
// does 128 bf16 multiply-accumulates per cycle (vmac.f 4x8x4, four
// accumulators in rotation: a vmac.f reads its accumulator in cycle 3 and
// writes it in cycle 6) and 256 int8 ones (vmac 4x8x8 acc32, two
// accumulators: the VEC bypass makes vmac -> vmac 2 cycles). Measured as
// the difference between runs of n and 2n iterations, so the set-up
// cancels; the accumulators hold the exact sums, so every MAC landed.
func TestMACPeak(t *testing.T) {
	for _, tc := range []struct {
		name, op   string
		accs       []string
		x          []byte
		cfg        uint64
		perCycle   uint64
		lane       func(m *Machine, acc string) float64
		perIterAdd float64
	}{
		{"bf16", "vmac.f", []string{"bml0", "bml1", "bml2", "bml3"}, fill(64, 2, 0x3F80), 28, 128,
			func(m *Machine, acc string) float64 {
				b, _ := m.Vec(acc)
				return float64(math.Float32frombits(binary.LittleEndian.Uint32(b[60:])))
			}, 8},
		{"int8", "vmac", []string{"cm0", "cm1"}, fill(64, 1, 1), 776, 256,
			func(m *Machine, acc string) float64 {
				b, _ := m.Vec(acc)
				return float64(int32(binary.LittleEndian.Uint32(b[124:])))
			}, 8},
	} {
		var cycles, macs [2]uint64
		for i, n := range []int{50, 100} {
			m := build(t, peakSrc(tc.op, tc.accs, n), Options{})
			m.SetVec("x0", tc.x)
			m.SetVec("x1", tc.x)
			m.SetReg("r0", tc.cfg)
			if h := m.Run(); !h.OK() {
				t.Fatalf("%s: %s", tc.name, h)
			}
			st := m.Stats()
			cycles[i], macs[i] = st.Cycles, st.Counters[cntMACs]
			for _, a := range tc.accs {
				if got, want := tc.lane(m, a), tc.perIterAdd*float64(n); got != want {
					t.Errorf("%s n=%d: %s's last lane holds %g, want %g", tc.name, n, a, got, want)
				}
			}
		}
		dc, dm := cycles[1]-cycles[0], macs[1]-macs[0]
		if dc != uint64(50*len(tc.accs)) || dm != tc.perCycle*dc {
			t.Errorf("%s: 50 more iterations took %d cycles for %d MACs (%.1f per cycle), want %d cycles, %d per cycle", tc.name, dc, dm, float64(dm)/float64(dc), 50*len(tc.accs), tc.perCycle)
		}
		t.Logf("%s: %d MACs in %d cycles of steady state: %d per cycle", tc.name, dm, dc, dm/dc)
	}
}
