package aie2

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// CostModel is aie2's part of the ISA manual: what decides cycles, each
// instruction's operand cycles, and the sections only this target has
// (bundle formats, register views, the exposed pipeline with a worked
// example run on this simulator, the MAC modes). Everything that is a
// number comes from isa-defs (slots, formats, itineraries) or from the
// tables the simulator runs on (macModes), so the text cannot drift.
type CostModel struct {
	hw  *isadefs.HW
	isa *isadefs.ISA
}

// NewCostModel builds aie2's cost model for a hardware config.
func NewCostModel(hw *isadefs.HW) (sim.CostModel, error) {
	isa, err := isadefs.LoadISA(hw.ISA)
	if err != nil {
		return nil, err
	}
	if _, err := classifyAll(isa); err != nil {
		return nil, err
	}
	if _, err := hwPolicy(hw, isa); err != nil {
		return nil, err
	}
	return &CostModel{hw: hw, isa: isa}, nil
}

// The manual sections aie2 adds.
const (
	secBundles   = "bundles"
	secRegisters = "registers"
	secPipeline  = "pipeline"
	secMAC       = "mac"
)

// SectionNames lists aie2's own manual sections.
func (c *CostModel) SectionNames() []string {
	return []string{secBundles, secRegisters, secPipeline, secMAC}
}

// Section returns one of aie2's own sections.
func (c *CostModel) Section(name string) string {
	switch name {
	case secBundles:
		return c.bundles()
	case secRegisters:
		return c.registers()
	case secPipeline:
		return c.pipeline()
	case secMAC:
		return c.macSection()
	}
	return ""
}

// Rules describes the timing model.
func (c *CostModel) Rules() string {
	var b strings.Builder
	fmt.Fprintf(&b, "One bundle (one source line) issues per cycle, in order. Nothing waits for a result (an exposed pipeline): an operation reads its operands in fixed cycles after it issues and writes its results in fixed cycles, the operand cycles of its itinerary (each instruction's entry; section %s lists them all). A read before the write lands gets the old value. The kernel's cycles are the cycles until `done` issues, plus 1.\n", secPipeline)
	b.WriteString("Forwarding: a result of the vector ALU and permutes (vshuffle, vadd, vmov of x…; class :mov in the entry's itinerary) reaches an operand of the same class one cycle early, so the very next bundle reads the new value there: an in-place sequence that overwrites a register and reads its old value one bundle later (vshuffle x0, x0, x1, r0 then vshuffle x1, x0, x1, r1) gets the new value instead. Policy 1 (warn) does not report it (the read gets the newest value, what sequential code computes): write the result to another register to keep the old one.\n")
	fmt.Fprintf(&b, "Stalls: only a data-memory bank conflict stalls (%d cycle per extra access). The whole core stands still for it, results in flight included: they land the same number of bundles after their issue as without the conflict, so a schedule right without the conflict computes the same values with it, only later (and warn has nothing more to report). Under params.hazard_policy 2 (interlock) a bundle also waits for the operands it reads (counted as interlock stalls); during those waits results in flight keep landing, so a value a later bundle meant to read before it is overwritten can be overwritten during the wait (interlock stops the run with a trap naming the read when that happens). Policy 1 (warn) reports every read that gets a register's value from before the program wrote it. Choose a policy with kc-sim --hazard-policy or the run and profile tools' hazard_policy argument; the judge runs policy 0 (exposed).\n", conflictPenalty)
	fmt.Fprintf(&b, "Memory: %d KiB of data memory at 0x70000 in %d single-port banks of %d bytes width, pairs interleaved every 16 bytes into 4 logical banks of 16 KiB (physical bank = 2*((addr>>14)&3) + ((addr>>4)&1)); a 256-bit access uses both banks of its pair. Two accesses reaching one bank in the same cycle (load/load in one bundle, or a load meeting an earlier bundle's store, or a vst.srs/vst.conv writing in its cycle 7 meeting a later load's cycle 5) cost a stall. Put the two operands a loop loads in one cycle in different 16 KiB banks, or load them in different cycles.\n",
		c.hw.Memory[len(c.hw.Memory)-1].Size/1024, nBanks, bankWidthBytes)
	fmt.Fprintf(&b, "Bandwidth: %d loads (lda and ldb slots) and %d store of %d bits per cycle; one MAC (vec slot) per cycle: %d bf16 or %d int8 multiply-accumulates per cycle at peak (section %s).\n",
		countSlots(c.isa, "lda", "ldb"), countSlots(c.isa, "st"), accessBits, peakMACs(true), peakMACs(false), secMAC)
	fmt.Fprintf(&b, "Branches (j, jl, jz, jnz, jnzd, ret) have %d delay slots: the next %d bundles issue before the target. The zero-overhead loop costs nothing per iteration: set ls (first bundle), le (last bundle) and lc (trip count) and the bundle at le branches back to ls while lc counts down (lc = N runs the body N times; section %s). The assembler enforces llvm-aie's layout rules: at least 112 bytes from the bundle that sets lc to the loop end, 16-byte aligned loop start and loop end.\n",
		branchDelaySlots, branchDelaySlots, secPipeline)
	b.WriteString("Cheapest kernels keep the vec slot busy every cycle: software-pipeline the loads 7 cycles ahead of the MACs that use them, rotate at least 4 bf16 accumulators (a vmac.f reads its accumulator in cycle 3 and writes the result in cycle 6), fill the other slots of the same bundles, and loop with the zero-overhead loop.\n")
	return b.String()
}

