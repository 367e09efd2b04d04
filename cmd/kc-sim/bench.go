package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/asm"
	"kernelcraft/cmd/internal/cliutil"
	"kernelcraft/internal/simbench"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// benchDescription is kc-sim bench's help; the engines' part comes from
// simbench.Engines, so a new engine is described where it is defined.
var benchDescription = `kc-sim bench times the simulator on a fixed amount of simulated work and
prints simulated instructions, cycles and vector elements per second of
wall time (the median of --repeat runs, timing model on), the SIMD path of
the vector element loops, and the host.

Built-in workloads (embedded; no files needed):
   scalar   an RV32IM loop of 12 instructions per iteration (loads, stores,
            ALU, MUL, a taken branch), the shape of issue 10's reference loop
   mixed    an RV32IM loop of 20 instructions per word over a 64-word
            array (2 loads, mul/mulhu/mulh, 10 ALU ops, a word and a
            halfword store, the loop), ~600 M instructions: issue 32's
            mixed ALU/multiply/load-store loop
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

Engines: each coral workload (scalar, mixed, vector, gemm, softmax, your
coral ELF) runs on each engine --engines names, in the same run (default:
the fast ones, translate where this host can run it, then blocks;
--engines all adds the reference stepper; plena and aie2 run their
default path):
` + engineHelp() + `
The first engine of --engines is the primary: its figures head the
workload, and --fallback and the kc-sim / qemu line use it (--fallback
compares a translate primary on the block engine: translated code runs
only with the SIMD paths). Every engine
must give the very same instructions, cycles, vector elements and halt
(so must every repeat and the fallback): kc-sim bench fails with exit
status 127 if they differ, a free check of the fast engines against the
reference stepper. The stepper is slow (about 4 M instructions/s, over
100x slower than blocks on scalar and mixed on an AVX-512 EPYC), so
--engines all at scale 1 takes a quarter of an hour or so, most of it
the stepper's (--scale 0.1 for a quicker comparison with it).

Ratios: "blocks = 12.3x step's speed" is step's wall time over blocks'
on the same workload: blocks simulates it 12.3 times as fast (each pair
of engines is given, the faster first). "kc-sim / qemu = 5.0x" is
kc-sim's wall time over qemu-user's on the same ELF: kc-sim takes 5 times
as long (below 1, kc-sim is faster); the headline gives it for the
primary engine, the engines' lines for each engine.

scalar, mixed and vector are linked for the coral-user memory map (code
at 0x10000, data at 0x100000) and end with ecall 93 (exit 0), so
--against qemu runs the very same ELF under qemu-riscv32 in the same run
(-cpu ` + simbench.QEMUCPU + `)
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
   kc-sim bench -w scalar,mixed --against qemu   # translate and blocks vs qemu-user
   kc-sim bench -w mixed --engines blocks        # the block engine alone
   kc-sim bench -w scalar --engines all -s 0.1   # every engine, the stepper too
   kc-sim bench --workload vector --fallback     # SIMD vs pure-Go element loops
   kc-sim bench --workload all --against qemu,spike --fallback
   kc-sim bench --json --repeat 5 > bench.json   # for scripts
   kc-sim bench --scale 0.1                      # a quicker, smaller run
   kc-sim bench my.elf --hw coral-user --against qemu

Exit status: 0, or 127 when the benchmark could not run (bad flags, an
unknown workload or engine, an unreadable ELF, a workload that failed,
engines that disagree).`

