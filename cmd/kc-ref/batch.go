package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"kernelcraft/agent"
	"kernelcraft/asm"
	"kernelcraft/baseline"
	"kernelcraft/judge"
	"kernelcraft/ref"
)

const batchDescription = `eval --batch judges a stream of kernels: one JSON request per line from
FILE (or standard input: no FILE, or -), one JSON verdict per line on
standard output, written as each judgement finishes (not in input order:
"id" and "line" say which request a verdict answers).

A request is an object with these fields (only target, task and one of
source or path are required):

   id           any JSON value, copied to the verdict
   target       coral, plena or aie2
   task         a task's id, name or number (as on the command line)
   config       1..5 (default 1)
   source       the kernel's text, or
   path         a file holding it (relative to the current directory)
   seed         the visible case's seed (default 1)
   hidden_seed  the hidden case's seed (default: fresh from a
                cryptographic source, as kc-ref eval draws it)
   kind         the baseline compared with (default --kind, else the
                cell's chosen one)

Each request is judged exactly as kc-ref eval judges it (a {{.M}}-style
template is filled first); the verdict of the same kernel with the same
seeds is the same. A verdict carries id, line, target, task, config, seed,
hidden_seed (a 64-bit integer: read it exactly, as jq 1.7 and Python do),
pass (both cases pass), visible and hidden (each case's pass,
cycles, instructions, halt and the checker's verdict text), cycles and
visible_cycles, baseline, baseline_cycles and speedup (both on the hidden
case), data_dependent, diagnosis (the first failing case's verdict,
shortened to one line) and error. A request with an error was not judged:
a line that is not a JSON object of the fields above (unknown fields
too), longer than 32 MiB, a file that cannot be read, a kernel that does
not assemble, or a worker that crashed or ran past --timeout. The error
names the line; every other request is still judged.

Kernels run in worker processes (this executable), --jobs of them, each
serving one request at a time under --timeout and --memory: a crash, a
runaway allocation or a hang ends that request with an error, and a new
worker takes the next one (a request whose worker crashed after serving
others is first sent again to a fresh worker, since what the others left
may be the cause: the crash is the request's when it recurs there). At most about three times --jobs requests
are held at once (read ahead, being judged, their verdicts waiting to be
written), so memory stays bounded however long the stream. A worker
keeps the last visible cases it made: many kernels judged on one cell
(best-of-N, search) share its visible case. When the stream ends, a
summary line goes to standard error: requests, judged, passed, errors,
wall time and judgements per second.

Examples:
   kc-ref eval --batch requests.jsonl > verdicts.jsonl
   ls candidates/*.s | jq -Rc '{id: ., target: "coral", task: "relu", path: .}' |
       kc-ref eval --batch --jobs 2 | jq -r 'select(.pass) | "\(.id) \(.speedup)"'
   kc-ref eval --batch <<'EOF'
   {"id": "a", "target": "coral", "task": "gemm", "config": 3, "path": "testdata/kernels/coral/gemm_i8.s", "hidden_seed": 1}
   {"id": "b", "target": "coral", "task": "relu", "source": ".text\n_start: j _start\n"}
   EOF

Exit status with --batch: 0 every request was judged (pass or fail
alike: read the verdicts), 1 at least one request has an error (its
verdict says which), 2 bad usage or the stream itself failed
(unreadable, or standard output could not be written), 130 interrupted
(Ctrl-C or SIGTERM: the requests being judged are stopped, the verdicts
written so far stand).`

// maxBatchLine bounds a request line: a source of asm.MaxSourceBytes of
// text, JSON-escaped (a newline or a quote takes two bytes), with room to
// spare. A longer line is that line's error.
const maxBatchLine = 2*asm.MaxSourceBytes + 64<<10

// maxBatchJob bounds a job line a worker reads: a source of
// asm.MaxSourceBytes control characters, each escaped as \u00XX.
const maxBatchJob = 6*asm.MaxSourceBytes + 64<<10

// batchWorkerCommandName is the hidden command a batch worker process
// runs (this executable).
const batchWorkerCommandName = "eval-worker"

// maxBatchReply bounds a worker's reply line (verdict texts are at most
// check.MaxLines lines each).
const maxBatchReply = 4 << 20

