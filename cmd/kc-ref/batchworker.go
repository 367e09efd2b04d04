package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
	"kernelcraft/asm"
	"kernelcraft/cmd/internal/cliutil"
)

// batchWorkerCommand is the hidden command of a batch worker process.
func batchWorkerCommand() *cli.Command {
	return &cli.Command{
		Name:   batchWorkerCommandName,
		Usage:  "judge kernels read as JSON lines from stdin (kc-ref eval --batch runs it; not for use by hand)",
		Hidden: true,
		Flags:  []cli.Flag{&cli.Int64Flag{Name: "memory", Usage: "address space in bytes beyond the process's at start (0: unlimited)"}},
		Action: func(c *cli.Context) error {
			signal.Ignore(os.Interrupt) // the parent stops its workers
			if err := agent.LimitWorker(c.Int64("memory")); err != nil {
				return cli.Exit("eval-worker: "+err.Error(), 2)
			}
			if err := serveBatch(os.Stdin, c.App.Writer); err != nil {
				return cli.Exit("eval-worker: "+err.Error(), 2)
			}
			return nil
		},
	}
}

// serveBatch judges the jobs read from in, one per line, and writes one
// reply line per job to out, until in ends.
func serveBatch(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	hooks := os.Getenv(agent.TestHooksEnv) == "1"
	for {
		line, tooLong, err := readLine(r, maxBatchJob)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if tooLong {
			return errors.New("a job is over the line limit")
		}
		var job batchJob
		if err := json.Unmarshal(line, &job); err != nil {
			return fmt.Errorf("bad job: %v", err)
		}
		v := judgeJob(&job, hooks)
		if err := encodeLine(w, v); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// judgeJob judges a job as kc-ref eval judges a kernel (evalOne).
func judgeJob(job *batchJob, hooks bool) *batchVerdict {
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(job.TimeoutMS)*time.Millisecond)
	defer cancel()
	name, src := job.Path, []byte(job.Source)
	if job.Path != "" {
		var err error
		if src, err = cliutil.ReadInput(job.Path, nil, asm.MaxSourceBytes); err != nil {
			return &batchVerdict{Error: fmt.Sprintf("%s: %v", job.Path, err)}
		}
	} else {
		name = "kernel.s"
	}
	if hooks {
		agent.TestHook(string(src))
	}
	j, err := judgeSource(ctx, job.Target, job.Task, job.Config, job.Seeds, job.Kind, name, src)
	if err != nil {
		return &batchVerdict{Error: err.Error()}
	}
	return verdictOf(j)
}
