package agent

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"kernelcraft/baseline"
)

// TestPlenaEndToEnd: the agent loop on a plena cell (gemm config 3, the
// ragged shapes) with a scripted model: it reads the manual and the task,
// runs a kernel that forgets the write-out (M_MM_WO), reads the
// diagnosis, runs and submits the baseline's kernel, which the judge
// passes on the hidden case at speedup 1.
func TestPlenaEndToEnd(t *testing.T) {
	good, err := baseline.Baseline("plena", "", "gemm", 3)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(good.Src), "\n") {
		if !strings.HasPrefix(l, "M_MM_WO") {
			lines = append(lines, l)
		}
	}
	wrong := strings.Join(lines, "\n")
	manual, info, _, rec := scriptedRepair(t, "plena", "gemm", 3, "M_MM_WO", wrong, string(good.Src))
	for what, s := range map[string]string{"manual": manual, "task info": info} {
		if s == "" {
			t.Errorf("no %s", what)
		}
	}
	if !strings.Contains(manual, "M_MM_WO") || !strings.Contains(info, "C_SET_SCALE_REG") {
		t.Errorf("manual %q\ntask info %q", manual[:min(200, len(manual))], info[:min(200, len(info))])
	}
	if !rec.Success || rec.Target != "plena" || rec.Iterations != 5 || rec.FirstCorrect != 4 || rec.Speedup != 1 || rec.Cycles == 0 || rec.Cycles != rec.BaselineCycles || rec.StopReason != StopSubmitted {
		t.Errorf("record %+v", rec)
	}
}

// scriptedRepair runs the agent loop on a cell with a scripted model that
// reads the manual's section and the task, runs wrong (which must fail on
// the visible case), then runs and submits good; it returns what the
// tools answered and the attempt's record.
func scriptedRepair(t *testing.T, target, task string, config int, section, wrong, good string) (manual, info, diag string, rec *Record) {
	t.Helper()
	env, err := NewEnv(target, task, config, 1)
	if err != nil {
		t.Fatal(err)
	}
	p := &Scripted{Steps: []Step{
		CallStep(ToolISAManual, map[string]string{"section": section}, u),
		func(m []Message) (Turn, error) {
			manual = LastToolResult(m)
			return CallStep(ToolTaskInfo, `{}`, u)(m)
		},
		func(m []Message) (Turn, error) {
			info = LastToolResult(m)
			return CallStep(ToolRun, map[string]string{"source": wrong}, u)(m)
		},
		func(m []Message) (Turn, error) {
			diag = LastToolResult(m)
			if !strings.Contains(diag, "FAIL on the visible case") {
				return Turn{}, fmt.Errorf("no failure in %q", diag)
			}
			return CallStep(ToolRun, map[string]string{"source": good}, u)(m)
		},
		CallStep(ToolSubmit, map[string]string{"source": good}, u),
	}}
	rec = Attempt(context.Background(), p, env, Options{})
	return manual, info, diag, rec
}
