package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"kernelcraft/asm"

	"github.com/urfave/cli/v2"

	"kernelcraft/cmd/internal/cliutil"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	"kernelcraft/sim/aie2"
)

// config is one kc-sim run, from flags. A --case flag (the reference
// runner) fills loads, dumps and sets from the case's manifest.
type config struct {
	hw        *isadefs.HW
	target    sim.Target
	input     string // ELF path or "-"
	maxCycles int64
	stats     string // "", "text" or "json"
	statsFile bool   // write stats.json to outDir whatever stats says (--case)
	trace     bool
	profile   bool // --profile
	profTop   int  // --profile=N: the N hottest lines (0: all)
	regs      bool
	loads     []sim.LoadSpec
	dumps     []sim.DumpSpec
	sets      []regSet
	preloads  []preload
	outDir    string        // "" when -o was not given
	caseRun   *caseSetup    // --case: the case's set-up (memory and registers) and read-back
	gdb       string        // --gdb ADDR: serve GDB there instead of running (gdb.go)
	gdbLog    string        // --gdb-log FILE: the protocol's packets
	timeline  *timelineOpts // --timeline (timeline.go)
	engine    string        // --engine
}

type regSet struct{ reg, value string }

// preload is a raw image for a memory region (--preload, or a target's
// own option such as plena's --hbm).
type preload struct{ flag, region, file string }

// configFrom validates the flags.
func configFrom(c *cli.Context) (*config, error) {
	if dir := c.String("case"); dir != "" {
		if c.NArg() != 1 {
			return nil, fmt.Errorf("want exactly one program (FILE.elf, or - for standard input); see kc-sim --help")
		}
		if len(c.StringSlice("load"))+len(c.StringSlice("set")) > 0 {
			return nil, fmt.Errorf("--case sets up memory and registers itself: drop --load and --set")
		}
		cfg := &config{input: c.Args().First(), maxCycles: c.Int64("max-cycles"), trace: c.Bool("trace"), regs: c.Bool("regs"), outDir: c.String("output"),
			profile: c.Bool("profile"), profTop: c.Int("profile-top")}
		if cfg.maxCycles < 0 {
			return nil, fmt.Errorf("--max-cycles %d: want a positive number", cfg.maxCycles)
		}
		cfg.stats = statsMode(c)
		if err := fromCase(cfg, dir, c.String("target"), c.String("hw")); err != nil {
			return nil, err
		}
		if err := hazardPolicyFrom(c, cfg); err != nil {
			return nil, err
		}
		// --dump reads memory after the run as without --case; its files
		// share -o with the case's tensors and stats.json.
		reserved := map[string]bool{}
		for _, s := range cfg.caseRun.c.Tensors {
			reserved[s.Name] = true
		}
		if err := dumpsFrom(c, cfg, reserved); err != nil {
			return nil, err
		}
		if err := gdbFrom(c, cfg); err != nil {
			return nil, err
		}
		if err := engineFrom(c, cfg); err != nil {
			return nil, err
		}
		return cfg, timelineFrom(c, cfg)
	}
	hw, err := loadHW(c.String("target"), c.String("hw"))
	if err != nil {
		return nil, err
	}
	if p := c.String("hazard-policy"); c.IsSet("hazard-policy") {
		if hw, err = aie2.WithHazardPolicy(hw, p); err != nil {
			return nil, fmt.Errorf("--hazard-policy %s: %v", p, err)
		}
	}
	if c.Bool("describe") {
		fmt.Fprint(c.App.Writer, hw.Describe())
		fmt.Fprintf(c.App.Writer, "host: %s\n", hostFeatures())
		return nil, errDescribed
	}
	if c.NArg() != 1 {
		return nil, fmt.Errorf("want exactly one program (FILE.elf, or - for standard input); see kc-sim --help")
	}
	target, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		return nil, err
	}
	cfg := &config{hw: hw, target: target, input: c.Args().First(), maxCycles: c.Int64("max-cycles"),
		trace: c.Bool("trace"), regs: c.Bool("regs"), outDir: c.String("output"),
		profile: c.Bool("profile"), profTop: c.Int("profile-top")}
	if cfg.maxCycles < 0 {
		return nil, fmt.Errorf("--max-cycles %d: want a positive number", cfg.maxCycles)
	}
	cfg.stats = statsMode(c)
	for _, s := range c.StringSlice("load") {
		l, err := sim.ParseLoadSpec(s)
		if err != nil {
			return nil, err
		}
		cfg.loads = append(cfg.loads, l)
	}
	if err := dumpsFrom(c, cfg, nil); err != nil {
		return nil, err
	}
	for _, s := range c.StringSlice("set") {
		r, v, ok := strings.Cut(s, "=")
		if !ok || r == "" || v == "" {
			return nil, fmt.Errorf("--set %q: want REG=VALUE, e.g. a0=0x10000", s)
		}
		cfg.sets = append(cfg.sets, regSet{r, v})
	}
	if err := preloadsFrom(c, cfg); err != nil {
		return nil, err
	}
	if err := gdbFrom(c, cfg); err != nil {
		return nil, err
	}
	if err := engineFrom(c, cfg); err != nil {
		return nil, err
	}
	return cfg, timelineFrom(c, cfg)
}

