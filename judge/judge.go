package judge

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"kernelcraft/baseline"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// Seeds are the input seeds of one judgement: the visible case's (public:
// the agent runs its kernel on it) and the hidden case's (drawn with
// FreshSeed at judging time unless a judgement is being reproduced).
type Seeds struct {
	Visible uint64 `json:"visible"`
	Hidden  uint64 `json:"hidden"`
}

// GoldenSeeds are the fixed, documented seeds of the golden cycle tables
// (baseline/testdata/*_cycles.md) and of tests that need a repeatable
// hidden case: visible seed 1 and hidden seed 1. Hidden cases come from
// their own seed domain (ref.Generate), so the two share no input.
var GoldenSeeds = Seeds{Visible: ref.DefaultSeed, Hidden: 1}

// FreshSeed draws a hidden seed from the operating system's cryptographic
// source: nobody can know the hidden inputs before the judgement. It
// panics only if the system has no such source, as crypto/rand does.
func FreshSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("judge: no cryptographic random source: %v", err))
	}
	return binary.LittleEndian.Uint64(b[:])
}

// DataDependentMargin is the largest relative difference between a
// kernel's cycles on the visible and the hidden case that is not flagged:
// 2%. The kernels of this benchmark have shapes fixed by the
// configuration, so an honest kernel's cycles barely depend on the data
// (the template baselines' not at all; the compiler baselines' by 0.1%
// at most, from data-dependent branches in their scalar exp and max
// loops: TestBaselineCyclesAlmostDataIndependent); a kernel that takes a shortcut on inputs it recognises differs
// by far more.
const DataDependentMargin = 0.02

// Cell is a kernel judged on one (target, task, configuration): its runs
// on the visible and hidden cases of Seeds.
type Cell struct {
	ref.Cell
	Seeds   Seeds
	Visible *Run
	Hidden  *Run
}

// Pass reports whether the kernel passed both cases.
func (c *Cell) Pass() bool {
	return c.Visible != nil && c.Hidden != nil && c.Visible.Verdict.Pass && c.Hidden.Verdict.Pass
}

// Cycles is the kernel's cycle count on the hidden case: the figure
// kernels are compared by.
func (c *Cell) Cycles() uint64 {
	if c.Hidden == nil {
		return 0
	}
	return c.Hidden.Cycles()
}

// VisibleCycles is the kernel's cycle count on the visible case (what the
// agent's run and profile tools show).
func (c *Cell) VisibleCycles() uint64 {
	if c.Visible == nil {
		return 0
	}
	return c.Visible.Cycles()
}

// DataDependentCycles reports whether the kernel's cycles on the visible
// and hidden cases differ by more than DataDependentMargin.
func (c *Cell) DataDependentCycles() bool {
	return dataDependent(c.VisibleCycles(), c.Cycles())
}

func dataDependent(visible, hidden uint64) bool {
	if visible == 0 || hidden == 0 {
		return false
	}
	v, h := float64(visible), float64(hidden)
	return math.Abs(v-h) > DataDependentMargin*math.Min(v, h)
}

// Cases are a cell's generated cases, visible and hidden, with their
// tensors (inputs, constants and expected outputs).
type Cases struct {
	Seeds           Seeds
	Visible, Hidden *ref.Case
	VisibleTensors  map[string]*sim.Tensor
	HiddenTensors   map[string]*sim.Tensor
}

// Generate generates both cases of a cell for seeds.
func Generate(target, task string, config int, seeds Seeds) (*Cases, error) {
	cs := &Cases{Seeds: seeds}
	var err error
	if cs.Visible, cs.VisibleTensors, err = ref.Generate(target, task, config, seeds.Visible, false); err != nil {
		return nil, err
	}
	if cs.Hidden, cs.HiddenTensors, err = ref.Generate(target, task, config, seeds.Hidden, true); err != nil {
		return nil, err
	}
	return cs, nil
}

// Case returns the hidden or the visible case and its tensors.
func (cs *Cases) Case(hidden bool) (*ref.Case, map[string]*sim.Tensor) {
	if hidden {
		return cs.Hidden, cs.HiddenTensors
	}
	return cs.Visible, cs.VisibleTensors
}

// EvalCell runs the whole chain for one cell: it generates the visible
// and hidden cases of seeds, assembles src for them (name is used in
// messages), simulates and checks. An error means the kernel could not
// be assembled or set up, or a simulation was stopped by ctx; a wrong
// result is a failing Cell.
func EvalCell(ctx context.Context, target, task string, config int, seeds Seeds, name string, src []byte) (*Cell, error) {
	cs, err := Generate(target, task, config, seeds)
	if err != nil {
		return nil, err
	}
	return cs.Eval(ctx, name, src)
}

// Eval assembles a kernel and runs it on both cases.
func (cs *Cases) Eval(ctx context.Context, name string, src []byte) (*Cell, error) {
	return cs.eval(ctx, name, src, nil)
}

