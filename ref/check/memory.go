package check

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// memoryPatterns judges the written ranges (exact to the byte) against
// the case's regions, and read-back inputs against their initial values.
// The task text is the law: the outputs, scratch regions and the memory
// the case leaves to the kernel (its kernel area: own data and stack; or
// whole on-chip memories) may be written; a store into an input or a
// constant, or anywhere else (past the end of an output, between
// tensors, beyond them), fails the run.
func memoryPatterns(c *ref.Case, inputs map[string]*sim.Tensor, res *Result) []Pattern {
	var ps []Pattern
	var allowed, readonly, all []region
	for _, ts := range c.Tensors {
		if _, err := lookupElemType(ts.DType); err != nil {
			continue
		}
		for _, sp := range ts.Spans() {
			r := region{ts, sp.Start, sp.End}
			all = append(all, r)
			switch ts.Role {
			case ref.RoleOut, ref.RoleScratch:
				allowed = append(allowed, r)
			case ref.RoleIn, ref.RoleConst:
				readonly = append(readonly, r)
			}
		}
	}
	for _, r := range kernelRegions(c) {
		allowed = append(allowed, r)
		all = append(all, r)
	}
	// Stores into inputs and constants: one pattern per tensor, naming
	// the first range that hit it.
	clobbered := map[string]bool{}
	for _, r := range readonly {
		for _, w := range res.Written {
			lo, hi := max(w.Start, r.lo), min(w.End, r.hi)
			if lo >= hi {
				continue
			}
			clobbered[r.ts.Name] = true
			ps = append(ps, Pattern{Kind: PatClobber, Fatal: true,
				Text: fmt.Sprintf("wrote into %s: bytes [%#x,%#x) were stored to", r.describe(), lo, hi),
				Hint: "inputs and constants are read-only: keep intermediates in registers, the output or a scratch region"})
			break
		}
	}
	// Everything else outside the writable regions is a stray write.
	rest := subtract(subtract(res.Written, allowed), readonly)
	sort.Slice(rest, func(i, j int) bool { return rest[i].Start < rest[j].Start })
	const maxStray = 3 // stray ranges described one by one
	for i, w := range rest {
		if i == maxStray {
			n := uint64(0)
			for _, w := range rest[i:] {
				n += w.End - w.Start
			}
			ps = append(ps, Pattern{Kind: PatOutside, Fatal: true,
				Text: fmt.Sprintf("and %d more stray range(s), %d bytes, the last ending at %#x", len(rest)-i, n, rest[len(rest)-1].End),
				Hint: writableHint(c, allowed)})
			break
		}
		ps = append(ps, strayPattern(c, w, allowed, all))
	}
	// Inputs read back after the run.
	for _, ts := range c.Tensors {
		if ts.Role != ref.RoleIn && ts.Role != ref.RoleConst || clobbered[ts.Name] {
			continue
		}
		got, want := res.Outputs[ts.Name], inputs[ts.Name]
		// bytes.Equal, not slices.Equal: memequal, not a loop by byte.
		if got == nil || want == nil || bytes.Equal(got.Data, want.Data) {
			continue
		}
		dt, err := lookupElemType(ts.DType)
		if err != nil || dt.size == 0 {
			continue
		}
		diff, first := 0, -1
		for i := 0; i+dt.size <= min(len(got.Data), len(want.Data)); i += dt.size {
			if !bytes.Equal(got.Data[i:i+dt.size], want.Data[i:i+dt.size]) {
				diff++
				if first < 0 {
					first = i / dt.size
				}
			}
		}
		if first < 0 {
			first = 0
		}
		ps = append(ps, Pattern{Kind: PatClobber, Fatal: true,
			Text: fmt.Sprintf("%s '%s' changed during the run: %d elements differ, first %s%s at %#x", roleName(ts.Role), ts.Name, diff, ts.Name, fmtIndex(unflatten(first, ts.Shape)), elemAddr(ts, first)),
			Hint: "inputs and constants are read-only: keep intermediates in registers, the output or a scratch region"})
	}
	return ps
}

func roleName(role string) string {
	switch role {
	case ref.RoleIn:
		return "input"
	case ref.RoleConst:
		return "constant"
	case ref.RoleOut:
		return "output"
	}
	return role
}

// pastEndTail is the most bytes past an output's end that a tail's
// store can explain (a vector group at LMUL 8 of a 512-bit VLEN).
const pastEndTail = 512

// roleKernelArea is the role of the case's kernel area among the regions
// a stray write is placed by.
const roleKernelArea = "kernel area"

// region is a tensor (or the kernel area) and its bytes [lo, hi).
type region struct {
	ts     ref.TensorSpec
	lo, hi uint64
}

