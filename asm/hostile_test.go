package asm_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"kernelcraft/asm"
)

// Hostile inputs of issue 16, each with what the assembler must say.
func hostileSources() map[string]string {
	var dbl, chain, fwd, unk, num strings.Builder
	dbl.WriteString(".set s0, 1\n")
	for i := 1; i <= 33; i++ {
		fmt.Fprintf(&dbl, ".set s%d, s%d+s%d\n", i, i-1, i-1)
	}
	dbl.WriteString("li a0, s33\n")
	chain.WriteString(".set s0, 1\n")
	for i := 1; i < 8000; i++ {
		fmt.Fprintf(&chain, ".set s%d, s%d+1\n", i, i-1)
	}
	chain.WriteString("li a0, s7999\nmpause\n")
	// Uses before definitions: each one is followed while evaluating.
	for i := 0; i < asm.MaxEvalDepth+10; i++ {
		fmt.Fprintf(&fwd, ".set q%d, q%d+1\n", i, i+1)
	}
	fwd.WriteString(fmt.Sprintf(".set q%d, 0\nli a0, q0\n", asm.MaxEvalDepth+10))
	for i := 0; i < 10000; i++ {
		unk.WriteString("foo a0, a1\n")
	}
	for i := 0; i < 500000; i++ {
		num.WriteString("1: j 1b\n")
	}
	return map[string]string{
		"deep":     "li a0, " + strings.Repeat("(", 200000) + "1" + strings.Repeat(")", 200000) + "\n",
		"deepbrk":  "op " + strings.Repeat("[", 200000) + "\n",
		"doubling": dbl.String(),
		"chain":    chain.String(),
		"forward":  fwd.String(),
		"cycle":    ".set a, b+1\n.set b, a+1\nli a0, a\n",
		"unknown":  unk.String(),
		"numeric":  num.String(),
		"redefine": ".set X, 1\nli a0, X\n.set X, 0x12345\nli a1, X\nmpause\n",
		"space":    strings.Repeat(".data\n.space 16777216\n", 100),
		// A fuzzer's find: 100,000 expansions of a line that only the
		// slow parser rejects, each error counted (2.6 s before the stop).
		"badrept": ".rept 100000\naddi \\r, a0, \xff\xff\n.endr\n",
		// "did you mean" hints for megabyte-long names and among 200k symbols.
		"longnames": strings.Repeat(strings.Repeat("x", 1<<20)+" a0\n", 3) + "j " + strings.Repeat("y", 1<<20) + "\n" + labels(200000) + refs(60),
	}
}

func labels(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "l%d:\n", i)
	}
	return b.String()
}

func refs(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "j m%d\n", i)
	}
	return b.String()
}

// cpuTime is the process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// bounded runs f and fails if it used more than 2 s of CPU or allocated
// more than 256 MiB (the budget for any hostile input; both are
// measured, with generous margins, not wall time).
func bounded(t *testing.T, what string, f func()) {
	t.Helper()
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	c0 := cpuTime()
	f()
	cpu := cpuTime() - c0
	runtime.ReadMemStats(&m1)
	alloc := m1.TotalAlloc - m0.TotalAlloc
	t.Logf("%s: %v CPU, %d MiB allocated", what, cpu.Round(time.Millisecond), alloc>>20)
	if raceEnabled {
		return // the budgets hold for the assembler, not for its instrumented build
	}
	if cpu > 2*time.Second {
		t.Errorf("%s: %v of CPU, budget 2 s", what, cpu)
	}
	if alloc > 256<<20 {
		t.Errorf("%s: %d MiB allocated, budget 256 MiB", what, alloc>>20)
	}
}

func TestHostileSources(t *testing.T) {
	as, coral := coralAsm(t)
	hw := bigHW(t)
	want := map[string]string{
		"deep":      "1:264: expression nested too deeply: more than 256 levels",
		"deepbrk":   "1:260: expression nested too deeply",
		"doubling":  "li: value 8589934592 does not fit in 32 bits",
		"chain":     "",
		"forward":   "expression nested too deeply: more than 10000 levels of parentheses and symbol definitions",
		"cycle":     `symbol "a" is defined in terms of itself`,
		"unknown":   "950 more errors not shown (only the first 50 are); stopped reading at line 1001 after 1000 errors",
		"badrept":   "950 more errors not shown (only the first 50 are); stopped reading at line 2 after 1000 errors",
		"numeric":   "section .text (32772 bytes at 0x0) does not fit in itcm",
		"redefine":  "",
		"space":     "section .data (16777216 bytes at 0x1000000) does not fit in dtcm",
		"longnames": "14 more errors not shown (only the first 50 are)",
	}
	for name, src := range hostileSources() {
		t.Run(name, func(t *testing.T) {
			var err error
			h := hw
			if name == "numeric" {
				h = coral // as the issue ran it: 2 MB of code, too much for 8 KiB of ITCM
			}
			bounded(t, name, func() { _, err = as.Assemble(name+".s", []byte(src), asm.Options{HW: h}) })
			w := want[name]
			if w == "" {
				if err != nil {
					t.Fatalf("error: %.500v", err)
				}
				return
			}
			var list asm.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("want an ErrorList containing %q, got %v", w, err)
			}
			if !strings.Contains(list.Error(), w) {
				t.Fatalf("want %q in:\n%.2000s", w, list.Error())
			}
		})
	}
}

