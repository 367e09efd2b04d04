// Package manual generates a target's ISA manual: the text of the agent's
// isa_manual tool and of `kc-as --isa`, so that a model and a person read
// the same thing. Instructions, registers, memory map and parameters come
// from isa-defs; the "what decides cycles" section and each instruction's
// cost come from the target's simulator (sim.Target.Costs), which explains
// its own timing model with the hardware config's numbers.
//
// It lives under sim because of that section: the manual needs the timing
// model, and a package below sim could not reach it. The simulator of a
// target must be registered (import its package, e.g. kernelcraft/sim/coral)
// for the cycles section to exist.
package manual

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/sim"
)

// Manual is one hardware config's manual.
type Manual struct {
	ISA   *isadefs.ISA
	HW    *isadefs.HW
	Halt  string // how a kernel ends (the calling convention), or ""
	costs sim.CostModel
}

// Section names besides the extensions.
const (
	Overview = "overview"
	Pseudo   = "pseudo"
	Cycles   = "cycles"
	Mistakes = "mistakes"
	// Templates is the section of worked examples (isadefs.Templates).
	Templates = "templates"
	// slotSection prefixes the section of a VLIW slot's instructions
	// (slot.lda, slot.vec…).
	slotSection = "slot."
)

// New builds the manual of hardware config hw. halt, if not empty, is
// the instruction a kernel ends with (the overview says so).
func New(hw *isadefs.HW, halt string) (*Manual, error) {
	isa, err := isadefs.LoadISA(hw.ISA)
	if err != nil {
		return nil, err
	}
	m := &Manual{ISA: isa, HW: hw, Halt: halt}
	if t, err := sim.LookupTarget(hw.ISA); err == nil && t.Costs != nil {
		if m.costs, err = t.Costs(hw); err != nil {
			return nil, fmt.Errorf("manual: %s timing model: %w", hw.Name, err)
		}
	}
	return m, nil
}

// Sections lists the manual's sections: the overview, each extension the
// hardware config enables, the pseudo-instructions, and what decides
// cycles (when the target's simulator describes its timing model).
func (m *Manual) Sections() []string {
	secs := []string{Overview}
	if ms, ok := m.costs.(sim.ManualSections); ok {
		secs = append(secs, ms.SectionNames()...)
	}
	seen := map[string]bool{}
	for _, in := range m.ISA.Insts {
		x := in.Ext()
		if x != "" && !seen[x] && m.HW.HasExt(x) {
			seen[x] = true
			secs = append(secs, x)
		}
	}
	for _, sl := range m.ISA.SlotOrder {
		if len(m.ISA.SlotInsts(sl.Name)) > 1 {
			secs = append(secs, slotSection+sl.Name)
		}
	}
	if len(m.ISA.Pseudos) > 0 {
		secs = append(secs, Pseudo)
	}
	if m.costs != nil {
		secs = append(secs, Cycles)
	}
	if len(isadefs.Rules(m.ISA.Name)) > 0 {
		secs = append(secs, Mistakes)
	}
	if len(isadefs.Templates(m.ISA.Name)) > 0 {
		secs = append(secs, Templates)
	}
	return secs
}

