package coral_test

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// The programs of testdata/coraltests are equivalents of Coral's own
// exception and ISA test programs (README.md there names each one's
// source in coralnpu and what Coral's harness requires of it). crt.s is
// Coral's start code for the coral config; spike.s the same environment
// for the riscv-tests config, which qemu-system-riscv32 runs too.
const coralTestDir = "testdata/coraltests"

// at is an expected word: the address of a symbol plus off, or off alone
// when sym is ""; with word set, the instruction word stored there.
type at struct {
	sym  string
	off  int64
	word bool
}

func abs(v uint32) at { return at{off: int64(v)} }

// value resolves the expectation against a program and its memory.
func (a at) value(t *testing.T, p *asm.Program, mem *sim.Memory) uint32 {
	t.Helper()
	v := uint64(a.off)
	if a.sym != "" {
		s, ok := lookupSymbol(p, a.sym)
		if !ok {
			t.Fatalf("no symbol %q", a.sym)
		}
		v += s
	}
	if a.word {
		return peek32(t, mem, v)
	}
	return uint32(v)
}

// trapWant is the first trap a program takes.
type trapWant struct {
	cause     uint32
	epc, tval at
	// qemuTval: QEMU 7.2's mtval differs from Coral's on this trap (the
	// choices the spec leaves, TRAPS.md), so only kc-sim's is checked.
	qemuTval bool
}

// wordWant is a data word after the run.
type wordWant struct {
	sym  string
	want uint32
}

// coralTest is one program and the expectations of the Coral test it
// stands for.
type coralTest struct {
	name  string
	halt  sim.HaltKind // HaltPause: mpause with no fault, as Coral's harness requires; HaltBreak: ebreak
	trap  *trapWant    // nil: the program takes no trap
	words []wordWant
	// qemu: the program also runs on qemu-system-riscv32 with these
	// -cpu settings ("" where it cannot: see README.md).
	qemu string
}

// qemuScalarCPU is the qemu core of the trap differential (no C, no D);
// qemuVectorCPU adds V, which QEMU 7.2 has only together with D.
const (
	qemuScalarCPU = "rv32,c=false,d=false"
	qemuVectorCPU = "rv32,c=false,v=true,vlen=128,elen=32,vext_spec=v1.0"
)

var coralTests = []coralTest{
	{name: "illegal", halt: sim.HaltPause, trap: &trapWant{cause: 2, epc: at{sym: "fault"}, tval: abs(0x02007043)}, qemu: qemuScalarCPU},
	// Coral: jalr clears bit 0 of the target and reports it in mtval.
	{name: "instr_align_0", halt: sim.HaltPause, trap: &trapWant{cause: 0, epc: at{sym: "fault"}, tval: abs(2)}, qemu: qemuScalarCPU},
	// Coral: jal reports its target; a branch reports 0 (Bru.scala).
	{name: "instr_align_1", halt: sim.HaltPause, trap: &trapWant{cause: 0, epc: at{sym: "fault"}, tval: at{sym: "fault", off: 2}, qemuTval: true}, qemu: qemuScalarCPU},
	{name: "instr_align_2", halt: sim.HaltPause, trap: &trapWant{cause: 0, epc: at{sym: "fault"}, tval: abs(0), qemuTval: true}, qemu: qemuScalarCPU},
	// A fetch fault: mepc is the address fetched, Coral's mtval 0.
	{name: "instr_fault", halt: sim.HaltPause, trap: &trapWant{cause: 1, epc: abs(0x40000000), tval: abs(0), qemuTval: true}, qemu: qemuScalarCPU},
	{name: "load_fault_0", halt: sim.HaltPause, trap: &trapWant{cause: 1, epc: abs(0x40000000), tval: abs(0), qemuTval: true}, qemu: qemuScalarCPU},
	{name: "load_fault_1", halt: sim.HaltPause, trap: &trapWant{cause: 5, epc: at{sym: "fault"}, tval: abs(0xa0000000)}, qemu: qemuScalarCPU},
	{name: "store_fault_0", halt: sim.HaltPause, trap: &trapWant{cause: 7, epc: at{sym: "fault"}, tval: abs(4)}, qemu: qemuScalarCPU},
	{name: "store_fault_1", halt: sim.HaltPause, trap: &trapWant{cause: 7, epc: at{sym: "fault"}, tval: abs(0xa0000000)}, qemu: qemuScalarCPU},
	// ecall leaves mtval as it was (0 since reset); QEMU writes 0.
	{name: "ecall", halt: sim.HaltPause, trap: &trapWant{cause: 11, epc: at{sym: "fault"}, tval: abs(0)}, words: []wordWant{{"isr_ok", 1}}, qemu: qemuScalarCPU},
	// QEMU 7.2 neither sets mcycle nor carries into mcycleh (README.md).
	{name: "perf_counters", halt: sim.HaltPause, words: []wordWant{{"_ret", 0}}},
	{name: "float_csr_interlock", halt: sim.HaltPause, qemu: qemuScalarCPU},
	// qemu's wfi waits for an interrupt that never comes.
	{name: "wfi_slots", halt: sim.HaltPause, words: []wordWant{{"_ret", 0}}},
	{name: "align", halt: sim.HaltPause, words: []wordWant{{"_ret", 0}}, qemu: qemuScalarCPU},
	// The handler ebreaks; Coral's harness reads faulted and mcause. mtval
	// is the instruction word (kc-sim's rule for illegal instructions).
	{name: "vill", halt: sim.HaltBreak, trap: &trapWant{cause: 2, epc: at{sym: "fault"}, tval: at{sym: "fault", word: true}},
		words: []wordWant{{"faulted", 1}, {"mcause_v", 2}}, qemu: qemuVectorCPU},
}

