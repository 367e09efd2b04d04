package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
	"kernelcraft/agent/report"
	"kernelcraft/cmd/internal/cliutil"
)

// Exit statuses of bench.
const (
	exitBenchIncomplete  = 1   // some cells could not run or be recorded
	exitBenchInterrupted = 130 // SIGINT/SIGTERM before every cell was recorded (128 + SIGINT)
)

const benchDescription = `bench runs the benchmark matrix: every model × target × task × configuration
cell the selection names (only the (task, target) pairs the target supports),
one agent attempt per cell, --jobs cells at a time. Each finished attempt is
appended as one JSON line (an agent record) to DIR/results.jsonl (sharded:
DIR/results-shard-I-of-N.jsonl) and its trajectory written to
DIR/trajectories/MODEL_TARGET_TASK_cN_sSEED.jsonl. At the end it prints the
report of everything in DIR (success, speedup and effort tables; --no-report
skips it).

   kc-agent bench                                     # baseline provider, DEFAULT_CELLS
   kc-agent bench --models openai:gpt-5.2 --levels 1 --configs 1,3 --jobs 8
   kc-agent bench --models anthropic:claude-sonnet-4-5,openai:gpt-5.2 --out runs/paper

Resume: cells already recorded in DIR (any results*.jsonl there) are skipped,
so after a crash, a kill or Ctrl-C, run the same command again; it repeats no
finished cell. A torn last line (a kill during a write) is ignored with a
warning. --retry-errors also re-runs cells whose attempt stopped on a provider
error (the report keeps the better record).

Ctrl-C (SIGINT) or SIGTERM: no new cell starts; running attempts stop as
interrupted and are NOT recorded (a resume re-runs them); the summary and the
report are printed. A second Ctrl-C kills at once (finished cells are safe).

Sharding (--shard i/n, 0-based i): cell k of the matrix's canonical order
belongs to shard k mod n; shards are disjoint and together cover the matrix
(give every shard the same selection flags: they define the order).
Without --shard, JOB_COMPLETION_INDEX (Kubernetes Indexed Job, with --shards
N) or SLURM_ARRAY_TASK_ID (index = (ID - SLURM_ARRAY_TASK_MIN) / STEP, count
SLURM_ARRAY_TASK_COUNT or --shards) selects the shard. Shards write their
own results files, so a shared DIR, or DIRs copied together, merge by
concatenation; kc-agent report DIR... reads them all.

   # Slurm job array (8 tasks, shared file system):
   #SBATCH --array=0-7
   kc-agent bench --models openai:gpt-5.2 --out /shared/runs/gpt52 --jobs 4 --no-report
   # then: kc-agent report /shared/runs/gpt52

   # Kubernetes Indexed Job: completionMode: Indexed, completions: 8, parallelism: 8,
   # a volume mounted at /runs; the container runs
   kc-agent bench --models openai:gpt-5.2 --shards 8 --out /runs/gpt52 --no-report

A second run of the same shard into the same DIR is refused while the first
runs (a lock on the results file).

Exit status: 0 every selected cell is recorded (whatever its verdict), 1 some
cells could not run or be recorded (see the summary) or DIR cannot be
written or is locked by another run, 2 bad usage or setup
(unknown model, target or task, bad shard), 130 interrupted before every cell
was recorded.`

func benchCommand() *cli.Command {
	return &cli.Command{
		Name:        "bench",
		Usage:       "run the benchmark matrix (parallel, resumable, shardable) and print the report",
		Description: strings.Replace(benchDescription, "DEFAULT_CELLS", defaultCells(), 1),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "models", Aliases: []string{"m", "model"}, Value: "baseline", Usage: "comma-separated `provider[:name]` list: baseline, openai:MODEL, anthropic:MODEL, replay"},
			&cli.StringFlag{Name: "targets", Aliases: []string{"t"}, Usage: "comma-separated targets", DefaultText: "every target with an ISA"},
			&cli.StringFlag{Name: "levels", Usage: "levels, e.g. 1,2 or 1-3", DefaultText: "all"},
			&cli.StringFlag{Name: "tasks", Usage: "comma-separated task ids or names", DefaultText: "all the targets support"},
			&cli.StringFlag{Name: "configs", Aliases: []string{"c"}, Value: "1-5", Usage: "configurations, e.g. 1-5, 1,3"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "case seed of every cell"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "runs/bench", Usage: "results `DIR`"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "cells run at once", DefaultText: "GOMAXPROCS"},
			&cli.StringFlag{Name: "shard", Usage: "run shard `i/n` of the matrix (0-based i)"},
			&cli.IntFlag{Name: "shards", Usage: "shard count `N` with JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID", DefaultText: "SLURM_ARRAY_TASK_COUNT"},
			&cli.IntFlag{Name: "budget", Usage: "iterations per attempt", DefaultText: "15/20/25 by level"},
			&cli.BoolFlag{Name: "retry-errors", Usage: "also re-run cells recorded with a provider error"},
			&cli.BoolFlag{Name: "no-report", Usage: "do not print the report at the end"},
			&cli.StringFlag{Name: "format", Value: "md", Usage: "report format: md, csv, svg (charts) or html (a page with tables and charts)"},
		}, append(limitFlags(), providerFlags()...)...),
		Action: benchAction,
	}
}

