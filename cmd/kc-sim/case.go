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

// caseSetup is what --case adds to a run: the case, its tensors (loaded
// into memory before the run, read back after it; ref.TensorSpec.Image
// and ReadBack know their layouts and encodings) and the byte that fills
// out and scratch regions.
type caseSetup struct {
	dir     string
	c       *ref.Case
	tensors map[string]*sim.Tensor
}

// fromCase fills cfg's register sets from a case directory (kc-ref gen
// output) and keeps the case for the run's set-up and read-back. The
// hardware config and target come from the case; --hw and -t may only
// repeat them.
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
	addrs := map[string]uint64{}
	for _, s := range c.Tensors {
		addrs[s.Name] = s.Addr
	}
	for _, r := range sortedKeys(c.Convention.Registers) {
		v := c.Convention.Registers[r]
		if a, ok := addrs[v]; ok {
			v = fmt.Sprintf("%#x", a)
		}
		cfg.sets = append(cfg.sets, regSet{r, v})
	}
	cfg.caseRun = &caseSetup{dir: dir, c: c, tensors: tensors}
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// prepare checks that the program's segments stay out of the case's
// tensors, fills the out and scratch regions and loads the inputs and
// constants; it runs after the program is loaded.
func (cs *caseSetup) prepare(m *sim.Memory, img *sim.Image) error {
	for _, seg := range img.Segments {
		for _, s := range cs.c.Tensors {
			for _, sp := range s.Spans() {
				if seg.MemSize > 0 && seg.Addr < sp.End && sp.Start < seg.Addr+seg.MemSize {
					area := ""
					if k := cs.c.Convention.KernelArea; k != nil {
						area = fmt.Sprintf("; the case leaves [%#x, %#x) of %s to the kernel's own data", k.Start, k.End, k.Memory)
					}
					return fmt.Errorf("the program's segment [%#x, %#x) overlaps tensor %s [%#x, %#x) of case %s%s",
						seg.Addr, seg.Addr+seg.MemSize, s.Name, sp.Start, sp.End, cs.dir, area)
				}
			}
		}
	}
	for _, s := range cs.c.Tensors {
		switch s.Role {
		case ref.RoleIn, ref.RoleConst:
			t := cs.tensors[s.Name]
			if t == nil {
				return fmt.Errorf("case %s: no data for %s %s", cs.dir, s.Role, s.Name)
			}
			chunks, err := s.Image(t)
			if err != nil {
				return fmt.Errorf("case %s: %v", cs.dir, err)
			}
			for _, ch := range chunks {
				// The program is decoded when it is loaded: bytes placed
				// in executable memory afterwards would not run.
				if r := m.Find(ch.Addr); r != nil && r.Executable {
					return fmt.Errorf("case tensor %s at %#x: region %s is executable memory, whose code kc-sim decodes when the program is loaded", s.Name, ch.Addr, r.Name)
				}
				if err := m.Load(ch.Addr, ch.Data); err != nil {
					return fmt.Errorf("case tensor %s: %v", s.Name, err)
				}
			}
		default:
			for _, sp := range s.Spans() {
				if err := m.Load(sp.Start, bytes.Repeat([]byte{cs.c.Fill}, int(sp.End-sp.Start))); err != nil {
					return fmt.Errorf("case tensor %s: %v", s.Name, err)
				}
			}
		}
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
