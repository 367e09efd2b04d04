package simbench

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral" // the coral assembler back end
	"kernelcraft/baseline"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/judge"
	"kernelcraft/ref"
	"kernelcraft/sim"
	"kernelcraft/sim/mx"
	"kernelcraft/sim/plena"
)

// Default amounts of work (scale 1), chosen so each run takes ~0.5-1 s on
// a Zen 5 core on the default engine (mixed: the size of issue 32's loop).
const (
	scalarIters = 20_000_000 // 240 M instructions
	mixedPasses = 467_000    // 599.6 M instructions (1,284 a pass)
	vectorIters = 1_000_000  // 10 M instructions, 512 M vector elements
)

// The mixed workload's structure (workloads/mixed.s): passes over a
// mixedWords-word array, mixedBody instructions per word, plus the outer
// loop's own per pass, and the set-up and exit once (TestMixedStructure
// counts them in the source).
const (
	mixedWords    = 64
	mixedBody     = 20 // 2 loads, 3 multiplies, 10 ALU, 2 stores, 3 loop
	mixedPassHead = 2  // mv a0, s1; li a1, 64
	mixedPassTail = 2  // addi s0, s0, -1; bnez s0, outer
	mixedSetUp    = 6  // three lui/addi pairs
	mixedExit     = 3  // li a7, 93; li a0, 0; ecall
)

// mixedInstructions is the mixed workload's dynamic instruction count at
// a number of passes.
func mixedInstructions(passes int) uint64 {
	return uint64(mixedSetUp + passes*(mixedPassHead+mixedWords*mixedBody+mixedPassTail) + mixedExit)
}

// baselineReps is how many times each of a task's 5 configurations'
// visible case runs.
var baselineReps = map[string]int{"gemm": 2, "softmax": 100}

// plenaReps is how many times each plena workload's program runs.
var plenaReps = map[string]int{"plena-linear": 100, "plena-attention": 100}

// aie2GemmReps is how many times the aie2 GEMM runs.
const aie2GemmReps = 2000

// scaled is a scale-1 amount of work at a scale, at least 1.
func scaled(n int, scale float64) int { return max(1, int(math.Round(float64(n)*scale))) }

// builtinWork prepares a built-in workload at a scale.
func builtinWork(name string, scale float64) (*work, error) {
	switch name {
	case "scalar":
		n := scaled(scalarIters, scale)
		return sourceWork(name, fmt.Sprintf("RV32IM loop, 12 instructions/iteration (ALU, MUL, load/store, taken branch), %d iterations", n), "scalar.s", n)
	case "mixed":
		n := scaled(mixedPasses, scale)
		return sourceWork(name, fmt.Sprintf("RV32IM loop over %d words, %d instructions/word (2 loads, 3 multiplies, 10 ALU, 2 stores, loop), %d passes", mixedWords, mixedBody, n), "mixed.s", n)
	case "vector":
		n := scaled(vectorIters, scale)
		return sourceWork(name, fmt.Sprintf("int8 dot product at LMUL 4, 4 vle8 + 4 vwmacc.vv per iteration, %d iterations", n), "vector.s", n)
	case "gemm", "softmax":
		return baselineWork(name, scaled(baselineReps[name], scale))
	case "plena-linear", "plena-attention":
		return plenaWork(name, scaled(plenaReps[name], scale))
	case "aie2-gemm":
		return aie2GemmWork(scaled(aie2GemmReps, scale))
	}
	return nil, fmt.Errorf("unknown workload %s", name)
}

// sourceWork assembles an embedded workload for coral-user.
func sourceWork(name, desc, file string, iters int) (*work, error) {
	src, err := sources.ReadFile("workloads/" + file)
	if err != nil {
		return nil, err
	}
	src = []byte(strings.ReplaceAll(string(src), "{{ITERS}}", strconv.Itoa(iters)))
	hw, err := isadefs.HWByName("coral-user")
	if err != nil {
		return nil, err
	}
	as, err := asm.New(hw.ISA)
	if err != nil {
		return nil, err
	}
	p, err := as.Assemble(file, src, asm.Options{HW: hw})
	if err != nil {
		return nil, err
	}
	return elfWork(name, desc, hw, p.ELF(), 1<<62, true)
}

// elfWork times an ELF: a fresh core, load and run.
func elfWork(name, desc string, hw *isadefs.HW, data []byte, maxCycles int64, mustPass bool) (*work, error) {
	t, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		return nil, err
	}
	img, err := sim.LoadELF(data, t.ELFMachine)
	if err != nil {
		return nil, err
	}
	w := &work{name: name, desc: desc, hw: hw.Name, elf: data, coral: hw.ISA == "coral"}
	w.once = func(configure func(*sim.CoreOptions)) (*sim.Stats, sim.Halt, time.Duration, error) {
		opts := sim.CoreOptions{MaxCycles: maxCycles}
		configure(&opts)
		core, err := t.New(hw, opts)
		if err != nil {
			return nil, sim.Halt{}, 0, err
		}
		start := time.Now()
		if err := core.Load(img); err != nil {
			return nil, sim.Halt{}, 0, err
		}
		h := core.Run()
		d := time.Since(start)
		if mustPass && !h.OK() {
			return nil, h, 0, fmt.Errorf("halted with %v", h)
		}
		return core.Stats(), h, d, nil
	}
	return w, nil
}