// defaultCells says what bench runs with no selection flags: every cell of
// the default targets (bench.DefaultTargets), counted from ref's tasks, so
// the help stays true as tasks and targets are added.
func defaultCells() string {
	defined, _ := bench.DefaultTargets()
	cells, err := bench.Matrix{Models: []string{"baseline"}, Targets: defined}.Cells()
	if err != nil {
		return "every cell of " + strings.Join(defined, ", ")
	}
	return fmt.Sprintf("every cell of %s (%d)", strings.Join(defined, ", "), len(cells))
}

func benchAction(c *cli.Context) error {
	stderr := c.App.ErrWriter
	if c.NArg() > 0 {
		return cli.Exit(fmt.Sprintf("bench takes no arguments (got %q); select tasks with --tasks", c.Args().Slice()), 2)
	}
	m := bench.Matrix{Models: bench.SplitList(c.String("models")), Tasks: bench.SplitList(c.String("tasks")), Seed: c.Uint64("seed")}
	if c.IsSet("targets") {
		m.Targets = bench.SplitList(c.String("targets"))
	} else {
		defined, planned := bench.DefaultTargets()
		m.Targets = defined
		if len(planned) > 0 {
			fmt.Fprintf(stderr, "bench: note: %s not run by default (baselines incomplete: --targets %s runs the cells that have one)\n", strings.Join(planned, ", "), strings.Join(planned, ","))
		}
	}
	var err error
	if s := c.String("levels"); s != "" {
		if m.Levels, err = bench.ParseInts(s); err != nil {
			return cli.Exit("--levels: "+err.Error(), 2)
		}
	}
	if m.Configs, err = bench.ParseInts(c.String("configs")); err != nil {
		return cli.Exit("--configs: "+err.Error(), 2)
	}
	if c.Int("jobs") < 0 || c.Int("budget") < 0 {
		return cli.Exit("--jobs and --budget must not be negative", 2)
	}
	format := c.String("format")
	if !slices.Contains(report.Formats, format) {
		return cli.Exit(fmt.Sprintf("--format %q: want %s", format, strings.Join(report.Formats, ", ")), 2)
	}
	all, err := m.Cells()
	if err != nil {
		return cli.Exit(err.Error(), 2)
	}
	shard, source, err := bench.ResolveShard(c.String("shard"), c.Int("shards"), os.Getenv)
	if err != nil {
		return cli.Exit(err.Error(), 2)
	}
	cells := shard.Select(all)
	if shard.Sharded() {
		fmt.Fprintf(stderr, "bench: shard %s (from %s): %d of the matrix's %d cells\n", shard, source, len(cells), len(all))
	}
	pcfg := providerConfig(c)
	newProvider := func(cell bench.Cell) (agent.Provider, error) {
		cfg := pcfg
		cfg.Seed = cell.Seed // replay picks the cell's trajectory recorded with its seed
		return agent.NewProvider(cell.Model, cell.Target, cell.Task, cell.Config, cfg)
	}
	// Check every model once before starting: an unknown provider or a
	// missing key is a usage error, not one failed cell per attempt.
	checked := map[string]bool{}
	for _, cell := range all {
		if checked[cell.Model] {
			continue
		}
		checked[cell.Model] = true
		if _, err := newProvider(cell); err != nil {
			return cli.Exit(fmt.Sprintf("--models %s: %v", cell.Model, err), 2)
		}
	}

	iso, err := isolation(c)
	if err != nil {
		return cli.Exit(err.Error(), 2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	waitWatcher := announceInterrupt(ctx, stop, stderr)
	live := false
	if f, ok := stderr.(*os.File); ok {
		live = cliutil.IsTerminal(f)
	}
	cfg := bench.Config{Dir: c.String("out"), Cells: cells, Shard: shard, Jobs: c.Int("jobs"), Budget: c.Int("budget"),
		NewProvider: newProvider, RetryErrors: c.Bool("retry-errors"), Progress: stderr, Live: live,
		MaxToolCalls: c.Int("max-tool-calls"), MaxReplyBytes: c.Int("max-reply-bytes"), CellTimeout: c.Duration("cell-timeout"),
		ToolTimeout: c.Duration("tool-timeout"), Isolation: iso}
	s, err := bench.Run(ctx, cfg)
	waitWatcher()
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v (finished cells are in %s)", cfg.Dir, err, cfg.Dir), exitBenchIncomplete)
	}
	fmt.Fprintf(stderr, "bench: %s\n", s)
	if !c.Bool("no-report") {
		if err := printReport(c.App.Writer, stderr, format, "all", cfg.Dir); err != nil {
			fmt.Fprintf(stderr, "bench: report: %v\n", err)
		}
	}
	switch {
	case s.Complete():
		return nil
	case ctx.Err() != nil && len(s.Errors) == 0:
		return cli.Exit("", exitBenchInterrupted)
	}
	return cli.Exit("", exitBenchIncomplete)
}

// announceInterrupt tells w, as soon as ctx is cancelled by a signal,
// that no new cells start, and calls stop so that a second signal kills
// the process. The returned wait must be called when the run ends: it
// returns once the announcement, if any, is written, so that an
// interrupt arriving just before the end is still announced, and before
// the summary. (When both the run's end and the cancellation are ready,
// select would pick one at random; the watcher checks the context once
// more instead.)
func announceInterrupt(ctx context.Context, stop func(), w io.Writer) (wait func()) {
	finished, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ctx.Done():
		case <-finished:
			if ctx.Err() == nil {
				return
			}
		}
		stop()
		fmt.Fprintln(w, "\nbench: interrupted: no new cells; running attempts stop and are not recorded (Ctrl-C again to kill)")
	}()
	return func() { close(finished); <-watched }
}

