package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/baseline"
)

func TestBaselineAndEval(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.s")
	// Writes nothing: the output stays 0xFF (NaN) and the checker fails it.
	if err := os.WriteFile(bad, []byte(".text\n.globl _start\n_start:\n mpause\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.s")
	if err := os.WriteFile(broken, []byte("_start:\n vadd.vv v1, v2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"baseline compiler", []string{"baseline", "-t", "coral", "gemm", "-c", "3", "--kind", "compiler"}, 0, []string{"kernel:", "_start:", "vsetvli", "134217843"}, "baseline/coral/s/gemm_c3.s"},
		{"baseline chosen", []string{"baseline", "-t", "coral", "gemm", "-c", "3"}, 0, []string{"vmacc.vx", "mpause"}, "template:gemm_c3.s"},
		{"baseline template", []string{"baseline", "-t", "coral", "conv2d", "-c", "4", "--kind", "template"}, 0, []string{"vmacc.vx", "vssra.vi v8, v8, ", "mpause"}, "template:conv2d_c4.s"},
		{"eval kind", []string{"eval", "-t", "coral", "../../ref/testdata/relu_coral.s", "relu", "--kind", "compiler"}, 0, []string{"baseline/coral/s/relu_c1.s 2057 cycles, speedup 3.97x"}, ""},
		{"baseline plena", []string{"baseline", "-t", "plena", "gemm", "-c", "3"}, 0, []string{"H_PREFETCH_M", "M_MM 0, gp1, gp2", "M_MM_WO gp7, gp0, 0", "C_LOOP_START"}, "baseline/plena/gemm_c3.asm"},
		{"baseline plena kind", []string{"baseline", "-t", "plena", "gemm", "--kind", "template"}, 2, nil, "unknown baseline kind"},
		{"baseline kind", []string{"baseline", "-t", "coral", "gemm", "--kind", "magic"}, 2, nil, "unknown baseline kind"},
		{"eval pass", []string{"eval", "-t", "coral", "../../ref/testdata/relu_coral.s", "relu", "-c", "1"}, 0,
			[]string{"PASS relu (coral, config 1, seed 1)", "hidden", "PASS coral relu config 1 (seed 1, hidden seed ", "): 518 cycles (hidden case), 518 (visible)", "template:relu_c1.s 518 cycles, speedup 1.00x"}, ""},
		{"eval template", []string{"eval", "-t", "coral", "../../testdata/kernels/coral/gemm_i8.s", "gemm", "-c", "3", "--hidden-seed", "1"}, 0,
			[]string{"PASS coral gemm config 3 (seed 1, hidden seed 1): 4603 cycles (hidden case)", "template:gemm_c3.s 13054 cycles, speedup 2.84x"}, ""},
		{"eval fail", []string{"eval", "-t", "coral", bad, "relu", "-c", "2"}, 1, []string{"FAIL coral relu config 2", "untouched"}, ""},
		{"eval broken", []string{"eval", "-t", "coral", broken, "relu"}, 2, nil, "broken.s:2"},
		{"eval usage", []string{"eval", "-t", "coral", "relu"}, 2, nil, "want KERNEL.s TASK"},
		{"eval all usage", []string{"eval", "--all", "-t", "coral"}, 2, nil, "--baseline"},
		{"eval endless kernel", []string{"eval", "-t", "coral", "/dev/zero", "relu"}, 2, nil, "/dev/zero: input too large: more than 16777216 bytes"},
		{"gen hidden needs seed", []string{"gen", "-t", "coral", "relu", "--hidden", "-o", filepath.Join(dir, "h")}, 2, nil, "--hidden needs --hidden-seed N"},
		{"describe hidden needs seed", []string{"describe", "-t", "coral", "relu", "--hidden"}, 2, nil, "--hidden needs --hidden-seed N"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := kcref(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			if !strings.Contains(errs, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, errs)
			}
		})
	}
}

// TestBaselineMissing: a cell without a baseline (none is built in now:
// a stand-in lookup without one) is exit 2 with the lookup's message and
// no kernel on stdout.
func TestBaselineMissing(t *testing.T) {
	defer func(f func(string, string, string, int) (baseline.Kernel, error)) { baselineOf = f }(baselineOf)
	baselineOf = func(target, kind, task string, config int) (baseline.Kernel, error) {
		if target == "aie2" && task == "decoder_llama" {
			return baseline.Kernel{}, fmt.Errorf("%s: no baseline for task %s yet (have: relu)", target, task)
		}
		return baseline.Baseline(target, kind, task, config)
	}
	code, out, errs := kcref(t, "baseline", "-t", "aie2", "decoder_llama", "-c", "3")
	if code != 2 || out != "" || !strings.Contains(errs, "aie2: no baseline for task decoder_llama yet") {
		t.Errorf("missing baseline: exit %d, stdout %q, stderr %q; want 2, nothing, the lookup's message", code, out, errs)
	}
	// The same command with the real lookup prints the kernel.
	baselineOf = baseline.Baseline
	if code, out, errs := kcref(t, "baseline", "-t", "aie2", "decoder_llama", "-c", "3"); code != 0 || !strings.Contains(out, "done") ||
		!strings.Contains(errs, "baseline/aie2/decoder_llama_c3.s") {
		t.Errorf("decoder_llama c3 baseline: exit %d, stderr %q", code, errs)
	}
}
