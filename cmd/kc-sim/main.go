// Command kc-sim runs a KernelCraft program (an ELF32 executable) on a
// target's cycle-counting simulator, with tensors loaded from and dumped to
// .npy files.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/klauspost/cpuid/v2"
	"github.com/urfave/cli/v2"

	"kernelcraft/cmd/internal/cliutil"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/aie2"
	_ "kernelcraft/sim/coral"
	_ "kernelcraft/sim/plena"
	"kernelcraft/sim/vec"
)

// version is kc-sim's version (set with -ldflags "-X main.version=…").
var version = "dev"

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

const description = `kc-sim loads an ELF32 executable (from kc-as, or clang + lld) into the
memory of a hardware config, runs it until it halts, and reports why it
halted and how many cycles it took. "-" reads the program from standard
input, so kc-as and kc-sim compose in a pipe.

A run ends with mpause (success), ebreak (fault), ecall with a7=93 (exit
with code a0, as qemu-user), a store of an odd word to the tohost symbol
(riscv-tests: value>>1 is the failing test), a trap (illegal instruction,
misaligned or out-of-range access), or the cycle limit; a plena program
ends (success) when it runs off its last instruction. The halt reason is
printed on standard error. A coral program that has written mtvec takes
its traps (and ecall) to its handler instead, as Coral does
(sim/coral/TRAPS.md); --hw riscv-tests runs riscv-tests -p ELFs unchanged
(RAM at 0x80000000, Spike's HTIF: exit status 0 on a pass, the failing
test number otherwise; console output on standard output).

A target may also read its own program format: plena takes PLENA's
machine-code text (FILE.mem, as PLENA's assembler writes it and
kc-as -t plena --format mem) as well as kc-as's ELF, and PLENA's memory
images: --hbm, --fpsram, --intsram, --vram (raw bytes from the start of
the region; --preload REGION=FILE does the same for any region). An
image is at most its region's size and whole elements of the region's
type (f16, u32, bf16); FILE - is standard input.
Addresses in --load and --dump may name a memory region (vsram,
vsram+128, hbm).

--gdb ADDR (host:port; port 0 picks one) loads the program as usual and
waits for a GDB client (Debian's gdb-multiarch: target remote ADDR), which
can then set breakpoints and watchpoints, step, continue, interrupt with
Ctrl-C, and read and write registers (x, pc, f, CSRs, v0-v31) and memory.
The program runs on the reference stepper, so its cycles are those of a run
without GDB; its halt ends the session and kc-sim reports as usual
("monitor cycles" in GDB shows the count so far). Detaching lets the
program run to its end; killing it (or quitting GDB) exits 130. plena and
aie2 are served too (breakpoints at word or bundle addresses, stepi,
memory as kc-sim maps it, the exit); GDB knows neither architecture, so
their registers are read and written with "monitor regs [NAME...]" and
"monitor set NAME VALUE" (sim/gdbserver/README.md says how far GDB gets).

Tensors go in and out as NumPy .npy files: --load copies an array's bytes
to an address before the run, --dump writes memory after it (whatever the
halt) as DIR/NAME.npy. Addresses are numbers or symbols of the program
(with an optional +offset). Dtypes: DTYPES.

--stats gives the stall cycles by cause in two groups: dispatch stalls
delay the in-order front end one after another, so they add up to at most
the cycles; after-dispatch stalls (coral's vector backend: vector-raw,
vector-struct) are each instruction's own wait while dispatch and other
instructions go on, so they overlap, and all stalls together can exceed
the cycles. kc-as --isa cycles says what each rule is.

Examples:
   kc-sim gelu.elf                                   # run; halt reason on stderr
   kc-as gelu.s -o - | kc-sim -                      # assemble and run
   kc-sim k.elf --stats                              # cycles, IPC, stalls, utilisation
   kc-sim k.elf --stats=json -o out/                 # out/stats.json
   kc-sim k.elf --load x=x.npy@0x10000 --dump y@0x10400:int32[4,16] -o out/
   kc-sim k.elf --load x=x.npy@input --dump y@output:float32[64]   # symbols
   kc-sim k.elf --set a0=0x10000 --set a1=64         # registers before the run
   kc-sim k.elf --trace 2> trace.txt                 # one line per instruction
   kc-sim k.elf --profile                            # cycles and stalls by source line, hazards
   kc-sim k.elf --profile=10                         # the 10 hottest lines only
   kc-sim k.elf --timeline                           # the hottest loop: dispatch, issue, waits, bottleneck
   kc-sim k.elf --timeline=100:200 --timeline-format json   # cycles 100..200 as JSON
   kc-sim k.elf --regs                               # final registers on stderr
   kc-sim --hw coral-highmem big.elf                 # a config with more memory
   kc-sim --hw riscv-tests rv32ui-p-add              # a riscv-tests ELF: exit 0 = pass
   kc-sim --hw my.json --describe                    # print a config
   kc-sim bench --against qemu --fallback             # simulator speed (see kc-sim bench --help)
   kc-sim gelu.elf --case gelu3/ -o out/             # a kc-ref case; then kc-ref check gelu3/ out/
   kc-sim k.elf --case mm1/ -o out/ --hazard-policy warn   # aie2: report each read before its write lands
   kc-sim k.elf --case relu1/ -o out/ --dump t@0x70400:int32[16]   # a case, and memory of your choosing
   kc-sim k.elf --gdb 127.0.0.1:1234 --stats         # wait for GDB: gdb-multiarch k.elf -ex 'target remote 127.0.0.1:1234'
   kc-sim -t plena k.mem --hbm hbm.bin --fpsram fp.bin --dump v@vsram:uint16[1024,64]   # PLENA's artefacts

Exit status:
   the program's exit code for mpause (0), ecall exit and tohost (code & 255);
   124  the cycle limit was reached
   125  ebreak (fault halt)
   126  trap: illegal instruction, misaligned or out-of-range access
   127  kc-sim itself failed: bad flags, unreadable ELF or .npy, bad address
   130  interrupted: Ctrl-C or SIGTERM stopped the run, or (--gdb) GDB killed the program or
        went away before it ended (halt kind "cancelled"; statistics and dumps are of the
        cycles run until then)`