// batchGrace is how long past its deadline a worker may take to report a
// stopped simulation before it is killed.
const batchGrace = time.Second

// defaultBatchTimeout is a request's deadline: the agent's for a final
// judgement.
const defaultBatchTimeout = agent.DefaultToolTimeout * agent.JudgeTimeoutFactor

func batchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "batch", Usage: "judge a stream of JSON requests from FILE or stdin, one JSON verdict per line (see DESCRIPTION)"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "with --batch: worker processes judging at once"},
		&cli.DurationFlag{Name: "timeout", Value: defaultBatchTimeout, Usage: "with --batch: deadline of one request; past it the request is an error"},
		&cli.IntFlag{Name: "memory", Value: agent.DefaultWorkerMemory >> 20, Usage: "with --batch: address space of a worker process in `MiB`; past it the request is an error"},
	}
}

// batchRequest is one line of a batch stream.
type batchRequest struct {
	ID         json.RawMessage `json:"id"`
	Target     string          `json:"target"`
	Task       string          `json:"task"`
	Config     *int            `json:"config"`
	Source     *string         `json:"source"`
	Path       string          `json:"path"`
	Seed       *uint64         `json:"seed"`
	HiddenSeed *uint64         `json:"hidden_seed"`
	Kind       string          `json:"kind"`
}

// batchJob is a checked request as a worker gets it.
type batchJob struct {
	Target    string      `json:"target"`
	Task      string      `json:"task"`
	Config    int         `json:"config"`
	Seeds     judge.Seeds `json:"seeds"`
	Kind      string      `json:"kind,omitempty"`
	Source    string      `json:"source,omitempty"`
	Path      string      `json:"path,omitempty"`
	TimeoutMS int64       `json:"timeout_ms"`
}

// batchVerdict is one output line (and, without id and line, a worker's
// reply).
type batchVerdict struct {
	ID             json.RawMessage `json:"id,omitempty"`
	Line           int             `json:"line"`
	Target         string          `json:"target,omitempty"`
	Task           string          `json:"task,omitempty"`
	Config         int             `json:"config,omitempty"`
	Seed           *uint64         `json:"seed,omitempty"`
	HiddenSeed     *uint64         `json:"hidden_seed,omitempty"`
	Pass           bool            `json:"pass"`
	Visible        *caseVerdict    `json:"visible,omitempty"`
	Hidden         *caseVerdict    `json:"hidden,omitempty"`
	Cycles         uint64          `json:"cycles"`
	VisibleCycles  uint64          `json:"visible_cycles"`
	Baseline       string          `json:"baseline,omitempty"`
	BaselineCycles uint64          `json:"baseline_cycles"`
	BaselineError  string          `json:"baseline_error,omitempty"`
	Speedup        float64         `json:"speedup"`
	DataDependent  bool            `json:"data_dependent,omitempty"`
	Diagnosis      string          `json:"diagnosis,omitempty"`
	Error          string          `json:"error,omitempty"`
}

// caseVerdict is a kernel's run on one case.
type caseVerdict struct {
	Pass         bool   `json:"pass"`
	Cycles       uint64 `json:"cycles"`
	Instructions uint64 `json:"instructions"`
	Halt         string `json:"halt"`
	Verdict      string `json:"verdict"`
}

// verdictOf is a judgement as a batch verdict (without the request's
// fields).
func verdictOf(j *judge.Judgement) *batchVerdict {
	v := &batchVerdict{Pass: j.Pass(), Cycles: j.Cycles(), VisibleCycles: j.VisibleCycles(), Baseline: j.BaselineName,
		BaselineCycles: j.BaselineCycles(), Speedup: j.Speedup(), DataDependent: j.DataDependentCycles()}
	if j.BaselineErr != nil {
		v.BaselineError = j.BaselineErr.Error()
	}
	for _, c := range []struct {
		r   *judge.Run
		out **caseVerdict
	}{{j.Visible, &v.Visible}, {j.Hidden, &v.Hidden}} {
		*c.out = &caseVerdict{Pass: c.r.Verdict.Pass, Cycles: c.r.Cycles(), Instructions: c.r.Stats.Instructions,
			Halt: c.r.Halt.String(), Verdict: c.r.Verdict.String()}
		if !c.r.Verdict.Pass && v.Diagnosis == "" {
			v.Diagnosis = diagnosis(c.r.Verdict.String())
		}
	}
	return v
}

