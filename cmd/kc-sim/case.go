package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// caseSetup is what --case adds to a run: the case and its tensors, set
// up before the run (ref.Case.SetUp) and read back after it.
type caseSetup struct {
	dir     string
	c       *ref.Case
	tensors map[string]*sim.Tensor
}

// fromCase keeps a case directory (kc-ref gen output) for the run's
// set-up and read-back. The hardware config and target come from the
// case; --hw and -t may only repeat them.
func fromCase(cfg *config, dir, target, hwFlag string) error {
	c, tensors, err := ref.LoadCase(dir)
	if err != nil {
		return err
	}
	if target != "" && target != c.Target {
		return fmt.Errorf("--case %s is a %s case, not %s", dir, c.Target, target)
	}
	if hwFlag != "" && hwFlag != c.HW {
		return fmt.Errorf("--case %s is laid out for hardware config %s, not %s", dir, c.HW, hwFlag)
	}
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return err
	}
	t, err := sim.LookupTarget(hw.ISA)
	if err != nil {
		if isadefs.IsPlanned(hw.ISA) {
			return fmt.Errorf("target %s has no simulator yet (its ISA and simulator are planned): the case can be generated and described with kc-ref, not run", hw.ISA)
		}
		return err
	}
	if cfg.outDir == "" {
		return fmt.Errorf("--case needs -o RESULT_DIR for the output tensors and stats.json")
	}
	cfg.hw, cfg.target, cfg.statsFile = hw, t, true
	cfg.caseRun = &caseSetup{dir: dir, c: c, tensors: tensors}
	return nil
}

// setUp puts the case on the core, which has loaded the program
// (ref.Case.SetUp: the judge's set-up).
func (cs *caseSetup) setUp(core sim.Core, img *sim.Image) error {
	if _, err := cs.c.SetUp(core, img, cs.tensors); err != nil {
		return fmt.Errorf("--case %s: %v", cs.dir, err)
	}
	return nil
}

// dump writes every output, input and constant as the run left it (the
// checker sees clobbered inputs) to dir as NAME.npy.
func (cs *caseSetup) dump(m *sim.Memory, dir string) error {
	for _, s := range cs.c.Tensors {
		if s.Role == ref.RoleScratch {
			continue
		}
		t, err := s.ReadBack(m)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := sim.WriteNPY(&buf, t); err != nil {
			return fmt.Errorf("%s: %v", s.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.Name+".npy"), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
