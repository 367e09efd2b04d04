package plena

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"kernelcraft/sim"
)

// mmProgram is n instructions, mostly M_MM, M_TMM and M_MM_WO on a few
// Vector SRAM rows and tile slices (so that write-outs often land on rows
// a queued product reads), with the scalar instructions that leave the
// queue alone, and now and then any other instruction (randomProgram's),
// which flushes it, or a misaligned address, which traps (both only
// with traps: without, the queue reaches its bounds).
func mmProgram(r *rand.Rand, n int, traps bool) []uint32 {
	addi := func(rd, imm uint32) uint32 { return 0x22 | rd<<6 | imm<<14 }
	others := randomProgram(r, n)[10:]
	w := randomProgram(r, 10)[:10] // the set-up of gp1..gp7
	vrow := func() uint32 { return 64 * uint32(r.Intn(24)) }
	tiles, offs := 4, 16
	if !traps && r.Intn(2) == 0 { // few weight slices: the queue fills
		tiles, offs = 1, 2
	}
	for len(w) < n {
		var word uint32
		switch r.Intn(12) {
		case 0, 1, 2, 3: // M_MM 0, gp9, gp10
			m := 4096*uint32(r.Intn(tiles)) + 4*uint32(r.Intn(offs))
			w = append(w, addi(9, m), addi(10, vrow()))
			word = 0x01 | 9<<10 | 10<<14
		case 4, 5: // M_TMM 0, gp10 (vector), gp9 (matrix: a row offset)
			m := 4096*uint32(r.Intn(tiles)) + 256*uint32(r.Intn(offs))
			w = append(w, addi(9, m), addi(10, vrow()))
			word = 0x02 | 10<<10 | 9<<14
		case 6, 7, 8: // M_MM_WO gp11, gp0 or gp7 (stride), column offset
			wo := vrow()
			if !traps { // rows no product reads: the queue grows
				wo += 64 * 32
			}
			w = append(w, addi(11, wo))
			word = 0x06 | 11<<6 | 7*uint32(r.Intn(2))<<10 | 4*uint32(r.Intn(16))<<14
		case 9: // scalar work
			word = addi(12+uint32(r.Intn(4)), uint32(r.Intn(100)))
		case 10: // anything else
			word = others[r.Intn(len(others))]
			if !traps || word&0x3f >= 0x2f { // no unbalanced loops
				continue
			}
		default: // a misaligned product or write-out now and then
			if !traps || r.Intn(8) != 0 {
				continue
			}
			w = append(w, addi(9, uint32(r.Intn(20000))), addi(10, uint32(r.Intn(3000))))
			word = []uint32{0x01 | 9<<10 | 10<<14, 0x02 | 10<<10 | 9<<14, 0x06 | 10<<6}[r.Intn(3)]
		}
		w = append(w, word)
	}
	return w
}

// fillEdges puts values at the edges in Vector SRAM rows and tiles: NaNs
// with payloads, infinities, subnormals, -0, large and tiny exponents;
// one value in rare (a dot product of 64 terms with one NaN is a NaN)
// among normally distributed ones.
func fillEdges(m *Machine, seed int64, rare int) {
	r := rand.New(rand.NewSource(seed))
	edge := func() uint32 {
		switch r.Intn(rare) {
		case 0:
			return []uint32{0x7fc00000, 0xffc12345, 0x7f800001, 0xff800000, 0x7f800000, 0x80000000, 0x00000001, 0x807fffff, 0x7f7fffff, 0xff000000, 0x00800000}[r.Intn(11)]
		case 1:
			return r.Uint32()
		}
		return math.Float32bits(float32(r.NormFloat64()))
	}
	for i := 0; i < 32*m.cfg.VLEN; i++ {
		binary.LittleEndian.PutUint16(m.ms.vsram.Data[2*i:], uint16(edge()>>16))
	}
	for i := 0; i < len(m.ms.msram.Data)/4; i++ {
		binary.LittleEndian.PutUint32(m.ms.msram.Data[4*i:], edge())
	}
	m.ms.vsram.MarkWritten(0, uint64(64*m.cfg.VLEN))
	m.ms.msram.MarkWritten(0, uint64(len(m.ms.msram.Data)))
}

