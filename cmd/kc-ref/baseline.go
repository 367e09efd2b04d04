package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"kernelcraft/baseline"
)

func baselineKindFlag() cli.Flag {
	return &cli.StringFlag{Name: "kind", Usage: "baseline: " + strings.Join(baseline.Kinds, ", ") + " (default: the chosen one)"}
}

// baselineOf looks up a cell's baseline (baseline.Baseline; a test
// stands in a lookup without one: every built-in cell has a baseline).
var baselineOf = baseline.Baseline

// baselineCommand is "kc-ref baseline -t TARGET TASK -c N".
func baselineCommand() *cli.Command {
	return &cli.Command{
		Name:      "baseline",
		Usage:     "print the baseline kernel's assembly for a configuration",
		UsageText: "kc-ref baseline -t TARGET TASK [-c N] [--kind compiler|template]",
		Description: `Prints the assembly of the baseline an evaluated kernel is compared with:
by default the chosen one, the faster of the two by the golden cycle tables
(baseline/testdata/*_cycles.md). The compiler baseline is plain C
(baseline/coral/c/TASK.c) compiled by clang-16 -O2 with RVV for the
configuration's shapes, which kc-as assembles unchanged; the template
baseline is straightforward RVV assembly from Go templates.`,
		Flags: []cli.Flag{targetFlag(), &cli.IntFlag{Name: "config", Aliases: []string{"c"}, Value: 1, Usage: "configuration 1..5"}, baselineKindFlag()},
		Action: func(c *cli.Context) error {
			target, task, err := caseArgs(c)
			if err != nil {
				return err
			}
			k, err := baselineOf(target, c.String("kind"), task, c.Int("config"))
			if err != nil {
				return cli.Exit(err.Error(), 2)
			}
			fmt.Fprintf(c.App.ErrWriter, "kc-ref: %s\n", k.Name)
			_, err = c.App.Writer.Write(k.Src)
			return err
		},
	}
}
