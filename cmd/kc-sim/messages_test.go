package main

import (
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestHelpListsEveryDType: the help's dtype list is sim.DTypes (it once
// left out float16).
func TestHelpListsEveryDType(t *testing.T) {
	code, out, _ := kcsim(t, nil, "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	i := strings.Index(out, "Dtypes:")
	if i < 0 {
		t.Fatalf("--help has no dtype list:\n%s", out)
	}
	list := strings.Fields(strings.SplitN(out[i+len("Dtypes:"):], ".", 2)[0])
	if len(list) != len(sim.DTypes) {
		t.Fatalf("--help lists dtypes %q, want the %d of sim.DTypes", list, len(sim.DTypes))
	}
	for j, d := range sim.DTypes {
		if list[j] != d.Name {
			t.Errorf("dtype %d: help says %q, sim.DTypes has %q", j, list[j], d.Name)
		}
	}
	if !strings.Contains(out, "float16") {
		t.Error("--help omits float16")
	}
}

// TestMistypedFlagSuggests: "--stat" is one line that names --stats (it
// printed 122 lines of help and no hint).
func TestMistypedFlagSuggests(t *testing.T) {
	code, out, stderr := kcsim(t, nil, "--stat", "x.elf")
	if code != sim.ExitToolError || !strings.Contains(stderr, "did you mean --stats?") || strings.Contains(out+stderr, "USAGE") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, stderr)
	}
	code, _, stderr = kcsim(t, nil, "bench", "--agaist", "qemu")
	if code != sim.ExitToolError || !strings.Contains(stderr, "did you mean --against?") {
		t.Errorf("bench: exit %d: %s", code, stderr)
	}
}