// TestMMBatch: queued products (mmbatch.go) give what executing each at
// issue gives, bit for bit (every memory byte, the accumulators, cycles,
// halts), in Run and in Step, on programs built to hit the queue's limits
// and flushes, with values at the edges.
func TestMMBatch(t *testing.T) {
	hw := loadHW(t, "plena")
	r := rand.New(rand.NewSource(9))
	flushes := 0
	for i := 0; i < 150; i++ {
		n, traps := 20+r.Intn(150), true
		if i%5 == 0 { // past the queue's bounds
			n, traps = 400+r.Intn(800), false
		}
		prog := mmProgram(r, n, traps)
		img := wordsImage(t, hw, prog)
		var ms [3]*Machine
		for v := range ms {
			m, err := New(hw, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 22}})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Load(img); err != nil {
				t.Fatal(err)
			}
			fillEdges(m, int64(i), []int{8, 1000, 100000}[i%3])
			switch v {
			case 0:
				if !m.mm4.on {
					t.Fatal("plena's config should queue products")
				}
				m.Run()
			case 1:
				m.mm4.on, m.mm4.sh = false, 0
				m.Run()
			case 2:
				for m.Step() {
					if len(m.mm4.jobs) != 0 {
						t.Fatal("Step left products queued")
					}
				}
			}
			if len(m.mm4.jobs) != 0 {
				t.Fatal("a halted machine has products queued")
			}
			ms[v] = m
		}
		if ms[0].halt.Kind == sim.HaltEnd {
			flushes++
		}
		for v, name := range []string{"", "executed at issue", "stepped"} {
			if v == 0 {
				continue
			}
			if d := diffMachines(ms[0], ms[v]); d != "" {
				t.Fatalf("program %d: queued vs %s: %s\n%s", i, name, d, memText(prog))
			}
			for j := range ms[0].macc {
				if math.Float32bits(ms[0].macc[j]) != math.Float32bits(ms[v].macc[j]) {
					t.Fatalf("program %d: m_accum[%d] %#x vs %s %#x", i, j, math.Float32bits(ms[0].macc[j]), name, math.Float32bits(ms[v].macc[j]))
				}
			}
		}
	}
	if flushes < 30 {
		t.Errorf("only %d of 150 programs ran to their end", flushes)
	}
}

// TestMMBatchNoAllocs: queueing and flushing products allocates nothing
// (a run allocates its halt message once, whose length depends on the
// instruction count: the same for 200 and 1200 iterations of the loop).
func TestMMBatchNoAllocs(t *testing.T) {
	hw := loadHW(t, "plena")
	var allocs [2]float64
	for i, n := range []int{200, 1200} {
		m := newMachine(t, hw, fmt.Sprintf(`S_ADDI_INT gp1, gp0, 4096
S_ADDI_INT gp3, gp0, 512
C_LOOP_START gp2, %d
M_MM 0, gp0, gp0
M_TMM 0, gp3, gp1
M_MM_WO gp3, gp0, 0
M_MM 0, gp1, gp0
M_MM_WO gp3, gp0, 4
V_ADD_VV gp3, gp3, gp3, 0
C_LOOP_END gp2
`, n), Options{})
		allocs[i] = testing.AllocsPerRun(5, func() {
			m.reset()
			m.loaded = true
			m.Run()
		})
		if m.halt.Kind != sim.HaltEnd {
			t.Fatalf("halt %v", m.halt)
		}
	}
	if allocs[0] != allocs[1] {
		t.Errorf("%v allocations per run of 200 iterations, %v of 1200", allocs[0], allocs[1])
	}
}