// Section returns a section by name ("" is the overview; case does not
// matter) or an instruction's entry by mnemonic. An unknown name is an
// error that lists the sections and the nearest names.
func (m *Manual) Section(name string) (string, error) {
	name = strings.TrimSpace(name)
	secs := m.Sections()
	switch {
	case name == "" || strings.EqualFold(name, Overview):
		return m.overview(secs), nil
	case strings.EqualFold(name, Pseudo):
		return m.pseudos(), nil
	case strings.EqualFold(name, Mistakes) && len(isadefs.Rules(m.ISA.Name)) > 0:
		return m.mistakes(), nil
	case strings.EqualFold(name, Templates) && len(isadefs.Templates(m.ISA.Name)) > 0:
		return m.templates(), nil
	case strings.EqualFold(name, Cycles) && m.costs != nil:
		text := fmt.Sprintf("# %s: what decides cycles (hardware config %s)\n\n%s", m.ISA.Name, m.HW.Name, m.costs.Rules())
		if pm, ok := m.costs.(sim.PeakModel); ok {
			text = strings.TrimRight(text, "\n") + "\n\n## peaks\n" + sim.PeaksText(pm)
		}
		return text, nil
	}
	if i := slices.IndexFunc(secs, func(s string) bool { return strings.EqualFold(s, name) }); i > 0 {
		if ms, ok := m.costs.(sim.ManualSections); ok && slices.Contains(ms.SectionNames(), secs[i]) {
			return ms.Section(secs[i]), nil
		}
		if sl, ok := strings.CutPrefix(secs[i], slotSection); ok {
			return m.slot(sl), nil
		}
		return m.extension(secs[i]), nil
	}
	insts, pseudos := m.ISA.Lookup(name), m.ISA.LookupPseudo(name)
	if len(insts)+len(pseudos) == 0 {
		return "", m.unknown(name, secs)
	}
	var b strings.Builder
	var off []string
	shown := 0
	if len(m.ISA.Docs) > 0 && len(insts) > 0 {
		m.instGroup(&b, insts)
		shown++
		insts = nil
	}
	for _, in := range insts {
		if !m.HW.HasExt(in.Ext()) {
			off = append(off, in.Ext())
			continue
		}
		if shown > 0 {
			b.WriteString("\n")
		}
		m.inst(&b, in)
		shown++
	}
	for _, p := range pseudos {
		if !m.HW.HasExt(p.Ext()) {
			off = append(off, p.Ext())
			continue
		}
		if shown > 0 {
			b.WriteString("\n")
		}
		m.pseudo(&b, p)
		shown++
	}
	if shown == 0 {
		return "", fmt.Errorf("%s is in extension %s, which hardware config %s does not enable%s",
			strings.ToLower(name), strings.Join(slices.Compact(off), ", "), m.HW.Name, m.configsWith(off[0]))
	}
	return b.String(), nil
}

// configsWith names the built-in configs of the same ISA that enable ext.
func (m *Manual) configsWith(ext string) string {
	var with []string
	for _, n := range isadefs.HWNames() {
		if hw, err := isadefs.HWByName(n); err == nil && hw.ISA == m.HW.ISA && hw.HasExt(ext) {
			with = append(with, n)
		}
	}
	if len(with) == 0 {
		return ""
	}
	return " (" + strings.Join(with, ", ") + " does)"
}

// unknown is the error for a name that is neither a section nor a
// mnemonic.
func (m *Manual) unknown(name string, secs []string) error {
	var cands []string
	for _, s := range secs {
		cands = append(cands, strings.ToLower(s))
	}
	for _, mn := range m.ISA.Mnemonics() {
		if m.enabledMnemonic(mn) {
			cands = append(cands, mn)
		}
	}
	shown := name
	if len(shown) > 64 {
		shown = strings.ToValidUTF8(shown[:64], "") + "…"
	}
	msg := fmt.Sprintf("unknown section %q; sections: %s; or an instruction's mnemonic", shown, strings.Join(secs, ", "))
	if near := asm.Nearest(strings.ToLower(name), cands, 3); len(near) > 0 {
		for i, n := range near {
			if j := slices.IndexFunc(secs, func(s string) bool { return strings.EqualFold(s, n) }); j >= 0 {
				near[i] = secs[j]
			}
		}
		msg += "; did you mean " + strings.Join(near, ", ") + "?"
	}
	return fmt.Errorf("%s", msg)
}

// enabledMnemonic reports whether some instruction or pseudo named mn is
// in an enabled extension.
func (m *Manual) enabledMnemonic(mn string) bool {
	for _, in := range m.ISA.Lookup(mn) {
		if m.HW.HasExt(in.Ext()) {
			return true
		}
	}
	for _, p := range m.ISA.LookupPseudo(mn) {
		if m.HW.HasExt(p.Ext()) {
			return true
		}
	}
	return false
}

