package main

import (
	"context"
	"embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"kernelcraft/asm"
	_ "kernelcraft/asm/coral" // the coral assembler back end
	"kernelcraft/baseline"
	"kernelcraft/cmd/internal/cliutil"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/judge"
	"kernelcraft/ref"
	"kernelcraft/sim"
	"kernelcraft/sim/mx"
	"kernelcraft/sim/plena"
	"kernelcraft/sim/vec"
)

//go:embed workloads/*.s workloads/*.mem workloads/aie2/*.s
var benchSources embed.FS

// qemuCPU makes qemu-user a Zve32-like machine (VLEN 128, ELEN 32, Zbb),
// as the coral differential tests do.
const qemuCPU = "rv32,v=true,vlen=128,elen=32,zbb=true,vext_spec=v1.0"

// spikeVsQEMU is issue 10's reference: Spike took 14.3x qemu-user's wall
// time on the scalar loop, measured side by side on our kind of machine.
const spikeVsQEMU = 14.3

// benchWorkloads lists the built-in workloads, in --workload all order.
var benchWorkloads = []string{"scalar", "vector", "gemm", "softmax", "plena-linear", "plena-attention", "aie2-gemm"}

// Default amounts of work (scale 1), chosen so each run takes ~0.5-1 s on
// a Zen 5 core.
const (
	scalarIters = 20_000_000 // 240 M instructions
	vectorIters = 1_000_000  // 10 M instructions, 512 M vector elements
)

// baselineReps is how many times each of a task's 5 configurations'
// visible case runs.
var baselineReps = map[string]int{"gemm": 2, "softmax": 100}

// plenaReps is how many times each plena workload's program runs.
var plenaReps = map[string]int{"plena-linear": 100, "plena-attention": 100}

// aie2GemmReps is how many times the aie2 GEMM runs.
const aie2GemmReps = 2000

const benchDescription = `kc-sim bench times the simulator on a fixed amount of simulated work and
prints simulated instructions, cycles and vector elements per second of
wall time (the median of --repeat runs, timing model on), the SIMD path of
the vector element loops, and the host.

Built-in workloads (embedded; no files needed):
   scalar   an RV32IM loop of 12 instructions per iteration (loads, stores,
            ALU, MUL, a taken branch), the shape of issue 10's reference loop
   vector   an int8 dot product at LMUL 4: unit-stride loads and widening
            multiply-accumulates (vwmacc.vv) into int16, 512 elements per
            10 instructions
   gemm     the coral baseline GEMM kernels on their cases (configs 1-5)
   softmax  the coral baseline softmax kernels on their cases (configs 1-5)
   plena-linear
            PLENA's compiler-template projection (8 x 128 @ 128 x 256, the
            corpus's tmpl_linear.mem) on random MXFP8 inputs: H_PREFETCH,
            M_MM tile products, M_MM_WO
   plena-attention
            PLENA's flash-attention prefill template (tmpl_flashattn_prefill:
            64 queries, 4 heads of 16) on random MXFP8 Q, K, V: M_BTMM,
            M_BMM_WO, online softmax in V ops, M_MM for P.V
   aie2-gemm
            the golden hand-scheduled 32x32x32 bf16 GEMM of aie2
            (testdata/kernels/aie2/gemm_32.s: one vmac.f per bundle, 287
            cycles) on random bf16 tiles
   all      every one of them, in this order

scalar and vector are linked for the coral-user memory map (code at
0x10000, data at 0x100000) and end with ecall 93 (exit 0), so
--against qemu runs the very same ELF under qemu-riscv32 in the same run
(-cpu ` + qemuCPU + `)
and prints the ratio of wall times, kc-sim / qemu. For
reference, Spike (the interpretive RISC-V simulator) takes 14.3x
qemu-user's time on the scalar loop: a ratio below that is faster than
Spike. --against spike runs spike (with pk) when it is on PATH. The
baseline kernels use coral's own memory map, which qemu-user cannot load.

--fallback also runs each workload on the pure-Go vector loops (coral's
RVV element loops; plena's tile products and bf16 row operations) and
prints how many times faster the SIMD path is. A plena workload's time is
its runs' simulation alone (not resetting the 64 MiB of HBM or preloading
the inputs before each run). --scale multiplies the amount of
work (0.1 for a quick look).

A program of your own (FILE.elf) is timed the same way; it runs on --hw
(default: coral-user when its entry is at or above 0x10000, else coral).

Examples:
   kc-sim bench                                  # every workload
   kc-sim bench --workload scalar --against qemu # the issue's loop vs qemu-user
   kc-sim bench --workload vector --fallback     # SIMD vs pure-Go element loops
   kc-sim bench --workload all --against qemu,spike --fallback
   kc-sim bench --json --repeat 5 > bench.json   # for scripts
   kc-sim bench --scale 0.1                      # a quicker, smaller run
   kc-sim bench my.elf --hw coral-user --against qemu

Exit status: 0, or 127 when the benchmark could not run (bad flags, an
unknown workload, an unreadable ELF, a workload that failed).`

