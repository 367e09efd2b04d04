package plena

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
)

// diffMachines compares everything two machines can disagree on: what
// simtest.Diff sees through sim.Core (halt, stats, registers, loops,
// every memory byte), then the accumulators and HBM counters.
func diffMachines(a, b *Machine) string {
	if d := simtest.Diff(a, b); d != "" {
		return d
	}
	return diffState(a, b)
}

// diffState compares the state DumpRegs does not show (simtest's Extra).
func diffState(a, b *Machine) string {
	if a.dram.reads != b.dram.reads || a.dram.writes != b.dram.writes {
		return "HBM counters differ"
	}
	for i, acc := range [][2][]float32{{a.macc, b.macc}, {a.hmacc, b.hmacc}, {a.hvacc, b.hvacc}, {a.vacc, b.vacc}} {
		for j := range acc[0] {
			x, y := acc[0][j], acc[1][j]
			if x != y && !(x != x && y != y) {
				return fmt.Sprintf("accumulator %d[%d]: %g vs %g", i, j, x, y)
			}
		}
	}
	return ""
}

// harness is simtest's harness for plena machines.
var harness = simtest.Harness{
	New:   func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error) { return New(hw, Options{CoreOptions: o}) },
	Extra: func(fast, ref sim.Core) string { return diffState(fast.(*Machine), ref.(*Machine)) },
}

// randomProgram is n instructions over every executable opcode with
// operands that mostly make sense: gp1..gp7 hold aligned Vector/Matrix
// SRAM and HBM addresses (set up first), the rest random.
func randomProgram(r *rand.Rand, n int) []uint32 {
	var w []uint32
	addi := func(rd, imm uint32) uint32 { return 0x22 | rd<<6 | imm<<14 }
	// Tile bases are also aligned Vector SRAM rows and HBM chunks: every
	// unit accepts them. gp6 is a mask, gp7 a small stride.
	tile := func() uint32 { return 4096 * uint32(r.Intn(4)) }
	w = append(w, addi(1, tile()), addi(2, tile()), addi(3, tile()), addi(4, tile()), addi(5, tile()),
		addi(6, uint32(r.Intn(16))), addi(7, 64), 0x2c|3<<6, 0x2e|6<<6, 0x2d|7<<6)
	ops := []uint32{}
	for opc := uint32(1); opc <= 0x30; opc++ {
		if opc != 0x09 { // M_BMV always traps (SEMANTICS.md)
			ops = append(ops, opc)
		}
	}
	var open []uint32
	for len(w) < n {
		opc := ops[r.Intn(len(ops))]
		if r.Intn(400) == 0 {
			opc = uint32(r.Intn(64)) // anything, including unknown opcodes, M_BMV and C_BREAK
		}
		reg := func() uint32 {
			switch {
			case r.Intn(40) == 0:
				return uint32(r.Intn(16))
			case r.Intn(2) == 0:
				return 0
			}
			return uint32(r.Intn(6)) // gp0..gp5: addresses every unit accepts
		}
		word := opc | reg()<<6 | reg()<<10 | reg()<<14 | uint32(r.Intn(2))<<18 | uint32(r.Intn(2))<<22
		switch opc {
		case 0x2f: // C_LOOP_START rd, small count (nested at most 4 deep)
			if len(open) == 4 {
				continue
			}
			reg := 8 + uint32(len(open))
			word = opc | reg<<6 | uint32(1+r.Intn(3))<<10
			open = append(open, reg)
		case 0x30:
			if len(open) == 0 {
				continue
			}
			word = opc | open[len(open)-1]<<6
			open = open[:len(open)-1]
		case 0x1e, 0x1f, 0x27: // FP/INT SRAM: index gp0 + imm
			word = opc | reg()<<6 | uint32(r.Intn(1000))<<14
		case 0x20: // S_MAP_V_FP rd, gp0, imm
			word = opc | reg()<<6 | uint32(r.Intn(900))<<14
		case 0x06: // M_MM_WO rd, gp0 or the stride gp7, offset 0 or a row
			word = opc | reg()<<6 | 7*uint32(r.Intn(2))<<10 | 64*uint32(r.Intn(2))<<14
		case 0x05, 0x0b, 0x0c: // write-outs: offset 0 or a row
			word = opc | reg()<<6 | 64*uint32(r.Intn(2))<<14
		case 0x2b: // C_SET_ADDR_REG a, gp0 (high word 0), gp
			word = opc | uint32(r.Intn(8))<<6 | reg()<<14
		case 0x21, 0x23, 0x24: // integer results to gp12..gp15 (not addresses, not loop counters)
			word = opc | (12+uint32(r.Intn(4)))<<6 | uint32(r.Intn(16))<<10 | uint32(r.Intn(16))<<14
		case 0x22:
			word = opc | (12+uint32(r.Intn(4)))<<6 | uint32(r.Intn(16))<<10 | uint32(r.Intn(64))<<14
		case 0x26:
			word = opc | (12+uint32(r.Intn(4)))<<6 | uint32(r.Intn(1000))<<14
		case 0x25:
			word = opc | (12+uint32(r.Intn(4)))<<6 | uint32(r.Intn(8))<<10
		}
		w = append(w, word)
	}
	for i := len(open) - 1; i >= 0; i-- {
		w = append(w, 0x30|open[i]<<6)
	}
	return w
}

