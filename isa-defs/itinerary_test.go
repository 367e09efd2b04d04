package isadefs

import (
	"strings"
	"testing"
)

// TestAIE2Itineraries checks the operand-cycle table against the figures
// of the schedule that the design and the fact sheet quote, and that every
// aie2 instruction has an itinerary.
func TestAIE2Itineraries(t *testing.T) {
	isa := MustLoadISA("aie2")
	for _, in := range isa.Insts {
		if isa.ItineraryOf(in) == nil {
			t.Errorf("%s (line %d): no itinerary", in.Name, in.Line)
		}
	}
	// mnemonic (first form) -> destination cycle, accumulator-read
	// cycle (0: none), bypass class of the destination.
	cases := []struct {
		mnemonic string
		dst, acc int
		bypass   string
		mem      []int
	}{
		{"vlda", 7, 0, "", []int{5}},
		{"vldb", 7, 0, "", []int{5}},
		{"lda", 7, 0, "", []int{5}},
		{"vmac", 5, 3, "vec", nil},
		{"vmac.f", 6, 3, "", nil},
		{"vmul.f", 6, 0, "", nil},
		{"vsrs.s16.s32", 4, 0, "", nil},
		{"vups.s32.s16", 3, 0, "", nil},
		{"vadd.32", 2, 0, "mov", nil},
		{"vshuffle", 2, 0, "mov", nil},
		{"mul", 2, 0, "", nil},
		{"add", 1, 0, "", nil},
		{"vconv.bf16.fp32", 2, 0, "", nil},
		{"vlda.ups.s32.s16", 9, 0, "", []int{5}},
		{"mov.d3", 4, 0, "", nil},
	}
	for _, c := range cases {
		ins := isa.Lookup(c.mnemonic)
		if len(ins) == 0 {
			t.Fatalf("no %s", c.mnemonic)
		}
		it := isa.ItineraryOf(ins[0])
		d, _ := it.Get("dst")
		if d.Cycle != c.dst || d.Bypass != c.bypass || it.Latency() != c.dst {
			t.Errorf("%s (%s): dst %+v, want cycle %d bypass %q", c.mnemonic, it.Name, d, c.dst, c.bypass)
		}
		if a, _ := it.Get("acc"); a.Cycle != c.acc {
			t.Errorf("%s: acc read in cycle %d, want %d", c.mnemonic, a.Cycle, c.acc)
		}
		if len(c.mem) > 0 && (len(it.Mem) != len(c.mem) || it.Mem[0] != c.mem[0]) {
			t.Errorf("%s: memory cycles %v, want %v", c.mnemonic, it.Mem, c.mem)
		}
	}
	// Late reads and late memory cycles the fact sheet lists.
	late := []struct {
		itin, role string
		cycle      int
	}{
		{"II_STHB", "data", 7},
		{"II_VLDA_POSTINC_UPS", "shift", 7},
		{"II_VLDA_POSTINC_UPS", "crupssign", 7},
		{"II_VST_SRS", "data", 1},
		{"II_VMAX_LT", "dst2", 2},
		{"II_JL", "lr", 4},
	}
	for _, l := range late {
		if got := isa.Itineraries[l.itin].Read(l.role); got != l.cycle {
			t.Errorf("%s %s: cycle %d, want %d", l.itin, l.role, got, l.cycle)
		}
	}
	if m := isa.Itineraries["II_VST_SRS"].Mem; len(m) != 1 || m[0] != 7 {
		t.Errorf("vst.srs writes memory in %v, want E7", m)
	}
	if s := isa.Itineraries["II_VMAC"].String(); s != "dst=5:vec acc=3:vec" {
		t.Errorf("II_VMAC renders as %q", s)
	}
}

func TestItineraryErrors(t *testing.T) {
	cases := []struct{ line, want string }{
		{"itinerary II_X dst", "is not ROLE=CYCLE"},
		{"itinerary II_X dst=0", "bad cycle"},
		{"itinerary II_X dst=2:fast", "bad bypass class"},
		{"itinerary II_X frob=2", "unknown role"},
		{"itinerary II_X dst=1 dst=2", "given twice"},
		{"itinerary II_X mem=x", "bad memory cycle"},
		{"itinerary II_X\nitinerary II_X", "defined twice"},
		{"itinerary II_Y\ninst nopx | | 3..0=0 | slot=alu itin=II_Z | x", "itinerary II_Z is not defined"},
	}
	for _, c := range cases {
		src := "isa t\nword 4\nslot alu 4 nop=nopx\nformat f 8 | alu 0001\n" + c.line + "\n"
		_, err := Parse("t.isa", src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.line, err, c.want)
		}
	}
}
