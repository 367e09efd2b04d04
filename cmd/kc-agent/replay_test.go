package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
	"kernelcraft/internal/forge"
)

// TestBenchReplayRejectsForgedTrajectory is the forged trajectory of
// issue 28 through the command line: a hand-made recording that submits
// a kernel copying the outputs of visible seed 1 and the public hidden
// seed 1, judged on hidden seed 1, says success. kc-agent bench --models
// replay judges it again on seed 1 (it reproduces) and on a fresh seed
// (it fails): the record is a failure with both seeds in it. With
// --reproduce-only the replay is fooled, as every replay was before.
func TestBenchReplayRejectsForgedTrajectory(t *testing.T) {
	known, err := forge.Cases("coral", "relu", 1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	src, err := forge.Hardcoded(known...)
	if err != nil {
		t.Fatal(err)
	}
	recorded := t.TempDir()
	tr, f, err := agent.CreateTrajectory(filepath.Join(recorded, agent.TrajectoryFileName("openai:forger", "coral", "relu", 1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	env, err := agent.NewEnv("coral", "relu", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	one := uint64(1)
	steps := []agent.Step{agent.CallStep(agent.ToolSubmit, map[string]string{"source": src}, agent.Usage{InputTokens: 10, OutputTokens: 1})}
	forged := agent.Attempt(context.Background(), &agent.Scripted{Label: "openai:forger", Steps: steps}, env, agent.Options{Trajectory: tr, HiddenSeed: &one})
	f.Close()
	if !forged.Success {
		t.Fatalf("the forged recording does not claim success: %+v", forged)
	}
	for _, tc := range []struct {
		flags       []string
		wantSuccess bool
	}{{nil, false}, {[]string{"--reproduce-only"}, true}} {
		out := t.TempDir()
		args := append([]string{"kc-agent", "bench", "--models", "replay:openai:forger", "--replay", recorded,
			"--targets", "coral", "--tasks", "relu", "--configs", "1", "--out", out, "--no-report"}, tc.flags...)
		var stdout, stderr bytes.Buffer
		if st := run(args, &stdout, &stderr); st != 0 {
			t.Fatalf("%v: status %d: %s", tc.flags, st, stderr.String())
		}
		recs, _, err := bench.ReadResults(out)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%v: %d records, %v", tc.flags, len(recs), err)
		}
		if tc.flags == nil && !strings.Contains(stderr.String()+stdout.String(), "replays: 1 judged against their recordings; 1 pass the recorded hidden seed but not a fresh one (replay:openai:forger coral relu c1 s1)") {
			t.Errorf("the summary does not name the replay that does not hold:\n%s", stderr.String())
		}
		r := recs[0]
		if r.Success != tc.wantSuccess || r.Replay.RecordedSeed != 1 || !r.Replay.RecordedPass || !r.Replay.Reproduced {
			t.Errorf("%v: success %v (want %v), replay check %+v", tc.flags, r.Success, tc.wantSuccess, r.Replay)
		}
		if verify := tc.flags == nil; verify != (r.Replay.FreshSeed != 0) || r.Replay.FreshPass {
			t.Errorf("%v: fresh seed %d pass %v", tc.flags, r.Replay.FreshSeed, r.Replay.FreshPass)
		}
	}
	// kc-agent run prints both judgements.
	var stdout, stderr bytes.Buffer
	run([]string{"kc-agent", "run", "relu", "--model", "replay", "--replay", recorded}, &stdout, &stderr)
	for _, w := range []string{"FAIL coral relu config 1", "replay: recorded hidden seed 1: pass (reproduces the recorded verdict and cycles)", "replay: fresh hidden seed", ": FAIL (cycles"} {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("kc-agent run output lacks %q:\n%s%s", w, stdout.String(), stderr.String())
		}
	}
}
