package simbench

import (
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/sim"
	"kernelcraft/sim/coral"
)

func TestLookupEngines(t *testing.T) {
	// Translated code is an engine where it can run (coral.TranslateAvailable).
	all := []string{"blocks", "step"}
	translate := struct {
		names []string
		want  []string
		err   string
	}{[]string{"translate"}, nil, "--engines translate: unknown engine (have: blocks, step)"}
	if coral.TranslateAvailable() == nil {
		all = append(all, "translate")
		translate.want = []string{"translate"}
	}
	for _, tc := range []struct {
		names []string
		want  []string // engine names, or nil for an error
		err   string
	}{
		{nil, all, ""},
		{[]string{"step"}, []string{"step"}, ""},
		{[]string{"step", "blocks"}, []string{"step", "blocks"}, ""},
		translate,
		{[]string{"blocks", "Step"}, nil, "--engines Step: unknown engine (have: " + strings.Join(all, ", ") + ")"},
		{[]string{"blocks", "blocks"}, nil, "--engines blocks: named twice"},
	} {
		got, err := LookupEngines(tc.names)
		if tc.want == nil {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%v: got %v, err %v; want error %q", tc.names, got, err, tc.err)
			}
			continue
		}
		var names []string
		for _, e := range got {
			names = append(names, e.Name)
		}
		if err != nil || !reflect.DeepEqual(names, tc.want) {
			t.Errorf("%v: got %v, %v; want %v", tc.names, names, err, tc.want)
		}
	}
	// Run refuses an unknown engine before building anything.
	if _, err := Run(Options{Engines: []string{"jit"}, Repeat: 1, Scale: 1}); err == nil || !strings.Contains(err.Error(), "unknown engine") {
		t.Errorf("Run with engine jit: %v", err)
	}
}

// mixedELF assembles the mixed workload at a number of passes.
func mixedELF(t *testing.T, passes int) []byte {
	t.Helper()
	w, err := builtinWork("mixed", float64(passes)/mixedPasses)
	if err != nil {
		t.Fatal(err)
	}
	return w.elf
}

// TestEngineMismatch: every engine of a run must give the same outcome;
// an engine that does not (here one that cuts the cycle limit, so it
// stops early) fails the run, naming both engines and both outcomes.
func TestEngineMismatch(t *testing.T) {
	step := Engines[1]
	alias := Engine{Name: "step-again", Configure: step.Configure} // the stepper under another name: agrees
	cut := Engine{Name: "cut", Configure: func(o *sim.CoreOptions) { o.MaxCycles = 1000 }}
	traced := Engine{Name: "traced", Configure: func(o *sim.CoreOptions) { o.Trace = new(strings.Builder) }}
	runs := 0
	flaky := Engine{Name: "flaky", Configure: func(o *sim.CoreOptions) { // every second run cut short
		if runs++; runs%2 == 0 {
			o.MaxCycles = 1000
		}
	}}
	elf := mixedELF(t, 2)
	full := strconv.FormatUint(mixedInstructions(2), 10) + " instructions"
	for _, tc := range []struct {
		name    string
		engines []Engine
		err     []string // substrings of the error, or nil for success
	}{
		{"blocks and step agree", Engines, nil},
		{"an alias of step agrees", []Engine{Engines[0], step, alias}, nil},
		{"tracing takes the stepper and agrees", []Engine{traced, Engines[0]}, nil},
		{"cut short disagrees", []Engine{Engines[0], cut}, []string{"the cut engine gave", "halted: cycle limit 1000", "but the blocks engine gave " + full, "halted: exit(0)", "must agree exactly"}},
		{"primary cut short disagrees", []Engine{cut, step}, []string{"the step engine gave " + full, "but the cut engine gave"}},
		{"repeats of one engine disagree", []Engine{flaky}, []string{"the flaky engine gave " + full, "on one run and 1", "halted: cycle limit 1000", "on another: runs must agree exactly"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := run(Options{File: "mixed.elf", ELF: elf, Repeat: 2, Scale: 1}, tc.engines)
			if tc.err == nil {
				if err != nil {
					t.Fatal(err)
				}
				r := rep.Results[0]
				if r.Instructions != mixedInstructions(2) || len(r.Engines) != len(tc.engines) || r.Engine != tc.engines[0].Name {
					t.Fatalf("%+v", r)
				}
				for _, e := range r.Engines {
					if e.WallSeconds <= 0 || e.InstrPerSec <= 0 || len(e.SpeedOver) != len(tc.engines)-1 {
						t.Errorf("engine %+v", e)
					}
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; want %q", tc.err)
			}
			for _, want := range tc.err {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q lacks %q", err, want)
				}
			}
		})
	}
}

