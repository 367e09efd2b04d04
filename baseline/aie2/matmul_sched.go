package aie2

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A list scheduler for straight-line aie2 code on the exposed pipeline,
// used by the matrix kernels: operations are given in program order with
// the cycles their operands are read and written (AIE2Schedule.td's
// itineraries, as `kc-as -t aie2 --isa MNEMONIC` prints them) and are
// placed, in that order, at the earliest cycle where
//
//   - every register they read has landed (a write in cycle d of an
//     operation issued in cycle t is seen by a read in cycle u of one
//     issued in t' when t+d < t'+u);
//   - every register they write lands after the earlier operations'
//     reads of its old value (one cycle of margin for the mov bypass) and
//     after its earlier writes;
//   - loads of a memory region follow its earlier stores and stores
//     follow its earlier loads and stores;
//   - their slot is free in the bundle (lda, ldb, st, alu, mv, vec; lng
//     is alu and mv) and no other access reaches a memory bank they use
//     in the same cycle (a conflict would stall the core).
//
// Vector values may be virtual: %N names an x register (%Nl and %Nh its
// wl and wh halves) that the scheduler assigns when the value's first
// half is written, choosing among the registers whose values have no
// unscheduled reader left the one that lets the write issue earliest.
// The order of the list is what bounds register pressure.

// mmOpnd is a register unit read or written by an operation in cycle c
// (1 = issue). Units are physical names ("p0", "r8", "bml0", "x3.l") or
// virtual halves ("%3l", "%3h").
type mmOpnd struct {
	u string
	c int
}

// mmMem is an operation's data-memory access.
type mmMem struct {
	region string // aliasing class: accesses of one region are ordered
	banks  uint8  // 16 KiB banks touched (bit i: bank i)
	c      int    // cycle the access reaches memory
	store  bool
}

// mmOp is an operation of the scheduler.
type mmOp struct {
	text   string // with %N, %Nl, %Nh for virtual vector registers
	slots  []string
	rd, wr []mmOpnd
	mem    *mmMem
}

// mmItem is an operation or a directive in the list.
type mmItem struct {
	op    *mmOp
	label string // a label (after a drain: a loop top)
	loop  *mmLoopEnd
	drain bool
}

// mmLoopEnd closes a loop: decrement counter, jnz to top.
type mmLoopEnd struct {
	counter, top string
}

// mmSched holds the list and, once run, the schedule.
type mmSched struct {
	pool  []string // physical x registers for virtual values
	items []mmItem
}

var mmVirtRe = regexp.MustCompile(`%(\d+)([lh]?)`)

// mmOpSlots are the slots of the mnemonics the matrix kernels issue.
func mmOpSlots(text string) ([]string, error) {
	mn := strings.Fields(text)[0]
	switch {
	case mn == "done":
		return []string{"alu"}, nil
	case mn == "movxm" || mn == "jnz" || mn == "j":
		return []string{"lng"}, nil
	case mn == "add" || mn == "movx" || mn == "and" || mn == "or" || mn == "sub":
		return []string{"alu"}, nil
	case mn == "mov":
		if strings.Contains(text, "#") {
			return []string{"mv", "alu"}, nil
		}
		return []string{"mv"}, nil
	case mn == "st.s16" || mn == "st.s8":
		return []string{"lda"}, nil
	case strings.HasPrefix(mn, "vlda") || mn == "lda" || strings.HasPrefix(mn, "lda.") || mn == "padda" || mn == "mova":
		return []string{"lda"}, nil
	case strings.HasPrefix(mn, "vldb"):
		return []string{"ldb"}, nil
	case strings.HasPrefix(mn, "vst") || mn == "st" || strings.HasPrefix(mn, "st.") || mn == "vconv.bf16.fp32":
		return []string{"st"}, nil
	case strings.HasPrefix(mn, "vmac") || strings.HasPrefix(mn, "vmul") || mn == "vclr" || mn == "vadd.f":
		return []string{"vec"}, nil
	case strings.HasPrefix(mn, "vshuffle") || strings.HasPrefix(mn, "vshift") || strings.HasPrefix(mn, "vsel") ||
		strings.HasPrefix(mn, "vbcst") || strings.HasPrefix(mn, "vextract") || mn == "vmov" || mn == "vconv.fp32.bf16":
		return []string{"mv"}, nil
	}
	return nil, fmt.Errorf("matmul scheduler: no slot for %q", mn)
}

// drainLabel makes every earlier operation complete (registers landed,
// late reads done, memory reached) before the next one issues, and
// defines a label there (aligned to 16 bytes): the top of a loop.
func (s *mmSched) drainLabel(label string) {
	s.items = append(s.items, mmItem{drain: true, label: label})
}