// diagnosis shortens a failing verdict's text to one line: its first two
// lines (what failed, and the first thing the checker says about it).
func diagnosis(text string) string {
	lines := strings.SplitN(strings.TrimSpace(text), "\n", 3)
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	if len(lines) > 2 {
		lines = lines[:2]
	}
	return strings.Join(lines, "; ")
}

// batchOptions are the settings of a batch run.
type batchOptions struct {
	Jobs    int
	Timeout time.Duration
	Memory  int64  // bytes
	Kind    string // the default baseline kind
	// Worker is the worker's command line and Env its environment (nil:
	// this process's).
	Worker []string
	Env    []string
}

// batchSummary counts a batch run's requests.
type batchSummary struct {
	Requests, Judged, Passed, Errors int
	Wall                             time.Duration
}

func (s batchSummary) String() string {
	rate := 0.0
	if s.Wall > 0 {
		rate = float64(s.Judged) / s.Wall.Seconds()
	}
	return fmt.Sprintf("kc-ref eval --batch: %d requests, %d judged, %d passed, %d errors in %v (%.1f judgements/s)",
		s.Requests, s.Judged, s.Passed, s.Errors, s.Wall.Round(time.Millisecond), rate)
}

// batchItem is a line read from the stream: its number and text, or why
// it cannot be a request.
type batchItem struct {
	line int
	data []byte
	err  error
}

// runBatch judges the requests read from in and writes a verdict per
// request to out. Its error is the stream's: in unreadable, out
// unwritable, or ctx done (errInterrupted: the requests being judged are
// stopped, their workers killed, and the rest not read); every request's
// own error is in its verdict.
func runBatch(ctx context.Context, in io.Reader, out io.Writer, opt batchOptions) (batchSummary, error) {
	p := newBatchPool(opt)
	defer p.stop()
	return p.run(ctx, in, out)
}

// errInterrupted is a batch stopped before its stream's end.
var errInterrupted = errors.New("interrupted")

// batchPool is --jobs workers, each with its worker process once it has
// judged a request: a pool that runs several streams keeps its processes
// (warm) between them.
type batchPool struct {
	workers []*batchWorker
}

func newBatchPool(opt batchOptions) *batchPool {
	p := &batchPool{}
	for range max(1, opt.Jobs) {
		p.workers = append(p.workers, &batchWorker{opt: opt})
	}
	return p
}

// stop ends the pool's worker processes.
func (p *batchPool) stop() {
	for _, w := range p.workers {
		w.stop()
	}
}

// run is runBatch on the pool's workers.
func (p *batchPool) run(parent context.Context, in io.Reader, out io.Writer) (batchSummary, error) {
	start := time.Now()
	var sum batchSummary
	jobs := len(p.workers)
	ctx, cancel := context.WithCancel(parent)
	defer cancel()

	// The reader may be blocked in a read that nothing interrupts (a
	// terminal): once ctx is done, the workers stop without it.
	items := make(chan batchItem, jobs)
	readDone := make(chan error, 1)
	go func() {
		defer close(items)
		readDone <- readBatch(ctx, in, items)
	}()

	results := make(chan *batchVerdict, jobs)
	var wg sync.WaitGroup
	for _, w := range p.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var it batchItem
				select {
				case next, ok := <-items:
					if !ok {
						return
					}
					it = next
				case <-ctx.Done():
					return
				}
				results <- w.judge(ctx, it) // read until closed
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	bw := bufio.NewWriter(out)
	var writeErr error
	for v := range results {
		sum.Requests++
		switch {
		case v.Error != "":
			sum.Errors++
		case v.Pass:
			sum.Judged++
			sum.Passed++
		default:
			sum.Judged++
		}
		if writeErr != nil {
			continue
		}
		err := encodeLine(bw, v)
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			writeErr = fmt.Errorf("writing the verdicts: %w", err)
			cancel() // stop reading; the workers stop at the next request
		}
	}
	sum.Wall = time.Since(start)
	switch {
	case writeErr != nil:
		return sum, writeErr
	case parent.Err() != nil:
		return sum, errInterrupted
	}
	if err := <-readDone; err != nil {
		return sum, fmt.Errorf("reading the requests: %w", err)
	}
	return sum, nil
}