func (m *Manual) overview(secs []string) string {
	var b strings.Builder
	hw := m.HW
	fmt.Fprintf(&b, "# %s ISA manual: overview (hardware config %s)\n\n%s\n\n", m.ISA.Name, hw.Name, hw.Description)
	if len(hw.Extensions) > 0 {
		fmt.Fprintf(&b, "extensions: %s\n", strings.Join(hw.Extensions, ", "))
	}
	if len(m.ISA.SlotOrder) > 0 {
		var sl []string
		for _, s := range m.ISA.SlotOrder {
			sl = append(sl, fmt.Sprintf("%s (%d bits)", s.Name, s.Bits))
		}
		fmt.Fprintf(&b, "VLIW: one bundle (one source line, operations separated by '%s') issues per cycle; slots %s\n", m.ISA.Separator, strings.Join(sl, ", "))
	}
	keys := make([]string, 0, len(hw.Params))
	for k := range hw.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "param %s = %d\n", k, hw.Params[k])
	}
	b.WriteString("\n## registers\n")
	files := make([]string, 0, len(m.ISA.RegFiles))
	for n, rf := range m.ISA.RegFiles {
		if !rf.Class {
			files = append(files, n)
		}
	}
	sort.Strings(files)
	for _, n := range files {
		rf := m.ISA.RegFiles[n]
		fmt.Fprintf(&b, "%s: %d registers: %s\n", rf.Name, rf.Count, strings.Join(rf.Names, " "))
	}
	b.WriteString("\n## memory map\n")
	for _, r := range hw.Memory {
		fmt.Fprintf(&b, "%-6s [%#x, %#x) %d bytes, %s", r.Name, uint64(r.Base), r.End(), uint64(r.Size), r.Perm)
		if len(r.Sections) > 0 {
			fmt.Fprintf(&b, ", sections %s", strings.Join(r.Sections, " "))
		}
		b.WriteString("\n")
	}
	if m.Halt != "" {
		fmt.Fprintf(&b, "\nkernels end with: %s\n", m.Halt)
	}
	tk := make([]string, 0, len(hw.Timing))
	for k := range hw.Timing {
		tk = append(tk, k)
	}
	sort.Strings(tk)
	these := "these decide"
	if len(tk) > 0 {
		b.WriteString("\n## timing (latencies in cycles, widths)\n")
	} else {
		// A target whose timing is fixed by its ISA (aie2's itineraries)
		// has no timing parameters to list.
		b.WriteString("\n## timing\n")
		these = "decides cycles"
	}
	for _, k := range tk {
		fmt.Fprintf(&b, "%s = %d\n", k, hw.Timing[k])
	}
	if sm, ok := m.costs.(sim.SummaryModel); ok {
		fmt.Fprintf(&b, "(section %s says what %s: %s)\n", Cycles, these, sm.Summary())
	} else if m.costs != nil {
		fmt.Fprintf(&b, "(section %s says what %s)\n", Cycles, these)
	}
	fmt.Fprintf(&b, "\nsections (isa_manual section=NAME, kc-as --isa NAME): %s\n", strings.Join(secs[1:], ", "))
	if len(m.ISA.SlotOrder) > 0 {
		b.WriteString("or an instruction's mnemonic (e.g. vmac.f): its forms with syntax, semantics, slot, operand cycles and latency, encoding and an example\n")
	} else {
		b.WriteString("or an instruction's mnemonic (e.g. add): its syntax, semantics, unit, latency, encoding and cost\n")
	}
	return b.String()
}

// mistakes lists the ISA's classic-mistake rules (isadefs.Rules), which
// the assembler's warnings and the simulator's messages quote by ID.
func (m *Manual) mistakes() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: the classic mistakes (rules the assembler's warnings and the simulator's messages name)\n", m.ISA.Name)
	for i, r := range isadefs.Rules(m.ISA.Name) {
		fmt.Fprintf(&b, "\n## %d. %s (rule %s)\n%s\nCaught: %s\n", i+1, r.Title, r.ID, r.Text, r.Caught)
	}
	return b.String()
}

