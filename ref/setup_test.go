package ref

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
	_ "kernelcraft/sim/aie2"  // the aie2 simulator
	_ "kernelcraft/sim/coral" // the coral simulator
	_ "kernelcraft/sim/plena" // the plena simulator
)

// spyCore is a real core that records the registers SetUp sets, in order.
type spyCore struct {
	sim.Core
	regs  map[string]uint64
	order []string
}

func (s *spyCore) SetReg(name string, v uint64) error {
	if err := s.Core.SetReg(name, v); err != nil {
		return err
	}
	s.regs[name] = v
	s.order = append(s.order, name)
	return nil
}

// codeImage is a program of a few zero bytes at the start of the
// hardware config's first executable region, plus extra segments.
func codeImage(t *testing.T, hw *isadefs.HW, extra ...sim.Segment) *sim.Image {
	t.Helper()
	for _, r := range hw.Memory {
		if strings.Contains(r.Perm, "x") {
			segs := append([]sim.Segment{{Addr: uint64(r.Base), Data: make([]byte, 16), MemSize: 16, Exec: true}}, extra...)
			return &sim.Image{Entry: uint64(r.Base), Segments: segs}
		}
	}
	t.Fatalf("hardware config %s has no executable region", hw.Name)
	return nil
}

// TestSetUp: every rule of Case.SetUp, the one set-up of kc-sim --case,
// the judge and the agent's tools, on generated cases of all three
// targets (each row may edit the case or add segments to the program):
// a program segment overlapping a tensor, a tensor in executable memory,
// a missing input and a bad convention register are errors; otherwise
// the inputs and constants hold their images, the outputs and scratch
// hold the case's fill byte, and every convention register holds its
// tensor's address or its number, set in name order — the args table
// (aie2 sdpa: more tensors than registers) included.
func TestSetUp(t *testing.T) {
	type row struct {
		name                 string
		target, task         string
		config               int
		edit                 func(c *Case, tensors map[string]*sim.Tensor)
		segs                 func(c *Case) []sim.Segment // besides the code
		wantErr              string                      // "" for success
		wantArgs, wantNumber bool                        // the case has an args table / a numeric register
	}
	find := func(c *Case, name string) *TensorSpec {
		for i := range c.Tensors {
			if c.Tensors[i].Name == name {
				return &c.Tensors[i]
			}
		}
		t.Fatalf("case %s has no tensor %s", c.Task, name)
		return nil
	}
	rows := []row{
		{name: "coral relu", target: "coral", task: "relu", config: 1, wantNumber: true,
			// A data segment inside the kernel's own area is the kernel's to use.
			segs: func(c *Case) []sim.Segment {
				k := c.Convention.KernelArea
				return []sim.Segment{{Addr: k.Start, Data: []byte{1, 2, 3, 4}, MemSize: k.End - k.Start}}
			}},
		{name: "coral ffn, scratch, fill 0x5a", target: "coral", task: "ffn", config: 1, wantNumber: true,
			edit: func(c *Case, _ map[string]*sim.Tensor) { c.Fill = 0x5a }},
		{name: "aie2 sdpa, args table", target: "aie2", task: "sdpa", config: 1, wantArgs: true, wantNumber: true},
		{name: "plena layernorm, MXFP8 inputs and f16 constants, no registers", target: "plena", task: "layernorm", config: 1},
		{name: "program data overlaps an input", target: "coral", task: "relu", config: 1,
			segs: func(c *Case) []sim.Segment {
				x := find(c, "x")
				return []sim.Segment{{Addr: x.Addr - 8, Data: []byte{1}, MemSize: 16}}
			},
			wantErr: "the program's segment [0x103f8, 0x10408) overlaps tensor x [0x10400, 0x10800); the case leaves [0x10000, 0x10400) of dtcm to the kernel's own data"},
		{name: "bss overlaps an output", target: "aie2", task: "relu", config: 1,
			segs: func(c *Case) []sim.Segment {
				y := find(c, "y")
				return []sim.Segment{{Addr: y.Addr + 32, MemSize: 4}} // no file bytes: .bss
			},
			wantErr: "overlaps tensor y"},
		{name: "output in executable memory", target: "coral", task: "relu", config: 1,
			edit: func(c *Case, _ map[string]*sim.Tensor) {
				y := find(c, "y")
				y.Addr, y.Memory = 0x1000, "itcm"
			},
			wantErr: "tensor y [0x1000, 0x1400) lies in itcm, executable memory"},
		{name: "input in executable memory", target: "aie2", task: "relu", config: 1,
			edit: func(c *Case, _ map[string]*sim.Tensor) {
				x := find(c, "x")
				x.Addr, x.Memory = 0x1000, "pmem"
			},
			wantErr: "tensor x [0x1000, 0x1200) lies in pmem, executable memory"},
		{name: "no data for an input", target: "coral", task: "layernorm", config: 1,
			edit:    func(_ *Case, tensors map[string]*sim.Tensor) { delete(tensors, "gamma") },
			wantErr: "the case has no data for in gamma"},
		{name: "register names neither tensor nor number", target: "coral", task: "relu", config: 1,
			edit:    func(c *Case, _ map[string]*sim.Tensor) { c.Convention.Registers["a2"] = "z" },
			wantErr: `calling convention a2: "z" is neither a tensor of the case nor a 32-bit number`},
		{name: "register number past 32 bits", target: "coral", task: "relu", config: 1,
			edit:    func(c *Case, _ map[string]*sim.Tensor) { c.Convention.Registers["a2"] = "0x100000000" },
			wantErr: "calling convention a2: "},
		{name: "register the core does not have", target: "coral", task: "relu", config: 1,
			edit:    func(c *Case, _ map[string]*sim.Tensor) { c.Convention.Registers["q9"] = "x" },
			wantErr: "calling convention q9: "},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			c, tensors, err := Generate(r.target, r.task, r.config, DefaultSeed, false)
			if err != nil {
				t.Fatal(err)
			}
			if r.edit != nil {
				r.edit(c, tensors)
			}
			hw, err := isadefs.HWByName(c.HW)
			if err != nil {
				t.Fatal(err)
			}
			tg, err := sim.LookupTarget(hw.ISA)
			if err != nil {
				t.Fatal(err)
			}
			core, err := tg.New(hw, sim.CoreOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var extra []sim.Segment
			if r.segs != nil {
				extra = r.segs(c)
			}
			img := codeImage(t, hw, extra...)
			if err := core.Load(img); err != nil {
				t.Fatal(err)
			}
			spy := &spyCore{Core: core, regs: map[string]uint64{}}
			images, err := c.SetUp(spy, img, tensors)
			if r.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), r.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, r.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			m := core.Memory()
			var sawArgs, sawNumber bool
			for _, s := range c.Tensors {
				switch s.Role {
				case RoleIn, RoleConst:
					want, err := s.Image(tensors[s.Name])
					if err != nil {
						t.Fatal(err)
					}
					if !slices.EqualFunc(images[s.Name], want, func(a, b Chunk) bool { return a.Addr == b.Addr && bytes.Equal(a.Data, b.Data) }) {
						t.Errorf("%s: SetUp reports other chunks than its image", s.Name)
					}
					for _, ch := range want {
						if !m.Holds(ch.Addr, ch.Data) {
							t.Errorf("%s: memory at %#x does not hold its image", s.Name, ch.Addr)
						}
					}
				default:
					if _, ok := images[s.Name]; ok {
						t.Errorf("%s %s: SetUp reports an image", s.Role, s.Name)
					}
					for _, sp := range s.Spans() {
						got, err := m.Peek(sp.Start, sp.End-sp.Start)
						if err != nil {
							t.Fatal(err)
						}
						if i := slices.IndexFunc(got, func(b byte) bool { return b != c.Fill }); i >= 0 {
							t.Errorf("%s %s: byte %#x is %#x, not the fill %#x", s.Role, s.Name, sp.Start+uint64(i), got[i], c.Fill)
						}
					}
				}
				if s.Name == "args" {
					sawArgs = true
					// A uint32 table of every other tensor's address, in order.
					b, err := m.Peek(s.Addr, 4*uint64(len(c.Tensors)-1))
					if err != nil {
						t.Fatal(err)
					}
					for i, o := range c.Tensors[1:] {
						if got := binary.LittleEndian.Uint32(b[4*i:]); uint64(got) != o.Addr {
							t.Errorf("args[%d] = %#x, want %s's address %#x", i, got, o.Name, o.Addr)
						}
					}
				}
			}
			regs := make([]string, 0, len(c.Convention.Registers))
			for reg, v := range c.Convention.Registers {
				regs = append(regs, reg)
				want, err := strconv.ParseUint(v, 0, 32)
				if err == nil {
					sawNumber = true
				} else {
					want = find(c, v).Addr
				}
				if got, ok := spy.regs[reg]; !ok || got != want {
					t.Errorf("register %s = %#x (set: %v), want %#x (%s)", reg, got, ok, want, v)
				}
				if v == "args" && c.Tensors[0].Name != "args" {
					t.Errorf("register %s holds args, which is not placed first", reg)
				}
			}
			slices.Sort(regs)
			if !slices.Equal(spy.order, regs) {
				t.Errorf("registers set in order %v, want %v", spy.order, regs)
			}
			if sawArgs != r.wantArgs || sawNumber != r.wantNumber {
				t.Errorf("args table %v, numeric register %v; the row wants %v, %v", sawArgs, sawNumber, r.wantArgs, r.wantNumber)
			}
		})
	}
}
