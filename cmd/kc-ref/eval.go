package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"kernelcraft/baseline"
	"kernelcraft/ref"
)

const evalDescription = `eval runs the whole chain in process for a kernel: it generates the
visible and hidden cases of the configuration, assembles the kernel (as
kc-as), simulates it on both (as kc-sim --case) and checks the outputs (as
kc-ref check). It prints each verdict, the cycles and the speedup over the
baseline (the baseline's cycles over the kernel's, visible case). A kernel
with {{.M}}-style placeholders is a Go template first filled with the
configuration's params (see baseline.KernelParams).

--all --baseline evaluates the baseline itself on every cell of the target,
with a progress line per cell and a summary table of cycles.

Examples:
   kc-ref eval -t coral gemm.s gemm -c 2
   kc-ref eval -t coral testdata/kernels/coral/softmax_f32.s softmax -c 4
   kc-ref eval --all -t coral --baseline

Exit status: 0 pass, 1 fail, 2 bad usage or a kernel that does not assemble.`

// evalCommand is "kc-ref eval".
func evalCommand() *cli.Command {
	return &cli.Command{
		Name:        "eval",
		Usage:       "gen, assemble, simulate and check a kernel on the visible and hidden cases; cycles and speedup",
		UsageText:   "kc-ref eval -t TARGET KERNEL.s TASK [-c N] [--seed S] [--kind K]\n   kc-ref eval --all -t TARGET --baseline [--kind K]",
		Description: evalDescription,
		Flags: []cli.Flag{
			targetFlag(),
			&cli.IntFlag{Name: "config", Aliases: []string{"c"}, Value: 1, Usage: "configuration 1..5"},
			&cli.Uint64Flag{Name: "seed", Value: ref.DefaultSeed, Usage: "input generator seed"},
			&cli.BoolFlag{Name: "all", Usage: "every (task, configuration) of the target (with --baseline)"},
			&cli.BoolFlag{Name: "baseline", Usage: "evaluate the baseline kernels themselves (with --all)"},
			baselineKindFlag(),
		},
		Action: func(c *cli.Context) error {
			target := c.String("target")
			if target == "" {
				return cli.Exit("-t TARGET is required", 2)
			}
			if c.Bool("all") {
				if !c.Bool("baseline") || c.NArg() != 0 {
					return cli.Exit("--all evaluates the baselines: kc-ref eval --all -t TARGET --baseline", 2)
				}
				return evalAll(c.App.Writer, c.App.ErrWriter, target, c.String("kind"), c.Uint64("seed"))
			}
			if c.NArg() != 2 {
				return cli.Exit(fmt.Sprintf("want KERNEL.s TASK, got %d argument(s)", c.NArg()), 2)
			}
			return evalOne(c.App.Writer, target, c.String("kind"), c.Args().Get(0), c.Args().Get(1), c.Int("config"), c.Uint64("seed"))
		},
	}
}

func evalOne(w io.Writer, target, kind, path, task string, config int, seed uint64) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return cli.Exit(err.Error(), 2)
	}
	if baseline.IsTemplate(src) {
		if src, err = baseline.Instantiate(path, src, target, task, config); err != nil {
			return cli.Exit(err.Error(), 2)
		}
	}
	cell, err := baseline.EvalCell(target, task, config, seed, path, src)
	if err != nil {
		return cli.Exit(err.Error(), 2)
	}
	for _, r := range []*baseline.Run{cell.Visible, cell.Hidden} {
		fmt.Fprint(w, r.Verdict.String())
		fmt.Fprintf(w, "%s; %d cycles, %d instructions\n\n", r.Halt, r.Cycles(), r.Stats.Instructions)
	}
	verdict := "FAIL"
	if cell.Pass() {
		verdict = "PASS"
	}
	fmt.Fprintf(w, "%s %s %s config %d: %d cycles (visible), %d (hidden)", verdict, target, task, config, cell.Cycles(), cell.Hidden.Cycles())
	if k, err := baseline.Baseline(target, kind, task, config); err == nil {
		if base, err := baseline.EvalCell(target, task, config, seed, k.Name, k.Src); err == nil && base.Pass() {
			fmt.Fprintf(w, "; baseline %s %d cycles", k.Name, base.Cycles())
			if s := baseline.Speedup(cell, base); s > 0 {
				fmt.Fprintf(w, ", speedup %.2fx", s)
			}
		}
	}
	fmt.Fprintln(w)
	if !cell.Pass() {
		return cli.Exit("", 1)
	}
	return nil
}

func evalAll(w, progress io.Writer, target, kind string, seed uint64) error {
	if _, err := baseline.Baseline(target, kind, "relu", 1); err != nil {
		return cli.Exit(err.Error(), 2)
	}
	start := time.Now()
	cells, errs := baseline.EvalAll(target, seed, func(task string, config int) (baseline.Kernel, error) {
		return baseline.Baseline(target, kind, task, config)
	}, progress)
	pass := 0
	for _, c := range cells {
		if c.Pass() {
			pass++
		}
	}
	fmt.Fprint(w, baseline.Table(cells))
	fmt.Fprintf(w, "%d of %d cells pass (visible and hidden seed %d) in %v\n", pass, len(cells), seed, time.Since(start).Round(time.Millisecond))
	for _, e := range errs {
		fmt.Fprintf(w, "error: %v\n", e)
	}
	if pass != len(cells) {
		return cli.Exit("", 1)
	}
	return nil
}
