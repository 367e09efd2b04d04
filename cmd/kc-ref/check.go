package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"kernelcraft/ref/check"
)

// Exit statuses of kc-ref check.
const (
	checkPass  = 0 // every output within tolerance, no input clobbered
	checkFail  = 1 // a verdict of failure, with its diagnosis
	checkUsage = 2 // bad arguments or unreadable case/result
)

const checkDescription = `check compares the result folder of a run (RESULT/NAME.npy for every
output, and stats.json, as kc-sim --case CASE -o RESULT writes them) with
the case's expected outputs, element by element within the case's
tolerance for the output dtype (|actual-expected| <= atol + rtol*|expected|
for floats; integers exact or within the case's max_ulp units). NaN or Inf
where a finite value is expected is always wrong.

On a mismatch it prints a memory-level diagnosis of at most 40 lines: how
many elements are wrong, the first wrong element (index, flat offset,
address) with expected and actual values, where the errors lie (rows,
columns, leading dimensions, a character map), and recognised patterns
with a hint each: output untouched, all zeros, NaN/Inf, constant factor,
constant offset, shifted by k elements, transposed, only the tail past the
last multiple of the vector length wrong, only the first tile right,
repeated tiles, values copied from another tensor, isolated elements,
errors confined to rows/columns, small systematic errors.

The task text is the law: a run also fails when it did not end with the
halt the case names (coral: mpause; an ecall exit(0) or a tohost store is
not it) or when it stored anywhere but its outputs, scratch regions and
the kernel's own area (stats.json written_ranges, exact to the byte: into
an input or a constant, past the end of an output, between or beyond the
tensors); the diagnosis names the range and the nearest tensor. A result
folder without stats.json, or a stats.json without a halt reason, cannot
be judged (exit 2).

Examples:
   kc-sim -t coral gelu.elf --case gelu3/ -o out/
   kc-ref check gelu3/ out/            # exit 0 = correct
   kc-ref check --json gelu3/ out/     # the verdict as JSON

Exit status:
   0  pass
   1  fail (the diagnosis is printed on standard output)
   2  bad usage, or an unreadable case or result (no stats.json, no halt reason)`

// checkCommand is "kc-ref check CASE RESULT".
func checkCommand() *cli.Command {
	return &cli.Command{
		Name:        "check",
		Usage:       "judge a run's result folder against a case (exit 0 = pass)",
		UsageText:   "kc-ref check [--json] CASE_DIR RESULT_DIR",
		Description: checkDescription,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the verdict as JSON instead of text"},
		},
		Action: func(c *cli.Context) error {
			status := runCheck(c.Args().Slice(), c.Bool("json"), c.App.Writer, c.App.ErrWriter)
			if status != checkPass {
				return cli.Exit("", status)
			}
			return nil
		},
	}
}

// runCheck does the work of the check command and returns its exit
// status.
func runCheck(args []string, asJSON bool, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintf(stderr, "kc-ref check: want CASE_DIR RESULT_DIR, got %d argument(s)\n", len(args))
		return checkUsage
	}
	v, err := check.Dir(args[0], args[1])
	if err != nil {
		fmt.Fprintf(stderr, "kc-ref check: %v\n", err)
		return checkUsage
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Verdict check.Verdict `json:"verdict"`
			Text    string        `json:"text"`
		}{v, v.String()}); err != nil {
			fmt.Fprintf(stderr, "kc-ref check: %v\n", err)
			return checkUsage
		}
	} else {
		fmt.Fprint(stdout, v.String())
	}
	if v.Pass {
		return checkPass
	}
	return checkFail
}
