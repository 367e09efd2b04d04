package plena

import (
	"fmt"
	"slices"
	"strings"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

// The classic mistakes of PLENA kernels (isadefs.Rules("plena")) that a
// program's text shows: warnings quote the rule's ID, which the manual
// (kc-as --isa plena mistakes) explains.

func ruleHint(id string) string {
	r, ok := isadefs.RuleByID("plena", id)
	if !ok {
		return ""
	}
	return fmt.Sprintf("rule %s (%s): kc-as --isa -t plena mistakes", r.ID, r.Title)
}

// operand returns the value of a named operand of an instruction.
func operand(li asm.LintInst, name string) (int64, int, bool) {
	for i, k := range li.Inst.Operands {
		if k.Name == name && i < len(li.Values) {
			return li.Values[i], i, true
		}
	}
	return 0, -1, false
}

// Matrix products that accumulate, and the write-outs that empty the
// accumulator.
var (
	products  = map[string]bool{"M_MM": true, "M_TMM": true, "M_BMM": true, "M_BTMM": true, "M_MV": true, "M_TMV": true, "M_BMV": true, "M_BTMV": true}
	writeOuts = map[string]bool{"M_MM_WO": true, "M_BMM_WO": true, "M_MV_WO": true, "M_BMV_WO": true}
	reduces   = map[string]bool{"V_RED_SUM": true, "V_RED_MAX": true}
	hbmOps    = map[string]bool{"H_PREFETCH_M": true, "H_PREFETCH_V": true, "H_STORE_V": true}
	// gpWriters write gp[rd] (their rd operand is a destination).
	gpWriters = map[string]bool{"S_ADDI_INT": true, "S_ADD_INT": true, "S_SUB_INT": true, "S_MUL_INT": true, "S_LUI_INT": true, "S_LD_INT": true}
)

// seqClass is what LintSequence does with an instruction.
type seqClass uint8

const (
	classOther seqClass = iota
	classSetAddr
	classSetScale
	classHBM
	classProduct
	classWriteOut
	classReduce
)

// classOf classifies an instruction by name, in LintSequence's order of
// tests.
func classOf(name string) seqClass {
	switch {
	case name == "C_SET_ADDR_REG":
		return classSetAddr
	case name == "C_SET_SCALE_REG":
		return classSetScale
	case hbmOps[name]:
		return classHBM
	case products[name]:
		return classProduct
	case writeOuts[name]:
		return classWriteOut
	case reduces[name]:
		return classReduce
	}
	return classOther
}

// writesF reports whether an instruction writes f[fd] (other than by a
// reduction).
func writesF(name string) bool {
	return strings.HasPrefix(name, "S_") && strings.HasSuffix(name, "_FP") && name != "S_ST_FP" && name != "S_MAP_V_FP"
}

// LintSequence implements asm.SequenceLinter: the rules accumulate,
// prefetch-setup, reduce-accumulates and loop-counter, judged on the
// program's instructions in source order (loops by their C_LOOP_START and
// C_LOOP_END pairs).
func (b *Backend) LintSequence(prog []asm.LintInst) []asm.SeqLint {
	var out []asm.SeqLint
	warn := func(i, op int, rule, msg string) {
		out = append(out, asm.SeqLint{Index: i, Lint: asm.Lint{Operand: op, Msg: msg, Hint: ruleHint(rule)}})
	}
	// Loop bodies: [start, end] index pairs by counter register.
	type loop struct {
		reg        int64
		start, end int
	}
	var loops, open []loop
	for i, li := range prog {
		switch li.Inst.Name {
		case "C_LOOP_START":
			rd, _, _ := operand(li, "rd")
			open = append(open, loop{rd, i, -1})
		case "C_LOOP_END":
			rd, _, _ := operand(li, "rd")
			for j := len(open) - 1; j >= 0; j-- {
				if open[j].reg == rd {
					l := open[j]
					l.end = i
					loops = append(loops, l)
					open = append(open[:j], open[j+1:]...)
					break
				}
			}
		}
	}
	// The loops enclosing instruction i (start < i < end), kept by a
	// sweep as indices into loops in ascending order (the nesting is
	// shallow; scanning every loop per instruction was quadratic).
	startsAt := map[int][]int{}
	maxStart := -1
	for j, l := range loops {
		maxStart = max(maxStart, l.start)
		startsAt[l.start] = append(startsAt[l.start], j)
	}
	var active []int
	enter := func(i int) {
		if len(active) == 0 && len(startsAt) == 0 {
			return
		}
		kept := active[:0]
		for _, j := range active {
			if i < loops[j].end {
				kept = append(kept, j)
			}
		}
		active = kept
		if i == 0 || i-1 > maxStart {
			return
		}
		added := false
		for _, j := range startsAt[i-1] {
			if i < loops[j].end {
				active = append(active, j)
				added = true
			}
		}
		if added {
			slices.Sort(active)
		}
	}
	innermost := func() (loop, bool) {
		best, found := loop{}, false
		for _, j := range active {
			if l := loops[j]; !found || l.start > best.start {
				best, found = l, true
			}
		}
		return best, found
	}

	addrSet := map[int64]bool{}
	scaleSet, pending := false, -1
	lastProduct := -1
	warnedAddr := map[int64]bool{}
	warnedScale := false
	// The class of each instruction form, by name (one lookup per form,
	// not four per instruction).
	classes := map[*isadefs.Inst]seqClass{}
	var lastInst *isadefs.Inst
	var class seqClass
	for i, li := range prog {
		enter(i)
		name := li.Inst.Name
		if li.Inst != lastInst {
			c, ok := classes[li.Inst]
			if !ok {
				c = classOf(name)
				classes[li.Inst] = c
			}
			lastInst, class = li.Inst, c
		}
		switch class {
		case classSetAddr:
			if ad, _, ok := operand(li, "ad"); ok {
				addrSet[ad] = true
			}
		case classSetScale:
			scaleSet = true
		case classHBM:
			a, op, _ := operand(li, "as2")
			if !addrSet[a] && !warnedAddr[a] {
				warnedAddr[a] = true
				warn(i, op, "prefetch-setup", fmt.Sprintf("%s uses a%d, which no earlier C_SET_ADDR_REG sets: the address registers start at 0, so this reads HBM from address 0", name, a))
			}
			if !scaleSet && !warnedScale {
				warnedScale = true
				warn(i, -1, "prefetch-setup", fmt.Sprintf("%s runs before any C_SET_SCALE_REG: SCALE_REG is 0, so the scales are read from the elements themselves", name))
			}
		case classProduct:
			if pending < 0 {
				pending = i
			}
			lastProduct = i
		case classWriteOut:
			if pending < 0 && lastProduct < 0 {
				warn(i, -1, "accumulate", fmt.Sprintf("%s writes out the accumulator before any matrix product: it writes zeros", name))
			}
			pending = -1
		case classReduce:
			fd, op, _ := operand(li, "fd")
			l, in := innermost()
			if fd == 0 || !in {
				break
			}
			set := false
			for j := l.start + 1; j < l.end; j++ {
				if d, _, ok := operand(prog[j], "fd"); ok && d == fd && writesF(prog[j].Inst.Name) {
					set = true
					break
				}
			}
			if !set {
				warn(i, op, "reduce-accumulates", fmt.Sprintf("%s accumulates into f%d, and nothing else in this loop's body sets f%d: each iteration adds to the previous ones' result", name, fd, fd))
			}
		}
		// Loop counters read or written inside their own body.
		if name == "C_LOOP_START" || name == "C_LOOP_END" {
			continue
		}
		for _, j := range active {
			l := loops[j]
			for k, kind := range li.Inst.Operands {
				if kind.Class != "reg" || kind.Sub != "gp" || k >= len(li.Values) || li.Values[k] != l.reg || kind.Name == "rz" {
					continue
				}
				if kind.Name == "rd" && gpWriters[name] {
					warn(i, k, "loop-counter", fmt.Sprintf("%s writes gp%d, the counter of the enclosing C_LOOP_START: that changes the loop's trip count", name, l.reg))
				} else {
					warn(i, k, "loop-counter", fmt.Sprintf("%s reads gp%d, the counter of the enclosing C_LOOP_START: it counts down from the trip count to 1, it is not an index", name, l.reg))
				}
			}
		}
	}
	if pending >= 0 {
		warn(lastProduct, -1, "accumulate", fmt.Sprintf("%s accumulates, and no write-out (M_MM_WO, M_BMM_WO, M_MV_WO, M_BMV_WO) follows it: its products never reach Vector SRAM", prog[lastProduct].Inst.Name))
	}
	return out
}

// luiLint is the lui-units rule for one S_LUI_INT.
func luiLint(in *isadefs.Inst, values []int64) []asm.Lint {
	if in.Name != "S_LUI_INT" {
		return nil
	}
	for i, k := range in.Operands {
		if k.Name != "imm22" || i >= len(values) {
			continue
		}
		v := values[i]
		switch {
		case v<<12 >= 1<<32:
			return []asm.Lint{{Operand: i, Msg: fmt.Sprintf("S_LUI_INT sets gp = %d << 12 = %d, which does not fit the 32-bit register (S_LUI_INT counts units of 4096)", v, v<<12), Hint: ruleHint("lui-units")}}
		case v >= 4096 && v%4096 == 0:
			return []asm.Lint{{Operand: i, Msg: fmt.Sprintf("S_LUI_INT sets gp = %d * 4096 = %d, not %d: its immediate counts units of 4096 (for %d write %d)", v, v<<12, v, v, v>>12), Hint: ruleHint("lui-units")}}
		}
	}
	return nil
}
