package main

import (
	"strings"
	"testing"
)

// TestUnknownTarget: a misspelt target is named as unknown, with the
// targets, by every command that takes -t (eval --all said "no baselines
// for target plna yet").
func TestUnknownTarget(t *testing.T) {
	for _, args := range [][]string{
		{"eval", "--all", "-t", "plna", "--baseline"},
		{"eval", "-t", "plna", "k.s", "relu"},
		{"baseline", "-t", "plna", "relu"},
		{"list", "-t", "plna"},
	} {
		code, _, errs := kcref(t, args...)
		if code != 2 || !strings.Contains(errs, `unknown target "plna" (targets: `) || strings.Contains(errs, "no baselines") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