// Inst is one instruction form's timing: its itinerary's operand cycles
// and what they mean as latencies.
func (c *CostModel) Inst(in *isadefs.Inst) string {
	var b strings.Builder
	if ok, why := c.Simulated(in); !ok {
		fmt.Fprintf(&b, "simulated: no — running it stops the simulation (%s)\n", unsupportedText(in.Name, why))
	}
	it := c.isa.ItineraryOf(in)
	if it == nil {
		return b.String()
	}
	fmt.Fprintf(&b, "itinerary %s (cycles from 1 = issue): %s\n", it.Name, orNone(it.String()))
	if d, ok := it.Get("dst"); ok {
		fmt.Fprintf(&b, "latency: the result is written in cycle %d: an operation issued %d or more bundles later reads the new value in its cycle 1", d.Cycle, d.Cycle)
		if d.Bypass != "" {
			fmt.Fprintf(&b, " (%d later through the %s bypass, into an operand of the same class)", d.Cycle-1, d.Bypass)
			if d.Bypass == "mov" && d.Cycle == 2 {
				b.WriteString("; so the next bundle's :mov operands already read the new value: after an in-place overwrite (vshuffle x0, x0, …) the next vector ALU operation or permute cannot read the old value (warn does not report it); write the result to another register to keep the old one")
			}
		}
		b.WriteString("\n")
		if a, ok := it.Get("acc"); ok {
			l := d.Cycle - a.Cycle + 1
			if a.Bypass != "" && a.Bypass == d.Bypass {
				l--
			}
			fmt.Fprintf(&b, "chained on one accumulator: the accumulator input is read in cycle %d, so the next %s into the same accumulator may issue %d bundles later\n", a.Cycle, in.Name, l)
		}
	}
	if len(it.Mem) > 0 {
		ms := make([]string, len(it.Mem))
		for i, m := range it.Mem {
			ms[i] = fmt.Sprint(m)
		}
		fmt.Fprintf(&b, "memory: reached in cycle %s (bank conflicts are counted there)\n", strings.Join(ms, " and "))
	}
	return b.String()
}

// Simulated reports whether the simulator runs form in, and the reason
// the .isa records (sem=none:REASON) when it does not.
func (c *CostModel) Simulated(in *isadefs.Inst) (bool, string) {
	o := decodeOp(c.isa, in, in.Match)
	return o.kind != kUnsupported, o.why
}