// templates lists the ISA's worked examples (isadefs.Templates), one per
// benchmark task they match.
func (m *Manual) templates() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: worked examples (how its compiler's templates lay out common kernels; one way, not the only one)\n\n", m.ISA.Name)
	for _, t := range isadefs.Templates(m.ISA.Name) {
		fmt.Fprintf(&b, "- %s: %s\n", t.Task, t.Text)
	}
	return b.String()
}

func (m *Manual) pseudos() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s pseudo-instructions (expanded by the assembler)\n\n", m.ISA.Name)
	for _, p := range m.ISA.Pseudos {
		if !m.HW.HasExt(p.Ext()) {
			continue
		}
		fmt.Fprintf(&b, "%s — %s  => %s\n", Syntax(p.Name, p.Syntax), p.Description, p.Expansion)
	}
	return b.String()
}

func (m *Manual) extension(ext string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s extension %s: syntax — semantics [unit]\n\n", m.ISA.Name, ext)
	for _, in := range m.ISA.Insts {
		if in.Ext() != ext {
			continue
		}
		fmt.Fprintf(&b, "%s — %s [%s]\n", Syntax(in.Name, in.Syntax), in.Description, in.Unit())
	}
	return b.String()
}

// inst writes one instruction's entry.
func (m *Manual) inst(b *strings.Builder, in *isadefs.Inst) {
	fmt.Fprintf(b, "# %s (%s extension %s)\n\n", in.Name, m.ISA.Name, in.Ext())
	fmt.Fprintf(b, "syntax: %s\n", Syntax(in.Name, in.Syntax))
	fmt.Fprintf(b, "semantics: %s\n", in.Description)
	fmt.Fprintf(b, "unit: %s; latency class lat.%s", in.Unit(), in.LatencyClass())
	if v, ok := m.HW.Timing["lat."+in.LatencyClass()]; ok {
		fmt.Fprintf(b, " = %d", v)
	}
	b.WriteString("\n")
	if len(in.Flags) > 0 {
		fl := make([]string, 0, len(in.Flags))
		for f := range in.Flags {
			fl = append(fl, f)
		}
		sort.Strings(fl)
		fmt.Fprintf(b, "flags: %s\n", strings.Join(fl, " "))
	}
	fmt.Fprintf(b, "encoding (%d bits, match 0x%0*x mask 0x%0*x): %s\n", m.ISA.WordBits, m.ISA.WordBits/4, in.Match, m.ISA.WordBits/4, in.Mask, Encoding(in, m.ISA.WordBits))
	if len(in.Operands) > 0 {
		b.WriteString("operands:\n")
		for _, k := range in.Operands {
			fmt.Fprintf(b, "  %s: %s\n", k.Name, OperandText(k))
		}
	}
	if ex := in.Attrs["example"]; ex != "" {
		fmt.Fprintf(b, "example: %s\n", ex)
	}
	if m.costs != nil {
		b.WriteString(m.costs.Inst(in))
	}
}

func (m *Manual) pseudo(b *strings.Builder, p *isadefs.Pseudo) {
	fmt.Fprintf(b, "# %s (%s pseudo-instruction, extension %s)\n\n", p.Name, m.ISA.Name, p.Ext())
	fmt.Fprintf(b, "syntax: %s\n", Syntax(p.Name, p.Syntax))
	fmt.Fprintf(b, "semantics: %s\n", p.Description)
	fmt.Fprintf(b, "expands to: %s\n", p.Expansion)
	if len(p.Operands) > 0 {
		b.WriteString("operands:\n")
		for _, k := range p.Operands {
			fmt.Fprintf(b, "  %s: %s\n", k.Name, OperandText(k))
		}
	}
	if ex := p.Attrs["example"]; ex != "" {
		fmt.Fprintf(b, "example: %s\n", ex)
	}
}

