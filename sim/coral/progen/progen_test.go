package progen

import (
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestPrefixOnlyRenames: a prefix renames the entry, the area and the local
// labels, and changes nothing else, so a program batched with others is the
// program generated alone.
func TestPrefixOnlyRenames(t *testing.T) {
	isa := isadefs.MustLoadISA("coral")
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"scalar", Options{Seed: 1, Insts: 120, Float: true}},
		{"vector", Options{Seed: 2, Insts: 120, Float: true, Vector: true}},
		{"vector-float", Options{Seed: 3, Insts: 120, Float: true, Vector: true, VectorFloat: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			alone := Generate(isa, tc.opt)
			opt := tc.opt
			opt.Prefix = "p9_"
			batched := Generate(isa, opt)
			undo := strings.NewReplacer("p9_start:", "    .globl _start\n_start:", "p9_area", "area", ".Lp9_g", ".Lg")
			if got := undo.Replace(batched.Source); got != alone.Source {
				t.Errorf("prefixed program differs beyond its labels:\n%s\nwant\n%s", got, alone.Source)
			}
			if !strings.Contains(batched.Source, "\np9_start:\n") || strings.Contains(batched.Source, ".globl") {
				t.Errorf("prefixed program: want a local p9_start entry, no global symbol")
			}
			if len(batched.Counts) != len(alone.Counts) {
				t.Errorf("counts: %d mnemonics prefixed, %d alone", len(batched.Counts), len(alone.Counts))
			}
			for m, n := range alone.Counts {
				if batched.Counts[m] != n {
					t.Errorf("%s: %d prefixed, %d alone", m, batched.Counts[m], n)
				}
			}
			if got, want := strings.Replace(DataNamed(tc.opt.Seed, "p9_"), "p9_area:", "area:", 1), Data(tc.opt.Seed); got != want {
				t.Errorf("DataNamed differs from Data beyond its label")
			}
		})
	}
}
