package coral

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
)

// diffMachines describes how two machines that ran the same program
// differ: what simtest.Diff sees through sim.Core (halt, stats, registers,
// memory), then the f registers, CSRs and vector state. It returns "" when
// they agree.
func diffMachines(a, b *Machine) string {
	if d := simtest.Diff(a, b); d != "" {
		return d
	}
	return diffState(a, b)
}

// diffState compares the state DumpRegs does not show (simtest's Extra).
func diffState(a, b *Machine) string {
	if a.x != b.x || a.f != b.f || a.pc != b.pc {
		return fmt.Sprintf("registers: pc %#x/%#x x %v / %v f %v / %v", a.pc, b.pc, a.x, b.x, a.f, b.f)
	}
	if a.csr != b.csr || !a.v.sameAs(&b.v) {
		return "CSRs or vector state differ"
	}
	return ""
}

// harness is simtest's harness for coral machines (-stop-flag: every
// run polls a stop flag, as newMachine's do).
var harness = simtest.Harness{
	New: func(hw *isadefs.HW, o sim.CoreOptions) (sim.Core, error) {
		if *withStopFlag && o.Stop == nil {
			o.Stop = new(atomic.Bool)
		}
		return New(hw, Options{CoreOptions: o})
	},
	Extra: func(fast, ref sim.Core) string { return diffState(fast.(*Machine), ref.(*Machine)) },
}

