package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"kernelcraft/agent"
	"kernelcraft/baseline"
)

// TrajectoryDir is the folder of a results folder that holds the cells'
// trajectories.
const TrajectoryDir = "trajectories"

// Config configures a run of the matrix.
type Config struct {
	// Dir is the results folder: results*.jsonl and trajectories/.
	Dir string
	// Cells are the cells to run (one shard's: Shard.Select of
	// Matrix.Cells).
	Cells []Cell
	// Shard names the results file (Shard.ResultsName); the zero value
	// means All.
	Shard Shard
	// Jobs is the number of cells run at once (0: GOMAXPROCS).
	Jobs int
	// Budget overrides every level's iteration budget when > 0.
	Budget int
	// MaxToolCalls, MaxReplyBytes and CellTimeout are the attempts'
	// limits (agent.Options; 0: the agent's defaults).
	MaxToolCalls  int
	MaxReplyBytes int
	CellTimeout   time.Duration
	// ToolTimeout and Isolation are the attempts' tool-call deadline and
	// worker processes (agent.Options).
	ToolTimeout time.Duration
	Isolation   *agent.Isolation
	// NewProvider makes a cell's provider.
	NewProvider func(Cell) (agent.Provider, error)
	// RetryErrors re-runs cells whose record stopped on a provider error
	// (the new record is appended; Dedupe prefers it).
	RetryErrors bool
	// Progress receives the progress line and notes (nil: none); Live
	// rewrites one line with \r (a terminal) instead of one line per
	// finished cell.
	Progress io.Writer
	Live     bool

	// wrapResults and createTrajectory, when set (by tests), stand in
	// for the results file and for creating a trajectory file: a full
	// disk is injected through them.
	wrapResults      func(resultsFile) resultsFile
	createTrajectory func(path string) (io.WriteCloser, error)
}

// CellError is a cell that could not be run or recorded (not a failed
// attempt: that is a record with success false).
type CellError struct {
	Cell Cell
	Err  error
}

// Summary is what a run did.
type Summary struct {
	Total       int   // cells given
	Skipped     int   // already recorded in Dir
	Ran         int   // recorded by this run
	Passed      int   // of Ran, successful
	PassedAll   int   // of Skipped + Ran, successful
	Interrupted []Key // attempts stopped by the context: not recorded, a resume re-runs them
	NotStarted  int   // cells not started because the context was cancelled or the run stopped (Stopped)
	// Stopped is why the run stopped starting cells although its context
	// was not cancelled: a record could not be written to the results
	// file, or a trajectory not to a full disk (then every further cell
	// would fail the same way, or call a model whose answer cannot be
	// recorded). Nil when no such failure happened.
	Stopped     error
	Errors      []CellError
	TokensIn    int
	TokensOut   int
	CostUSD     float64
	Wall        time.Duration
	ResultsPath string
	Warnings    []string // torn or malformed lines found, a repaired results file
	// Replays checked against their recordings by this run
	// (agent.ReplayCheck): Unheld passed the recorded hidden seed but
	// failed a fresh one; Unreproduced judged otherwise than their
	// record says.
	Replayed             int
	Unheld, Unreproduced []Key
}

// Complete reports whether every cell has a record.
func (s *Summary) Complete() bool {
	return s.Skipped+s.Ran == s.Total
}

// String is a one-paragraph summary.
func (s *Summary) String() string {
	msg := fmt.Sprintf("%d cells: %d already recorded, %d run now (%d passed); %d/%d pass in all; tokens in %d, out %d, cost $%.2f; wall %s; results: %s",
		s.Total, s.Skipped, s.Ran, s.Passed, s.PassedAll, s.Skipped+s.Ran, s.TokensIn, s.TokensOut, s.CostUSD, s.Wall.Round(time.Millisecond), s.ResultsPath)
	switch n := len(s.Interrupted) + s.NotStarted; {
	case s.Stopped != nil:
		hint := "fix that"
		if DiskFull(s.Stopped) {
			hint = "free disk space"
		}
		msg += fmt.Sprintf("\nstopped starting cells: %v\n%d cells not recorded (%d failed, %d interrupted, %d not started); %s, then run the same command again to resume (recorded cells are kept)",
			s.Stopped, len(s.Errors)+n, len(s.Errors), len(s.Interrupted), s.NotStarted, hint)
	case n > 0:
		msg += fmt.Sprintf("\ninterrupted: %d cells not recorded (%d stopped mid-attempt, %d not started); run the same command again to resume", n, len(s.Interrupted), s.NotStarted)
	}
	if s.Replayed > 0 {
		msg += fmt.Sprintf("\nreplays: %d judged against their recordings; %d pass the recorded hidden seed but not a fresh one%s; %d do not reproduce their record%s",
			s.Replayed, len(s.Unheld), keyList(s.Unheld), len(s.Unreproduced), keyList(s.Unreproduced))
	}
	if len(s.Errors) > 0 {
		msg += fmt.Sprintf("\n%d cells could not run:", len(s.Errors))
		for _, e := range s.Errors {
			msg += fmt.Sprintf("\n  %s: %v", e.Cell, e.Err)
		}
	}
	return msg
}