// benchOptions are one kc-sim bench run, from flags.
type benchOptions struct {
	Workloads []string
	Against   []string // "qemu", "spike"
	Fallback  bool
	JSON      bool
	Repeat    int
	Scale     float64
	HW        string // for FILE.elf
	File      string // FILE.elf, or ""
	MaxCycles int64
}

// BenchRun is one timed workload.
type BenchRun struct {
	Workload     string        `json:"workload"`
	Description  string        `json:"description"`
	HW           string        `json:"hw"`
	Instructions uint64        `json:"instructions"`
	Cycles       uint64        `json:"cycles"`
	VectorElems  uint64        `json:"vector_elements"`
	Halt         string        `json:"halt"`
	WallSeconds  float64       `json:"wall_seconds"` // median of Runs
	Runs         int           `json:"runs"`
	InstrPerSec  float64       `json:"instructions_per_second"`
	CyclesPerSec float64       `json:"cycles_per_second"`
	ElemsPerSec  float64       `json:"vector_elements_per_second"`
	SIMDPath     string        `json:"simd_path"`
	Fallback     *BenchFallbk  `json:"fallback,omitempty"`
	Against      []BenchOracle `json:"against,omitempty"`
}

// BenchFallbk is a workload rerun on the pure-Go vector loops.
type BenchFallbk struct {
	Path        string  `json:"path"` // "generic"
	WallSeconds float64 `json:"wall_seconds"`
	Speedup     float64 `json:"simd_speedup"` // fallback wall / SIMD wall
}

// BenchOracle is a workload run by another simulator in the same run.
type BenchOracle struct {
	Tool        string  `json:"tool"`
	Found       bool    `json:"found"`
	Path        string  `json:"path,omitempty"`
	WallSeconds float64 `json:"wall_seconds,omitempty"`
	InstrPerSec float64 `json:"instructions_per_second,omitempty"`
	Ratio       float64 `json:"kcsim_over_tool,omitempty"` // kc-sim wall / tool wall
	Note        string  `json:"note,omitempty"`
}

// BenchReport is everything one kc-sim bench prints.
type BenchReport struct {
	Host        string     `json:"host"`
	GoVersion   string     `json:"go_version"`
	SIMDPath    string     `json:"simd_path"`
	Repeat      int        `json:"repeat"`
	Scale       float64    `json:"scale"`
	SpikeVsQEMU float64    `json:"spike_vs_qemu_reference"`
	Results     []BenchRun `json:"results"`
}

// benchWork is a workload ready to run: once returns one run's stats and
// the wall time to compare (ELF workloads: load and run).
type benchWork struct {
	name, desc, hw string
	elf            []byte // runnable by qemu-user, or nil
	noOracle       string // why --against does not run it, if elf is nil and not for the usual reason
	once           func() (*sim.Stats, sim.Halt, time.Duration, error)
}

