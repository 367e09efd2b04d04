package coral

import (
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

const (
	mpauseWord  = 0x08000073
	handlerAddr = 0x100 // word 64 of the test programs: the trap handler
	unmapped    = 0x40000000
)

// trapProgram lays out a program whose handler (at handlerAddr) is
// handler's words, and whose body installs it when install is set (two
// instructions: pc of the body's first own instruction is 8) and then
// runs body.
func trapProgram(t *testing.T, install bool, body []uint32, handler []uint32) []uint32 {
	t.Helper()
	var words []uint32
	if install {
		words = append(words, asm(t, "addi t0, zero, 0x100", "csrrw zero, mtvec, t0")...)
	}
	words = append(words, body...)
	if len(words) > handlerAddr/4 {
		t.Fatalf("body of %d words overlaps the handler", len(words))
	}
	for len(words) < handlerAddr/4 {
		words = append(words, mpauseWord)
	}
	return append(words, handler...)
}

// TestTrapCauses: each exception, with a handler installed, traps to
// mtvec with mepc, mcause and mtval as Coral sets them (traps.go); the
// handler here is mpause, so the run ends there with the CSRs to read.
func TestTrapCauses(t *testing.T) {
	strict := hw(t, "coral")
	strict.Params = map[string]int64{"vlen": 128, "elen": 32, "misaligned": 0}
	const pc = 8 // the trapping instruction: after the two that install the handler
	cases := []struct {
		name  string
		hw    *isadefs.HW
		setup func(m *Machine)
		body  []uint32
		cause uint32
		mepc  uint32 // 0: pc
		mtval uint32
	}{
		{name: "zero word", body: []uint32{0}, cause: 2, mtval: 0},
		{name: "fmadd.d (no D)", body: []uint32{0x02007043}, cause: 2, mtval: 0x02007043},
		{name: "disabled extension (Zve32f)", body: asm(t, "vfadd.vv v1, v2, v3"), cause: 2, mtval: asm(t, "vfadd.vv v1, v2, v3")[0]},
		{name: "invalid rounding mode", body: []uint32{enc(t, "fadd.s", 1, 2, 3, 5)}, cause: 2, mtval: enc(t, "fadd.s", 1, 2, 3, 5)},
		{name: "unknown CSR", body: asm(t, "csrrs a0, 0x7ff, zero"), cause: 2, mtval: 0},
		{name: "CSR Coral lacks (satp)", body: asm(t, "csrrwi zero, 0x180, 0"), cause: 2, mtval: 0},
		{name: "write to read-only CSR", body: asm(t, "csrrw zero, mvendorid, a1"), cause: 2, mtval: 0},
		{name: "misaligned jalr", setup: func(m *Machine) { m.SetX(t1, 0x22) }, body: asm(t, "jalr ra, 1(t1)"), cause: 0, mtval: 0x22},
		{name: "misaligned jal", body: asm(t, "jal ra, 6"), cause: 0, mtval: pc + 6},
		{name: "misaligned branch", body: []uint32{0x00000563}, cause: 0, mtval: 0}, // beq zero, zero, +10
		{name: "fetch access fault", setup: func(m *Machine) { m.SetX(t1, unmapped) }, body: asm(t, "jalr ra, 0(t1)"), cause: 1, mepc: unmapped, mtval: 0},
		{name: "load access fault", setup: func(m *Machine) { m.SetX(a1, unmapped) }, body: asm(t, "lw a0, 8(a1)"), cause: 5, mtval: unmapped + 8},
		{name: "store access fault", setup: func(m *Machine) { m.SetX(a1, unmapped) }, body: asm(t, "sb a0, 3(a1)"), cause: 7, mtval: unmapped + 3},
		{name: "store to ITCM", body: asm(t, "sw a0, 4(zero)"), cause: 7, mtval: 4},
		{name: "float store fault", setup: func(m *Machine) { m.SetX(a1, unmapped) }, body: asm(t, "fsw ft0, 0(a1)"), cause: 7, mtval: unmapped},
		{name: "vector load fault", setup: func(m *Machine) { m.SetX(a1, unmapped) }, body: asm(t, "vsetivli zero, 4, 0xd0", "vle32.v v1, (a1)"), mepc: pc + 4, cause: 5, mtval: unmapped},
		{name: "misaligned load", hw: strict, setup: func(m *Machine) { m.SetX(a1, dtcm+2) }, body: asm(t, "lw a0, 0(a1)"), cause: 4, mtval: dtcm + 2},
		{name: "misaligned store", hw: strict, setup: func(m *Machine) { m.SetX(a1, dtcm+1) }, body: asm(t, "sh a0, 0(a1)"), cause: 6, mtval: dtcm + 1},
		{name: "ecall (mtval unchanged)", setup: func(m *Machine) { m.csr.mtval = 0x55 }, body: asm(t, "ecall"), cause: 11, mtval: 0x55},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := c.hw
			if h == nil {
				h = hw(t, "coral")
			}
			words := trapProgram(t, true, c.body, []uint32{mpauseWord})
			for _, ref := range []bool{false, true} {
				m := newMachineHW(t, h, Options{CoreOptions: sim.CoreOptions{Reference: ref}}, words)
				if c.setup != nil {
					c.setup(m)
				}
				halt := m.Run()
				if halt.Kind != sim.HaltPause || m.PC() != handlerAddr {
					t.Fatalf("reference %v: halt %s at pc %#x, want mpause in the handler at %#x", ref, halt, m.PC(), handlerAddr)
				}
				mepc := c.mepc
				if mepc == 0 {
					mepc = pc
				}
				got := [3]uint32{m.csr.mcause, m.csr.mepc, m.csr.mtval}
				if want := [3]uint32{c.cause, mepc, c.mtval}; got != want {
					t.Errorf("reference %v: mcause, mepc, mtval = %#x, want %#x", ref, got, want)
				}
				if c.cause == causeFetchMisaligned && m.X(ra) != 0 {
					t.Errorf("reference %v: ra = %#x: a trapping jump must not link", ref, m.X(ra))
				}
			}
		})
	}
}

