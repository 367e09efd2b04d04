package check

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// lawSynth is a synthetic case laid out like a coral case: the kernel's
// own area [0x10000,0x10400), a gap, x float32[3,5] (60 bytes) at
// 0x10480 and y float32[3,5] at 0x104c0, so the last 4 bytes of y's last
// 16-byte chunk lie past its end.
func lawSynth(t *testing.T) *synth {
	s := newSynth(t, "float32", []int{3, 5}, silu)
	s.c.Tensors[0].Addr, s.c.Tensors[1].Addr = 0x10480, 0x104c0
	s.c.Convention.KernelArea = &ref.Span{Memory: "dtcm", Start: 0x10000, End: 0x10400}
	return s
}

// TestStrayWritesFail: a store anywhere but the outputs, scratch and the
// kernel's area fails the run, exact to the byte, with the range and the
// nearest tensor named.
func TestStrayWritesFail(t *testing.T) {
	s := lawSynth(t)
	y := sim.Range{Start: 0x104c0, End: 0x104fc}
	stack := sim.Range{Start: 0x103c0, End: 0x10400}
	for _, tc := range []struct {
		name  string
		extra []sim.Range
		want  string // pattern kind; "" = pass
		text  string
	}{
		{"output and stack", nil, "", ""},
		{"4 bytes past the end, same 16-byte chunk", []sim.Range{{Start: 0x104fc, End: 0x10500}}, PatPastEnd, "wrote [0x104fc,0x10500) (4 bytes): 4 bytes past the end of output 'y' float32[3,5] [0x104c0,0x104fc)"},
		{"1 byte past the end", []sim.Range{{Start: 0x104fc, End: 0x104fd}}, PatPastEnd, "(1 byte): 1 byte past the end of output 'y'"},
		{"a whole vector past the end", []sim.Range{{Start: 0x104fc, End: 0x1053c}}, PatPastEnd, "wrote [0x104fc,0x1053c) (64 bytes)"},
		{"far outside", []sim.Range{{Start: 0x17c00, End: 0x17c10}}, PatOutside, "wrote [0x17c00,0x17c10) (16 bytes) outside every tensor: 0x7704 bytes past the end of output 'y'"},
		{"between x and y", []sim.Range{{Start: 0x104bc, End: 0x104c0}}, PatOutside, "right after input 'x' float32[3,5] [0x10480,0x104bc)"},
		{"before x", []sim.Range{{Start: 0x10440, End: 0x10450}}, PatOutside, "0x30 bytes before input 'x'"},
		{"just past the kernel area", []sim.Range{{Start: 0x10400, End: 0x10401}}, PatOutside, "right after the kernel's own area [0x10000,0x10400)"},
		{"end of DTCM", []sim.Range{{Start: 0x17ff0, End: 0x18000}}, PatOutside, "0x7af4 bytes past the end of output 'y'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := append([]sim.Range{stack, y}, tc.extra...)
			v := s.check(t, s.y, w)
			if tc.want == "" {
				if !v.Pass || len(v.Memory) > 0 {
					t.Fatalf("%v\n%s", kinds(v), v)
				}
				return
			}
			if v.Pass || !slices.Contains(kinds(v), tc.want) || !strings.Contains(v.String(), tc.text) {
				t.Fatalf("want a failure with %s and %q:\n%s", tc.want, tc.text, v)
			}
			for _, p := range v.Memory {
				if !p.Fatal {
					t.Errorf("non-fatal memory pattern %+v", p)
				}
			}
		})
	}
	// A write before an input, between and beyond: one verdict, kept as
	// the example of what the agent sees.
	v := s.check(t, s.y, []sim.Range{{Start: 0x10000, End: 0x10010}, {Start: 0x10440, End: 0x10450}, {Start: 0x104a0, End: 0x104fc}, {Start: 0x104fc, End: 0x10500}, {Start: 0x12000, End: 0x12004}, {Start: 0x13000, End: 0x13001}})
	if v.Pass {
		t.Fatalf("passes:\n%s", v)
	}
	golden(t, "law_stray_writes", v.String())
}

