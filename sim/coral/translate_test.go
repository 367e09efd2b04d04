package coral

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
)

// needTranslation skips a test where translated code cannot run.
func needTranslation(t testing.TB) {
	t.Helper()
	if err := translateError(); err != nil {
		t.Skip("translation not available: ", err)
	}
}

// eagerTranslation makes every pair translate after its first run (and
// restores the thresholds after the test).
func eagerTranslation(t testing.TB) { thresholds(t, 1, 1) }

// thresholds sets trWarm and trHot for a test.
func thresholds(t testing.TB, warm, hot uint32) {
	w, h := trWarm, trHot
	trWarm, trHot = warm, hot
	t.Cleanup(func() { trWarm, trHot = w, h })
}

// translated counts the pairs m translated and the bytes of code.
func translated(m *Machine) (pairs, bytes int) {
	if len(m.tr.pairs) > 0 {
		pairs = len(m.tr.pairs) - 1
	}
	return pairs, m.tr.translated
}

// TestTranslateMatchesStep holds translated code to the reference
// stepper on the block engine's random looping programs (ALU, M, Zbb,
// loads and stores, misaligned ones too, branches, calls and returns, F
// and CSR ops and vector instructions, which leave to Go), with every
// pair translated after its first run: everything must agree, at the end
// and at cycle limits anywhere in the run.
func TestTranslateMatchesStep(t *testing.T) {
	needTranslation(t)
	eagerTranslation(t)
	r := rand.New(rand.NewSource(32))
	n := 300
	if testing.Short() {
		n = 60
	}
	pairs := 0
	h := harness
	h.Cuts = 3
	for i := 0; i < n; i++ {
		fast := checkLoopProgram(t, h, r, fmt.Sprint("translated program ", i))
		if e := fast.Stats().Engine; e != EngineTranslate {
			t.Fatalf("program %d ran on %s", i, e)
		}
		p, _ := translated(fast)
		pairs += p
	}
	if pairs < n {
		t.Errorf("%d pairs translated over %d programs: translation hardly ran", pairs, n)
	}
}

