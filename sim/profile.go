package sim

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Profile is a per-instruction profile of one run, filled by a target's
// core when CoreOptions.Profile is set: for every instruction address, how
// often it executed, the cycles charged to it and the stall cycles it
// suffered by cause, and the hazards behind those stalls (which register
// or resource an instruction waited for, and which instruction was
// responsible).
//
// How cycles are charged is the target's to define, with one rule: the
// charges of a finished run add up exactly to Stats.Cycles (Profile.Cycles
// holds the sum). A core resets the profile when a new run starts.
type Profile struct {
	// StallNames are the stall causes, as in Stats.StallNames.
	StallNames []string
	// AfterDispatch marks the causes that delay an instruction after it
	// has left dispatch (a vector backend waiting for an operand, say):
	// their cycles are not part of the instruction's charged cycles.
	AfterDispatch []bool
	// Cycles is the sum of every instruction's charged cycles.
	Cycles uint64
	// Charging says in a sentence how the target charges cycles to
	// instructions (WriteReport prints it under the table's title).
	Charging string

	pcs map[uint64]*PCStat
}

// PCStat is the profile of one instruction address.
type PCStat struct {
	PC     uint64
	Text   string   // the instruction's disassembly
	Count  uint64   // times executed
	Cycles uint64   // cycles charged
	Stalls []uint64 // stall cycles by cause (index into Profile.StallNames)

	hazards []*Hazard // at this instruction (a few: scanned, not hashed)
}

// Hazard is one kind of stall at one instruction, as precisely as the
// target's timing model can tell it: the cause, what was waited for, and
// the instruction responsible.
type Hazard struct {
	PC      uint64 // the instruction that stalled
	Cause   int    // index into Profile.StallNames
	On      string // the register or resource waited for ("" if none)
	Rel     string // how From is responsible: "written by", "after", …
	From    uint64 // the responsible instruction, when HasFrom
	HasFrom bool
	Latency int    // From's result latency in the timing model (0: not stated)
	Count   uint64 // stalls of this kind
	Cycles  uint64 // cycles stalled in all
}

// Reset empties the profile for a run on a core with these stall causes
// (afterDispatch as in Profile.AfterDispatch, or nil).
func (p *Profile) Reset(stallNames []string, afterDispatch []bool) {
	*p = Profile{StallNames: stallNames, AfterDispatch: afterDispatch, pcs: map[uint64]*PCStat{}}
}

// At returns the entry of an instruction address, creating it.
func (p *Profile) At(pc uint64) *PCStat {
	if p.pcs == nil {
		p.pcs = map[uint64]*PCStat{}
	}
	s := p.pcs[pc]
	if s == nil {
		s = &PCStat{PC: pc, Stalls: make([]uint64, len(p.StallNames))}
		p.pcs[pc] = s
	}
	return s
}

// Charge adds cycles to an instruction and to the total.
func (p *Profile) Charge(s *PCStat, cycles uint64) {
	s.Cycles += cycles
	p.Cycles += cycles
}

// AddHazard records one stall of h.Cycles cycles (h.Count is ignored: one
// stall), merged with the earlier stalls of the same kind.
func (p *Profile) AddHazard(h Hazard) {
	s := p.At(h.PC)
	for _, e := range s.hazards {
		if e.Cause == h.Cause && e.From == h.From && e.HasFrom == h.HasFrom && e.On == h.On && e.Rel == h.Rel && e.Latency == h.Latency {
			e.Count++
			e.Cycles += h.Cycles
			return
		}
	}
	e := new(Hazard)
	*e = h
	e.Count = 1
	s.hazards = append(s.hazards, e)
}

// PCs returns every instruction's entry, by address.
func (p *Profile) PCs() []*PCStat {
	out := make([]*PCStat, 0, len(p.pcs))
	for _, s := range p.pcs {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PC < out[j].PC })
	return out
}

