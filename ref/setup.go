package ref

import (
	"fmt"
	"slices"
	"strconv"

	"kernelcraft/sim"
)

// SetUp puts the case on a core that has loaded the program img, as a
// run of a kernel on it begins (kc-sim --case, the judge, the agent's
// tools: this is their one set-up):
//
//   - no segment of the program may overlap a tensor, and no tensor may
//     lie in executable memory (a case's tensors are data; the program's
//     code is decoded when it is loaded, and the kernel cannot store
//     there);
//   - inputs and constants are loaded as TensorSpec.Image lays them out
//     (tensors holds their values by name);
//   - outputs and scratch are filled with the case's fill byte;
//   - every register of the calling convention is set, in register-name
//     order, to its tensor's address or to its number.
//
// It returns the bytes each input and constant was loaded as, by tensor
// name: memory still holding them is the input as it was loaded.
func (c *Case) SetUp(core sim.Core, img *sim.Image, tensors map[string]*sim.Tensor) (map[string][]Chunk, error) {
	m := core.Memory()
	for _, s := range c.Tensors {
		for _, sp := range s.Spans() {
			for _, seg := range img.Segments {
				if seg.MemSize > 0 && seg.Addr < sp.End && sp.Start < seg.Addr+seg.MemSize {
					area := ""
					if k := c.Convention.KernelArea; k != nil {
						area = fmt.Sprintf("; the case leaves [%#x, %#x) of %s to the kernel's own data", k.Start, k.End, k.Memory)
					}
					return nil, fmt.Errorf("the program's segment [%#x, %#x) overlaps tensor %s [%#x, %#x)%s",
						seg.Addr, seg.Addr+seg.MemSize, s.Name, sp.Start, sp.End, area)
				}
			}
			if r := m.Find(sp.Start); r != nil && r.Executable {
				return nil, fmt.Errorf("tensor %s [%#x, %#x) lies in %s, executable memory: a case's tensors are data, and the program's code is decoded when it is loaded", s.Name, sp.Start, sp.End, r.Name)
			}
		}
	}
	images := map[string][]Chunk{}
	for _, s := range c.Tensors {
		switch s.Role {
		case RoleIn, RoleConst:
			t := tensors[s.Name]
			if t == nil {
				return nil, fmt.Errorf("the case has no data for %s %s", s.Role, s.Name)
			}
			chunks, err := s.Image(t)
			if err != nil {
				return nil, err
			}
			for _, ch := range chunks {
				if err := m.Load(ch.Addr, ch.Data); err != nil {
					return nil, fmt.Errorf("tensor %s: %v", s.Name, err)
				}
			}
			images[s.Name] = chunks
		default:
			for _, sp := range s.Spans() {
				if err := m.Fill(sp.Start, sp.End-sp.Start, c.Fill); err != nil {
					return nil, fmt.Errorf("tensor %s: %v", s.Name, err)
				}
			}
		}
	}
	regs := make([]string, 0, len(c.Convention.Registers))
	for r := range c.Convention.Registers {
		regs = append(regs, r)
	}
	slices.Sort(regs)
	for _, r := range regs {
		v, err := c.registerValue(c.Convention.Registers[r])
		if err != nil {
			return nil, fmt.Errorf("calling convention %s: %v", r, err)
		}
		if err := core.SetReg(r, v); err != nil {
			return nil, fmt.Errorf("calling convention %s: %v", r, err)
		}
	}
	return images, nil
}

// registerValue is what the calling convention puts in a register: the
// address of the tensor v names, or the number v (decimal, or 0x
// hexadecimal), at most 32 bits.
func (c *Case) registerValue(v string) (uint64, error) {
	for _, s := range c.Tensors {
		if s.Name == v {
			return s.Addr, nil
		}
	}
	n, err := strconv.ParseUint(v, 0, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is neither a tensor of the case nor a 32-bit number", v)
	}
	return n, nil
}