// TestMixedStructure counts the mixed workload's instructions in its
// source, section by section, holds the constants the description and
// mixedInstructions use to them, checks that they add up to the
// assembled program's size, and that a run executes exactly set-up +
// passes x (head + words x body + tail) + exit on every engine.
func TestMixedStructure(t *testing.T) {
	src, err := sources.ReadFile("workloads/mixed.s")
	if err != nil {
		t.Fatal(err)
	}
	// Sections end after these lines (a label starts the next).
	ends := []string{"outer:", "inner:", "bnez  a1, inner", "bnez  s0, outer", "ecall"}
	counts := make([]int, len(ends))
	sec, text := 0, true
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(strings.SplitN(line, "#", 2)[0])
		switch {
		case line == ".data":
			text = false
		case !text || line == "" || strings.HasPrefix(line, "."):
		case strings.HasSuffix(line, ":"):
			if line == ends[sec] {
				sec++
			}
		case sec == len(ends):
			t.Fatalf("%q: an instruction after the exit", line)
		default:
			if f := strings.Fields(line)[0]; f == "la" || f == "call" || f == "tail" {
				t.Fatalf("%q: a pseudo-instruction of more than one instruction; count it by hand", line)
			}
			counts[sec]++
			if line == ends[sec] {
				sec++
			}
		}
	}
	want := []int{mixedSetUp, mixedPassHead, mixedBody, mixedPassTail, mixedExit}
	if !reflect.DeepEqual(counts, want) {
		t.Fatalf("instructions by section in mixed.s (set-up, pass head, body, pass tail, exit): %v; the constants say %v", counts, want)
	}
	if !strings.Contains(string(src), "li    a1, "+strconv.Itoa(mixedWords)+"\n") {
		t.Errorf("mixed.s does not loop over %d words", mixedWords)
	}
	img, err := sim.LoadELF(mixedELF(t, 1), 0)
	if err != nil {
		t.Fatal(err)
	}
	var textBytes int
	for _, s := range img.Segments {
		if s.Addr == img.Entry { // .text, the entry at its start
			textBytes = len(s.Data)
		}
	}
	if sum := mixedSetUp + mixedPassHead + mixedBody + mixedPassTail + mixedExit; textBytes != 4*sum {
		t.Errorf("assembled .text is %d bytes; the sections' %d instructions make %d", textBytes, sum, 4*sum)
	}
	for _, passes := range []int{1, 3, 10} {
		rep, err := Run(Options{Workloads: []string{"mixed"}, Repeat: 1, Scale: float64(passes) / mixedPasses})
		if err != nil {
			t.Fatal(err)
		}
		r := rep.Results[0]
		if want := uint64(6 + passes*(2+64*20+2) + 3); r.Instructions != want || mixedInstructions(passes) != want {
			t.Errorf("%d passes: %d instructions, want %d", passes, r.Instructions, want)
		}
		if !strings.Contains(r.Description, strconv.Itoa(passes)+" passes") || !strings.Contains(r.Halt, "exit(0)") || len(r.Engines) != len(Engines) {
			t.Errorf("%d passes: %+v", passes, r)
		}
	}
	// The full-size workload is the issue's ~600 M instructions.
	if n := mixedInstructions(mixedPasses); n < 590e6 || n > 610e6 {
		t.Errorf("mixed at scale 1: %d instructions, want about 600 M", n)
	}
}

// TestScalarCount: the scalar loop is 12 instructions an iteration, plus
// set-up (li of a large count and la: 4) and exit (3).
func TestScalarCount(t *testing.T) {
	rep, err := Run(Options{Workloads: []string{"scalar"}, Repeat: 1, Scale: 10000.0 / scalarIters})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.Instructions != 12*10000+7 || r.VectorElems != 0 {
		t.Errorf("scalar: %d instructions, %d vector elements; want %d, 0", r.Instructions, r.VectorElems, 12*10000+7)
	}
}

// TestEveryWorkload runs each built-in workload at its smallest scale
// with Fallback: coral's on each engine (which agree; gemm, whose one run
// of each config takes the stepper ~15 s, on blocks alone), plena's and
// aie2's on their default path alone.
func TestEveryWorkload(t *testing.T) {
	for _, w := range Workloads {
		t.Run(w, func(t *testing.T) {
			o := Options{Workloads: []string{w}, Repeat: 1, Scale: 0.0005, Fallback: true} // gemm and softmax: 1 run of each config
			engines := EngineNames()
			if w == "gemm" {
				engines = []string{"blocks"}
				o.Engines = engines
			}
			rep, err := Run(o)
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Results[0]
			if r.Workload != w || r.Instructions == 0 || r.Cycles == 0 || r.WallSeconds <= 0 || r.Fallback == nil || r.Fallback.WallSeconds <= 0 {
				t.Errorf("%+v", r)
			}
			var got []string
			for _, e := range r.Engines {
				got = append(got, e.Engine)
			}
			coral := !strings.HasPrefix(w, "plena") && !strings.HasPrefix(w, "aie2")
			if coral && (!reflect.DeepEqual(got, engines) || r.Engine != "blocks") || !coral && (got != nil || r.Engine != "") {
				t.Errorf("%s engines: %q %+v", w, r.Engine, r.Engines)
			}
			if coral && r.Engines[0].WallSeconds != r.WallSeconds {
				t.Errorf("%s: headline wall %v is not the primary engine's %v", w, r.WallSeconds, r.Engines[0].WallSeconds)
			}
		})
	}
}

