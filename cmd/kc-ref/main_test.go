package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func kcref(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"kc-ref"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"list", []string{"list"}, 0, []string{"decoder_llama", "plena: 20 tasks", "aie2: 22 tasks", "coral: 15 tasks"}, ""},
		{"list configs", []string{"list", "-t", "coral", "--configs"}, 0, []string{"gemm", "coral-highmem", "M=256 N=256 K=256"}, ""},
		{"list markdown", []string{"list", "--markdown"}, 0, []string{"# KernelCraft tasks", "## Definitions"}, ""},
		{"describe", []string{"describe", "softmax", "-t", "coral", "-c", "2"}, 0, []string{"Softmax", "M = 8", "N = 256", "a0 = 0x10400 (x)"}, ""},
		{"describe flags last", []string{"describe", "gelu", "-c", "3", "-t", "aie2"}, 0, []string{"GELU", "exp_hi"}, ""},
		{"gen", []string{"gen", "-t", "coral", "relu", "-c", "1", "-o", filepath.Join(dir, "r1")}, 0, nil, "coral relu config 1"},
		{"gen hidden", []string{"gen", "-t", "coral", "relu", "-c", "1", "--hidden-seed", "1", "-o", filepath.Join(dir, "r1h")}, 0, nil, "hidden"},
		{"unknown task", []string{"describe", "matmul", "-t", "coral"}, 2, nil, "unknown task"},
		{"unsupported", []string{"gen", "-t", "coral", "rope", "-o", dir}, 2, nil, "not supported on coral"},
		{"no target", []string{"describe", "gemm"}, 2, nil, "-t TARGET is required"},
		{"bad config", []string{"describe", "gemm", "-t", "plena", "-c", "7"}, 2, nil, "want 1..5"},
		{"bad target", []string{"list", "-t", "gpu"}, 2, nil, "unknown target"},
		{"check usage", []string{"check", dir}, 2, nil, "want CASE_DIR RESULT_DIR"},
		{"describe by number", []string{"describe", "2", "-t", "coral", "-c", "1"}, 0, []string{"# ReLU (task 2, level 1) on coral"}, ""},
		{"gen by number", []string{"gen", "-t", "coral", "8", "-c", "1", "-o", filepath.Join(dir, "g8")}, 0, nil, "coral gemm config 1"},
		{"baseline by number", []string{"baseline", "-t", "coral", "2", "-c", "1"}, 0, []string{"mpause"}, ""},
		{"no task 24", []string{"describe", "24", "-t", "coral"}, 2, nil, "numbers 1..23"},
		{"unknown command", []string{"nosuchcmd"}, 2, nil, `kc-ref: unknown command "nosuchcmd" (commands: list, describe, gen, check, baseline, eval`},
		{"help unknown command", []string{"help", "nosuchcmd"}, 2, nil, "unknown command"},
		{"help known command", []string{"help", "gen"}, 0, []string{"kc-ref gen"}, ""},
	}
	for _, c := range cases {
		code, stdout, stderr := kcref(t, c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, code, c.code, stderr)
		}
		for _, w := range c.stdout {
			if !strings.Contains(stdout, w) {
				t.Errorf("%s: stdout lacks %q:\n%s", c.name, w, stdout)
			}
		}
		if !strings.Contains(stderr, c.stderr) {
			t.Errorf("%s: stderr %q lacks %q", c.name, stderr, c.stderr)
		}
	}
	// Same seed, same bytes; hidden inputs differ.
	kcref(t, "gen", "-t", "coral", "relu", "-c", "1", "-o", filepath.Join(dir, "r1b"))
	for _, f := range []string{"case.json", "x.npy", "y.npy"} {
		a, _ := os.ReadFile(filepath.Join(dir, "r1", f))
		b, _ := os.ReadFile(filepath.Join(dir, "r1b", f))
		h, _ := os.ReadFile(filepath.Join(dir, "r1h", f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two gens with the same seed", f)
		}
		if bytes.Equal(a, h) {
			t.Errorf("%s is the same for the hidden case", f)
		}
	}
}

func TestTasksMarkdownMatchesFile(t *testing.T) {
	_, stdout, _ := kcref(t, "list", "--markdown")
	data, err := os.ReadFile("../../ref/TASKS.md")
	if err != nil || string(data) != stdout {
		t.Errorf("ref/TASKS.md is not kc-ref list --markdown (%v)", err)
	}
}
