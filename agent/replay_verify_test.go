package agent

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/internal/forge"
)

// forgedKernel is a coral relu config 1 kernel that computes nothing: it
// stores the expected outputs of the visible case (seed 1) and of hidden
// seed 1, which anyone can generate (kc-ref gen --hidden --hidden-seed 1).
func forgedKernel(t *testing.T) string {
	t.Helper()
	known, err := forge.Cases("coral", "relu", 1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	src, err := forge.Hardcoded(known...)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// recordAttempt runs a scripted attempt that submits source, judged on
// hiddenSeed (nil: a fresh one), and writes its trajectory where the
// replay provider finds it; it returns the record and the folder.
func recordAttempt(t *testing.T, source string, hiddenSeed *uint64) (*Record, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, TrajectoryFileName("openai:gpt-4o", "coral", "relu", 1, 1))
	tr, f, err := CreateTrajectory(path)
	if err != nil {
		t.Fatal(err)
	}
	steps := []Step{CallStep(ToolSubmit, map[string]string{"source": source}, Usage{InputTokens: 100, OutputTokens: 10})}
	rec := Attempt(context.Background(), &Scripted{Label: "openai:gpt-4o", Steps: steps}, reluEnv(t), Options{Trajectory: tr, HiddenSeed: hiddenSeed})
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return rec, dir
}

// replayRecorded replays the cell's trajectory in dir.
func replayRecorded(t *testing.T, dir string, reproduceOnly bool) *Record {
	t.Helper()
	rp, err := NewProvider("replay", "coral", "relu", 1, ProviderConfig{ReplayDir: dir, Seed: 1, ReproduceOnly: reproduceOnly})
	if err != nil {
		t.Fatal(err)
	}
	return Attempt(context.Background(), rp, reluEnv(t), Options{})
}

// TestReplayVerifiesForgedTrajectory: a trajectory that submits a kernel
// copying the outputs of the visible case and of the public hidden seed
// 1, recorded as judged on hidden seed 1, says success. Replayed, it
// reproduces (it passes seed 1 again) but fails the fresh hidden case, so
// the replay is not a success; --reproduce-only, which does not check
// the recording, is fooled, as replays were before.
func TestReplayVerifiesForgedTrajectory(t *testing.T) {
	one := uint64(1)
	forged, dir := recordAttempt(t, forgedKernel(t), &one)
	if !forged.Success || forged.HiddenSeed != 1 {
		t.Fatalf("the forged recording should claim success on hidden seed 1: %+v", forged)
	}
	again := replayRecorded(t, dir, false)
	c := again.Replay
	t.Logf("forged: recorded success at %.2fx on hidden seed 1; replay: recorded seed pass %v (reproduced %v), fresh seed %d pass %v; success %v",
		forged.Speedup, c.RecordedPass, c.Reproduced, c.FreshSeed, c.FreshPass, again.Success)
	if again.Success || again.Speedup != 0 {
		t.Errorf("a forged trajectory replays to success %v, speedup %v", again.Success, again.Speedup)
	}
	if c.Mode != ReplayVerify || c.RecordedSeed != 1 || !c.RecordedPass || !c.Reproduced || c.FreshSeed == 0 || c.FreshSeed == 1 || c.FreshPass {
		t.Errorf("replay check %+v: want the recorded seed 1 passing and reproduced, a fresh seed failing", c)
	}
	if again.HiddenSeed != 1 || again.Cycles != forged.Cycles {
		t.Errorf("the record keeps the recorded seed's figures: seed %d cycles %d, recorded %d", again.HiddenSeed, again.Cycles, forged.Cycles)
	}
	fooled := replayRecorded(t, dir, true)
	if !fooled.Success || fooled.Replay.Mode != ReplayReproduceOnly || fooled.Replay.FreshSeed != 0 {
		t.Errorf("--reproduce-only: success %v, check %+v; want today's reproduction (success, no fresh judgement)", fooled.Success, fooled.Replay)
	}
}

// TestReplayVerifiesHonestAttempt: an honest recorded attempt replays to
// success on both seeds, reproducing the recorded verdict and cycles, and
// the replayed trajectory holds both judgements.
func TestReplayVerifiesHonestAttempt(t *testing.T) {
	orig, dir := recordAttempt(t, reluOK, nil)
	if !orig.Success || orig.HiddenSeed == 0 {
		t.Fatalf("honest attempt %+v", orig)
	}
	rp, err := NewProvider("replay", "coral", "relu", 1, ProviderConfig{ReplayDir: dir, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	again := Attempt(context.Background(), rp, reluEnv(t), Options{Trajectory: NewTrajectory(&buf)})
	c := again.Replay
	if !again.Success || c.Mode != ReplayVerify || c.RecordedSeed != orig.HiddenSeed || !c.RecordedPass || !c.Reproduced ||
		!c.FreshPass || c.FreshSeed == 0 || c.FreshSeed == orig.HiddenSeed || c.FreshCycles == 0 || c.FreshSpeedup <= 0 {
		t.Errorf("honest replay: success %v, check %+v (recorded seed %d)", again.Success, c, orig.HiddenSeed)
	}
	if again.Cycles != orig.Cycles || again.Speedup != orig.Speedup || again.HiddenSeed != orig.HiddenSeed {
		t.Errorf("replayed figures %d cycles %.3fx seed %d, recorded %d %.3fx seed %d", again.Cycles, again.Speedup, again.HiddenSeed, orig.Cycles, orig.Speedup, orig.HiddenSeed)
	}
	recorded := bytes.Clone(buf.Bytes())
	evs, err := ReadEvents(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var judgements []string
	for _, e := range evs {
		if e.Type == "judgement" {
			judgements = append(judgements, string(e.Data))
		}
	}
	if len(judgements) != 2 || !strings.Contains(judgements[0], `"reproduced":true`) || !strings.Contains(judgements[1], `"reproduced":false`) {
		t.Errorf("the replay's trajectory should hold the recorded seed's judgement and the fresh one, in order: %q", judgements)
	}
	// The replay's own trajectory replays again, on the original
	// recorded seed (its first judgement), not on its fresh one.
	path := filepath.Join(t.TempDir(), TrajectoryFileName("openai:gpt-4o", "coral", "relu", 1, 1))
	if err := os.WriteFile(path, recorded, 0o644); err != nil {
		t.Fatal(err)
	}
	rp2, err := NewProvider("replay:"+path, "coral", "relu", 1, ProviderConfig{})
	if err != nil {
		t.Fatal(err)
	}
	third := Attempt(context.Background(), rp2, reluEnv(t), Options{})
	if third.Replay.RecordedSeed != orig.HiddenSeed || !third.Success || !third.Replay.Reproduced {
		t.Errorf("replaying a replay: %+v", third.Replay)
	}
}

// TestReplayTamperedRecord: a trajectory whose record event claims
// success the kernel does not earn (hand-edited) replays to failure and
// says it does not reproduce.
func TestReplayTamperedRecord(t *testing.T) {
	orig, dir := recordAttempt(t, reluWrong, nil)
	if orig.Success {
		t.Fatal("the wrong kernel passed")
	}
	path := filepath.Join(dir, TrajectoryFileName("openai:gpt-4o", "coral", "relu", 1, 1))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`"success":false`), []byte(`"success":true`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("no success field to edit")
	}
	if err := os.WriteFile(path, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	again := replayRecorded(t, dir, false)
	if again.Success || again.Replay.Reproduced || again.Replay.RecordedPass || again.Replay.FreshPass {
		t.Errorf("tampered record: success %v, check %+v", again.Success, again.Replay)
	}
}