// runBoth runs img under Run and under the reference stepper, within
// 20000 cycles, with prep applied to each loaded machine.
func runBoth(t testing.TB, hw *isadefs.HW, img *sim.Image, prep func(m *Machine)) [2]*Machine {
	fast, ref, err := harness.Pair(simtest.Program{HW: hw, Image: img, Options: sim.CoreOptions{MaxCycles: 20000},
		Setup: func(c sim.Core) error { prep(c.(*Machine)); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	return [2]*Machine{fast.(*Machine), ref.(*Machine)}
}

// fill puts deterministic non-trivial data in every memory.
func fill(m *Machine, seed int64) {
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 256*m.cfg.VLEN; i++ {
		binary.LittleEndian.PutUint16(m.ms.vsram.Data[2*i:], BF16FromF32(float32(r.NormFloat64())))
	}
	m.setTile(0, randInts(r, 64*64, 3))
	for i := 0; i < m.cfg.FPEntries; i++ {
		binary.LittleEndian.PutUint16(m.ms.fpmem.Data[2*i:], F16FromF32(float32(r.NormFloat64())))
	}
	hb := m.ms.hbm.Data[:1<<14]
	for i := range hb {
		hb[i] = byte(r.Intn(256)) &^ 0x40 // mostly small values, few Inf/NaN
	}
}

// TestReferenceStepper: Run (pre-decoded program) and the reference
// stepper (fetch and decode every word from memory) agree on random
// programs: halt, cycles, registers, accumulators, every memory byte.
func TestReferenceStepper(t *testing.T) {
	hw := loadHW(t, "plena")
	r := rand.New(rand.NewSource(18))
	halts := map[string]int{}
	var prev []uint32
	for i := 0; i < 200; i++ {
		prog := randomProgram(r, 15+r.Intn(30))
		ms := runBoth(t, hw, wordsImage(t, hw, prog), func(m *Machine) { fill(m, int64(i)) })
		if d := diffMachines(ms[0], ms[1]); d != "" {
			t.Fatalf("program %d: Run vs Step: %s\n%s", i, d, memText(prog))
		}
		// The HBM memo, recorded by this program or the previous one.
		img := wordsImage(t, hw, prog)
		recImg := img
		if i%2 == 1 {
			recImg = wordsImage(t, hw, prev)
		}
		if memoCheck(t, hw, recImg, img, ms[0], int64(i)) {
			halts["memo left"]++
		} else {
			halts["memo followed"]++
		}
		prev = prog
		halts[ms[0].halt.KindName()]++
		if ms[0].halt.Trap != nil {
			halts[ms[0].halt.Trap.Kind.String()]++
			halts[strings.SplitN(ms[0].halt.Trap.Msg, ":", 2)[0]]++
		}
	}
	t.Logf("halts: %v", halts)
	if halts["end"] < 20 || halts["trap"] < 20 {
		t.Errorf("random programs should both end and trap often: %v", halts)
	}
	if halts["memo left"] < 20 || halts["memo followed"] < 20 {
		t.Errorf("replays should both follow their memo and leave it often: %v", halts)
	}
}

// FuzzPlenaSim runs arbitrary words: the simulator never panics, always
// halts with a reason, within the cycle limit, Run agrees with the
// reference stepper, and a run replaying another's HBM timing agrees
// with Run. Memory is bounded: everything is allocated by New.
func FuzzPlenaSim(f *testing.F) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 8; i++ {
		var b []byte
		for _, w := range randomProgram(r, 40) {
			b = binary.LittleEndian.AppendUint32(b, w)
		}
		f.Add(b)
	}
	f.Add([]byte{0x2f, 0x10, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	hw := loadHW(f, "plena")
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 4096 {
			prog = prog[:4096]
		}
		prog = prog[:len(prog)/4*4]
		if len(prog) == 0 {
			return
		}
		base := uint64(hw.Memory[len(hw.Memory)-1].Base)
		img := &sim.Image{Entry: base, Segments: []sim.Segment{{Addr: base, Data: prog, MemSize: uint64(len(prog)), Exec: true}}}
		ms := runBoth(t, hw, img, func(m *Machine) { fill(m, 7) })
		if ms[0].now > 20000+int64(ms[0].cfg.HBM.NRFC)*4+100000 {
			t.Fatalf("ran %d cycles past the limit", ms[0].now)
		}
		if d := diffMachines(ms[0], ms[1]); d != "" {
			t.Fatalf("Run vs Step: %s", d)
		}
		// The HBM memo, recorded by the program's first half.
		half := *img
		half.Segments = []sim.Segment{{Addr: base, Data: prog[:len(prog)/8*4], MemSize: uint64(len(prog) / 8 * 4), Exec: true}}
		if len(prog) < 8 {
			half = *img
		}
		memoCheck(t, hw, &half, img, ms[0], 7)
	})
}
