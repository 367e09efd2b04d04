package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Stats are the counters of one run. Targets size StallCycles and UnitBusy
// once at setup (from StallNames and UnitNames) and only index them in the
// hot loop, so counting never allocates.
type Stats struct {
	Cycles       uint64
	Instructions uint64
	StallNames   []string
	StallCycles  []uint64 // cycles lost, by cause (index into StallNames)
	// StallAfterDispatch marks the causes counted after an instruction
	// left dispatch (a vector backend's waits), or is nil. Dispatch
	// stalls delay the in-order front end one after another, so they add
	// up to at most Cycles; after-dispatch stalls are each instruction's
	// own wait while dispatch and other instructions go on, so they
	// overlap each other and the dispatch stalls.
	StallAfterDispatch []bool
	UnitNames          []string
	UnitBusy           []uint64 // busy cycles (uops issued), by unit
	UnitCount          []int    // instances of each unit, for utilisation
	VectorElems        uint64   // vector elements processed (body elements)
	// CounterNames and Counters are a target's other event counts (plena:
	// HBM bytes read and written), sized at setup like UnitBusy.
	CounterNames []string
	Counters     []uint64
	// Notes are a target's remarks about the run that are not faults
	// (plena: a classic mistake its emulator lets pass, naming the rule).
	Notes []string
	Wall  time.Duration
	// Engine names the engine that ran the program, for targets with
	// more than one (CoreOptions.Engine; coral: translate, blocks,
	// per-instruction or step), or is empty.
	Engine string
}

// IPC is instructions per cycle.
func (s *Stats) IPC() float64 {
	if s.Cycles == 0 {
		return 0
	}
	return float64(s.Instructions) / float64(s.Cycles)
}

// MIPS is simulated millions of instructions per host second.
func (s *Stats) MIPS() float64 {
	if s.Wall <= 0 {
		return 0
	}
	return float64(s.Instructions) / s.Wall.Seconds() / 1e6
}

// statsJSON is the stable stats.json shape.
type statsJSON struct {
	Halt         string             `json:"halt"`
	HaltMessage  string             `json:"halt_message"`
	ExitStatus   int                `json:"exit_status"`
	Cycles       uint64             `json:"cycles"`
	Instructions uint64             `json:"instructions"`
	IPC          float64            `json:"ipc"`
	Stalls       map[string]uint64  `json:"stalls"`
	Utilisation  map[string]float64 `json:"unit_utilisation"`
	VectorElems  uint64             `json:"vector_elements"`
	Counters     map[string]uint64  `json:"counters,omitempty"`
	WallSeconds  float64            `json:"wall_seconds"`
	MIPS         float64            `json:"simulated_mips"`
	Engine       string             `json:"engine,omitempty"`
	Written      []Range            `json:"written_ranges,omitempty"`
	Notes        []string           `json:"notes,omitempty"`
}

func (s *Stats) utilisation() map[string]float64 {
	u := map[string]float64{}
	for i, name := range s.UnitNames {
		if s.Cycles > 0 && s.UnitCount[i] > 0 {
			u[name] = float64(s.UnitBusy[i]) / float64(s.Cycles) / float64(s.UnitCount[i])
		}
	}
	return u
}

// WriteJSON writes stats.json for a run that ended with h.
func (s *Stats) WriteJSON(w io.Writer, h Halt, written []Range) error {
	stalls := map[string]uint64{}
	for i, n := range s.StallNames {
		stalls[n] = s.StallCycles[i]
	}
	var counters map[string]uint64
	for i, n := range s.CounterNames {
		if counters == nil {
			counters = map[string]uint64{}
		}
		counters[n] = s.Counters[i]
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(statsJSON{
		Halt: h.KindName(), HaltMessage: h.String(), ExitStatus: h.ExitStatus(),
		Cycles: s.Cycles, Instructions: s.Instructions, IPC: s.IPC(),
		Stalls: stalls, Utilisation: s.utilisation(), VectorElems: s.VectorElems, Counters: counters,
		WallSeconds: s.Wall.Seconds(), MIPS: s.MIPS(), Engine: s.Engine, Written: written, Notes: s.Notes,
	})
}

// WriteText writes a human-readable summary.
func (s *Stats) WriteText(w io.Writer, h Halt) {
	fmt.Fprintf(w, "%s\n", h)
	for _, n := range s.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintf(w, "cycles        %d\n", s.Cycles)
	fmt.Fprintf(w, "instructions  %d\n", s.Instructions)
	fmt.Fprintf(w, "IPC           %.3f\n", s.IPC())
	if s.VectorElems > 0 {
		fmt.Fprintf(w, "vector elems  %d\n", s.VectorElems)
	}
	s.writeStalls(w)
	if len(s.CounterNames) > 0 {
		parts := make([]string, len(s.CounterNames))
		for i, n := range s.CounterNames {
			parts[i] = fmt.Sprintf("%s %d", n, s.Counters[i])
		}
		fmt.Fprintf(w, "counters      %s\n", strings.Join(parts, ", "))
	}
	u := s.utilisation()
	names := make([]string, 0, len(u))
	for n, v := range u {
		if v > 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) > 0 {
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = fmt.Sprintf("%s %.1f%%", n, 100*u[n])
		}
		fmt.Fprintf(w, "utilisation   %s\n", strings.Join(parts, ", "))
	}
	engine := ""
	if s.Engine != "" {
		engine = ", engine " + s.Engine
	}
	fmt.Fprintf(w, "host time     %v (%s simulated MIPS%s)\n", s.Wall.Round(time.Microsecond), SigFigs(s.MIPS(), 3), engine)
}

// writeStalls writes the stall counts: the dispatch stalls with their
// sum (at most the cycles), then the after-dispatch ones, which overlap.
func (s *Stats) writeStalls(w io.Writer) {
	var front, back []string
	var sum uint64
	for i, n := range s.StallNames {
		c := s.StallCycles[i]
		if c == 0 {
			continue
		}
		if i < len(s.StallAfterDispatch) && s.StallAfterDispatch[i] {
			back = append(back, fmt.Sprintf("%s %d", n, c))
			continue
		}
		front = append(front, fmt.Sprintf("%s %d", n, c))
		sum += c
	}
	if s.StallAfterDispatch == nil {
		if len(front) > 0 {
			fmt.Fprintf(w, "stall cycles  %s\n", strings.Join(front, ", "))
		}
		return
	}
	label := "stall cycles "
	if len(front) > 0 {
		fmt.Fprintf(w, "%s dispatch: %s (sum %d: these delay the in-order front end one after another, so they add up to at most the cycles)\n", label, strings.Join(front, ", "), sum)
		label = "             "
	}
	if len(back) > 0 {
		fmt.Fprintf(w, "%s after dispatch: %s (each instruction's own wait while dispatch and other instructions go on: they overlap each other and the dispatch stalls, so they do not add up to the cycles)\n", label, strings.Join(back, ", "))
	}
}

// SigFigs formats v with n significant digits and no exponent: 1234,
// 56.7, 0.00123.
func SigFigs(v float64, n int) string {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	d := n - 1 - int(math.Floor(math.Log10(math.Abs(v))))
	if d < 0 {
		d = 0
	}
	return strconv.FormatFloat(v, 'f', d, 64)
}