// FuzzTranslate runs random looping programs (from a seed) with every
// pair translated after its first run against the reference stepper:
// registers, memory, halt, cycles and every counter.
func FuzzTranslate(f *testing.F) {
	for _, s := range []int64{1, 2, 3, 32, 1 << 40} {
		f.Add(s, uint32(0x12345678), uint32(7))
	}
	if translateError() != nil {
		f.Skip("translation not available")
	}
	h := hw(f, "coral")
	f.Fuzz(func(t *testing.T, seed int64, x, y uint32) {
		eagerTranslation(t)
		r := rand.New(rand.NewSource(seed))
		words := loopProgram(t, r)
		d, _, err := harness.Check(simtest.Program{Name: fmt.Sprint("fuzz ", seed), HW: h, Image: image(words), Options: sim.CoreOptions{MaxCycles: 200000},
			Setup: func(c sim.Core) error {
				m := c.(*Machine)
				for j, reg := range []int{a0, a2, a3, a4, a5, t1, t2, s0, a6} {
					m.SetX(reg, x>>uint(j)^y<<uint(j))
				}
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		if d != "" {
			t.Fatal(d)
		}
	})
}

// TestTranslateLeavesToGo forces each way translated code leaves to Go
// inside a hot, translated loop: the op under test runs every iteration
// with a2 = s1 (harmless), except at t0 == 10 (the 41st iteration, long
// after the loop was translated), where a2 = s1 + a3 (hostile): every
// trap cause a translated op can raise, jumps into data, a store across
// a word of the written-byte bitmap, and ops translated code leaves to
// the block engine (F, CSR reads, Zbb's clz and cpop, vector ops);
// and, on a branch taken only then, ops no block holds (illegal words,
// ecall, ebreak). The cycle limit is also put at every cycle of a
// stretch of translated iterations. Each run must equal the reference
// stepper's.
func TestTranslateLeavesToGo(t *testing.T) {
	needTranslation(t)
	thresholds(t, 4, 8) // translated after 8 of the 40 iterations
	strict := hw(t, "coral")
	strict.Params["misaligned"] = 0
	const firstOp = 10 // index of the first op under test (byte address 40)
	loop := func(op ...string) []string {
		l := []string{
			"lui a1, 0x10", // DTCM
			"addi t0, zero, 50",
			"lw a4, 0(a1)", // loop:
			"add a5, a5, a4",
			"mul a6, a5, t0",
			"sw a6, 4(a1)",
			"addi a7, t0, -10",
			"sltiu a7, a7, 1", // a7 = t0 == 10
			"mul a7, a7, a3",
			"add a2, s1, a7",
		}
		l = append(l, op...)
		back := -4 * (len(l) - 2 + 1)
		return append(l, "addi t0, t0, -1", fmt.Sprintf("bne t0, zero, %d", back))
	}
	nop := "addi zero, zero, 0"
	cases := []struct {
		name        string
		hw          string
		op          []string
		safe, delta uint32
		halt        sim.HaltKind
		vec         bool // blocks with vector ops stay on the block engine
	}{
		{"load out of range", "", []string{"lw a0, 0(a2)", nop}, 0x10008, 0x30000, sim.HaltTrap, false},
		{"load past DTCM's end", "", []string{"lw a0, -2(a2)", nop}, 0x10008, 0x7ff8, sim.HaltTrap, false},
		{"load wrapping the address space to ITCM", "", []string{"lw a0, 4(a2)", nop}, 0x10008, 0xfffefff6, sim.HaltPause, false},
		{"load at the top of the address space", "", []string{"lw a0, 0(a2)", nop}, 0x10008, 0xfffefff0 - 8, sim.HaltTrap, false},
		{"load between regions", "", []string{"lbu a0, 0(a2)", nop}, 0x10008, 1<<32 + 0x2000 - 0x10008, sim.HaltTrap, false},
		{"store out of range", "", []string{"sw a0, 0(a2)", nop}, 0x10008, 0x30000, sim.HaltTrap, false},
		{"store to ITCM (code)", "", []string{"sw a0, 0(a2)", nop}, 0x10008, 1<<32 + 0x20 - 0x10008, sim.HaltTrap, false},
		{"byte store past DTCM", "", []string{"sb a0, 0(a2)", nop}, 0x10008, 0x7ff8, sim.HaltTrap, false},
		{"misaligned load (strict)", "strict", []string{"lh a0, 0(a2)", nop}, 0x10008, 1, sim.HaltTrap, false},
		{"misaligned store (strict)", "strict", []string{"sw a0, 0(a2)", nop}, 0x10008, 2, sim.HaltTrap, false},
		{"misaligned load (allowed)", "", []string{"lw a0, 0(a2)", nop}, 0x10008, 1, sim.HaltPause, false},
		{"store across a bitmap word", "", []string{"sw a3, 0(a2)", nop}, 0x10008, 0x36, sim.HaltPause, false},
		{"load from ITCM", "", []string{"lw a0, 0(a2)", nop}, 0x10008, 1<<32 + 0x4 - 0x10008, sim.HaltPause, false},
		{"jump into data", "", []string{"jalr ra, 0(a2)", nop}, 4*firstOp + 4, 0x10000 - 4*firstOp - 4, sim.HaltTrap, false},
		{"misaligned jalr target", "", []string{"jalr ra, 0(a2)", nop}, 4*firstOp + 4, 2, sim.HaltTrap, false},
		{"division by zero", "", []string{"div a0, a5, a2", "remu s2, a5, a2"}, 3, ^uint32(2), sim.HaltPause, false},
		{"signed overflow", "", []string{"div a0, s0, a2", "rem s2, s0, a2"}, 1, ^uint32(1), sim.HaltPause, false},
		{"F op", "", []string{"fcvt.s.w ft0, a2", "fsw ft0, 8(a1)"}, 3, 5, sim.HaltPause, false},
		{"CSR read", "", []string{"csrrs a0, mcycle, zero", nop}, 0, 1, sim.HaltPause, false},
		{"clz and cpop (left to exec)", "", []string{"clz a0, a2", "cpop s2, a2"}, 0xf0, 1, sim.HaltPause, false},
		{"vector op", "", []string{"vsetvli t3, zero, 0xc0", "vle8.v v8, (a1)"}, 0, 1, sim.HaltPause, true},
		{"illegal instruction", "", []string{"beq a7, zero, 8", "ILLEGAL"}, 0, 1, sim.HaltTrap, false},
		{"ecall exit", "", []string{"beq a7, zero, 12", "addi a7, zero, 93", "ecall"}, 0, 1, sim.HaltExit, false},
		{"ebreak", "", []string{"beq a7, zero, 8", "ebreak"}, 0, 1, sim.HaltBreak, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := hw(t, "coral")
			if c.hw == "strict" {
				h = strict
			}
			lines := loop(c.op...)
			illegal := -1
			for i, l := range lines {
				if l == "ILLEGAL" {
					lines[i], illegal = "addi zero, zero, 1", i
				}
			}
			words := append(asm(t, lines...), 0x08000073) // mpause
			if illegal >= 0 {
				words[illegal] = 0xffffffff
			}
			setup := func(cc sim.Core) error {
				m := cc.(*Machine)
				m.SetX(s1, c.safe)
				m.SetX(a3, c.delta)
				m.SetX(s0, 0x80000000)
				return nil
			}
			p := simtest.Program{Name: "leave " + c.name, HW: h, Image: image(words), Setup: setup}
			hh := harness
			hh.Cuts = 4
			d, fast, err := hh.Check(p)
			if err != nil {
				t.Fatal(err)
			}
			if d != "" {
				t.Fatal(d)
			}
			m := fast.(*Machine)
			if hk, _ := m.Halted(); hk.Kind != c.halt {
				t.Fatalf("halt %s, want kind %v", hk, c.halt)
			}
			if n, _ := translated(m); n == 0 && !c.vec {
				t.Fatal("nothing was translated")
			} else if n != 0 && c.vec {
				t.Fatal("a block with vector ops was translated")
			}
			if c.halt != sim.HaltPause {
				if r := m.X(t0); r != 10 {
					t.Fatalf("halted with t0 = %d, want 10", r)
				}
			}
			// The cycle limit at each cycle of a stretch of the loop's
			// translated iterations.
			total := int64(fast.Stats().Cycles)
			for lim := total / 2; lim < total/2+40; lim++ {
				pc := p
				pc.Options.MaxCycles = lim
				f, r, err := hh.Pair(pc)
				if err != nil {
					t.Fatal(err)
				}
				if d := simtest.Diff(f, r); d != "" {
					t.Fatalf("cycle limit %d: %s", lim, d)
				}
			}
		})
	}
}

// TestTranslateUnseenStates: a loop whose entry state changes from one
// iteration to the next (a divide's busy unit, a load's latency) leaves
// translated code for each state not yet seen, and results agree.
func TestTranslateUnseenStates(t *testing.T) {
	needTranslation(t)
	eagerTranslation(t)
	words := append(asm(t,
		"lui a1, 0x10",
		"addi t0, zero, 300",
		"andi a2, t0, 7", // loop: a data-dependent path
		"beq a2, zero, 8",
		"div a3, a3, t0",
		"lw a4, 0(a1)",
		"add a3, a3, a4",
		"addi t0, t0, -1",
		"bne t0, zero, -24",
	), 0x08000073)
	d, fast, err := harness.Check(simtest.Program{Name: "unseen states", HW: hw(t, "coral"), Image: image(words)})
	if err != nil {
		t.Fatal(err)
	}
	if d != "" {
		t.Fatal(d)
	}
	m := fast.(*Machine)
	if n, _ := translated(m); n < 3 {
		t.Fatalf("%d pairs translated, want several (one per entry state)", n)
	}
}

// TestTranslateReset: Load and the debugger's writes to code drop every
// translation (its mappings are unmapped), so a changed program never
// runs stale code; a config with writable code (self-modifying programs)
// does not translate at all.
func TestTranslateReset(t *testing.T) {
	needTranslation(t)
	m := newMachine(t, Options{}, append(asm(t, scalarLoop...), 0x08000073))
	m.SetX(t0, 1000)
	if h := m.Run(); h.Kind != sim.HaltPause {
		t.Fatal(h)
	}
	if n, _ := translated(m); n == 0 {
		t.Fatal("the scalar loop was not translated")
	}
	// The same addresses, other code: a different result.
	other := append(asm(t, "lui a1, 0x10", "addi a5, a5, 3", "addi t0, t0, -1", "bne t0, zero, -8"), 0x08000073)
	if err := m.Load(image(other)); err != nil {
		t.Fatal(err)
	}
	if n, _ := translated(m); n != 0 || len(m.tr.codes) != 0 {
		t.Fatalf("Load kept %d pairs, %d mappings", n, len(m.tr.codes))
	}
	m.SetX(t0, 1000)
	if h := m.Run(); h.Kind != sim.HaltPause || m.X(a5) != 3000 {
		t.Fatalf("after Load: %s, a5 = %d", h, m.X(a5))
	}
	if n, _ := translated(m); n == 0 {
		t.Fatal("the second program was not translated")
	}
	if err := m.WriteMem(8, []byte{0x13, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if n, _ := translated(m); n != 0 || len(m.tr.codes) != 0 {
		t.Fatalf("a write to code kept %d pairs, %d mappings", n, len(m.tr.codes))
	}

	h := hw(t, "coral")
	h.Memory[0].Perm = "rwx"
	sm := newMachineHW(t, h, Options{}, append(asm(t, scalarLoop...), 0x08000073))
	sm.SetX(t0, 100)
	sm.Run()
	if e := sm.Stats().Engine; e != enginePerInst {
		t.Errorf("writable code ran on %s", e)
	}
	if _, err := New(h, Options{CoreOptions: sim.CoreOptions{Engine: EngineTranslate}}); err == nil {
		t.Error("engine translate accepted with writable code")
	}
}

// TestEngineOption: each engine gives the same results; a bad name and
// translate with a trace, a profile or the reference stepper are
// refused; Stats.Engine names the engine that ran.
func TestEngineOption(t *testing.T) {
	words := append(asm(t, scalarLoop...), 0x08000073)
	var ref *Machine
	for _, c := range []struct{ engine, ran string }{
		{"", EngineTranslate}, {EngineAuto, EngineTranslate}, {EngineTranslate, EngineTranslate}, {EngineBlocks, EngineBlocks}, {EngineStep, EngineStep},
	} {
		if translateError() != nil && c.ran == EngineTranslate {
			if c.engine == EngineTranslate {
				if _, err := New(hw(t, "coral"), Options{CoreOptions: sim.CoreOptions{Engine: c.engine}}); err == nil {
					t.Error("engine translate accepted where it cannot run")
				}
				continue
			}
			c.ran = EngineBlocks
		}
		m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Engine: c.engine}}, words)
		m.SetX(t0, 500)
		m.Run()
		if got := m.Stats().Engine; got != c.ran {
			t.Errorf("engine %q: ran %s, want %s", c.engine, got, c.ran)
		}
		if ref == nil {
			ref = m
		} else if d := simtest.Diff(ref, m); d != "" {
			t.Errorf("engine %q: %s", c.engine, d)
		}
	}
	for _, o := range []sim.CoreOptions{
		{Engine: "jit"},
		{Engine: EngineTranslate, Trace: new(noWriter)},
		{Engine: EngineTranslate, Profile: &sim.Profile{}},
		{Engine: EngineTranslate, Reference: true},
	} {
		if _, err := New(hw(t, "coral"), Options{CoreOptions: o}); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
}

type noWriter struct{}

func (*noWriter) Write(p []byte) (int, error) { return len(p), nil }

// TestTranslatePreemptionAndGC: translated code cannot be preempted, so
// it returns to Go on its own (trPollCycles). A long translated loop runs
// while another goroutine forces garbage collections (each one stops the
// world, which waits for every goroutine, the simulator's too) and then
// asks the run to stop. Were the loop to hold on to the thread, no
// collection would finish before the run's cycle limit and the halt
// would be the limit, not the cancellation. Run it with -race too.
func TestTranslatePreemptionAndGC(t *testing.T) {
	needTranslation(t)
	stop := new(atomic.Bool)
	// 2^32 iterations: tens of seconds of simulation at least.
	m := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1 << 40, Stop: stop}}, append(asm(t, scalarLoop...), 0x08000073))
	var wg sync.WaitGroup
	running := new(atomic.Bool)
	running.Store(true)
	gcs := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 20 && running.Load(); i++ {
			runtime.GC()
			if running.Load() {
				gcs++
			}
		}
		stop.Store(true)
	}()
	h := m.Run()
	running.Store(false)
	wg.Wait()
	if h.Kind != sim.HaltCancelled {
		t.Fatalf("halt %s after %d collections, want cancelled", h, gcs)
	}
	if gcs == 0 {
		t.Fatal("no collection finished while the translated loop ran")
	}
	if n, _ := translated(m); n == 0 {
		t.Fatal("the loop was not translated")
	}
	// The run stopped between blocks: the loop's counter and the
	// instruction count agree (1 + 12 per iteration).
	if iters := uint64(uint32(-m.X(t0))); m.Stats().Instructions != 1+12*iters {
		t.Errorf("cancelled after %d iterations (t0 %#x) but %d instructions", iters, m.X(t0), m.Stats().Instructions)
	}
}