func benchCommand(stdout, stderr io.Writer, status *int) *cli.App {
	return &cli.App{
		Name:            "kc-sim bench",
		Usage:           "time the simulator on built-in workloads or your own ELF",
		UsageText:       "kc-sim bench [--workload scalar|vector|gemm|softmax|plena-linear|plena-attention|aie2-gemm|all] [--against qemu[,spike]] [--fallback] [--json] [--repeat N] [--scale F]\n   kc-sim bench [--hw CONFIG] [flags] FILE.elf",
		Description:     benchDescription,
		HideHelpCommand: true,
		HideVersion:     true,
		Writer:          stdout,
		ErrWriter:       stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "workload", Aliases: []string{"w"}, Value: "all", Usage: "scalar, vector, gemm, softmax, plena-linear, plena-attention, aie2-gemm or all (comma-separated list allowed); ignored with FILE.elf"},
			&cli.StringFlag{Name: "against", Usage: "also run the ELF workloads under qemu (qemu-riscv32) and/or spike, comma-separated, and print kc-sim's wall time over theirs"},
			&cli.BoolFlag{Name: "fallback", Usage: "also run on the pure-Go vector loops and print the SIMD path's speedup"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON on standard output"},
			&cli.IntFlag{Name: "repeat", Aliases: []string{"r"}, Value: 3, Usage: "runs per measurement; the median is reported"},
			&cli.Float64Flag{Name: "scale", Value: 1, Usage: "multiply the amount of simulated work (e.g. 0.1)"},
			&cli.StringFlag{Name: "hw", Usage: "hardware config for FILE.elf (built-in: " + strings.Join(isadefs.HWNames(), ", ") + "; or a .json file)"},
			&cli.Int64Flag{Name: "max-cycles", Usage: "cycle limit for FILE.elf (0: none)"},
		},
		Action: func(c *cli.Context) error {
			o := benchOptions{Workloads: splitList(c.String("workload")), Against: splitList(c.String("against")),
				Fallback: c.Bool("fallback"), JSON: c.Bool("json"), Repeat: c.Int("repeat"), Scale: c.Float64("scale"),
				HW: c.String("hw"), MaxCycles: c.Int64("max-cycles")}
			if c.NArg() > 1 {
				return fmt.Errorf("want at most one program (FILE.elf); see kc-sim bench --help")
			}
			o.File = c.Args().First()
			rep, err := runBench(o, stderr)
			if err != nil {
				return err
			}
			if o.JSON {
				enc := json.NewEncoder(stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					return err
				}
			} else {
				printBench(stdout, rep)
			}
			*status = 0
			return nil
		},
	}
}