// TestTrapWithoutHandlerHalts: a program that never wrote mtvec stops
// at an exception as before traps existed: sim.HaltTrap, exit status
// 126, the instruction and the reason in the message; ecall a7=93 exits
// and ebreak halts with a fault.
func TestTrapWithoutHandlerHalts(t *testing.T) {
	cases := []struct {
		body []uint32
		kind sim.HaltKind
		msg  string
	}{
		{[]uint32{0}, sim.HaltTrap, "illegal instruction 0x000000"},
		{asm(t, "csrrs a0, 0x7ff, zero"), sim.HaltTrap, "unknown CSR 0x7ff"},
		{asm(t, "csrrw zero, mvendorid, a1"), sim.HaltTrap, "write to read-only CSR mvendorid"},
		{asm(t, "lui a1, 0x40000", "lw a0, 0(a1)"), sim.HaltTrap, "lw a0, 0(a1)"},
		{asm(t, "addi t1, zero, 2", "jalr ra, 0(t1)"), sim.HaltTrap, "jump target 0x2 is not 4-byte aligned"},
		{asm(t, "addi a7, zero, 93", "addi a0, zero, 5", "ecall"), sim.HaltExit, ""},
		{asm(t, "ecall"), sim.HaltTrap, "unsupported environment call a7=0"},
		{asm(t, "ebreak"), sim.HaltBreak, ""},
	}
	for i, c := range cases {
		m := newMachine(t, Options{}, trapProgram(t, false, c.body, nil))
		halt := m.Run()
		if halt.Kind != c.kind || !strings.Contains(halt.String(), c.msg) {
			t.Errorf("case %d: halt %s (%s), want %s with %q", i, halt.KindName(), halt, sim.Halt{Kind: c.kind}.KindName(), c.msg)
		}
		if c.kind == sim.HaltTrap && halt.ExitStatus() != sim.ExitTrap {
			t.Errorf("case %d: exit status %d", i, halt.ExitStatus())
		}
	}
}

// TestEbreak: on Coral ebreak halts the core even with a handler (a
// usage fault: mcause 25, mtval = pc); params.ebreak_traps 1 makes it the
// breakpoint exception.
func TestEbreak(t *testing.T) {
	words := trapProgram(t, true, asm(t, "ebreak"), []uint32{mpauseWord})
	m := newMachine(t, Options{}, words)
	if h := m.Run(); h.Kind != sim.HaltBreak || m.csr.mcause != 25 || m.csr.mtval != 8 {
		t.Errorf("coral: halt %s, mcause %d, mtval %#x; want ebreak, 25, 0x8", h, m.csr.mcause, m.csr.mtval)
	}
	h := hw(t, "coral")
	h.Params["ebreak_traps"] = 1
	m = newMachineHW(t, h, Options{}, words)
	if halt := m.Run(); halt.Kind != sim.HaltPause || m.csr.mcause != 3 || m.csr.mepc != 8 || m.csr.mtval != 8 {
		t.Errorf("ebreak_traps: halt %s, mcause %d, mepc %#x, mtval %#x; want the handler, 3, 0x8, 0x8", halt, m.csr.mcause, m.csr.mepc, m.csr.mtval)
	}
}

