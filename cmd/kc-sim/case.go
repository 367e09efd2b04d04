package main

import (
	"bytes"
	"fmt"
	"path/filepath"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// caseSetup is what --case adds to a run: the case, where its tensors go
// and the byte that fills out and scratch regions.
type caseSetup struct {
	dir  string
	c    *ref.Case
	fill []fillSpec
}

type fillSpec struct {
	name       string
	addr, size uint64
}

// fromCase fills cfg's loads, dumps and register sets from a case
// directory (kc-ref gen output). The hardware config and target come
// from the case; --hw and -t may only repeat them.
func fromCase(cfg *config, dir, target, hwFlag string) error {
	c, _, err := ref.LoadCase(dir)
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
	cs := &caseSetup{dir: dir, c: c}
	addrs := map[string]uint64{}
	for _, s := range c.Tensors {
		addrs[s.Name] = s.Addr
		hex := fmt.Sprintf("%#x", s.Addr)
		size, _ := ref.DTypeSize(s.DType)
		switch s.Role {
		case ref.RoleIn, ref.RoleConst:
			cfg.loads = append(cfg.loads, sim.LoadSpec{Name: s.Name, File: filepath.Join(dir, s.File), Addr: hex})
		default:
			cs.fill = append(cs.fill, fillSpec{s.Name, s.Addr, uint64(sim.Elems(s.Shape) * size)})
		}
		if s.Role == ref.RoleScratch {
			continue
		}
		// Outputs, and inputs read back so the checker sees clobbering.
		d, err := ref.SimDType(s.DType)
		if err != nil {
			return err
		}
		cfg.dumps = append(cfg.dumps, sim.DumpSpec{Name: s.Name, Addr: hex, DType: d, Shape: s.Shape})
	}
	for _, r := range sortedKeys(c.Convention.Registers) {
		v := c.Convention.Registers[r]
		if a, ok := addrs[v]; ok {
			v = fmt.Sprintf("%#x", a)
		}
		cfg.sets = append(cfg.sets, regSet{r, v})
	}
	cfg.caseRun = cs
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
// tensors and fills the out and scratch regions; it runs after the
// program is loaded and before the inputs are.
func (cs *caseSetup) prepare(m *sim.Memory, img *sim.Image) error {
	for _, seg := range img.Segments {
		for _, s := range cs.c.Tensors {
			size, _ := ref.DTypeSize(s.DType)
			end := s.Addr + uint64(sim.Elems(s.Shape)*size)
			if seg.MemSize > 0 && seg.Addr < end && s.Addr < seg.Addr+seg.MemSize {
				area := ""
				if k := cs.c.Convention.KernelArea; k != nil {
					area = fmt.Sprintf("; the case leaves [%#x, %#x) of %s to the kernel's own data", k.Start, k.End, k.Memory)
				}
				return fmt.Errorf("the program's segment [%#x, %#x) overlaps tensor %s [%#x, %#x) of case %s%s",
					seg.Addr, seg.Addr+seg.MemSize, s.Name, s.Addr, end, cs.dir, area)
			}
		}
	}
	for _, f := range cs.fill {
		if err := m.Load(f.addr, bytes.Repeat([]byte{cs.c.Fill}, int(f.size))); err != nil {
			return fmt.Errorf("case tensor %s: %v", f.name, err)
		}
	}
	return nil
}