// runBenchCLI is kc-sim bench: args[0] is "bench".
func runBenchCLI(args []string, stdout, stderr io.Writer) (status int) {
	status = sim.ExitToolError
	app := benchCommand(stdout, stderr, &status)
	cliutil.SuggestFlags(app)
	args = append([]string{"kc-sim bench"}, args[1:]...)
	if err := app.Run(cliutil.Interspersed(args, app.Flags)); err != nil {
		fmt.Fprintf(stderr, "kc-sim bench: %v\n", err)
		return sim.ExitToolError
	}
	if slices.ContainsFunc(args[1:], func(a string) bool { return a == "-h" || a == "--help" || a == "-help" }) {
		return 0
	}
	return status
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// runBench builds and times the workloads. progress gets nothing today
// (kept for long runs).
func runBench(o benchOptions, _ io.Writer) (*BenchReport, error) {
	if o.Repeat < 1 {
		return nil, fmt.Errorf("--repeat %d: want 1 or more", o.Repeat)
	}
	if !(o.Scale > 0) || math.IsInf(o.Scale, 0) {
		return nil, fmt.Errorf("--scale %v: want a positive number", o.Scale)
	}
	for _, a := range o.Against {
		if a != "qemu" && a != "spike" {
			return nil, fmt.Errorf("--against %s: unknown simulator (have: qemu, spike)", a)
		}
	}
	var works []*benchWork
	if o.File != "" {
		w, err := fileWork(o)
		if err != nil {
			return nil, err
		}
		works = append(works, w)
	} else {
		names := o.Workloads
		if len(names) == 0 || slices.Contains(names, "all") {
			names = benchWorkloads
		}
		for _, n := range names {
			if !slices.Contains(benchWorkloads, n) {
				return nil, fmt.Errorf("--workload %s: unknown workload (have: %s, all)", n, strings.Join(benchWorkloads, ", "))
			}
		}
		for _, n := range names {
			w, err := builtinWork(n, o.Scale)
			if err != nil {
				return nil, fmt.Errorf("workload %s: %v", n, err)
			}
			works = append(works, w)
		}
	}
	rep := &BenchReport{Host: hostFeatures(), GoVersion: runtime.Version(), SIMDPath: vec.Path(),
		Repeat: o.Repeat, Scale: o.Scale, SpikeVsQEMU: spikeVsQEMU}
	for _, w := range works {
		r, err := timeWork(w, o)
		if err != nil {
			return nil, fmt.Errorf("workload %s: %v", w.name, err)
		}
		rep.Results = append(rep.Results, *r)
	}
	return rep, nil
}

func timeWork(w *benchWork, o benchOptions) (*BenchRun, error) {
	measure := func() (*sim.Stats, sim.Halt, float64, error) {
		var walls []float64
		var st *sim.Stats
		var h sim.Halt
		for i := 0; i < o.Repeat; i++ {
			s, hh, d, err := w.once()
			if err != nil {
				return nil, hh, 0, err
			}
			st, h = s, hh
			walls = append(walls, d.Seconds())
		}
		return st, h, median(walls), nil
	}
	st, h, wall, err := measure()
	if err != nil {
		return nil, err
	}
	r := &BenchRun{Workload: w.name, Description: w.desc, HW: w.hw, Instructions: st.Instructions, Cycles: st.Cycles,
		VectorElems: st.VectorElems, Halt: h.String(), WallSeconds: wall, Runs: o.Repeat, SIMDPath: vec.Path()}
	if wall > 0 {
		r.InstrPerSec = float64(st.Instructions) / wall
		r.CyclesPerSec = float64(st.Cycles) / wall
		r.ElemsPerSec = float64(st.VectorElems) / wall
	}
	if o.Fallback {
		path := vec.Path()
		vec.UseFallback(true)
		_, _, fw, err := measure()
		if path != "generic" {
			vec.SetPath(path)
		}
		if err != nil {
			return nil, fmt.Errorf("fallback: %v", err)
		}
		r.Fallback = &BenchFallbk{Path: "generic", WallSeconds: fw}
		if wall > 0 {
			r.Fallback.Speedup = fw / wall
		}
	}
	for _, tool := range o.Against {
		r.Against = append(r.Against, runOracle(tool, w, o, r))
	}
	return r, nil
}

// runOracle runs a workload's ELF under qemu-riscv32 or spike, median of
// --repeat runs.
func runOracle(tool string, w *benchWork, o benchOptions, r *BenchRun) BenchOracle {
	res := BenchOracle{Tool: tool}
	prog := map[string]string{"qemu": "qemu-riscv32", "spike": "spike"}[tool]
	path, err := exec.LookPath(prog)
	if err != nil {
		res.Note = prog + ": not found on PATH"
		return res
	}
	res.Found, res.Path = true, path
	if w.elf == nil {
		res.Note = "not run: this workload uses coral's own memory map (ITCM at 0x0), which a Linux user-mode emulator cannot load"
		if w.noOracle != "" {
			res.Note = w.noOracle
		}
		return res
	}
	f, err := os.CreateTemp("", "kc-bench-*.elf")
	if err != nil {
		res.Note = err.Error()
		return res
	}
	defer os.Remove(f.Name())
	_, err = f.Write(w.elf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o755)
	}
	if err != nil {
		res.Note = err.Error()
		return res
	}
	var args []string
	if tool == "qemu" {
		args = []string{"-cpu", qemuCPU, f.Name()}
	} else {
		args = []string{"--isa=rv32imfv_zbb_zve32x", "pk", f.Name()}
	}
	var walls []float64
	for i := 0; i < o.Repeat; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		cmd := exec.CommandContext(ctx, path, args...)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(start)
		cancel()
		if err != nil {
			msg := strings.TrimSpace(string(out))
			var ee *exec.ExitError
			if errors.As(err, &ee) && msg == "" {
				msg = "exit status " + strconv.Itoa(ee.ExitCode())
			}
			res.Note = fmt.Sprintf("%s failed: %v %s", prog, err, msg)
			return res
		}
		walls = append(walls, d.Seconds())
	}
	res.WallSeconds = median(walls)
	if res.WallSeconds > 0 {
		res.InstrPerSec = float64(r.Instructions) / res.WallSeconds
		res.Ratio = r.WallSeconds / res.WallSeconds
	}
	return res
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// builtinWork prepares a built-in workload at a scale.
func builtinWork(name string, scale float64) (*benchWork, error) {
	scaled := func(n int) int { return max(1, int(math.Round(float64(n)*scale))) }
	switch name {
	case "scalar":
		n := scaled(scalarIters)
		return sourceWork(name, fmt.Sprintf("RV32IM loop, 12 instructions/iteration (ALU, MUL, load/store, taken branch), %d iterations", n), "scalar.s", n)
	case "vector":
		n := scaled(vectorIters)
		return sourceWork(name, fmt.Sprintf("int8 dot product at LMUL 4, 4 vle8 + 4 vwmacc.vv per iteration, %d iterations", n), "vector.s", n)
	case "gemm", "softmax":
		return baselineWork(name, scaled(baselineReps[name]))
	case "plena-linear", "plena-attention":
		return plenaWork(name, scaled(plenaReps[name]))
	case "aie2-gemm":
		return aie2GemmWork(scaled(aie2GemmReps))
	}
	return nil, fmt.Errorf("unknown workload %s", name)
}

