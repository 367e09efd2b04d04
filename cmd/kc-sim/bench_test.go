package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"kernelcraft/internal/simbench"
	"kernelcraft/sim"
	"kernelcraft/sim/vec"
)

// The workloads' logic (instruction counts, engines agreeing, qemu,
// plena, aie2) is tested in internal/simbench; these test the front end:
// flags, text and JSON output, errors and help.

// benchScale keeps the tests quick: a few ms of simulated work each.
const benchScale = "0.0005"

// TestBenchEveryWorkload: --workload all prints every workload, coral's
// with the engine they ran on.
func TestBenchEveryWorkload(t *testing.T) {
	code, out, errs := kcsim(t, nil, "bench", "--workload", "all", "--repeat", "1", "--scale", benchScale, "--engines", "blocks")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"host: ", "M instructions/s", "M cycles/s", "M vector elements/s", "SIMD path: " + vec.Path(), "work scaled by 0.0005"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, n := range simbench.Workloads {
		i := strings.Index(out, "\n"+n+": ")
		if i < 0 {
			t.Errorf("output lacks workload %s:\n%s", n, out)
			continue
		}
		block, _, _ := strings.Cut(out[i+1:], "\n\n")
		coral := !strings.HasPrefix(n, "plena") && !strings.HasPrefix(n, "aie2")
		if strings.Contains(block+"\n", "\n  engine: blocks\n") != coral {
			t.Errorf("%s (coral %v): engine line:\n%s", n, coral, block)
		}
	}
}

// TestBenchEngines: every engine side by side, with their speed ratio.
func TestBenchEngines(t *testing.T) {
	code, out, errs := kcsim(t, nil, "bench", "-w", "mixed", "-r", "1", "--scale", benchScale, "--engines", "step,blocks")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"  engines (same run; identical instructions, cycles, vector elements and halt):\n", "\n    step:   wall ", "\n    blocks: wall ", "x step's speed\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The faster engine is named first, whichever order they ran in.
	if strings.Contains(out, "step = ") {
		t.Errorf("the stepper is named as the faster engine:\n%s", out)
	}
}

