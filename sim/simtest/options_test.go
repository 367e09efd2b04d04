package simtest_test

import (
	"bytes"
	"reflect"
	"sync/atomic"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/simtest"
)

// honours are the checks of TestCoreOptionsHonoured, by CoreOptions
// field: each runs one target's corpus (ps, with ends the fast runs'
// cores) with the field set and fails unless the target acts on it —
// or, for a field the target says it ignores, unless the field changes
// nothing. A field added to CoreOptions needs a check here.
var honours = map[string]func(t *testing.T, tgt sim.Target, c corpus, ps []simtest.Program, ends []sim.Core, ignored bool){
	"MaxCycles": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, _ bool) {
		p, end := longest(ps, ends)
		limit := int64(end.Stats().Cycles / 2)
		c := run(t, tgt, p, sim.CoreOptions{MaxCycles: limit})
		// (The instruction that started before the limit may end after
		// it: plena's count includes it.)
		if h := halt(c); h.Kind != sim.HaltCycleLimit || c.Stats().Cycles >= end.Stats().Cycles {
			t.Errorf("%s with MaxCycles %d (of %d): halt %s after %d cycles", p.Name, limit, end.Stats().Cycles, h, c.Stats().Cycles)
		}
	},
	"Trace": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, _ bool) {
		p, end := longest(ps, ends)
		var out bytes.Buffer
		c := run(t, tgt, p, sim.CoreOptions{Trace: &out})
		if lines := bytes.Count(out.Bytes(), []byte("\n")); lines < 2 {
			t.Errorf("%s: %d trace lines", p.Name, lines)
		}
		same(t, p, end, c)
	},
	"Profile": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, _ bool) {
		p, end := longest(ps, ends)
		prof := &sim.Profile{}
		c := run(t, tgt, p, sim.CoreOptions{Profile: prof})
		if prof.Cycles == 0 || prof.Cycles != c.Stats().Cycles {
			t.Errorf("%s: the profile charges %d cycles, the run took %d", p.Name, prof.Cycles, c.Stats().Cycles)
		}
		same(t, p, end, c)
	},
	"Timeline": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, _ bool) {
		p, end := longest(ps, ends)
		tl := &sim.Timeline{Window: sim.TimelineWindow{Kind: sim.TimelineCycles, From: 0, To: end.Stats().Cycles}}
		if !tgt.Timelines {
			if _, err := tgt.New(p.HW, sim.CoreOptions{Timeline: tl}); err == nil {
				t.Errorf("%s records no timelines, but New accepts one", tgt.Name)
			}
			return
		}
		c := run(t, tgt, p, sim.CoreOptions{Timeline: tl})
		if len(tl.Rows()) == 0 {
			t.Errorf("%s: the timeline has no rows", p.Name)
		}
		same(t, p, end, c)
	},
	"Stop": func(t *testing.T, tgt sim.Target, c corpus, ps []simtest.Program, _ []sim.Core, _ bool) {
		// A stop flag set before the run ends a long run (within the
		// target's polling interval, long before its cycle limit).
		p := program(t, ps[0].HW, tgt.Name+" long loop", []byte(c.long))
		p.Options.MaxCycles = 50_000_000
		stop := new(atomic.Bool)
		stop.Store(true)
		if h := halt(run(t, tgt, p, sim.CoreOptions{Stop: stop})); h.Kind != sim.HaltCancelled {
			t.Errorf("%s with Stop set: halt %s", p.Name, h)
		}
	},
	"Console": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, ignored bool) {
		wrote := 0
		for i, p := range ps {
			var out bytes.Buffer
			same(t, p, ends[i], run(t, tgt, p, sim.CoreOptions{Console: &out}))
			if out.Len() > 0 {
				wrote++
			}
		}
		if ignored != (wrote == 0) {
			t.Errorf("%d programs wrote to the console (ignored: %v)", wrote, ignored)
		}
	},
	"Memo": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, ignored bool) {
		recorded := 0
		for i, p := range ps {
			memo := &sim.RunMemo{}
			same(t, p, ends[i], run(t, tgt, p, sim.CoreOptions{Memo: memo}))
			if memo.Recorded() {
				recorded++
				same(t, p, ends[i], run(t, tgt, p, sim.CoreOptions{Memo: memo})) // the replay
			}
		}
		if ignored != (recorded == 0) {
			t.Errorf("%d runs recorded a memo (ignored: %v)", recorded, ignored)
		}
	},
	// Engine: a name the target does not list is refused by New; every
	// engine it lists gives the default run's results (or New says why
	// it cannot run here, as translation may not), and Stats.Engine says
	// which engine ran.
	"Engine": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, _ bool) {
		p, end := longest(ps, ends)
		if _, err := tgt.New(p.HW, sim.CoreOptions{Engine: "no-such-engine"}); err == nil {
			t.Errorf("%s: New accepts engine no-such-engine", tgt.Name)
		}
		same(t, p, end, run(t, tgt, p, sim.CoreOptions{Engine: "auto"}))
		for _, eng := range tgt.Engines {
			o := sim.CoreOptions{Engine: eng, MaxCycles: p.Options.MaxCycles}
			if _, err := tgt.New(p.HW, o); err != nil {
				t.Logf("%s: engine %s: %v", tgt.Name, eng, err)
				continue
			}
			c := run(t, tgt, p, o)
			same(t, p, end, c)
			if got := c.Stats().Engine; got == "" {
				t.Errorf("%s: engine %s: Stats.Engine is empty", tgt.Name, eng)
			}
		}
	},
	// Reference: a reference run agrees with the fast one (on every
	// program, at cycle limits too: TestCorpusFastMatchesReference).
	// That the reference stepper, not the fast path, ran cannot be seen
	// through sim.Core; each target's TestTargetPassesCoreOptions checks
	// that its machine gets the flag.
	"Reference": func(t *testing.T, tgt sim.Target, _ corpus, ps []simtest.Program, ends []sim.Core, _ bool) {
		p, end := longest(ps, ends)
		same(t, p, end, run(t, tgt, p, sim.CoreOptions{Reference: true}))
	},
}

