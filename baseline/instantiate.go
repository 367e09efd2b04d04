package baseline

import (
	"bytes"
	"fmt"
	"math"
	"text/template"
	"text/template/parse"

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

func f32bits(v float64) string { return fmt.Sprintf("%#x", math.Float32bits(float32(v))) }

// IsTemplate reports whether a kernel's source has template placeholders.
func IsTemplate(src []byte) bool { return bytes.Contains(src, []byte("{{")) }

// Instantiate fills a kernel written as a Go template with a
// configuration's KernelParams; an unknown placeholder is an error. Only
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
	var b bytes.Buffer
	if err := tm.Execute(&b, KernelParams(cfg.Params)); err != nil {
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
