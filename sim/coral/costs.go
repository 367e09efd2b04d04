package coral

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// The ISA manual's "what decides cycles" (sim.CostModel): the timing
// model of timing.go explained with one hardware config's numbers. Every
// number is read from a Machine built for that config (its timing
// parameters, units, latency function) or computed by the model's own
// functions (vcostN, bookRate, VOp.Uops, vbook) on a fresh scoreboard,
// so the text follows the model and the config; nothing here restates a
// number.

// costModel implements sim.CostModel for one hardware config.
type costModel struct {
	mu sync.Mutex // cost runs instructions on m
	m  *Machine
}

// NewCostModel returns the cost model of hardware config hw: the
// simulator's own timing tables for it, explained.
func NewCostModel(hw *isadefs.HW) (sim.CostModel, error) {
	m, err := New(hw, Options{})
	if err != nil {
		return nil, err
	}
	return &costModel{m: m}, nil
}

// enabled lists the ISA's instructions that the config enables.
func (c *costModel) enabled() []*isadefs.Inst {
	var out []*isadefs.Inst
	for _, in := range c.m.isa.Insts {
		if c.m.hw.HasExt(in.Ext()) {
			out = append(out, in)
		}
	}
	return out
}

// units returns the instances of unit u (after sharing: vred issues to
// the vperm instances unless it has its own) and the unit it issues to.
func (c *costModel) units(u string) (count int, issuesTo string, ok bool) {
	i, ok := c.m.unitIndex[u]
	if !ok {
		return 0, "", false
	}
	r := c.m.t.res[i]
	return int(c.m.unitCnt[r]), c.m.stats.UnitNames[r], true
}

// lmuls are the LMUL settings the cost tables show (vlmul 0..3).
var lmuls = []struct {
	name  string
	vlmul uint32
}{{"1", 0}, {"2", 1}, {"4", 2}, {"8", 3}}

// vcell is what one vector instruction costs under one vtype at vl =
// VLMAX, measured by issuing it alone on a fresh backend with the model's
// own functions: its uops, the cycles its unit (or the memory port) is
// taken, and the cycles from issue to its result being ready.
type vcell struct {
	ok                bool
	uops, busy, ready int64
	mem               bool
	vl                uint32 // vl it ran at (VLMAX)
}

// vecOp decodes instruction in as an unmasked instance for the cost
// tables (vm = 1; vd v8, vs2 v16, vs1 v24, so that every group up to 8
// registers is aligned and the groups do not overlap; rs1 a0, which cost
// points at writable memory; other x and f fields zero), or reports false
// for a non-vector instruction.
func (c *costModel) vecOp(in *isadefs.Inst) (*VOp, *op, bool) {
	if !in.Flags["vec"] || in.Unit() == "vcfg" {
		return nil, nil, false
	}
	word := in.Match
	for _, k := range in.Operands {
		low := k.Pieces[0].WordLo
		for _, pc := range k.Pieces {
			low = min(low, pc.WordLo)
		}
		switch {
		case k.Class == "vmask":
			word = k.Insert(word, 1)
		case k.Class == "reg" && k.Sub == "v":
			word = k.Insert(word, map[int]int64{7: 8, 8: 8, 9: 8, 10: 8, 15: 24, 20: 16, 21: 16, 22: 16, 23: 16}[low])
		case k.Class == "reg" && k.Sub == "x" && low == 15:
			word = k.Insert(word, 10)
		}
	}
	var o op
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m.decodeOp(uint32(word), &o, true)
	if o.h != hVec {
		return nil, nil, false
	}
	vo := c.m.vscratch
	return &vo, &o, true
}

// cost measures one vector instruction at SEW sew and LMUL 2^vlmul. The
// vtype is legal for it if the simulator executes it without a trap.
func (c *costModel) cost(vo *VOp, o *op, sew, vlmul uint32) vcell {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.m
	m.v.Reset()
	vsew := map[uint32]uint32{8: 0, 16: 1, 32: 2}[sew]
	if m.v.SetVType(vsew<<3|vlmul, ^uint32(0), false); m.v.Vill {
		return vcell{}
	}
	vs := m.v // the state it issues under (Exec may change vl)
	m.x, m.f = [32]uint32{}, [32]uint32{}
	for _, r := range m.mem.Regions {
		if r.Writable {
			m.x[10] = uint32(r.Base)
			break
		}
	}
	if m.v.Exec(vo, &m.x, &m.f, m.mem) != nil {
		return vcell{}
	}
	var t timing
	t.init(m.hw, len(m.stats.UnitNames), m.unitCnt, 1<<62)
	copy(t.res, m.t.res)
	mem := o.tflags&tVecMem != 0
	vt := t.vcost(vo, &vs, o.lat)
	done := t.vbook(0, 0, o.unit, mem, vt)
	cell := vcell{ok: true, uops: int64(vo.Uops(&vs)), ready: done, mem: mem, vl: vs.VL}
	if mem {
		cell.busy = t.memCyc + 1
	} else {
		cell.busy = t.unitNext[t.res[o.unit]] + 1
	}
	return cell
}

