package main

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/jit"
	"kernelcraft/sim/vec"
)

// TestEngineFlag: every --engine gives the same stats.json (but the host
// time and the engine, which names the one that ran); auto translates
// where translation applies; bad names and combinations are refused.
func TestEngineFlag(t *testing.T) {
	elf := build(t, "loop")
	autoIs := "translate"
	if jit.Available() != nil || vec.Path() == "generic" {
		autoIs = "blocks"
	}
	var ref map[string]any
	for _, c := range []struct{ engine, ran string }{
		{"auto", autoIs}, {"translate", "translate"}, {"blocks", "blocks"}, {"step", "step"},
	} {
		if c.engine == "translate" && autoIs != "translate" {
			code, _, stderr := kcsim(t, nil, elf, "--engine", "translate")
			if code != sim.ExitToolError || !strings.Contains(stderr, "engine translate: not available") {
				t.Errorf("--engine translate where it cannot run: exit %d, %q", code, stderr)
			}
			continue
		}
		code, out, stderr := kcsim(t, nil, elf, "--engine", c.engine, "--stats=json")
		var st map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &st) != nil {
			t.Fatalf("--engine %s: exit %d, %q, %s", c.engine, code, out, stderr)
		}
		if st["engine"] != c.ran {
			t.Errorf("--engine %s: stats.json says engine %v, want %s", c.engine, st["engine"], c.ran)
		}
		for _, k := range []string{"engine", "wall_seconds", "simulated_mips"} {
			delete(st, k)
		}
		if ref == nil {
			ref = st
		} else if !reflect.DeepEqual(ref, st) {
			t.Errorf("--engine %s: stats %v, auto's %v", c.engine, st, ref)
		}
	}
	code, _, stderr := kcsim(t, nil, elf, "--engine", "blocks", "--stats")
	if code != 0 || !strings.Contains(stderr, "engine blocks)") {
		t.Errorf("--stats does not name the engine: exit %d, %q", code, stderr)
	}
	bad := []struct {
		args []string
		want string
	}{
		{[]string{elf, "--engine", "jit"}, `--engine "jit": want auto, translate, blocks or step`},
		{[]string{elf, "--engine", "blocks", "--gdb", "127.0.0.1:0"}, "not with --gdb"},
		{[]string{"-t", "plena", filepath.Join("..", "..", "testdata", "plena", "corpus", "tmpl_linear.mem"), "--engine", "step"}, "plena has one engine"},
	}
	if autoIs == "translate" {
		bad = append(bad, struct {
			args []string
			want string
		}{[]string{elf, "--engine", "translate", "--trace"}, "engine translate: not available: a trace runs on the reference stepper"})
	}
	for _, c := range bad {
		code, _, stderr := kcsim(t, nil, c.args...)
		if code != sim.ExitToolError || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, stderr, c.want)
		}
	}
}
