package simbench

import (
	"os"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/sim"
)

// mixedELF assembles the mixed workload at a number of passes.
func mixedELF(t *testing.T, passes int) []byte {
	t.Helper()
	w, err := builtinWork("mixed", float64(passes)/mixedPasses)
	if err != nil {
		t.Fatal(err)
	}
	return w.elf
}

// TestMixedStructure counts the mixed workload's instructions in its
// source, section by section, holds the constants the description and
// mixedInstructions use to them, checks that they add up to the
// assembled program's size, and that a run executes exactly set-up +
// passes x (head + words x body + tail) + exit.
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
		if !strings.Contains(r.Description, strconv.Itoa(passes)+" passes") || !strings.Contains(r.Halt, "exit(0)") {
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
// with Fallback.
func TestEveryWorkload(t *testing.T) {
	for _, w := range Workloads {
		t.Run(w, func(t *testing.T) {
			rep, err := Run(Options{Workloads: []string{w}, Repeat: 1, Scale: 0.0005, Fallback: true}) // gemm and softmax: 1 run of each config
			if err != nil {
				t.Fatal(err)
			}
			r := rep.Results[0]
			if r.Workload != w || r.Instructions == 0 || r.Cycles == 0 || r.WallSeconds <= 0 || r.Fallback == nil || r.Fallback.WallSeconds <= 0 {
				t.Errorf("%+v", r)
			}
		})
	}
}

// TestAgainstQEMU runs the ELF workloads under qemu-riscv32 in the same
// run. It skips when qemu-user is
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
			if a.WallSeconds != 0 || !strings.Contains(a.Note, "memory map") {
				t.Errorf("softmax under qemu: %+v", a)
			}
			continue
		}
		if a.WallSeconds <= 0 || a.Ratio <= 0 || a.Note != "" {
			t.Errorf("%s under qemu: %+v", r.Workload, a)
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

// TestOwnELF: a user's program picks coral-user by its entry and is
// timed even when it does not end well.
func TestOwnELF(t *testing.T) {
	w, err := builtinWork("scalar", 10.0/scalarIters)
	if err != nil {
		t.Fatal(err)
	}
	elf := w.elf
	rep, err := Run(Options{File: "s.elf", ELF: elf, Repeat: 1, Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.HW != "coral-user" || r.Description != "your program" || r.Instructions != 12*10+6 { // li 10 is one instruction
		t.Errorf("%+v", r)
	}
	rep, err = Run(Options{File: "s.elf", ELF: elf, Repeat: 1, Scale: 1, MaxCycles: 100})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; !strings.Contains(r.Halt, "cycle limit") || r.Cycles > 101 {
		t.Errorf("%+v", r)
	}
	if _, err := Run(Options{File: "junk.elf", ELF: []byte("junk"), Repeat: 1, Scale: 1}); err == nil || !strings.HasPrefix(err.Error(), "junk.elf: ") {
		t.Errorf("junk ELF: %v", err)
	}
}
