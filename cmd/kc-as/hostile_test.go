package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"kernelcraft/asm"
)

// zeros is an endless stream of zero bytes, as /dev/zero gives.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestHostileInputs: each of issue 16's inputs to kc-as ends with a
// clear message and the documented exit status, within 2 s of CPU and
// 256 MiB of allocation (measured around the call).
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var dbl strings.Builder
	dbl.WriteString(".set s0, 1\n")
	for i := 1; i <= 33; i++ {
		fmt.Fprintf(&dbl, ".set s%d, s%d+s%d\n", i, i-1, i-1)
	}
	dbl.WriteString("li a0, s33\n")
	big := filepath.Join(dir, "big.s")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil { // 50 MB, sparse
		t.Fatal(err)
	}
	f.Close()
	cases := []struct {
		name   string
		stdin  io.Reader
		args   []string
		code   int
		stderr string
	}{
		{"200k parentheses", nil, []string{write("deep.s", "li a0, "+strings.Repeat("(", 200000)+"1"+strings.Repeat(")", 200000)+"\n"), "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "deep.s:1:264: expression nested too deeply: more than 256 levels"},
		{"doubling .set chain", nil, []string{write("dbl.s", dbl.String()), "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "dbl.s:35:1: li: value 8589934592 does not fit in 32 bits"},
		{"10k unknown mnemonics", nil, []string{"--hw", "coral-highmem", write("unk.s", strings.Repeat("foo a0, a1\n", 10000)), "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "unk.s: 950 more errors not shown (only the first 50 are); stopped reading at line 1001 after 1000 errors\nkc-as: 1000 error(s)"},
		{".rept 1000000000", nil, []string{write("rept.s", ".rept 1000000000\nnop\n.endr\n"), "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "rept.s:1:7: .rept count 1000000000 is out of range [0, 100000]"},
		{"recursive macro", nil, []string{write("rec.s", ".macro r\n r\n.endm\nr\n"), "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "rec.s:2:2: expansions nested more than 100 deep"},
		{"nested .rept blow-up", nil, []string{write("blow.s", ".rept 100000\n.rept 100000\n.set x, 1\n.endr\n.endr\n"), "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "blow.s:3:1: expansions produce more than 131072 lines"},
		{"50 MB file", nil, []string{big, "-o", filepath.Join(dir, "x.elf")},
			exitAsmErrors, "input too large: 52428800 bytes: the source limit is 16 MiB"},
		{"stdin /dev/zero", &zeros{}, []string{"-"},
			exitAsmErrors, "<stdin>: input too large: more than 16777216 bytes: the source limit is 16 MiB"},
		{"-d stdin /dev/zero", &zeros{}, []string{"-d", "-"},
			exitUsage, "-: input too large: more than 67108864 bytes: the ELF limit is 64 MiB"},
		{"-d /dev/zero", nil, []string{"-d", "/dev/zero"},
			exitUsage, "/dev/zero: input too large: more than 67108864 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "-d /dev/zero" {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			c0 := cpuTime()
			code, stderr := runKCAsReader(c.stdin, c.args...)
			cpu := cpuTime() - c0
			runtime.ReadMemStats(&m1)
			alloc := m1.TotalAlloc - m0.TotalAlloc
			t.Logf("exit %d, %v CPU, %d MiB allocated", code, cpu.Round(time.Millisecond), alloc>>20)
			if code != c.code || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, stderr %.600q; want exit %d and %q", code, stderr, c.code, c.stderr)
			}
			if cpu > 2*time.Second || alloc > 256<<20 {
				t.Errorf("%v of CPU, %d MiB allocated: budget 2 s, 256 MiB", cpu, alloc>>20)
			}
		})
	}
}

func runKCAsReader(stdin io.Reader, args ...string) (int, string) {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var out, errb strings.Builder
	code := run(append([]string{"kc-as"}, args...), stdin, &out, &errb)
	return code, errb.String()
}

// TestHelpStatesLimits: every limit is in --help with its value.
func TestHelpStatesLimits(t *testing.T) {
	_, out, _ := runKCAs(t, nil, "--help")
	for _, want := range []string{
		"source size                  16 MiB", "256 levels on one line", "10000 levels of parentheses and symbols",
		"output (all sections)        16 MiB", "errors reported in full      50", "ELF input (-d)               64 MiB, 4 MiB of code and data",
		".rept count, .irp values     100000", "macro/.rept nesting          100 levels", "expanded lines, text         131072 lines, 8 MiB",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--help lacks %q:\n%s", want, out)
		}
	}
	if asm.MaxErrors != 50 || asm.MaxExprNesting != 256 || asm.MaxRepeat != 100000 || asm.MaxExpansionDepth != 100 || asm.MaxExpandedLines != 131072 || asm.MaxExpandedBytes != 8<<20 {
		t.Error("limits changed: update --help and this test")
	}
}
