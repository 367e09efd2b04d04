package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// staleAIE2 stores 42, loads it back into r1 and reads r1 one bundle
// later, six cycles before the load lands (the manual's worked example).
const staleAIE2 = "\tmovxm p0, #0x70000\n\tmova r0, #42\n\tst r0, [p0, #0]\n\tlda r1, [p0, #0]\n\tadd r2, r1, r1\n\tdone\n"

func staleELF(t *testing.T) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "stale.s")
	if err := os.WriteFile(src, []byte(staleAIE2), 0o644); err != nil {
		t.Fatal(err)
	}
	return targetELF(t, "aie2", src)
}

// TestHazardPolicyWithCase: --hazard-policy runs an aie2 case under
// another policy (the case's own config, only the policy changed): warn
// reports the early read on stderr and in stats.json's stale_reads,
// interlock waits for the load (stall cycles, r2 = 84), exposed and no
// flag are the judge's run.
func TestHazardPolicyWithCase(t *testing.T) {
	elf := staleELF(t)
	caseDir := genCase(t, "aie2", "relu", 1)
	for _, tc := range []struct {
		policy              string
		stale, stalls       uint64
		r2                  string
		report, notReported bool
	}{
		{policy: "", r2: "r2    00000000"},
		{policy: "exposed", r2: "r2    00000000"},
		{policy: "warn", stale: 2, r2: "r2    00000000", report: true},
		{policy: "WARN", stale: 2, r2: "r2    00000000", report: true},
		{policy: "interlock", stalls: 6, r2: "r2    00000054"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		args := []string{elf, "--case", caseDir, "-o", out, "--regs"}
		if tc.policy != "" {
			args = append(args, "--hazard-policy", tc.policy)
		}
		code, _, stderr := kcsim(t, nil, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", tc.policy, code, stderr)
		}
		if !strings.Contains(stderr, tc.r2) {
			t.Errorf("%q: want %s:\n%s", tc.policy, tc.r2, stderr)
		}
		const line = "pc 0x12 reads r1 in cycle 5, before the write of pc 0xe lands"
		if got := strings.Contains(stderr, "hazard policy warn: 2 stale reads") && strings.Count(stderr, line) == 1; got != tc.report {
			t.Errorf("%q: stale reads reported on stderr: %v, want %v:\n%s", tc.policy, got, tc.report, stderr)
		}
		data, err := os.ReadFile(filepath.Join(out, "stats.json"))
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Counters map[string]uint64 `json:"counters"`
			Stalls   map[string]uint64 `json:"stalls"`
		}
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatal(err)
		}
		if st.Counters["stale_reads"] != tc.stale || st.Stalls["interlock"] != tc.stalls {
			t.Errorf("%q: stale_reads %d, interlock stalls %d; want %d, %d", tc.policy, st.Counters["stale_reads"], st.Stalls["interlock"], tc.stale, tc.stalls)
		}
	}
}

// TestHazardPolicyErrors: the flag is aie2's; other targets, with or
// without a case, and unknown policies are tool errors; a --hw copy of
// the case's config is still refused (the flag is the way to change the
// policy).
func TestHazardPolicyErrors(t *testing.T) {
	coralELF := assembleFile(t, "../../ref/testdata/relu_coral.s")
	aieELF := staleELF(t)
	aieCase := genCase(t, "aie2", "relu", 1)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"coral case", []string{coralELF, "--case", genCase(t, "coral", "relu", 1), "-o", t.TempDir(), "--hazard-policy", "warn"}, "--hazard-policy warn: hazard policies are aie2's (exposed, warn, interlock); hardware config coral is for target coral"},
		{"plena, no case", []string{"-t", "plena", coralELF, "--hazard-policy", "interlock"}, "hardware config plena is for target plena"},
		{"unknown policy", []string{aieELF, "--case", aieCase, "-o", t.TempDir(), "--hazard-policy", "stall"}, `unknown hazard policy "stall" (want exposed, warn or interlock)`},
		{"empty policy", []string{"-t", "aie2", aieELF, "--hazard-policy", ""}, "no hazard policy named"},
	} {
		code, _, stderr := kcsim(t, nil, tc.args...)
		if code != sim.ExitToolError || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", tc.name, code, stderr, sim.ExitToolError, tc.want)
		}
	}
	// Without --case the flag works as well.
	code, _, stderr := kcsim(t, nil, "-t", "aie2", aieELF, "--hazard-policy", "warn")
	if code != 0 || !strings.Contains(stderr, "hazard policy warn: 2 stale reads") {
		t.Errorf("without --case: exit %d:\n%s", code, stderr)
	}
}

// TestCaseWithDump: --dump works with --case (memory of one's choosing
// next to the case's tensors), its names may not be the case's tensors';
// --load and --set stay refused.
func TestCaseWithDump(t *testing.T) {
	elf := staleELF(t)
	caseDir := genCase(t, "aie2", "relu", 1)
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := kcsim(t, nil, elf, "--case", caseDir, "-o", out, "--dump", "m@0x70000:int32[4]")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(filepath.Join(out, "m.npy"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := sim.ReadNPY(f)
	if err != nil {
		t.Fatal(err)
	}
	if m.DType.Name != "int32" || len(m.Data) != 16 || m.Data[0] != 42 || m.Data[1] != 0 {
		t.Errorf("m.npy: %s %v %v, want int32 [4] holding 42 first (the kernel's store)", m.DType.Name, m.Shape, m.Data)
	}
	for _, name := range []string{"y.npy", "x.npy", "stats.json"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("the case's %s is missing beside the dump: %v", name, err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--dump", "y@0x70000:int32[4]"}, "the case writes its tensor y to -o as y.npy"},
		{[]string{"--dump", "stats@0x70000:int32[4]"}, `not "stats"`},
		{[]string{"--dump", "m@nowhere:int32[4]"}, "--dump m"},
		{[]string{"--set", "r0=1"}, "drop --load and --set"},
	} {
		code, _, stderr := kcsim(t, nil, append([]string{elf, "--case", caseDir, "-o", t.TempDir()}, tc.args...)...)
		if code != sim.ExitToolError || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, sim.ExitToolError, tc.want)
		}
	}
}