// TestStraySummary: past three stray ranges, the rest are summed up in
// one line.
func TestStraySummary(t *testing.T) {
	s := lawSynth(t)
	w := []sim.Range{{Start: 0x104c0, End: 0x104fc}}
	for a := uint64(0x11000); a < 0x11000+10*0x100; a += 0x100 {
		w = append(w, sim.Range{Start: a, End: a + 8})
	}
	v := s.check(t, s.y, w)
	if v.Pass || len(v.Memory) != 4 || !strings.Contains(v.String(), "and 7 more stray range(s), 56 bytes, the last ending at 0x11908") {
		t.Fatalf("%s", v)
	}
}

// TestHaltRule: only the halt the case's convention names passes; the
// verdict says what halted and what the task requires.
func TestHaltRule(t *testing.T) {
	s := lawSynth(t)
	o := s.out(t)
	written := []sim.Range{{Start: o.Addr, End: o.Addr + 60}}
	run := func(halt, msg string, ok bool) Verdict {
		res := &Result{Outputs: map[string]*sim.Tensor{"y": encode(t, o.DType, o.Shape, s.y)}, Written: written, WrittenKnown: true, Halt: halt, HaltOK: ok, HaltMessage: msg}
		return Check(s.c, s.exp, s.inp, res)
	}
	for _, tc := range []struct {
		conv, halt, msg string
		ok              bool
		pass            bool
		text            string
	}{
		{"mpause", "pause", "halted: mpause at pc 0x40 (success)", true, true, ""},
		{"mpause", "exit", "halted: exit(0) at pc 0x40", true, false, "halted: exit(0) at pc 0x40 (halt kind exit); the task requires the kernel to end with mpause (halt kind pause)"},
		{"mpause", "tohost", "halted: tohost = 1 (pass)", true, false, "halted: tohost = 1 (pass) (halt kind tohost); the task requires the kernel to end with mpause"},
		{"mpause", "trap", "halted: illegal instruction at pc 0x8: …", false, false, "illegal instruction"},
		{"mpause", "", "", false, false, "the run's halt is unknown"},
		{"end", "end", "halted: the program ran off its last instruction", true, true, ""},
		{"end", "pause", "", true, false, "the task requires the kernel to end with end (halt kind end)"},
		{"done", "pause", "", true, true, ""},
		{"hlt", "pause", "", true, false, `the case requires "hlt", a halt the checker does not know`},
		{"", "exit", "", true, true, ""},
		{"", "trap", "", false, false, "halt: trap"},
		{"", "", "", false, false, "unknown"},
	} {
		s.c.Convention.Halt = tc.conv
		v := run(tc.halt, tc.msg, tc.ok)
		if v.Pass != tc.pass || !strings.Contains(v.Halt, tc.text) || !tc.pass && !strings.Contains(v.String(), "run did not end with the task's halt: ") {
			t.Errorf("convention %q, halt %q: pass %v, want %v; halt text %q, want %q\n%s", tc.conv, tc.halt, v.Pass, tc.pass, v.Halt, tc.text, v)
		}
	}
	s.c.Convention.Halt = "mpause"
	golden(t, "law_halt_exit", run("exit", "halted: exit(0) at pc 0x40", true).String())
}