// TestCoralTests runs each program on kc-sim's coral config and checks
// how it ends, its first trap and its data words against the Coral
// test's expectation; where qemu-system-riscv32 can run it (built for
// the riscv-tests config with spike.s), kc-sim on that config and qemu
// must both pass and agree on the trap (mcause, mepc, and mtval except
// where Coral's choice and QEMU's differ).
func TestCoralTests(t *testing.T) {
	coralHW := hwByName(t, "coral")
	rtHW := hwByName(t, "riscv-tests")
	var qemu string
	dir := t.TempDir()
	for _, c := range coralTests {
		t.Run(c.name, func(t *testing.T) {
			p := assembleFor(t, coralHW, coralSource(t, "crt", c.name))
			m, halt := runCoralTest(t, coralHW, p, nil)
			if halt.Kind != c.halt {
				t.Fatalf("%s, want a %s halt", halt, sim.Halt{Kind: c.halt}.KindName())
			}
			log := trapLog(t, p, m.Memory())
			checkTrap(t, "kc-sim", c.trap, log, p, m.Memory())
			for _, w := range c.words {
				s, ok := lookupSymbol(p, w.sym)
				if !ok {
					t.Fatalf("no symbol %q", w.sym)
				}
				if got := peek32(t, m.Memory(), s); got != w.want {
					t.Errorf("%s = %#x, want %#x", w.sym, got, w.want)
				}
			}
			if c.qemu == "" {
				return
			}
			// The same program on the riscv-tests config, kc-sim and qemu.
			sp := assembleFor(t, rtHW, coralSource(t, "spike", c.name))
			want := 0 // spike.s: exit 0 for mpause, 1 for ebreak
			if c.halt == sim.HaltBreak {
				want = 1
			}
			rh, kout := rvRun(t, sp.ELF())
			if rh.Kind != sim.HaltToHost || rh.ExitStatus() != want {
				t.Fatalf("kc-sim (riscv-tests): %s, want exit status %d\n%s", rh, want, kout)
			}
			klog := parseTrapLine(t, "kc-sim", kout)
			img, err := sim.LoadELF(sp.ELF(), 0)
			if err != nil {
				t.Fatal(err)
			}
			checkTrap(t, "kc-sim (riscv-tests)", c.trap, klog, sp, imageMemory(t, rtHW, img))
			if qemu == "" {
				qemu = requireTool(t, "qemu-system-riscv32")
			}
			path := filepath.Join(dir, c.name+".elf")
			if err := os.WriteFile(path, sp.ELF(), 0o644); err != nil {
				t.Fatal(err)
			}
			status, qout := qemuRunArgs(t, qemu, qemuArgsCPU(c.qemu), path)
			if status != want {
				t.Fatalf("qemu: exit status %d, want %d\n%s", status, want, qout)
			}
			qlog := parseTrapLine(t, "qemu", qout)
			for i, f := range []string{"trap count", "mcause", "mepc", "mtval"} {
				if i == 3 && c.trap != nil && c.trap.qemuTval {
					continue
				}
				if klog[i] != qlog[i] {
					t.Errorf("%s: kc-sim %#x, qemu %#x", f, klog[i], qlog[i])
				}
			}
		})
	}
}