func benchJSON(t *testing.T, args ...string) *simbench.Report {
	t.Helper()
	code, out, errs := kcsim(t, nil, append([]string{"bench", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep simbench.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return &rep
}

func TestBenchJSON(t *testing.T) {
	rep := benchJSON(t, "--workload", "scalar,vector", "--repeat", "3", "--scale", benchScale, "--fallback", "--against", "spike")
	if rep.Host == "" || rep.SIMDPath != vec.Path() || rep.Repeat != 3 || rep.SpikeVsQEMU != 14.3 || len(rep.Results) != 2 {
		t.Fatalf("report: %+v", rep)
	}
	for i, r := range rep.Results {
		if r.Workload != []string{"scalar", "vector"}[i] || r.Runs != 3 || r.HW != "coral-user" || r.Instructions == 0 || r.Cycles == 0 ||
			r.WallSeconds <= 0 || r.InstrPerSec <= 0 || r.CyclesPerSec <= 0 || !strings.Contains(r.Halt, "exit(0)") {
			t.Errorf("result %d: %+v", i, r)
		}
		if r.Fallback == nil || r.Fallback.Path != "generic" || r.Fallback.WallSeconds <= 0 || r.Fallback.Speedup <= 0 {
			t.Errorf("%s fallback: %+v", r.Workload, r.Fallback)
		}
		if len(r.Against) != 1 || r.Against[0].Tool != "spike" {
			t.Errorf("%s against: %+v", r.Workload, r.Against)
		}
		// The default engines: the fast ones, the default first.
		def := simbench.DefaultEngines()
		if r.Engine != def[0] || len(r.Engines) != len(def) {
			t.Errorf("%s engines: %+v, want %v", r.Workload, r.Engines, def)
		}
		for i, e := range r.Engines {
			if i < len(def) && e.Engine != def[i] || len(def) > 1 && i == 0 && e.SpeedOver[def[1]] <= 0 && r.Engines[1].SpeedOver[def[0]] <= 0 {
				t.Errorf("%s engine %d: %+v, want %v with a speed ratio", r.Workload, i, e, def)
			}
		}
	}
	if scalar, vector := rep.Results[0], rep.Results[1]; scalar.VectorElems != 0 || vector.VectorElems < 512*500 || vector.ElemsPerSec <= 0 {
		t.Errorf("vector elements: scalar %d, vector %d", scalar.VectorElems, vector.VectorElems)
	}
	// Raw JSON keys scripts rely on.
	_, out, _ := kcsim(t, nil, "bench", "--json", "-w", "scalar", "-r", "1", "--scale", benchScale)
	for _, k := range []string{`"host"`, `"simd_path"`, `"results"`, `"instructions_per_second"`, `"cycles_per_second"`, `"vector_elements_per_second"`, `"wall_seconds"`,
		`"engine": "blocks"`, `"engines"`, `"speed_over"`} {
		if !strings.Contains(out, k) {
			t.Errorf("JSON lacks %s", k)
		}
	}
}

// TestBenchAgainstQEMU: the kc-sim / qemu lines, for the primary engine
// and each engine. It skips when qemu-user is not installed, except in
// CI.
func TestBenchAgainstQEMU(t *testing.T) {
	if _, err := exec.LookPath("qemu-riscv32"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("qemu-riscv32 not found (CI must install qemu-user)")
		}
		t.Skip("qemu-riscv32 not installed")
	}
	code, out, errs := kcsim(t, nil, "bench", "-w", "scalar", "-r", "1", "--scale", benchScale, "--against", "qemu")
	if code != 0 || !strings.Contains(out, "; kc-sim / qemu = ") || !strings.Contains(out, "Spike takes 14.3x qemu's time") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	for _, e := range simbench.DefaultEngines() {
		if !strings.Contains(out, "    "+e+":") || !strings.Contains(out[strings.Index(out, "    "+e+":"):], "; kc-sim / qemu = ") {
			t.Errorf("engine %s has no ratio to qemu:\n%s", e, out)
		}
	}
}

func TestBenchOwnELF(t *testing.T) {
	elf := build(t, "loop")
	code, out, errs := kcsim(t, nil, "bench", elf, "--repeat", "1")
	if code != 0 || !strings.Contains(out, elf+": your program [coral]") || !strings.Contains(out, "M instructions/s") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	// --hw and JSON; a workload flag is ignored with a file.
	rep := benchJSON(t, "--hw", "coral-highmem", "-r", "1", "-w", "vector", elf)
	if len(rep.Results) != 1 || rep.Results[0].HW != "coral-highmem" || rep.Results[0].Instructions == 0 {
		t.Fatalf("%+v", rep.Results)
	}
	// A program that does not end well is still timed; its halt is reported.
	code, out, errs = kcsim(t, nil, "bench", elf, "-r", "1", "--max-cycles", "10")
	if code != 0 || !strings.Contains(out, "halt: ") || strings.Contains(out, "exit(0)") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
}

func TestBenchErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--workload", "nope"}, `--workload nope: unknown workload (have: scalar, mixed, vector, gemm, softmax, plena-linear, plena-attention, aie2-gemm, all)`},
		{[]string{"--engines", "jit"}, `--engines jit: unknown engine (have: ` + strings.Join(simbench.EngineNames(), ", ") + `)`},
		{[]string{"-e", "blocks,blocks"}, `--engines blocks: named twice`},
		{[]string{"missing.elf"}, "missing.elf: no such file"},
		{[]string{"/dev/zero"}, "/dev/zero: input too large: more than 67108864 bytes: the ELF limit is 64 MiB"},
		{[]string{"--against", "gem5"}, "--against gem5: unknown simulator (have: qemu, spike)"},
		{[]string{"--repeat", "0"}, "--repeat 0: want 1 or more"},
		{[]string{"--scale", "-1"}, "--scale -1: want a positive number"},
		{[]string{"a.elf", "b.elf"}, "want at most one program"},
		{[]string{"--no-such-flag"}, "flag provided but not defined"},
		{[]string{"--hw", "nohw", "testdata/../bench_test.go"}, "nohw"},
	} {
		code, out, errs := kcsim(t, nil, append([]string{"bench"}, tc.args...)...)
		if code != sim.ExitToolError || !strings.Contains(errs, tc.want) || !strings.HasPrefix(errs, "kc-sim bench: ") {
			t.Errorf("%v: exit %d, stderr %q (want 127 and %q), stdout %q", tc.args, code, errs, tc.want, out)
		}
	}
}

func TestBenchHelp(t *testing.T) {
	code, out, errs := kcsim(t, nil, "bench", "--help")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wants := []string{"Examples:", "kc-sim bench --workload scalar --against qemu", "--fallback", "--json", "14.3x", "FILE.elf",
		"--engines", "Engines:", "Ratios:", "x step's speed", "kc-sim / qemu = ", "must give the very same instructions, cycles",
		"   mixed    an RV32IM loop of 20 instructions per word"}
	wants = append(wants, simbench.Workloads...)
	for _, e := range simbench.Engines {
		wants = append(wants, fmt.Sprintf("   %-8s %s", e.Name, strings.Fields(e.Summary)[0]))
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
}