// keyList is " (a, b, ...)" for up to 8 keys, "" for none.
func keyList(keys []Key) string {
	if len(keys) == 0 {
		return ""
	}
	var names []string
	for i, k := range keys {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(keys)-8))
			break
		}
		names = append(names, k.String())
	}
	return " (" + strings.Join(names, ", ") + ")"
}

// Pending returns the cells of cells that have no record in dir yet
// (see Done), and the warnings of reading dir's results files.
func Pending(dir string, cells []Cell, retryErrors bool) (todo []Cell, warnings []string, err error) {
	done := map[Key]bool{}
	if _, err := os.Stat(dir); err == nil {
		recs, w, err := ReadResults(dir)
		warnings = w
		if err != nil {
			return nil, warnings, err
		}
		for i := range recs {
			if Done(&recs[i], retryErrors) {
				done[RecordKey(&recs[i])] = true
			}
		}
	}
	for _, c := range cells {
		if !done[c.Key()] {
			todo = append(todo, c)
		}
	}
	return todo, warnings, nil
}

// Run runs the cells of cfg that Dir does not hold yet, cfg.Jobs at a
// time, appending each finished attempt's record to Dir's results file
// and writing its trajectory to Dir/trajectories/ (a re-run cell's
// trajectory is replaced). When ctx is cancelled no new cell starts; the
// running attempts stop as interrupted and are not recorded, so a resume
// runs them again. A record that cannot be appended (the disk is full)
// or a trajectory that cannot be written to a full disk stops the run
// from starting cells (Summary.Stopped): the running attempts finish. The
// error is for the run as a whole (the results folder cannot be read or
// opened); a cell that cannot run or be recorded is in Summary.Errors.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	start := time.Now()
	if cfg.Shard.Count == 0 {
		cfg.Shard = All
	}
	if cfg.NewProvider == nil {
		return nil, fmt.Errorf("bench: no provider")
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	s := &Summary{Total: len(cfg.Cells), ResultsPath: filepath.Join(cfg.Dir, cfg.Shard.ResultsName())}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return s, err
	}
	unlock, err := lockResults(s.ResultsPath)
	if err != nil {
		return s, err
	}
	defer unlock()
	if err := checkOverlap(cfg.Dir, cfg.Shard); err != nil {
		return s, err
	}
	todo, warnings, err := Pending(cfg.Dir, cfg.Cells, cfg.RetryErrors)
	s.Warnings = append(s.Warnings, warnings...)
	if err != nil {
		return s, err
	}
	s.Skipped = len(cfg.Cells) - len(todo)
	if s.Skipped > 0 {
		recs, _, err := ReadResults(cfg.Dir)
		if err != nil {
			return s, err
		}
		recs, _ = Dedupe(recs)
		want := map[Key]bool{}
		for _, c := range cfg.Cells {
			want[c.Key()] = true
		}
		for i := range recs {
			if want[RecordKey(&recs[i])] && Done(&recs[i], cfg.RetryErrors) && recs[i].Success {
				s.PassedAll++
			}
		}
	}
	w, warning, err := OpenResults(s.ResultsPath)
	if err != nil {
		return s, err
	}
	defer w.Close()
	if cfg.wrapResults != nil {
		w.f = cfg.wrapResults(w.f)
	}
	if warning != "" {
		s.Warnings = append(s.Warnings, warning)
	}
	trajDir := filepath.Join(cfg.Dir, TrajectoryDir)
	if err := os.MkdirAll(trajDir, 0o755); err != nil {
		return s, err
	}
	pr := &progress{w: cfg.Progress, live: cfg.Live, s: s, start: start, total: len(cfg.Cells), todo: len(todo)}
	for _, msg := range s.Warnings {
		pr.note("warning: " + msg)
	}
	pr.note(fmt.Sprintf("%s, %d already recorded, %d to run with %s; results: %s", plural(s.Total, "cell"), s.Skipped, len(todo), plural(min(jobs, max(len(todo), 1)), "job"), s.ResultsPath))

	// The longest simulations start first, so that they do not start last
	// and leave the other jobs idle at the end (results are appended as
	// cells finish, in any order, whatever the order here).
	slices.SortStableFunc(todo, func(a, b Cell) int {
		return cmp.Compare(baseline.SimCost(b.Target, b.Task, b.Config), baseline.SimCost(a.Target, a.Task, a.Config))
	})
	stop := &stopper{ch: make(chan struct{})}
	cells := make(chan Cell)
	go func() {
		defer close(cells)
		for _, c := range todo {
			select {
			case cells <- c:
			case <-ctx.Done():
				return
			case <-stop.ch:
				return
			}
		}
	}()
	halt := func(err error) {
		if stop.stop(err) {
			pr.note(fmt.Sprintf("stopping: %v; no further cell starts, the running ones finish", err))
		}
	}
	stopTicker := pr.tick(time.Second)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range cells {
				if ctx.Err() != nil || stop.stopped() {
					continue // drained: counted as not started
				}
				pr.begin()
				rec, err := runCell(ctx, cfg, trajDir, c)
				switch {
				case err != nil:
					if DiskFull(err) {
						halt(fmt.Errorf("%w (the disk is full)", err))
					}
					pr.finish(c, nil, err)
				case rec.StopReason == agent.StopInterrupted:
					pr.finish(c, rec, nil)
				default:
					if err := w.Append(rec); err != nil {
						err = fmt.Errorf("recording: %w", err)
						halt(err)
						pr.finish(c, nil, err)
					} else {
						pr.finish(c, rec, nil)
					}
				}
			}
		}()
	}
	wg.Wait()
	stopTicker()
	s.Stopped = stop.err
	s.NotStarted = len(todo) - s.Ran - len(s.Interrupted) - len(s.Errors)
	s.Wall = time.Since(start)
	pr.end()
	return s, nil
}

