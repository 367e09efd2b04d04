package sim

import (
	"context"
	"debug/elf"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	isadefs "kernelcraft/isa-defs"
)

// Core is a target's simulator as the front ends (kc-sim, the reference
// runner, the agent's tools) drive it, whatever the target.
type Core interface {
	Load(img *Image) error
	Run() Halt
	Stats() *Stats
	Memory() *Memory
	// SetReg writes a register by its assembly name (a0, x10, …), for
	// calling conventions.
	SetReg(name string, v uint64) error
	// DumpRegs writes the architectural registers in a readable form.
	DumpRegs(w io.Writer)
}

// Releaser is a Core that can give its memory back for reuse once a run
// is over and its results are read (Memory.Release): the core, its
// Memory and any slice of it must not be used after Release. The
// reference runner calls it; cores whose memory is large and whose every
// store is reported implement it (plena).
type Releaser interface {
	Release()
}

// CoreOptions are the options every target understands. Each target's
// own Options embed them, so a field added here reaches every target
// (sim/simtest's TestCoreOptionsHonoured checks that each target acts on
// each field).
type CoreOptions struct {
	MaxCycles int64     // 0: the hardware config's max_cycles
	Trace     io.Writer // one line per retired instruction, or nil
	// Profile, if set, receives the run's per-instruction profile (cycles,
	// stalls and hazards by address; see Profile). Cores may run slower
	// while profiling; cycle counts are the same.
	Profile *Profile
	// Timeline, if set, records a window of the run instruction by
	// instruction (see Timeline); cores may run slower, cycle counts are
	// the same. Targets that cannot record one return an error from New.
	Timeline *Timeline
	// Stop, if not nil, is polled while the core runs (not per
	// instruction: every few thousand instructions or about a million
	// simulated cycles, well under a millisecond of work); once it is
	// true the run ends with HaltCancelled. StopOnDone makes one that a
	// context sets.
	Stop *atomic.Bool
	// Console, if set, receives what the program writes to a console
	// device the hardware config has (coral's HTIF with params.htif).
	Console io.Writer
	// Memo, if set, is a store the core may fill on this run and replay
	// on later runs of the same executable and hardware config (see
	// RunMemo): every replayed step is checked against the run, so the
	// results are exactly those of a run without it, only faster. Safe
	// to share between concurrent runs; bounded by RunMemo.Cap. Cores
	// that have nothing to memoise ignore it.
	Memo *RunMemo
	// Reference makes Run take the target's reference stepper: fetch,
	// decode and execute one instruction at a time, without the fast
	// paths (pre-decoded programs, block engines, memos of decoded
	// code). Results, cycles and stats are the same, only slower; the
	// targets' tests (sim/simtest) hold the fast paths to it.
	Reference bool
	// Engine chooses how a target runs a program where it has more than
	// one engine: "" or "auto" (the target's best), or a target's own
	// engine name (coral: "translate", "blocks", "step"; "step" is
	// Reference). New refuses a name the target does not know, or an
	// engine that cannot run with the other options or on this host.
	// Results, cycles and stats never depend on it (Stats.Engine says
	// which ran).
	Engine string
}

// CheckOneEngine is New's check of Engine for a target with one engine:
// only "" and "auto" are accepted.
func (o CoreOptions) CheckOneEngine(target string) error {
	if o.Engine != "" && o.Engine != "auto" {
		return fmt.Errorf("%s: engine %q: %s has one engine (want auto)", target, o.Engine, target)
	}
	return nil
}

// StopOnDone returns a stop flag (CoreOptions.Stop) that becomes true when
// ctx is done, and a function that releases the watch on ctx. A context
// that can never be done gives a nil flag (nothing to poll).
func StopOnDone(ctx context.Context) (stop *atomic.Bool, release func()) {
	if ctx.Done() == nil {
		return nil, func() {}
	}
	stop = new(atomic.Bool)
	if ctx.Err() != nil {
		stop.Store(true)
		return stop, func() {}
	}
	unwatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	return stop, func() { unwatch() }
}

// Target describes one simulated target. Target packages register
// themselves in init (import them for their side effect).
type Target struct {
	Name       string      // isa name, as in a hardware config's "isa"
	ELFMachine elf.Machine // required e_machine of program images
	New        func(hw *isadefs.HW, opts CoreOptions) (Core, error)
	// Timelines: New accepts CoreOptions.Timeline (the target's timing
	// model can say when each instruction dispatched, issued and
	// completed, and why it waited).
	Timelines bool
	// Engines names the engines CoreOptions.Engine may choose besides
	// "auto", for a target with more than one (none: only auto).
	Engines []string
	// Costs, if set, explains the target's timing model with the numbers
	// of one hardware config (the ISA manual's "what decides cycles").
	Costs func(hw *isadefs.HW) (CostModel, error)
	// ParseProgram, if set, reads a program file that is not an ELF (a
	// target's own machine-code format, such as PLENA's text of hex
	// words) into an image for the hardware config.
	ParseProgram func(hw *isadefs.HW, data []byte) (*Image, error)
	// Preloads are the target's raw memory-image options: kc-sim --FLAG
	// FILE copies FILE's bytes to the start of memory region Region
	// before the run (PLENA's emulator takes --hbm, --fpsram, ...).
	Preloads []Preload
}

