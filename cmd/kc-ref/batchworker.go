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
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
	"kernelcraft/asm"
	"kernelcraft/cmd/internal/cliutil"
	"kernelcraft/judge"
	"kernelcraft/ref"
	"kernelcraft/sim"
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
			if err := serveBatch(os.Stdin, c.App.Writer, c.Int64("memory")); err != nil {
				return cli.Exit("eval-worker: "+err.Error(), 2)
			}
			return nil
		},
	}
}

// batchReply is a worker's reply: the verdict, and whether the worker
// retires after it.
type batchReply struct {
	batchVerdict
	Retire bool `json:"retire,omitempty"`
}

// serveBatch judges the jobs read from in, one per line, and writes one
// reply line per job to out, until in ends or the worker retires: once
// its address space has grown by three quarters of memory (its limit:
// agent.LimitWorker), a fresh worker takes the next job, so that what
// the jobs before left (caches, a grown heap) seldom leaves the next one
// too little (and if it does, batchWorker.do sends that job again to a
// fresh worker).
func serveBatch(in io.Reader, out io.Writer, memory int64) error {
	start, measured := addressSpace()
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	hooks := os.Getenv(agent.TestHooksEnv) == "1"
	cache := &caseCache{}
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
		r := batchReply{batchVerdict: *judgeJob(&job, cache, hooks)}
		if now, ok := addressSpace(); ok && measured {
			r.Retire = shouldRetire(now-min(now, start), memory)
		}
		if err := encodeLine(w, &r); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if r.Retire {
			return nil
		}
	}
}

// shouldRetire reports whether a worker whose address space may grow by
// memory bytes (0: unlimited) should retire, grown by grown bytes: past
// three quarters of it.
func shouldRetire(grown uint64, memory int64) bool {
	return memory > 0 && grown > uint64(memory/4*3)
}

// addressSpace is the size of this process's address space (VmSize, what
// its limit bounds), where the system says (Linux).
func addressSpace() (uint64, bool) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, l := range strings.Split(string(status), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmSize:" && f[2] == "kB" {
			n, err := strconv.ParseUint(f[1], 10, 64)
			return n << 10, err == nil
		}
	}
	return 0, false
}

// judgeJob judges a job as kc-ref eval judges a kernel (evalOne), the
// visible case from cache.
func judgeJob(job *batchJob, cache *caseCache, hooks bool) *batchVerdict {
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
	cases := func() (*judge.Cases, error) {
		visible, tensors, err := cache.visible(job.Target, job.Task, job.Config, job.Seeds.Visible)
		if err != nil {
			return nil, err
		}
		return judge.Complete(visible, tensors, job.Seeds.Hidden)
	}
	j, err := judgeSource(ctx, job.Target, job.Task, job.Config, cases, job.Kind, name, src)
	if err != nil {
		return &batchVerdict{Error: err.Error()}
	}
	return verdictOf(j)
}

// caseCache keeps the visible cases a worker generated last, by cell and
// seed: a stream that judges many kernels on one cell (best-of-N
// sampling, search) generates its visible case once per worker (about a
// quarter of a judgement's time over the baseline cells), as an agent's
// attempt does (judge.Complete). Cases are read, never written, by the
// judgements; the hidden case is generated for each one. It holds at
// most caseCacheEntries cases whose tensors are within caseCacheBytes,
// forgetting the least recently used first.
type caseCache struct {
	list []cachedCase // least recently used first
}

type cachedCase struct {
	target, task string
	config       int
	seed         uint64
	c            *ref.Case
	tensors      map[string]*sim.Tensor
	bytes        int64
}

// The bounds of a caseCache.
const (
	caseCacheEntries = 8
	caseCacheBytes   = 128 << 20
)

// visible returns the visible case of a cell for seed, generated (and
// kept) if it is not held.
func (cc *caseCache) visible(target, task string, config int, seed uint64) (*ref.Case, map[string]*sim.Tensor, error) {
	for i, e := range cc.list {
		if e.target == target && e.task == task && e.config == config && e.seed == seed {
			cc.list = append(append(cc.list[:i:i], cc.list[i+1:]...), e)
			return e.c, e.tensors, nil
		}
	}
	c, tensors, err := ref.Generate(target, task, config, seed, false)
	if err != nil {
		return nil, nil, err
	}
	e := cachedCase{target: target, task: task, config: config, seed: seed, c: c, tensors: tensors}
	for _, t := range tensors {
		e.bytes += int64(len(t.Data))
	}
	cc.list = append(cc.list, e)
	var total int64
	for _, e := range cc.list {
		total += e.bytes
	}
	for len(cc.list) > caseCacheEntries || total > caseCacheBytes && len(cc.list) > 1 {
		total -= cc.list[0].bytes
		cc.list = cc.list[1:]
	}
	return c, tensors, nil
}
