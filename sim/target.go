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

// CoreOptions are the options every target understands.
type CoreOptions struct {
	MaxCycles int64     // 0: the hardware config's max_cycles
	Trace     io.Writer // one line per retired instruction, or nil
	// Profile, if set, receives the run's per-instruction profile (cycles,
	// stalls and hazards by address; see Profile). Cores may run slower
	// while profiling; cycle counts are the same.
	Profile *Profile
	// Stop, if not nil, is polled while the core runs (not per
	// instruction: every few thousand instructions or about a million
	// simulated cycles, well under a millisecond of work); once it is
	// true the run ends with HaltCancelled. StopOnDone makes one that a
	// context sets.
	Stop *atomic.Bool
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
	// Costs, if set, explains the target's timing model with the numbers
	// of one hardware config (the ISA manual's "what decides cycles").
	Costs func(hw *isadefs.HW) (CostModel, error)
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