// sourceWork assembles an embedded workload for coral-user.
func sourceWork(name, desc, file string, iters int) (*benchWork, error) {
	src, err := benchSources.ReadFile("workloads/" + file)
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
func elfWork(name, desc string, hw *isadefs.HW, data []byte, maxCycles int64, mustPass bool) (*benchWork, error) {
	t, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		return nil, err
	}
	img, err := sim.LoadELF(data, t.ELFMachine)
	if err != nil {
		return nil, err
	}
	w := &benchWork{name: name, desc: desc, hw: hw.Name, elf: data}
	w.once = func() (*sim.Stats, sim.Halt, time.Duration, error) {
		core, err := t.New(hw, sim.CoreOptions{MaxCycles: maxCycles})
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
func fileWork(o benchOptions) (*benchWork, error) {
	data, err := cliutil.ReadInput(o.File, os.Stdin, asm.MaxELFBytes) // bounded as kc-sim's program is
	if errors.Is(err, cliutil.ErrTooLarge) {
		return nil, fmt.Errorf("%s: %w: the ELF limit is %s", o.File, err, asm.SizeText(asm.MaxELFBytes))
	}
	if err != nil {
		return nil, err
	}
	hwName := o.HW
	if hwName == "" {
		hwName = "coral"
		if img, err := sim.LoadELF(data, 0); err == nil && img.Entry >= 0x10000 {
			hwName = "coral-user"
		}
	}
	hw, err := loadHW("", hwName)
	if err != nil {
		return nil, err
	}
	maxCycles := o.MaxCycles
	if maxCycles == 0 {
		maxCycles = 1 << 62
	}
	w, err := elfWork(o.File, "your program", hw, data, maxCycles, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.File, err)
	}
	return w, nil
}

// baselineWork runs the coral baseline kernels of a task on the visible
// cases of its five configurations, reps times each; the wall time is the
// simulator's (sim.Stats.Wall), not case set-up or checking.
func baselineWork(task string, reps int) (*benchWork, error) {
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
	w := &benchWork{name: task, hw: strings.Join(hwNames, ", "),
		desc: fmt.Sprintf("coral baseline %s kernels, configs 1-%d (visible cases, seed 1), %d runs each", task, ref.NumConfigs, reps)}
	w.once = func() (*sim.Stats, sim.Halt, time.Duration, error) {
		total := &sim.Stats{}
		var h sim.Halt
		for _, c := range cells {
			for i := 0; i < reps; i++ {
				r, err := judge.RunCase(context.Background(), c.c, c.tensors, c.elf, sim.CoreOptions{})
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
func plenaWork(name string, reps int) (*benchWork, error) {
	file, desc := "plena_linear.mem", "PLENA's projection template, (8, 128) @ (128, 256) with MXFP8 weights"
	tensors := []int{8 * 128, 128 * 256} // activations, weights
	fp := []float32{0, 1e-6, 1.0 / 128}  // linear/rms: [0, eps, 1/H]
	if name == "plena-attention" {
		file, desc = "plena_flashattn_prefill.mem", "PLENA's flash-attention prefill template, 64 queries x 64 keys, 4 heads of 16"
		tensors = []int{64 * 64, 64 * 64, 64 * 64}     // Q, K, V
		fp = []float32{0, 0.25, float32(math.Inf(-1))} // attention: [0, 1/sqrt(d), -inf]
	}
	src, err := benchSources.ReadFile("workloads/" + file)
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
	w := &benchWork{name: name, hw: hw.Name, noOracle: "not run: a plena program (qemu and spike run RISC-V)",
		desc: fmt.Sprintf("%s (testdata/plena/corpus), %d runs", desc, reps)}
	w.once = func() (*sim.Stats, sim.Halt, time.Duration, error) {
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
func aie2GemmWork(reps int) (*benchWork, error) {
	const a, b, c = 0x74000, 0x78000, 0x7C000
	src, err := benchSources.ReadFile("workloads/aie2/gemm_32.s")
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
	w := &benchWork{name: "aie2-gemm", hw: hw.Name, noOracle: "not run: an aie2 program (qemu and spike run RISC-V)",
		desc: fmt.Sprintf("hand-scheduled 32x32x32 bf16 GEMM (testdata/kernels/aie2/gemm_32.s), %d runs", reps)}
	w.once = func() (*sim.Stats, sim.Halt, time.Duration, error) {
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

func printBench(w io.Writer, rep *BenchReport) {
	fmt.Fprintf(w, "host: %s\n", rep.Host)
	fmt.Fprintf(w, "%s; median of %d runs", rep.GoVersion, rep.Repeat)
	if rep.Scale != 1 {
		fmt.Fprintf(w, "; work scaled by %g", rep.Scale)
	}
	fmt.Fprintln(w)
	for _, r := range rep.Results {
		fmt.Fprintf(w, "\n%s: %s [%s]\n", r.Workload, r.Description, r.HW)
		fmt.Fprintf(w, "  %d instructions, %d cycles, %d vector elements; halt: %s\n", r.Instructions, r.Cycles, r.VectorElems, r.Halt)
		fmt.Fprintf(w, "  wall %.3f s: %.1f M instructions/s, %.1f M cycles/s, %.1f M vector elements/s (SIMD path: %s)\n",
			r.WallSeconds, r.InstrPerSec/1e6, r.CyclesPerSec/1e6, r.ElemsPerSec/1e6, r.SIMDPath)
		if f := r.Fallback; f != nil {
			fmt.Fprintf(w, "  fallback (pure-Go vector loops): wall %.3f s; %s / fallback speed = %.2fx\n", f.WallSeconds, r.SIMDPath, f.Speedup)
		}
		for _, a := range r.Against {
			switch {
			case a.WallSeconds > 0:
				ratio := fmt.Sprintf("%.1fx its wall time", a.Ratio)
				if a.Ratio > 0 && a.Ratio < 0.95 {
					ratio = fmt.Sprintf("%.3gx its wall time (kc-sim is %.1fx faster)", a.Ratio, 1/a.Ratio)
				}
				fmt.Fprintf(w, "  %s: wall %.3f s (%.0f M instructions/s); kc-sim / %s = %s\n", a.Tool, a.WallSeconds, a.InstrPerSec/1e6, a.Tool, ratio)
				if a.Tool == "qemu" {
					verdict := "faster than Spike"
					if a.Ratio > rep.SpikeVsQEMU {
						verdict = "slower than Spike"
					}
					fmt.Fprintf(w, "  reference: Spike takes %.1fx qemu's time (issue 10): kc-sim is %s here\n", rep.SpikeVsQEMU, verdict)
				}
			case !a.Found:
				fmt.Fprintf(w, "  %s\n", a.Note)
			default:
				fmt.Fprintf(w, "  %s: %s\n", a.Tool, a.Note)
			}
		}
	}
}
