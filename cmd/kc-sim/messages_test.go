package main

import (
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
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

// TestWrongMachineInPlainWords: a program for another target is named in
// plain words, with its target (a coral ELF given to -t plena said "want
// EM_ALPHA_STD+20515").
func TestWrongMachineInPlainWords(t *testing.T) {
	coral := build(t, "loop")
	as, err := asm.New("plena")
	if err != nil {
		t.Fatal(err)
	}
	hw, _ := isadefs.HWByName("plena")
	p, err := as.Assemble("k.asm", []byte("S_ADDI_INT gp1, gp0, 1\n"), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	plenaELF := writeELF(t, p.ELF(), "plena.elf")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-t", "plena", coral}, "a RISC-V ELF (a coral program), not a plena program (ELF e_machine 0xf3, want 0x504c)"},
		{[]string{"-t", "aie2", coral}, "a RISC-V ELF (a coral program), not an aie2 program"},
		{[]string{"-t", "coral", plenaELF}, "a plena ELF, not a coral program (ELF e_machine 0x504c, want 0xf3)"},
	} {
		code, _, stderr := kcsim(t, nil, tc.args...)
		if code != sim.ExitToolError || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "EM_") {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}