// fileWork prepares a user's ELF.
func fileWork(o Options) (*work, error) {
	hwName := o.HW
	if hwName == "" {
		hwName = "coral"
		if img, err := sim.LoadELF(o.ELF, 0); err == nil && img.Entry >= 0x10000 {
			hwName = "coral-user"
		}
	}
	hw, err := isadefs.LoadHW(hwName)
	if err != nil {
		return nil, err
	}
	maxCycles := o.MaxCycles
	if maxCycles == 0 {
		maxCycles = 1 << 62
	}
	w, err := elfWork(o.File, "your program", hw, o.ELF, maxCycles, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.File, err)
	}
	return w, nil
}

// baselineWork runs the coral baseline kernels of a task on the visible
// cases of its five configurations, reps times each; the wall time is the
// simulator's (sim.Stats.Wall), not case set-up or checking.
func baselineWork(task string, reps int) (*work, error) {
	type cell struct {
		c       *ref.Case
		tensors map[string]*sim.Tensor
		elf     []byte
	}
	var cells []cell
	var hwNames []string
	for cfg := 1; cfg <= ref.NumConfigs; cfg++ {
		c, tensors, err := ref.Generate("coral", task, cfg, 1, false)
		if err != nil {
			return nil, err
		}
		k, err := baseline.Baseline("coral", "", task, cfg)
		if err != nil {
			return nil, err
		}
		src := k.Src
		if baseline.IsTemplate(src) {
			if src, err = baseline.Instantiate(k.Name, k.Src, "coral", task, cfg); err != nil {
				return nil, err
			}
		}
		elf, err := judge.Assemble(c, k.Name, src)
		if err != nil {
			return nil, err
		}
		cells = append(cells, cell{c, tensors, elf})
		if !slices.Contains(hwNames, c.HW) {
			hwNames = append(hwNames, c.HW)
		}
	}
	w := &work{name: task, hw: strings.Join(hwNames, ", "), coral: true,
		desc: fmt.Sprintf("coral baseline %s kernels, configs 1-%d (visible cases, seed 1), %d runs each", task, ref.NumConfigs, reps)}
	w.once = func(configure func(*sim.CoreOptions)) (*sim.Stats, sim.Halt, time.Duration, error) {
		var opts sim.CoreOptions
		configure(&opts)
		total := &sim.Stats{}
		var h sim.Halt
		for _, c := range cells {
			for i := 0; i < reps; i++ {
				r, err := judge.RunCase(context.Background(), c.c, c.tensors, c.elf, opts)
				if err != nil {
					return nil, h, 0, err
				}
				if !r.Verdict.Pass {
					return nil, r.Halt, 0, fmt.Errorf("config %d failed its case: %v", c.c.Config, r.Halt)
				}
				h = r.Halt
				total.Instructions += r.Stats.Instructions
				total.Cycles += r.Stats.Cycles
				total.VectorElems += r.Stats.VectorElems
				total.Wall += r.Stats.Wall
			}
		}
		return total, h, total.Wall, nil
	}
	return w, nil
}