// outsideCore starts the reason (sem=none:REASON) of an instruction that
// reaches outside the compute core: streams, cascade, the tile's
// memory-mapped registers. A single-core simulation does not run them,
// and the message says so rather than "not supported yet".
const outsideCore = "outside the core: "

// unsupportedText is what the manual and the halt say of an instruction
// the simulator does not run: its name, and the reason when one is known.
func unsupportedText(name, why string) string {
	if r, ok := strings.CutPrefix(why, outsideCore); ok {
		return name + " is not simulated: " + r + "; kc-sim simulates one compute core and its data memory, with nothing on the other side"
	}
	if why == "" {
		return name + " is not supported yet by the aie2 simulator"
	}
	return name + " is not supported yet by the aie2 simulator: " + why
}

func orNone(s string) string {
	if s == "" {
		return "no register operands timed"
	}
	return s
}

// slotUse says what each slot carries.
var slotUse = map[string]string{
	"lda": "load unit A: scalar and vector loads (vlda, vlda.ups, vlda.conv, lda), padda, mova",
	"ldb": "load unit B: vector loads (vldb), paddb",
	"alu": "scalar ALU (add, mul, compares…), movx, jumps to registers, jnzd, ret, done",
	"mv":  "moves (mov, mov.dN, add.nc), vector ALU and permutes (vadd.N, vmax_lt, vsel, vshuffle, vshift, vbcst, vmov), vups, vconv.fp32.bf16, vsrsm",
	"st":  "stores (st, vst, vst.srs, vst.conv, vst.pack), vsrs, vconv.bf16.fp32, padds",
	"vec": "the MAC unit: vmac/vmul/vmsc (.f), vaddmac, accumulator vadd/vsub/vneg, vclr",
	"lng": "42-bit long operations: movxm (any 32-bit constant), j/jl/jz/jnz to an absolute address; uses the room of alu and mv",
	"nop": "the 16-bit nop bundle",
}

// bundles describes the slots and the formats: which slots may share a
// bundle.
func (c *CostModel) bundles() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: slots and bundle formats (from isa-defs/aie2/aie2.isa)\n\n", c.isa.Name)
	b.WriteString("A bundle is one source line: slot operations separated by ';' (`vlda wl0, [p0], #32 ; vldb wh0, [p1], #32 ; vmac.f bml0, bml0, x2, x4, r0`). It issues in one cycle. The assembler puts each operation in its slot and encodes the bundle in the smallest format that has all of them (the format's other slots hold nops); two operations for one slot, or a set of slots no format has, is an error. Bundle sizes are 2 to 16 bytes; the size is in the low bits of the first byte.\n\n## slots\n")
	for _, s := range c.isa.SlotOrder {
		fmt.Fprintf(&b, "%-4s %2d bits, nop %-6s %s\n", s.Name, s.Bits, s.Nop, slotUse[s.Name])
	}
	b.WriteString("\n## formats by size (slots each holds)\n")
	bySize := map[int][]string{}
	var sizes []int
	for _, f := range c.isa.Formats {
		if _, ok := bySize[f.Bits]; !ok {
			sizes = append(sizes, f.Bits)
		}
		bySize[f.Bits] = append(bySize[f.Bits], strings.Join(sortedSlots(f), "+"))
	}
	sort.Ints(sizes)
	for _, n := range sizes {
		fmt.Fprintf(&b, "%3d bits (%2d bytes): %s\n", n, n/8, strings.Join(bySize[n], ", "))
	}
	b.WriteString("\n## what may share a bundle\n")
	var maximal []string
	for _, f := range c.isa.Formats {
		fs := f.SlotNames()
		if f.HasSlot("nop") {
			continue
		}
		sup := false
		for _, g := range c.isa.Formats {
			if g != f && len(g.SlotNames()) > len(fs) && subset(fs, g.SlotNames()) {
				sup = true
				break
			}
		}
		if !sup {
			maximal = append(maximal, strings.Join(sortedSlots(f), "+"))
		}
	}
	sort.Strings(maximal)
	maximal = slices.Compact(maximal)
	fmt.Fprintf(&b, "The largest bundles: %s. Every subset of one of these is a format.\n", strings.Join(maximal, " and "))
	var never []string
	for i, s := range c.isa.SlotOrder {
		for _, t := range c.isa.SlotOrder[i+1:] {
			if s.Name == "nop" || t.Name == "nop" {
				continue
			}
			together := false
			for _, f := range c.isa.Formats {
				if f.HasSlot(s.Name) && f.HasSlot(t.Name) {
					together = true
					break
				}
			}
			if !together {
				never = append(never, s.Name+" with "+t.Name)
			}
		}
	}
	fmt.Fprintf(&b, "Never together: %s (lng takes the room of alu and mv).\n", strings.Join(never, ", "))
	b.WriteString("So per cycle at most: 2 loads (lda, ldb), 1 store (st), 1 scalar op (alu), 1 move or vector-ALU op (mv), 1 MAC (vec); a movxm or an absolute jump replaces the alu and mv operations of its bundle.\n")
	b.WriteString("Loops: a zero-overhead loop's first bundle starts 16-byte aligned (write `.p2align 4` before it) and its last bundle ends on a 16-byte boundary (the assembler checks; make the body's bundles add up, e.g. write every body bundle as a full 16-byte one by naming the empty slots' nops: `... ; nopx ; nopm`); branch targets should be 16-byte aligned too.\n")
	return b.String()
}