// runCell runs one attempt; a panic (a bug) becomes the cell's error.
func runCell(ctx context.Context, cfg Config, trajDir string, c Cell) (rec *agent.Record, err error) {
	defer func() {
		if r := recover(); r != nil {
			rec, err = nil, fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
		}
	}()
	env, err := agent.NewEnv(c.Target, c.Task, c.Config, c.Seed)
	if err != nil {
		return nil, err
	}
	p, err := cfg.NewProvider(c)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(trajDir, TrajectoryName(c.Model, c.Target, c.Task, c.Config, c.Seed))
	create := cfg.createTrajectory
	if create == nil {
		create = func(path string) (io.WriteCloser, error) { return os.Create(path) } // a re-run cell's partial trajectory is replaced
	}
	f, err := create(path)
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", withPath(err, path))
	}
	defer f.Close()
	// The attempt stops before a model turn once the trajectory cannot
	// be written (agent.StopTrajectory), and is then not recorded.
	tr := agent.NewTrajectory(f)
	rec = agent.Attempt(ctx, p, env, agent.Options{Budget: cfg.Budget, Trajectory: tr,
		MaxToolCalls: cfg.MaxToolCalls, MaxReplyBytes: cfg.MaxReplyBytes, CellTimeout: cfg.CellTimeout,
		ToolTimeout: cfg.ToolTimeout, Isolation: cfg.Isolation})
	// The record is the cell's: the model as given to --models (a
	// provider may name itself differently), so resume finds it.
	rec.Model = c.Model
	if got := RecordKey(rec); got != c.Key() {
		return nil, fmt.Errorf("internal error: the attempt recorded cell %s", got)
	}
	if err := tr.Err(); err != nil {
		return nil, fmt.Errorf("trajectory: %w", withPath(err, path))
	}
	return rec, nil
}

// withPath is err naming path, unless it does already (an *os.PathError
// of path).
func withPath(err error, path string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// stopper records the first reason to stop starting cells.
type stopper struct {
	once sync.Once
	ch   chan struct{}
	err  error
}

// stop records err and closes ch; it reports whether this was the first.
func (s *stopper) stop(err error) (first bool) {
	s.once.Do(func() {
		s.err, first = err, true
		close(s.ch)
	})
	return first
}

func (s *stopper) stopped() bool {
	select {
	case <-s.ch:
		return true
	default:
		return false
	}
}

// progress prints the progress line and keeps the summary's counts.
type progress struct {
	mu          sync.Mutex
	w           io.Writer
	live        bool
	s           *Summary
	start       time.Time
	total, todo int
	finished    int // this run: recorded, interrupted or failed
	running     int
	lineShown   bool
	// For the ETA (estimateETA): the clock (nil: time.Now), the start of
	// each running cell (oldest first; a finish retires the oldest), the
	// run time of the finished cells and the most cells seen running.
	now    func() time.Time
	starts []time.Time
	spent  time.Duration
	slots  int
}

func (p *progress) clock() time.Time {
	if p.now != nil {
		return p.now()
	}
	return time.Now()
}

// begin counts a cell that starts.
func (p *progress) begin() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running++
	p.slots = max(p.slots, p.running)
	p.starts = append(p.starts, p.clock())
}