// loopProgram builds a random program of nested counted loops whose bodies
// mix ALU, multiply, divide, loads and stores (some misaligned), forward
// branches on data, calls and returns (jal/jalr), mcycle reads, F ops and
// vector instructions: blocks are entered again and again in different
// scoreboard states. Labels "@name" in branch operands are resolved to
// byte offsets.
func loopProgram(t testing.TB, r *rand.Rand) []uint32 {
	regs := []string{"a0", "a2", "a3", "a4", "a5", "t1", "t2", "s0", "a6"}
	reg := func() string { return regs[r.Intn(len(regs))] }
	var lines []string
	labels := map[string]int{}
	label := func(name string) { labels[name] = len(lines) }
	nlab := 0
	newLabel := func() string { nlab++; return fmt.Sprintf("L%d", nlab) }
	lines = append(lines, "lui a1, 0x10", "vsetvli t3, zero, 0xc0", "addi a7, zero, 7")
	vecOK := r.Intn(2) == 0
	var body func(n int, depth int)
	body = func(n int, depth int) {
		for i := 0; i < n; i++ {
			switch k := r.Intn(26); {
			case k < 5:
				lines = append(lines, fmt.Sprintf("addi %s, %s, %d", reg(), reg(), r.Intn(200)-100))
			case k < 7:
				ops := []string{"add", "sub", "xor", "or", "and", "sll", "srl", "sra", "slt", "sltu", "mul", "mulh", "max", "minu", "rol"}
				lines = append(lines, fmt.Sprintf("%s %s, %s, %s", ops[r.Intn(len(ops))], reg(), reg(), reg()))
			case k < 8:
				ops := []string{"divu", "rem", "div", "remu"}
				lines = append(lines, fmt.Sprintf("%s %s, %s, %s", ops[r.Intn(len(ops))], reg(), reg(), reg()))
			case k < 11:
				ops := []string{"lw", "lh", "lhu", "lb", "lbu"}
				lines = append(lines, fmt.Sprintf("%s %s, %d(a1)", ops[r.Intn(len(ops))], reg(), r.Intn(256)))
			case k < 13:
				ops := []string{"sw", "sh", "sb"}
				lines = append(lines, fmt.Sprintf("%s %s, %d(a1)", ops[r.Intn(len(ops))], reg(), r.Intn(256)))
			case k < 14:
				l := newLabel()
				lines = append(lines, fmt.Sprintf("bltu %s, %s, @%s", reg(), reg(), l))
				body(1+r.Intn(2), depth+1)
				label(l)
			case k < 15:
				l := newLabel()
				lines = append(lines, "jal zero, @"+l, fmt.Sprintf("addi %s, zero, 1", reg()))
				label(l)
			case k < 16:
				lines = append(lines, "jal ra, @fn")
			case k < 17:
				lines = append(lines, fmt.Sprintf("csrrs %s, mcycle, zero", reg()))
			case k < 18:
				lines = append(lines, fmt.Sprintf("fcvt.s.w ft%d, %s", r.Intn(4), reg()), fmt.Sprintf("fmul.s ft%d, ft0, ft1", r.Intn(4)),
					fmt.Sprintf("fsw ft%d, %d(a1)", r.Intn(4), 4*r.Intn(32)), fmt.Sprintf("flw ft%d, %d(a1)", r.Intn(4), 4*r.Intn(32)))
			case k < 20 && depth < 2:
				// A nested counted loop on its own counter.
				cnt := []string{"t0", "t4", "s1"}[depth]
				l := newLabel()
				lines = append(lines, fmt.Sprintf("addi %s, zero, %d", cnt, 1+r.Intn(6)))
				label(l)
				body(1+r.Intn(8), depth+1)
				lines = append(lines, fmt.Sprintf("addi %s, %s, -1", cnt, cnt), fmt.Sprintf("bne %s, zero, @%s", cnt, l))
			case k < 22 && vecOK:
				ops := []string{"vle8.v v8, (a1)", "vadd.vv v24, v8, v8", "vmul.vv v24, v8, v24", "vse8.v v24, (a1)",
					"vmv.x.s " + reg() + ", v24", "vredsum.vs v16, v8, v24", "vwmacc.vv v16, v8, v24",
					// Whole-register and mask memory ops, .vx/.vi and masked
					// forms, fixed-point with vxrm, other vtypes and a
					// partial vl (a7 = 7): the vector plans' cases.
					"vl1re8.v v8, (a1)", "vs1r.v v24, (a1)", "vlm.v v0, (a1)", "vsm.v v24, (a1)", "vle16.v v8, (a1)",
					"vmacc.vx v24, " + reg() + ", v8", "vnclip.wi v10, v24, 3", "vsadd.vv v24, v24, v8",
					"vmseq.vv v2, v8, v24", "vsetvli t3, a7, 0xc9", "vsetvli t3, zero, 0xc0", "vsetvli t3, a7, 0xc1", "csrrwi zero, vxrm, 2",
					"vsetvli zero, " + reg() + ", 0xc0", "vsetvli " + reg() + ", a7, 0xc1", "vsetivli zero, 5, 0xc8",
					// Units that are not one pipelined slot per register:
					// the iterative divider, slides, gathers, compress and
					// widening reductions on the PMTRDT unit.
					"vdivu.vv v24, v8, v24", "vrem.vx v24, v8, " + reg(), "vrgather.vv v16, v8, v24", "vslidedown.vi v16, v8, 3",
					"vslideup.vx v16, v8, " + reg(), "vcompress.vm v16, v8, v24", "vwredsum.vs v16, v8, v24"}
				lines = append(lines, ops[r.Intn(len(ops))])
			case k < 25:
				// Blocks that start in an open dispatch group with a
				// multiply or a memory access in it.
				lines = append(lines, fmt.Sprintf("mul %s, %s, %s", reg(), reg(), reg()), fmt.Sprintf("sw %s, %d(a1)", reg(), 4*r.Intn(8)), "bne zero, zero, 8",
					fmt.Sprintf("mul %s, %s, %s", reg(), reg(), reg()), fmt.Sprintf("lw %s, %d(a1)", reg(), 4*r.Intn(8)))
			default:
				lines = append(lines, "fence 15, 15")
			}
		}
	}
	body(4+r.Intn(10), 0)
	lines = append(lines, "mpause")
	label("fn")
	lines = append(lines, fmt.Sprintf("addi %s, %s, 3", reg(), reg()), fmt.Sprintf("lw %s, 8(a1)", reg()), "jalr zero, 0(ra)")
	for i, l := range lines {
		if at := strings.Index(l, "@"); at >= 0 {
			to, ok := labels[l[at+1:]]
			if !ok {
				t.Fatalf("no label %s", l[at+1:])
			}
			lines[i] = l[:at] + strconv.Itoa(4*(to-i))
		}
	}
	return asm(t, lines...)
}

// TestBlocksMatchStep holds the block engine to the reference stepper on
// random looping programs: everything must agree, at the end and at cycle
// limits that stop the run anywhere (within blocks too).
func TestBlocksMatchStep(t *testing.T) {
	r := rand.New(rand.NewSource(10))
	n := 400
	if testing.Short() {
		n = 80
	}
	states := 0
	defer func() {
		if states < n {
			t.Errorf("%d states interned over %d programs: the block engine hardly ran", states, n)
		}
	}()
	h := harness
	h.Cuts = 3
	for i := 0; i < n; i++ {
		fast := checkLoopProgram(t, h, r, fmt.Sprint("loop program ", i))
		states += len(fast.blk.states)
	}
}