// sortedSlots is a format's slots in the slot order of the .isa file.
func sortedSlots(f *isadefs.Format) []string {
	order := map[string]int{"lda": 0, "ldb": 1, "st": 2, "alu": 3, "mv": 4, "lng": 5, "vec": 6, "nop": 7}
	s := slices.Clone(f.SlotNames())
	sort.Slice(s, func(i, j int) bool { return order[s[i]] < order[s[j]] })
	return s
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// regViews describes each architectural register file.
var regViews = []struct{ file, bits, text string }{
	{"r", "32", "general scalar registers; r16..r19 hold vector compare masks (rmask), r27 is sel.eqz/sel.nez's condition, r29 vinsert's index"},
	{"l", "64", "view: lN = r(2N+17):r(2N+16), register pairs for 64-bit masks (8-bit lane compares), vbcst.64 and the cycle counter"},
	{"p", "20", "pointers: every address is 20 bits and wraps; data memory is at 0x70000..0x7FFFF"},
	{"m", "20", "modifiers: post-increment amounts ([p], m) and the outer step of 2-D/3-D addressing"},
	{"dn", "20", "2-D/3-D: number of inner steps minus 1 (size - 1)"},
	{"dj", "20", "2-D/3-D inner step; also the index of [p, dj] (bytes)"},
	{"dc", "20", "2-D/3-D counter (starts at 0; the access updates it)"},
	{"d", "—", "view: dN = (mN, dnN, djN, dcN), the operand of .2d/.3d accesses; 3-D uses dN (inner) with dN+4 (outer), N = 0..3"},
	{"s", "6", "shift amounts of srs/ups (vlda.ups reads s in its cycle 7)"},
	{"ctl", "32", "lr (link register of jl/ret), sp (stack pointer), lc/le/ls (zero-overhead loop: count, address of the last body bundle, address of the first), dp, core_id"},
	{"cr", "32", "control registers (movx cr, r or mov): crRnd (rounding of srs and fp32->bf16: 0 floor, 1 ceil, 2 toward 0, 3 away, 8-13 nearest with ties to -inf, +inf, zero, away, even, odd), crSat (0 wrap, 1 saturate, 3 symmetric), crSRSSign/crUPSSign/crVaddSign/crPackSign/crUnpackSign (signedness of the .d forms); all reset to 0"},
	{"sr", "32", "status registers (overflow, carry, flags); read 0 in this simulator"},
	{"x", "512", "vector registers: 64 x 8, 32 x 16 (bf16) or 16 x 32 bits"},
	{"wl", "256", "view: wlN = low half of xN (lanes 0..15 of 16-bit data): the unit of vector loads and stores"},
	{"wh", "256", "view: whN = high half of xN"},
	{"y", "1024", "view: a pair of x registers, the wide operand of sparse MACs (y2 = x4 and x5, y3 = x6 and x7, …)"},
	{"cm", "1024", "accumulators: 32 lanes of 32 bits or 16 lanes of 64 bits (integer MACs)"},
	{"bml", "512", "view: bmlN = low half of cmN: 16 fp32 lanes, the bf16 MAC's accumulator (a 4x4 tile)"},
	{"bmh", "512", "view: bmhN = high half of cmN (another 16 fp32 lanes)"},
	{"am", "256", "view: amllN, amlhN, amhlN, amhhN = the quarters of cmN (bmlN = amllN:amlhN): vlda/vst of accumulators go through them"},
	{"q", "128", "sparsity masks of sparse MAC operands; lda/st move them (16 bytes, 16-byte aligned); nothing else reads them here (sparse loads and MACs are not simulated)"},
	{"qx", "512", "sparse vector operands"},
	{"qw", "256", "halves of qx"},
}

// registers lists the register files and their views.
func (c *CostModel) registers() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: registers and their views\n\nA view is another name for part of a register (x0 = wh0:wl0; cm0 = bmh0:bml0 = amhh0:amhl0:amlh0:amll0). Writing a view changes the register it is part of; each piece is timed on its own (a vlda into wl0 and one into wh0 fill x0).\n\n", c.isa.Name)
	for _, v := range regViews {
		rf := c.isa.RegFiles[v.file]
		if rf == nil {
			continue
		}
		var names []string
		for _, n := range rf.Names {
			if n != "" {
				names = append(names, n)
			}
		}
		list := strings.Join(names, " ")
		if len(names) > 8 {
			list = names[0] + " … " + names[len(names)-1]
		}
		fmt.Fprintf(&b, "%-4s %2d × %4s bits  %s\n     %s\n", v.file, len(names), v.bits, list, v.text)
	}
	b.WriteString("\nOperand fields accept register classes: a scalar load's destination may be any of r, p, m, dn, dj, dc or lr; `mov` moves between all scalar registers, control and status registers; each instruction's entry lists what each operand accepts.\n")
	return b.String()
}

