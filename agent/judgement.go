package agent

import (
	"context"
	"time"

	"kernelcraft/judge"
)

// Recording is what a recorded attempt says about its judgement: the
// hidden seed it was judged on and its verdict and cycles (from its
// record event), read back by the replay provider.
type Recording struct {
	// Judged: the trajectory holds a judgement with its hidden seed.
	Judged     bool
	HiddenSeed uint64
	// HasRecord: the trajectory ends with the attempt's record event,
	// whose Success and Cycles follow.
	HasRecord bool
	Success   bool
	Cycles    uint64
	// ReproduceOnly judges the replayed kernel on the recorded hidden
	// seed only (the behaviour before replays verified, for debugging a
	// recording); otherwise a fresh hidden case must pass too.
	ReproduceOnly bool
}

// Replayer is a provider that plays a recorded attempt: its kernel is
// judged against the recording (the replay provider).
type Replayer interface {
	Recording() Recording
}

// Replay modes of a ReplayCheck.
const (
	ReplayVerify        = "verify"         // recorded hidden seed and a fresh one; success needs both
	ReplayReproduceOnly = "reproduce_only" // the recorded hidden seed only
)

// ReplayCheck is a replayed attempt's judgement against its recording.
// A recorded hidden seed is public once written down: anyone can
// generate its case and write a kernel that recognises it, so a replay
// that only re-judged on it would prove nothing about the kernel. In
// verify mode the kernel is judged twice: on the recorded seed (does the
// recording reproduce?) and on a seed drawn now (does the kernel hold?),
// and the attempt succeeds only if both pass. The record's HiddenSeed,
// Cycles and Speedup are the recorded seed's, so that a replay reproduces
// the recorded tables; the fresh judgement's are here.
type ReplayCheck struct {
	Mode string `json:"mode"` // ReplayVerify or ReplayReproduceOnly
	// RecordedSeed is the hidden seed the trajectory records (0 and
	// absent when it recorded no judgement: then the only judgement is
	// the fresh one).
	RecordedSeed uint64 `json:"recorded_seed,omitempty"`
	// RecordedPass is the replayed kernel's verdict on RecordedSeed.
	RecordedPass bool `json:"recorded_pass"`
	// Reproduced: the trajectory's record event holds the same verdict
	// and hidden-case cycles as the replay's judgement on RecordedSeed
	// (false also when it holds no record).
	Reproduced bool `json:"reproduced"`
	// FreshSeed, FreshPass, FreshCycles and FreshSpeedup are the
	// judgement on a hidden seed drawn for the replay (verify mode).
	FreshSeed    uint64  `json:"fresh_seed,omitempty"`
	FreshPass    bool    `json:"fresh_pass"`
	FreshCycles  uint64  `json:"fresh_cycles,omitempty"`
	FreshSpeedup float64 `json:"fresh_speedup,omitempty"`
}

// judgeAttempt judges the attempt's kernel and fills the record's
// verdict and speed. The hidden seed is drawn now, or fixed by opt
// (reproducing a record by hand); a Replayer provider's kernel is judged
// on the recorded seed and, in verify mode, on a fresh one too
// (ReplayCheck). Each judgement gets its own deadline of timeout within
// ctx.
func judgeAttempt(ctx context.Context, timeout time.Duration, p Provider, env *Env, opt Options, rec *Record, source string, tr *Trajectory) {
	one := func(seed uint64, reproduced bool) *Judged {
		jctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return judgeOnce(jctx, env, opt, rec, source, seed, reproduced, tr)
	}
	if opt.HiddenSeed != nil {
		rec.HiddenSeed = *opt.HiddenSeed
		fill(rec, one(*opt.HiddenSeed, true))
		return
	}
	rp, ok := p.(Replayer)
	if !ok {
		rec.HiddenSeed = judge.FreshSeed()
		fill(rec, one(rec.HiddenSeed, false))
		return
	}
	r := rp.Recording()
	chk := ReplayCheck{Mode: ReplayVerify}
	if r.ReproduceOnly {
		chk.Mode = ReplayReproduceOnly
	}
	var recorded *Judged
	if r.Judged {
		chk.RecordedSeed = r.HiddenSeed
		rec.HiddenSeed = r.HiddenSeed
		recorded = one(r.HiddenSeed, true)
		fill(rec, recorded)
		if recorded != nil {
			chk.RecordedPass = recorded.Pass
			chk.Reproduced = r.HasRecord && r.Success == recorded.Pass && r.Cycles == recorded.Cycles
		}
	}
	if r.Judged && r.ReproduceOnly {
		rec.Replay = chk
		return
	}
	if !r.Judged || recorded != nil {
		chk.FreshSeed = judge.FreshSeed()
		fresh := one(chk.FreshSeed, false)
		if fresh != nil {
			chk.FreshPass, chk.FreshCycles, chk.FreshSpeedup = fresh.Pass, fresh.Cycles, fresh.Speedup
		}
		if !r.Judged {
			// Nothing recorded to reproduce: the fresh judgement is the
			// record's.
			rec.HiddenSeed = chk.FreshSeed
			fill(rec, fresh)
		} else {
			rec.Success = rec.Success && chk.FreshPass
			if !chk.FreshPass {
				rec.Speedup = 0
			}
		}
	}
	rec.Replay = chk
}

// judgeOnce judges source on the hidden case of seed, records the
// judgement event in the trajectory and returns it (nil on an error,
// which goes to the record's Error if it has none).
func judgeOnce(ctx context.Context, env *Env, opt Options, rec *Record, source string, seed uint64, reproduced bool, tr *Trajectory) *Judged {
	var j *Judged
	var err error
	if opt.Isolation != nil {
		j, err = opt.Isolation.Judge(ctx, env, source, seed)
	} else {
		j, err = env.JudgeKernel(ctx, source, seed)
	}
	if err != nil {
		if rec.Error == "" {
			rec.Error = "judging: " + err.Error()
		}
		tr.Event("judgement", map[string]any{"hidden_seed": seed, "reproduced": reproduced, "error": err.Error()})
		return nil
	}
	ev := map[string]any{"hidden_seed": seed, "reproduced": reproduced, "pass": j.Pass,
		"visible": j.Visible, "hidden": j.Hidden,
		"cycles": j.Cycles, "visible_cycles": j.VisibleCycles, "baseline": j.Baseline, "baseline_cycles": j.BaselineCycles}
	if j.BaselineErr != "" {
		ev["baseline_error"] = j.BaselineErr
	}
	tr.Event("judgement", ev)
	return j
}

// fill copies a judgement's verdict and speed into the record (nothing
// when the judgement failed to run).
func fill(rec *Record, j *Judged) {
	if j == nil {
		return
	}
	rec.Success = j.Pass
	rec.Cycles, rec.VisibleCycles = j.Cycles, j.VisibleCycles
	rec.BaselineCycles = j.BaselineCycles
	rec.Speedup = j.Speedup
	rec.DataDependentCycles = j.DataDependent
}