// TestRequiredHaltEveryTarget: the halt every target's calling convention
// names is one the checker maps to a simulator halt kind.
func TestRequiredHaltEveryTarget(t *testing.T) {
	for _, target := range ref.Targets {
		tasks := ref.Supported(target)
		if len(tasks) == 0 {
			t.Fatalf("%s: no tasks", target)
		}
		c, _, err := ref.Generate(target, tasks[0].ID, 1, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		// A success halt of the simulators: an instruction (pause) or
		// running off the program's end (plena).
		kind, ok := RequiredHalt(c.Convention.Halt)
		if !ok || kind != "pause" && kind != "end" {
			t.Errorf("%s: convention halt %q maps to %q, %v", target, c.Convention.Halt, kind, ok)
		}
		d := ref.Describe(c)
		if kind == "pause" && !strings.Contains(d, "End with `"+c.Convention.Halt+"`. Any other end of the run fails") ||
			kind == "end" && !strings.Contains(d, "End by running off the last instruction, as PLENA's emulator ends a program") {
			t.Errorf("%s: the task text does not say how to end (%s)", target, c.Convention.Halt)
		}
	}
}

// TestDirNeedsStats: a result without stats.json, or whose stats.json has
// no halt reason, cannot be judged; stats.json's byte-exact written ranges
// give the in-process verdict.
func TestDirNeedsStats(t *testing.T) {
	caseDir, m := genCase(t, "coral", "relu", 1)
	y := m.tensors[m.out.Name]
	none := t.TempDir()
	writeResult(t, none, map[string]*sim.Tensor{m.out.Name: y}, "")
	if _, err := Dir(caseDir, none); err == nil || !strings.Contains(err.Error(), "no stats.json") {
		t.Errorf("no stats.json: %v", err)
	}
	nohalt := t.TempDir()
	writeResult(t, nohalt, map[string]*sim.Tensor{m.out.Name: y}, `{"cycles": 10, "written_ranges": []}`)
	if _, err := Dir(caseDir, nohalt); err == nil || !strings.Contains(err.Error(), "no halt reason") {
		t.Errorf("stats.json without a halt: %v", err)
	}
	// One byte past the end of y, as stats.json reports it: the same
	// verdict as in process.
	w := m.okWritten()[0]
	past := t.TempDir()
	stats := fmt.Sprintf(`{"halt":"pause","halt_message":"halted: mpause","exit_status":0,"written_ranges":[{"start":%d,"end":%d}]}`, w.Start, w.End+1)
	writeResult(t, past, map[string]*sim.Tensor{m.out.Name: y}, stats)
	v, err := Dir(caseDir, past)
	if err != nil || v.Pass || !slices.Contains(kinds(v), PatPastEnd) {
		t.Fatalf("%v %v\n%s", err, kinds(v), v)
	}
	inproc := m.check(y, []sim.Range{{Start: w.Start, End: w.End + 1}})
	if inproc.String() != v.String() {
		t.Errorf("in process:\n%s\nfrom the directory:\n%s", inproc, v)
	}
	// exit(0) passes kc-sim's exit status but not the task.
	exit := t.TempDir()
	writeResult(t, exit, map[string]*sim.Tensor{m.out.Name: y}, fmt.Sprintf(`{"halt":"exit","halt_message":"halted: exit(0) at pc 0x20","exit_status":0,"written_ranges":[{"start":%d,"end":%d}]}`, w.Start, w.End))
	if v, err := Dir(caseDir, exit); err != nil || v.Pass || !strings.Contains(v.Halt, "requires the kernel to end with mpause") {
		t.Errorf("exit(0): %v\n%s", err, v)
	}
}

// TestKernelMemories: a case may leave whole memories to the kernel
// (plena's on-chip SRAMs): stores there pass, a store past the tensors in
// HBM fails.
func TestKernelMemories(t *testing.T) {
	m := loadMCase(t, "plena", "silu", 1)
	if !slices.Contains(m.c.Convention.KernelMemories, "vsram") {
		t.Fatalf("plena convention %+v", m.c.Convention)
	}
	hw, err := isadefs.HWByName(m.c.HW)
	if err != nil {
		t.Fatal(err)
	}
	var vsram, hbm isadefs.Region
	for _, r := range hw.Memory {
		switch r.Name {
		case "vsram":
			vsram = r
		case "hbm":
			hbm = r
		}
	}
	y := m.tensors[m.out.Name]
	ok := append(m.okWritten(), sim.Range{Start: uint64(vsram.Base), End: uint64(vsram.Base) + 256})
	if v := m.check(y, ok); !v.Pass {
		t.Fatalf("vsram write fails:\n%s", v)
	}
	far := uint64(hbm.Base) + uint64(hbm.Size) - 64
	v := m.check(y, append(ok, sim.Range{Start: far, End: far + 64}))
	if v.Pass || !slices.Contains(kinds(v), PatOutside) || !strings.Contains(v.String(), "the kernel's own memory vsram") {
		t.Fatalf("HBM stray write: %v\n%s", kinds(v), v)
	}
}
