package simbench

import (
	"fmt"
	"strings"

	"kernelcraft/sim"
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

// Engines are coral's engines, the default (the primary of a run) first.
// An engine is one entry here; when a new one becomes the default,
// "blocks" must then select itself explicitly rather than rely on the
// zero options.
var Engines = []Engine{
	{Name: "blocks", Summary: "coral's default: pre-decoded ops; each straight-line block's timing computed once per entry state and replayed, its ops run from a compact recompiled form (sim/coral/block.go, TIMING.md)",
		Configure: func(*sim.CoreOptions) {}},
	{Name: "step", Summary: "the reference stepper (sim.CoreOptions.Reference): fetch, decode and execute one instruction at a time, no pre-decoding; the oracle the others are held to",
		Configure: func(o *sim.CoreOptions) { o.Reference = true }},
}

// EngineNames lists the engines' names, in Engines order.
func EngineNames() []string {
	names := make([]string, len(Engines))
	for i, e := range Engines {
		names[i] = e.Name
	}
	return names
}

// LookupEngines resolves engine names in the order given (none: every
// engine), refusing unknown names and repeats.
func LookupEngines(names []string) ([]Engine, error) {
	if len(names) == 0 {
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