func (r region) describe() string {
	switch {
	case r.ts.Role == roleKernelArea && r.ts.Name != "":
		return fmt.Sprintf("the kernel's own memory %s [%#x,%#x)", r.ts.Name, r.lo, r.hi)
	case r.ts.Role == roleKernelArea:
		return fmt.Sprintf("the kernel's own area [%#x,%#x)", r.lo, r.hi)
	}
	return fmt.Sprintf("%s '%s' %s%s [%#x,%#x)", roleName(r.ts.Role), r.ts.Name, r.ts.DType, fmtIndex(r.ts.Shape), r.lo, r.hi)
}

// strayPattern describes a write w outside every region that may be
// written, by the nearest region: past-end when it continues an output or
// scratch region (a loop that runs past the end of its tensor), outside
// otherwise.
func strayPattern(c *ref.Case, w sim.Range, allowed, all []region) Pattern {
	what := fmt.Sprintf("wrote [%#x,%#x) (%s)", w.Start, w.End, byteCount(w.End-w.Start))
	var near *region
	var dist uint64
	after := false
	for i := range all {
		r := &all[i]
		var d uint64
		var a bool
		switch {
		case w.Start >= r.hi:
			d, a = w.Start-r.hi, true
		case w.End <= r.lo:
			d = r.lo - w.End
		default:
			continue // cannot overlap: w lies outside every allowed and read-only region
		}
		// The nearest; on a tie, the region w follows.
		if near == nil || d < dist || d == dist && a && !after {
			near, dist, after = r, d, a
		}
	}
	if near == nil {
		return Pattern{Kind: PatOutside, Fatal: true, Text: what + " outside every tensor", Hint: writableHint(c, allowed)}
	}
	if after && dist == 0 && (near.ts.Role == ref.RoleOut || near.ts.Role == ref.RoleScratch) {
		hint := fmt.Sprintf("a store ran off the end of '%s' (a full vector or word for the tail): shorten vl (vsetvli with the remaining count) or the last store", near.ts.Name)
		if w.End-w.Start > pastEndTail {
			hint = fmt.Sprintf("the stores went far past the end of '%s': check the loop's bound and count", near.ts.Name)
		}
		return Pattern{Kind: PatPastEnd, Fatal: true,
			Text: fmt.Sprintf("%s: %s past the end of %s", what, byteCount(w.End-w.Start), near.describe()),
			Hint: hint + "; only outputs, scratch and the kernel's own area may be written"}
	}
	var where string
	switch {
	case dist == 0 && after:
		where = "right after " + near.describe()
	case dist == 0:
		where = "right before " + near.describe()
	case after:
		where = fmt.Sprintf("%#x bytes past the end of %s", dist, near.describe())
	default:
		where = fmt.Sprintf("%#x bytes before %s", dist, near.describe())
	}
	return Pattern{Kind: PatOutside, Fatal: true,
		Text: fmt.Sprintf("%s outside every tensor: %s", what, where),
		Hint: writableHint(c, allowed)}
}

// writableHint says which memory a kernel may write.
func writableHint(c *ref.Case, allowed []region) string {
	var names, own []string
	for _, r := range allowed {
		if r.ts.Role == roleKernelArea {
			own = append(own, r.describe())
		} else {
			names = append(names, "'"+r.ts.Name+"'")
		}
	}
	area := ""
	if len(own) > 0 {
		area = " and " + strings.Join(own, ", ")
	}
	return "only the outputs and scratch (" + strings.Join(names, ", ") + ")" + area + " may be written: check the address computation (a wrong base register, stride or loop bound)"
}

// byteCount is "1 byte" or "n bytes".
func byteCount(n uint64) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// subtract removes the regions' bytes from the ranges.
func subtract(ws []sim.Range, rs []region) []sim.Range {
	out := slices.Clone(ws)
	for _, r := range rs {
		var next []sim.Range
		for _, p := range out {
			if p.End <= r.lo || r.hi <= p.Start {
				next = append(next, p)
				continue
			}
			if p.Start < r.lo {
				next = append(next, sim.Range{Start: p.Start, End: r.lo})
			}
			if r.hi < p.End {
				next = append(next, sim.Range{Start: r.hi, End: p.End})
			}
		}
		out = next
	}
	return out
}

// kernelRegions is the memory the case leaves to the kernel besides its
// outputs and scratch: Convention.KernelArea, and the whole of each
// memory region of Convention.KernelMemories (found in the case's
// hardware config).
func kernelRegions(c *ref.Case) []region {
	var rs []region
	if a := c.Convention.KernelArea; a != nil {
		rs = append(rs, region{ref.TensorSpec{Role: roleKernelArea, Memory: a.Memory}, a.Start, a.End})
	}
	if len(c.Convention.KernelMemories) > 0 {
		if hw, err := isadefs.HWByName(c.HW); err == nil {
			for _, m := range hw.Memory {
				if slices.Contains(c.Convention.KernelMemories, m.Name) {
					rs = append(rs, region{ref.TensorSpec{Name: m.Name, Role: roleKernelArea, Memory: m.Name}, uint64(m.Base), m.End()})
				}
			}
		}
	}
	return rs
}
