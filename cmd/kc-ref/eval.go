package main

import (
	"context"
	"fmt"
	"io"
	"kernelcraft/asm"
	"kernelcraft/cmd/internal/cliutil"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"kernelcraft/baseline"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

const evalDescription = `eval judges a kernel in process, as the benchmark does: it generates the
visible case (--seed) and a hidden case, assembles the kernel (as kc-as),
simulates it on both (as kc-sim --case), checks the outputs (as kc-ref
check), runs the cell's baseline kernel on the same hidden case, and
prints each verdict, the cycles and the speedup (the baseline's cycles
over the kernel's, both on the hidden case). The kernel passes only if
both cases pass.

The hidden case's seed is drawn from a cryptographic source for each
judgement, as in kc-agent bench, and printed with the verdict;
--hidden-seed N reproduces a judgement (a kc-agent record's hidden_seed).
When the kernel's cycles on the two cases differ by more than 2%, the
output says so (data-dependent cycles: a kernel that takes a shortcut on
inputs it recognises is measured on the hidden case all the same).

A kernel with {{.M}}-style placeholders is a Go template first filled
with the configuration's params (see baseline.KernelParams).

--all --baseline evaluates the baseline itself on every cell of the target,
with a progress line per cell and a summary table of cycles (hidden case);
without --hidden-seed it uses the golden tables' seeds (visible 1, hidden 1).

Examples:
   kc-ref eval -t coral gemm.s gemm -c 2
   kc-ref eval -t coral gemm.s gemm -c 2 --hidden-seed 1234567   # reproduce
   kc-ref eval -t coral testdata/kernels/coral/softmax_f32.s softmax -c 4
   kc-ref eval --all -t coral --baseline

Exit status (one kernel, or --all): 0 pass, 1 fail, 2 bad usage or a
kernel that does not assemble.

` + batchDescription

// evalCommand is "kc-ref eval".
func evalCommand() *cli.Command {
	return &cli.Command{
		Name:        "eval",
		Usage:       "judge a kernel: visible and fresh hidden case, cycles and speedup on the hidden case",
		UsageText:   "kc-ref eval -t TARGET KERNEL.s TASK [-c N] [--seed S] [--hidden-seed N] [--kind K]\n   kc-ref eval --all -t TARGET --baseline [--kind K] [--seed S --hidden-seed N]\n   kc-ref eval --batch [FILE|-] [--jobs N] [--timeout D] [--memory MiB] [--kind K]",
		Description: evalDescription,
		Flags: append([]cli.Flag{
			targetFlag(),
			&cli.IntFlag{Name: "config", Aliases: []string{"c"}, Value: 1, Usage: "configuration 1..5"},
			&cli.Uint64Flag{Name: "seed", Value: ref.DefaultSeed, Usage: "input generator seed of the visible case"},
			&cli.Uint64Flag{Name: "hidden-seed", Usage: "hidden case seed `N`, to reproduce a judgement", DefaultText: "fresh from a cryptographic source"},
			&cli.BoolFlag{Name: "all", Usage: "every (task, configuration) of the target (with --baseline)"},
			&cli.BoolFlag{Name: "baseline", Usage: "evaluate the baseline kernels themselves (with --all)"},
			baselineKindFlag(),
		}, batchFlags()...),
		Action: func(c *cli.Context) error {
			if c.Bool("batch") {
				return evalBatch(c)
			}
			target := c.String("target")
			if target == "" {
				return cli.Exit("-t TARGET is required", 2)
			}
			if err := ref.CheckTarget(target); err != nil {
				return cli.Exit(err.Error(), 2)
			}
			seeds := judge.Seeds{Visible: c.Uint64("seed"), Hidden: judge.FreshSeed()}
			if c.IsSet("hidden-seed") {
				seeds.Hidden = c.Uint64("hidden-seed")
			}
			if c.Bool("all") {
				if !c.Bool("baseline") || c.NArg() != 0 {
					return cli.Exit("--all evaluates the baselines: kc-ref eval --all -t TARGET --baseline", 2)
				}
				if !c.IsSet("hidden-seed") {
					seeds = judge.GoldenSeeds
					if c.IsSet("seed") {
						seeds.Visible = c.Uint64("seed")
					}
				}
				return evalAll(c.App.Writer, c.App.ErrWriter, target, c.String("kind"), seeds)
			}
			if c.NArg() != 2 {
				return cli.Exit(fmt.Sprintf("want KERNEL.s TASK, got %d argument(s)", c.NArg()), 2)
			}
			task, err := ref.TaskID(c.Args().Get(1))
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			return evalOne(c.App.Writer, target, c.String("kind"), c.Args().Get(0), task, c.Int("config"), seeds)
		},
	}
}

func evalOne(w io.Writer, target, kind, path, task string, config int, seeds judge.Seeds) error {
	src, err := cliutil.ReadInput(path, os.Stdin, asm.MaxSourceBytes)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", path, err), 2)
	}
	generate := func() (*judge.Cases, error) { return judge.Generate(target, task, config, seeds) }
	j, err := judgeSource(context.Background(), target, task, config, generate, kind, path, src)
	if err != nil {
		return cli.Exit(err.Error(), 2)
	}
	for _, r := range []*judge.Run{j.Visible, j.Hidden} {
		fmt.Fprint(w, r.Verdict.String())
		fmt.Fprintf(w, "%s; %d cycles, %d instructions\n\n", r.Halt, r.Cycles(), r.Stats.Instructions)
	}
	verdict := "FAIL"
	if j.Pass() {
		verdict = "PASS"
	}
	fmt.Fprintf(w, "%s %s %s config %d (seed %d, hidden seed %d): %d cycles (hidden case), %d (visible)",
		verdict, target, task, config, seeds.Visible, seeds.Hidden, j.Cycles(), j.VisibleCycles())
	switch {
	case j.BaselineErr != nil:
		fmt.Fprintf(w, "; no baseline: %v", j.BaselineErr)
	case j.BaselineCycles() == 0:
		fmt.Fprintf(w, "; baseline %s FAILS the hidden case", j.BaselineName)
	default:
		fmt.Fprintf(w, "; baseline %s %d cycles", j.BaselineName, j.BaselineCycles())
		if s := j.Speedup(); s > 0 {
			fmt.Fprintf(w, ", speedup %.2fx", s)
		}
	}
	fmt.Fprintln(w)
	if j.DataDependentCycles() {
		fmt.Fprintf(w, "data-dependent cycles: %d on the visible case, %d on the hidden case (more than %.0f%% apart); the speedup is the hidden case's\n",
			j.VisibleCycles(), j.Cycles(), 100*judge.DataDependentMargin)
	}
	if !j.Pass() {
		return cli.Exit("", 1)
	}
	return nil
}