// skipHandler returns to the instruction after the trapping one.
var skipHandler = []string{
	"csrrs t3, mepc, zero",
	"addi t3, t3, 4",
	"csrrw zero, mepc, t3",
	"addi s1, s1, 1", // traps taken
	"mret",
}

// TestTrapsFastMatchesReference: a loop that traps on every iteration
// (illegal word, load fault, ecall) and returns with mret gives the same
// registers, CSRs, cycles and stalls on the block engine, the
// per-instruction path and the reference stepper, at the end and at
// cycle limits anywhere in it.
func TestTrapsFastMatchesReference(t *testing.T) {
	body := asm(t,
		"addi t0, zero, 40",
		"lui a1, 0x40000",
		"addi a2, a2, 3", // loop: 16
		"mul a3, a2, a2",
	)
	body = append(body, 0xffffffff) // illegal
	body = append(body, asm(t,
		"lw a4, 0(a1)", // load fault
		"ecall",
		"addi t0, t0, -1",
		"bne t0, zero, -24",
	)...)
	words := trapProgram(t, true, body, asm(t, skipHandler...))
	ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true}}, words)
	ref.Run()
	if ref.X(s1) != 120 {
		t.Fatalf("%d traps taken, want 120", ref.X(s1))
	}
	total := int64(ref.Stats().Cycles)
	for _, limit := range []int64{0, 1, 7, total / 3, total / 2, total - 1} {
		ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true, MaxCycles: limit}}, words)
		fast := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit}}, words)
		slow := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit}}, words)
		slow.noBlocks = true
		ref.Run()
		fast.Run()
		slow.Run()
		if d := diffMachines(fast, ref); d != "" {
			t.Fatalf("limit %d: blocks vs reference: %s", limit, d)
		}
		if d := diffMachines(slow, ref); d != "" {
			t.Fatalf("limit %d: per-instruction vs reference: %s", limit, d)
		}
	}
}

// TestTrapTiming: a trap redirects as a jalr does: the handler's first
// instruction dispatches 1 + mispredict_penalty cycles after the
// trapping one, and the trapping instruction does not retire.
func TestTrapTiming(t *testing.T) {
	var b strings.Builder
	words := trapProgram(t, true, []uint32{0}, []uint32{mpauseWord})
	m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Trace: &b}}, words)
	m.Run()
	// addi d0, csrrw d1 (alone), illegal word d2 (alone), mpause 2+1+1.
	if st := m.Stats(); st.Cycles != 5 || st.Instructions != 3 {
		t.Errorf("cycles %d instructions %d, want 5 and 3 (addi, csrrw, mpause)\n%s", st.Cycles, st.Instructions, b.String())
	}
	if !strings.Contains(b.String(), "trap: mcause 2 (illegal instruction), mtval 0x0 -> mtvec 0x100") {
		t.Errorf("trace lacks the trap:\n%s", b.String())
	}
}

// TestTrapLoopEndsAtCycleLimit: a handler address that cannot be fetched
// traps forever without dispatching; the cycle limit ends the run.
func TestTrapLoopEndsAtCycleLimit(t *testing.T) {
	words := asm(t, "lui t0, 0x40000", "csrrw zero, mtvec, t0", "ecall")
	for _, ref := range []bool{false, true} {
		m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: ref, MaxCycles: 10000}}, words)
		if h := m.Run(); h.Kind != sim.HaltCycleLimit || m.csr.mcause != 1 || m.csr.mepc != unmapped {
			t.Errorf("reference %v: halt %s, mcause %d, mepc %#x", ref, h, m.csr.mcause, m.csr.mepc)
		}
	}
}