// checkTrap compares a trap log (count, mcause, mepc, mtval) with the
// expectation.
func checkTrap(t *testing.T, who string, want *trapWant, log [4]uint32, p *asm.Program, mem *sim.Memory) {
	t.Helper()
	if want == nil {
		if log[0] != 0 {
			t.Errorf("%s: %d traps (first: mcause %d, mepc %#x, mtval %#x), want none", who, log[0], log[1], log[2], log[3])
		}
		return
	}
	epc, tval := want.epc.value(t, p, mem), want.tval.value(t, p, mem)
	if log[0] != 1 || log[1] != want.cause || log[2] != epc || log[3] != tval {
		t.Errorf("%s: %d traps, the first mcause %d mepc %#x mtval %#x; want 1 trap, mcause %d mepc %#x mtval %#x",
			who, log[0], log[1], log[2], log[3], want.cause, epc, tval)
	}
}

// coralSource is an environment (crt or spike) followed by a program.
func coralSource(t *testing.T, env, name string) string {
	t.Helper()
	var b strings.Builder
	for _, f := range []string{env, name} {
		data, err := os.ReadFile(filepath.Join(coralTestDir, f+".s"))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	return b.String()
}

func hwByName(t *testing.T, name string) *isadefs.HW {
	t.Helper()
	hw, err := isadefs.HWByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return hw
}

func lookupSymbol(p *asm.Program, name string) (uint64, bool) {
	for _, s := range p.Symbols {
		if s.Name == name {
			return s.Value, true
		}
	}
	return 0, false
}

func peek32(t *testing.T, mem *sim.Memory, addr uint64) uint32 {
	t.Helper()
	b, err := mem.Peek(addr, 4)
	if err != nil {
		t.Fatalf("reading %#x: %v", addr, err)
	}
	return binary.LittleEndian.Uint32(b)
}

// runCoralTest runs p on hw; setup, if set, writes the program's inputs
// into memory first, as Coral's harness does before execute_from.
func runCoralTest(t *testing.T, hw *isadefs.HW, p *asm.Program, setup func(mem *sim.Memory)) (sim.Core, sim.Halt) {
	t.Helper()
	target, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	img, err := target.LoadProgram(hw, p.ELF())
	if err != nil {
		t.Fatal(err)
	}
	core, err := target.New(hw, sim.CoreOptions{MaxCycles: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := core.Load(img); err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(core.Memory())
	}
	return core, core.Run()
}

// imageMemory is the memory of hw with img loaded: the instruction words
// an expectation names.
func imageMemory(t *testing.T, hw *isadefs.HW, img *sim.Image) *sim.Memory {
	t.Helper()
	target, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		t.Fatal(err)
	}
	core, err := target.New(hw, sim.CoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := core.Load(img); err != nil {
		t.Fatal(err)
	}
	return core.Memory()
}

// trapLog reads trap_count and trap_log (mcause, mepc, mtval).
func trapLog(t *testing.T, p *asm.Program, mem *sim.Memory) [4]uint32 {
	t.Helper()
	s, ok := lookupSymbol(p, "trap_count")
	if !ok {
		t.Fatal("no trap_count")
	}
	var log [4]uint32
	for i := range log {
		log[i] = peek32(t, mem, s+uint64(4*i))
	}
	return log
}

// parseTrapLine reads spike.s's "T count mcause mepc mtval" line.
func parseTrapLine(t *testing.T, who, out string) [4]uint32 {
	t.Helper()
	var log [4]uint32
	for _, line := range strings.Split(out, "\n") {
		if n, _ := fmt.Sscanf(line, "T %x %x %x %x", &log[0], &log[1], &log[2], &log[3]); n == 4 {
			return log
		}
	}
	t.Fatalf("%s printed no trap line: %q", who, out)
	return log
}

// qemuArgsCPU are the qemu-system arguments with another -cpu.
func qemuArgsCPU(cpu string) []string {
	args := append([]string(nil), qemuSystemArgs...)
	for i := range args {
		if args[i] == "-cpu" {
			args[i+1] = cpu
		}
	}
	return args
}

// The vector test programs Coral's harness runs once per configuration,
// writing the configuration into the program's data first (sews and
// lmuls as rvv_assembly_cocotb_test.py lists them).
var (
	coralSEWs  = []uint32{0, 1, 2}
	coralLMULs = []uint32{4, 5, 6, 7, 0, 1, 2, 3}
)

// coralIllegalVtype is Coral's harness's rule (_illegal_vtype).
func coralIllegalVtype(sew, lmul uint32) bool {
	switch {
	case sew > 2, lmul == 4, lmul == 5:
		return true
	case sew != 0 && lmul == 6:
		return true
	case sew == 2 && lmul == 7:
		return true
	}
	return false
}

// writeParams writes words at the program's params symbol.
func writeParams(t *testing.T, p *asm.Program, mem *sim.Memory, words ...uint32) {
	t.Helper()
	s, ok := lookupSymbol(p, "params")
	if !ok {
		t.Fatal("no params")
	}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	if err := mem.Load(s, b); err != nil {
		t.Fatal(err)
	}
}

// TestCoralVstartNonzero: each of the seven mask and permutation
// instructions Coral's test_vstart_not_zero_failure covers, under every
// vma, vta, sew and lmul, with vl 4 and vstart 1, traps with mcause 2 to
// the handler, which records faulted and mcause and ebreaks.
func TestCoralVstartNonzero(t *testing.T) {
	hw := hwByName(t, "coral")
	p := assembleFor(t, hw, coralSource(t, "crt", "vstart_nonzero"))
	ops := []string{"vcpop.m", "vfirst.m", "viota.m", "vcompress.vm", "vmsbf.m", "vmsif.m", "vmsof.m"}
	runs := 0
	for which, op := range ops {
		for ma := uint32(0); ma < 2; ma++ {
			for ta := uint32(0); ta < 2; ta++ {
				for _, sew := range coralSEWs {
					for _, lmul := range coralLMULs {
						core, halt := runCoralTest(t, hw, p, func(mem *sim.Memory) {
							writeParams(t, p, mem, ma, ta, sew, lmul, 4, 1, uint32(which))
						})
						runs++
						faulted := wordAt(t, p, core.Memory(), "faulted")
						mcause := wordAt(t, p, core.Memory(), "mcause_v")
						if halt.Kind != sim.HaltBreak || faulted != 1 || mcause != 2 {
							t.Errorf("%s ma=%d ta=%d sew=%d lmul=%d: %s, faulted %d, mcause %d; want the handler's ebreak, faulted 1, mcause 2",
								op, ma, ta, sew, lmul, halt, faulted, mcause)
						}
					}
				}
			}
		}
	}
	// The same program with vstart 0 and a legal vtype does not trap.
	core, halt := runCoralTest(t, hw, p, func(mem *sim.Memory) { writeParams(t, p, mem, 0, 0, 0, 0, 4, 0, 0) })
	if halt.Kind != sim.HaltPause || wordAt(t, p, core.Memory(), "faulted") != 0 {
		t.Errorf("vcpop.m with vstart 0: %s, want mpause and no fault", halt)
	}
	if runs != 7*2*2*3*8 {
		t.Fatalf("%d runs", runs)
	}
}

func wordAt(t *testing.T, p *asm.Program, mem *sim.Memory, sym string) uint32 {
	t.Helper()
	s, ok := lookupSymbol(p, sym)
	if !ok {
		t.Fatalf("no symbol %q", sym)
	}
	return peek32(t, mem, s)
}

// TestCoralVcsr is Coral's core_mini_vcsr_test and core_mini_vl_test on
// vcsr.s: vtype.vill is set exactly for the vtypes Coral's harness calls
// illegal, and then vma, vta, sew and lmul read back as written (Coral's
// vtype register, RvvFrontEnd.sv); vl saturates at VLMAX.
func TestCoralVcsr(t *testing.T) {
	hw := hwByName(t, "coral")
	p := assembleFor(t, hw, coralSource(t, "crt", "vcsr"))
	run := func(ma, ta, sew, lmul, avl uint32) (vl, vtype uint32) {
		core, halt := runCoralTest(t, hw, p, func(mem *sim.Memory) { writeParams(t, p, mem, ma, ta, sew, lmul, avl) })
		if halt.Kind != sim.HaltPause {
			t.Fatalf("ma=%d ta=%d sew=%d lmul=%d: %s", ma, ta, sew, lmul, halt)
		}
		s, _ := lookupSymbol(p, "params")
		return peek32(t, core.Memory(), s+20), peek32(t, core.Memory(), s+24)
	}
	for ma := uint32(0); ma < 2; ma++ {
		for ta := uint32(0); ta < 2; ta++ {
			for _, sew := range coralSEWs {
				for _, lmul := range coralLMULs {
					_, vtype := run(ma, ta, sew, lmul, 1)
					illegal := coralIllegalVtype(sew, lmul)
					if vtype>>31 == 1 != illegal {
						t.Errorf("ma=%d ta=%d sew=%d lmul=%d: vtype %#x, want vill %v", ma, ta, sew, lmul, vtype, illegal)
					}
					if illegal && (vtype>>7&1 != ma || vtype>>6&1 != ta || vtype>>3&7 != sew || vtype&7 != lmul) {
						t.Errorf("ma=%d ta=%d sew=%d lmul=%d: vtype %#x, want its fields as written", ma, ta, sew, lmul, vtype)
					}
				}
			}
		}
	}
	for _, c := range []struct{ sew, lmul, vlmax uint32 }{
		{0, 6, 4}, {0, 7, 8}, {0, 0, 16}, {0, 1, 32}, {0, 2, 64}, {0, 3, 128},
		{1, 7, 4}, {1, 0, 8}, {1, 1, 16}, {1, 2, 32}, {1, 3, 64},
		{2, 0, 4}, {2, 1, 8}, {2, 2, 16}, {2, 3, 32},
	} {
		for _, avl := range []uint32{c.vlmax + 1, c.vlmax, c.vlmax - 1} {
			if vl, _ := run(0, 0, c.sew, c.lmul, avl); vl != min(avl, c.vlmax) {
				t.Errorf("sew=%d lmul=%d avl=%d: vl %d, want %d", c.sew, c.lmul, avl, vl, min(avl, c.vlmax))
			}
		}
	}
}

// TestCoralVstartStore is Coral's core_mini_vstart_store: random input
// bytes, a zeroed output, vse8 with vstart 4 leaves bytes 0-3 zero and
// stores 4-15.
func TestCoralVstartStore(t *testing.T) {
	hw := hwByName(t, "coral")
	p := assembleFor(t, hw, coralSource(t, "crt", "vstart_store"))
	in, _ := lookupSymbol(p, "input_data")
	out, _ := lookupSymbol(p, "output_data")
	rng := rand.New(rand.NewSource(20))
	for range 8 {
		data := make([]byte, 16)
		rng.Read(data)
		core, halt := runCoralTest(t, hw, p, func(mem *sim.Memory) {
			if err := mem.Load(in, data); err != nil {
				t.Fatal(err)
			}
			if err := mem.Load(out, make([]byte, 16)); err != nil {
				t.Fatal(err)
			}
		})
		if halt.Kind != sim.HaltPause {
			t.Fatalf("%s", halt)
		}
		got, err := core.Memory().Peek(out, 16)
		if err != nil {
			t.Fatal(err)
		}
		want := append(make([]byte, 4), data[4:]...)
		if string(got) != string(want) {
			t.Errorf("output % x, want % x", got, want)
		}
	}
}
