package agent

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/judge"
	"kernelcraft/sim/manual"
)

var update = flag.Bool("update", false, "rewrite the golden texts in testdata/")

// reluOK is the template baseline of coral relu config 1; reluWrong takes
// the minimum with 0 instead of the maximum.
const reluOK = `    .text
    .globl _start
_start:
    li t1, 256
1:  vsetvli t0, t1, e32, m8, ta, ma
    vle32.v v8, (a0)
    vmax.vx v8, v8, zero
    vse32.v v8, (a1)
    slli t2, t0, 2
    add a0, a0, t2
    add a1, a1, t2
    sub t1, t1, t0
    bnez t1, 1b
    mpause
`

var reluWrong = strings.Replace(reluOK, "vmax.vx", "vmin.vx", 1)

const reluBadAsm = `    .text
_start:
    li t1, 256
    vle32.v v8, (a0
    vmaxx.vx v8, v8, zero
    mpause
`

func reluEnv(t *testing.T) *Env {
	t.Helper()
	e, err := NewEnv("coral", "relu", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func src(s string) string {
	b, _ := json.Marshal(map[string]string{"source": s})
	return string(b)
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".txt")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./agent -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s\n--- want\n%s", name, path, got, want)
	}
}

func TestToolCalls(t *testing.T) {
	e := reluEnv(t)
	for _, tc := range []struct {
		golden, tool, args string
		err, submitted     bool
		pass               *bool // for run, profile, submit: the outcome's verdict
		contains           []string
	}{
		{golden: "manual_overview", tool: ToolISAManual, args: `{}`, contains: []string{"## registers", "## memory map", "dtcm", "Zve32x"}},
		{golden: "manual_zbb", tool: ToolISAManual, args: `{"section":"zbb"}`, contains: []string{"andn rd, rs1, rs2", "[alu]"}},
		{golden: "manual_pseudo", tool: ToolISAManual, args: `{"section":"pseudo"}`, contains: []string{"nop — no operation"}},
		{golden: "manual_unknown", tool: ToolISAManual, args: `{"section":"AVX512"}`, contains: []string{"unknown section \"AVX512\"", "sections: overview, I, Zifencei, M, F, Zicsr, Zbb, Zve32x, pseudo, cycles"}},
		{golden: "manual_cycles", tool: ToolISAManual, args: `{"section":"cycles"}`, contains: []string{"what decides cycles", "[serialize]", "vwmul.vv (e16)", "memory port"}},
		{golden: "manual_vadd", tool: ToolISAManual, args: `{"section":"vadd.vv"}`, contains: []string{"syntax: vadd.vv vd, vs2, vs1, vm", "unit: valu", "encoding", "LMUL=8"}},
		{golden: "manual_near_miss", tool: ToolISAManual, args: `{"section":"vadd.w"}`, contains: []string{"did you mean ", "vadd.vv?"}},
		{golden: "task_info", tool: ToolTaskInfo, args: ``, contains: []string{"ReLU"}},
		{golden: "assemble_ok", tool: ToolAssemble, args: src(reluOK), contains: []string{"ok\n", ".text: 44 bytes at 0x0"}},
		{golden: "assemble_errors", tool: ToolAssemble, args: src(reluBadAsm), contains: []string{"assembly failed", "line 4:", "line 5:", "hint:"}},
		{golden: "run_pass", tool: ToolRun, args: src(reluOK), pass: ptr(true), contains: []string{"PASS on the visible case", "halt: "}},
		{golden: "run_fail", tool: ToolRun, args: src(reluWrong), pass: ptr(false), contains: []string{"FAIL on the visible case", "FAIL relu"}},
		{golden: "run_asm_error", tool: ToolRun, args: src(reluBadAsm), contains: []string{"assembly failed"}},
		// The run tool sets the case up as kc-sim --case and the judge do
		// (ref.Case.SetUp): data past the kernel's own area is refused.
		{golden: "run_overlap", tool: ToolRun, args: src(reluOK + "    .data\n    .space 2048\n"), contains: []string{"the kernel could not be run: the program's segment", "overlaps tensor x", "the case leaves [0x10000, 0x10400) of dtcm to the kernel's own data"}},
		{golden: "profile", tool: ToolProfile, args: src(reluOK), pass: ptr(true), contains: []string{"stalls by cause", "unit utilisation", "cycles by source line", "hazards (top"}},
		{golden: "submit", tool: ToolSubmit, args: src(reluOK), submitted: true, contains: []string{"judged on the visible case and on a hidden case drawn now"}},
		{golden: "unknown_tool", tool: "compile", args: `{}`, err: true, contains: []string{"unknown tool \"compile\"", "submit"}},
		{golden: "malformed", tool: ToolRun, args: `{"source": "li t0, 1`, err: true, contains: []string{"not a valid JSON object"}},
		{golden: "missing_source", tool: ToolSubmit, args: `{"src": "x"}`, err: true, contains: []string{"needs a string argument \"source\""}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			c := e.Call(context.Background(), tc.tool, tc.args)
			if c.Err != tc.err || c.Submitted != tc.submitted {
				t.Errorf("err %v submitted %v, want %v %v", c.Err, c.Submitted, tc.err, tc.submitted)
			}
			if tc.pass != nil && (c.Outcome == nil || c.Outcome.Pass() != *tc.pass) {
				t.Errorf("outcome %+v, want pass %v", c.Outcome, *tc.pass)
			}
			for _, s := range tc.contains {
				if !strings.Contains(c.Text, s) {
					t.Errorf("result lacks %q:\n%s", s, c.Text)
				}
			}
			golden(t, tc.golden, c.Text)
		})
	}
}