// barrier makes later operations issue after every earlier one.
func (s *mmSched) barrier() { s.items = append(s.items, mmItem{drain: false}) }

// loop closes the loop whose top is label: the counter register is
// decremented and jnz jumps back while it is not zero; the loop's
// operations complete before its last delay slot.
func (s *mmSched) loop(counter, top string) {
	s.items = append(s.items, mmItem{loop: &mmLoopEnd{counter, top}})
}

// mmUnitsOf expands an operand to its units: a virtual %N is both halves,
// a physical xN is x N.l and xN.h, wlN/whN are the halves.
func mmUnitsOf(u string) []string {
	if num, half, ok := mmVirtParts(u); ok { // the whole of u matches mmVirtRe
		if half == "" {
			return []string{"%" + num + "l", "%" + num + "h"}
		}
		return []string{u}
	}
	switch {
	case len(u) > 1 && u[0] == 'x' && mmIsDigits(u[1:]):
		return []string{u + ".l", u + ".h"}
	case strings.HasPrefix(u, "wl") && mmIsDigits(u[2:]):
		return []string{"x" + u[2:] + ".l"}
	case strings.HasPrefix(u, "wh") && mmIsDigits(u[2:]):
		return []string{"x" + u[2:] + ".h"}
	}
	return []string{u}
}

// mmVirtParts splits a virtual unit "%N", "%Nl" or "%Nh" (the whole
// string matching mmVirtRe) into N and the half; ok is false for any
// other string. A scan: the scheduler asks it for every operand.
func mmVirtParts(u string) (num, half string, ok bool) {
	if len(u) < 2 || u[0] != '%' {
		return "", "", false
	}
	end := len(u)
	if c := u[end-1]; c == 'l' || c == 'h' {
		end--
	}
	if !mmIsDigits(u[1:end]) {
		return "", "", false
	}
	return u[1:end], u[end:], true
}

func mmIsDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// mmVirtID is the virtual value of a unit ("%3l" -> 3), or -1.
func mmVirtID(u string) int {
	if strings.HasPrefix(u, "%") {
		n, _ := strconv.Atoi(strings.TrimRight(u[1:], "lh"))
		return n
	}
	return -1
}

type mmUnitState struct {
	land, read int // last write's landing cycle, latest read cycle
}

type mmMemState struct {
	store, load int // latest store / load memory cycle
}