func newApp(stdin io.Reader, stdout, stderr io.Writer, status *int) *cli.App {
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "kc-sim %s (%s, %s/%s)\n", c.App.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
		fmt.Fprintf(c.App.Writer, "host: %s\n", hostFeatures())
	}
	flags := []cli.Flag{
		&cli.StringFlag{Name: "target", Aliases: []string{"t"}, Usage: "target ISA (default: the hardware config's, coral)"},
		&cli.StringFlag{Name: "hw", Usage: "hardware config (built-in: " + strings.Join(isadefs.HWNames(), ", ") + "; or a .json file); default: the target's own"},
		&cli.Int64Flag{Name: "max-cycles", Usage: "stop after this many cycles (default: the config's max_cycles)"},
		&cli.BoolFlag{Name: "stats", Usage: "print statistics: --stats (text, on stderr) or --stats=json (on stdout, or DIR/stats.json with -o)"},
		&cli.BoolFlag{Name: "stats-json", Hidden: true},
		&cli.BoolFlag{Name: "trace", Usage: "print one line per retired instruction on stderr: cycle, pc, word, instruction, register writes"},
		&cli.BoolFlag{Name: "profile", Usage: "after the run, print cycles, executions and stalls by source line (by address when the ELF has no kc-as line table) and the top hazards on stderr; --profile=N: only the N hottest lines"},
		&cli.IntFlag{Name: "profile-top", Hidden: true},
		&cli.StringSliceFlag{Name: "load", Usage: "before the run, copy a .npy array to memory: NAME=FILE.npy@ADDR (repeatable)"},
		&cli.StringSliceFlag{Name: "dump", Usage: "after the run, write memory to DIR/NAME.npy: NAME@ADDR:DTYPE[SHAPE] (repeatable)"},
		&cli.StringSliceFlag{Name: "set", Usage: "before the run, set a register: REG=VALUE, VALUE a number or symbol (repeatable)"},
		&cli.StringFlag{Name: "case", Usage: "run on a case (kc-ref gen), set up as the judge sets it up: load its inputs and consts, fill out/scratch, set the calling convention's registers (a program overlapping a tensor, or a tensor in executable memory, is refused); write every output (and inputs read back) as DIR/NAME.npy and stats.json; needs -o; --dump adds memory of your choosing to DIR"},
		&cli.StringFlag{Name: "hazard-policy", Usage: "aie2 only: what a read before its operand's write lands does: " + strings.Join(aie2.PolicyNames, ", ") + " (exposed: the hardware's, and the judge's; warn: the same results, each early read reported on stderr, in --stats' stale_reads and --profile's hazards; interlock: the reader waits). Changes only params.hazard_policy of the config, so it works with --case"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "directory for --dump files and stats.json (created if needed; default: .)"},
		&cli.BoolFlag{Name: "regs", Usage: "print the final registers on stderr"},
		&cli.BoolFlag{Name: "describe", Usage: "print the hardware config and the host's SIMD features, then exit"},
		&cli.StringSliceFlag{Name: "preload", Usage: "before the run, copy a file's raw bytes to the start of a memory region: REGION=FILE (repeatable; regions: kc-sim --describe)"},
		&cli.StringFlag{Name: "engine", Value: "auto", Usage: "how the program runs: auto (coral: translated code where it applies, else the block engine), translate (coral: hot blocks as host machine code; an error where it cannot run: --trace, --profile, --timeline, --gdb, non-amd64 hosts, --simd generic or KC_SIMD=generic, hosts refusing executable memory), blocks (the block engine), step (the reference stepper); results and cycles are identical, only speed differs; plena and aie2 have one engine (auto). --stats names the engine that ran"},
		&cli.StringFlag{Name: "simd", Value: "auto", Usage: "vector element loops: auto (best the CPU has), generic (pure Go), avx2 or avx512; results are identical, only speed differs (also KC_SIMD=…: auto, generic, avx2, avx512; any other value is an error)"},
	}
	return &cli.App{
		Name:                      "kc-sim",
		Usage:                     "run a kernel on a cycle-counting simulator",
		UsageText:                 "kc-sim [-t TARGET] [--hw CONFIG] [flags] FILE.elf|FILE.mem|-\n   kc-sim [--hw CONFIG] --describe",
		Description:               strings.Replace(description, "DTYPES", dtypeNames(), 1),
		Version:                   version,
		HideHelpCommand:           true,
		DisableSliceFlagSeparator: true, // int32[4,16] has commas
		Reader:                    stdin,
		Writer:                    stdout,
		ErrWriter:                 stderr,
		Flags:                     append(append(append(flags, gdbFlags()...), timelineFlags()...), preloadFlags()...),
		Action: func(c *cli.Context) error {
			if p := c.String("simd"); p != "auto" {
				if !vec.SetPath(p) {
					*status = sim.ExitToolError
					return fmt.Errorf("--simd %s: not available on this CPU (available: %s)", p, strings.Join(append(vec.Paths(), "generic"), ", "))
				}
			}
			cfg, err := configFrom(c)
			if err == errDescribed {
				*status = 0
				return nil
			}
			if err != nil {
				*status = sim.ExitToolError
				return err
			}
			*status = simulate(cfg, stdin, stdout, stderr)
			return nil
		},
	}
}

