package coral

import (
	"slices"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestEveryInstructionHasAHandler: every scalar instruction of coral.isa is
// implemented; every vector instruction goes to the vector unit.
func TestEveryInstructionHasAHandler(t *testing.T) {
	for _, in := range testISA.Insts {
		h := handlerFor(in)
		if h == hIllegal {
			t.Errorf("%s (coral.isa line %d) has no handler", in.Mnemonic, in.Line)
		}
		if in.Flags["vec"] != (h == hVec) {
			t.Errorf("%s: vec flag and handler disagree", in.Mnemonic)
		}
		if h == hVec {
			if _, err := DecodeVector(in, uint32(in.Match)); err != nil {
				t.Errorf("%s: the vector unit does not decode it: %v", in.Mnemonic, err)
			}
		}
	}
	// And through the machine's pre-decoder, on the config that enables
	// every extension.
	m, err := New(hw(t, "coral-f"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range testISA.Insts {
		var o op
		m.decodeOp(uint32(in.Match), &o, true)
		if o.h == hIllegal {
			t.Errorf("%s: pre-decodes as illegal: %s", in.Mnemonic, o.illegal)
		}
	}
}

type aluCase struct {
	asm        string
	a, b       uint32 // initial a1, a2
	want       uint32 // expected a0
	wantFflags uint32
}

func TestScalarALU(t *testing.T) {
	cases := []aluCase{
		// RV32I
		{"lui a0, 0x12345", 0, 0, 0x12345000, 0},
		{"addi a0, a1, -1", 5, 0, 4, 0},
		{"addi a0, a1, 2047", 1, 0, 2048, 0},
		{"slti a0, a1, -1", 0xfffffffe, 0, 1, 0},
		{"sltiu a0, a1, -1", 5, 0, 1, 0},
		{"xori a0, a1, -1", 0x0f0f0f0f, 0, 0xf0f0f0f0, 0},
		{"ori a0, a1, 0x70", 0x0f, 0, 0x7f, 0},
		{"andi a0, a1, 0x70", 0xff, 0, 0x70, 0},
		{"slli a0, a1, 31", 3, 0, 0x80000000, 0},
		{"srli a0, a1, 4", 0x80000000, 0, 0x08000000, 0},
		{"srai a0, a1, 4", 0x80000000, 0, 0xf8000000, 0},
		{"add a0, a1, a2", 0xffffffff, 2, 1, 0},
		{"sub a0, a1, a2", 1, 2, 0xffffffff, 0},
		{"sll a0, a1, a2", 1, 33, 2, 0},
		{"slt a0, a1, a2", 0x80000000, 1, 1, 0},
		{"sltu a0, a1, a2", 0x80000000, 1, 0, 0},
		{"xor a0, a1, a2", 6, 3, 5, 0},
		{"srl a0, a1, a2", 0x80000000, 31, 1, 0},
		{"sra a0, a1, a2", 0x80000000, 31, 0xffffffff, 0},
		{"or a0, a1, a2", 6, 3, 7, 0},
		{"and a0, a1, a2", 6, 3, 2, 0},
		// M
		{"mul a0, a1, a2", 0xffffffff, 0xffffffff, 1, 0},
		{"mulh a0, a1, a2", 0xffffffff, 0xffffffff, 0, 0},
		{"mulh a0, a1, a2", 0x80000000, 0x80000000, 0x40000000, 0},
		{"mulhsu a0, a1, a2", 0xffffffff, 0xffffffff, 0xffffffff, 0},
		{"mulhu a0, a1, a2", 0xffffffff, 0xffffffff, 0xfffffffe, 0},
		{"div a0, a1, a2", 0xfffffff9, 2, 0xfffffffd, 0}, // -7/2 = -3
		{"div a0, a1, a2", 7, 0, 0xffffffff, 0},
		{"div a0, a1, a2", 0x80000000, 0xffffffff, 0x80000000, 0},
		{"divu a0, a1, a2", 7, 0, 0xffffffff, 0},
		{"divu a0, a1, a2", 0xfffffff9, 2, 0x7ffffffc, 0},
		{"rem a0, a1, a2", 0xfffffff9, 2, 0xffffffff, 0}, // -7%2 = -1
		{"rem a0, a1, a2", 7, 0, 7, 0},
		{"rem a0, a1, a2", 0x80000000, 0xffffffff, 0, 0},
		{"remu a0, a1, a2", 7, 0, 7, 0},
		{"remu a0, a1, a2", 7, 4, 3, 0},
		// Zbb
		{"andn a0, a1, a2", 0xff, 0x0f, 0xf0, 0},
		{"orn a0, a1, a2", 0, 0xfffffff0, 0xf, 0},
		{"xnor a0, a1, a2", 0xff, 0x0f, 0xffffff0f, 0},
		{"clz a0, a1", 0x00010000, 0, 15, 0},
		{"clz a0, a1", 0, 0, 32, 0},
		{"ctz a0, a1", 0x00010000, 0, 16, 0},
		{"ctz a0, a1", 0, 0, 32, 0},
		{"cpop a0, a1", 0xf0f0f0f1, 0, 17, 0},
		{"max a0, a1, a2", 0xffffffff, 1, 1, 0},
		{"maxu a0, a1, a2", 0xffffffff, 1, 0xffffffff, 0},
		{"min a0, a1, a2", 0xffffffff, 1, 0xffffffff, 0},
		{"minu a0, a1, a2", 0xffffffff, 1, 1, 0},
		{"sext.b a0, a1", 0x80, 0, 0xffffff80, 0},
		{"sext.h a0, a1", 0x18000, 0, 0xffff8000, 0},
		{"zext.h a0, a1", 0xffff8000, 0, 0x8000, 0},
		{"rol a0, a1, a2", 0x80000001, 1, 3, 0},
		{"ror a0, a1, a2", 0x80000001, 1, 0xc0000000, 0},
		{"rori a0, a1, 4", 0x1234567f, 0, 0xf1234567, 0},
		{"orc.b a0, a1", 0x00100300, 0, 0x00ffff00, 0},
		{"rev8 a0, a1", 0x11223344, 0, 0x44332211, 0},
	}
	for _, c := range cases {
		m := run(t, func(m *Machine) { m.SetX(a1, c.a); m.SetX(a2, c.b) }, c.asm)
		if got := m.X(a0); got != c.want {
			t.Errorf("%s with a1=%#x a2=%#x: a0 = %#x, want %#x", c.asm, c.a, c.b, got, c.want)
		}
	}
}

func TestAuipcJumpsAndBranches(t *testing.T) {
	m := run(t, nil,
		"auipc a0, 1",      // 0: a0 = 0x1000
		"jal ra, 8",        // 4: -> 12
		"addi a1, zero, 1", // 8: skipped
		"addi a2, zero, 7", // 12
		"beq a2, zero, 8",  // 16: not taken
		"bne a2, zero, 8",  // 20: taken -> 28
		"addi a3, zero, 1", // 24: skipped
		"addi t0, zero, 40",
		"jalr t1, 8(t0)", // 32: -> 48
		"addi a4, zero, 1",
		"addi a4, zero, 2",
		"addi a4, zero, 3",
		"blt a2, zero, 8", // 48
		"bge a2, zero, 8", // 52 taken -> 60
		"addi a5, zero, 1",
		"bltu zero, a2, 8", // 60 taken -> 68
		"addi a5, zero, 2",
		"bgeu zero, a2, 8", // 68 not taken
	)
	for _, c := range []struct {
		r    int
		want uint32
	}{{a0, 0x1000}, {ra, 8}, {a1, 0}, {a3, 0}, {t1, 36}, {a4, 0}, {a5, 0}} {
		if got := m.X(c.r); got != c.want {
			t.Errorf("x%d = %#x, want %#x", c.r, got, c.want)
		}
	}
}

func TestLoadsStores(t *testing.T) {
	m := run(t, func(m *Machine) { m.SetX(a1, dtcm+0x100); m.SetX(a2, 0x8081f2f3) },
		"sw a2, 0(a1)",
		"lb a0, 0(a1)",
		"lbu a3, 0(a1)",
		"lh a4, 2(a1)",
		"lhu a5, 2(a1)",
		"lw a6, 0(a1)",
		"sb a2, 5(a1)",
		"sh a2, 6(a1)",
		"lw a7, 4(a1)",
		"sw a2, 9(a1)", // misaligned: allowed by default
		"lw t0, 9(a1)",
	)
	for _, c := range []struct {
		r    int
		want uint32
	}{{a0, 0xfffffff3}, {a3, 0xf3}, {a4, 0xffff8081}, {a5, 0x8081}, {a6, 0x8081f2f3}, {a7, 0xf2f3f300}, {t0, 0x8081f2f3}} {
		if got := m.X(c.r); got != c.want {
			t.Errorf("x%d = %#x, want %#x", c.r, got, c.want)
		}
	}
	// Exact to the byte: byte 4 and byte 8 were never stored to.
	if r, want := m.Memory().WrittenRanges(), []sim.Range{{Start: dtcm + 0x100, End: dtcm + 0x104}, {Start: dtcm + 0x105, End: dtcm + 0x108}, {Start: dtcm + 0x109, End: dtcm + 0x10d}}; !slices.Equal(r, want) {
		t.Errorf("written ranges %v, want %v", r, want)
	}
}

func TestTraps(t *testing.T) {
	strict := hw(t, "coral")
	strict.Params["misaligned"] = 0
	noF := hw(t, "coral")
	noF.Extensions = []string{"I", "M", "Zicsr"}
	cases := []struct {
		name  string
		hw    string
		lines []string
		kind  sim.TrapKind
		msg   string
	}{
		{"illegal word", "", nil, sim.TrapIllegal, "illegal instruction 0xffffffff"},
		{"load outside", "", []string{"lw a0, 0(zero)"}, sim.TrapAccess, ""}, // ITCM is readable: ok, next traps
		{"store to itcm", "", []string{"sw a0, 0(zero)"}, sim.TrapAccess, "itcm is not writable"},
		{"load unmapped", "", []string{"lui a1, 0x40", "lw a0, 0(a1)"}, sim.TrapAccess, "outside every memory region"},
		{"misaligned strict", "strict", []string{"lui a1, 0x10", "lw a0, 2(a1)"}, sim.TrapMisaligned, "misaligned"},
		{"misaligned jump", "", []string{"addi a1, zero, 6", "jalr zero, 0(a1)"}, sim.TrapMisaligned, "not 4-byte aligned"},
		{"misaligned branch", "", []string{"beq zero, zero, 6"}, sim.TrapMisaligned, "not 4-byte aligned"},
		{"unknown csr", "", []string{"csrrs a0, 0x7ff, zero"}, sim.TrapIllegal, "unknown CSR 0x7ff"},
		{"read-only csr", "", []string{"csrrw a0, cycle, a1"}, sim.TrapIllegal, "read-only"},
		{"disabled ext", "noF", []string{"fadd.s ft0, ft1, ft2, rne"}, sim.TrapIllegal, "extension F is not enabled"},
		{"bad ecall", "", []string{"addi a7, zero, 64", "ecall"}, sim.TrapIllegal, "a7=64"},
		{"fetch from dtcm", "", []string{"lui a1, 0x10", "jalr zero, 0(a1)"}, sim.TrapAccess, "fetch"},
		{"bad rounding mode", "", []string{"csrrwi zero, frm, 5", "fadd.s ft0, ft1, ft2"}, sim.TrapIllegal, "rounding mode"},
	}
	for _, c := range cases {
		h := hw(t, "coral")
		switch c.hw {
		case "strict":
			h = strict
		case "noF":
			h = noF
		}
		words := asm(t, c.lines...)
		if c.lines == nil {
			words = []uint32{0xffffffff}
		}
		if c.name == "load outside" {
			continue
		}
		m := newMachineHW(t, h, Options{}, append(words, 0x08000073))
		halt := m.Run()
		if halt.Kind != sim.HaltTrap {
			t.Errorf("%s: halt %s, want a trap", c.name, halt)
			continue
		}
		if halt.Trap.Kind != c.kind || !strings.Contains(halt.Trap.Msg, c.msg) {
			t.Errorf("%s: trap %v %q, want %v containing %q", c.name, halt.Trap.Kind, halt.Trap.Msg, c.kind, c.msg)
		}
		if halt.ExitStatus() != sim.ExitTrap {
			t.Errorf("%s: exit status %d", c.name, halt.ExitStatus())
		}
	}
}

func TestHalts(t *testing.T) {
	cases := []struct {
		lines []string
		kind  sim.HaltKind
		code  int
		exit  int
	}{
		{[]string{"mpause"}, sim.HaltPause, 0, 0},
		{[]string{"ebreak"}, sim.HaltBreak, 0, sim.ExitBreak},
		{[]string{"addi a0, zero, 3", "addi a7, zero, 93", "ecall"}, sim.HaltExit, 3, 3},
		{[]string{"addi a0, zero, -1", "addi a7, zero, 93", "ecall"}, sim.HaltExit, -1, 255},
		{[]string{"jal zero, 0"}, sim.HaltCycleLimit, 0, sim.ExitCycleLimit},
	}
	for _, c := range cases {
		m := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: 1000}}, asm(t, c.lines...))
		h := m.Run()
		if h.Kind != c.kind || h.Code != c.code || h.ExitStatus() != c.exit {
			t.Errorf("%v: halt %s kind %v code %d exit %d", c.lines, h, h.Kind, h.Code, h.ExitStatus())
		}
		if c.kind == sim.HaltCycleLimit && m.Stats().Cycles != 1000 {
			t.Errorf("cycle limit: cycles = %d, want 1000", m.Stats().Cycles)
		}
	}
}

