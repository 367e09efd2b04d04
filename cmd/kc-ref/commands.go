package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/ref"
)

func targetFlag() cli.Flag {
	return &cli.StringFlag{Name: "target", Aliases: []string{"t"}, Usage: "target: " + strings.Join(ref.Targets, ", ")}
}

func listCommand() *cli.Command {
	return &cli.Command{
		Name:      "list",
		Usage:     "the tasks with their levels and support matrix (--configs: every configuration's shapes)",
		UsageText: "kc-ref list [-t TARGET] [--configs] [--markdown]",
		Flags: []cli.Flag{
			targetFlag(),
			&cli.BoolFlag{Name: "configs", Usage: "also list the five configurations of each (task, target)"},
			&cli.BoolFlag{Name: "markdown", Usage: "print ref/TASKS.md (catalog, dtypes, tolerances, configurations, definitions)"},
		},
		Action: func(c *cli.Context) error {
			w := c.App.Writer
			if c.Bool("markdown") {
				fmt.Fprint(w, ref.TasksMarkdown())
				return nil
			}
			targets := ref.Targets
			if tg := c.String("target"); tg != "" {
				if err := ref.CheckTarget(tg); err != nil {
					return cli.Exit(err.Error(), 2)
				}
				targets = []string{tg}
			}
			fmt.Fprintf(w, "%-3s %-16s %-22s %-5s", "#", "id", "task", "level")
			for _, tg := range targets {
				fmt.Fprintf(w, " %-6s", tg)
			}
			fmt.Fprintln(w)
			for _, t := range ref.Tasks() {
				fmt.Fprintf(w, "%-3d %-16s %-22s %-5d", t.Number, t.ID, t.Name, t.Level)
				for _, tg := range targets {
					m := "--"
					if t.Supports(tg) {
						m = "yes"
					}
					fmt.Fprintf(w, " %-6s", m)
				}
				fmt.Fprintln(w)
			}
			for _, tg := range targets {
				fmt.Fprintf(w, "%s: %d tasks x %d configurations\n", tg, len(ref.Supported(tg)), ref.NumConfigs)
			}
			if !c.Bool("configs") {
				return nil
			}
			for _, tg := range targets {
				fmt.Fprintf(w, "\n%s\n", tg)
				for _, t := range ref.Supported(tg) {
					cs, _ := ref.Configs(tg, t.ID)
					for _, cf := range cs {
						fmt.Fprintf(w, "  %-16s %d  hw %-14s %s\n", t.ID, cf.Number, cf.HW, paramLine(cf.Params))
					}
				}
			}
			return nil
		},
	}
}

// paramLine prints a configuration's shape params compactly.
func paramLine(p ref.Params) string {
	var parts []string
	add := func(k string, v int) {
		if v != 0 {
			parts = append(parts, fmt.Sprintf("%s=%d", k, v))
		}
	}
	add("M", p.M)
	add("N", p.N)
	add("K", p.K)
	add("B", p.B)
	add("S", p.S)
	add("S_kv", p.SKV)
	add("heads", p.H)
	add("kv_heads", p.HKV)
	add("head_dim", p.D)
	add("d_model", p.DModel)
	add("d_ff", p.F)
	add("H", p.Hin)
	add("W", p.Win)
	add("C_in", p.Cin)
	add("C_out", p.Cout)
	add("KH", p.KH)
	add("KW", p.KW)
	add("stride", p.Stride)
	add("pad", p.Pad)
	if p.Causal {
		parts = append(parts, "causal")
	}
	return strings.Join(parts, " ")
}

func caseFlags() []cli.Flag {
	return []cli.Flag{
		targetFlag(),
		&cli.IntFlag{Name: "config", Aliases: []string{"c"}, Value: 1, Usage: "configuration 1..5"},
		&cli.Uint64Flag{Name: "seed", Value: ref.DefaultSeed, Usage: "input generator seed of the visible case"},
		&cli.BoolFlag{Name: "hidden", Usage: "the hidden (validation) case instead, from its own seed domain; needs --hidden-seed"},
		&cli.Uint64Flag{Name: "hidden-seed", Usage: "seed `N` of the hidden case (implies --hidden): the one a judgement recorded (hidden_seed in kc-agent records, kc-ref eval's output)"},
	}
}

// caseSeed is the seed and domain a case command generates: the visible
// seed, or with --hidden the hidden seed, which must be given: hidden
// seeds are drawn at judging time, so no default one exists to know.
func caseSeed(c *cli.Context) (seed uint64, hidden bool, err error) {
	if c.IsSet("hidden-seed") {
		return c.Uint64("hidden-seed"), true, nil
	}
	if c.Bool("hidden") {
		return 0, false, cli.Exit("--hidden needs --hidden-seed N: a hidden case's seed is drawn when a kernel is judged (kc-agent records it as hidden_seed, kc-ref eval prints it); give the one whose case you want", 2)
	}
	return c.Uint64("seed"), false, nil
}

func caseArgs(c *cli.Context) (target, task string, err error) {
	if c.NArg() != 1 {
		return "", "", cli.Exit(fmt.Sprintf("want one TASK (see kc-ref list), got %d argument(s)", c.NArg()), 2)
	}
	target = c.String("target")
	if target == "" {
		return "", "", cli.Exit("-t TARGET is required ("+strings.Join(ref.Targets, ", ")+")", 2)
	}
	if err := ref.CheckTarget(target); err != nil {
		return "", "", cli.Exit(err.Error(), 2)
	}
	if task, err = ref.TaskID(c.Args().First()); err != nil {
		return "", "", cli.Exit(err.Error(), 2)
	}
	return target, task, nil
}

func describeCommand() *cli.Command {
	return &cli.Command{
		Name:      "describe",
		Usage:     "print the task text an agent sees for a configuration",
		UsageText: "kc-ref describe TASK -t TARGET [-c N] [--seed S | --hidden-seed N]",
		Flags:     caseFlags(),
		Action: func(c *cli.Context) error {
			target, task, err := caseArgs(c)
			if err != nil {
				return err
			}
			seed, hidden, err := caseSeed(c)
			if err != nil {
				return err
			}
			cs, _, err := ref.Generate(target, task, c.Int("config"), seed, hidden)
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			fmt.Fprint(c.App.Writer, cs.Description)
			return nil
		},
	}
}

func genCommand() *cli.Command {
	return &cli.Command{
		Name:      "gen",
		Usage:     "write a case: case.json and one .npy per tensor (inputs, consts, expected outputs)",
		UsageText: "kc-ref gen -t TARGET TASK [-c N] [--seed S | --hidden-seed N] -o DIR",
		Flags: append(caseFlags(),
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "case directory (created if needed)", Required: true}),
		Action: func(c *cli.Context) error {
			target, task, err := caseArgs(c)
			if err != nil {
				return err
			}
			seed, hidden, err := caseSeed(c)
			if err != nil {
				return err
			}
			cs, tensors, err := ref.Generate(target, task, c.Int("config"), seed, hidden)
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			if err := ref.WriteCase(c.String("output"), cs, tensors); err != nil {
				return cli.Exit(err.Error(), 2)
			}
			fmt.Fprintf(c.App.ErrWriter, "kc-ref: %s %s config %d (seed %d%s) -> %s (%d tensors, hw %s)\n",
				target, cs.Task, cs.Config, cs.Seed, map[bool]string{true: ", hidden"}[cs.Hidden], c.String("output"), len(cs.Tensors), cs.HW)
			return nil
		},
	}
}