// plenaWork runs one of PLENA's compiler-template programs (embedded
// copies of testdata/plena/corpus) reps times on the plena config, with
// random MXFP8 inputs in HBM laid out as PLENA's harness lays them out
// (per tensor its E4M3 elements, then its E8M0 scales, each padded to 64
// bytes) and the FP SRAM constants its testbench preloads. The wall time
// is the runs' simulation (Run), not the load and preloads before each.
func plenaWork(name string, reps int) (*work, error) {
	file, desc := "plena_linear.mem", "PLENA's projection template, (8, 128) @ (128, 256) with MXFP8 weights"
	tensors := []int{8 * 128, 128 * 256} // activations, weights
	fp := []float32{0, 1e-6, 1.0 / 128}  // linear/rms: [0, eps, 1/H]
	if name == "plena-attention" {
		file, desc = "plena_flashattn_prefill.mem", "PLENA's flash-attention prefill template, 64 queries x 64 keys, 4 heads of 16"
		tensors = []int{64 * 64, 64 * 64, 64 * 64}     // Q, K, V
		fp = []float32{0, 0.25, float32(math.Inf(-1))} // attention: [0, 1/sqrt(d), -inf]
	}
	src, err := sources.ReadFile("workloads/" + file)
	if err != nil {
		return nil, err
	}
	hw, err := isadefs.HWByName("plena")
	if err != nil {
		return nil, err
	}
	t, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		return nil, err
	}
	img, err := t.ParseProgram(hw, src)
	if err != nil {
		return nil, err
	}
	// Random E4M3 codes of magnitude at most 2 (no NaN or infinity) and
	// scales 2^-2..2^0, from a fixed seed.
	r := rand.New(rand.NewPCG(18, uint64(len(tensors))))
	pad := func(x int) int { return (x + 63) / 64 * 64 }
	var hbm []byte
	for _, n := range tensors {
		e := make([]byte, pad(n))
		for i := range n {
			for {
				c := byte(r.IntN(256))
				if v := mx.DecodeE4M3(c); c&0x78 != 0x78 && v >= -2 && v <= 2 {
					e[i] = c
					break
				}
			}
		}
		sc := make([]byte, pad(n/8))
		for i := range n / 8 {
			sc[i] = byte(125 + r.IntN(3))
		}
		hbm = append(append(hbm, e...), sc...)
	}
	fpb := make([]byte, 2*len(fp))
	for i, v := range fp {
		binary.LittleEndian.PutUint16(fpb[2*i:], plena.F16FromF32(v))
	}
	w := &work{name: name, hw: hw.Name, noOracle: "not run: a plena program (qemu and spike run RISC-V)",
		desc: fmt.Sprintf("%s (testdata/plena/corpus), %d runs", desc, reps)}
	w.once = func(func(*sim.CoreOptions)) (*sim.Stats, sim.Halt, time.Duration, error) { // one engine: coral's are not its
		return runReps(t, hw, img, reps, func(m *sim.Memory) error {
			if err := m.PreloadRegion("hbm", hbm); err != nil {
				return err
			}
			return m.PreloadRegion("fpmem", fpb)
		})
	}
	return w, nil
}

// aie2GemmWork runs the golden aie2 GEMM (an embedded copy of
// testdata/kernels/aie2/gemm_32.s, its operand pointers set by three
// movxm) reps times on random bf16 A and B tiles; the wall time is the
// runs' simulation, not the loads before each.
func aie2GemmWork(reps int) (*work, error) {
	const a, b, c = 0x74000, 0x78000, 0x7C000
	src, err := sources.ReadFile("workloads/aie2/gemm_32.s")
	if err != nil {
		return nil, err
	}
	src = append([]byte(fmt.Sprintf("\tmovxm p0, #%#x\n\tmovxm p1, #%#x\n\tmovxm p2, #%#x\n", a, b, c)), src...)
	hw, err := isadefs.HWByName("aie2")
	if err != nil {
		return nil, err
	}
	as, err := asm.New(hw.ISA)
	if err != nil {
		return nil, err
	}
	p, err := as.Assemble("aie2_gemm_32.s", src, asm.Options{HW: hw})
	if err != nil {
		return nil, err
	}
	img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
	if err != nil {
		return nil, err
	}
	t, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(19, 32))
	tiles := make([]byte, 2*32*32*2)
	for i := 0; i < len(tiles); i += 2 {
		binary.LittleEndian.PutUint16(tiles[i:], uint16(math.Float32bits(float32(r.NormFloat64()))>>16))
	}
	w := &work{name: "aie2-gemm", hw: hw.Name, noOracle: "not run: an aie2 program (qemu and spike run RISC-V)",
		desc: fmt.Sprintf("hand-scheduled 32x32x32 bf16 GEMM (testdata/kernels/aie2/gemm_32.s), %d runs", reps)}
	w.once = func(func(*sim.CoreOptions)) (*sim.Stats, sim.Halt, time.Duration, error) { // one engine: coral's are not its
		return runReps(t, hw, img, reps, func(m *sim.Memory) error {
			if err := m.Load(a, tiles[:2048]); err != nil {
				return err
			}
			return m.Load(b, tiles[2048:])
		})
	}
	return w, nil
}

// runReps runs an image reps times on one core of target t, setting up
// its memory with prepare before each run, and sums the runs' statistics;
// the wall time is the runs' simulation alone (Run).
func runReps(t sim.Target, hw *isadefs.HW, img *sim.Image, reps int, prepare func(*sim.Memory) error) (*sim.Stats, sim.Halt, time.Duration, error) {
	core, err := t.New(hw, sim.CoreOptions{})
	if err != nil {
		return nil, sim.Halt{}, 0, err
	}
	total := &sim.Stats{}
	var h sim.Halt
	var wall time.Duration
	for range reps {
		if err := core.Load(img); err != nil {
			return nil, h, 0, err
		}
		if err := prepare(core.Memory()); err != nil {
			return nil, h, 0, err
		}
		start := time.Now()
		h = core.Run()
		wall += time.Since(start)
		if !h.OK() {
			return nil, h, 0, fmt.Errorf("halted with %v", h)
		}
		st := core.Stats()
		total.Instructions += st.Instructions
		total.Cycles += st.Cycles
		total.VectorElems += st.VectorElems
	}
	return total, h, wall, nil
}
