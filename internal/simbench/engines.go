package simbench

import (
	"fmt"
	"strings"

	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

// Engine is one of coral's run loops, chosen through the core options.
// Every engine must give the same instructions, cycles, vector elements
// and halt on every workload; kc-sim bench checks it on each run.
type Engine struct {
	Name    string
	Summary string // what it is, for the help
	// Configure sets the core options that select the engine (on top of
	// the workload's own, such as its cycle limit).
	Configure func(*sim.CoreOptions)
}

// Engines are coral's engines, the primary of a run first: the block
// engine, then the reference stepper and, where it can run, translated
// code (coral's default, engine auto, where it applies). Each selects
// itself through CoreOptions.Engine (or Reference), never through the
// zero options, which choose coral's default.
var Engines = coralEngines()

func coralEngines() []Engine {
	e := []Engine{
		{Name: "blocks", Summary: "the block engine: pre-decoded ops; each straight-line block's timing computed once per entry state and replayed, its ops run from a compact recompiled form (sim/coral/block.go, TIMING.md)",
			Configure: func(o *sim.CoreOptions) { o.Engine = coral.EngineBlocks }},
		{Name: "step", Summary: "the reference stepper (sim.CoreOptions.Reference): fetch, decode and execute one instruction at a time, no pre-decoding; the oracle the others are held to",
			Configure: func(o *sim.CoreOptions) { o.Reference = true }},
	}
	if coral.TranslateAvailable() == nil {
		e = append(e, Engine{Name: "translate", Summary: "coral's default (engine auto) where it applies: the block engine with hot (block, entry state) pairs translated to amd64 code that adds their timing and jumps from pair to pair (sim/coral/TRANSLATE.md)",
			Configure: func(o *sim.CoreOptions) { o.Engine = coral.EngineTranslate }})
	}
	return e
}

// The engines' names.
const (
	EngineTranslate = "translate"
	EngineBlocks    = "blocks"
	EngineStep      = "step"
)

// lookupEngine is the engine of that name (one of Engines).
func lookupEngine(name string) Engine {
	for _, e := range Engines {
		if e.Name == name {
			return e
		}
	}
	panic("simbench: no engine " + name)
}

// EngineNames lists the engines' names, in Engines order.
func EngineNames() []string {
	names := make([]string, len(Engines))
	for i, e := range Engines {
		names[i] = e.Name
	}
	return names
}

// DefaultEngines are the engines kc-sim bench runs unless told: the fast
// ones, coral's default first (translate where it can run, then blocks).
// The reference stepper is left to --engines all or --engines step: at
// about 4 M instructions a second it would take most of a default run.
func DefaultEngines() []string {
	if coral.TranslateAvailable() == nil {
		return []string{"translate", "blocks"}
	}
	return []string{"blocks"}
}

// LookupEngines resolves engine names in the order given (none, or the
// one name "all": every engine), refusing unknown names and repeats.
func LookupEngines(names []string) ([]Engine, error) {
	if len(names) == 0 || len(names) == 1 && names[0] == "all" {
		return Engines, nil
	}
	var out []Engine
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return nil, fmt.Errorf("--engines %s: named twice", n)
		}
		seen[n] = true
		found := false
		for _, e := range Engines {
			if e.Name == n {
				out = append(out, e)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("--engines %s: unknown engine (have: %s)", n, strings.Join(EngineNames(), ", "))
		}
	}
	return out, nil
}