// TestExprNestingLimit: MaxExprNesting levels assemble, one more is an
// error at the bracket that opens it.
func TestExprNestingLimit(t *testing.T) {
	as, hw := coralAsm(t)
	n := asm.MaxExprNesting
	at := "addi a0, a0, " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n)
	if _, err := as.Assemble("t.s", []byte(at), asm.Options{HW: hw}); err != nil {
		t.Fatalf("%d levels: %v", n, err)
	}
	over := "addi a0, a0, " + strings.Repeat("(", n+1) + "1" + strings.Repeat(")", n+1)
	_, err := as.Assemble("t.s", []byte(over), asm.Options{HW: hw})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("t.s:1:%d: expression nested too deeply", 14+n)) {
		t.Fatalf("%d levels: %v", n+1, err)
	}
	// Parentheses inside strings and comments do not count.
	ok := ".ascii \"" + strings.Repeat("(", 2*n) + "\" # " + strings.Repeat("(", 2*n)
	if _, err := as.Assemble("t.s", []byte(ok), asm.Options{HW: hw}); err != nil {
		t.Fatalf("parentheses in a string: %v", err)
	}
}

// TestEvalDepthLimit: a chain of uses before definitions is followed up
// to MaxEvalDepth levels; one more is an error.
func TestEvalDepthLimit(t *testing.T) {
	as, hw := coralAsm(t)
	chain := func(n int) string {
		var b strings.Builder
		// Each definition but the last (a constant, known in pass 1) is
		// one level when q0 is evaluated: it follows the whole chain.
		for i := 0; i < n-1; i++ {
			fmt.Fprintf(&b, ".set q%d, q%d\n", i, i+1)
		}
		fmt.Fprintf(&b, ".set q%d, 7\nmpause\n.data\n.word q0\n", n-1)
		return b.String()
	}
	if _, err := as.Assemble("t.s", []byte(chain(asm.MaxEvalDepth+1)), asm.Options{HW: hw}); err != nil {
		t.Fatalf("depth %d: %.300v", asm.MaxEvalDepth, err)
	}
	_, err := as.Assemble("t.s", []byte(chain(asm.MaxEvalDepth+2)), asm.Options{HW: hw})
	if err == nil || !strings.Contains(err.Error(), "nested too deeply: more than 10000") {
		t.Fatalf("depth %d: %.300v", asm.MaxEvalDepth+1, err)
	}
}

// TestErrorLimit: MaxErrors errors are all reported; one more is
// reported as a count.
func TestErrorLimit(t *testing.T) {
	as, hw := coralAsm(t)
	for _, n := range []int{asm.MaxErrors, asm.MaxErrors + 1} {
		_, err := as.Assemble("t.s", []byte(strings.Repeat("foo\n", n)), asm.Options{HW: hw})
		var list asm.ErrorList
		if !errors.As(err, &list) || list.Count() != n {
			t.Fatalf("%d errors: %v", n, err)
		}
		more := list[len(list)-1].More
		if (n == asm.MaxErrors) != (more == 0) || len(list) != asm.MaxErrors+min(more, 1) {
			t.Fatalf("%d errors: %d entries, More %d", n, len(list), more)
		}
		if !strings.Contains(list[0].Hint, "did you mean") {
			t.Errorf("first error has no hint: %v", list[0])
		}
	}
}

// TestSourceLimit: MaxSourceBytes assemble (here: a nop and comments), one more
// byte is refused before parsing.
func TestSourceLimit(t *testing.T) {
	as, hw := coralAsm(t)
	line := "# " + strings.Repeat("x", 1021) + "\n"
	src := []byte("nop\n" + strings.Repeat(line, (asm.MaxSourceBytes-4)/len(line)))
	src = append(src, bytes.Repeat([]byte{' '}, asm.MaxSourceBytes-len(src))...)
	bounded(t, "at the limit", func() {
		if _, err := as.Assemble("t.s", src, asm.Options{HW: hw}); err != nil {
			t.Fatalf("%d bytes: %v", len(src), err)
		}
	})
	src = append(src, ' ')
	_, err := as.Assemble("t.s", src, asm.Options{HW: hw})
	if err == nil || !strings.Contains(err.Error(), "source is 16777217 bytes, more than the limit of 16777216 (16 MiB)") {
		t.Fatalf("%d bytes: %v", len(src), err)
	}
}

