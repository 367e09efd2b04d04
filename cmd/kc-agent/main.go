// Command kc-agent runs KernelCraft's agent: an attempt in which a model
// (or the model-free baseline provider) writes an assembly kernel for a
// task, repairs it from the tools' feedback within an iteration budget,
// and submits it for a verdict on hidden inputs.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
	"kernelcraft/cmd/internal/cliutil"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

// version is kc-agent's version (set with -ldflags "-X main.version=…").
var version = "dev"

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

const description = `kc-agent runs the agent: on one cell (target, task, configuration), or on
the benchmark matrix, and reports the results as the paper's tables.

   kc-agent run -t coral relu -c 1                      # one attempt, the baseline provider (no model)
   kc-agent run -t coral gemm -c 3 --out runs/ --json   # record as JSON, trajectory in runs/
   kc-agent bench                                       # DEFAULT_CELLS, then the report
   kc-agent bench --models openai:gpt-5.2 --jobs 8      # a real model (OPENAI_API_KEY)
   kc-agent report runs/bench --format csv              # the tables of a results folder

The record gives success (the submitted kernel, or the last one that
passed run, is correct on the hidden inputs), iterations, the first
correct iteration, cycles against the chosen baseline, tokens and the
stop reason. --model takes provider[:name]: baseline, openai:MODEL
(OPENAI_API_KEY; OPENAI_BASE_URL or --base-url for vLLM, Ollama, llama.cpp),
anthropic:MODEL (ANTHROPIC_API_KEY), replay (--replay DIR). See "kc-agent bench --help" for the matrix
(parallel, resumable, sharded over Slurm arrays or Kubernetes Indexed Jobs)
and "kc-agent report --help" for the tables.

Exit status of run: 0 the attempt succeeded, 1 it did not, 2 bad usage or
a setup error; bench and report document theirs; an unknown command or
flag: 2. A TASK is its id, its name or its number in kc-ref list.`

func newApp(stdout, stderr io.Writer) *cli.App {
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "kc-agent %s (%s, %s/%s)\n", c.App.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	}
	return &cli.App{
		Name:            "kc-agent",
		Usage:           "the agent loop: a model writes and repairs a kernel",
		Description:     strings.Replace(description, "DEFAULT_CELLS", defaultCells(), 1),
		Version:         version,
		HideHelpCommand: true,
		Writer:          stdout,
		ErrWriter:       stderr,
		Commands:        []*cli.Command{runCommand(), benchCommand(), reportCommand(), workerCommand()},
	}
}

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "run one attempt on a cell and print its record",
		ArgsUsage: "TASK",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "target", Aliases: []string{"t"}, Value: "coral", Usage: "target"},
			&cli.IntFlag{Name: "config", Aliases: []string{"c"}, Value: 1, Usage: "configuration `N` (1..5)"},
			&cli.StringFlag{Name: "model", Aliases: []string{"m", "models"}, Value: "baseline", Usage: "provider[:name] (one model; bench takes a list)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "visible case seed (the hidden case's is drawn when the kernel is judged)"},
			&cli.Uint64Flag{Name: "hidden-seed", Usage: "judge with this hidden seed `N` instead of a fresh one (reproduce a record's hidden_seed)"},
			&cli.IntFlag{Name: "budget", Usage: "iterations (default: 15/20/25 by level)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the trajectory JSONL into `DIR`"},
			&cli.BoolFlag{Name: "json", Usage: "print the record as JSON"},
		}, append(limitFlags(), providerFlags()...)...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("run needs one TASK (see kc-ref list)", 2)
			}
			task, err := ref.TaskID(c.Args().First())
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			target, config := c.String("target"), c.Int("config")
			env, err := agent.NewEnv(target, task, config, c.Uint64("seed"))
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			if m := c.String("model"); strings.Contains(m, ",") {
				return cli.Exit(fmt.Sprintf("run takes one model (got %q); kc-agent bench --models runs several", m), 2)
			}
			pcfg := providerConfig(c)
			pcfg.Seed = c.Uint64("seed")
			p, err := agent.NewProvider(c.String("model"), target, task, config, pcfg)
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			opt := limitOptions(c, agent.Options{Budget: c.Int("budget")})
			if opt.Isolation, err = isolation(c); err != nil {
				return cli.Exit(err.Error(), 2)
			}
			if c.IsSet("hidden-seed") {
				hs := c.Uint64("hidden-seed")
				opt.HiddenSeed = &hs
			}
			var trajPath string
			if dir := c.String("out"); dir != "" {
				trajPath = filepath.Join(dir, bench.TrajectoryName(c.String("model"), target, task, config, c.Uint64("seed")))
				tr, f, err := agent.CreateTrajectory(trajPath)
				if err != nil {
					return cli.Exit(err.Error(), 2)
				}
				defer f.Close()
				opt.Trajectory = tr
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			rec := agent.Attempt(ctx, p, env, opt)
			w := c.App.Writer
			if c.Bool("json") {
				b, _ := json.MarshalIndent(rec, "", "  ")
				fmt.Fprintf(w, "%s\n", b)
			} else {
				printRecord(w, rec)
			}
			if trajPath != "" {
				if err := opt.Trajectory.Err(); err != nil {
					return cli.Exit("trajectory: "+err.Error(), 2)
				}
				fmt.Fprintf(c.App.ErrWriter, "trajectory: %s\n", trajPath)
			}
			if !rec.Success {
				return cli.Exit("", 1)
			}
			return nil
		},
	}
}

