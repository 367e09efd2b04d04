package coral

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// profiled runs words three times, plainly (the fast core), with a
// profile, and with a profile on the reference stepper, and checks what
// must hold for any program: the same halt, cycles, instructions, stalls
// and unit counters, per-instruction cycles and stalls that add up to the
// run's, counts that add up to the instructions, and the same profile from
// both profiling paths.
func profiled(t *testing.T, opts Options, setup func(*Machine), words []uint32) (*sim.Profile, *Machine) {
	t.Helper()
	plain := newMachine(t, opts, words)
	opts.Profile = &sim.Profile{}
	prof := newMachine(t, opts, words)
	refOpts := opts
	refOpts.Profile, refOpts.Reference = &sim.Profile{}, true
	ref := newMachine(t, refOpts, words)
	if setup != nil {
		setup(plain)
		setup(prof)
		setup(ref)
	}
	hp, hq := plain.Run(), prof.Run()
	ref.Run()
	if !reflect.DeepEqual(opts.Profile.PCs(), refOpts.Profile.PCs()) || !reflect.DeepEqual(opts.Profile.Hazards(), refOpts.Profile.Hazards()) {
		t.Errorf("the reference stepper's profile differs")
	}
	if hp.Kind != hq.Kind || hp.String() != hq.String() {
		t.Fatalf("halt %s without profile, %s with", hp, hq)
	}
	sp, sq := plain.Stats(), prof.Stats()
	if sp.Cycles != sq.Cycles || sp.Instructions != sq.Instructions ||
		!reflect.DeepEqual(sp.StallCycles, sq.StallCycles) || !reflect.DeepEqual(sp.UnitBusy, sq.UnitBusy) {
		t.Fatalf("profiling changed the counters: cycles %d/%d, instructions %d/%d, stalls %v/%v, busy %v/%v",
			sp.Cycles, sq.Cycles, sp.Instructions, sq.Instructions, sp.StallCycles, sq.StallCycles, sp.UnitBusy, sq.UnitBusy)
	}
	p := opts.Profile
	var cycles, count uint64
	stalls := make([]uint64, len(sq.StallCycles))
	for _, s := range p.PCs() {
		cycles += s.Cycles
		count += s.Count
		for i, v := range s.Stalls {
			stalls[i] += v
		}
		if s.Text == "" {
			t.Errorf("pc %#x: no disassembly", s.PC)
		}
	}
	if cycles != sq.Cycles || p.Cycles != sq.Cycles {
		t.Errorf("per-instruction cycles add up to %d (Profile.Cycles %d), the run took %d", cycles, p.Cycles, sq.Cycles)
	}
	if count != sq.Instructions {
		t.Errorf("per-instruction counts add up to %d, the run retired %d", count, sq.Instructions)
	}
	if !reflect.DeepEqual(stalls, sq.StallCycles) {
		t.Errorf("per-instruction stalls add up to %v, the run's are %v", stalls, sq.StallCycles)
	}
	var hz uint64
	for _, h := range p.Hazards() {
		hz += h.Cycles
	}
	var all uint64
	for _, v := range sq.StallCycles {
		all += v
	}
	if hz != all {
		t.Errorf("hazards cover %d stall cycles, the run has %d", hz, all)
	}
	return p, prof
}