// engineFrom reads --engine into cfg. The target's New refuses an engine
// it does not have or that cannot run with the other options; --gdb
// steps the program itself, so only auto and step go with it.
func engineFrom(c *cli.Context, cfg *config) error {
	cfg.engine = c.String("engine")
	switch cfg.engine {
	case "auto", "translate", "blocks", "step":
	default:
		return fmt.Errorf("--engine %q: want auto, translate, blocks or step", cfg.engine)
	}
	if cfg.gdb != "" && cfg.engine != "auto" && cfg.engine != "step" {
		return fmt.Errorf("--engine %s: not with --gdb (GDB runs the program one instruction at a time, on the reference stepper)", cfg.engine)
	}
	return nil
}

// hazardPolicyFrom applies --hazard-policy to a --case run's config: a
// copy of the case's own config with only params.hazard_policy changed
// (aie2.WithHazardPolicy), so the case's layout still holds.
func hazardPolicyFrom(c *cli.Context, cfg *config) error {
	if !c.IsSet("hazard-policy") {
		return nil
	}
	p := c.String("hazard-policy")
	hw, err := aie2.WithHazardPolicy(cfg.hw, p)
	if err != nil {
		return fmt.Errorf("--hazard-policy %s: %v", p, err)
	}
	cfg.hw = hw
	return nil
}