// BenchmarkTranslateCost reports what translation itself costs: host
// time and code bytes per translated pair (mapping included), over the
// random looping programs with every pair translated.
func BenchmarkTranslateCost(b *testing.B) {
	needTranslation(b)
	eagerTranslation(b)
	r := rand.New(rand.NewSource(7))
	var progs [][]uint32
	for i := 0; i < 50; i++ {
		progs = append(progs, loopProgram(b, r))
	}
	var spent time.Duration
	pairs, bytes := 0, 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := newMachine(b, Options{}, progs[i%len(progs)])
		m.Run()
		p, n := translated(m)
		pairs += p
		bytes += n
		spent += m.tr.spent
	}
	if pairs > 0 {
		b.ReportMetric(float64(spent.Nanoseconds())/float64(pairs), "ns/pair")
		b.ReportMetric(float64(bytes)/float64(pairs), "bytes/pair")
	}
}

// translateEager (go test -translate-eager) translates every pair after
// its first run in every test of the package: the oracle suites (qemu
// differential, riscv-tests, Coral's tests, the block engine's tests)
// then run nearly all their code translated, not only the hot loops.
var translateEager = flag.Bool("translate-eager", false, "translate every (block, state) pair after its first run, in every test")

func TestMain(m *testing.M) {
	flag.Parse()
	if *translateEager {
		trWarm, trHot = 1, 1
	}
	os.Exit(m.Run())
}

