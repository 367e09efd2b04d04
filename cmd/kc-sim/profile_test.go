package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// kernelELF assembles a kernel; lines false drops the line table (as an
// executable from another linker has none).
func kernelELF(t *testing.T, path string, lines bool) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New("coral")
	if err != nil {
		t.Fatal(err)
	}
	hw, _ := isadefs.HWByName("coral")
	p, err := as.Assemble(filepath.Base(path), src, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	if !lines {
		p.Lines = nil
	}
	return p.ELF()
}

// writeELF writes an executable into a temporary directory and returns
// its path.
func writeELF(t *testing.T, elf []byte, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, elf, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestProfileGolden(t *testing.T) {
	const kernels = "../../testdata/kernels/coral/"
	cases := []struct {
		name   string
		kernel string
		lines  bool
		args   []string
		status int
	}{
		{"profile_loop", kernels + "sum_loop.s", true, []string{"--profile"}, 0},
		{"profile_dot_top5", kernels + "dot_i8.s", true, []string{"--profile=5"}, 0},
		{"profile_dot_no_lines", kernels + "dot_i8.s", false, []string{"--profile=6"}, 0},
		{"profile_spin_limit", "testdata/spin.s", true, []string{"--max-cycles", "50", "--profile"}, 124},
	}
	cyclesRe := regexp.MustCompile(`(\d+) cycles in all`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			elf := kernelELF(t, c.kernel, c.lines)
			status, stdout, stderr := kcsim(t, elf, append([]string{"-"}, c.args...)...)
			if status != c.status || stdout != "" {
				t.Fatalf("exit %d (want %d), stdout %q, stderr:\n%s", status, c.status, stdout, stderr)
			}
			// The profile's total is the run's cycle count.
			_, _, stats := kcsim(t, elf, append([]string{"-", "--stats"}, c.args[:len(c.args)-1]...)...)
			m := cyclesRe.FindStringSubmatch(stderr)
			if m == nil || !strings.Contains(stats, "cycles        "+m[1]+"\n") {
				t.Errorf("profile total %v, stats:\n%s", m, stats)
			}
			path := filepath.Join("testdata", c.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(stderr), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/kc-sim -update)", err)
			}
			if stderr != string(want) {
				t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, stderr, want)
			}
		})
	}
}

func TestProfileFlag(t *testing.T) {
	for _, c := range []struct {
		in, want []string
	}{
		{[]string{"kc-sim", "--profile=10", "k.elf"}, []string{"kc-sim", "--profile", "--profile-top=10", "k.elf"}},
		{[]string{"kc-sim", "k.elf", "-profile=0"}, []string{"kc-sim", "k.elf", "--profile", "--profile-top=0"}},
		{[]string{"kc-sim", "--profile", "k.elf"}, []string{"kc-sim", "--profile", "k.elf"}},
		{[]string{"kc-sim", "--profile=x", "profile=3"}, []string{"kc-sim", "--profile=x", "profile=3"}},
		{[]string{"kc-sim", "--profile=-2"}, []string{"kc-sim", "--profile=-2"}},
	} {
		if got := normalizeProfile(c.in); strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("normalizeProfile(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	elf := kernelELF(t, "../../testdata/kernels/coral/sum_loop.s", true)
	for _, bad := range []string{"--profile=x", "--profile=-2"} {
		if status, _, stderr := kcsim(t, elf, "-", bad); status != 127 {
			t.Errorf("%s: exit %d, stderr %q", bad, status, stderr)
		}
	}
	// Every row of the table, without N.
	_, _, stderr := kcsim(t, elf, "-", "--profile")
	rows := regexp.MustCompile(`(?m)^\s+(\d+)\s+\d+\s+\d+\s+[\d.]+%`).FindAllStringSubmatch(stderr, -1)
	if len(rows) != 8 {
		t.Fatalf("%d rows:\n%s", len(rows), stderr)
	}
	for i := 1; i < len(rows); i++ {
		a, _ := strconv.Atoi(rows[i-1][1])
		b, _ := strconv.Atoi(rows[i][1])
		if a >= b {
			t.Errorf("rows not in source order: line %d before %d", a, b)
		}
	}
}