// TestMretKeepsMstatus: Coral's mret only jumps to mepc; mstatus keeps
// just MPP, and traps do not change it.
func TestMretKeepsMstatus(t *testing.T) {
	m := run(t, nil,
		"addi a1, zero, -1",
		"csrrw zero, mstatus, a1",
		"addi a2, zero, 24",
		"csrrw zero, mepc, a2",
		"mret",
		"addi a0, zero, 1",        // skipped
		"csrrs a3, mstatus, zero", // 24
	)
	if m.X(a0) != 0 || m.X(a3) != 0x1800 {
		t.Errorf("a0 %d, mstatus %#x; want 0, 0x1800", m.X(a0), m.X(a3))
	}
}

// TestMinstretWrite: a write to minstret replaces the writing
// instruction's own increment (Zicsr), so the next instruction reads the
// value written; the counters carry into their high halves.
func TestMinstretWrite(t *testing.T) {
	m := run(t, func(m *Machine) { m.SetX(a1, 0xfffffffe) },
		"csrrw zero, minstret, a1",
		"csrrs a0, minstret, zero",
		"csrrs a2, minstret, zero",
		"csrrs a3, minstreth, zero",
	)
	if m.X(a0) != 0xfffffffe || m.X(a2) != 0xffffffff || m.X(a3) != 1 {
		t.Errorf("minstret %#x then %#x, minstreth %d; want 0xfffffffe, 0xffffffff, 1", m.X(a0), m.X(a2), m.X(a3))
	}
}

// TestFlushallVariants: Coral decodes bits 27..25 of flushat/flushall as
// don't-care; its test crt's .word 0x26000077 is a flushall.
func TestFlushallVariants(t *testing.T) {
	for _, w := range []uint32{0x20000077, 0x26000077, 0x2e000077} {
		m := newMachine(t, Options{}, []uint32{w, mpauseWord})
		if h := m.Run(); h.Kind != sim.HaltPause {
			t.Errorf("%#08x: %s", w, h)
		}
	}
}

// TestHTIF: with params.htif the tohost high word issues the command:
// console bytes go to Options.Console and fromhost answers; an odd
// payload exits with payload>>1; odd low words alone do not end the run.
func TestHTIF(t *testing.T) {
	h := hw(t, "coral")
	h.Params["htif"] = 1
	const tohost, fromhost = dtcm + 64, dtcm + 128
	words := asm(t,
		"lui a1, 0x10",
		"addi a2, zero, 0x61", // 'a': odd
		"lui a3, 0x1010",      // device 1, command 1
		"sw a2, 64(a1)",
		"sw a3, 68(a1)",
		"lw s1, 128(a1)", // fromhost
		"addi a2, zero, 11",
		"sw a2, 64(a1)",
		"sw zero, 68(a1)",  // exit 5
		"addi a0, zero, 1", // not reached
	)
	img := image(append(words, mpauseWord))
	img.Symbols["tohost"], img.Symbols["fromhost"] = tohost, fromhost
	var out strings.Builder
	m, err := New(h, Options{CoreOptions: sim.CoreOptions{Console: &out}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	halt := m.Run()
	if halt.Kind != sim.HaltToHost || halt.ExitStatus() != 5 || out.String() != "a" || m.X(s1) != 0x161 || m.X(a0) != 0 {
		t.Errorf("halt %s, console %q, fromhost low %#x, a0 %d", halt, out.String(), m.X(s1), m.X(a0))
	}
}

// TestCountersCarry: as Coral's performance-counter test checks, mcycle
// and minstret written just below a 32-bit wrap carry into their high
// halves while the program runs.
func TestCountersCarry(t *testing.T) {
	m := run(t, nil,
		"csrrwi zero, mcycleh, 1",
		"addi a0, zero, -16",
		"csrrw zero, mcycle, a0",
		"csrrwi zero, minstreth, 1",
		"csrrw zero, minstret, a0",
		"addi t0, zero, 16",
		"addi t0, t0, -1", // loop
		"bne t0, zero, -4",
		"csrrs a1, mcycle, zero",
		"csrrs a2, mcycleh, zero",
		"csrrs a3, minstret, zero",
		"csrrs a4, minstreth, zero",
	)
	// minstret: -16 after its write, then 1 + 32 loop instructions and
	// the two mcycle reads retire before the read: 19.
	if m.X(a2) != 2 || m.X(a1) > 64 || m.X(a4) != 2 || m.X(a3) != 19 {
		t.Errorf("mcycle %#x:%#x minstret %#x:%#x, want both high halves 2 and minstret 19", m.X(a2), m.X(a1), m.X(a4), m.X(a3))
	}
}
