// Command kc-ref is KernelCraft's reference runner: the task catalog and
// support matrix (list), the task text an agent sees (describe), case
// generation with inputs, expected outputs and memory layout (gen), and
// the checker (check).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/urfave/cli/v2"

	"kernelcraft/cmd/internal/cliutil"
)

// version is kc-ref's version (set with -ldflags "-X main.version=…").
var version = "dev"

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

const description = `kc-ref knows the benchmark's 23 tasks, their five configurations per
target, and how to make and judge a case:

   kc-ref list                                  # tasks, levels, support matrix
   kc-ref list -t coral --configs               # every configuration's shapes
   kc-ref describe gelu -c 3 -t coral           # the task text the agent sees
   kc-ref gen -t coral gelu -c 3 -o gelu3/      # case.json + .npy tensors
   kc-ref gen -t coral gelu -c 3 --hidden-seed 42 -o h/ # a hidden case (seed from a record)
   kc-sim -t coral gelu.elf --case gelu3/ -o out/
   kc-ref check gelu3/ out/                     # exit 0 = correct
   kc-ref eval -t coral gelu.s gelu -c 3        # the judge: both cases, cycles, speedup
   kc-ref eval --batch requests.jsonl           # a stream of kernels, a JSON verdict per line

Exit status: 0 success (check: pass), 1 check failed, 2 bad usage (an
unknown command, task, target or flag) or an unreadable case or result.
A TASK is its id, its name or its number in kc-ref list (relu, ReLU, 2).`

func newApp(stdout, stderr io.Writer) *cli.App {
	cli.VersionPrinter = func(c *cli.Context) {
		fmt.Fprintf(c.App.Writer, "kc-ref %s (%s, %s/%s)\n", c.App.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	}
	return &cli.App{
		Name:            "kc-ref",
		Usage:           "tasks, cases, ground truth and the checker",
		Description:     description,
		Version:         version,
		HideHelpCommand: true,
		Writer:          stdout,
		ErrWriter:       stderr,
		Commands:        []*cli.Command{listCommand(), describeCommand(), genCommand(), checkCommand(), baselineCommand(), evalCommand(), batchWorkerCommand()},
	}
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return cliutil.RunSubcommands("kc-ref", newApp(stdout, stderr), args, stderr)
}
