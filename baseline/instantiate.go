package baseline

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"text/template"
	"text/template/parse"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// KernelParams are the placeholders a kernel written as a Go template
// (as the hand-optimised kernels in testdata/kernels/coral are) may use,
// for a configuration: the shapes M, N, K, B, DM, FF; K1..K4 (k*K) and N4
// (4N); RowBytes (4N, a float32 row); InvN and Eps (float32 bit patterns
// of 1/N and eps); Mult, Shift, ZP (the first requantisation).
func KernelParams(p ref.Params) map[string]any {
	m := map[string]any{"M": p.M, "N": p.N, "K": p.K, "B": p.B, "DM": p.DModel, "FF": p.F,
		"K1": p.K, "K2": 2 * p.K, "K3": 3 * p.K, "K4": 4 * p.K, "N4": 4 * p.N,
		"RowBytes": 4 * p.N, "InvN": f32bits(1 / float64(max(p.N, 1))), "Eps": f32bits(p.Eps)}
	if len(p.Requant) > 0 {
		m["Mult"], m["Shift"], m["ZP"] = p.Requant[0].Mult, p.Requant[0].Shift, p.Requant[0].ZP
	}
	return m
}

// LayoutParams are the placeholders of a case's tensor placement, for
// kernels whose addresses the params do not give (plena's HBM tensors,
// placed one after another with padded rows and scale planes): for every
// tensor T, Off_T is its byte offset from the start of its memory region
// (plena's HBM address; a Vector SRAM byte offset is twice the element
// address), Pitch_T the distance in elements between its rows' starts
// (within a column block for plena's Vector SRAM layout [C/64, R, 64]),
// and for an MX tensor Scale_T its SCALE_REG value.
func LayoutParams(c *ref.Case) (map[string]any, error) {
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	for _, t := range c.Tensors {
		i := slices.IndexFunc(hw.Memory, func(r isadefs.Region) bool { return r.Name == t.Memory })
		if i < 0 {
			return nil, fmt.Errorf("tensor %s is in %q, no region of %s", t.Name, t.Memory, hw.Name)
		}
		m["Off_"+t.Name] = t.Addr - uint64(hw.Memory[i].Base)
		pitch := 1
		if len(t.Shape) > 0 {
			pitch = t.Shape[len(t.Shape)-1]
		}
		if t.Layout != nil {
			if t.Layout.Pitch > 0 {
				pitch = t.Layout.Pitch
			}
			if t.Layout.Block > 0 {
				pitch = t.Layout.Block // rows of a column block
			}
			if t.Layout.ScaleAddr != 0 {
				m["Scale_"+t.Name] = t.Layout.ScaleReg
			}
		}
		m["Pitch_"+t.Name] = pitch
	}
	return m, nil
}

func f32bits(v float64) string { return fmt.Sprintf("%#x", math.Float32bits(float32(v))) }

// IsTemplate reports whether a kernel's source has template placeholders.
func IsTemplate(src []byte) bool { return bytes.Contains(src, []byte("{{")) }

// Instantiate fills a kernel written as a Go template with a
// configuration's KernelParams and its case's LayoutParams; an unknown
// placeholder is an error. Only
// plain placeholders ({{.M}}) are allowed: no range, if, with, template
// or function calls, so instantiation is linear in the source and
// nothing in a template can loop or grow the output without bound.
func Instantiate(name string, src []byte, target, task string, config int) ([]byte, error) {
	cfg, err := ref.LookupConfig(target, task, config)
	if err != nil {
		return nil, err
	}
	tm, err := template.New(name).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, err
	}
	if err := onlyPlaceholders(name, src, tm.Tree.Root); err != nil {
		return nil, err
	}
	c, err := ref.CaseLayout(target, task, config)
	if err != nil {
		return nil, err
	}
	params, err := LayoutParams(c)
	if err != nil {
		return nil, err
	}
	for k, v := range KernelParams(cfg.Params) {
		params[k] = v
	}
	var b bytes.Buffer
	if err := tm.Execute(&b, params); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// onlyPlaceholders checks that a template's tree is text and {{.Name}}
// actions only.
func onlyPlaceholders(name string, src []byte, root *parse.ListNode) error {
	for _, n := range root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			continue
		case *parse.ActionNode:
			if p := n.Pipe; len(p.Decl) == 0 && len(p.Cmds) == 1 && len(p.Cmds[0].Args) == 1 {
				if f, ok := p.Cmds[0].Args[0].(*parse.FieldNode); ok && len(f.Ident) == 1 {
					continue
				}
			}
		}
		line := 1 + bytes.Count(src[:min(int(n.Position()), len(src))], []byte("\n"))
		return fmt.Errorf("%s:%d: only {{.Name}} placeholders are allowed in a kernel template, not %s", name, line, clipNode(n.String()))
	}
	return nil
}

func clipNode(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