// TestTranslateChaining: a hot loop whose body calls a function (jal,
// then jalr back) runs in translated code from pair to pair, through
// the successor slots and the jalr's target cache, with few returns to
// Go; two call sites returning alternately still agree with the
// reference stepper.
func TestTranslateChaining(t *testing.T) {
	needTranslation(t)
	for _, c := range []struct {
		name  string
		lines []string
		max   int // returns to Go at most
	}{
		{"one call site", []string{
			"lui a1, 0x10",
			"lui t0, 0x4",  // 16384 iterations
			"lw a2, 0(a1)", // loop:
			"jal ra, 20",   // fn
			"addi a3, a3, 1",
			"addi t0, t0, -1",
			"bne t0, zero, -16",
			"mpause",
			"add a4, a4, a2", // fn:
			"jalr zero, 0(ra)",
		}, 200},
		{"two call sites", []string{
			"lui a1, 0x10",
			"lui t0, 0x4",
			"jal ra, 28", // loop: fn
			"addi a3, a3, 1",
			"jal ra, 20", // fn
			"addi t0, t0, -1",
			"bne t0, zero, -16",
			"mpause",
			"addi zero, zero, 0",
			"add a4, a4, a3", // fn:
			"jalr zero, 0(ra)",
		}, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			words := asm(t, c.lines...)
			for i, l := range c.lines {
				if l == "mpause" {
					words[i] = 0x08000073
				}
			}
			d, fast, err := harness.Check(simtest.Program{Name: "chaining " + c.name, HW: hw(t, "coral"), Image: image(words)})
			if err != nil {
				t.Fatal(err)
			}
			if d != "" {
				t.Fatal(d)
			}
			m := fast.(*Machine)
			if h, _ := m.Halted(); h.Kind != sim.HaltPause {
				t.Fatalf("halt %s", h)
			}
			if n, _ := translated(m); n < 3 {
				t.Fatalf("%d pairs translated", n)
			}
			if m.tr.calls > c.max {
				t.Errorf("%d returns to Go, want at most %d", m.tr.calls, c.max)
			}
			t.Logf("%d returns to Go", m.tr.calls)
		})
	}
}