// readBatch reads the stream's lines into items until its end, an error
// or ctx is done. Blank lines are skipped; a line longer than
// maxBatchLine is an item with an error (the rest of it is read and
// dropped, never held).
func readBatch(ctx context.Context, in io.Reader, items chan<- batchItem) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for n := 1; ; n++ {
		data, tooLong, err := readLine(r, maxBatchLine)
		if err != nil && err != io.EOF {
			return err
		}
		it := batchItem{line: n, data: data}
		if tooLong {
			it.data, it.err = nil, fmt.Errorf("the line is longer than %d bytes (%d MiB); a request's source is at most %d MiB", maxBatchLine, maxBatchLine>>20, asm.MaxSourceBytes>>20)
		}
		if tooLong || len(bytes.TrimSpace(data)) > 0 {
			select {
			case items <- it:
			case <-ctx.Done():
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// readLine reads one line (without its end of line) of at most limit
// bytes; a longer one is read to its end and reported too long. err is
// io.EOF at the stream's end (with the last line, if it had no newline).
func readLine(r *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		frag, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(frag) > limit+2 { // room for "\r\n"
				tooLong, line = true, nil
			} else {
				line = append(line, frag...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if !tooLong && len(line) > limit {
			tooLong, line = true, nil
		}
		if err == io.EOF && len(line) == 0 && !tooLong {
			return nil, false, io.EOF
		}
		return line, tooLong, err
	}
}

// request parses and checks a request line into a job and the verdict's
// request fields.
func request(data []byte, defaultKind string, timeout time.Duration) (*batchJob, *batchVerdict, error) {
	v := &batchVerdict{}
	var rq batchRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rq); err != nil {
		return nil, v, fmt.Errorf("not a request: %v", err)
	}
	v.ID = rq.ID
	if dec.More() {
		return nil, v, errors.New("not a request: more than one JSON value on the line")
	}
	if rq.Target == "" || rq.Task == "" {
		return nil, v, errors.New(`a request needs "target" and "task"`)
	}
	if err := ref.CheckTarget(rq.Target); err != nil {
		return nil, v, err
	}
	v.Target = rq.Target
	task, err := ref.TaskID(rq.Task)
	if err != nil {
		return nil, v, err
	}
	v.Task = task
	config := 1
	if rq.Config != nil {
		config = *rq.Config
	}
	v.Config = config
	if _, err := ref.LookupConfig(rq.Target, task, config); err != nil {
		return nil, v, err
	}
	kind := rq.Kind
	if kind == "" {
		kind = defaultKind
	}
	if err := baseline.CheckKind(rq.Target, kind); err != nil {
		return nil, v, err
	}
	j := &batchJob{Target: rq.Target, Task: task, Config: config, Kind: kind, Path: rq.Path,
		Seeds: judge.Seeds{Visible: ref.DefaultSeed}, TimeoutMS: max(1, timeout.Milliseconds())}
	if rq.Seed != nil {
		j.Seeds.Visible = *rq.Seed
	}
	if rq.HiddenSeed != nil {
		j.Seeds.Hidden = *rq.HiddenSeed
	} else {
		j.Seeds.Hidden = judge.FreshSeed()
	}
	v.Seed, v.HiddenSeed = &j.Seeds.Visible, &j.Seeds.Hidden
	switch {
	case (rq.Source != nil) == (rq.Path != ""):
		return nil, v, errors.New(`a request gives its kernel as "source" or as "path", one of them`)
	case rq.Path == "-":
		return nil, v, errors.New(`"path": "-" is standard input, which holds no kernel here: give the kernel as "source"`)
	case rq.Source != nil:
		if len(*rq.Source) > asm.MaxSourceBytes {
			return nil, v, fmt.Errorf("the source is %d bytes, over the %d MiB a kernel may have", len(*rq.Source), asm.MaxSourceBytes>>20)
		}
		j.Source = *rq.Source
	}
	return j, v, nil
}

// batchWorker is one worker process, started when a request needs it and
// again after it crashed or was killed.
type batchWorker struct {
	opt     batchOptions
	proc    *workerProc
	started int // processes started
	retried int // requests sent again after a used worker crashed
}

// judge judges one stream item, in a worker.
func (w *batchWorker) judge(ctx context.Context, it batchItem) *batchVerdict {
	fail := func(v *batchVerdict, err error) *batchVerdict {
		v.Line, v.Pass, v.Error = it.line, false, fmt.Sprintf("line %d: %v", it.line, err)
		return v
	}
	if it.err != nil {
		return fail(&batchVerdict{}, it.err)
	}
	job, req, err := request(it.data, w.opt.Kind, w.opt.Timeout)
	if err != nil {
		return fail(req, err)
	}
	if err := ctx.Err(); err != nil {
		return fail(req, errors.New("not judged: the batch was stopped"))
	}
	reply, err := w.do(ctx, job)
	if err != nil {
		return fail(req, err)
	}
	var r batchReply
	if err := json.Unmarshal(reply, &r); err != nil {
		return fail(req, fmt.Errorf("the worker's reply is not valid: %v", err))
	}
	if r.Retire {
		w.retire()
	}
	v := &r.batchVerdict
	v.ID, v.Line, v.Target, v.Task, v.Config, v.Seed, v.HiddenSeed = req.ID, it.line, req.Target, req.Task, req.Config, req.Seed, req.HiddenSeed
	if v.Error != "" {
		return fail(v, errors.New(v.Error))
	}
	return v
}

// workerProc is a running worker process.
type workerProc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	replies chan []byte   // reply lines; closed when its stdout ends
	quit    chan struct{} // closed by stop: replies are no longer read
	stderr  *headBuffer
	done    chan struct{} // closed when it has exited
	waitErr error
	served  int // requests sent to it
}

// do sends a job to a worker and returns its reply, or why there is
// none. A worker that crashes (or has died) after serving other requests
// may have been brought down by what they left (a heap grown near its
// limit): the job is sent again, once, to a fresh worker, whose crash is
// the job's own.
func (w *batchWorker) do(ctx context.Context, job *batchJob) ([]byte, error) {
	reply, used, err := w.send(ctx, job)
	if err != nil && used {
		w.retried++
		reply, _, err = w.send(ctx, job)
	}
	return reply, err
}

// send sends a job to the worker (starting one if none runs) and returns
// its reply, or why there is none; used says that the worker crashed
// after serving other requests.
func (w *batchWorker) send(ctx context.Context, job *batchJob) (reply []byte, used bool, err error) {
	if w.proc == nil {
		p, err := startWorker(w.opt)
		if err != nil {
			return nil, false, err
		}
		w.proc, w.started = p, w.started+1
	}
	p := w.proc
	used = p.served > 0
	p.served++
	var data bytes.Buffer
	if err := encodeLine(&data, job); err != nil {
		return nil, false, err
	}
	p.stderr.Reset()
	start := time.Now()
	if _, err := p.stdin.Write(data.Bytes()); err != nil {
		return nil, used, w.crashed()
	}
	timer := time.NewTimer(w.opt.Timeout + batchGrace)
	defer timer.Stop()
	select {
	case line, ok := <-p.replies:
		if !ok {
			return nil, used, w.crashed()
		}
		return line, false, nil
	case <-timer.C:
		w.stop()
		return nil, false, fmt.Errorf("the worker ran past the deadline (%v) and was killed after %v", w.opt.Timeout, time.Since(start).Round(time.Millisecond))
	case <-ctx.Done():
		w.stop()
		return nil, false, errors.New("not judged: the batch was stopped")
	}
}

// crashed is why the worker ended without a reply; it is forgotten (the
// next request starts a new one).
func (w *batchWorker) crashed() error {
	p := w.proc
	w.proc = nil
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(batchGrace):
		p.cmd.Process.Kill()
		<-p.done
	}
	return agent.WorkerFailure(p.waitErr, p.stderr.String())
}

// retire lets the worker end by itself (it said it would, after its
// reply), or ends it.
func (w *batchWorker) retire() {
	p := w.proc
	w.proc = nil
	close(p.quit)
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(batchGrace):
		p.cmd.Process.Kill()
		<-p.done
	}
}