// dtypeNames lists the dtypes --load and --dump accept (sim.DTypes), so
// the help cannot fall behind the table.
func dtypeNames() string {
	names := make([]string, len(sim.DTypes))
	for i, d := range sim.DTypes {
		names[i] = d.Name
	}
	return strings.Join(names, " ")
}

// preloadFlags are the raw memory-image options of every simulated target
// (sim.Target.Preloads), e.g. plena's --hbm FILE.
func preloadFlags() []cli.Flag {
	seen := map[string][]string{}
	usage := map[string]string{}
	var names []string
	for _, t := range sim.Targets() {
		for _, p := range t.Preloads {
			if _, ok := seen[p.Flag]; !ok {
				names = append(names, p.Flag)
				usage[p.Flag] = p.Usage
			}
			seen[p.Flag] = append(seen[p.Flag], t.Name)
		}
	}
	sort.Strings(names)
	var out []cli.Flag
	for _, n := range names {
		out = append(out, &cli.StringFlag{Name: n, Usage: fmt.Sprintf("%s: %s", strings.Join(seen[n], ", "), usage[n])})
	}
	return out
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		// Last resort: errors are returned as values everywhere; a panic is
		// a bug, reported as a tool error rather than a crash.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "kc-sim: internal error: %v\n", r)
			status = sim.ExitToolError
		}
	}()
	if len(args) > 1 && args[1] == "bench" { // kc-sim bench (bench.go): its own flags and help
		return runBenchCLI(args[1:], stdout, stderr)
	}
	app := newApp(stdin, stdout, stderr, &status)
	cliutil.SuggestFlags(app)
	if err := app.Run(cliutil.Interspersed(normalizeTimeline(normalizeProfile(normalizeStats(args))), app.Flags)); err != nil {
		fmt.Fprintf(stderr, "kc-sim: %v\n", err)
		if status == 0 {
			status = sim.ExitToolError
		}
	}
	return status
}

// normalizeStats turns --stats=json into the hidden --stats-json flag and
// --stats=text into --stats, so --stats stays a plain switch.
func normalizeStats(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if i > 0 {
			switch strings.TrimLeft(a, "-") {
			case "stats=json":
				a = "--stats-json"
			case "stats=text":
				a = "--stats"
			}
		}
		out = append(out, a)
	}
	return out
}

// hostFeatures describes the host CPU and its SIMD features (the vector
// kernels of sim/vec pick their implementation from these).
func hostFeatures() string {
	var simd []string
	for _, f := range []struct {
		id   cpuid.FeatureID
		name string
	}{
		{cpuid.SSE2, "sse2"}, {cpuid.SSE4, "sse4.1"}, {cpuid.SSE42, "sse4.2"},
		{cpuid.AVX, "avx"}, {cpuid.AVX2, "avx2"}, {cpuid.FMA3, "fma"},
		{cpuid.AVX512F, "avx512f"}, {cpuid.AVX512BW, "avx512bw"}, {cpuid.AVX512VNNI, "avx512vnni"},
		{cpuid.ASIMD, "asimd"}, {cpuid.SVE, "sve"},
	} {
		if cpuid.CPU.Supports(f.id) {
			simd = append(simd, f.name)
		}
	}
	if len(simd) == 0 {
		simd = []string{"none detected"}
	}
	brand := cpuid.CPU.BrandName
	if brand == "" {
		brand = runtime.GOARCH
	}
	return fmt.Sprintf("%s, %d logical cores; SIMD: %s; vector loops: %s", brand, runtime.NumCPU(), strings.Join(simd, " "), vec.Path())
}