func ptr[T any](v T) *T { return &v }

// TestRunCyclesMatchJudge: the run tool reports the cycles the judge
// measures for the same kernel on the visible case, and Env.Judge gives
// the judge's verdict for the hidden seed it is given.
func TestRunCyclesMatchJudge(t *testing.T) {
	e := reluEnv(t)
	seeds := judge.Seeds{Visible: 1, Hidden: 77}
	cell, err := judge.EvalCell(context.Background(), "coral", "relu", 1, seeds, "k.s", []byte(reluOK))
	if err != nil {
		t.Fatal(err)
	}
	o := e.Execute(context.Background(), reluOK)
	if !o.Pass() || o.Cycles() != cell.VisibleCycles() {
		t.Errorf("run: pass %v cycles %d; EvalCell: pass %v cycles %d", o.Pass(), o.Cycles(), cell.Pass(), cell.VisibleCycles())
	}
	j, err := e.Judge(context.Background(), reluOK, seeds.Hidden)
	if err != nil {
		t.Fatal(err)
	}
	if !j.Pass() || j.Cycles() != cell.Cycles() || j.Seeds != seeds || j.Visible != o.Run {
		t.Errorf("Judge: pass %v cycles %d seeds %+v (reused visible run: %v); EvalCell: cycles %d", j.Pass(), j.Cycles(), j.Seeds, j.Visible == o.Run, cell.Cycles())
	}
}

// TestManualCoversEveryInstruction: every instruction of an enabled
// extension appears in its section.
func TestManualCoversEveryInstruction(t *testing.T) {
	e := reluEnv(t)
	secs := map[string]string{}
	for _, s := range e.Sections()[1:] {
		secs[s] = e.Manual(s)
	}
	n := 0
	for _, in := range e.ISA.Insts {
		if !e.HW.HasExt(in.Ext()) {
			if _, ok := secs[in.Ext()]; ok {
				t.Errorf("section %s is listed but not enabled", in.Ext())
			}
			continue
		}
		n++
		if !strings.Contains(secs[in.Ext()], manual.Syntax(in.Mnemonic, in.Syntax)+" — ") {
			t.Errorf("%s: %s missing from its section", in.Ext(), in.Mnemonic)
		}
	}
	if n < 100 {
		t.Errorf("only %d instructions enabled", n)
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"short\n", 100, "short\n"},
		{"a\nbb\nccc\n", 6, "a\nbb\n[truncated: 4 more characters, 1 more lines not shown]\n"},
		{"abcdefgh", 3, "abc[truncated: 5 more characters, 0 more lines not shown]\n"},
		{"aé", 2, "a[truncated: 2 more characters, 0 more lines not shown]\n"}, // é is 2 bytes: not split
	} {
		if got := Truncate(tc.in, tc.max); got != tc.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
	// An oversized tool result is cut with the note.
	e := reluEnv(t)
	if c := e.Call(context.Background(), ToolISAManual, `{"section":"Zve32x"}`); len(c.Text) > MaxManualChars+200 || (len(e.Manual("Zve32x")) > MaxManualChars) != strings.Contains(c.Text, "[truncated:") {
		t.Errorf("Zve32x section: %d chars, manual %d", len(c.Text), len(e.Manual("Zve32x")))
	}
}

func TestToolDefinitions(t *testing.T) {
	tools := Tools()
	if got := strings.Join(ToolNames(), ","); got != "isa_manual,task_info,assemble,run,profile,submit" {
		t.Errorf("tools %s", got)
	}
	for _, tl := range tools {
		if tl.Description == "" || tl.Parameters["type"] != "object" {
			t.Errorf("%s: bad definition %+v", tl.Name, tl)
		}
		if _, err := json.Marshal(tl); err != nil {
			t.Error(err)
		}
		req, _ := tl.Parameters["required"].([]string)
		wantSource := tl.Name == ToolAssemble || tl.Name == ToolRun || tl.Name == ToolProfile || tl.Name == ToolSubmit
		if wantSource != (len(req) == 1 && req[0] == "source") {
			t.Errorf("%s: required %v", tl.Name, req)
		}
	}
}

// TestAssembleSizeHintIsTheCells: a kernel too large for the cell's
// memory is told that the judge uses the cell's hardware config, not
// pointed at a config with more memory that judging never uses.
func TestAssembleSizeHintIsTheCells(t *testing.T) {
	e := reluEnv(t)
	_, text := e.Assemble(".data\nx: .space 40000\n.text\nmpause\n")
	if !strings.Contains(text, "the judge runs this cell on hardware config "+e.HW.Name) || strings.Contains(text, "highmem") {
		t.Errorf("assemble says:\n%s\nwant the cell's own config named and no other config offered", text)
	}
}

// TestToolDescriptionsTargetNeutral: the tool definitions are the same
// for every target, so they name no one target's notions (coral's LMUL,
// its Zve32x extension, its mnemonics).
func TestToolDescriptionsTargetNeutral(t *testing.T) {
	for _, tl := range Tools() {
		for _, w := range []string{"LMUL", "Zve32x", "vadd.vv"} {
			if strings.Contains(tl.Description, w) {
				t.Errorf("tool %s's description names coral's %s, though every target's agent reads it", tl.Name, w)
			}
		}
	}
}
