package judge

import (
	"context"
	"errors"
	"fmt"

	"kernelcraft/asm"
	_ "kernelcraft/asm/aie2"  // the aie2 assembler back end
	_ "kernelcraft/asm/coral" // the coral assembler back end
	_ "kernelcraft/asm/plena" // the plena assembler back end
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/ref/check"
	"kernelcraft/sim"
	_ "kernelcraft/sim/aie2"  // the aie2 simulator
	_ "kernelcraft/sim/coral" // the coral simulator
	_ "kernelcraft/sim/plena" // the plena simulator
)

// Run is one kernel simulated on one case: what kc-as, kc-sim --case and
// kc-ref check report, in process.
type Run struct {
	Case    *ref.Case
	Halt    sim.Halt
	Stats   *sim.Stats
	Verdict check.Verdict
}

// Cycles is the run's simulated cycle count.
func (r *Run) Cycles() uint64 { return r.Stats.Cycles }

// Assemble assembles a kernel's source for a case's hardware config and
// returns the ELF executable. name is used in error messages.
func Assemble(c *ref.Case, name string, src []byte) ([]byte, error) {
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return nil, err
	}
	as, err := asm.New(hw.ISA)
	if err != nil {
		return nil, err
	}
	p, err := as.Assemble(name, src, asm.Options{HW: hw, Judged: true})
	if err != nil {
		return nil, err
	}
	return p.ELF(), nil
}

// RunCase simulates an executable on a case as kc-sim --case does (set
// up by ref.Case.SetUp: out and scratch regions filled with the case's
// fill byte, inputs loaded, registers set by the calling convention) and
// judges the result with the checker, as kc-ref check does. An error
// means the run could not be set up (a bad executable, a program that
// overlaps the tensors, a case that SetUp refuses) or was stopped before
// it ended (ctx done, or opts.Stop set: a StoppedError, never a
// verdict); a wrong result or a failed halt is a failing verdict.
func RunCase(ctx context.Context, c *ref.Case, tensors map[string]*sim.Tensor, elf []byte, opts sim.CoreOptions) (*Run, error) {
	return RunCaseOn(ctx, c, nil, tensors, elf, opts)
}

// RunCaseOn is RunCase on hw, a copy of the case's hardware config (same
// name) that changes nothing the case's layout depends on, such as
// aie2's params.hazard_policy (aie2.WithHazardPolicy: the agent's run
// and profile tools). A nil hw is the case's own config: the judge's.
func RunCaseOn(ctx context.Context, c *ref.Case, hw *isadefs.HW, tensors map[string]*sim.Tensor, elf []byte, opts sim.CoreOptions) (*Run, error) {
	if err := ctx.Err(); err != nil {
		return nil, &StoppedError{Cause: context.Cause(ctx)}
	}
	if opts.Stop == nil {
		stop, release := sim.StopOnDone(ctx)
		defer release()
		opts.Stop = stop
	}
	if hw == nil {
		var err error
		if hw, err = isadefs.HWByName(c.HW); err != nil {
			return nil, err
		}
	} else if hw.Name != c.HW {
		return nil, fmt.Errorf("the case is laid out for hardware config %s, not %s", c.HW, hw.Name)
	}
	t, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		return nil, err
	}
	img, err := sim.LoadELF(elf, t.ELFMachine)
	if err != nil {
		return nil, err
	}
	core, err := t.New(hw, opts)
	if err != nil {
		return nil, err
	}
	if r, ok := core.(sim.Releaser); ok {
		defer r.Release() // after the outputs are read back (copies)
	}
	if err := core.Load(img); err != nil {
		return nil, err
	}
	images, err := c.SetUp(core, img, tensors) // the bytes each input was loaded as
	if err != nil {
		return nil, err
	}
	m := core.Memory()
	expected, inputs := map[string]*sim.Tensor{}, map[string]*sim.Tensor{}
	for _, s := range c.Tensors {
		switch s.Role {
		case ref.RoleIn, ref.RoleConst:
			inputs[s.Name] = tensors[s.Name]
		case ref.RoleOut:
			expected[s.Name] = tensors[s.Name]
		}
	}
	h := core.Run()
	if h.Kind == sim.HaltCancelled {
		cause := context.Cause(ctx)
		if cause == nil {
			cause = errors.New("stopped")
		}
		return nil, &StoppedError{Cause: cause, Cycles: core.Stats().Cycles, PC: h.PC, Ran: true}
	}
	res := &check.Result{Outputs: map[string]*sim.Tensor{}, Written: m.WrittenRanges(), WrittenKnown: true,
		Halt: h.KindName(), HaltOK: h.OK(), HaltMessage: h.String()}
	for _, s := range c.Tensors {
		if s.Role == ref.RoleScratch {
			continue
		}
		if intact(m, images[s.Name]) {
			// An input still holding the bytes it was loaded as reads
			// back as what it was loaded from: no decoding needed.
			res.Outputs[s.Name] = inputs[s.Name]
			continue
		}
		tt, err := s.ReadBack(m)
		if err != nil {
			return nil, err
		}
		res.Outputs[s.Name] = tt
	}
	return &Run{Case: c, Halt: h, Stats: core.Stats(), Verdict: check.Check(c, expected, inputs, res)}, nil
}

// intact reports whether memory still holds every chunk of an input's
// image (false for no chunks: not an input).
func intact(m *sim.Memory, chunks []ref.Chunk) bool {
	for _, ch := range chunks {
		if !m.Holds(ch.Addr, ch.Data) {
			return false
		}
	}
	return len(chunks) > 0
}

// StoppedError is a simulation stopped from outside before it ended
// (RunCase's context cancelled or past its deadline): it has no verdict.
type StoppedError struct {
	Cause  error  // context.Cause of the run's context
	Ran    bool   // the simulation had started
	Cycles uint64 // cycles simulated until it stopped
	PC     uint64 // where it stopped
}

func (e *StoppedError) Error() string {
	if !e.Ran {
		return fmt.Sprintf("the simulation was not started: %v", e.Cause)
	}
	return fmt.Sprintf("the simulation was stopped after %d cycles at pc %#x: %v", e.Cycles, e.PC, e.Cause)
}

// Unwrap is the cause (context.Canceled, context.DeadlineExceeded, …).
func (e *StoppedError) Unwrap() error { return e.Cause }
