// Package simbench is kc-sim bench: it times the simulators on fixed
// amounts of simulated work (built-in workloads or a user's ELF), runs
// coral's workloads on each of its engines side by side, and the ELF
// workloads under qemu-user or Spike in the same run.
//
// It sits after judge in the import order (isa-defs -> asm -> sim -> ref
// -> baseline -> judge -> simbench -> cmd): the gemm and softmax
// workloads run the coral baseline kernels on their cases through
// judge.RunCase, so it cannot live in sim, and nothing but the kc-sim
// front end needs it, so it is internal. cmd/kc-sim keeps the flags, the
// help and the printing.
package simbench

import (
	"embed"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

//go:embed workloads/*.s workloads/*.mem workloads/aie2/*.s
var sources embed.FS

// QEMUCPU makes qemu-user a Zve32-like machine (VLEN 128, ELEN 32, Zbb),
// as the coral differential tests do.
const QEMUCPU = "rv32,v=true,vlen=128,elen=32,zbb=true,vext_spec=v1.0"

// SpikeVsQEMU is issue 10's reference: Spike took 14.3x qemu-user's wall
// time on the scalar loop, measured side by side on our kind of machine.
const SpikeVsQEMU = 14.3

// Workloads lists the built-in workloads, in --workload all order.
var Workloads = []string{"scalar", "mixed", "vector", "gemm", "softmax", "plena-linear", "plena-attention", "aie2-gemm"}

// Options are one kc-sim bench run.
type Options struct {
	Workloads []string // built-in workloads; empty or "all": every one
	Against   []string // "qemu", "spike"
	// Engines names coral's engines to run each coral workload on, in
	// this order (see Engines); empty: every one. The first is the
	// primary: its figures head the result, and --fallback and the
	// kc-sim / tool ratios of Oracle use it.
	Engines  []string
	Fallback bool
	Repeat   int
	Scale    float64
	// File and ELF are the user's program (ELF read by the caller, who
	// bounds it), or "" and nil for the built-in workloads.
	File      string
	ELF       []byte
	HW        string // hardware config for ELF ("": coral, or coral-user for an entry at or above 0x10000)
	MaxCycles int64  // cycle limit for ELF (0: none)
	Host      string // the host's description, copied into the report
}

// Result is one timed workload.
type Result struct {
	Workload     string         `json:"workload"`
	Description  string         `json:"description"`
	HW           string         `json:"hw"`
	Instructions uint64         `json:"instructions"`
	Cycles       uint64         `json:"cycles"`
	VectorElems  uint64         `json:"vector_elements"`
	Halt         string         `json:"halt"`
	WallSeconds  float64        `json:"wall_seconds"` // median of Runs
	Runs         int            `json:"runs"`
	InstrPerSec  float64        `json:"instructions_per_second"`
	CyclesPerSec float64        `json:"cycles_per_second"`
	ElemsPerSec  float64        `json:"vector_elements_per_second"`
	SIMDPath     string         `json:"simd_path"`
	Engine       string         `json:"engine,omitempty"`  // the primary engine (coral workloads)
	Engines      []EngineResult `json:"engines,omitempty"` // every engine run, primary first (coral workloads)
	Fallback     *Fallback      `json:"fallback,omitempty"`
	Against      []Oracle       `json:"against,omitempty"`
}

// EngineResult is a coral workload timed on one engine. Its instructions,
// cycles, vector elements and halt are the Result's: Run fails when an
// engine's differ.
type EngineResult struct {
	Engine       string  `json:"engine"`
	WallSeconds  float64 `json:"wall_seconds"`
	InstrPerSec  float64 `json:"instructions_per_second"`
	CyclesPerSec float64 `json:"cycles_per_second"`
	ElemsPerSec  float64 `json:"vector_elements_per_second"`
	// SpeedOver is, per other engine run, its wall time over this one's:
	// above 1, this engine is that many times faster.
	SpeedOver map[string]float64 `json:"speed_over,omitempty"`
	// OverTool is, per oracle that ran (qemu, spike), this engine's wall
	// time over the tool's (below 1: kc-sim is faster).
	OverTool map[string]float64 `json:"kcsim_over_tool,omitempty"`
}

// Fallback is a workload rerun on the pure-Go vector loops.
type Fallback struct {
	Path string `json:"path"` // "generic"
	// Engine is the coral engine both runs used ("" off coral): the
	// primary, or blocks when the primary is translate, which runs only
	// with the SIMD paths.
	Engine      string  `json:"engine,omitempty"`
	WallSeconds float64 `json:"wall_seconds"`
	Speedup     float64 `json:"simd_speedup"` // fallback wall / SIMD wall on the same engine
}

// Oracle is a workload run by another simulator in the same run.
type Oracle struct {
	Tool        string  `json:"tool"`
	Found       bool    `json:"found"`
	Path        string  `json:"path,omitempty"`
	WallSeconds float64 `json:"wall_seconds,omitempty"`
	InstrPerSec float64 `json:"instructions_per_second,omitempty"`
	Ratio       float64 `json:"kcsim_over_tool,omitempty"` // kc-sim wall (primary engine) / tool wall
	Note        string  `json:"note,omitempty"`
}

// Report is everything one kc-sim bench measures.
type Report struct {
	Host        string   `json:"host"`
	GoVersion   string   `json:"go_version"`
	SIMDPath    string   `json:"simd_path"`
	Repeat      int      `json:"repeat"`
	Scale       float64  `json:"scale"`
	SpikeVsQEMU float64  `json:"spike_vs_qemu_reference"`
	Results     []Result `json:"results"`
}

// work is a workload ready to run: once returns one run's stats and the
// wall time to compare (ELF workloads: load and run), on the core options
// configure leaves (an engine's: coral's workloads; the others ignore it).
type work struct {
	name, desc, hw string
	coral          bool   // runs on coral: each engine of Options.Engines
	elf            []byte // runnable by qemu-user, or nil
	noOracle       string // why --against does not run it, if elf is nil and not for the usual reason
	once           func(configure func(*sim.CoreOptions)) (*sim.Stats, sim.Halt, time.Duration, error)
}

// Run builds and times the workloads.
func Run(o Options) (*Report, error) {
	engines, err := LookupEngines(o.Engines)
	if err != nil {
		return nil, err
	}
	return run(o, engines)
}

// run is Run with the engines resolved (tests pass their own).
func run(o Options, engines []Engine) (*Report, error) {
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
	var works []*work
	if o.File != "" {
		w, err := fileWork(o)
		if err != nil {
			return nil, err
		}
		works = append(works, w)
	} else {
		names := o.Workloads
		if len(names) == 0 || slices.Contains(names, "all") {
			names = Workloads
		}
		for _, n := range names {
			if !slices.Contains(Workloads, n) {
				return nil, fmt.Errorf("--workload %s: unknown workload (have: %s, all)", n, strings.Join(Workloads, ", "))
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
	host := o.Host
	if host == "" {
		host = runtime.GOARCH
	}
	rep := &Report{Host: host, GoVersion: runtime.Version(), SIMDPath: vec.Path(),
		Repeat: o.Repeat, Scale: o.Scale, SpikeVsQEMU: SpikeVsQEMU}
	for _, w := range works {
		r, err := timeWork(w, o, engines)
		if err != nil {
			return nil, fmt.Errorf("workload %s: %v", w.name, err)
		}
		rep.Results = append(rep.Results, *r)
	}
	return rep, nil
}

// outcome is what every engine and every repeat of a workload must agree
// on.
type outcome struct {
	instructions, cycles, elems uint64
	halt                        string
}

func (c outcome) String() string {
	return fmt.Sprintf("%d instructions, %d cycles, %d vector elements, %s", c.instructions, c.cycles, c.elems, c.halt)
}

func timeWork(w *work, o Options, engines []Engine) (*Result, error) {
	var first *outcome
	var firstBy string
	// measure times Repeat runs on one engine and checks each run's
	// outcome against the workload's first run's.
	measure := func(by string, configure func(*sim.CoreOptions)) (*sim.Stats, sim.Halt, float64, error) {
		var walls []float64
		var st *sim.Stats
		var h sim.Halt
		for i := 0; i < o.Repeat; i++ {
			s, hh, d, err := w.once(configure)
			if err != nil {
				return nil, hh, 0, err
			}
			st, h = s, hh
			walls = append(walls, d.Seconds())
			got := outcome{s.Instructions, s.Cycles, s.VectorElems, hh.String()}
			if first == nil {
				first, firstBy = &got, by
			} else if got != *first && by == firstBy {
				return nil, hh, 0, fmt.Errorf("%s gave %v on one run and %v on another: runs must agree exactly (a simulator bug)", by, *first, got)
			} else if got != *first {
				return nil, hh, 0, fmt.Errorf("%s gave %v, but %s gave %v: they must agree exactly (a simulator bug)", by, got, firstBy, *first)
			}
		}
		return st, h, median(walls), nil
	}
	if !w.coral {
		engines = []Engine{{Name: "", Configure: func(*sim.CoreOptions) {}}}
	}
	var ers []EngineResult
	var st *sim.Stats
	var h sim.Halt
	for _, e := range engines {
		by := "the " + e.Name + " engine"
		if e.Name == "" {
			by = "the " + w.hw + " core"
		}
		s, hh, wall, err := measure(by, e.Configure)
		if err != nil {
			return nil, err
		}
		if st == nil {
			st, h = s, hh
		}
		er := EngineResult{Engine: e.Name, WallSeconds: wall}
		if wall > 0 {
			er.InstrPerSec = float64(s.Instructions) / wall
			er.CyclesPerSec = float64(s.Cycles) / wall
			er.ElemsPerSec = float64(s.VectorElems) / wall
		}
		ers = append(ers, er)
	}
	p := ers[0]
	r := &Result{Workload: w.name, Description: w.desc, HW: w.hw, Instructions: st.Instructions, Cycles: st.Cycles,
		VectorElems: st.VectorElems, Halt: h.String(), WallSeconds: p.WallSeconds, Runs: o.Repeat, SIMDPath: vec.Path(),
		InstrPerSec: p.InstrPerSec, CyclesPerSec: p.CyclesPerSec, ElemsPerSec: p.ElemsPerSec}
	if w.coral {
		r.Engine = p.Engine
		for i := range ers {
			for j := range ers {
				if i != j && ers[i].WallSeconds > 0 {
					if ers[i].SpeedOver == nil {
						ers[i].SpeedOver = map[string]float64{}
					}
					ers[i].SpeedOver[ers[j].Engine] = ers[j].WallSeconds / ers[i].WallSeconds
				}
			}
		}
		r.Engines = ers
	}
	if o.Fallback {
		// The same engine on the pure-Go loops: translated code runs only
		// with the SIMD paths, so a translate primary is compared on the
		// block engine (measured beside it when it was not listed).
		fe, simdWall := engines[0], r.WallSeconds
		if fe.Name == EngineTranslate {
			fe = lookupEngine(EngineBlocks)
			simdWall = 0
			for _, er := range ers {
				if er.Engine == fe.Name {
					simdWall = er.WallSeconds
				}
			}
			if simdWall == 0 {
				_, _, wall, err := measure("the blocks engine", fe.Configure)
				if err != nil {
					return nil, err
				}
				simdWall = wall
			}
		}
		path := vec.Path()
		vec.UseFallback(true)
		_, _, fw, err := measure("the pure-Go vector loops", fe.Configure)
		if path != "generic" {
			vec.SetPath(path)
		}
		if err != nil {
			return nil, fmt.Errorf("fallback: %v", err)
		}
		r.Fallback = &Fallback{Path: "generic", Engine: fe.Name, WallSeconds: fw}
		if simdWall > 0 {
			r.Fallback.Speedup = fw / simdWall
		}
	}
	for _, tool := range o.Against {
		a := runOracle(tool, w, o, r)
		r.Against = append(r.Against, a)
		if a.WallSeconds <= 0 {
			continue
		}
		for i := range r.Engines {
			e := &r.Engines[i]
			if e.OverTool == nil {
				e.OverTool = map[string]float64{}
			}
			e.OverTool[tool] = e.WallSeconds / a.WallSeconds
		}
	}
	return r, nil
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
