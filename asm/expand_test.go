package asm_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"kernelcraft/asm"
)

// TestExpansionLimits: each expansion limit holds exactly at its value
// and gives a clear error one past it, in bounded time and memory
// (bounded: 2 s of CPU, 256 MiB allocated).
func TestExpansionLimits(t *testing.T) {
	nested := func(depth int) string {
		return strings.Repeat(".rept 1\n", depth) + "nop\n" + strings.Repeat(".endr\n", depth) + "mpause\n"
	}
	half := asm.MaxExpandedLines / 2
	lines := func(extra int) string {
		s := fmt.Sprintf(".rept %d\n# a line\n.endr\n", half)
		s += s
		if extra > 0 {
			s += fmt.Sprintf(".rept %d\n# one more\n.endr\n", extra)
		}
		return s + "mpause\n"
	}
	long := strings.Repeat("x", 1<<17-2) // with "#" and the newline: 128 KiB a line
	bytesSrc := func(n int) string {
		return fmt.Sprintf(".rept %d\n#%s\n.endr\nmpause\n", n, long)
	}
	values := func(n int) string {
		v := make([]string, n)
		for i := range v {
			v[i] = "1"
		}
		return ".irp x, " + strings.Join(v, ",") + "\n.endr\nmpause\n"
	}
	cases := []struct {
		name, src, want string
	}{
		{"rept at limit", fmt.Sprintf(".rept %d\n.endr\nmpause\n", asm.MaxRepeat), ""},
		{"rept over", fmt.Sprintf(".rept %d\n.endr\n", asm.MaxRepeat+1), fmt.Sprintf(".rept count %d is out of range [0, %d]", asm.MaxRepeat+1, asm.MaxRepeat)},
		{"rept huge", ".rept 1000000000\nnop\n.endr\n", ".rept count 1000000000 is out of range"},
		{"irp at limit", values(asm.MaxRepeat), ""},
		{"irp over", values(asm.MaxRepeat + 1), fmt.Sprintf(".irp has %d values, more than the limit of %d", asm.MaxRepeat+1, asm.MaxRepeat)},
		{"depth at limit", nested(asm.MaxExpansionDepth), ""},
		{"depth over", nested(asm.MaxExpansionDepth + 1), fmt.Sprintf("expansions nested more than %d deep", asm.MaxExpansionDepth)},
		{"recursive macro", ".macro r\nr\n.endm\nr\n", fmt.Sprintf("expansions nested more than %d deep", asm.MaxExpansionDepth)},
		{"mutual recursion", ".macro a\nb\n.endm\n.macro b\na\n.endm\na\n", "expansions nested more than"},
		{"lines at limit", lines(0), ""},
		{"lines over", lines(1), fmt.Sprintf("expansions produce more than %d lines", asm.MaxExpandedLines)},
		{"nested blow-up", ".rept 100000\n.rept 100000\n.rept 100000\n.set x, 1\n.endr\n.endr\n.endr\n", fmt.Sprintf("expansions produce more than %d lines", asm.MaxExpandedLines)},
		{"bytes at limit", bytesSrc(asm.MaxExpandedBytes / (1 << 17)), ""},
		{"bytes over", bytesSrc(asm.MaxExpandedBytes/(1<<17) + 1), "expansions produce more than 8 MiB of text"},
		{"argument bomb", ".macro m a\n.macro m2 b\n.word \\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b\n.endm\nm2 \\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a\n.endm\nm " + strings.Repeat("1", 1<<16) + "\n",
			"expansions produce more than 8 MiB of text"},
		{"if depth over", strings.Repeat(".if 1\n", asm.MaxExpansionDepth+1) + strings.Repeat(".endif\n", asm.MaxExpansionDepth+1), fmt.Sprintf(".if nested more than %d deep", asm.MaxExpansionDepth)},
		{"if depth skipped", ".if 0\n" + strings.Repeat(".if 1\n", asm.MaxExpansionDepth) + strings.Repeat(".endif\n", asm.MaxExpansionDepth+1), fmt.Sprintf(".if nested more than %d deep", asm.MaxExpansionDepth)},
	}
	as, hw := coralAsm(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var err error
			bounded(t, c.name, func() { _, err = as.Assemble(c.name+".s", []byte(c.src), asm.Options{HW: hw}) })
			if c.want == "" {
				if err != nil {
					t.Fatalf("at the limit: %.1000v", err)
				}
				return
			}
			var list asm.ErrorList
			if !errors.As(err, &list) || !strings.Contains(list.Error(), c.want) {
				t.Fatalf("want %q, got %.1000v", c.want, err)
			}
			if list.Count() > 5 {
				t.Errorf("one limit gives %d errors:\n%.2000v", list.Count(), err)
			}
		})
	}
}