// pipeline explains the exposed pipeline, the addressing rules, the
// zero-overhead loop, and lists every itinerary with the mnemonics that
// use it; then a worked example run on this simulator.
func (c *CostModel) pipeline() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: the exposed pipeline\n\n", c.isa.Name)
	b.WriteString(`Rules (llvm-aie's AIE2Schedule.td, as this simulator runs them):
1. An operation issued in cycle t reads each operand in cycle t+u-1 and writes each result in cycle t+d-1, u and d from its itinerary (cycle 1 = issue). A result written in cycle d is seen by an operation issued k bundles later if d < k+u (its value is "visible from" issue+d). A write that lands in the very cycle of the read is not seen.
2. Forwarding: when the result and the reading operand carry the same bypass class (:mov between vector ALU operations, :vec between integer MACs on one accumulator), the value arrives one cycle early: a vector ALU or permute result is read by the next bundle's :mov operand, so code that overwrites a register in place cannot read its old value there (write the result elsewhere). Warn does not report such a read: it gets the newest value.
3. All operations of one bundle read the state as it was before the bundle.
4. Nothing waits. An early read silently gets the old value; the simulator's hazard policy decides what else happens: exposed (default, as the hardware), warn (the same values, plus a warning naming both instructions), interlock (the reader waits; the waits are counted as stalls; the result is what sequential code computes). Kernels are judged under exposed.
5. Late reads are real: a MAC reads its accumulator in cycle 3, vlda.ups its shift register and crUPSSign in cycle 7, st.s8/st.s16 their data in cycle 7: an operation issued after them can still change what they read.
6. Latencies that follow (result -> a reader in its cycle 1): scalar ALU 1, mul 2, scalar and vector loads 7, vlda.ups 9, vector ALU and permutes 2 (1 between them), vsrs 4, vups 3, vconv 2, vmac 5 (2 into the next vmac on the same accumulator), vmac.f 6 (4 into the next vmac.f on the same accumulator), vclr 5/6. Stores read their data at issue and write memory in cycle 5 (vst.srs, vst.conv: 7).
7. Branches have 5 delay slots. The zero-overhead loop: when the bundle at address le issues with lc != 0, lc -= 1 and, if lc is still not 0, the next bundle is ls: lc = N runs the body N times (0 and 1 run it once).

Addressing (p, m, dj are byte offsets; all pointer arithmetic is 20-bit):
  [p, #imm], [p, dj]   address p + offset; p unchanged
  [p], #imm, [p], m    address p; then p += imm or m
  [p], dN  (.2d)        address p; then if dcN == dnN: p += mN, dcN = 0; else p += djN, dcN += 1
  [p], dN  (.3d)        address p; then if dcN != dnN: p += djN, dcN += 1; elif dc(N+4) != dn(N+4): p += dj(N+4), dcN = 0, dc(N+4) += 1; else p += mN, both counters 0
  (the outer step replaces the inner one: for rows of S bytes read in V-byte pieces, dj = V, dn = S/V - 1, m = S - (S/V - 1)*V)
`)
	b.WriteString("\n## every itinerary (operand cycles; mnemonics that use it)\n")
	users := map[string][]string{}
	for _, in := range c.isa.Insts {
		if n := in.Attrs["itin"]; n != "" && !slices.Contains(users[n], in.Name) {
			users[n] = append(users[n], in.Name)
		}
	}
	for _, n := range c.isa.ItineraryNames() {
		u := users[n]
		if len(u) == 0 {
			continue
		}
		if len(u) > 5 {
			u = append(slices.Clip(u[:5]), fmt.Sprintf("+%d", len(u)-5))
		}
		fmt.Fprintf(&b, "%-26s %-44s %s\n", n, orNone(c.isa.Itineraries[n].String()), strings.Join(u, " "))
	}
	b.WriteString("\n")
	b.WriteString(workedExample(c.hw))
	return b.String()
}