// TestTranslateLoopExitsEveryIteration: a looping pair that leaves to Go
// in every iteration before completing one (at an F op) is entered
// tens of thousands of times within one state-mode run; its count, and
// the list of pairs to flush, stay exact (the list once overflowed its
// table when such a pair was listed at each entry).
func TestTranslateLoopExitsEveryIteration(t *testing.T) {
	needTranslation(t)
	words := append(asm(t,
		"lui a1, 0x10",
		"lui t0, 0xa",      // 40960 iterations
		"lw a2, 0(a1)",     // loop:
		"fcvt.s.w ft0, t0", // an op exec runs
		"add a3, a3, a2",
		"addi t0, t0, -1",
		"bne t0, zero, -16",
	), 0x08000073)
	d, fast, err := harness.Check(simtest.Program{Name: "exits every iteration", HW: hw(t, "coral"), Image: image(words)})
	if err != nil {
		t.Fatal(err)
	}
	if d != "" {
		t.Fatal(d)
	}
	if n, _ := translated(fast.(*Machine)); n == 0 {
		t.Fatal("the loop was not translated")
	}
}

// TestTranslateTwoLoadRegions: a loop that loads from ITCM (a table in
// .rodata) and from DTCM runs translated from both regions without
// returning to Go for each (the previous load region is kept in the
// context); a misaligned load from the second region still traps on a
// strict config.
func TestTranslateTwoLoadRegions(t *testing.T) {
	needTranslation(t)
	loop := []string{
		"lui a1, 0x10",
		"lui t0, 0x4",    // 16384 iterations
		"lw a2, 0(a1)",   // loop: DTCM
		"lw a3, 8(zero)", // ITCM
		"add a4, a4, a2",
		"add a4, a4, a3",
		"lbu a5, 5(zero)", // ITCM
		"sw a4, 4(a1)",
		"addi t0, t0, -1",
		"bne t0, zero, -28",
	}
	words := append(asm(t, loop...), 0x08000073)
	d, fast, err := harness.Check(simtest.Program{Name: "two load regions", HW: hw(t, "coral"), Image: image(words)})
	if err != nil {
		t.Fatal(err)
	}
	if d != "" {
		t.Fatal(d)
	}
	m := fast.(*Machine)
	if n, _ := translated(m); n == 0 {
		t.Fatal("not translated")
	}
	if m.tr.calls > 100 {
		t.Errorf("%d returns to Go for %d iterations", m.tr.calls, 1<<14)
	}
	// Strict alignment: at t0 == 100 the ITCM load becomes misaligned.
	strict := hw(t, "coral")
	strict.Params["misaligned"] = 0
	bad := append(asm(t,
		"lui a1, 0x10",
		"lui t0, 0x4",
		"addi t1, zero, 100",
		"lw a2, 0(a1)", // loop: DTCM
		"sub a6, t0, t1",
		"sltiu a6, a6, 1", // 1 at t0 == 100
		"slli a6, a6, 1",
		"lw a3, 8(a6)", // ITCM, misaligned once
		"add a4, a4, a3",
		"addi t0, t0, -1",
		"bne t0, zero, -28",
	), 0x08000073)
	d, fast, err = harness.Check(simtest.Program{Name: "two load regions, strict", HW: strict, Image: image(bad)})
	if err != nil {
		t.Fatal(err)
	}
	if d != "" {
		t.Fatal(d)
	}
	if h, _ := fast.(*Machine).Halted(); h.Kind != sim.HaltTrap || fast.(*Machine).X(t0) != 100 {
		t.Fatalf("halt %s at t0 %d, want a misaligned-load trap at t0 100", h, fast.(*Machine).X(t0))
	}
}