// run schedules the list and writes it to p.
func (s *mmSched) run(p *Prog) error {
	const never = -1 << 30
	// Readers left per virtual value.
	left := map[int]int{}
	for _, it := range s.items {
		if it.op == nil {
			continue
		}
		seen := map[int]bool{}
		for _, r := range it.op.rd {
			for _, u := range mmUnitsOf(r.u) {
				if v := mmVirtID(u); v >= 0 && !seen[v] {
					seen[v] = true
					left[v]++
				}
			}
		}
	}
	phys := map[int]string{}   // virtual -> physical x
	holder := map[string]int{} // physical x -> virtual value in it
	for _, x := range s.pool {
		holder[x] = -1
	}
	units := map[string]*mmUnitState{}
	st := func(u string) *mmUnitState {
		if v := mmVirtID(u); v >= 0 {
			x, ok := phys[v]
			if !ok {
				return &mmUnitState{never, never}
			}
			u = x + "." + u[len(u)-1:]
		}
		if units[u] == nil {
			units[u] = &mmUnitState{never, never}
		}
		return units[u]
	}
	mems := map[string]*mmMemState{}
	type bundle struct {
		ops   []*mmOp
		banks map[int]uint8
	}
	var cyc []*bundle
	at := func(t int) *bundle {
		for len(cyc) <= t {
			cyc = append(cyc, &bundle{banks: map[int]uint8{}})
		}
		return cyc[t]
	}
	labels := map[int][]string{}
	floor, last := 0, -1
	horizon := 0 // every landing, read and memory access so far
	fits := func(t int, o *mmOp) bool {
		b := at(t)
		ops := make([][]string, 0, len(b.ops)+1)
		for _, q := range b.ops {
			ops = append(ops, q.slots)
		}
		ops = append(ops, o.slots)
		if _, ok := slotFit(ops); !ok {
			return false
		}
		if o.mem != nil {
			if at(t + o.mem.c - 1).banks[0]&o.mem.banks != 0 {
				return false
			}
		}
		return true
	}
	// earliest is the first cycle >= floor that the dependences allow.
	earliest := func(o *mmOp) int {
		t := floor
		for _, r := range o.rd {
			for _, u := range mmUnitsOf(r.u) {
				// seen when land < t + c
				t = max(t, st(u).land-r.c+1)
			}
		}
		for _, w := range o.wr {
			for _, u := range mmUnitsOf(w.u) {
				s := st(u)
				t = max(t, s.land-w.c+1, s.read-w.c+1)
			}
		}
		if m := o.mem; m != nil && mems[m.region] != nil {
			ms := mems[m.region]
			if m.store {
				t = max(t, ms.load-m.c, ms.store-m.c+1)
			} else {
				t = max(t, ms.store-m.c+1)
			}
		}
		return t
	}
	place := func(o *mmOp) int {
		t := earliest(o)
		for !fits(t, o) {
			t++
		}
		return t
	}
	commit := func(o *mmOp, t int) {
		b := at(t)
		b.ops = append(b.ops, o)
		if o.mem != nil {
			at(t + o.mem.c - 1).banks[0] |= o.mem.banks
			if mems[o.mem.region] == nil {
				mems[o.mem.region] = &mmMemState{never, never}
			}
			ms := mems[o.mem.region]
			if o.mem.store {
				ms.store = max(ms.store, t+o.mem.c)
			} else {
				ms.load = max(ms.load, t+o.mem.c)
			}
			horizon = max(horizon, t+o.mem.c)
		}
		seen := map[int]bool{}
		for _, r := range o.rd {
			for _, u := range mmUnitsOf(r.u) {
				s := st(u)
				s.read = max(s.read, t+r.c)
				horizon = max(horizon, t+r.c)
				if v := mmVirtID(u); v >= 0 && !seen[v] {
					seen[v] = true
					left[v]--
				}
			}
		}
		for _, w := range o.wr {
			for _, u := range mmUnitsOf(w.u) {
				s := st(u)
				s.land = max(s.land, t+w.c)
				horizon = max(horizon, t+w.c)
			}
		}
		last = max(last, t)
	}
	for _, it := range s.items {
		switch {
		case it.op != nil:
			o := it.op
			sl, err := mmOpSlots(o.text)
			if err != nil {
				return err
			}
			o.slots = sl
			// Allocate the virtual values this operation writes first.
			for _, w := range o.wr {
				for _, u := range mmUnitsOf(w.u) {
					v := mmVirtID(u)
					if v < 0 {
						continue
					}
					if _, ok := phys[v]; ok {
						continue
					}
					best, bestT := "", 0
					for _, x := range s.pool {
						if h := holder[x]; h >= 0 && left[h] > 0 {
							continue
						}
						phys[v] = x
						t := place(o)
						delete(phys, v)
						if best == "" || t < bestT {
							best, bestT = x, t
						}
					}
					if best == "" {
						return fmt.Errorf("matmul scheduler: no free vector register for %q (list order holds too many values)", o.text)
					}
					phys[v] = best
					holder[best] = v
				}
			}
			for _, r := range o.rd {
				for _, u := range mmUnitsOf(r.u) {
					if v := mmVirtID(u); v >= 0 {
						if _, ok := phys[v]; !ok {
							return fmt.Errorf("matmul scheduler: %q reads %s before any write", o.text, u)
						}
					}
				}
			}
			commit(o, place(o))
		case it.loop != nil:
			// The loop's last bundle issues at tj+5; every operation of
			// the loop has issued and completed by then.
			dec := &mmOp{text: fmt.Sprintf("add %s, %s, #-1", it.loop.counter, it.loop.counter), slots: []string{"alu"},
				rd: []mmOpnd{{it.loop.counter, 1}}, wr: []mmOpnd{{it.loop.counter, 1}}}
			commit(dec, place(dec))
			j := &mmOp{text: fmt.Sprintf("jnz %s, #%s", it.loop.counter, it.loop.top), slots: []string{"lng"},
				rd: []mmOpnd{{it.loop.counter, 1}}}
			tj := max(earliest(j), last-5, horizon-6)
			for !fits(tj, j) {
				tj++
			}
			commit(j, tj)
			floor = tj + 6
			last = floor - 1
			horizon = max(horizon, floor)
		case it.drain:
			floor = max(last+1, horizon, floor)
			labels[floor] = append(labels[floor], it.label)
		default:
			floor = max(floor, last+1)
		}
	}
	end := max(last+1, floor)
	for t := 0; t < end; t++ {
		for _, l := range labels[t] {
			if l == "" {
				continue
			}
			p.Align16()
			p.Label(l)
		}
		var texts []string
		for _, o := range at(t).ops {
			texts = append(texts, mmVirtRe.ReplaceAllStringFunc(o.text, func(m string) string {
				sm := mmVirtRe.FindStringSubmatch(m)
				n, _ := strconv.Atoi(sm[1])
				x := phys[n]
				switch sm[2] {
				case "l":
					return "wl" + x[1:]
				case "h":
					return "wh" + x[1:]
				}
				return x
			}))
		}
		p.Bundle(texts...)
	}
	return nil
}