// engineHelp lists coral's engines for the help, wrapped.
func engineHelp() string {
	var b strings.Builder
	for _, e := range simbench.Engines {
		line := fmt.Sprintf("   %-8s", e.Name)
		for _, word := range strings.Fields(e.Summary) {
			if len(line)+1+len(word) > 75 {
				b.WriteString(line + "\n")
				line = strings.Repeat(" ", 12) + word
				continue
			}
			line += " " + word
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func benchCommand(stdout, stderr io.Writer, status *int) *cli.App {
	return &cli.App{
		Name:            "kc-sim bench",
		Usage:           "time the simulator on built-in workloads or your own ELF",
		UsageText:       "kc-sim bench [--workload " + strings.Join(simbench.Workloads, "|") + "|all] [--engines " + strings.Join(simbench.EngineNames(), ",") + "|all] [--against qemu[,spike]] [--fallback] [--json] [--repeat N] [--scale F]\n   kc-sim bench [--hw CONFIG] [flags] FILE.elf",
		Description:     benchDescription,
		HideHelpCommand: true,
		HideVersion:     true,
		Writer:          stdout,
		ErrWriter:       stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "workload", Aliases: []string{"w"}, Value: "all", Usage: strings.Join(simbench.Workloads, ", ") + " or all (comma-separated list allowed); ignored with FILE.elf"},
			&cli.StringFlag{Name: "engines", Aliases: []string{"e"}, Value: strings.Join(simbench.DefaultEngines(), ","), Usage: "coral engines to run each coral workload on, comma-separated, the primary first, or all (" + strings.Join(simbench.EngineNames(), ",") + ")"},
			&cli.StringFlag{Name: "against", Usage: "also run the ELF workloads under qemu (qemu-riscv32) and/or spike, comma-separated, and print kc-sim's wall time over theirs"},
			&cli.BoolFlag{Name: "fallback", Usage: "also run on the pure-Go vector loops and print the SIMD path's speedup"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON on standard output"},
			&cli.IntFlag{Name: "repeat", Aliases: []string{"r"}, Value: 3, Usage: "runs per measurement; the median is reported"},
			&cli.Float64Flag{Name: "scale", Value: 1, Usage: "multiply the amount of simulated work (e.g. 0.1)"},
			&cli.StringFlag{Name: "hw", Usage: "hardware config for FILE.elf (built-in: " + strings.Join(isadefs.HWNames(), ", ") + "; or a .json file)"},
			&cli.Int64Flag{Name: "max-cycles", Usage: "cycle limit for FILE.elf (0: none)"},
		},
		Action: func(c *cli.Context) error {
			o := simbench.Options{Workloads: splitList(c.String("workload")), Against: splitList(c.String("against")),
				Engines: splitList(c.String("engines")), Fallback: c.Bool("fallback"), Repeat: c.Int("repeat"),
				Scale: c.Float64("scale"), HW: c.String("hw"), MaxCycles: c.Int64("max-cycles"), Host: hostFeatures()}
			if c.NArg() > 1 {
				return fmt.Errorf("want at most one program (FILE.elf); see kc-sim bench --help")
			}
			if o.File = c.Args().First(); o.File != "" {
				data, err := cliutil.ReadInput(o.File, os.Stdin, asm.MaxELFBytes) // bounded as kc-sim's program is
				if errors.Is(err, cliutil.ErrTooLarge) {
					return fmt.Errorf("%s: %w: the ELF limit is %s", o.File, err, asm.SizeText(asm.MaxELFBytes))
				}
				if err != nil {
					return err
				}
				o.ELF = data
			}
			rep, err := simbench.Run(o)
			if err != nil {
				return err
			}
			if c.Bool("json") {
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

// kcsimOver formats a kc-sim / tool wall-time ratio.
func kcsimOver(ratio float64) string {
	if ratio > 0 && ratio < 0.95 {
		return fmt.Sprintf("%.3gx its wall time (kc-sim is %.1fx faster)", ratio, 1/ratio)
	}
	return fmt.Sprintf("%.1fx its wall time", ratio)
}

func printBench(w io.Writer, rep *simbench.Report) {
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
		printEngines(w, r)
		if f := r.Fallback; f != nil {
			on := ""
			if f.Engine != "" {
				on = ", " + f.Engine + " engine"
			}
			fmt.Fprintf(w, "  fallback (pure-Go vector loops%s): wall %.3f s; %s / fallback speed = %.2fx\n", on, f.WallSeconds, r.SIMDPath, f.Speedup)
		}
		for _, a := range r.Against {
			switch {
			case a.WallSeconds > 0:
				fmt.Fprintf(w, "  %s: wall %.3f s (%.0f M instructions/s); kc-sim / %s = %s\n", a.Tool, a.WallSeconds, a.InstrPerSec/1e6, a.Tool, kcsimOver(a.Ratio))
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

// printEngines prints a coral workload's engines: one line each (the
// primary is the headline's), then each pair's speed ratio.
func printEngines(w io.Writer, r simbench.Result) {
	if len(r.Engines) == 0 {
		return
	}
	if len(r.Engines) == 1 {
		fmt.Fprintf(w, "  engine: %s\n", r.Engines[0].Engine)
		return
	}
	fmt.Fprintf(w, "  engines (same run; identical instructions, cycles, vector elements and halt):\n")
	width := 0
	for _, e := range r.Engines {
		width = max(width, len(e.Engine))
	}
	for _, e := range r.Engines {
		fmt.Fprintf(w, "    %-*s wall %.3f s: %.1f M instructions/s, %.1f M cycles/s", width+1, e.Engine+":", e.WallSeconds, e.InstrPerSec/1e6, e.CyclesPerSec/1e6)
		for _, a := range r.Against {
			if ratio, ok := e.OverTool[a.Tool]; ok {
				fmt.Fprintf(w, "; kc-sim / %s = %.2fx", a.Tool, ratio)
			}
		}
		fmt.Fprintln(w)
	}
	for i, a := range r.Engines {
		for _, b := range r.Engines[i+1:] {
			s, ok := a.SpeedOver[b.Engine]
			if !ok {
				continue
			}
			fast, slow := a.Engine, b.Engine
			if s < 1 && s > 0 { // the faster one first
				fast, slow, s = slow, fast, 1/s
			}
			fmt.Fprintf(w, "    %s = %.2fx %s speed\n", fast, s, possessive(slow))
		}
	}
}

// possessive is "step's", "blocks'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
