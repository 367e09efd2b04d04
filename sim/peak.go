package sim

import (
	"fmt"
	"strings"

	isadefs "kernelcraft/isa-defs"
)

// Peak is the most work of one measure (MACs, elements, bytes, ops) that
// one unit of a target can do per cycle under a hardware config: Num/Den
// per cycle. Why says how it follows from the config; the ISA manual's
// cycles section lists the peaks.
type Peak struct {
	Unit, Measure string
	Num, Den      int64
	Why           string
}

// Rate is the peak per cycle as text, in lowest terms ("16", "1/33").
func (p Peak) Rate() string {
	a, b := p.Num, p.Den
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return fmt.Sprintf("%d/%d", p.Num, p.Den)
	}
	if p.Den/a == 1 {
		return fmt.Sprint(p.Num / a)
	}
	return fmt.Sprintf("%d/%d", p.Num/a, p.Den/a)
}

// Use is what one instruction does in one setting of its operands (a
// vtype, a MAC mode; "" when it has one), in one unit's measure, and the
// cycles the timing model holds that unit for it.
type Use struct {
	Setting       string
	Unit, Measure string
	Work, Cycles  int64
}

// PeakModel is implemented by a target's CostModel that can say what its
// units can do per cycle and what each instruction does and costs, so
// that no instruction is charged less time than its work needs at its
// unit's peak (CheckPeaks).
type PeakModel interface {
	// Peaks lists every unit's peaks under the config.
	Peaks() []Peak
	// Uses lists what instruction in does and the cycles it is charged,
	// in every setting the model distinguishes. An instruction that does
	// no work a peak bounds (control, register moves) returns no uses
	// and the reason; one the model does not know returns neither (which
	// CheckPeaks reports).
	Uses(in *isadefs.Inst) (uses []Use, none string, err error)
}

// PeakExcess is an instruction whose declared work is missing or more
// than its unit can do in the cycles it is charged.
type PeakExcess struct {
	Inst string
	Use  Use
	Peak Peak
	Why  string
}

func (e PeakExcess) String() string { return e.Inst + ": " + e.Why }

// CheckPeaks checks every instruction of insts against pm: each must
// declare work or a reason for having none, every use must have a peak
// for its unit and measure, and work/cycles must not exceed it.
func CheckPeaks(pm PeakModel, insts []*isadefs.Inst) []PeakExcess {
	peaks := map[[2]string]Peak{}
	for _, p := range pm.Peaks() {
		peaks[[2]string{p.Unit, p.Measure}] = p
	}
	var out []PeakExcess
	for _, in := range insts {
		uses, none, err := pm.Uses(in)
		bad := func(u Use, p Peak, format string, a ...any) {
			out = append(out, PeakExcess{Inst: in.Name, Use: u, Peak: p, Why: fmt.Sprintf(format, a...)})
		}
		switch {
		case err != nil:
			bad(Use{}, Peak{}, "%v", err)
			continue
		case len(uses) == 0 && strings.TrimSpace(none) == "":
			bad(Use{}, Peak{}, "declares no work and no reason for having none")
			continue
		}
		for _, u := range uses {
			at := ""
			if u.Setting != "" {
				at = " (" + u.Setting + ")"
			}
			p, ok := peaks[[2]string{u.Unit, u.Measure}]
			switch {
			case !ok:
				bad(u, p, "%d %s on unit %s%s, which has no peak for %s", u.Work, u.Measure, u.Unit, at, u.Measure)
			case u.Work < 0 || u.Cycles < 0:
				bad(u, p, "%d %s in %d cycles%s", u.Work, u.Measure, u.Cycles, at)
			case u.Work*p.Den > p.Num*u.Cycles:
				bad(u, p, "%d %s in %d cycle(s)%s on unit %s, more than its peak of %s per cycle allows (%s)",
					u.Work, u.Measure, u.Cycles, at, u.Unit, p.Rate(), p.Why)
			}
		}
	}
	return out
}

// PeaksText is the manual's table of a model's peaks.
func PeaksText(pm PeakModel) string {
	var b strings.Builder
	b.WriteString("No instruction is charged fewer cycles than its work needs at its unit's peak (per cycle):\n")
	for _, p := range pm.Peaks() {
		fmt.Fprintf(&b, "- %s, %s: %s per cycle (%s)\n", p.Unit, p.Measure, p.Rate(), p.Why)
	}
	return b.String()
}