// Hazards returns the hazards, most cycles first (then by address, cause,
// responsible instruction and the rest: a deterministic order).
func (p *Profile) Hazards() []Hazard {
	var out []Hazard
	for _, s := range p.pcs {
		for _, h := range s.hazards {
			out = append(out, *h)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Cycles != b.Cycles:
			return a.Cycles > b.Cycles
		case a.PC != b.PC:
			return a.PC < b.PC
		case a.Cause != b.Cause:
			return a.Cause < b.Cause
		case a.From != b.From:
			return a.From < b.From
		case a.On != b.On:
			return a.On < b.On
		case a.Rel != b.Rel:
			return a.Rel < b.Rel
		case a.HasFrom != b.HasFrom:
			return b.HasFrom
		}
		return a.Latency < b.Latency
	})
	return out
}

// LineStat is the profile of one source line: the sum over the
// instructions assembled from it.
type LineStat struct {
	Line   int      // 1-based; 0 for instructions without a known line
	PCs    []uint64 // its instruction addresses
	Count  uint64   // times the line executed (its most executed instruction)
	Cycles uint64
	Stalls []uint64
}

// Lines sums the profile by source line; lineOf maps an instruction
// address to its line (0: unknown). The result is ordered by line, the
// instructions without a line last.
func (p *Profile) Lines(lineOf func(pc uint64) int) []*LineStat {
	by := map[int]*LineStat{}
	for _, s := range p.PCs() {
		n := lineOf(s.PC)
		if n < 0 {
			n = 0
		}
		l := by[n]
		if l == nil {
			l = &LineStat{Line: n, Stalls: make([]uint64, len(p.StallNames))}
			by[n] = l
		}
		l.PCs = append(l.PCs, s.PC)
		l.Count = max(l.Count, s.Count)
		l.Cycles += s.Cycles
		for i, v := range s.Stalls {
			l.Stalls[i] += v
		}
	}
	out := make([]*LineStat, 0, len(by))
	for _, l := range by {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Line, out[j].Line
		if (a == 0) != (b == 0) {
			return b == 0
		}
		return a < b
	})
	return out
}

// ReportOptions control Profile.WriteReport.
type ReportOptions struct {
	// Top keeps the Top rows with the most cycles, hottest first; 0 lists
	// every row in source (or address) order.
	Top int
	// Hazards is the number of hazard warnings listed (0: none).
	Hazards int
	// Line maps an instruction address to its 1-based source line (0:
	// unknown). Nil: the report is by instruction address.
	Line func(pc uint64) int
	// Source returns the text of a source line ("" if unknown); used with
	// Line.
	Source func(line int) string
	// Width bounds the source and disassembly texts (0: 48 characters).
	Width int
}

// row is one line of the report table, by source line or by address.
type row struct {
	key    uint64 // line or address
	label  string
	text   string
	count  uint64
	cycles uint64
	stalls []uint64
}