// Syntax is an instruction's assembly template: the mnemonic and its
// operand syntax.
func Syntax(mn, s string) string {
	if s == "" {
		return mn
	}
	return mn + " " + s
}

// Encoding renders an instruction word's fields from the most significant
// bit down: fixed bits as HI..LO=0b…, operand pieces as HI..LO name[bits].
func Encoding(in *isadefs.Inst, wordBits int) string {
	return EncodingNamed(in, wordBits, nil)
}

// EncodingNamed is Encoding with the operands under the given names (in
// syntax order; nil: their kinds' names).
func EncodingNamed(in *isadefs.Inst, wordBits int, names []string) string {
	owner := make([]string, wordBits) // per bit: operand piece, "" = fixed or free
	for i, k := range in.Operands {
		name := k.Name
		if i < len(names) {
			name = names[i]
		}
		for _, p := range k.Pieces {
			for bit := p.WordLo; bit <= p.WordHi && bit < wordBits; bit++ {
				owner[bit] = fmt.Sprintf("%s[%d:%d]", name, p.ValHi, p.ValLo)
				if p.ValHi-p.ValLo == 0 {
					owner[bit] = fmt.Sprintf("%s[%d]", name, p.ValHi)
				}
				if p.ValLo == 0 && p.ValHi == p.WordHi-p.WordLo && len(k.Pieces) == 1 {
					owner[bit] = name // the whole operand, in place
				}
			}
		}
	}
	kind := func(bit int) string {
		switch {
		case owner[bit] != "":
			return "op:" + owner[bit]
		case in.Mask>>uint(bit)&1 != 0:
			return "fixed"
		}
		return "free"
	}
	var fields []string
	for hi := wordBits - 1; hi >= 0; {
		k := kind(hi)
		lo := hi
		for lo > 0 && kind(lo-1) == k {
			lo--
		}
		rng := fmt.Sprintf("%d..%d", hi, lo)
		if hi == lo {
			rng = fmt.Sprint(hi)
		}
		switch k {
		case "fixed":
			v := in.Match >> uint(lo) & (1<<uint(hi-lo+1) - 1)
			if hi-lo+1 > 12 {
				fields = append(fields, fmt.Sprintf("%s=%#x", rng, v))
			} else {
				fields = append(fields, fmt.Sprintf("%s=0b%0*b", rng, hi-lo+1, v))
			}
		case "free":
			fields = append(fields, rng+" (ignored)")
		default:
			fields = append(fields, rng+" "+k[3:])
		}
		hi = lo - 1
	}
	return strings.Join(fields, " | ")
}

// OperandText describes an operand kind: its class and range.
func OperandText(k *isadefs.OperandKind) string {
	var s string
	switch k.Class {
	case "reg":
		s = "a register of file " + k.Sub
		if k.RegFile != nil && k.RegFile.Class {
			s = "one of " + compactNames(k.RegFile.Names)
		} else if k.RegFile != nil {
			s += fmt.Sprintf(" (%s…%s)", k.RegFile.Names[0], k.RegFile.Names[len(k.RegFile.Names)-1])
		}
		if k.Align > 1 {
			s += fmt.Sprintf(", a multiple of %d", k.Align)
		}
		if k.Min > 0 {
			s += fmt.Sprintf(", not below number %d", k.Min)
		}
	case "simm", "uimm":
		s = map[string]string{"simm": "signed", "uimm": "unsigned"}[k.Class] + fmt.Sprintf(" immediate in [%d, %d]", k.Min, k.Max)
		if k.Align > 1 {
			s += fmt.Sprintf(", a multiple of %d", k.Align)
		}
	case "pcrel":
		s = fmt.Sprintf("a label or pc-relative offset in [%d, %d]", k.Min, k.Max)
		if k.Align > 1 {
			s += fmt.Sprintf(", a multiple of %d", k.Align)
		}
	case "enum":
		s = "one of"
		if k.Enum != nil {
			names := k.Enum.Order
			if len(names) > 16 {
				names = append(slices.Clip(names[:12]), fmt.Sprintf("… (%d names)", len(k.Enum.Order)))
			}
			s += " " + strings.Join(names, " ")
		}
		s += " (or a number)"
	default:
		s = "a " + k.Class + " operand (the target's own syntax)"
	}
	if k.HasDefault {
		s += fmt.Sprintf("; may be left out (default %d)", k.Default)
	}
	return s
}