// Rules is the "what decides cycles" section for the config.
func (c *costModel) Rules() string {
	m, t, hw := c.m, &c.m.t, c.m.hw
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("Cycles come from an in-order scoreboard model (the simulator's timing model, generated here from hardware config %s): ", hw.Name)
	p("each instruction, in program order, dispatches at the first cycle that every rule below allows, and the run takes the cycles by which everything has completed. ")
	var front, back []string
	for i, n := range stallNames {
		if afterDispatch[i] {
			back = append(back, n)
		} else {
			front = append(front, n)
		}
	}
	p("`profile` and `kc-sim --stats` name the rule that delayed each instruction: the stall names are given [in brackets]. ")
	p("A delay is counted once, under the first rule that caused it. The dispatch stalls (%s) delay the in-order front end one after another, so they add up to at most the cycles; ", strings.Join(front, ", "))
	p("the after-dispatch stalls (%s) are each vector instruction's own wait while dispatch and other instructions go on, so they overlap and the total of all stalls can exceed the cycles.\n\n", strings.Join(back, ", "))

	p("## scalar dispatch\n")
	p("- in order, at most %d instructions per cycle (dispatch_width); nothing more in the cycle of a jump or a taken branch\n", t.width)
	p("- a source register is ready its producer's latency after the producer dispatched [raw]; a register is never written out of order [waw]\n")
	p("- branches: backward ones are predicted taken, forward ones not taken, jal always right; jalr and mret always redirect. A mispredict (and every jalr/mret) puts the next instruction %d cycles after the branch (1 + mispredict_penalty %d) [branch-mispredict]\n", 1+t.penalty, t.penalty)
	p("- traps: a kernel has no trap handler, so an exception (illegal instruction or CSR, misaligned jump target, access outside memory) ends the run with a trap halt. A program that has written mtvec takes its exceptions there instead (mepc, mcause, mtval; ecall too), each redirecting as a jalr does [branch-mispredict]\n")
	p("- at most %d multiply per cycle (mul_per_cycle) [struct-mul]\n", t.mulMax)
	p("- one memory port: at most %d access per cycle (mem_per_cycle); scalar loads/stores and vector memory beats share it in program order, so a scalar access waits for earlier vector beats [struct-mem]\n", t.memMax)
	for _, it := range c.iterUnits() {
		p("- %s\n", it)
	}
	if alone := c.aloneText(); alone != "" {
		p("- dispatch alone (a fresh cycle in slot 0; the next instruction waits for the next cycle) [serialize]: %s\n", alone)
	}
	if c.lookup("mpause") != nil {
		p("- mpause waits until every issued instruction (scalar and vector) has completed [drain]\n")
	}
	if m.hasVec {
		p("- CSR accesses to vxsat, vxrm, vcsr and vstart wait until the vector backend is idle [vector-sync]\n")
	}

	p("\n## latencies (cycles from dispatch, or from a vector instruction's last uop, to its result)\n")
	for _, l := range c.latencies() {
		p("%s\n", l)
	}

	if m.hasVec {
		c.vectorRules(&b)
	}
	return trimLines(b.String())
}

// iterUnits describes the iterative (not pipelined) units.
func (c *costModel) iterUnits() []string {
	var byClass [2][]string
	for _, in := range c.enabled() {
		if k, ok := iterClass(in); ok && !in.Flags["vec"] {
			byClass[k] = append(byClass[k], in.Mnemonic)
		}
	}
	var out []string
	for k, names := range byClass {
		if len(names) == 0 {
			continue
		}
		class := []string{"div", "fdiv"}[k]
		out = append(out, fmt.Sprintf("iterative, not pipelined: %s hold their unit %d cycles (lat.%s); the next one waits for it [div-busy]",
			strings.Join(names, ", "), c.m.latency(class), class))
	}
	return out
}

