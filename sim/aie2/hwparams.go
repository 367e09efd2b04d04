package aie2

import (
	"fmt"
	"sort"

	isadefs "kernelcraft/isa-defs"
)

// What an aie2 hardware config may set. The simulator reads the memory
// regions, max_cycles and one parameter, params.hazard_policy; everything
// else about the core is fixed by the ISA (the bundle format, the register
// files, the itineraries) or by the tile's memory module, so it is not a
// parameter: a config that names it with another value is refused with
// the reason (SEMANTICS.md, "Hardware config"). The architectural values
// are accepted, so that copies of the former aie2.json, which listed
// them, keep loading.

// Fixed properties of the AIE2 core the simulator is built on.
const (
	branchDelaySlots = 5   // bundles that issue after a branch before its target
	nBanks           = 8   // physical data-memory banks (bankMask)
	bankWidthBytes   = 16  // interleave of a bank pair (bankMask: addr>>4&1)
	accessBits       = 256 // the widest load or store (a w register)
	conflictPenalty  = 1   // stall cycles per extra access to a bank in one cycle
)

// fixedParam is a former parameter whose value the architecture fixes.
type fixedParam struct {
	value func(isa *isadefs.ISA) int64
	why   string
}

func constant(v int64) func(*isadefs.ISA) int64 { return func(*isadefs.ISA) int64 { return v } }

// fixedParams are the params an aie2 config may not change.
var fixedParams = map[string]fixedParam{
	"vec_bits":           {constant(512), "the x registers of the ISA are 512 bits"},
	"acc_bits":           {constant(1024), "the cm accumulators of the ISA are 1024 bits"},
	"addr_bits":          {constant(20), "pointers and addresses are 20 bits in the encoding"},
	"banks":              {constant(nBanks), "the tile's data memory has 8 physical banks (physical bank = 2*((addr>>14)&3) + ((addr>>4)&1))"},
	"bank_width":         {constant(bankWidthBytes), "bank pairs interleave every 16 bytes in the tile's memory module"},
	"load_ports":         {func(isa *isadefs.ISA) int64 { return int64(countSlots(isa, "lda", "ldb")) }, "the bundle format has two load slots, lda and ldb"},
	"store_ports":        {func(isa *isadefs.ISA) int64 { return int64(countSlots(isa, "st")) }, "the bundle format has one store slot, st"},
	"access_bits":        {constant(accessBits), "the widest load or store moves one 256-bit w register"},
	"conflict_penalty":   {constant(conflictPenalty), "the memory arbiter serves one access per bank per cycle"},
	"branch_delay_slots": {constant(branchDelaySlots), "AIE2 branches have 5 delay slots: the compiled instruction stream fills them"},
	"peak_macs_bf16":     {func(*isadefs.ISA) int64 { return peakMACs(true) }, "the bf16 MAC modes of the ISA (4x8x4 at most) fix it"},
	"peak_macs_int8":     {func(*isadefs.ISA) int64 { return peakMACs(false) }, "the integer MAC modes of the ISA (256 8-bit products at most) fix it"},
}

// fixedTiming maps the former timing keys to an instruction whose
// itinerary fixes the latency.
var fixedTiming = map[string]string{
	"lat.alu":    "add",
	"lat.mul":    "mul",
	"lat.ld":     "lda",
	"lat.vld":    "vlda",
	"lat.vmac":   "vmac",
	"lat.vmac_f": "vmac.f",
	"lat.srs":    "vsrs.s16.s32",
	"lat.ups":    "vups.s32.s16",
	"lat.valu":   "vadd.32",
	"lat.vconv":  "vconv.bf16.fp32",
}

func countSlots(isa *isadefs.ISA, names ...string) int {
	n := 0
	for _, s := range isa.SlotOrder {
		for _, w := range names {
			if s.Name == w {
				n++
			}
		}
	}
	return n
}

// peakMACs is the most MACs (bf16) or 8-bit products (integer) one
// vmac of the simulator's modes does.
func peakMACs(fp bool) int64 {
	best := 0
	for i := range macModes {
		mm := &macModes[i]
		if mm.fp != fp {
			continue
		}
		w := mm.m * mm.k * mm.n
		if !fp {
			w = w * mm.xbits * mm.ybits / 64
		}
		best = max(best, w)
	}
	return int64(best)
}

// itinLatency is the cycle in which mn's first form with an itinerary
// writes its result.
func itinLatency(isa *isadefs.ISA, mn string) (int64, string, bool) {
	for _, in := range isa.Lookup(mn) {
		if it := isa.ItineraryOf(in); it != nil {
			if d, ok := it.Get("dst"); ok {
				return int64(d.Cycle), it.Name, true
			}
		}
	}
	return 0, "", false
}

// HWPolicy checks what an aie2 hardware config sets (an error names the
// field, its value and what it may be) and returns its hazard policy
// (params.hazard_policy, Exposed when absent).
func HWPolicy(hw *isadefs.HW) (Policy, error) {
	isa, err := isadefs.LoadISA("aie2")
	if err != nil {
		return 0, err
	}
	return hwPolicy(hw, isa)
}

// hwPolicy checks what an aie2 config sets and returns its hazard policy.
func hwPolicy(hw *isadefs.HW, isa *isadefs.ISA) (Policy, error) {
	pol := Exposed
	for _, k := range sortedKeys(hw.Params) {
		v := hw.Params[k]
		if k == "hazard_policy" {
			if v < int64(Exposed) || v > int64(Interlock) {
				return 0, fmt.Errorf("aie2: hw %s: params.hazard_policy = %d: want 0 (exposed), 1 (warn) or 2 (interlock)", hw.Name, v)
			}
			pol = Policy(v)
			continue
		}
		f, ok := fixedParams[k]
		if !ok {
			return 0, fmt.Errorf("aie2: hw %s: params.%s: no such parameter (the aie2 simulator takes only params.hazard_policy)", hw.Name, k)
		}
		if want := f.value(isa); v != want {
			return 0, fmt.Errorf("aie2: hw %s: params.%s = %d: fixed at %d, not a parameter: %s", hw.Name, k, v, want, f.why)
		}
	}
	for _, k := range sortedKeys(hw.Timing) {
		v := hw.Timing[k]
		mn, ok := fixedTiming[k]
		if !ok {
			return 0, fmt.Errorf("aie2: hw %s: timing.%s: no such parameter (aie2 takes no timing parameters: every operation's operand cycles are its itinerary in isa-defs/aie2/aie2.isa)", hw.Name, k)
		}
		want, itin, ok := itinLatency(isa, mn)
		if !ok {
			return 0, fmt.Errorf("aie2: hw %s: timing.%s: %s has no itinerary with a result", hw.Name, k, mn)
		}
		if v != want {
			return 0, fmt.Errorf("aie2: hw %s: timing.%s = %d: fixed at %d, not a parameter: %s's itinerary %s writes its result in cycle %d (isa-defs/aie2/aie2.isa, from llvm-aie's AIE2Schedule.td)", hw.Name, k, v, want, mn, itin, want)
		}
	}
	return pol, nil
}

func sortedKeys(m map[string]int64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