// printReport loads paths and writes their report; the warnings go to
// stderr.
func printReport(stdout, stderr io.Writer, format, tables string, paths ...string) error {
	r, warnings, err := report.Load(paths...)
	for _, w := range warnings {
		fmt.Fprintf(stderr, "report: warning: %s\n", w)
	}
	if err != nil {
		return err
	}
	return r.Write(stdout, format, tables)
}

const reportDescription = `report reads benchmark results (folders written by kc-agent bench: every
results*.jsonl in them; or JSONL files) and prints the paper's tables. Several
folders or files merge by concatenation; a cell recorded more than once is
kept once (the finished, successful, fastest record; a warning names it);
torn lines and interrupted attempts are skipped with a warning.

   kc-agent report runs/bench
   kc-agent report runs/shard-* --format csv --table speedup > speedup.csv
   kc-agent report runs/bench --format html > results.html   # tables and charts, one file
   kc-agent report runs/bench --format html --out site/      # browsable: site/index.html and a page per attempt
   kc-agent report runs/bench --format svg --table speedup > speedup.svg

Success table: rows are tasks by level with subtotals and a total, columns
target / model; a cell is passed/N over the configurations run (5 for a full
run), -- a task the target does not support, · (CSV: empty) a task not run.
Speedup table: per task and column "G (B)", the geometric mean and the best
of baseline cycles / kernel cycles over the task's successful configurations
("none": no success); the level and overall rows are geometric means over
tasks. In CSV each column is two: geomean, best.
Effort table: per target / model, attempts, passed, mean iterations, mean
first correct iteration, provider errors, tokens in and out, cost in USD.

Charts (--format svg: one SVG document; --format html: a page holding each
chart above its table, no scripts or external files): success as a heat map
of tasks by target / model (colour: share of configurations passed);
speedup per task as bars from 1x to the geometric mean, the best marked, on
a log scale, with the geometric means over tasks marked per level and
overall; effort as the share of attempts correct by each iteration.

Every attempt browsable (--format html --out SITE): SITE is a folder (made if
needed) that receives SITE/index.html, the HTML page above with each success
cell linking to its attempts (one link per configuration, green passed, red
failed), and SITE/attempts/NAME.html, one page per attempt (NAME is its
trajectory's file name, MODEL_TARGET_TASK_cN_sSEED), read from the
trajectories folder beside each results file: the task text the model saw,
each turn's text and tool calls with their results (every kernel with its diff
to the previous one, assembler errors, the checker's diagnosis, profile and
timeline excerpts), cycles and correctness by iteration as a small chart, and
the verdict with its seeds (a replay's recorded and fresh hidden seeds). The
pages hold no script and load nothing; a trajectory's text is escaped and cut
where it is long (the page says "truncated"). An attempt whose trajectory is
missing gets a page with its record. Pages of an earlier report in SITE that
this one does not write are left. Without --out, --format html prints the
single page to stdout as before. --out takes only --format html (other
formats print to stdout: redirect them) and needs the success table (--table
all or success); an existing file, or a name ending in .html, is refused: the
site is a folder.

Exit status: 0 ok, 1 no records, 2 bad usage or an unreadable path, or the
site could not be written.`

