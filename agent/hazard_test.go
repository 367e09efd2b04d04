package agent

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"kernelcraft/baseline"
)

// staleAIE2 reads r1 one bundle after the load into it, six cycles
// before the load lands (the aie2 manual's worked example).
const staleAIE2 = "\tmovxm p0, #0x70000\n\tmova r0, #42\n\tst r0, [p0, #0]\n\tlda r1, [p0, #0]\n\tadd r2, r1, r1\n\tdone\n"

func aie2Env(t *testing.T) *Env {
	t.Helper()
	e, err := NewEnv("aie2", "relu", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func policyArgs(source string, policy any) string {
	b, _ := json.Marshal(map[string]any{"source": source, HazardPolicyArg: policy})
	return string(b)
}

// TestToolsForHazardPolicy: on aie2, run and profile have an optional
// hazard_policy (its enum the simulator's policies); submit and assemble
// do not; the other targets see the tools unchanged.
func TestToolsForHazardPolicy(t *testing.T) {
	for _, target := range []string{"coral", "plena"} {
		if !reflect.DeepEqual(ToolsFor(target), Tools()) {
			t.Errorf("%s: the tools differ from Tools()", target)
		}
	}
	for _, tl := range ToolsFor("aie2") {
		props, _ := tl.Parameters["properties"].(map[string]any)
		p, has := props[HazardPolicyArg].(map[string]any)
		want := tl.Name == ToolRun || tl.Name == ToolProfile
		if has != want {
			t.Errorf("%s: hazard_policy offered %v, want %v", tl.Name, has, want)
			continue
		}
		if !has {
			continue
		}
		if req, _ := tl.Parameters["required"].([]string); !reflect.DeepEqual(req, []string{"source"}) {
			t.Errorf("%s: required %v: hazard_policy must stay optional", tl.Name, req)
		}
		if !reflect.DeepEqual(p["enum"], []string{"exposed", "warn", "interlock"}) || !strings.Contains(p["description"].(string), "judge") {
			t.Errorf("%s: hazard_policy %v", tl.Name, p)
		}
		if _, err := json.Marshal(tl); err != nil {
			t.Error(err)
		}
	}
	if reflect.DeepEqual(Tools(), ToolsFor("aie2")) {
		t.Error("ToolsFor(aie2) changed Tools()' own definitions")
	}
}

// TestHazardPolicyArgument: run and profile on aie2 under each policy,
// in process and in a worker: warn counts the stale reads (the profile
// lists them as hazards), interlock its stall cycles, exposed (named or
// left out) is the cell's own run; bad values, other tools and other
// targets get an error result.
func TestHazardPolicyArgument(t *testing.T) {
	e := aie2Env(t)
	iso := testIsolation(t, 0)
	ctx := context.Background()
	for _, tc := range []struct {
		tool, args string
		policy     string   // Outcome.Policy
		want, not  []string // in the result text
	}{
		{ToolRun, srcArgs(staleAIE2), "", []string{"FAIL on the visible case", "cycles: 6\n"}, []string{"hazard policy"}},
		{ToolRun, policyArgs(staleAIE2, "exposed"), "", []string{"cycles: 6\n"}, []string{"hazard policy"}},
		{ToolRun, policyArgs(staleAIE2, "warn"), "warn", []string{"cycles: 6\n", "hazard policy: warn (this call only; the judge runs the kernel under exposed)", "stale reads: 2 "}, nil},
		{ToolRun, policyArgs(staleAIE2, "interlock"), "interlock", []string{"cycles: 12\n", "hazard policy: interlock", "interlock stall cycles: 6\n"}, []string{"stale reads"}},
		{ToolProfile, policyArgs(staleAIE2, "warn"), "warn", []string{"stale reads: 2 ", "read (old value) before the write of"}, nil},
		{ToolProfile, srcArgs(staleAIE2), "", []string{"cycles: 6\n"}, []string{"hazard policy", "read (old value) before the write of"}},
	} {
		for _, via := range []string{"process", "worker"} {
			var c Call
			if via == "process" {
				c = e.Call(ctx, tc.tool, tc.args)
			} else {
				c = iso.Call(ctx, e, tc.tool, tc.args)
			}
			if c.Err || c.Outcome == nil || c.Outcome.Policy != tc.policy || c.Source != staleAIE2 {
				t.Errorf("%s %s (%s): err %v, outcome %+v", tc.tool, tc.args, via, c.Err, c.Outcome)
				continue
			}
			for _, w := range tc.want {
				if !strings.Contains(c.Text, w) {
					t.Errorf("%s %s (%s): no %q in\n%s", tc.tool, tc.args, via, w, c.Text)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(c.Text, w) {
					t.Errorf("%s %s (%s): %q in\n%s", tc.tool, tc.args, via, w, c.Text)
				}
			}
		}
	}
	// The run the judge uses is the cell's own, whatever ran before.
	if o := e.Execute(ctx, staleAIE2); o.Policy != "" || strings.Contains(o.Text, "hazard policy") || o.Cycles() != 6 {
		t.Errorf("Execute after the policy runs: %+v", o)
	}
	coral := reluEnv(t)
	for _, tc := range []struct {
		env        *Env
		tool, args string
		want       string
	}{
		{e, ToolRun, policyArgs(staleAIE2, "stall"), `error: run: hazard_policy "stall": want one of exposed, warn, interlock`},
		{e, ToolProfile, policyArgs(staleAIE2, 2), "error: profile: hazard_policy 2: want one of"},
		{e, ToolRun, policyArgs(staleAIE2, nil), "error: run: hazard_policy null"},
		{e, ToolRun, policyArgs(staleAIE2, "Warn"), `error: run: hazard_policy "Warn": want one of`},
		{e, ToolSubmit, policyArgs(staleAIE2, "warn"), "error: submit takes no hazard_policy"},
		{e, ToolAssemble, policyArgs(staleAIE2, "warn"), "error: assemble takes no hazard_policy"},
		{coral, ToolRun, policyArgs(reluOK, "warn"), "error: run: hazard_policy is an argument on aie2 only; coral has no hazard policies"},
	} {
		for _, via := range []string{"process", "worker"} {
			var c Call
			if via == "process" {
				c = tc.env.Call(ctx, tc.tool, tc.args)
			} else {
				c = iso.Call(ctx, tc.env, tc.tool, tc.args)
			}
			if !c.Err || c.Submitted || c.Outcome != nil || !strings.HasPrefix(c.Text, tc.want) {
				t.Errorf("%s %s (%s): %+v, want an error result %q", tc.tool, tc.args, via, c, tc.want)
			}
		}
	}
}

// toolsSeen records the tools each turn was offered.
type toolsSeen struct {
	Scripted
	tools [][]Tool
}

func (p *toolsSeen) Turn(ctx context.Context, m []Message, tools []Tool) (Turn, error) {
	p.tools = append(p.tools, tools)
	return p.Scripted.Turn(ctx, m, tools)
}

// TestHazardPolicyRunNotJudged: an aie2 attempt is offered the
// hazard_policy argument; a run that passed under interlock is no
// passing run of the attempt (the judge runs exposed), so an attempt
// that never submits and never passed under its own policy has nothing
// judged; a pass under the cell's own policy is judged.
func TestHazardPolicyRunNotJudged(t *testing.T) {
	good, err := baseline.Baseline("aie2", "", "relu", 1)
	if err != nil {
		t.Fatal(err)
	}
	p := &toolsSeen{Scripted: Scripted{Steps: []Step{
		CallStep(ToolRun, map[string]string{"source": string(good.Src), HazardPolicyArg: "interlock"}, u),
	}}}
	rec := Attempt(context.Background(), p, aie2Env(t), Options{Budget: 2})
	if rec.Judged != "none" || rec.Success || rec.FirstCorrect != 0 {
		t.Errorf("a pass under interlock was taken for the attempt's pass: %+v", rec)
	}
	if len(p.tools) == 0 || !reflect.DeepEqual(p.tools[0], ToolsFor("aie2")) {
		t.Errorf("the aie2 attempt was not offered ToolsFor(aie2)")
	}
	p2 := &Scripted{Steps: []Step{CallStep(ToolRun, map[string]string{"source": string(good.Src), HazardPolicyArg: "exposed"}, u)}}
	if rec := Attempt(context.Background(), p2, aie2Env(t), Options{Budget: 2}); rec.Judged != "last_passing_run" || !rec.Success || rec.FirstCorrect != 1 {
		t.Errorf("a pass under exposed, named, is the cell's own: %+v", rec)
	}
}

// TestSystemPromptHazardPolicy: the aie2 system prompt tells the model
// about run's and profile's hazard_policy; the others do not.
func TestSystemPromptHazardPolicy(t *testing.T) {
	if s := SystemPrompt(aie2Env(t), 10); !strings.Contains(s, "run and profile take an optional hazard_policy") {
		t.Errorf("aie2 system prompt:\n%s", s)
	}
	if s := SystemPrompt(reluEnv(t), 10); strings.Contains(s, "hazard_policy") {
		t.Errorf("coral system prompt names hazard_policy:\n%s", s)
	}
}

// TestTaskTextNamesHazardPolicy: where the aie2 task text (the hardware
// config's description, also the manual's overview) speaks of the warn
// policy, it names how to choose it.
func TestTaskTextNamesHazardPolicy(t *testing.T) {
	e := aie2Env(t)
	for what, text := range map[string]string{"task text": e.TaskInfo(), "manual overview": e.Manual(""), "system prompt": SystemPrompt(e, 10)} {
		for _, w := range []string{"warn", "kc-sim --hazard-policy", "hazard_policy argument of the agent's run and profile tools"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s lacks %q", what, w)
			}
		}
	}
}