// TestAgainstQEMU runs the ELF workloads under qemu-riscv32 in the same
// run: each engine gets its ratio to qemu. It skips when qemu-user is
// not installed, except in CI.
func TestAgainstQEMU(t *testing.T) {
	if _, err := exec.LookPath("qemu-riscv32"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("qemu-riscv32 not found (CI must install qemu-user)")
		}
		t.Skip("qemu-riscv32 not installed")
	}
	rep, err := Run(Options{Workloads: []string{"scalar", "mixed", "vector", "softmax"}, Repeat: 1, Scale: 0.0005, Against: []string{"qemu"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		if len(r.Against) != 1 || r.Against[0].Tool != "qemu" || !r.Against[0].Found {
			t.Fatalf("%s: %+v", r.Workload, r.Against)
		}
		a := r.Against[0]
		if r.Workload == "softmax" {
			if a.WallSeconds != 0 || !strings.Contains(a.Note, "memory map") || r.Engines[0].OverTool != nil {
				t.Errorf("softmax under qemu: %+v, engines %+v", a, r.Engines)
			}
			continue
		}
		if a.WallSeconds <= 0 || a.Ratio <= 0 || a.Note != "" {
			t.Errorf("%s under qemu: %+v", r.Workload, a)
		}
		for _, e := range r.Engines {
			if got, want := e.OverTool["qemu"], e.WallSeconds/a.WallSeconds; got != want {
				t.Errorf("%s: engine %s over qemu %v, want %v", r.Workload, e.Engine, got, want)
			}
		}
		if r.Engines[0].OverTool["qemu"] != a.Ratio {
			t.Errorf("%s: the primary engine's ratio %v is not the headline's %v", r.Workload, r.Engines[0].OverTool["qemu"], a.Ratio)
		}
	}
}

// TestEmbeddedCopies: the plena and aie2 workloads' programs are copies
// of the repository's corpus and golden kernel.
func TestEmbeddedCopies(t *testing.T) {
	for w, orig := range map[string]string{
		"plena_linear.mem":            "../../testdata/plena/corpus/tmpl_linear.mem",
		"plena_flashattn_prefill.mem": "../../testdata/plena/corpus/tmpl_flashattn_prefill.mem",
		"aie2/gemm_32.s":              "../../testdata/kernels/aie2/gemm_32.s",
	} {
		a, err := sources.ReadFile("workloads/" + w)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(orig)
		if err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Errorf("workloads/%s differs from %s: copy it again", w, orig)
		}
	}
}

// TestPlena: the plena workloads run their programs to the end on both
// paths (Fallback), and qemu is not run on them.
func TestPlena(t *testing.T) {
	rep, err := Run(Options{Workloads: []string{"plena-linear", "plena-attention"}, Repeat: 1, Scale: 0.01, Fallback: true, Against: []string{"qemu"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rep.Results {
		if r.Workload != []string{"plena-linear", "plena-attention"}[i] || r.HW != "plena" || r.Instructions == 0 || r.Cycles == 0 ||
			!strings.Contains(r.Halt, "ran off its last instruction") || r.Fallback == nil || r.Fallback.WallSeconds <= 0 {
			t.Errorf("%+v", r)
		}
		if len(r.Against) != 1 || r.Against[0].WallSeconds != 0 || r.Against[0].Found && !strings.Contains(r.Against[0].Note, "a plena program") {
			t.Errorf("%s under qemu: %+v", r.Workload, r.Against)
		}
	}
	if rep.Results[1].VectorElems == 0 {
		t.Errorf("plena-attention counted no vector elements")
	}
}

// TestAIE2: the aie2 GEMM workload runs its kernel, the repository's
// golden GEMM, to done: 287 cycles a run, plus the 3 movxm that set its
// pointers, less the alignment nop they make unnecessary.
func TestAIE2(t *testing.T) {
	rep, err := Run(Options{Workloads: []string{"aie2-gemm"}, Repeat: 1, Scale: 0.005})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Results[0]
	if r.HW != "aie2" || r.Runs != 1 || r.Cycles != 10*289 || !strings.Contains(r.Halt, "done") {
		t.Errorf("%+v", r)
	}
}

// TestOwnELF: a user's program picks coral-user by its entry, runs on
// each engine, and is timed even when it does not end well.
func TestOwnELF(t *testing.T) {
	elf := mixedELF(t, 1)
	rep, err := Run(Options{File: "m.elf", ELF: elf, Repeat: 1, Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.HW != "coral-user" || r.Description != "your program" || len(r.Engines) != len(Engines) || r.Instructions != mixedInstructions(1) {
		t.Errorf("%+v", r)
	}
	rep, err = Run(Options{File: "m.elf", ELF: elf, Repeat: 1, Scale: 1, MaxCycles: 100, Engines: []string{"step", "blocks"}})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; !strings.Contains(r.Halt, "cycle limit") || r.Engine != "step" || r.Cycles > 101 {
		t.Errorf("%+v", r)
	}
	if _, err := Run(Options{File: "junk.elf", ELF: []byte("junk"), Repeat: 1, Scale: 1}); err == nil || !strings.HasPrefix(err.Error(), "junk.elf: ") {
		t.Errorf("junk ELF: %v", err)
	}
}