func reportCommand() *cli.Command {
	return &cli.Command{
		Name:        "report",
		Usage:       "print the tables of benchmark results, or write a browsable site of every attempt (--out)",
		ArgsUsage:   "[DIR|FILE]... (default: runs/bench)",
		Description: reportDescription,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "md", Usage: "md, csv, svg (the charts) or html (a self-contained page with the tables and charts)"},
			&cli.StringFlag{Name: "table", Value: "all", Usage: "all, success, speedup or effort"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write a browsable site into the folder `SITE` (--format html): index.html and a page per attempt"},
		},
		Action: func(c *cli.Context) error {
			paths := c.Args().Slice()
			if len(paths) == 0 {
				paths = []string{"runs/bench"}
			}
			format, table := c.String("format"), c.String("table")
			if !slices.Contains(report.Formats, format) {
				return cli.Exit(fmt.Sprintf("--format %q: want %s", format, strings.Join(report.Formats, ", ")), 2)
			}
			if !slices.Contains(report.Tables, table) {
				return cli.Exit(fmt.Sprintf("--table %q: want %s", table, strings.Join(report.Tables, ", ")), 2)
			}
			site := c.String("out")
			if c.IsSet("out") {
				if err := checkSiteOut(site, format, table); err != nil {
					return cli.Exit(err.Error(), 2)
				}
			}
			r, warnings, err := report.Load(paths...)
			for _, w := range warnings {
				fmt.Fprintf(c.App.ErrWriter, "report: warning: %s\n", w)
			}
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			if len(r.Columns) == 0 {
				return cli.Exit(fmt.Sprintf("no records in %s", strings.Join(paths, ", ")), 1)
			}
			if site != "" {
				s, err := r.WriteSite(site, table)
				if err != nil {
					return cli.Exit("--out: "+err.Error(), 2)
				}
				fmt.Fprintf(c.App.ErrWriter, "report: wrote %s and %d attempt pages in %s", s.Index, s.Pages, filepath.Join(site, report.AttemptsDir))
				if s.NoTrajectory > 0 {
					fmt.Fprintf(c.App.ErrWriter, " (%d without a trajectory: they show the record only)", s.NoTrajectory)
				}
				fmt.Fprintln(c.App.ErrWriter)
				return nil
			}
			if err := r.Write(c.App.Writer, format, table); err != nil {
				return cli.Exit(err.Error(), 2)
			}
			return nil
		},
	}
}

// checkSiteOut checks report --out SITE: a folder for --format html with
// the success table.
func checkSiteOut(site, format, table string) error {
	switch {
	case site == "":
		return fmt.Errorf("--out needs a folder")
	case format != "html":
		return fmt.Errorf("--out %s writes a browsable site, which is --format html (not %s); other formats print to stdout: redirect them to a file", site, format)
	case table != "all" && table != "success":
		return fmt.Errorf("--out %s: the site's index links the attempts from the success table: use --table all or success, not %s", site, table)
	}
	if st, err := os.Stat(site); err == nil && !st.IsDir() {
		return fmt.Errorf("--out %s is a file: the site is a folder (index.html and attempts/); for the single page, print it: kc-agent report ... --format html > %s", site, site)
	}
	if ext := strings.ToLower(filepath.Ext(site)); ext == ".html" || ext == ".htm" {
		return fmt.Errorf("--out %s: the site is a folder (index.html and attempts/), not an .html file; for the single page, print it: kc-agent report ... --format html > %s", site, site)
	}
	return nil
}