// checkLoopProgram runs a random looping program (loopProgram, with
// random values in the registers it reads) through h, failing the test on
// any difference from the reference stepper; it returns the fast run.
func checkLoopProgram(t *testing.T, h simtest.Harness, r *rand.Rand, name string) *Machine {
	t.Helper()
	words := loopProgram(t, r)
	var init [9]uint32
	for j := range init {
		init[j] = uint32(r.Int63()) >> uint(j*3)
	}
	d, fast, err := h.Check(simtest.Program{Name: name, HW: hw(t, "coral"), Image: image(words),
		Setup: func(c sim.Core) error {
			for j, reg := range []int{a0, a2, a3, a4, a5, t1, t2, s0, a6} {
				c.(*Machine).SetX(reg, init[j])
			}
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if d != "" {
		t.Fatalf("%s: %s", name, d)
	}
	return fast.(*Machine)
}

// TestBlocksStates: the scalar loop runs in state mode from a handful of
// interned states, whatever the iteration count.
func TestBlocksStates(t *testing.T) {
	for _, iters := range []uint32{100, 10000} {
		m := newMachine(t, Options{}, append(asm(t, scalarLoop...), 0x08000073))
		m.SetX(t0, iters)
		m.Run()
		edges := 0
		for _, b := range m.code[0].blocks {
			if b != nil && b != noBlock {
				edges += len(b.edges)
			}
		}
		if n := len(m.blk.states); n == 0 || n > 8 || edges > 8 {
			t.Errorf("%d iterations: %d states, %d edges", iters, n, edges)
		}
	}
}

// TestBlocksSameAsPerInstruction: Run with and without the block engine
// agree on the scalar loop and the random programs of TestRunMatchesStep.
func TestBlocksSameAsPerInstruction(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	progs := [][]uint32{append(asm(t, scalarLoop...), 0x08000073), asm(t, branchyLoop...)}
	for i := 0; i < 100; i++ {
		progs = append(progs, randomProgram(t, r))
	}
	for i, words := range progs {
		a := newMachine(t, Options{}, words)
		b := newMachine(t, Options{}, words)
		b.noBlocks = true
		a.SetX(t0, 1000)
		b.SetX(t0, 1000)
		a.Run()
		b.Run()
		if d := diffMachines(a, b); d != "" {
			t.Fatalf("program %d: blocks vs per-instruction: %s", i, d)
		}
		if i < 2 {
			ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true}}, words)
			ref.SetX(t0, 1000)
			ref.Run()
			if d := diffMachines(a, ref); d != "" {
				t.Fatalf("program %d: blocks vs reference: %s", i, d)
			}
		}
	}
}

// TestBlocksTraps: a trap inside a block (an out-of-range load, a
// misaligned jalr target, a store to tohost) stops the run exactly as the
// reference stepper does.
func TestBlocksTraps(t *testing.T) {
	cases := [][]string{
		{"addi t0, zero, 50", "addi a0, a0, 4", "lw a2, 0(a0)", "addi t0, t0, -1", "bne t0, zero, -12"},
		{"addi t0, zero, 5", "addi a0, a0, 1", "mul a2, a0, a0", "addi t0, t0, -1", "bne t0, zero, -12", "addi a3, zero, 6", "jalr zero, 0(a3)"},
		{"addi t0, zero, 20", "sh a2, 0(a0)", "addi a0, a0, 1", "addi t0, t0, -1", "bne t0, zero, -12", "sw a2, -4(zero)"},
		{"lui a1, 0x10", "addi a2, zero, 5", "addi t0, zero, 20", "addi t0, t0, -1", "sw t0, 256(a1)", "sw a2, 256(a1)", "bne t0, zero, -12"},
		{"addi t0, zero, 9", "csrrwi zero, frm, 7", "fadd.s ft0, ft1, ft2, dyn", "addi t0, t0, -1", "bne t0, zero, -12"},
	}
	for i, lines := range cases {
		words := append(asm(t, lines...), 0x08000073)
		ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true}}, words)
		fast := newMachine(t, Options{}, words)
		for _, m := range []*Machine{ref, fast} {
			m.SetX(a0, dtcm+dtcmSize-128)
			m.SetX(a2, 0x1235)
			m.tohost, m.hasTohost = dtcm+256, true
		}
		ref.Run()
		fast.Run()
		if d := diffMachines(fast, ref); d != "" {
			t.Fatalf("case %d: %s", i, d)
		}
		if h, _ := fast.Halted(); h.Kind != sim.HaltTrap && h.Kind != sim.HaltToHost {
			t.Errorf("case %d: halt %s, want a trap", i, h)
		}
	}
}

const dtcmSize = 32 << 10

// TestBlocksLoopLimit: a loop repeated inside execBlock stops exactly at
// every cycle limit, as the reference stepper does.
func TestBlocksLoopLimit(t *testing.T) {
	words := append(asm(t, scalarLoop...), 0x08000073)
	for limit := int64(1); limit < 2100; limit += 13 {
		ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true, MaxCycles: limit}}, words)
		fast := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit}}, words)
		ref.SetX(t0, 200)
		fast.SetX(t0, 200)
		ref.Run()
		fast.Run()
		if d := diffMachines(fast, ref); d != "" {
			t.Fatalf("limit %d: %s", limit, d)
		}
	}
}