// aloneText lists the instructions that dispatch alone: whole extensions
// where every instruction does, else the mnemonics.
func (c *costModel) aloneText() string {
	type group struct {
		ext        string
		all, alone []string
	}
	var groups []*group
	byExt := map[string]*group{}
	for _, in := range c.enabled() {
		g := byExt[in.Ext()]
		if g == nil {
			g = &group{ext: in.Ext()}
			byExt[in.Ext()] = g
			groups = append(groups, g)
		}
		g.all = append(g.all, in.Mnemonic)
		if in.Flags["alone"] {
			g.alone = append(g.alone, in.Mnemonic)
		}
	}
	var parts []string
	for _, g := range groups {
		switch {
		case len(g.alone) == 0:
		case len(g.alone) == len(g.all):
			var mem []string
			for _, n := range g.alone {
				for _, in := range c.m.isa.Lookup(n) {
					if (in.Flags["load"] || in.Flags["store"]) && !slices.Contains(mem, n) {
						mem = append(mem, n)
					}
				}
			}
			s := fmt.Sprintf("every %s instruction (%d", g.ext, len(g.all))
			if len(mem) > 0 {
				s += ", loads and stores " + strings.Join(mem, ", ") + " included"
			}
			parts = append(parts, s+")")
		default:
			parts = append(parts, strings.Join(g.alone, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// latencies lists each latency class the enabled instructions use, with
// its value from the model's latency function and its units.
func (c *costModel) latencies() []string {
	type class struct {
		name  string
		units []string
		n     int
		iter  bool
	}
	var classes []*class
	by := map[string]*class{}
	for _, in := range c.enabled() {
		cl := in.LatencyClass()
		k := by[cl]
		if k == nil {
			k = &class{name: cl}
			by[cl] = k
			classes = append(classes, k)
		}
		k.n++
		if !slices.Contains(k.units, in.Unit()) {
			k.units = append(k.units, in.Unit())
		}
		if in.Flags["vec"] && unitUse(in, 0) == uIter {
			k.iter = true
		}
	}
	var out []string
	for _, k := range classes {
		val := fmt.Sprintf("%d", c.m.latency(k.name))
		if k.iter {
			l := c.m.t.vdivLat
			val = fmt.Sprintf("%d/%d/%d per uop at SEW 8/16/32 (lat.vdiv.e8/e16/e32; the divider is taken that long per uop)", l[0], l[1], l[2])
		}
		out = append(out, fmt.Sprintf("- lat.%s = %s: %d instructions (unit %s)", k.name, val, k.n, strings.Join(k.units, ", ")))
	}
	return out
}

// vectorRules writes the vector backend's rules and the cost table.
func (c *costModel) vectorRules(b *strings.Builder) {
	m, t := c.m, &c.m.t
	p := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	p("\n## vector instructions\n")
	p("- the scalar front end dispatches them (their x/f operands must be ready), at most %d per cycle (vec.dispatch_width) [vector-dispatch], into an in-order queue of %d (vec.queue_depth); a full queue stalls dispatch [vqueue-full]\n", t.vWidth, len(t.vq))
	p("- vsetvli, vsetivli and vsetvl are not queued: they run on the scalar side in %s (lat.vcfg)\n", cycles(m.latency("vcfg")))
	p("- the backend issues them in order, at most %d per cycle, from the cycle after dispatch, once each source register is ready by the time the uop that reads it runs (and no destination would be written out of order) [vector-raw]: uop k of an element-wise instruction reads register k of each source group, so a dependent instruction follows its producer register by register; a reduction reads its scalar operand (vs1) with its last source register; slides and gathers read their whole source group at the start\n", t.vWidth)
	p("- each instruction is split into uops, one per %d-bit register of its largest operand group: LMUL uops, 2·LMUL for widening and narrowing, 1 for mask-register ops and scalar moves\n", VLEN)
	var units []string
	for _, u := range m.stats.UnitNames {
		if len(u) < 2 || u[0] != 'v' || u == "vcfg" || u == "vlsu" {
			continue
		}
		n, to, _ := c.units(u)
		if to != u {
			units = append(units, fmt.Sprintf("%s shares the %s unit", u, to))
		} else {
			units = append(units, fmt.Sprintf("%s %d", u, n))
		}
	}
	p("- units and their instances, each taking one uop per cycle: %s [vector-struct]\n", strings.Join(units, ", "))
	p("- exceptions: the vector divider is iterative, each uop holds it lat.vdiv.e<SEW> cycles (%d/%d/%d at SEW 8/16/32) and its result is ready a cycle after it leaves; slides and gathers hold the permute unit 2n-1 cycles for n uops (2n at 8), their results one a cycle from ceil(n/3) cycles after the start; widening reductions take 2 cycles per source register; compares run on the reduction unit (vred)\n",
		t.vdivLat[0], t.vdivLat[1], t.vdivLat[2])
	p("- vector loads and stores take the single memory port (mem_per_cycle %d), shared in order with scalar loads and stores, for their beats plus 3 cycles per %d-byte register (stores: 2) plus 1: unit stride takes ceil(bytes/%d) beats, strided and indexed accesses one beat per element, segment accesses (nf fields) nf·ceil(field bytes/%d) registers of ceil(min(field bytes, %d)·nf/%d) beats each\n", t.memMax, VLENB, VLENB, VLENB, VLENB, VLENB)
	p("- a result register is ready its class latency after the uop that writes it starts (narrowing results at LMUL 1 and up, two uops a register, a retire later)\n")
	p("- every vector instruction retires %s after its last result (vec.retire): a scalar result (vmv.x.s, vcpop.m, vfirst.m) reaches its register then, and mpause, the vector-sync CSR accesses and the end of the run wait for the last retire\n", cycles(t.vRetire))

	p("\n## vector costs at vl = VLMAX, alone on an idle backend: uops / cycles the unit or port is taken / cycles from issue to result (retired vec.retire later)\n")
	p("%-20s %-18s", "instruction (SEW)", "unit")
	for _, l := range lmuls {
		p(" %-11s", "LMUL="+l.name)
	}
	p("\n")
	for _, r := range []struct {
		mn  string
		sew uint32
	}{
		{"vadd.vv", 32}, {"vmseq.vv", 32}, {"vmul.vv", 32}, {"vwmul.vv", 16}, {"vnsrl.wv", 16},
		{"vdivu.vv", 8}, {"vdivu.vv", 32}, {"vredsum.vs", 32}, {"vwredsum.vs", 16},
		{"vrgather.vv", 32}, {"vslidedown.vx", 32}, {"vfadd.vv", 32},
		{"vle8.v", 8}, {"vle32.v", 32}, {"vse32.v", 32}, {"vlse32.v", 32}, {"vluxei32.v", 32},
	} {
		in := c.lookup(r.mn)
		if in == nil {
			continue
		}
		vo, o, ok := c.vecOp(in)
		if !ok {
			continue
		}
		p("%-20s %-18s", fmt.Sprintf("%s (e%d)", r.mn, r.sew), c.unitText(in))
		for _, l := range lmuls {
			p(" %-11s", c.cost(vo, o, r.sew, l.vlmul).String())
		}
		p("\n")
	}
	p("(-: not a legal vtype for the instruction. Ask for an instruction by name for its own table.)\n")
}

func (v vcell) String() string {
	if !v.ok {
		return "-"
	}
	return fmt.Sprintf("%d/%d/%d", v.uops, v.busy, v.ready)
}

// lookup returns the enabled instruction named mn, or nil.
func (c *costModel) lookup(mn string) *isadefs.Inst {
	for _, in := range c.m.isa.Lookup(mn) {
		if c.m.hw.HasExt(in.Ext()) {
			return in
		}
	}
	return nil
}

// unitText names an instruction's unit with its instances ("memory port"
// for vector memory).
func (c *costModel) unitText(in *isadefs.Inst) string {
	if in.Flags["vload"] || in.Flags["vstore"] {
		return "memory port"
	}
	n, to, ok := c.units(in.Unit())
	if !ok {
		return in.Unit()
	}
	if to != in.Unit() {
		return fmt.Sprintf("%s (on %s×%d)", in.Unit(), to, n)
	}
	return fmt.Sprintf("%s×%d", in.Unit(), n)
}

// Inst describes what instruction in costs under the config.
func (c *costModel) Inst(in *isadefs.Inst) string {
	m, t := c.m, &c.m.t
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	cl := in.LatencyClass()
	if vo, o, ok := c.vecOp(in); ok {
		if o.tflags&tVecMem != 0 {
			p("cost: vector memory access on the memory port; %s; ", vecUseText(vo, t))
		} else {
			p("cost: vector unit %s; %s; ", c.unitText(in), vecUseText(vo, t))
		}
		if vo.Use != uIter {
			p("result ready %s (lat.%s) after its last uop starts", cycles(m.latency(cl)), cl)
		} else {
			p("result ready a cycle after its last uop leaves the divider")
		}
		p("; retired %s later (vec.retire)", cycles(t.vRetire))
		p("\n")
		if in.Flags["alone"] {
			p("dispatch: alone, in a fresh cycle; the next instruction waits for the next cycle [serialize]\n")
		}
		p("at vl = VLMAX, alone on an idle backend (uops/unit cycles/cycles to result):\n")
		for _, sew := range []uint32{8, 16, 32} {
			p("  e%-3d", sew)
			for _, l := range lmuls {
				p(" LMUL=%s %-10s", l.name, c.cost(vo, o, sew, l.vlmul).String())
			}
			p("\n")
		}
		return trimLines(b.String())
	}
	if in.Unit() == "vcfg" {
		p("cost: runs on the scalar side, not queued; vl ready %s after dispatch (lat.%s)\n", cycles(m.latency(cl)), cl)
		return b.String()
	}
	p("cost: unit %s; result ready %s after dispatch (lat.%s)\n", in.Unit(), cycles(m.latency(cl)), cl)
	if k, ok := iterClass(in); ok {
		class := []string{"div", "fdiv"}[k]
		p("iterative: holds its unit %d cycles (lat.%s); the next one waits [div-busy]\n", m.latency(class), class)
	}
	if in.Flags["load"] || in.Flags["store"] {
		p("memory port: %d access per cycle, shared in order with vector beats [struct-mem]\n", t.memMax)
	}
	if in.Unit() == "mul" {
		p("multiplier: %d per cycle [struct-mul]\n", t.mulMax)
	}
	if in.Flags["alone"] {
		p("dispatch: alone, in a fresh cycle; the next instruction waits for the next cycle [serialize]\n")
	}
	switch handlerFor(in) {
	case hBeq, hBne, hBlt, hBge, hBltu, hBgeu:
		p("branch: backward predicted taken, forward not taken; a mispredict puts the next instruction %d cycles later [branch-mispredict]\n", 1+t.penalty)
	case hJal:
		p("jump: always predicted; nothing more dispatches in its cycle\n")
	case hJalr, hMret:
		p("indirect jump: the next instruction dispatches %d cycles later (no target prediction) [branch-mispredict]\n", 1+t.penalty)
	case hMpause:
		p("waits until everything (scalar and vector) has completed [drain]\n")
	}
	return b.String()
}

// vecUseText says how a vector instruction takes its unit.
func vecUseText(vo *VOp, t *timing) string {
	switch {
	case vo.Use == uIter:
		return fmt.Sprintf("iterative: each uop holds the divider lat.vdiv.e8/e16/e32 = %d/%d/%d cycles", t.vdivLat[0], t.vdivLat[1], t.vdivLat[2])
	case vo.Use == uPerm:
		return "reads its whole source group at the start, holds the permute unit 2n-1 cycles for n uops (2n at 8)"
	case vo.Use == uWRed:
		return "2 cycles per source register"
	case vo.Use == uCompress:
		return "one source register per cycle"
	case vo.Kind == kLoad || vo.Kind == kStore:
		if vo.Mode == mUnit {
			return fmt.Sprintf("ceil(bytes/%d) beats on the memory port, plus 3 cycles per register (stores: 2) and 1, shared with scalar loads/stores", VLENB)
		}
		return "one beat per element on the memory port, plus 3 cycles per register (stores: 2) and 1, shared with scalar loads/stores"
	case vo.Kind == kLoadWhole || vo.Kind == kStoreWhole:
		return "one beat per register on the memory port, plus 3 cycles per register (stores: 2) and 1, shared with scalar loads/stores"
	}
	return "one uop per cycle per instance"
}

// cycles is "1 cycle" or "n cycles".
func cycles[T int32 | int64 | int](n T) string {
	if n == 1 {
		return "1 cycle"
	}
	return fmt.Sprintf("%d cycles", n)
}

// trimLines drops the spaces that padded columns leave at line ends.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// Summary is what the cycles section covers, for the manual's overview.
func (c *costModel) Summary() string {
	return "issue rules, uops, ports, each vector instruction's cost by LMUL"
}
