package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/judge"
	"kernelcraft/ref"
	"kernelcraft/ref/check"
	"kernelcraft/sim"
)

// assembleFile assembles a coral source file into an ELF in a temporary
// directory.
func assembleFile(t *testing.T, path string) string {
	t.Helper()
	return writeELF(t, kernelELF(t, path, true), "k.elf")
}

func genCase(t *testing.T, target, task string, n int) string {
	t.Helper()
	c, tensors, err := ref.Generate(target, task, n, ref.DefaultSeed, false)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := ref.WriteCase(dir, c, tensors); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCaseEndToEnd runs the hand-written ReLU kernel on relu config 1 via
// --case: the outputs equal the expected ones bit for bit, and the
// checker passes the result folder.
func TestCaseEndToEnd(t *testing.T) {
	elf := assembleFile(t, "../../ref/testdata/relu_coral.s")
	caseDir := genCase(t, "coral", "relu", 1)
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := kcsim(t, nil, elf, "--case", caseDir, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	want, err := os.ReadFile(filepath.Join(caseDir, "y.npy"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(out, "y.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("y.npy differs from the expected output")
	}
	stats, err := os.ReadFile(filepath.Join(out, "stats.json"))
	if err != nil || !strings.Contains(string(stats), `"written_ranges"`) {
		t.Fatalf("stats.json: %v\n%s", err, stats)
	}
	v, err := check.Dir(caseDir, out)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Pass {
		t.Fatalf("checker fails a correct kernel: %+v", v)
	}
}

func TestCaseErrors(t *testing.T) {
	elf := assembleFile(t, "../../ref/testdata/relu_coral.s")
	relu := genCase(t, "coral", "relu", 1)
	// A program whose data segment runs past the kernel's 1 KiB into the tensors.
	big := filepath.Join(t.TempDir(), "big.s")
	if err := os.WriteFile(big, []byte(".text\n_start: mpause\n.data\n.space 2048\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dataElf := assembleFile(t, big)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"coral program on a plena case", []string{elf, "--case", genCase(t, "plena", "relu", 1), "-o", t.TempDir()}, "a RISC-V ELF (a coral program), not a plena program"},
		{"coral program on an aie2 case", []string{elf, "--case", genCase(t, "aie2", "relu", 1), "-o", t.TempDir()}, "a RISC-V ELF (a coral program), not an aie2 program"},
		{"no -o", []string{elf, "--case", relu}, "needs -o"},
		{"not a case", []string{elf, "--case", t.TempDir(), "-o", t.TempDir()}, "not a case directory"},
		{"wrong target", []string{elf, "-t", "plena", "--case", relu, "-o", t.TempDir()}, "is a coral case"},
		{"wrong hw", []string{elf, "--hw", "coral-highmem", "--case", relu, "-o", t.TempDir()}, "laid out for hardware config coral"},
		{"with --load", []string{elf, "--case", relu, "--load", "x=x.npy@0x10000", "-o", t.TempDir()}, "drop --load"},
		{"overlapping data", []string{dataElf, "--case", relu, "-o", t.TempDir()}, "overlaps tensor x"},
	}
	for _, c := range cases {
		code, _, stderr := kcsim(t, nil, c.args...)
		if code != 127 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want 127 and %q", c.name, code, stderr, c.want)
		}
	}
}

// TestCaseGEMMInt8 runs a hand-written int8 GEMM (RVV vmacc, then the
// requantisation with vmul/vssra/vadd/vmax/vmin/vnsrl) on gemm configs
// 1-5 (5 on coral-highmem), visible and hidden inputs: the simulator's
// RVV fixed-point arithmetic reproduces the reference's requantisation
// bit for bit.
func TestCaseGEMMInt8(t *testing.T) {
	tmpl, err := os.ReadFile("../../ref/testdata/gemm_i8_coral.s")
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 5; n++ {
		for _, hidden := range []bool{false, true} {
			if n == 5 && (hidden || testing.Short()) {
				continue // 256x256x256: one run is enough
			}
			c, tensors, err := ref.Generate("coral", "gemm", n, 5, hidden)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "case")
			if err := ref.WriteCase(dir, c, tensors); err != nil {
				t.Fatal(err)
			}
			p, _ := ref.ParamsOf(c)
			rq := p.Requant[0]
			src := strings.NewReplacer("{{M}}", fmt.Sprint(p.M), "{{K}}", fmt.Sprint(p.K), "{{N}}", fmt.Sprint(p.N),
				"{{MULT}}", fmt.Sprint(rq.Mult), "{{SHIFT}}", fmt.Sprint(rq.Shift), "{{ZP}}", fmt.Sprint(rq.ZP)).Replace(string(tmpl))
			path := filepath.Join(t.TempDir(), "gemm.s")
			os.WriteFile(path, []byte(src), 0o644)
			elf := assembleFile(t, path)
			out := filepath.Join(t.TempDir(), "out")
			if code, _, stderr := kcsim(t, nil, elf, "--case", dir, "-o", out); code != 0 {
				t.Fatalf("config %d hidden %v: exit %d: %s", n, hidden, code, stderr)
			}
			want, _ := os.ReadFile(filepath.Join(dir, "c.npy"))
			got, _ := os.ReadFile(filepath.Join(out, "c.npy"))
			if !bytes.Equal(got, want) {
				t.Errorf("config %d hidden %v: c.npy differs from the expected output", n, hidden)
			}
			if v, err := check.Dir(dir, out); err != nil || !v.Pass {
				t.Errorf("config %d hidden %v: checker: %v %+v", n, hidden, err, v)
			}
		}
	}
}

// TestCaseSiLUFloat32 runs a scalar-F SiLU with a polynomial exp (a
// realistic float32 kernel) on every silu configuration, visible and
// hidden: the float32 tolerance accepts it.
func TestCaseSiLUFloat32(t *testing.T) {
	tmpl, err := os.ReadFile("../../ref/testdata/silu_f32_coral.s")
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 5; n++ {
		for _, hidden := range []bool{false, true} {
			c, tensors, err := ref.Generate("coral", "silu", n, 9, hidden)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "case")
			if err := ref.WriteCase(dir, c, tensors); err != nil {
				t.Fatal(err)
			}
			p, _ := ref.ParamsOf(c)
			path := filepath.Join(t.TempDir(), "silu.s")
			os.WriteFile(path, []byte(strings.ReplaceAll(string(tmpl), "{{COUNT}}", fmt.Sprint(p.M*p.N))), 0o644)
			elf := assembleFile(t, path)
			out := filepath.Join(t.TempDir(), "out")
			if code, _, stderr := kcsim(t, nil, elf, "--case", dir, "-o", out); code != 0 {
				t.Fatalf("config %d hidden %v: exit %d: %s", n, hidden, code, stderr)
			}
			if v, err := check.Dir(dir, out); err != nil || !v.Pass {
				t.Errorf("config %d hidden %v: checker: %v %+v", n, hidden, err, v)
			}
		}
	}
}

// TestCaseSameVerdictAsInProcess: for kernels of the hostile corpus that
// break the task's rules with right outputs (a store 2 bytes past the end
// of y inside its last 16-byte chunk, a vector group past the end, stray
// stores, an ecall exit), kc-sim --case's result folder judged by
// check.Dir (kc-ref check) gives the verdict the in-process chain
// (baseline.RunCase) gives: stats.json carries the halt kind and the
// written ranges exact to the byte.
func TestCaseSameVerdictAsInProcess(t *testing.T) {
	for _, k := range []struct {
		file, task string
		config     int
	}{
		{"gemv_tail_bytes.s", "gemv", 3},
		{"relu_vec_past_end.s", "relu", 1},
		{"gemv_stray.s", "gemv", 1},
		{"relu_ecall_exit.s", "relu", 1},
		{"relu_tohost.s", "relu", 1},
	} {
		path := filepath.Join("../../testdata/kernels/coral/hostile", k.file)
		elf := assembleFile(t, path)
		caseDir := genCase(t, "coral", k.task, k.config)
		out := filepath.Join(t.TempDir(), "out")
		// kc-sim judges nothing: exit(0), tohost = 1 and mpause all exit 0.
		if code, _, stderr := kcsim(t, nil, elf, "--case", caseDir, "-o", out); code != 0 {
			t.Fatalf("%s: kc-sim exit %d: %s", k.file, code, stderr)
		}
		fromDir, err := check.Dir(caseDir, out)
		if err != nil {
			t.Fatal(err)
		}
		c, tensors, err := ref.Generate("coral", k.task, k.config, ref.DefaultSeed, false)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		exe, err := judge.Assemble(c, k.file, src)
		if err != nil {
			t.Fatal(err)
		}
		r, err := judge.RunCase(context.Background(), c, tensors, exe, sim.CoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if fromDir.Pass || fromDir.String() != r.Verdict.String() {
			t.Errorf("%s: kc-ref check on kc-sim's folder:\n%s\nin process:\n%s", k.file, fromDir, r.Verdict)
		}
	}
}

// TestCaseRefusedAsByJudge: kc-sim --case and the judge set a case up
// with one function (ref.Case.SetUp), so a case or program that one
// refuses the other refuses with the same words: an output or an input
// moved into executable memory (case.json edited by hand: it still
// validates), a program whose data runs into the tensors.
func TestCaseRefusedAsByJudge(t *testing.T) {
	relu, err := os.ReadFile("../../ref/testdata/relu_coral.s")
	if err != nil {
		t.Fatal(err)
	}
	move := func(name, memory string, addr uint64) func(c *ref.Case) {
		return func(c *ref.Case) {
			for i := range c.Tensors {
				if c.Tensors[i].Name == name {
					c.Tensors[i].Memory, c.Tensors[i].Addr = memory, addr
				}
			}
		}
	}
	for _, tc := range []struct {
		name string
		edit func(c *ref.Case)
		src  string
		want string
	}{
		{"output in itcm", move("y", "itcm", 0x1000), string(relu), "tensor y [0x1000, 0x1400) lies in itcm, executable memory"},
		{"input in itcm", move("x", "itcm", 0x1000), string(relu), "tensor x [0x1000, 0x1400) lies in itcm, executable memory"},
		{"data past the kernel area", nil, ".text\n_start: mpause\n.data\n.space 2048\n", "overlaps tensor x"},
	} {
		c, tensors, err := ref.Generate("coral", "relu", 1, ref.DefaultSeed, false)
		if err != nil {
			t.Fatal(err)
		}
		if tc.edit != nil {
			tc.edit(c)
		}
		dir := filepath.Join(t.TempDir(), "case")
		if err := ref.WriteCase(dir, c, tensors); err != nil {
			t.Fatal(err)
		}
		exe, err := judge.Assemble(c, "k.s", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		_, judgeErr := judge.RunCase(context.Background(), c, tensors, exe, sim.CoreOptions{})
		code, _, stderr := kcsim(t, nil, writeELF(t, exe, "k.elf"), "--case", dir, "-o", t.TempDir())
		if judgeErr == nil || !strings.Contains(judgeErr.Error(), tc.want) {
			t.Errorf("%s: judge: %v, want an error containing %q", tc.name, judgeErr, tc.want)
		} else if code != sim.ExitToolError || !strings.Contains(stderr, "--case "+dir+": "+judgeErr.Error()) {
			t.Errorf("%s: kc-sim exit %d, stderr %q; want exit %d and the judge's %q", tc.name, code, stderr, sim.ExitToolError, judgeErr)
		}
	}
}

// TestCaseWithStats: --stats and --stats=json with --case print what they
// print without it, and stats.json is written in the result folder in
// every case.
func TestCaseWithStats(t *testing.T) {
	elf := assembleFile(t, "../../ref/testdata/relu_coral.s")
	caseDir := genCase(t, "coral", "relu", 1)
	for _, tc := range []struct {
		flag            string
		stdout, stderr  []string
		notOut, notErrs string
	}{
		{flag: "--stats", stderr: []string{"cycles ", "instructions ", "IPC ", "halted: mpause"}},
		{flag: "--stats=json", stderr: []string{"halted: mpause"}, notOut: "cycles"},
		{flag: "--trace", stderr: []string{"halted: mpause"}, notErrs: "IPC "},
	} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := kcsim(t, nil, elf, "--case", caseDir, "-o", out, tc.flag)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.flag, code, stderr)
		}
		for _, s := range tc.stderr {
			if !strings.Contains(stderr, s) {
				t.Errorf("%s: stderr lacks %q:\n%s", tc.flag, s, stderr)
			}
		}
		if tc.notOut != "" && strings.Contains(stdout, tc.notOut) {
			t.Errorf("%s: stdout has %q (stats.json goes to the folder):\n%s", tc.flag, tc.notOut, stdout)
		}
		if tc.notErrs != "" && strings.Contains(stderr, tc.notErrs) {
			t.Errorf("%s: stderr has %q:\n%s", tc.flag, tc.notErrs, stderr)
		}
		if st, err := os.ReadFile(filepath.Join(out, "stats.json")); err != nil || !strings.Contains(string(st), `"cycles"`) {
			t.Errorf("%s: stats.json: %v %s", tc.flag, err, st)
		}
	}
}

// TestPlenaCaseEndToEnd: a hand-written PLENA GEMM on plena gemm config 1
// through --case (MXFP8 inputs with their scale planes in HBM, the FP
// SRAM preload, the output read from Vector SRAM as [N/64, M, 64]): the
// checker passes the result folder, as the judge's in-process run does
// with the same cycles; without its write-outs the run fails and
// stats.json notes the broken rule.
func TestPlenaCaseEndToEnd(t *testing.T) {
	caseDir := genCase(t, "plena", "gemm", 1)
	c, tensors, err := ref.LoadCase(caseDir)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../testdata/kernels/plena/gemm_c1.asm")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src string
		pass      bool
		note      string
	}{
		{"gemm", string(src), true, ""},
		{"no write-out", strings.ReplaceAll(string(src), "M_MM_WO gp7, gp0, 0", ""), false, "rule accumulate"},
	} {
		elfData, err := judge.Assemble(c, "k.s", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		elf := writeELF(t, elfData, "k.elf")
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := kcsim(t, nil, elf, "--case", caseDir, "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", tc.name, code, stdout, stderr)
		}
		v, err := check.Dir(caseDir, out)
		if err != nil {
			t.Fatal(err)
		}
		if v.Pass != tc.pass {
			t.Fatalf("%s: pass %v, want %v:\n%s", tc.name, v.Pass, tc.pass, v)
		}
		stats, _ := os.ReadFile(filepath.Join(out, "stats.json"))
		if tc.note != "" && !strings.Contains(string(stats), tc.note) {
			t.Errorf("%s: stats.json lacks a note naming %q:\n%s", tc.name, tc.note, stats)
		}
		r, err := judge.RunCase(context.Background(), c, tensors, elfData, sim.CoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict.Pass != v.Pass || !strings.Contains(string(stats), fmt.Sprintf(`"cycles": %d,`, r.Cycles())) {
			t.Errorf("%s: judge: pass %v, %d cycles; kc-sim --case: pass %v, stats %s", tc.name, r.Verdict.Pass, r.Cycles(), v.Pass, stats)
		}
	}
}