// tick redraws the live line every d (elapsed time and ETA move while
// long attempts run); the returned func stops it.
func (p *progress) tick(d time.Duration) (stop func()) {
	if p.w == nil || !p.live {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.mu.Lock()
				if p.lineShown || p.running > 0 {
					fmt.Fprint(p.w, "\r\x1b[K"+p.line())
					p.lineShown = true
				}
				p.mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	return func() { close(done) }
}

func (p *progress) note(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil {
		return
	}
	if p.lineShown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
	fmt.Fprintf(p.w, "bench: %s\n", msg)
	if p.lineShown {
		fmt.Fprint(p.w, p.line())
	}
}

func (p *progress) finish(c Cell, rec *agent.Record, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.s
	p.finished++
	p.running--
	if len(p.starts) > 0 {
		p.spent += p.clock().Sub(p.starts[0])
		p.starts = p.starts[1:]
	}
	verdict := ""
	switch {
	case err != nil:
		s.Errors = append(s.Errors, CellError{c, err})
		verdict = "ERROR"
	case rec.StopReason == agent.StopInterrupted:
		s.Interrupted = append(s.Interrupted, c.Key())
		verdict = "INTERRUPTED"
	default:
		s.Ran++
		verdict = "FAIL"
		if rec.Success {
			s.Passed++
			s.PassedAll++
			verdict = "PASS"
		}
	}
	if rec != nil && err == nil && rec.Replay.Mode != "" {
		s.Replayed++
		if c := rec.Replay; c.RecordedPass && c.FreshSeed != 0 && !c.FreshPass {
			s.Unheld = append(s.Unheld, RecordKey(rec))
		}
		if c := rec.Replay; c.RecordedSeed != 0 && !c.Reproduced {
			s.Unreproduced = append(s.Unreproduced, RecordKey(rec))
		}
	}
	if rec != nil {
		s.TokensIn += rec.TokensIn
		s.TokensOut += rec.TokensOut
		s.CostUSD += rec.CostUSD
	}
	if p.w == nil {
		return
	}
	if p.live {
		if err != nil {
			fmt.Fprintf(p.w, "\r\x1b[Kbench: %s: %v\n", c, err)
		}
		fmt.Fprint(p.w, "\r\x1b[K"+p.line())
		p.lineShown = true
		return
	}
	detail := ""
	switch {
	case err != nil:
		detail = ": " + err.Error()
	case rec.Success:
		detail = fmt.Sprintf(" %.2fx, %d it", rec.Speedup, rec.Iterations)
	default:
		detail = fmt.Sprintf(" (%s, %d it)", rec.StopReason, rec.Iterations)
	}
	fmt.Fprintf(p.w, "%s | %s %s%s\n", p.line(), verdict, c, detail)
}

// line is the progress line: done/total (recorded cells of the shard),
// pass so far, attempts running, elapsed time, ETA, tokens and cost of
// this run.
func (p *progress) line() string {
	s := p.s
	done := s.Skipped + s.Ran
	now := p.clock()
	ages := make([]time.Duration, len(p.starts))
	for i, t := range p.starts {
		ages[i] = now.Sub(t)
	}
	eta := "--"
	if d, ok := estimateETA(etaInput{left: p.todo - p.finished, slots: p.slots, finished: p.finished, spent: p.spent, ages: ages}); ok {
		eta = d.Round(time.Second).String()
	}
	return fmt.Sprintf("[%d/%d] pass %d  running %d  elapsed %s  ETA %s  tokens in %d out %d  $%.2f", done, p.total, s.PassedAll,
		p.running, now.Sub(p.start).Round(time.Second), eta, s.TokensIn, s.TokensOut, s.CostUSD)
}

func (p *progress) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w != nil && p.lineShown {
		fmt.Fprintln(p.w)
		p.lineShown = false
	}
}

// plural is "1 job", "2 jobs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
