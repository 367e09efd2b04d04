package isadefs

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Itinerary is one timing class of an exposed-pipeline target (aie2: an
// itinerary of llvm-aie's AIE2Schedule.td): the cycle, counted from 1 =
// the issue cycle, in which each kind of operand is read or written, the
// forwarding (bypass) class of the operands that have one, and the cycles
// in which the instruction touches memory. An instruction names its
// itinerary with the itin attribute.
//
// A value written in cycle d of an instruction issued at cycle t is
// visible to a read sampled in cycle u of an instruction issued at t'
// when t+d < t'+u, or t+d-1 < t'+u when both operands carry the same
// bypass class: the def→use latency is d−u+1 (one less with a bypass).
type Itinerary struct {
	Name  string
	Roles map[string]OperandCycle // by role (see FORMAT.md "itinerary")
	Order []string                // roles in file order
	Mem   []int                   // memory-access cycles (loads read, stores write, in the last)
	Line  int
}

// OperandCycle is when an operand role is read or written.
type OperandCycle struct {
	Cycle  int
	Bypass string // "", "mov" or "vec" (llvm-aie's MOV_Bypass, VEC_Bypass)
}

// itineraryRoles are the roles an itinerary line may give. Register
// operands of the syntax take the role their position gives them (the
// target's simulator maps them); implicit registers are named.
var itineraryRoles = map[string]string{
	"dst":   "the explicit destination register(s), written",
	"dst2":  "a second explicit result (the scalar mask of a vector compare), written",
	"ptr":   "the address registers a post-modify/2-D/3-D access writes back (p, dc), written",
	"src":   "the explicit source registers not named otherwise, read (default 1)",
	"acc":   "the accumulator input(s) of a MAC or accumulator add, read",
	"data":  "the data register of a store, read",
	"shift": "the shift register (s0-s3) of srs/ups, read",
	"lr":    "the link register, written (jl)",
	"done":  "the cycle the core stops (done)",
}

// Get returns the cycle and bypass class of a role, and whether the
// itinerary names it.
func (it *Itinerary) Get(role string) (OperandCycle, bool) {
	c, ok := it.Roles[role]
	return c, ok
}

// Read returns the cycle in which a role is read: its own, else src's,
// else 1.
func (it *Itinerary) Read(role string) int {
	if c, ok := it.Roles[role]; ok {
		return c.Cycle
	}
	if c, ok := it.Roles["src"]; ok {
		return c.Cycle
	}
	return 1
}

// Latency is the number of cycles after which an instruction issued later
// reads the destination's new value in its cycle 1 (the schedule's def
// cycle; 0 when the itinerary writes no destination).
func (it *Itinerary) Latency() int { return it.Roles["dst"].Cycle }

// String renders the itinerary as its .isa line's fields.
func (it *Itinerary) String() string {
	var parts []string
	for _, r := range it.Order {
		c := it.Roles[r]
		s := fmt.Sprintf("%s=%d", r, c.Cycle)
		if c.Bypass != "" {
			s += ":" + c.Bypass
		}
		parts = append(parts, s)
	}
	if len(it.Mem) > 0 {
		ms := make([]string, len(it.Mem))
		for i, m := range it.Mem {
			ms[i] = strconv.Itoa(m)
		}
		parts = append(parts, "mem="+strings.Join(ms, ","))
	}
	return strings.Join(parts, " ")
}

// ItineraryOf returns the itinerary an instruction names (attribute
// itin), or nil.
func (isa *ISA) ItineraryOf(in *Inst) *Itinerary {
	if isa.Itineraries == nil {
		return nil
	}
	return isa.Itineraries[in.Attrs["itin"]]
}

// ItineraryNames returns the itineraries' names, sorted.
func (isa *ISA) ItineraryNames() []string {
	out := make([]string, 0, len(isa.Itineraries))
	for n := range isa.Itineraries {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// parseItinerary reads "itinerary NAME ROLE=CYCLE[:BYPASS] … [mem=C[,C]]".
// Roles are those of itineraryRoles, or an implicit register's name
// (crsat, crrnd, srsrs_of: any name of a register of the ISA).
func (p *parser) parseItinerary(rest string) {
	f := strings.Fields(rest)
	if len(f) < 1 {
		p.errorf("itinerary: want 'itinerary NAME ROLE=CYCLE[:BYPASS] … [mem=C,…]'")
		return
	}
	if p.isa.Itineraries == nil {
		p.isa.Itineraries = map[string]*Itinerary{}
	}
	it := &Itinerary{Name: f[0], Roles: map[string]OperandCycle{}, Line: p.line}
	if _, dup := p.isa.Itineraries[it.Name]; dup {
		p.errorf("itinerary %s defined twice", it.Name)
		return
	}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			p.errorf("itinerary %s: %q is not ROLE=CYCLE", it.Name, kv)
			continue
		}
		if k == "mem" {
			for _, c := range strings.Split(v, ",") {
				n, err := strconv.Atoi(c)
				if err != nil || n < 1 || n > 32 {
					p.errorf("itinerary %s: bad memory cycle %q (want 1..32)", it.Name, c)
					continue
				}
				it.Mem = append(it.Mem, n)
			}
			continue
		}
		if _, known := itineraryRoles[k]; !known {
			if _, isReg := p.isa.regByName[k]; !isReg {
				p.errorf("itinerary %s: unknown role %q (want dst, dst2, ptr, src, acc, data, shift, lr, done, mem or a register name)", it.Name, k)
				continue
			}
		}
		cs, by, _ := strings.Cut(v, ":")
		n, err := strconv.Atoi(cs)
		if err != nil || n < 1 || n > 32 {
			p.errorf("itinerary %s: bad cycle %q for %s (want 1..32)", it.Name, cs, k)
			continue
		}
		if by != "" && by != "mov" && by != "vec" {
			p.errorf("itinerary %s: bad bypass class %q for %s (want mov or vec)", it.Name, by, k)
			continue
		}
		if _, dup := it.Roles[k]; dup {
			p.errorf("itinerary %s: role %s given twice", it.Name, k)
			continue
		}
		it.Roles[k] = OperandCycle{Cycle: n, Bypass: by}
		it.Order = append(it.Order, k)
	}
	p.isa.Itineraries[it.Name] = it
}

// checkItineraries verifies, once every line is read, that an ISA with
// itinerary lines gives one to every instruction that names one.
func (p *parser) checkItineraries() {
	if p.isa.Itineraries == nil {
		return
	}
	for _, in := range p.isa.Insts {
		name, ok := in.Attrs["itin"]
		if !ok {
			continue
		}
		if _, def := p.isa.Itineraries[name]; !def {
			p.line = in.Line
			p.errorf("%s: itinerary %s is not defined (add an itinerary line)", in.Name, name)
		}
	}
}