func TestToHost(t *testing.T) {
	words := asm(t, "lui a1, 0x10", "addi a2, zero, 7", "sw a2, 64(a1)", "mpause")
	img := image(words)
	img.Symbols["tohost"] = dtcm + 64
	m, _ := New(hw(t, "coral"), Options{})
	if err := m.Load(img); err != nil {
		t.Fatal(err)
	}
	h := m.Run()
	if h.Kind != sim.HaltToHost || h.Code != 3 || h.ExitStatus() != 3 {
		t.Fatalf("halt %s", h)
	}
}

func TestCSRs(t *testing.T) {
	m := run(t, func(m *Machine) { m.SetX(a1, 0x1234) },
		"csrrw zero, mscratch, a1",
		"csrrs a0, mscratch, zero",
		"csrrwi zero, mtvec, 16",
		"csrrci a2, mtvec, 16",
		"csrrs a3, mtvec, zero",
		"csrrs a4, misa, zero",
		"csrrs a5, mhartid, zero",
		"csrrs a6, mvendorid, zero",
		"csrrwi zero, fcsr, 0x1f",
		"csrrs a7, frm, zero",
		"csrrs t0, fflags, zero",
		"csrrs t1, vlenb, zero",
		"csrrwi zero, mie, 3", // one bit on Coral
		"csrrs t2, mie, zero",
		"csrrw zero, mstatus, a1", // only MPP on Coral
		"csrrs s0, mstatus, zero",
	)
	want := map[int]uint32{a0: 0x1234, a2: 16, a3: 0, a4: 1<<30 | 1<<8 | 1<<12 | 1<<5 | 1<<21, a5: 0, a6: 0x426, a7: 0, t0: 0x1f, t1: 16, t2: 1, s0: 0x1234 & 0x1800}
	for r, w := range want {
		if got := m.X(r); got != w {
			t.Errorf("x%d = %#x, want %#x", r, got, w)
		}
	}
}