// Preload is one raw memory-image option of a target.
type Preload struct {
	Flag   string // option name, without dashes
	Region string // memory region the file's bytes go to, from its start
	Usage  string // what the file holds
	// Elem names the image's element type ("f16") and ElemBytes is its
	// size: an image for Region holds whole elements (CheckImage). Zero
	// ElemBytes: the image is bytes.
	Elem      string
	ElemBytes int
}

// PreloadElem is the element of a raw image for a region: the one the
// target's preload option for that region names, else a byte.
func (t Target) PreloadElem(region string) (name string, size int) {
	for _, p := range t.Preloads {
		if p.Region == region && p.ElemBytes > 1 {
			return p.Elem, p.ElemBytes
		}
	}
	return "byte", 1
}

// CheckImage says whether n bytes are a raw image a region of m can
// take: no more than the region's size and whole elements of the
// region's type (PreloadElem). A caller reading the image from a file
// reads no more than the region's size plus one byte.
func (t Target) CheckImage(m *Memory, region string, n int64) error {
	r, err := m.RegionNamed(region)
	if err != nil {
		return err
	}
	size := int64(len(r.Data))
	if n > size {
		return fmt.Errorf("%d bytes do not fit in region %s (%d bytes)", n, r.Name, size)
	}
	elem, eb := t.PreloadElem(region)
	if rem := n % int64(eb); rem != 0 {
		return fmt.Errorf("%d bytes end inside an element: the %s at offset %d has %d of its %d bytes (region %s, %d bytes, holds %d-byte %s elements)",
			n, elem, n-rem, rem, eb, r.Name, size, eb, elem)
	}
	return nil
}

// RegionNamed returns the region of that name.
func (m *Memory) RegionNamed(name string) (*Region, error) {
	for _, r := range m.Regions {
		if r.Name == name {
			return r, nil
		}
	}
	return nil, fmt.Errorf("no memory region %q (%s)", name, m.Map())
}

// LoadProgram reads a program file for a target: an ELF executable, or
// (when the data is not an ELF and the target has one) the target's own
// program format.
func (t Target) LoadProgram(hw *isadefs.HW, data []byte) (*Image, error) {
	if len(data) >= 4 && string(data[:4]) == "\x7fELF" || t.ParseProgram == nil {
		return LoadELF(data, t.ELFMachine)
	}
	return t.ParseProgram(hw, data)
}

// PreloadRegion copies a raw image to the start of a named region,
// ignoring permissions; the image must fit.
func (m *Memory) PreloadRegion(region string, data []byte) error {
	r, err := m.RegionNamed(region)
	if err != nil {
		return err
	}
	if len(data) > len(r.Data) {
		return fmt.Errorf("%d bytes do not fit in region %s (%d bytes)", len(data), r.Name, len(r.Data))
	}
	copy(r.Data, data)
	r.touch(0, uint64(len(data)))
	return nil
}

// CostModel explains, in words and with a hardware config's numbers, what
// decides a target's cycle counts. Its numbers come from the tables and
// functions the simulator itself uses, so the text cannot drift from the
// model.
type CostModel interface {
	// Rules is the body of the manual's "what decides cycles" section:
	// issue rules, units, ports, latencies.
	Rules() string
	// Inst is what one instruction costs: its unit, latency and the
	// rules that apply to it ("" if the model does not know it).
	Inst(in *isadefs.Inst) string
}

// SummaryModel is implemented by a target's CostModel that can say in a
// few words what its cycles section covers (the manual's overview quotes
// it after the timing table).
type SummaryModel interface {
	Summary() string
}

// SimulatedModel is implemented by a target's CostModel that knows which
// instruction forms its simulator runs: Simulated reports false, and why
// ("" when no reason is recorded), for a form that stops the simulation.
type SimulatedModel interface {
	Simulated(in *isadefs.Inst) (ok bool, why string)
}

var (
	targetsMu sync.Mutex
	targets   = map[string]Target{}
)

// RegisterTarget makes a target available to NewCore.
func RegisterTarget(t Target) {
	targetsMu.Lock()
	defer targetsMu.Unlock()
	targets[t.Name] = t
}

// Targets returns every registered target, by name.
func Targets() []Target {
	targetsMu.Lock()
	defer targetsMu.Unlock()
	out := make([]Target, 0, len(targets))
	for _, t := range targets {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupTarget returns the registered target of an isa.
func LookupTarget(isa string) (Target, error) {
	targetsMu.Lock()
	defer targetsMu.Unlock()
	t, ok := targets[isa]
	if !ok {
		var names []string
		for n := range targets {
			names = append(names, n)
		}
		sort.Strings(names)
		return Target{}, fmt.Errorf("no simulator for target %q (available: %s)", isa, strings.Join(names, ", "))
	}
	return t, nil
}

// ManualSections is implemented by a CostModel that adds sections of its
// own to the ISA manual (aie2: bundle formats, register views, the exposed
// pipeline, MAC modes): their names, listed after the overview, and their
// text.
type ManualSections interface {
	SectionNames() []string
	Section(name string) string
}
