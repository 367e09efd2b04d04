package coral

import (
	"bufio"
	"fmt"
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// dispatchCycles runs lines (+ mpause) and returns each retired
// instruction's dispatch cycle (from the trace) and the total cycle count.
func dispatchCycles(t *testing.T, setup func(*Machine), lines ...string) ([]int64, uint64, *Machine) {
	t.Helper()
	var b strings.Builder
	m := newMachine(t, Options{CoreOptions: sim.CoreOptions{Trace: &b}}, append(asm(t, lines...), 0x08000073))
	if setup != nil {
		setup(m)
	}
	if h := m.Run(); h.Kind != sim.HaltPause {
		t.Fatalf("halt %s", h)
	}
	var cyc []int64
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		c, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		cyc = append(cyc, c)
	}
	return cyc, m.Stats().Cycles, m
}

func TestTimingHandComputed(t *testing.T) {
	setup := func(m *Machine) { m.SetX(a1, dtcm); m.SetX(a2, 3); m.SetX(t0, 2) }
	cases := []struct {
		name   string
		lines  []string
		want   []int64 // dispatch cycle of each instruction, mpause last
		cycles uint64
		stalls map[string]uint64
	}{
		{"4-wide independent ALU", []string{"addi a0, zero, 1", "addi a3, zero, 2", "addi a4, zero, 3", "addi a5, zero, 4", "addi a6, zero, 5"},
			// mpause: alone, starts a fresh cycle; everything done by then
			[]int64{0, 0, 0, 0, 1, 2}, 3, nil},
		{"RAW chain", []string{"addi a0, zero, 1", "addi a0, a0, 1", "addi a0, a0, 1"},
			[]int64{0, 1, 2, 3}, 4, map[string]uint64{"raw": 2, "serialize": 1}},
		{"load-use", []string{"lw a0, 0(a1)", "addi a3, a0, 1"},
			[]int64{0, 2, 3}, 4, map[string]uint64{"raw": 2}},
		{"WAW load then ALU", []string{"lw a0, 0(a1)", "addi a0, zero, 1"},
			[]int64{0, 1, 2}, 3, map[string]uint64{"waw": 1}},
		{"one mul per cycle", []string{"mul a0, a1, a2", "addi a3, zero, 1", "mul a4, a1, a2", "mul a5, a1, a2"},
			// mul results ready at 2 + 1: mpause waits (drain)
			[]int64{0, 0, 1, 2, 4}, 5, map[string]uint64{"struct-mul": 2}},
		{"one memory op per cycle", []string{"lw a0, 0(a1)", "sw a2, 4(a1)", "addi a3, zero, 1", "lw a4, 8(a1)"},
			[]int64{0, 1, 1, 2, 4}, 5, map[string]uint64{"struct-mem": 2}},
		{"div is iterative", []string{"div a0, a2, t0", "addi a3, zero, 1", "div a4, a2, t0"},
			[]int64{0, 0, 33, 66}, 67, map[string]uint64{"div-busy": 33}},
		{"alone CSR op", []string{"addi a0, zero, 1", "csrrs a3, mscratch, zero", "addi a4, zero, 1", "addi a5, zero, 1"},
			[]int64{0, 1, 2, 2, 3}, 4, nil},
		{"jal: nothing after it in its cycle", []string{"jal zero, 8", "addi a0, zero, 1", "addi a3, zero, 1", "addi a4, zero, 1"},
			[]int64{0, 1, 1, 2}, 3, nil},
		{"jalr pays the penalty", []string{"auipc t1, 0", "jalr zero, 12(t1)", "addi a0, zero, 1", "addi a3, zero, 1"},
			[]int64{0, 1, 3, 4}, 5, map[string]uint64{"branch-mispredict": 1}},
		{"forward taken branch mispredicts", []string{"beq zero, zero, 8", "addi a0, zero, 1", "addi a3, zero, 1"},
			[]int64{0, 2, 3}, 4, map[string]uint64{"branch-mispredict": 1}},
		{"forward not-taken branch is free", []string{"bne zero, zero, 8", "addi a0, zero, 1", "addi a3, zero, 1"},
			[]int64{0, 0, 0, 1}, 2, nil},
		{"backward loop: taken predicted, exit mispredicts", []string{"addi t0, t0, -1", "bne t0, zero, -4"},
			// t0=2: addi 0, bne 1 (taken, predicted), addi 2, bne 3 (not taken: mispredict)
			[]int64{0, 1, 2, 3, 5}, 6, map[string]uint64{"branch-mispredict": 1}},
		{"fdiv is iterative, fadd pipelined", []string{"fdiv.s ft0, ft1, ft2, rne", "fadd.s ft3, ft1, ft2, rne", "fadd.s ft4, ft1, ft2, rne", "fdiv.s ft5, ft1, ft2, rne"},
			// F ops dispatch alone (Coral's decoder); fdiv 10, fpu 3
			[]int64{0, 1, 2, 10, 20}, 21, nil},
	}
	for _, c := range cases {
		got, cycles, m := dispatchCycles(t, setup, c.lines...)
		if !reflect.DeepEqual(got, c.want) || cycles != c.cycles {
			t.Errorf("%s: dispatch %v cycles %d, want %v cycles %d", c.name, got, cycles, c.want, c.cycles)
		}
		st := m.Stats()
		for name, want := range c.stalls {
			i := indexOf(st.StallNames, name)
			if i < 0 || st.StallCycles[i] != want {
				t.Errorf("%s: stall %s = %v, want %d (all: %v)", c.name, name, st.StallCycles, want, st.StallNames)
			}
		}
	}
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// randomProgram builds straight-line code with a few counted loops, loads
// and stores into DTCM, multiplies, divides, CSR reads and forward
// branches, ending in mpause.
func randomProgram(t testing.TB, r *rand.Rand) []uint32 {
	regs := []string{"a0", "a2", "a3", "a4", "a5", "t1", "t2", "s0", "s1"}
	reg := func() string { return regs[r.Intn(len(regs))] }
	var lines []string
	lines = append(lines, "lui a1, 0x10", "vsetvli t3, zero, 0xc0") // a1 = DTCM base
	emit := func(n int) {
		for i := 0; i < n; i++ {
			switch r.Intn(16) {
			case 0, 1, 2:
				lines = append(lines, fmt.Sprintf("addi %s, %s, %d", reg(), reg(), r.Intn(200)-100))
			case 3:
				lines = append(lines, fmt.Sprintf("add %s, %s, %s", reg(), reg(), reg()))
			case 4:
				lines = append(lines, fmt.Sprintf("mul %s, %s, %s", reg(), reg(), reg()))
			case 5:
				lines = append(lines, fmt.Sprintf("divu %s, %s, %s", reg(), reg(), reg()))
			case 6, 7:
				lines = append(lines, fmt.Sprintf("lw %s, %d(a1)", reg(), 4*r.Intn(64)))
			case 8:
				lines = append(lines, fmt.Sprintf("sw %s, %d(a1)", reg(), 4*r.Intn(64)))
			case 9:
				lines = append(lines, fmt.Sprintf("lbu %s, %d(a1)", reg(), r.Intn(256)))
			case 10:
				lines = append(lines, fmt.Sprintf("bltu %s, %s, 8", reg(), reg()), fmt.Sprintf("xor %s, %s, %s", reg(), reg(), reg()))
			case 11:
				lines = append(lines, fmt.Sprintf("csrrs %s, mcycle, zero", reg()))
			case 12:
				lines = append(lines, fmt.Sprintf("fcvt.s.w ft%d, %s", r.Intn(4), reg()), fmt.Sprintf("fmadd.s ft%d, ft0, ft1, ft2", r.Intn(4)))
			case 13:
				lines = append(lines, fmt.Sprintf("cpop %s, %s", reg(), reg()))
			case 14:
				// e8/e16 with m1/m2/m4, ta, ma: groups at v8, v16, v24 stay aligned.
				vt := 0xc0 | r.Intn(2)<<3 | r.Intn(3)
				lines = append(lines, fmt.Sprintf("vsetvli t3, %s, %#x", reg(), vt),
					"vle8.v v8, (a1)", "vadd.vv v24, v8, v8")
			case 15:
				ops := []string{"vwmacc.vv v16, v8, v24", "vmul.vv v24, v8, v24", "vredsum.vs v16, v8, v24",
					"vse8.v v24, (a1)", "vmv.x.s " + reg() + ", v24", "vslidedown.vi v24, v8, 3", "vlse8.v v8, (a1), t3"}
				lines = append(lines, ops[r.Intn(len(ops))])
			}
		}
	}
	for blocks := 1 + r.Intn(4); blocks > 0; blocks-- {
		emit(r.Intn(12))
		// A counted loop on t0 with a body of k instructions.
		k := 1 + r.Intn(6)
		lines = append(lines, fmt.Sprintf("addi t0, zero, %d", 1+r.Intn(5)))
		emit(k)
		lines = append(lines, "addi t0, t0, -1", fmt.Sprintf("bne t0, zero, %d", -4*(k+1)))
	}
	return append(asm(t, lines...), 0x08000073)
}

// TestRunMatchesStep: the fast core and the reference stepper agree on
// every register, on memory and on every counter.
func TestRunMatchesStep(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	n := 300
	if testing.Short() {
		n = 50
	}
	for i := 0; i < n; i++ {
		words := randomProgram(t, r)
		fast := newMachine(t, Options{}, words)
		ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{Reference: true}}, words)
		hf, hr := fast.Run(), ref.Run()
		if hf.Kind != hr.Kind || hf.Kind != sim.HaltPause {
			t.Fatalf("program %d: halts %s / %s", i, hf, hr)
		}
		if d := diffMachines(fast, ref); d != "" {
			t.Fatalf("program %d: fast vs reference: %s", i, d)
		}
	}
}

// TestCycleLimitExact: the run stops before the first instruction that
// would dispatch at the limit, identically in both cores.
func TestCycleLimitExact(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for i := 0; i < 50; i++ {
		words := randomProgram(t, r)
		full := newMachine(t, Options{}, words)
		full.Run()
		total := int64(full.Stats().Cycles)
		limit := 1 + r.Int63n(max(1, total))
		fast := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit}}, words)
		ref := newMachine(t, Options{CoreOptions: sim.CoreOptions{MaxCycles: limit, Reference: true}}, words)
		hf, hr := fast.Run(), ref.Run()
		if hf.Kind != hr.Kind || hf.PC != hr.PC || fast.Stats().Instructions != ref.Stats().Instructions {
			t.Fatalf("program %d limit %d: fast %s (%d insts), ref %s (%d insts)", i, limit, hf, fast.Stats().Instructions, hr, ref.Stats().Instructions)
		}
		if hf.Kind == sim.HaltCycleLimit && fast.Stats().Cycles != uint64(limit) {
			t.Fatalf("cycles %d at limit %d", fast.Stats().Cycles, limit)
		}
	}
}