// judgeSource judges a kernel's source (name is used in messages) on
// the cases cases returns (judge.Generate's for the judgement's seeds) as
// kc-ref eval does, one kernel or a batch of them: a kernel with
// {{.M}}-style placeholders is filled with the configuration's params
// first.
func judgeSource(ctx context.Context, target, task string, config int, cases func() (*judge.Cases, error), kind, name string, src []byte) (*judge.Judgement, error) {
	if baseline.IsTemplate(src) {
		var err error
		if src, err = baseline.Instantiate(name, src, target, task, config); err != nil {
			return nil, err
		}
	}
	cs, err := cases()
	if err != nil {
		return nil, err
	}
	return cs.Judge(ctx, kind, name, src, nil)
}

func evalAll(w, progress io.Writer, target, kind string, seeds judge.Seeds) error {
	if err := baseline.CheckKind(target, kind); err != nil {
		return cli.Exit(err.Error(), 2)
	}
	start := time.Now()
	cells, errs := judge.EvalAll(context.Background(), target, seeds, func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline(target, kind, task, config)
	}, progress)
	pass := 0
	for _, c := range cells {
		if c.Pass() {
			pass++
		}
	}
	fmt.Fprint(w, judge.Table(cells))
	fmt.Fprintf(w, "%d of %d cells pass (visible seed %d, hidden seed %d; cycles of the hidden case) in %v\n", pass, len(cells), seeds.Visible, seeds.Hidden, time.Since(start).Round(time.Millisecond))
	for _, e := range errs {
		fmt.Fprintf(w, "error: %v\n", e)
	}
	if pass != len(cells) {
		return cli.Exit("", 1)
	}
	return nil
}