// TestExpansionSemantics: what the GNU as corpus cannot show (kc-as
// specifics and error positions).
func TestExpansionSemantics(t *testing.T) {
	as, hw := coralAsm(t)
	words := func(src string) (string, error) {
		p, err := as.Assemble("t.s", []byte(src), asm.Options{HW: hw})
		if err != nil {
			return "", err
		}
		var out []string
		for _, s := range p.Sections {
			for i := 0; i+4 <= len(s.Data); i += 4 {
				d := s.Data[i:]
				out = append(out, fmt.Sprint(uint32(d[0])|uint32(d[1])<<8|uint32(d[2])<<16|uint32(d[3])<<24))
			}
		}
		return strings.Join(out, " "), nil
	}
	cases := []struct{ src, want string }{
		// .ifc with single quotes (the manual's form).
		{".ifc 'a b','a b'\n.word 1\n.else\n.word 2\n.endif", "1"},
		{".ifc 'it''s', 'it''s'\n.word 1\n.endif", "1"},
		// Labels before directives and macro calls.
		{".macro w x\n.word \\x\n.endm\nl1: w 5\nl2: .rept 2\n.word l2-l1\n.endr", "5 4 4"},
		// Statements separated by ";" around expander directives.
		{".rept 2; .word 3; .endr; .word 4", "3 3 4"},
		// Macro names are case-insensitive and may shadow instructions.
		{".macro NOP\n.word 9\n.endm\nnop\nNoP", "9 9"},
		// Keyword arguments, and an empty argument that takes the default.
		{".macro m a=1, b=2, c=3\n.word \\a, \\b, \\c\n.endm\nm , , 9\nm c=7", "1 2 9 1 2 7"},
		// \@ counts macro calls, not repetitions.
		{".macro c\n.word \\@\n.endm\n.rept 3\nc\n.endr", "0 1 2"},
		// .exitm inside a nested conditional leaves the macro and its .if.
		{".macro m n\n.if \\n\n.word \\n\n.exitm\n.endif\n.word 0\n.endm\nm 1\nm 0", "1 0"},
		// .if sees .set values in force where it is.
		{".set x, 1\n.if x\n.word 1\n.endif\n.set x, 0\n.if x\n.word 2\n.endif", "1"},
	}
	for _, c := range cases {
		got, err := words(c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q = %s, want %s", c.src, got, c.want)
		}
	}
}

// TestExpansionErrorPositions: an error in a macro body names the body
// line and column and the call; the line table attributes expanded
// instructions to the body lines.
func TestExpansionErrorPositions(t *testing.T) {
	as, hw := coralAsm(t)
	src := ".macro m r\n  addi \\r, \\r, 1\n  frob \\r\n.endm\n.rept 1\n    m a0\n.endr\n"
	_, err := as.Assemble("k.s", []byte(src), asm.Options{HW: hw})
	var list asm.ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("want one error, got %v", err)
	}
	e := list[0]
	if e.Line != 3 || e.Col != 3 || len(e.Expansion) != 2 || e.Expansion[0] != "in macro m at k.s:6:5" || e.Expansion[1] != "in .rept at k.s:5:1" {
		t.Errorf("got %d:%d %q", e.Line, e.Col, e.Expansion)
	}
	// A column after a substituted argument maps back to the body line.
	_, err = as.Assemble("k.s", []byte(".macro m r\n  addi \\r, \\r, 99999\n.endm\nm a0\n"), asm.Options{HW: hw})
	if !errors.As(err, &list) || list[0].Line != 2 || list[0].Col != 16 {
		t.Errorf("want 2:16, got %v", err)
	}
	p, err := as.Assemble("k.s", []byte(".macro m\n  nop\n  nop\n.endm\nm\n.rept 2\n  addi a0, a0, 1\n.endr\nmpause\n"), asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, l := range p.Lines {
		got = append(got, l.Line)
	}
	if fmt.Sprint(got) != "[2 3 7 7 9]" {
		t.Errorf("line table %v, want [2 3 7 7 9]", got)
	}
}

// TestDirectiveTable: the table kc-as --directives prints is the one the
// assembler dispatches through: every entry's example assembles, every
// name is in the manual, and a name outside the table is unknown.
func TestDirectiveTable(t *testing.T) {
	as, hw := coralAsm(t)
	manual := asm.DirectiveManual()
	for _, d := range asm.Directives() {
		if d.Meaning == "" || d.Example == "" {
			t.Errorf("%s: no meaning or example", d.Name)
		}
		if !strings.Contains(manual, "\n  "+d.Name+" ") && !strings.Contains(manual, "\n  "+d.Name+"\n") {
			t.Errorf("%s is not in the manual", d.Name)
		}
		if !strings.Contains(d.Example, strings.TrimSuffix(d.Name, "*")) {
			t.Errorf("%s: the example %q does not use it", d.Name, d.Example)
		}
		if _, err := as.Assemble("d.s", []byte("nop\n"+d.Example+"\n"), asm.Options{HW: hw}); err != nil {
			t.Errorf("%s: example %q: %v", d.Name, d.Example, err)
		}
	}
	if len(asm.DirectiveNames()) != len(asm.Directives()) {
		t.Errorf("DirectiveNames has %d names, the table %d entries", len(asm.DirectiveNames()), len(asm.Directives()))
	}
	for _, name := range []string{".frob", ".endrr", ".macros", ".ifx"} {
		_, err := as.Assemble("d.s", []byte("nop\n"+name+"\n"), asm.Options{HW: hw})
		if err == nil || !strings.Contains(err.Error(), "unknown directive "+name) {
			t.Errorf("%s: want unknown directive, got %v", name, err)
		}
	}
	if _, err := as.Assemble("d.s", []byte("nop\n.cfi_personality 0\n"), asm.Options{HW: hw}); err != nil {
		t.Errorf(".cfi_* prefix entry: %v", err)
	}
}