// exampleKernel is the worked example's program: a load whose value is
// read one bundle later.
const exampleKernel = `	movxm p0, #0x70000
	mova r0, #42
	st r0, [p0, #0]
	lda r1, [p0, #0]
	add r2, r1, r1
	done
`

// workedExample runs exampleKernel (and its corrected form) under each
// hazard policy on this simulator and reports what happened.
func workedExample(hw *isadefs.HW) string {
	fixed := strings.Replace(exampleKernel, "\tadd r2", strings.Repeat("\tnop\n", 6)+"\tadd r2", 1)
	var b strings.Builder
	b.WriteString("## worked example: a load read too early\n\n")
	b.WriteString("```\n" + exampleKernel + "```\n")
	b.WriteString("The lda writes r1 in its cycle 7; the add, issued one bundle later, reads r1 in its cycle 1, six cycles too early. Run on this simulator:\n")
	for _, run := range []struct {
		name, src string
		pol       Policy
	}{
		{"exposed", exampleKernel, Exposed},
		{"warn", exampleKernel, Warn},
		{"interlock", exampleKernel, Interlock},
		{"exposed, with 6 nops before the add", fixed, Exposed},
	} {
		r2, st, ws, err := runExample(hw, run.src, run.pol)
		if err != nil {
			fmt.Fprintf(&b, "- %s: %v\n", run.name, err)
			continue
		}
		fmt.Fprintf(&b, "- %s: r2 = %d, %d cycles, %d stall cycles", run.name, r2, st.Cycles, st.StallCycles[stallInterlock]+st.StallCycles[stallBank])
		seen := map[string]bool{}
		for _, w := range ws {
			if !seen[w.String()] {
				seen[w.String()] = true
				fmt.Fprintf(&b, "; warning: %s", w)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("Under exposed the add used the old r1 (0, its value before the program wrote it) and r2 = 0, not 84; warn computes the same and says why; interlock makes the add wait for the load (the stall cycles) and gets 84. The fix in the kernel: put 6 bundles (useful work, or nops) between the load and its first reader; in a loop, issue the loads of iteration i+1 while computing iteration i (software pipelining).\n")
	b.WriteString("What warn reports and interlock waits for: a read that misses a write in flight and gets the register's value from before the program wrote it (as here), or at a read site (bundle, writer, register) found so before, as in a loop written as sequential code. A read that gets an older value the program wrote while a newer write is in flight is software pipelining: it keeps its exposed timing under every policy (so a register set, then loaded into and read before the load lands, gives the set value even under interlock). If interlock's stalls would change what such a read gets, the run stops and says so.\n")
	return b.String()
}

// runExample assembles and runs src with r2's final value.
func runExample(hw *isadefs.HW, src string, pol Policy) (uint32, *sim.Stats, []Warning, error) {
	as, err := asm.New(hw.ISA)
	if err != nil {
		return 0, nil, nil, err
	}
	p, err := as.Assemble("example.s", []byte(src), asm.Options{HW: hw})
	if err != nil {
		return 0, nil, nil, err
	}
	img, err := sim.LoadELF(p.ELF(), asm.MachineAIE2)
	if err != nil {
		return 0, nil, nil, err
	}
	m, err := New(hw, Options{Hazard: pol})
	if err != nil {
		return 0, nil, nil, err
	}
	if err := m.Load(img); err != nil {
		return 0, nil, nil, err
	}
	if h := m.Run(); !h.OK() {
		return 0, nil, nil, fmt.Errorf("halt: %s", h)
	}
	r2, err := m.Reg("r2")
	ws, _ := m.Warnings()
	return r2, m.Stats(), ws, err
}

// macSection is the MAC mode table (the simulator's own) and how to build
// the configuration word.
func (c *CostModel) macSection() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: the MAC unit and its configuration word\n\n", c.isa.Name)
	b.WriteString(`vmac/vmul/vmsc/vnegmul/vaddmac/vaddmsc (integer, into cm) and their .f forms (bf16, into bm) compute a small matrix product per cycle, C[M][N] (+)= X[M][K] * Y[K][N]: X is the first x operand read as a row-major MxK matrix, Y the second as a row-major KxN matrix, C lane r*N+n of the accumulator. The scalar register operand (rcfg) holds the configuration word that selects the mode:

bit 0      zero_acc   1: the accumulator input is taken as 0 (vmac behaves as vmul)
bits 2:1   amode      0: 32-bit integer lanes; 1: 64-bit integer lanes; 2: fp32 lanes (bf16 modes)
bits 4:3   bmode      operand widths: 1 = 8x8 bits, 2 = 16x8, 3 = 16x16 (bf16 in amode 2)
bits 7:5   variant    geometry variant within (amode, bmode)
bit 8      sgn_y      Y signed (integer modes)
bit 9      sgn_x      X signed
bit 10     shift16    integer modes: the accumulator input shifted left 16 bits before the sum (int32 products from 16-bit pieces)
bit 11     sub_mul    negate the product
bit 12     sub_acc1   negate the accumulator input
bit 13     sub_acc2   negate the second accumulator (vaddmac)
config = zero_acc | amode<<1 | bmode<<3 | variant<<5 | sgn_y<<8 | sgn_x<<9 | shift16<<10 | sub_mul<<11 | sub_acc1<<12 | sub_acc2<<13

## modes this simulator runs (others stop the run)
`)
	fmt.Fprintf(&b, "%-28s %-7s %-6s %-9s %-13s %s\n", "mode", "M×K×N", "acc", "amode,b,v", "config", "MACs/cycle")
	for _, mm := range macModes {
		cfg := mm.amode<<1 | mm.bmode<<3 | mm.var_<<5
		acc := fmt.Sprintf("acc%d", mm.abits)
		conf := fmt.Sprintf("%d (%d zero)", cfg|3<<8, cfg|3<<8|1)
		if mm.fp {
			acc = "fp32"
			conf = fmt.Sprintf("%d (%d zero)", cfg, cfg|1)
		}
		shape := fmt.Sprintf("%dx%dx%d", mm.m, mm.k, mm.n)
		if mm.elem {
			shape = fmt.Sprintf("%d lanes x %d terms", mm.m, mm.k)
		}
		fmt.Fprintf(&b, "%-28s %-7s %-6s %-9s %-13s %d\n", mm.name, shape, acc, fmt.Sprintf("%d,%d,%d", mm.amode, mm.bmode, mm.var_), conf, mm.m*mm.k*mm.n)
	}
	b.WriteString(`(integer configs shown signed x signed: clear bit 8 and/or 9 for unsigned operands; 776 - 512 = 264 is uint8 X with int8 Y)

Examples:
- bf16 4x8x4: X = 4 rows of 8 bf16 (64 bytes, one x register), Y = 8 rows of 4 bf16, C = 16 fp32 in a bm register. movxm r0, #28 ; then vmac.f bml0, bml0, x0, x1, r0 accumulates, vmul.f bml0, x0, x1, r0 (or vmac.f with config 29) starts afresh.
- int8 4x8x8: X = 4x8 int8 (32 bytes used of x), Y = 8x8 int8 (64 bytes), C = 32 lanes of acc32 in cm. movxm r1, #776 ; vmac cm0, cm0, x0, x1, r1.
- bf16 element-wise (config 60; 61 zero): 16 fp32 lanes, lane i = x[i]*y[i] + x[i+16]*y[i+16] (+ acc): put 16 operands in the low halves (wl) of both x registers and zeros in the high halves for a lane-wise product (mlir-aie's lowering of a bf16 element-wise multiply), or use both halves for two terms.
- Integer element-wise: config 824 (32 int16 lanes, lane i = x[i]*y[i], acc32), 808 (32 int8 lanes, x[i]*y[i] + x[i+32]*y[i+32]), 858 (16 int16 lanes, x[i]*y[i] + x[i+16]*y[i+16], acc64). An int32 product as mlir-aie builds it: with h/l the signed high and unsigned low 16-bit halves (vshuffle modes 3 and 2 beside zeros), vmul 858 (h*h), vmac 1626 (shift16, h x signed by l unsigned), vmac 346 (l by h), vmac 1114 (shift16, l by l) leave a*b in 64-bit lanes.
- To subtract: vmsc, or set sub_mul (config 28 | 1<<11 = 2076 for bf16).

Numerics: bf16 MACs align every product (binary point at 2^(ea+eb-254), two integer bits) and the fp32 accumulators to the highest binary point with 23 fractional bits below it, add exactly and round once to nearest even (as NPU1 silicon does); subnormals flush to zero, a finite overflow gives +-Inf, a NaN input gives a NaN (0x7F800001 or 0xFF800001 as a rule). Integer lanes wrap. Convert results with vst.conv.bf16.fp32 / vconv.bf16.fp32 (rounding by crRnd: set crRnd = 12 for round-to-nearest-even, the reset value 0 truncates toward -inf) or vst.srs / vsrs (integers: shift, crRnd, crSat).
Throughput: one MAC per cycle; a vmac.f reads its accumulator in cycle 3 and writes in cycle 6, so back-to-back vmac.f need 4 different accumulators in rotation (integer vmac: 2).
`)
	return b.String()
}

// Summary is what the cycles section covers, for the manual's overview.
func (c *CostModel) Summary() string {
	return "bundle issue, each operation's operand cycles and latency, bank-conflict stalls, branch delay slots and the zero-overhead loop"
}