// slot lists the instructions of one VLIW slot.
func (m *Manual) slot(name string) string {
	var b strings.Builder
	sl := m.ISA.Slots[name]
	fmt.Fprintf(&b, "# %s slot %s (%d-bit operations): syntax — semantics\n\n", m.ISA.Name, name, sl.Bits)
	seen := map[string]bool{}
	for _, in := range m.ISA.SlotInsts(name) {
		line := m.ISA.DisplaySyntax(in)
		if seen[in.Mnemonic+" "+line] {
			continue
		}
		seen[in.Mnemonic+" "+line] = true
		fmt.Fprintf(&b, "%s — %s\n", Syntax(in.Name, line), m.semantics(in))
	}
	return b.String()
}

// semantics is an instruction's description: its doc's, else the .isa
// line's.
func (m *Manual) semantics(in *isadefs.Inst) string {
	if d := m.ISA.DocOf(in.Mnemonic); d != nil {
		return d.Semantics
	}
	return in.Description
}

// instGroup writes the entry of one mnemonic of an ISA with docs: what it
// does and an example once, then each form with its syntax, slot, timing,
// encoding and an example of that form.
func (m *Manual) instGroup(b *strings.Builder, insts []*isadefs.Inst) {
	in0 := insts[0]
	fmt.Fprintf(b, "# %s (%s", in0.Name, m.ISA.Name)
	if s := slotsText(insts); s != "" {
		fmt.Fprintf(b, ", %s", s)
	}
	fmt.Fprintf(b, ", %d form%s", len(insts), map[bool]string{true: "", false: "s"}[len(insts) == 1])
	if sm, ok := m.costs.(sim.SimulatedModel); ok {
		var run []int
		for i, in := range insts {
			if ok, _ := sm.Simulated(in); ok {
				run = append(run, i+1)
			}
		}
		switch {
		case len(run) == 0:
			b.WriteString("; simulated: no, running it stops the simulation")
		case len(run) < len(insts):
			fmt.Fprintf(b, "; simulated: %s only", formsText(run))
		}
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(b, "semantics: %s\n", m.semantics(in0))
	if d := m.ISA.DocOf(in0.Mnemonic); d != nil && d.Example != "" {
		fmt.Fprintf(b, "example: %s\n", d.Example)
	}
	for i, in := range insts {
		names := m.ISA.OperandNames(in)
		fmt.Fprintf(b, "\n## form %d: %s\n", i+1, Syntax(in.Name, m.ISA.DisplaySyntax(in)))
		if in.Slot != "" {
			fmt.Fprintf(b, "slot: %s (%d bits)\n", in.Slot, in.Width())
		} else {
			fmt.Fprintf(b, "unit: %s\n", in.Unit())
		}
		if in.Description != "" && in.Description != m.semantics(in) {
			fmt.Fprintf(b, "defined as: %s\n", in.Description)
		}
		if m.costs != nil {
			b.WriteString(m.costs.Inst(in))
		}
		fmt.Fprintf(b, "encoding (%d bits, match 0x%0*x mask 0x%0*x): %s\n", in.Width(), (in.Width()+3)/4, in.Match, (in.Width()+3)/4, in.Mask, EncodingNamed(in, in.Width(), names))
		if len(in.Operands) > 0 {
			b.WriteString("operands:\n")
			for j, k := range in.Operands {
				fmt.Fprintf(b, "  %s: %s\n", names[j], OperandText(k))
			}
		}
		if ex := Example(in); ex != "" {
			fmt.Fprintf(b, "e.g. %s\n", ex)
		}
	}
}

// slotsText names the VLIW slots of an entry's forms: "slot lda" when
// they share one, else each slot with its forms ("slots lda (form 1), mv
// (forms 2, 3, 4)"); "" on a target without slots.
func slotsText(insts []*isadefs.Inst) string {
	var order []string
	forms := map[string][]int{}
	for i, in := range insts {
		if in.Slot == "" {
			continue
		}
		if _, ok := forms[in.Slot]; !ok {
			order = append(order, in.Slot)
		}
		forms[in.Slot] = append(forms[in.Slot], i+1)
	}
	switch len(order) {
	case 0:
		return ""
	case 1:
		return "slot " + order[0]
	}
	parts := make([]string, len(order))
	for i, sl := range order {
		parts[i] = fmt.Sprintf("%s (%s)", sl, formsText(forms[sl]))
	}
	return "slots " + strings.Join(parts, ", ")
}

// formsText is "form 2" or "forms 1, 3".
func formsText(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	if len(ns) == 1 {
		return "form " + s[0]
	}
	return "forms " + strings.Join(s, ", ")
}

// Example writes an instance of an instruction form: each register
// operand its class's first register, each immediate the value nearest 0
// that it accepts.
func Example(in *isadefs.Inst) string {
	vals := map[*isadefs.OperandKind]string{}
	var val func(k *isadefs.OperandKind) string
	val = func(k *isadefs.OperandKind) string {
		if v, ok := vals[k]; ok {
			return v
		}
		var s string
		switch {
		case k.Tie != nil:
			s = val(k.Tie)
		case k.Class == "reg" && k.RegFile != nil:
			for _, n := range k.RegFile.Names {
				if n != "" {
					s = n
					break
				}
			}
		case k.Class == "enum" && k.Enum != nil && len(k.Enum.Order) > 0:
			s = k.Enum.Order[0]
		case k.Class == "simm" || k.Class == "uimm" || k.Class == "pcrel":
			v := max(k.Min, min(k.Max, 0))
			if a := max(k.Align, 1); v%a != 0 {
				v += a - v%a
			}
			s = fmt.Sprint(v)
		default:
			return ""
		}
		vals[k] = s
		return s
	}
	var b strings.Builder
	b.WriteString(in.Name)
	if len(in.Tokens) > 0 {
		b.WriteString(" ")
	}
	for _, t := range in.Tokens {
		if t.Operand == nil {
			b.WriteString(t.Text)
			continue
		}
		v := val(t.Operand)
		if v == "" {
			return ""
		}
		b.WriteString(v)
	}
	return b.String()
}

// compactNames lists register names once each, runs of one prefix with
// consecutive numbers as first…last: "r0…r31, p0…p7, lr".
func compactNames(names []string) string {
	type run struct {
		prefix   string
		lo, hi   int
		numbered bool
	}
	var runs []run
	seen := map[string]bool{}
	for _, n := range names {
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		i := len(n)
		for i > 0 && n[i-1] >= '0' && n[i-1] <= '9' {
			i--
		}
		if i == len(n) || i == 0 || strings.ContainsRune(n, ':') {
			runs = append(runs, run{prefix: n})
			continue
		}
		num := 0
		fmt.Sscan(n[i:], &num)
		merged := false
		for j := range runs {
			if r := &runs[j]; r.numbered && r.prefix == n[:i] && r.hi+1 == num {
				r.hi, merged = num, true
				break
			}
		}
		if !merged {
			runs = append(runs, run{prefix: n[:i], lo: num, hi: num, numbered: true})
		}
	}
	parts := make([]string, len(runs))
	for i, r := range runs {
		switch {
		case !r.numbered:
			parts[i] = r.prefix
		case r.lo == r.hi:
			parts[i] = fmt.Sprintf("%s%d", r.prefix, r.lo)
		default:
			parts[i] = fmt.Sprintf("%s%d…%s%d", r.prefix, r.lo, r.prefix, r.hi)
		}
	}
	return strings.Join(parts, ", ")
}
