package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"kernelcraft/agent/bench"
	"kernelcraft/ref"
)

// TestHelpCountsDefaultCells: the help's "kc-agent bench" line names the
// targets and the cells a bench with no selection runs, counted here from
// ref's tasks (it said "every coral cell (75)" after plena and aie2 joined).
func TestHelpCountsDefaultCells(t *testing.T) {
	defined, _ := bench.DefaultTargets()
	n := 0
	for _, target := range defined {
		n += len(ref.Supported(target)) * ref.NumConfigs
	}
	want := fmt.Sprintf("every cell of %s (%d)", strings.Join(defined, ", "), n)
	for _, args := range [][]string{{"--help"}, {"bench", "--help"}} {
		var out, errb bytes.Buffer
		if st := run(append([]string{"kc-agent"}, args...), &out, &errb); st != 0 {
			t.Fatalf("%v: status %d: %s", args, st, errb.String())
		}
		if !strings.Contains(out.String(), want) || strings.Contains(out.String(), "every coral cell") {
			t.Errorf("%v: help lacks %q:\n%s", args, want, out.String())
		}
	}
}

// TestModelFlagSpellings: run and bench each take --model and --models
// (run takes one, bench a list), and run given a list says where lists go.
func TestModelFlagSpellings(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"kc-agent", "run", "relu", "-t", "coral", "--models", "baseline"}, &out, &errb); st != 0 || !strings.Contains(out.String(), "PASS coral relu") {
		t.Errorf("run --models: status %d: %s %s", st, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if st := run([]string{"kc-agent", "run", "relu", "--models", "baseline,replay"}, &out, &errb); st != 2 || !strings.Contains(errb.String(), "run takes one model") || !strings.Contains(errb.String(), "bench --models") {
		t.Errorf("run with two models: status %d: %s", st, errb.String())
	}
	out.Reset()
	errb.Reset()
	dir := t.TempDir()
	if st := run([]string{"kc-agent", "bench", "--model", "baseline", "-t", "coral", "--tasks", "relu", "-c", "1", "--out", dir, "--no-report"}, &out, &errb); st != 0 {
		t.Errorf("bench --model: status %d: %s %s", st, out.String(), errb.String())
	}
	if keys := readKeys(t, dir); len(keys) != 1 {
		t.Errorf("bench --model: %d cells recorded, want 1", len(keys))
	}
}