func TestProfileAddsUp(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	n := 60
	if testing.Short() {
		n = 15
	}
	for i := 0; i < n; i++ {
		profiled(t, Options{}, nil, randomProgram(t, r))
	}
	profiled(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 40}}, func(m *Machine) {
		for i := 0; i < 128; i++ {
			m.Memory().Load(dtcm+uint64(i), []byte{byte(i)})
		}
		m.SetX(t0, 5)
	}, append(asm(t, vectorKernel...), 0x08000073))
	// Halts other than mpause: the cycle limit (charged to the instruction
	// that could not dispatch), a trap, ebreak and exit.
	words := randomProgram(t, rand.New(rand.NewSource(12)))
	full := newMachine(t, Options{}, words)
	full.Run()
	for _, limit := range []int64{1, 7, int64(full.Stats().Cycles) - 1} {
		p, m := profiled(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit}}, nil, words)
		if h, _ := m.Halted(); h.Kind != sim.HaltCycleLimit || p.Cycles != uint64(limit) {
			t.Errorf("limit %d: halt %s, profile cycles %d", limit, h, p.Cycles)
		}
	}
	for _, prog := range [][]string{
		{"vsetvli t3, zero, 0xc0", "vle8.v v8, (a1)", "lw a0, 1(zero)"}, // trap after vector work in flight
		{"addi a0, zero, 3", "ebreak"},
		{"vsetvli t3, zero, 0xc0", "vle8.v v8, (a1)", "addi a0, zero, 7", "addi a7, zero, 93", "ecall"},
	} {
		profiled(t, Options{}, func(m *Machine) { m.SetX(a1, dtcm); m.misaligned = false }, asm(t, prog...))
	}
}