// stop ends the worker, if one runs.
func (w *batchWorker) stop() {
	if p := w.proc; p != nil {
		w.proc = nil
		close(p.quit)
		p.stdin.Close()
		p.cmd.Process.Kill()
		<-p.done
	}
}

// startWorker starts a worker process.
func startWorker(opt batchOptions) (*workerProc, error) {
	if len(opt.Worker) == 0 {
		return nil, errors.New("no worker command")
	}
	cmd := exec.Command(opt.Worker[0], append(opt.Worker[1:], fmt.Sprintf("--memory=%d", opt.Memory))...)
	cmd.Env = opt.Env
	agent.PrepareWorkerCmd(cmd)
	p := &workerProc{cmd: cmd, replies: make(chan []byte), quit: make(chan struct{}), stderr: &headBuffer{max: 4 << 10}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("the worker process could not be started: %v", err)
	}
	go func() {
		r := bufio.NewReaderSize(stdout, 64<<10)
		for {
			line, tooLong, err := readLine(r, maxBatchReply)
			if tooLong {
				cmd.Process.Kill() // a reply that large is no reply
				break
			}
			if len(line) > 0 {
				select {
				case p.replies <- line:
				case <-p.quit:
				}
			}
			if err != nil {
				break
			}
		}
		io.Copy(io.Discard, stdout)
		close(p.replies)
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// headBuffer keeps the first max bytes written to it since its last
// Reset (a fatal error's message comes first).
type headBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (b *headBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := b.max - len(b.buf); room > 0 {
		b.buf = append(b.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// Reset forgets what was written.
func (b *headBuffer) Reset() {
	b.mu.Lock()
	b.buf = b.buf[:0]
	b.mu.Unlock()
}

func (b *headBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

// evalBatch is "kc-ref eval --batch".
func evalBatch(c *cli.Context) error {
	for _, f := range []string{"target", "config", "seed", "hidden-seed", "all", "baseline"} {
		if c.IsSet(f) {
			return cli.Exit(fmt.Sprintf("--batch: --%s is a request's field, not a flag (see kc-ref eval --help)", f), 2)
		}
	}
	if c.NArg() > 1 {
		return cli.Exit(fmt.Sprintf("--batch reads one FILE (or -, standard input), got %d arguments", c.NArg()), 2)
	}
	opt := batchOptions{Jobs: c.Int("jobs"), Timeout: c.Duration("timeout"), Memory: int64(c.Int("memory")) << 20, Kind: c.String("kind")}
	switch {
	case opt.Jobs < 1 || opt.Jobs > maxBatchJobs:
		return cli.Exit(fmt.Sprintf("--jobs %d: want 1 to %d", opt.Jobs, maxBatchJobs), 2)
	case opt.Timeout <= 0:
		return cli.Exit("--timeout must be positive", 2)
	case c.Int("memory") < minBatchMemory || c.Int("memory") > maxBatchMemory:
		return cli.Exit(fmt.Sprintf("--memory %d: want %d to %d MiB", c.Int("memory"), minBatchMemory, maxBatchMemory), 2)
	}
	exe, err := os.Executable()
	if err != nil {
		return cli.Exit(fmt.Sprintf("the worker process: %v", err), 2)
	}
	opt.Worker = []string{exe, batchWorkerCommandName}
	in := io.Reader(os.Stdin)
	if name := c.Args().First(); name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return cli.Exit(err.Error(), 2)
		}
		defer f.Close()
		in = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := runBatch(ctx, in, c.App.Writer, opt)
	fmt.Fprintln(c.App.ErrWriter, sum)
	switch {
	case errors.Is(err, errInterrupted):
		return cli.Exit("eval --batch: interrupted (the requests not yet read have no verdict)", 130)
	case err != nil:
		return cli.Exit(err.Error(), 2)
	case sum.Errors > 0:
		return cli.Exit("", 1)
	}
	return nil
}

// Bounds of the batch flags.
const (
	maxBatchJobs   = 1024
	minBatchMemory = 256     // MiB
	maxBatchMemory = 1 << 20 // MiB
)

// encodeLine writes v as one JSON line, with <, > and & as they are (the
// checker's texts have "<=").
func encodeLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