// dumpsFrom reads --dump NAME@ADDR:DTYPE[SHAPE]. Each name is unique,
// not "stats" (stats.json), without a path separator, and not one of
// reserved (with --case: the case's tensors, which are written to the
// same directory).
func dumpsFrom(c *cli.Context, cfg *config, reserved map[string]bool) error {
	names := map[string]bool{}
	for _, s := range c.StringSlice("dump") {
		d, err := sim.ParseDumpSpec(s)
		if err != nil {
			return err
		}
		if names[d.Name] || strings.ContainsAny(d.Name, `/\`) || d.Name == "stats" {
			return fmt.Errorf("--dump %q: the name must be unique, not \"stats\", and have no path separator", s)
		}
		if reserved[d.Name] {
			return fmt.Errorf("--dump %q: the case writes its tensor %s to -o as %s.npy; name the dump otherwise", s, d.Name, d.Name)
		}
		names[d.Name] = true
		cfg.dumps = append(cfg.dumps, d)
	}
	return nil
}

// preloadsFrom reads --preload REGION=FILE and the target's own preload
// options (a flag of another target is an error).
func preloadsFrom(c *cli.Context, cfg *config) error {
	for _, s := range c.StringSlice("preload") {
		r, f, ok := strings.Cut(s, "=")
		if !ok || r == "" || f == "" {
			return fmt.Errorf("--preload %q: want REGION=FILE, e.g. hbm=hbm.bin", s)
		}
		cfg.preloads = append(cfg.preloads, preload{"preload", r, f})
	}
	own := map[string]string{}
	for _, p := range cfg.target.Preloads {
		own[p.Flag] = p.Region
	}
	for _, t := range sim.Targets() {
		for _, p := range t.Preloads {
			if !c.IsSet(p.Flag) {
				continue
			}
			r, ok := own[p.Flag]
			if !ok {
				return fmt.Errorf("--%s is an option of target %s, not %s", p.Flag, t.Name, cfg.target.Name)
			}
			if !hasPreload(cfg.preloads, p.Flag) {
				cfg.preloads = append(cfg.preloads, preload{p.Flag, r, c.String(p.Flag)})
			}
		}
	}
	// Standard input ("-") can be read once: a second reader would see
	// it empty, and an empty image is a valid one.
	stdinUser := ""
	if cfg.input == "-" {
		stdinUser = "the program"
	}
	for _, p := range cfg.preloads {
		if p.file != "-" {
			continue
		}
		if stdinUser != "" {
			return fmt.Errorf("--%s -: standard input is already %s", p.flag, stdinUser)
		}
		stdinUser = "--" + p.flag
	}
	return nil
}

func hasPreload(ps []preload, flag string) bool {
	for _, p := range ps {
		if p.flag == flag {
			return true
		}
	}
	return false
}

// statsMode is "json" for --stats=json, "text" for --stats, else "".
func statsMode(c *cli.Context) string {
	switch {
	case c.Bool("stats-json"):
		return "json"
	case c.Bool("stats"):
		return "text"
	}
	return ""
}

// errDescribed ends a --describe run successfully.
var errDescribed = fmt.Errorf("described")

// loadHW resolves --target and --hw: the config defaults to the target's
// own, and the target to the config's isa.
func loadHW(target, hwName string) (*isadefs.HW, error) {
	if hwName == "" {
		hwName = target
		if hwName == "" {
			hwName = "coral"
		}
	}
	hw, err := isadefs.LoadHW(hwName)
	if err != nil {
		return nil, err
	}
	if target != "" && hw.ISA != target {
		return nil, fmt.Errorf("hardware config %s is for target %s, not %s", hw.Name, hw.ISA, target)
	}
	return hw, nil
}

// simulate runs the program and reports; it returns the exit status.
func simulate(cfg *config, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "kc-sim: "+format+"\n", args...)
		return sim.ExitToolError
	}
	data, err := cliutil.ReadInput(cfg.input, stdin, asm.MaxELFBytes)
	if err != nil {
		return fail("%v", err)
	}
	img, err := cfg.target.LoadProgram(cfg.hw, data)
	if err != nil {
		return fail("%s: %v", cfg.input, err)
	}
	// Ctrl-C (or SIGTERM) stops the simulation within a millisecond or
	// so; the run then ends as usual with an "interrupted" halt and exit
	// status 130 (sim.ExitInterrupted).
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	stop, release := sim.StopOnDone(ctx)
	defer release()
	opts := sim.CoreOptions{MaxCycles: cfg.maxCycles, Stop: stop, Console: stdout, Engine: cfg.engine}
	if cfg.stats == "json" && cfg.outDir == "" {
		opts.Console = stderr // stdout carries the JSON
	}
	if cfg.trace {
		opts.Trace = stderr
	}
	if cfg.profile {
		opts.Profile = &sim.Profile{}
	}
	if cfg.timeline != nil {
		if opts.Timeline, err = newTimeline(cfg.timeline, img); err != nil {
			return fail("%v", err)
		}
	}
	core, err := cfg.target.New(cfg.hw, opts)
	if err != nil {
		return fail("%v", err)
	}
	if err := core.Load(img); err != nil {
		return fail("%s: %v", cfg.input, err)
	}
	if cfg.caseRun != nil {
		if err := cfg.caseRun.setUp(core, img); err != nil {
			return fail("%v", err)
		}
	}
	for _, p := range cfg.preloads {
		if err := preloadImage(cfg.target, core.Memory(), p, stdin); err != nil {
			return fail("--%s %s: %v", p.flag, p.file, err)
		}
	}
	for _, l := range cfg.loads {
		if err := loadTensor(core.Memory(), img, l); err != nil {
			return fail("%v", err)
		}
	}
	// Check the dumps now, so a bad address fails before a long run.
	for _, d := range cfg.dumps {
		addr, err := sim.ResolveAddrIn(d.Addr, img.Symbols, core.Memory())
		if err == nil {
			_, err = sim.DumpTensor(core.Memory(), addr, d)
		}
		if err != nil {
			return fail("--dump %s: %v", d.Name, err)
		}
	}
	for _, s := range cfg.sets {
		v, err := sim.ResolveAddr(s.value, img.Symbols)
		if err != nil {
			if n, perr := strconv.ParseInt(s.value, 0, 64); perr == nil && n < 0 {
				v, err = uint64(uint32(n)), nil // negative values as 32-bit two's complement
			}
		}
		if err != nil {
			return fail("--set %s=%s: %v", s.reg, s.value, err)
		}
		if err := core.SetReg(s.reg, v); err != nil {
			return fail("--set %s=%s: %v", s.reg, s.value, err)
		}
	}

	halt, err := runProgram(ctx, cfg, core, stderr)
	if err != nil {
		return fail("%v", err)
	}

	if cfg.stats != "text" {
		fmt.Fprintln(stderr, halt)
	}
	reportStaleReads(cfg.hw, core, stderr)
	st := core.Stats()
	jsonOut := cfg.stats == "json" || cfg.statsFile
	if len(cfg.dumps) > 0 || jsonOut && cfg.outDir != "" {
		dir := cfg.outDir
		if dir == "" {
			dir = "."
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fail("%v", err)
		}
		for _, d := range cfg.dumps {
			if err := dumpTensor(core.Memory(), img, d, dir); err != nil {
				return fail("%v", err)
			}
		}
		if cfg.caseRun != nil {
			if err := cfg.caseRun.dump(core.Memory(), dir); err != nil {
				return fail("%v", err)
			}
		}
	}
	if cfg.stats == "text" {
		st.WriteText(stderr, halt)
	}
	if jsonOut {
		var buf bytes.Buffer
		if err := st.WriteJSON(&buf, halt, core.Memory().WrittenRanges()); err != nil {
			return fail("%v", err)
		}
		if cfg.outDir != "" {
			if err := os.WriteFile(filepath.Join(cfg.outDir, "stats.json"), buf.Bytes(), 0o644); err != nil {
				return fail("%v", err)
			}
		} else if _, err := stdout.Write(buf.Bytes()); err != nil {
			return fail("%v", err)
		}
	}
	if cfg.regs {
		core.DumpRegs(stderr)
	}
	if cfg.profile {
		writeProfile(stderr, opts.Profile, data, cfg.input, cfg.profTop)
	}
	if cfg.timeline != nil {
		if err := writeTimeline(cfg.timeline, opts.Timeline, stdout, stderr); err != nil {
			return fail("%v", err)
		}
	}
	return halt.ExitStatus()
}

// maxStaleShown bounds the different stale reads a warn run lists on
// stderr (the count is exact).
const maxStaleShown = 20

// reportStaleReads lists, under aie2's warn policy, the reads that came
// before the write they mean landed (aie2.Warning), the first
// maxStaleShown of them.
func reportStaleReads(hw *isadefs.HW, core sim.Core, w io.Writer) {
	wc, ok := core.(interface {
		Warnings() ([]aie2.Warning, uint64)
	})
	if !ok || hw.Param("hazard_policy", int64(aie2.Exposed)) != int64(aie2.Warn) {
		return
	}
	ws, n := wc.Warnings()
	if n == 0 {
		fmt.Fprintln(w, "hazard policy warn: no stale reads")
		return
	}
	fmt.Fprintf(w, "hazard policy warn: %d stale read%s (exposed, the judge's policy, computes the same values)\n", n, map[bool]string{true: "", false: "s"}[n == 1])
	// A bundle that reads a register twice (add r2, r1, r1) is one
	// line.
	seen := map[string]bool{}
	for _, x := range ws {
		if len(seen) == maxStaleShown {
			fmt.Fprintf(w, "  ... (the first %d different ones shown)\n", maxStaleShown)
			break
		}
		if s := x.String(); !seen[s] {
			seen[s] = true
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
}

// runProgram runs the loaded program to its halt: on its own, or under
// GDB with --gdb.
func runProgram(ctx context.Context, cfg *config, core sim.Core, stderr io.Writer) (sim.Halt, error) {
	if cfg.gdb != "" {
		return serveGDB(ctx, cfg, core, stderr)
	}
	halt := core.Run()
	if halt.Kind == sim.HaltCancelled {
		halt.Msg = fmt.Sprintf("halted: interrupted at pc %#x after %d cycles (the run was stopped before it ended)", halt.PC, core.Stats().Cycles)
	}
	return halt, nil
}

// preloadImage copies a raw image (--hbm, --preload REGION=FILE, ...) to
// the start of its region. The region's size bounds the read before
// anything is read: a longer regular file is refused by its size, a
// device or pipe is read to the size plus one byte (cliutil.ReadInput,
// as for the program file). The image must hold whole elements of the
// region's type (sim.Target.CheckImage).
func preloadImage(t sim.Target, m *sim.Memory, p preload, stdin io.Reader) error {
	r, err := m.RegionNamed(p.region)
	if err != nil {
		return err
	}
	size := int64(len(r.Data))
	data, err := cliutil.ReadInput(p.file, stdin, size)
	if errors.Is(err, cliutil.ErrTooLarge) {
		return fmt.Errorf("%w: region %s holds %d bytes (%s)", err, r.Name, size, asm.SizeText(size))
	}
	if err != nil {
		return err
	}
	if err := t.CheckImage(m, p.region, int64(len(data))); err != nil {
		return err
	}
	return m.PreloadRegion(p.region, data)
}

func loadTensor(m *sim.Memory, img *sim.Image, l sim.LoadSpec) error {
	addr, err := sim.ResolveAddrIn(l.Addr, img.Symbols, m)
	if err != nil {
		return fmt.Errorf("--load %s: %v", l.Name, err)
	}
	// The program is decoded when it is loaded: bytes placed in
	// executable memory afterwards would change memory but not what runs.
	r := m.Find(addr)
	if r != nil && r.Executable {
		return fmt.Errorf("--load %s at %#x: region %s is executable memory, whose code kc-sim decodes when the program is loaded; place data in a data region (or assemble it into the program)", l.Name, addr, r.Name)
	}
	f, err := os.Open(l.File)
	if err != nil {
		return fmt.Errorf("--load %s: %v", l.Name, err)
	}
	defer f.Close()
	// The data is read only if its shape fits between the address and
	// the end of its region.
	limit := sim.MaxNPYBytes
	if r != nil {
		limit = int(min(r.End-addr, uint64(limit)))
	}
	t, err := sim.ReadNPYLimit(f, limit)
	if err != nil {
		if errors.Is(err, sim.ErrNPYTooLarge) {
			return fmt.Errorf("--load %s: %s: %v, the room from %#x to the end of region %s", l.Name, l.File, err, addr, r.Name)
		}
		return fmt.Errorf("--load %s: %s: %v", l.Name, l.File, err)
	}
	if err := m.Load(addr, t.Data); err != nil {
		return fmt.Errorf("--load %s: %s (%s%v): %v", l.Name, l.File, t.DType.Name, t.Shape, err)
	}
	return nil
}

func dumpTensor(m *sim.Memory, img *sim.Image, d sim.DumpSpec, dir string) error {
	addr, err := sim.ResolveAddrIn(d.Addr, img.Symbols, m)
	if err != nil {
		return fmt.Errorf("--dump %s: %v", d.Name, err)
	}
	t, err := sim.DumpTensor(m, addr, d)
	if err != nil {
		return fmt.Errorf("--dump %s: %v", d.Name, err)
	}
	var buf bytes.Buffer
	if err := sim.WriteNPY(&buf, t); err != nil {
		return fmt.Errorf("--dump %s: %v", d.Name, err)
	}
	return os.WriteFile(filepath.Join(dir, d.Name+".npy"), buf.Bytes(), 0o644)
}