// TestProfileHazards: hand-computed programs (TIMING.md's examples) give
// the charges and hazards the model implies.
func TestProfileHazards(t *testing.T) {
	setup := func(m *Machine) { m.SetX(a1, dtcm); m.SetX(a2, 3); m.SetX(t0, 2) }
	// mpause dispatches alone: a fresh cycle when others dispatched in its.
	serialize := func(pc uint64) sim.Hazard { return sim.Hazard{PC: pc, Cause: stSerialize, Count: 1, Cycles: 1} }
	type charge struct {
		pc            uint64
		count, cycles uint64
	}
	cases := []struct {
		name    string
		lines   []string
		charges []charge     // instructions, mpause last
		hazards []sim.Hazard // most cycles first (Count and Cycles compared)
	}{
		{"load-use", []string{"lw a0, 0(a1)", "addi a3, a0, 1"},
			// lw d=0, addi d=2, mpause d=3 and the last cycle
			[]charge{{0, 1, 0}, {4, 1, 2}, {8, 1, 2}},
			[]sim.Hazard{{PC: 4, Cause: stRAW, On: "a0", Rel: "written by", From: 0, HasFrom: true, Latency: 2, Count: 1, Cycles: 2}, serialize(8)}},
		{"WAW", []string{"lw a0, 0(a1)", "addi a0, zero, 1"},
			[]charge{{0, 1, 0}, {4, 1, 1}, {8, 1, 2}},
			[]sim.Hazard{{PC: 4, Cause: stWAW, On: "a0", Rel: "written by", From: 0, HasFrom: true, Latency: 2, Count: 1, Cycles: 1}, serialize(8)}},
		{"one mul per cycle", []string{"mul a0, a1, a2", "addi a3, zero, 1", "mul a4, a1, a2", "mul a5, a1, a2"},
			[]charge{{0, 1, 0}, {4, 1, 0}, {8, 1, 1}, {12, 1, 1}, {16, 1, 3}},
			[]sim.Hazard{
				{PC: 8, Cause: stMul, On: "the multiplier", Rel: "in use by", From: 0, HasFrom: true, Count: 1, Cycles: 1},
				{PC: 12, Cause: stMul, On: "the multiplier", Rel: "in use by", From: 8, HasFrom: true, Count: 1, Cycles: 1},
				serialize(16),
				{PC: 16, Cause: stDrain, Rel: "until the completion of", From: 12, HasFrom: true, Count: 1, Cycles: 1},
			}},
		{"loop with a mispredicted exit", []string{"addi t0, t0, -1", "bne t0, zero, -4"},
			// t0 = 2: addi d=0, bne d=1 (raw), addi d=2, bne d=3 (raw),
			// not taken: mispredicted; mpause d=5, 6 cycles
			[]charge{{0, 2, 1}, {4, 2, 2}, {8, 1, 3}},
			[]sim.Hazard{
				{PC: 4, Cause: stRAW, On: "t0", Rel: "written by", From: 0, HasFrom: true, Latency: 1, Count: 2, Cycles: 2},
				{PC: 8, Cause: stMispredict, Rel: "after", From: 4, HasFrom: true, Count: 1, Cycles: 1},
				serialize(8),
			}},
		{"vector load then add", []string{"vsetvli t3, zero, 0xd0", "vle32.v v8, (a1)", "vadd.vv v9, v8, v8"},
			// vsetvli d=0 (e32 m1); vle32 d=1 (raw on t3? no: vsetvli
			// writes t3, vle reads a1), backend issues vle at 2 (1 beat),
			// v8 ready at 2+3=5; vadd dispatches at 1 (2 vector ops per
			// cycle... vsetvli is not one), issues at 5 (vector-raw 3),
			// v9 ready at 5+2 = 7; mpause drains until 7.
			nil,
			[]sim.Hazard{
				{PC: 12, Cause: stDrain, Rel: "until the completion of", From: 8, HasFrom: true, Count: 1},
				{PC: 8, Cause: stVRAW, On: "v8", Rel: "written by", From: 4, HasFrom: true, Latency: 3, Count: 1},
				serialize(12),
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, _ := profiled(t, Options{}, setup, append(asm(t, c.lines...), 0x08000073))
			for _, want := range c.charges {
				s := p.At(want.pc)
				if s.Count != want.count || s.Cycles != want.cycles {
					t.Errorf("pc %#x (%s): count %d cycles %d, want %d and %d", want.pc, s.Text, s.Count, s.Cycles, want.count, want.cycles)
				}
			}
			got := p.Hazards()
			if len(got) != len(c.hazards) {
				t.Fatalf("hazards %+v, want %+v", got, c.hazards)
			}
			for i, w := range c.hazards {
				g := got[i]
				if c.charges == nil { // cycles not hand-computed: compare the rest
					w.Cycles = g.Cycles
				}
				if g != w {
					t.Errorf("hazard %d: %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

// TestProfileReport: the report names lines, causes, registers and the
// responsible instruction.
func TestProfileReport(t *testing.T) {
	p, _ := profiled(t, Options{}, func(m *Machine) { m.SetX(a1, dtcm) },
		append(asm(t, "lw a0, 0(a1)", "addi a3, a0, 1"), 0x08000073))
	var b strings.Builder
	p.WriteReport(&b, sim.ReportOptions{Hazards: 5})
	for _, want := range []string{
		"cycles by instruction (3 instructions; 4 cycles in all)",
		"0x4          1          2  50.0%  addi a3, a0, 1",
		"stalls: raw 2",
		"0x4 (addi a3, a0, 1): 2 cycles in 1 stall: raw on a0, written by 0x0 (lw a0, 0(a1)), latency 2",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestProfileReuse: a machine loaded again starts a fresh profile.
func TestProfileReuse(t *testing.T) {
	words := append(asm(t, "addi a0, zero, 1", "addi a0, a0, 1"), 0x08000073)
	p := &sim.Profile{}
	m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Profile: p}}, words)
	m.Run()
	first := p.Cycles
	if err := m.Load(image(words)); err != nil {
		t.Fatal(err)
	}
	m.Run()
	if p.Cycles != first || p.Cycles != m.Stats().Cycles || p.At(0).Count != 1 {
		t.Fatalf("second run: profile cycles %d (first %d, stats %d), count %d", p.Cycles, first, m.Stats().Cycles, p.At(0).Count)
	}
}

// BenchmarkProfile: the vector kernel profiled (Run's profiling loop),
// against the per-instruction fast loop, and profiled on the reference
// stepper against the plain reference stepper.
func BenchmarkProfile(b *testing.B) {
	for _, c := range []struct {
		name           string
		prof, ref, run bool
	}{
		{"per-instruction", false, false, true},
		{"profile", true, false, false},
		{"reference", false, true, false},
		{"profile-reference", true, true, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := vectorKernelMachine(b, b.N)
			m.opts.Reference, m.noBlocks = c.ref, c.run
			if c.prof {
				m.opts.Profile = &sim.Profile{}
			}
			b.ReportAllocs()
			b.ResetTimer()
			if h := m.Run(); h.Kind != sim.HaltPause {
				b.Fatal(h)
			}
			b.ReportMetric(float64(m.Stats().Instructions)/b.Elapsed().Seconds()/1e6, "MIPS")
		})
	}
}