// TestOutputLimit: sections may hold MaxOutputBytes together, not one
// byte more; a section moved with --map must stay inside a region.
func TestOutputLimit(t *testing.T) {
	as, _ := coralAsm(t)
	hw := bigHW(t)
	hw.Memory[1].Size = 64 << 20
	at := fmt.Sprintf("mpause\n.data\n.space %d\n", asm.MaxOutputBytes-4)
	if _, err := as.Assemble("t.s", []byte(at), asm.Options{HW: hw}); err != nil {
		t.Fatal(err)
	}
	_, err := as.Assemble("t.s", []byte(at+".byte 1\n"), asm.Options{HW: hw})
	if err == nil || !strings.Contains(err.Error(), "more than the limit of 16777216") {
		t.Fatal(err)
	}
	_, coral := coralAsm(t)
	_, err = as.Assemble("t.s", []byte("mpause\n.data\n.space 64\n"), asm.Options{HW: coral, SectionAddr: map[string]uint64{".data": 0x20000}})
	if err == nil || !strings.Contains(err.Error(), "is not inside one memory region") {
		t.Fatal(err)
	}
}

// TestLinearTime: assembly time grows linearly: 1 MB of kernel source
// (BenchmarkAssemble1MB's) within the budget.
func TestAssemble1MBBounded(t *testing.T) {
	as, _ := coralAsm(t)
	hw := bigHW(t)
	src := kernel1MB()
	bounded(t, "1 MB kernel", func() {
		if _, err := as.Assemble("big.s", src, asm.Options{HW: hw}); err != nil {
			t.Fatal(err)
		}
	})
}

// badELFs are malformed executables: each must be an error, not a panic
// or a large allocation.
func badELFs(t testing.TB) map[string][]byte {
	as, hw := coralAsm(t)
	p, err := as.Assemble("k.s", []byte("_start: li a0, 70000\n1: addi a0, a0, -1\nbnez a0, 1b\nmpause\n.data\n.word 5\n"), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	good := p.ELF()
	f, err := elf.NewFile(bytes.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	shoff := binary.LittleEndian.Uint32(good[32:])
	text := 0
	for i, s := range f.Sections {
		if s.Name == ".text" {
			text = i
		}
	}
	patch := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	sh := func(i, field int) int { return int(shoff) + 40*i + 4*field }
	return map[string][]byte{
		"good":            good,
		"text size huge":  patch(sh(text, 5), 0xfffffff0),
		"text off huge":   patch(sh(text, 4), 0xfffffff0),
		"text wraps":      patch(sh(text, 4), 0x80000000),
		"phdr size huge":  patch(52+16, 0x7fffffff),
		"shnum huge":      append(append([]byte(nil), good[:48]...), append([]byte{0xff, 0xff}, good[50:]...)...),
		"truncated":       good[:len(good)/2],
		"header only":     good[:52],
		"compressed text": patch(sh(text, 2), uint32(elf.SHF_ALLOC|elf.SHF_EXECINSTR|elf.SHF_COMPRESSED)),
	}
}

func TestMalformedELF(t *testing.T) {
	for name, data := range badELFs(t) {
		var err, lerr error
		bounded(t, name, func() {
			_, err = asm.Disassemble(data)
			_, lerr = asm.ReadLineTable(data)
		})
		if name == "good" {
			if err != nil || lerr != nil {
				t.Errorf("good: %v, %v", err, lerr)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: disassembled", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
	huge := make([]byte, asm.MaxELFBytes+1)
	if _, err := asm.Disassemble(huge); err == nil || !strings.Contains(err.Error(), "more than the limit") {
		t.Errorf("huge ELF: %v", err)
	}
}

// FuzzDisassemble feeds arbitrary bytes, and corrupted executables, to
// the ELF reader, the disassembler and the line table reader.
func FuzzDisassemble(f *testing.F) {
	for _, b := range badELFs(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := asm.Disassemble(data)
		if err == nil && len(out) > 64*asm.MaxDisasmBytes {
			t.Fatalf("%d bytes of text", len(out))
		}
		if lt, err := asm.ReadLineTable(data); err == nil && lt != nil {
			for _, e := range lt.Entries {
				lt.Line(e.Addr)
			}
		}
	})
}

// TestEmptySource: a source with nothing to load is an error (kc-sim
// cannot run an ELF without segments); data alone assembles.
func TestEmptySource(t *testing.T) {
	as, hw := coralAsm(t)
	for _, src := range []string{"", "\n\n", "# only a comment\n", ".set x, 1\n.globl x\n", ".if 0\nnop\n.endif\n", ".text\n.data\n"} {
		_, err := as.Assemble("e.s", []byte(src), asm.Options{HW: hw})
		var list asm.ErrorList
		if !errors.As(err, &list) || !strings.Contains(list.Error(), "e.s: the source has no instructions or data: there is nothing to run") {
			t.Errorf("%q: %v", src, err)
		}
	}
	if _, err := as.Assemble("d.s", []byte(".data\n.word 1\n"), asm.Options{HW: hw}); err != nil {
		t.Errorf("data only: %v", err)
	}
}