func printRecord(w io.Writer, r *agent.Record) {
	verdict := "FAIL"
	if r.Success {
		verdict = "PASS"
	}
	fmt.Fprintf(w, "%s %s %s config %d (level %d, seed %d), model %s\n", verdict, r.Target, r.Task, r.Config, r.Level, r.Seed, r.Model)
	fmt.Fprintf(w, "stop: %s, judged: %s, iterations %d/%d, first correct: %d\n", r.StopReason, r.Judged, r.Iterations, r.Budget, r.FirstCorrect)
	fmt.Fprintf(w, "cycles %d (hidden case, seed %d; visible %d), baseline %d, speedup %.3f\n", r.Cycles, r.HiddenSeed, r.VisibleCycles, r.BaselineCycles, r.Speedup)
	if r.DataDependentCycles {
		fmt.Fprintf(w, "data-dependent cycles: the kernel's cycles on the visible and hidden cases differ by more than %g%%\n", 100*judge.DataDependentMargin)
	}
	if c := r.Replay; c.Mode != "" {
		printReplayCheck(w, c)
	}
	fmt.Fprintf(w, "tokens in %d, out %d, wall %.2fs\n", r.TokensIn, r.TokensOut, r.WallSeconds)
	if r.Error != "" {
		fmt.Fprintf(w, "error: %s\n", r.Error)
	}
}

// printReplayCheck says how a replayed kernel fared against its
// recording.
func printReplayCheck(w io.Writer, c agent.ReplayCheck) {
	pf := map[bool]string{true: "pass", false: "FAIL"}
	if c.RecordedSeed != 0 || c.Mode == agent.ReplayReproduceOnly {
		repro := "reproduces the recorded verdict and cycles"
		if !c.Reproduced {
			repro = "does NOT reproduce the recorded verdict and cycles"
		}
		fmt.Fprintf(w, "replay: recorded hidden seed %d: %s (%s)\n", c.RecordedSeed, pf[c.RecordedPass], repro)
	} else {
		fmt.Fprintln(w, "replay: the recording holds no judgement to reproduce")
	}
	if c.Mode == agent.ReplayReproduceOnly {
		fmt.Fprintln(w, "replay: --reproduce-only: not judged on a fresh hidden case (a recorded seed is public: this proves nothing about the kernel)")
		return
	}
	fmt.Fprintf(w, "replay: fresh hidden seed %d: %s (cycles %d, speedup %.3f)\n", c.FreshSeed, pf[c.FreshPass], c.FreshCycles, c.FreshSpeedup)
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return cliutil.RunSubcommands("kc-agent", newApp(stdout, stderr), args, stderr)
}

// workerCommandName is the hidden command a tool call's worker process
// runs (agent.Isolation).
const workerCommandName = "tool-worker"

func workerCommand() *cli.Command {
	return &cli.Command{
		Name:   workerCommandName,
		Usage:  "serve one tool call read as JSON from stdin (kc-agent runs it; not for use by hand)",
		Hidden: true,
		Action: func(c *cli.Context) error {
			// The parent stops its workers (at a deadline, on Ctrl-C).
			signal.Ignore(os.Interrupt)
			if err := agent.ServeWorker(os.Stdin, c.App.Writer); err != nil {
				return cli.Exit(err.Error(), 2)
			}
			return nil
		},
	}
}