// TestCoreOptionsHonoured: every CoreOptions field has a check (honours),
// and every target passes every check on its corpus; a field a target
// ignores is named, with the reason, in its corpus's ignores.
func TestCoreOptionsHonoured(t *testing.T) {
	fields := map[string]bool{}
	for _, f := range reflect.VisibleFields(reflect.TypeOf(sim.CoreOptions{})) {
		fields[f.Name] = true
		if honours[f.Name] == nil {
			t.Errorf("CoreOptions.%s has no check in honours: add one that shows each target acts on it", f.Name)
		}
	}
	for name := range honours {
		if !fields[name] {
			t.Errorf("honours checks %s, which is no CoreOptions field", name)
		}
	}
	for _, tgt := range sim.Targets() {
		t.Run(tgt.Name, func(t *testing.T) {
			ps, c := corpusOf(t, tgt)
			for name := range c.ignores {
				if !fields[name] {
					t.Errorf("%s ignores %s, which is no CoreOptions field", tgt.Name, name)
				}
			}
			ends := make([]sim.Core, len(ps))
			for i, p := range ps {
				ends[i] = run(t, tgt, p, p.Options)
			}
			for name, check := range honours {
				t.Run(name, func(t *testing.T) {
					_, ignored := c.ignores[name]
					check(t, tgt, c, ps, ends, ignored)
				})
			}
		})
	}
}

// run runs p with its MaxCycles and the options o.
func run(t *testing.T, tgt sim.Target, p simtest.Program, o sim.CoreOptions) sim.Core {
	t.Helper()
	if o.MaxCycles == 0 {
		o.MaxCycles = p.Options.MaxCycles
	}
	c, err := simtest.Run(tgt.New, p, o)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	return c
}

// same fails unless c's run is end's (simtest.Diff).
func same(t *testing.T, p simtest.Program, end, c sim.Core) {
	t.Helper()
	if d := simtest.Diff(end, c); d != "" {
		t.Errorf("%s: %s", p.Name, d)
	}
}

// longest is the program of the corpus whose successful run takes the
// most cycles.
func longest(ps []simtest.Program, ends []sim.Core) (simtest.Program, sim.Core) {
	best := -1
	for i, c := range ends {
		if halt(c).OK() && (best < 0 || c.Stats().Cycles > ends[best].Stats().Cycles) {
			best = i
		}
	}
	return ps[best], ends[best]
}

func halt(c sim.Core) sim.Halt {
	h, _ := c.(interface{ Halted() (sim.Halt, bool) }).Halted()
	return h
}