func TestCycleAndInstretCSRs(t *testing.T) {
	m := run(t, nil,
		"addi a1, zero, 1",
		"addi a2, zero, 1",
		"csrrs a0, mcycle, zero", // alone: new cycle 1
		"csrrs a3, minstret, zero",
		"csrrs a4, mcycleh, zero",
	)
	if m.X(a0) != 1 || m.X(a3) != 3 || m.X(a4) != 0 {
		t.Errorf("mcycle %d minstret %d mcycleh %d, want 1 3 0", m.X(a0), m.X(a3), m.X(a4))
	}
}

func TestMret(t *testing.T) {
	m := run(t, nil,
		"addi a1, zero, 16",
		"csrrw zero, mepc, a1",
		"mret",
		"addi a0, zero, 1", // skipped
		"addi a2, zero, 2", // 16
	)
	if m.X(a0) != 0 || m.X(a2) != 2 {
		t.Errorf("mret: a0=%d a2=%d", m.X(a0), m.X(a2))
	}
}

func TestSelfModifyingCode(t *testing.T) {
	h := hw(t, "coral")
	h.Memory[0].Perm = "rwx"
	patch := asm(t, "addi a0, zero, 42")[0]
	words := append(asm(t,
		"lui a1, 0",
		"sw a2, 12(a1)", // overwrite the word at 12
		"fence.i",
		"addi a0, zero, 1", // 12: replaced
	), 0x08000073)
	m := newMachineHW(t, h, Options{}, words)
	m.SetX(a2, patch)
	if halt := m.Run(); halt.Kind != sim.HaltPause {
		t.Fatal(halt)
	}
	if m.X(a0) != 42 {
		t.Fatalf("a0 = %d, want 42 (re-decoded store)", m.X(a0))
	}
}

func TestTrace(t *testing.T) {
	var b strings.Builder
	m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Trace: &b}}, append(asm(t, "addi a0, zero, 5", "add a1, a0, a0"), 0x08000073))
	m.Run()
	want := []string{"addi a0, zero, 5", "a0=0x5", "add a1, a0, a0", "a1=0xa", "mpause"}
	for _, w := range want {
		if !strings.Contains(b.String(), w) {
			t.Errorf("trace lacks %q:\n%s", w, b.String())
		}
	}
}