// eval is Eval reusing what prior holds (nil: nothing). The hidden run
// replays the visible run's memo (sim.RunMemo): the one eval's own
// visible run fills, or prior's with prior's visible run.
func (cs *Cases) eval(ctx context.Context, name string, src []byte, prior *Prior) (*Cell, error) {
	c := cs.Visible
	if prior == nil {
		prior = &Prior{}
	}
	elf, visible, memo := prior.ELF, prior.Visible, prior.Memo
	if elf == nil {
		var err error
		if elf, err = Assemble(c, name, src); err != nil {
			return nil, err
		}
	}
	cell := &Cell{Cell: c.Cell(), Seeds: cs.Seeds, Visible: visible}
	if memo == nil || visible == nil {
		memo = &sim.RunMemo{}
	}
	for _, hidden := range []bool{false, true} {
		if !hidden && visible != nil {
			continue
		}
		cc, t := cs.Case(hidden)
		r, err := RunCase(ctx, cc, t, elf, sim.CoreOptions{Memo: memo})
		if err != nil {
			return nil, fmt.Errorf("%s %s config %d: %w", c.Target, c.Task, c.Config, err)
		}
		if hidden {
			cell.Hidden = r
		} else {
			cell.Visible = r
		}
	}
	return cell, nil
}

// Judgement is a kernel's verdict on a cell and its speed against the
// cell's baseline, both measured on the hidden case.
type Judgement struct {
	*Cell
	// Baseline is the cell's chosen baseline kernel run on the same
	// hidden case (nil when the target has no baseline, or it could not
	// be run).
	Baseline     *Run
	BaselineName string
	// BaselineErr says why there is no baseline run.
	BaselineErr error
}

// BaselineCycles is the baseline's cycle count on the hidden case, or 0
// when it did not run or did not pass.
func (j *Judgement) BaselineCycles() uint64 {
	if j.Baseline == nil || !j.Baseline.Verdict.Pass {
		return 0
	}
	return j.Baseline.Cycles()
}

// Speedup is the baseline's cycles over the kernel's, both on the hidden
// case: above 1 the kernel is faster. It is 0 when the kernel did not
// pass or there is no passing baseline.
func (j *Judgement) Speedup() float64 {
	b, k := j.BaselineCycles(), j.Cycles()
	if !j.Pass() || b == 0 || k == 0 {
		return 0
	}
	return float64(b) / float64(k)
}

// Judge judges a kernel on a cell: it generates both cases of seeds and
// calls Cases.Judge. seeds.Hidden should be FreshSeed() unless a recorded
// judgement is reproduced.
func Judge(ctx context.Context, target, task string, config int, seeds Seeds, kind, name string, src []byte) (*Judgement, error) {
	cs, err := Generate(target, task, config, seeds)
	if err != nil {
		return nil, err
	}
	return cs.Judge(ctx, kind, name, src, nil)
}

// Prior is what a caller already made of a kernel from the same source
// on the same cell, so that judging it does not make it again: the
// executable (as Assemble makes it from the source for the cell's
// config), the kernel's run on the visible case (the simulator is
// deterministic) and the memo that run filled (sim.RunMemo: the hidden
// run replays it, checked step by step). Any of them may be nil.
type Prior struct {
	ELF     []byte
	Visible *Run
	Memo    *sim.RunMemo
}

// Complete returns the cases of a cell whose visible case is already
// generated (the agent's, which it has been running kernels on): it
// generates the hidden case of hiddenSeed.
func Complete(visible *ref.Case, tensors map[string]*sim.Tensor, hiddenSeed uint64) (*Cases, error) {
	cs := &Cases{Seeds: Seeds{Visible: visible.Seed, Hidden: hiddenSeed}, Visible: visible, VisibleTensors: tensors}
	var err error
	cs.Hidden, cs.HiddenTensors, err = ref.Generate(visible.Target, visible.Task, visible.Config, hiddenSeed, true)
	if err != nil {
		return nil, err
	}
	return cs, nil
}

// Judge judges a kernel: it runs it on both cases and the cell's baseline
// of kind ("" the chosen one) on the hidden case. prior, when not nil,
// holds what the caller already made of the same source (see Prior). An
// error means the kernel could not be assembled or set up, or a
// simulation was stopped by ctx (a StoppedError: no verdict); a baseline
// that cannot run leaves Judgement.BaselineErr, and one stopped by ctx
// is an error too.
func (cs *Cases) Judge(ctx context.Context, kind, name string, src []byte, prior *Prior) (*Judgement, error) {
	cell, err := cs.eval(ctx, name, src, prior)
	if err != nil {
		return nil, err
	}
	c := cs.Visible
	j := &Judgement{Cell: cell}
	k, err := baseline.Baseline(c.Target, kind, c.Task, c.Config)
	switch {
	case err != nil:
		j.BaselineErr = err
	case bytes.Equal(k.Src, src):
		// The kernel is the baseline (the model-free provider submits
		// it): one simulation serves both.
		j.Baseline, j.BaselineName = cell.Hidden, k.Name
	default:
		j.BaselineName = k.Name
		j.Baseline, j.BaselineErr = cs.runHidden(ctx, k.Name, k.Src)
		var stopped *StoppedError
		if errors.As(j.BaselineErr, &stopped) {
			return nil, fmt.Errorf("baseline %w", j.BaselineErr)
		}
	}
	return j, nil
}

// runHidden assembles and runs a baseline kernel on the hidden case,
// with the process's memo of that executable on that hardware config
// (baselineMemos): every judgement re-simulates the baseline on a fresh
// hidden case, and all of them run the same program on tensors at the
// same addresses.
func (cs *Cases) runHidden(ctx context.Context, name string, src []byte) (*Run, error) {
	c, t := cs.Case(true)
	elf, err := Assemble(c, name, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	r, err := RunCase(ctx, c, t, elf, sim.CoreOptions{Memo: baselineMemos.get(elf, c.HW)})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}
