package check

import (
	"fmt"
	"slices"
	"sort"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// chunk is the granularity of the simulator's written ranges.
const chunk = 16

// memoryPatterns judges the written ranges against the case's regions,
// and read-back inputs against their initial values. Writing into an
// input or a constant fails the run; the outputs, scratch regions and the
// case's kernel area (the kernel's own data and stack) are free; writing
// anywhere else is reported as a note (tohost ends a run, for example).
func memoryPatterns(c *ref.Case, inputs map[string]*sim.Tensor, res *Result) []Pattern {
	var ps []Pattern
	type region struct {
		ts     ref.TensorSpec
		lo, hi uint64
	}
	var allowed, readonly []region
	for _, ts := range c.Tensors {
		dt, err := lookupElemType(ts.DType)
		if err != nil {
			continue
		}
		r := region{ts, ts.Addr, ts.Addr + uint64(sim.Elems(ts.Shape)*dt.size)}
		switch ts.Role {
		case ref.RoleOut, ref.RoleScratch:
			// The written ranges have 16-byte granularity: a store into
			// an output marks its whole chunk.
			r.lo, r.hi = r.lo/chunk*chunk, (r.hi+chunk-1)/chunk*chunk
			allowed = append(allowed, r)
		case ref.RoleIn, ref.RoleConst:
			readonly = append(readonly, r)
		}
	}
	if a := c.Convention.KernelArea; a != nil {
		// The case leaves this area to the kernel's own data and stack.
		allowed = append(allowed, region{ref.TensorSpec{Name: "kernel area"}, a.Start, a.End})
	}
	// Subtract the allowed regions from the written ranges.
	var outside []sim.Range
	for _, w := range res.Written {
		pieces := []sim.Range{w}
		for _, a := range allowed {
			var next []sim.Range
			for _, p := range pieces {
				if p.End <= a.lo || a.hi <= p.Start {
					next = append(next, p)
					continue
				}
				if p.Start < a.lo {
					next = append(next, sim.Range{Start: p.Start, End: a.lo})
				}
				if a.hi < p.End {
					next = append(next, sim.Range{Start: a.hi, End: p.End})
				}
			}
			pieces = next
		}
		outside = append(outside, pieces...)
	}
	sort.Slice(outside, func(i, j int) bool { return outside[i].Start < outside[j].Start })
	clobbered := map[string]bool{}
	var rest []sim.Range
	for _, w := range outside {
		hit := false
		for _, r := range readonly {
			lo, hi := max(w.Start, r.lo), min(w.End, r.hi)
			if lo >= hi {
				continue
			}
			hit = true
			if clobbered[r.ts.Name] {
				continue
			}
			clobbered[r.ts.Name] = true
			ps = append(ps, Pattern{Kind: PatClobber, Fatal: true,
				Text: fmt.Sprintf("wrote into %s '%s' %s%s [%#x,%#x): bytes [%#x,%#x) were stored to", roleName(r.ts.Role), r.ts.Name, r.ts.DType, fmtIndex(r.ts.Shape), r.lo, r.hi, lo, hi),
				Hint: "inputs and constants are read-only: keep intermediates in registers, the output or a scratch region"})
		}
		if !hit {
			rest = append(rest, w)
		}
	}
	for _, w := range rest {
		if len(ps) >= 4 {
			break
		}
		var p Pattern
		for _, a := range allowed {
			if a.ts.Role == ref.RoleOut && w.Start == a.hi {
				p = Pattern{Kind: PatPastEnd,
					Text: fmt.Sprintf("wrote %d bytes past the end of output '%s': [%#x,%#x)", w.End-w.Start, a.ts.Name, w.Start, w.End),
					Hint: "the last iteration stores a full vector beyond the tensor: shorten vl for the tail"}
			}
		}
		if p.Kind == "" {
			p = Pattern{Kind: PatOutside,
				Text: fmt.Sprintf("wrote outside every tensor: [%#x,%#x)", w.Start, w.End),
				Hint: "fine for a stack or tohost; otherwise a wrong address"}
		}
		ps = append(ps, p)
	}
	// Inputs read back after the run.
	for _, ts := range c.Tensors {
		if ts.Role != ref.RoleIn && ts.Role != ref.RoleConst || clobbered[ts.Name] {
			continue
		}
		got, want := res.Outputs[ts.Name], inputs[ts.Name]
		if got == nil || want == nil || slices.Equal(got.Data, want.Data) {
			continue
		}
		dt, err := lookupElemType(ts.DType)
		if err != nil || dt.size == 0 {
			continue
		}
		diff, first := 0, -1
		for i := 0; i+dt.size <= min(len(got.Data), len(want.Data)); i += dt.size {
			if !slices.Equal(got.Data[i:i+dt.size], want.Data[i:i+dt.size]) {
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
			Text: fmt.Sprintf("%s '%s' changed during the run: %d elements differ, first %s%s at %#x", roleName(ts.Role), ts.Name, diff, ts.Name, fmtIndex(unflatten(first, ts.Shape)), ts.Addr+uint64(first*dt.size)),
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
