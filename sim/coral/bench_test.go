package coral

import (
	"fmt"
	"testing"

	"kernelcraft/sim"
)

// scalarLoop is an RV32IM loop of 12 instructions per iteration: loads,
// stores, ALU ops, a multiply and a taken backward branch. t0 counts
// iterations.
var scalarLoop = []string{
	"lui a1, 0x10",
	"lw a2, 0(a1)", // loop:
	"lw a3, 4(a1)",
	"mul a4, a2, a3",
	"add a5, a5, a4",
	"addi a2, a2, 1",
	"xor a3, a3, a5",
	"sw a2, 0(a1)",
	"sw a3, 4(a1)",
	"slli a6, a5, 1",
	"and a7, a6, a4",
	"addi t0, t0, -1",
	"bne t0, zero, -44",
}

func BenchmarkScalarLoop(b *testing.B) {
	m := newMachine(b, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}}, append(asm(b, scalarLoop...), 0x08000073))
	m.SetX(t0, uint32(max(b.N, 1)))
	b.ReportAllocs()
	b.ResetTimer()
	h := m.Run()
	b.StopTimer()
	if h.Kind != sim.HaltPause {
		b.Fatal(h)
	}
	st := m.Stats()
	b.ReportMetric(float64(st.Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
	b.ReportMetric(st.IPC(), "IPC")
}

// BenchmarkScalarLoopPerInstruction is BenchmarkScalarLoop without the
// block engine: the per-instruction fast path (dispatch and exec per op),
// for before/after ratios in the same run.
func BenchmarkScalarLoopPerInstruction(b *testing.B) {
	m := newMachine(b, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}}, append(asm(b, scalarLoop...), 0x08000073))
	m.noBlocks = true
	m.SetX(t0, uint32(max(b.N, 1)))
	b.ReportAllocs()
	b.ResetTimer()
	h := m.Run()
	b.StopTimer()
	if h.Kind != sim.HaltPause {
		b.Fatal(h)
	}
	b.ReportMetric(float64(m.Stats().Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
}

func BenchmarkScalarLoopReference(b *testing.B) {
	m := newMachine(b, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62, Reference: true}}, append(asm(b, scalarLoop...), 0x08000073))
	m.SetX(t0, uint32(max(b.N, 1)))
	b.ResetTimer()
	m.Run()
	b.StopTimer()
	b.ReportMetric(float64(m.Stats().Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
}

func TestScalarLoopTiming(t *testing.T) {
	cycles := func(iters uint32) uint64 {
		m := newMachine(t, Options{}, append(asm(t, scalarLoop...), 0x08000073))
		m.SetX(t0, iters)
		if h := m.Run(); h.Kind != sim.HaltPause {
			t.Fatal(h)
		}
		if st := m.Stats(); st.Instructions != uint64(2+12*iters) {
			t.Fatalf("instructions %d", st.Instructions)
		}
		return m.Stats().Cycles
	}
	// Steady state, by hand: lw a2 @c, lw a3 @c+1 (one memory op per
	// cycle), mul @c+3 (load-use), add @c+5 (mul 2), addi @c+5, xor @c+6,
	// sw a2 @c+6, sw a3 @c+7, slli @c+7, and @c+8, addi t0 @c+8, bne @c+9
	// (taken, predicted): the next iteration starts at c+10.
	if d := cycles(200) - cycles(100); d != 1000 {
		t.Fatalf("%d cycles per 100 iterations, want 1000", d)
	}
}

// TestReload: a machine loaded again runs the same way.
func TestReload(t *testing.T) {
	words := append(asm(t, scalarLoop...), 0x08000073)
	m := newMachine(t, Options{}, words)
	var cycles [2]uint64
	var a5s [2]uint32
	for i := range cycles {
		if i > 0 {
			if err := m.Load(image(words)); err != nil {
				t.Fatal(err)
			}
		}
		m.SetX(t0, 50)
		m.Run()
		cycles[i], a5s[i] = m.Stats().Cycles, m.X(a5)
	}
	if cycles[0] != cycles[1] || a5s[0] != a5s[1] {
		t.Fatalf("reload: cycles %v, a5 %v", cycles, a5s)
	}
}

// vectorKernel is an int8 dot-product loop at LMUL 4: two unit-stride
// loads of 64 int8 and a widening multiply-accumulate into 64 int16
// (v16..v23) per iteration. t0 counts iterations.
var vectorKernel = []string{
	"lui a1, 0x10",
	"addi a2, a1, 64",
	"vsetvli t1, zero, 0xc2", // e8, m4, ta, ma
	"vle8.v v4, (a1)",        // loop:
	"vle8.v v8, (a2)",
	"vwmacc.vv v16, v4, v8",
	"addi t0, t0, -1",
	"bne t0, zero, -16",
}

func vectorKernelMachine(tb testing.TB, iters int) *Machine {
	m := newMachine(tb, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}}, append(asm(tb, vectorKernel...), 0x08000073))
	for i := 0; i < 128; i++ {
		m.Memory().Load(dtcm+uint64(i), []byte{byte(i*7 - 100)})
	}
	m.SetX(t0, uint32(max(iters, 1)))
	return m
}