// WriteReport writes the profile as text: a table of cycles by source line
// (or by instruction address, with disassembly), with each row's stalls by
// cause, then the hazards with the most stall cycles (each instruction
// named by its line, if known, and its disassembly: a line may hold
// several instructions).
func (p *Profile) WriteReport(w io.Writer, o ReportOptions) {
	width := o.Width
	if width <= 0 {
		width = 48
	}
	var rows []row
	byLine := o.Line != nil
	var where func(pc uint64) string // names an instruction in hazards
	text := func(pc uint64) string {
		if s := p.pcs[pc]; s != nil {
			return s.Text
		}
		return ""
	}
	if byLine {
		src := func(n int) string {
			if o.Source != nil && n > 0 {
				if t := strings.TrimSpace(o.Source(n)); t != "" {
					return t
				}
			}
			return ""
		}
		for _, l := range p.Lines(o.Line) {
			r := row{key: uint64(l.Line), label: fmt.Sprint(l.Line), count: l.Count, cycles: l.Cycles, stalls: l.Stalls}
			if r.text = src(l.Line); r.text == "" {
				var parts []string
				for _, pc := range l.PCs {
					parts = append(parts, text(pc))
				}
				r.text = strings.Join(parts, "; ")
			}
			if l.Line == 0 {
				r.label = "?"
				r.text = "(no source line) " + r.text
			}
			rows = append(rows, r)
		}
		where = func(pc uint64) string {
			if n := o.Line(pc); n > 0 {
				return fmt.Sprintf("line %d (%s)", n, clip(text(pc), width))
			}
			return fmt.Sprintf("%#x (%s)", pc, clip(text(pc), width))
		}
	} else {
		for _, s := range p.PCs() {
			rows = append(rows, row{key: s.PC, label: fmt.Sprintf("%#x", s.PC), text: s.Text, count: s.Count, cycles: s.Cycles, stalls: s.Stalls})
		}
		where = func(pc uint64) string { return fmt.Sprintf("%#x (%s)", pc, clip(text(pc), width)) }
	}
	unit, col := "source line", "source"
	if !byLine {
		unit, col = "instruction", "instruction"
	}
	total := len(rows)
	if o.Top > 0 {
		sort.SliceStable(rows, func(i, j int) bool { return rows[i].cycles > rows[j].cycles })
		rows = rows[:min(o.Top, len(rows))]
		fmt.Fprintf(w, "cycles by %s (top %d of %d, hottest first; %d cycles in all):\n", unit, len(rows), total, p.Cycles)
	} else {
		fmt.Fprintf(w, "cycles by %s (%d %s%s; %d cycles in all):\n", unit, total, unit, plural(uint64(total)), p.Cycles)
	}
	lw := 4
	for _, r := range rows {
		lw = max(lw, len(r.label))
	}
	if p.Charging != "" {
		fmt.Fprintf(w, "(%s)\n", p.Charging)
	}
	fmt.Fprintf(w, "  %*s %10s %10s %6s  %s\n", lw, map[bool]string{true: "line", false: "addr"}[byLine], "count", "cycles", "%", col)
	for _, r := range rows {
		fmt.Fprintf(w, "  %*s %10d %10d %5.1f%%  %s\n", lw, r.label, r.count, r.cycles, percent(r.cycles, p.Cycles), clip(r.text, width))
		if s := p.stallText(r.stalls); s != "" {
			fmt.Fprintf(w, "%*s%s\n", lw+33, "", s)
		}
	}
	if o.Hazards <= 0 {
		return
	}
	hz := p.Hazards()
	if len(hz) == 0 {
		fmt.Fprintf(w, "\nhazards: none (no stalls)\n")
		return
	}
	fmt.Fprintf(w, "\nhazards (top %d of %d, most stall cycles first):\n", min(o.Hazards, len(hz)), len(hz))
	for _, h := range hz[:min(o.Hazards, len(hz))] {
		fmt.Fprintf(w, "  %s: %d cycle%s in %d stall%s: %s", where(h.PC), h.Cycles, plural(h.Cycles), h.Count, plural(h.Count), p.causeName(h.Cause))
		if h.On != "" {
			fmt.Fprintf(w, " on %s", h.On)
		}
		if h.HasFrom {
			fmt.Fprintf(w, ", %s %s", h.Rel, where(h.From))
			if h.Latency > 0 {
				fmt.Fprintf(w, ", latency %d", h.Latency)
			}
		}
		if p.afterDispatch(h.Cause) {
			fmt.Fprint(w, " [after dispatch]")
		}
		fmt.Fprintln(w)
	}
}

// stallText lists a row's stall cycles by cause, the causes that delay
// dispatch first.
func (p *Profile) stallText(stalls []uint64) string {
	var front, back []string
	for i, v := range stalls {
		if v == 0 {
			continue
		}
		s := fmt.Sprintf("%s %d", p.causeName(i), v)
		if p.afterDispatch(i) {
			back = append(back, s)
		} else {
			front = append(front, s)
		}
	}
	var parts []string
	if len(front) > 0 {
		parts = append(parts, "stalls: "+strings.Join(front, ", "))
	}
	if len(back) > 0 {
		parts = append(parts, "after dispatch: "+strings.Join(back, ", "))
	}
	return strings.Join(parts, "; ")
}

func (p *Profile) causeName(i int) string {
	if i >= 0 && i < len(p.StallNames) {
		return p.StallNames[i]
	}
	return fmt.Sprintf("stall-%d", i)
}

func (p *Profile) afterDispatch(i int) bool {
	return i >= 0 && i < len(p.AfterDispatch) && p.AfterDispatch[i]
}

// clip shortens s to at most n bytes, marking the cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n || n < 4 {
		return s
	}
	return s[:n-3] + "..."
}

func percent(v, total uint64) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(v) / float64(total)
}

func plural(n uint64) string {
	if n == 1 {
		return ""
	}
	return "s"
}