func BenchmarkVectorKernel(b *testing.B) {
	m := vectorKernelMachine(b, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	h := m.Run()
	b.StopTimer()
	if h.Kind != sim.HaltPause {
		b.Fatal(h)
	}
	st := m.Stats()
	b.ReportMetric(float64(st.Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
	b.ReportMetric(float64(64*b.N)/b.Elapsed().Seconds()/1e6, "MMAC/s")
	b.ReportMetric(float64(st.Cycles)/float64(b.N), "cycles/iter")
}

func TestVectorKernel(t *testing.T) {
	m := vectorKernelMachine(t, 3)
	if h := m.Run(); h.Kind != sim.HaltPause {
		t.Fatal(h)
	}
	for i := 0; i < 64; i++ {
		a, b := int8(byte(i*7-100)), int8(byte((i+64)*7-100))
		want := int16(3 * int(a) * int(b))
		reg := m.VReg(16 + i/8)
		got := int16(uint16(reg[2*(i%8)]) | uint16(reg[2*(i%8)+1])<<8)
		if got != want {
			t.Fatalf("acc[%d] = %d, want %d", i, got, want)
		}
	}
	st := m.Stats()
	t.Logf("3 iterations: %d cycles, stalls %v", st.Cycles, st.StallCycles)
}

// branchyLoop is a loop of two blocks with a data-dependent forward branch
// (taken every other iteration) and a call to a two-instruction function:
// the block engine's per-block path rather than its single-block loop.
var branchyLoop = []string{
	"lui a1, 0x10",
	"lw a2, 0(a1)", // loop:
	"andi a3, t0, 1",
	"add a4, a4, a2",
	"beq a3, zero, 12", // skip two on even t0
	"mul a5, a4, a2",
	"sw a5, 4(a1)",
	"jal ra, 20", // call f
	"addi t0, t0, -1",
	"bne t0, zero, -32",
	"mpause",
	"ebreak",
	"xor a6, a6, a4", // f:
	"jalr zero, 0(ra)",
}

func BenchmarkBranchyLoop(b *testing.B) {
	for _, blocks := range []bool{true, false} {
		name := "blocks"
		if !blocks {
			name = "per-instruction"
		}
		b.Run(name, func(b *testing.B) {
			m := newMachine(b, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}}, asm(b, branchyLoop...))
			m.noBlocks = !blocks
			m.SetX(t0, uint32(max(b.N, 1)))
			b.ReportAllocs()
			b.ResetTimer()
			h := m.Run()
			b.StopTimer()
			if h.Kind != sim.HaltPause {
				b.Fatal(h)
			}
			b.ReportMetric(float64(m.Stats().Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
		})
	}
}

// storeStream is a loop that stores to consecutive addresses (a scalar
// kernel writing its output element by element), wrapping inside the
// first 2 KiB of DTCM: the store path and the written-range tracking
// rather than the ALU. t0 counts iterations; %s is the store (sw or sb)
// and %d the step.
func storeStream(store string, step int) []string {
	return []string{
		"lui a1, 0x10",
		"add a3, a1, a2", // loop:
		store + " t0, 0(a3)",
		fmt.Sprintf("addi a2, a2, %d", step),
		"andi a2, a2, 0x7fc",
		"addi t0, t0, -1",
		"bne t0, zero, -20",
	}
}

// BenchmarkStoreStream times word and byte stores to consecutive
// addresses: each lands on bytes no store marked before (until the 2 KiB
// wrap), the worst case for the written-range bookkeeping.
func BenchmarkStoreStream(b *testing.B) {
	for _, s := range []struct {
		store string
		step  int
	}{{"sw", 4}, {"sb", 1}} {
		b.Run(s.store, func(b *testing.B) {
			prog := storeStream(s.store, s.step)
			if s.step == 1 {
				prog[4] = "andi a2, a2, 0x7ff"
			}
			m := newMachine(b, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 62}}, append(asm(b, prog...), 0x08000073))
			m.SetX(t0, uint32(max(b.N, 1)))
			b.ReportAllocs()
			b.ResetTimer()
			h := m.Run()
			b.StopTimer()
			if h.Kind != sim.HaltPause {
				b.Fatal(h)
			}
			b.ReportMetric(float64(m.Stats().Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
		})
	}
}
