package bench

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// Shard is one part of a partitioned matrix: Index is 0-based, 0 <= Index
// < Count. Cell i of the canonical cell list (Matrix.Cells) belongs to
// shard i mod Count, so shards are disjoint, their union is the matrix,
// and each shard gets a mix of cheap and expensive cells.
type Shard struct {
	Index, Count int
}

// All is the trivial partition: one shard holding every cell.
var All = Shard{0, 1}

// String is "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Sharded reports whether the matrix is split (Count > 1).
func (s Shard) Sharded() bool { return s.Count > 1 }

// Select returns the cells of shard s.
func (s Shard) Select(cells []Cell) []Cell {
	var out []Cell
	for i, c := range cells {
		if i%s.Count == s.Index {
			out = append(out, c)
		}
	}
	return out
}

func (s Shard) validate() error {
	if s.Count < 1 {
		return fmt.Errorf("shard count %d: it must be at least 1", s.Count)
	}
	if s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("shard index %d out of range for %d shards: indices are 0-based, 0..%d", s.Index, s.Count, s.Count-1)
	}
	return nil
}

// ParseShard parses "i/n" with a 0-based index i, 0 <= i < n.
func ParseShard(spec string) (Shard, error) {
	a, b, ok := strings.Cut(spec, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("bad shard %q: want i/n with a 0-based index, e.g. 0/4 .. 3/4", spec)
	}
	s := Shard{i, n}
	if err := s.validate(); err != nil {
		return Shard{}, fmt.Errorf("bad shard %q: %v", spec, err)
	}
	return s, nil
}

// Environment variables that select a shard.
const (
	EnvJobCompletionIndex = "JOB_COMPLETION_INDEX" // Kubernetes Indexed Job: 0-based
	EnvSlurmTaskID        = "SLURM_ARRAY_TASK_ID"
	EnvSlurmTaskMin       = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmTaskStep      = "SLURM_ARRAY_TASK_STEP"
	EnvSlurmTaskCount     = "SLURM_ARRAY_TASK_COUNT"
)

// ResolveShard picks the shard of this process. In order:
//   - spec ("i/n", the --shard flag) when not empty; count (--shards),
//     when not 0, must then equal n;
//   - JOB_COMPLETION_INDEX (Kubernetes Indexed Job, 0-based) with count
//     shards (the Job's completions; required);
//   - SLURM_ARRAY_TASK_ID: the index is (ID - SLURM_ARRAY_TASK_MIN) /
//     SLURM_ARRAY_TASK_STEP, so --array=1-8 and --array=0-14:2 both work;
//     the count is count, else SLURM_ARRAY_TASK_COUNT;
//   - otherwise All (a count without an index is an error).
//
// source says where the shard came from ("" for All).
func ResolveShard(spec string, count int, getenv func(string) string) (s Shard, source string, err error) {
	if count < 0 {
		return Shard{}, "", fmt.Errorf("--shards %d: the shard count must be at least 1", count)
	}
	if spec != "" {
		s, err := ParseShard(spec)
		if err != nil {
			return Shard{}, "", err
		}
		if count != 0 && count != s.Count {
			return Shard{}, "", fmt.Errorf("--shard %s and --shards %d disagree", spec, count)
		}
		return s, "--shard", nil
	}
	envInt := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, true, fmt.Errorf("%s=%q is not an integer", name, v)
		}
		return n, true, nil
	}
	if idx, ok, err := envInt(EnvJobCompletionIndex); err != nil {
		return Shard{}, "", err
	} else if ok {
		if count == 0 {
			return Shard{}, "", fmt.Errorf("%s=%d needs --shards N (the Indexed Job's completions)", EnvJobCompletionIndex, idx)
		}
		s := Shard{idx, count}
		if err := s.validate(); err != nil {
			return Shard{}, "", fmt.Errorf("%s: %v", EnvJobCompletionIndex, err)
		}
		return s, EnvJobCompletionIndex, nil
	}
	if id, ok, err := envInt(EnvSlurmTaskID); err != nil {
		return Shard{}, "", err
	} else if ok {
		lo, _, err := envInt(EnvSlurmTaskMin)
		if err != nil {
			return Shard{}, "", err
		}
		step, haveStep, err := envInt(EnvSlurmTaskStep)
		if err != nil {
			return Shard{}, "", err
		}
		if !haveStep || step < 1 {
			step = 1
		}
		n := count
		if n == 0 {
			c, ok, err := envInt(EnvSlurmTaskCount)
			if err != nil {
				return Shard{}, "", err
			}
			if !ok {
				return Shard{}, "", fmt.Errorf("%s=%d needs --shards N or %s", EnvSlurmTaskID, id, EnvSlurmTaskCount)
			}
			n = c
		}
		if (id-lo)%step != 0 {
			return Shard{}, "", fmt.Errorf("%s=%d is not on the array's grid (min %d, step %d)", EnvSlurmTaskID, id, lo, step)
		}
		s := Shard{(id - lo) / step, n}
		if err := s.validate(); err != nil {
			return Shard{}, "", fmt.Errorf("%s=%d (min %d, step %d): %v", EnvSlurmTaskID, id, lo, step, err)
		}
		return s, EnvSlurmTaskID, nil
	}
	if count > 1 {
		return Shard{}, "", fmt.Errorf("--shards %d needs an index: --shard i/n, %s or %s", count, EnvJobCompletionIndex, EnvSlurmTaskID)
	}
	return All, "", nil
}

// ResultsName is the results file a shard writes in the results folder:
// results.jsonl unsharded, results-shard-I-of-N.jsonl (I 0-based)
// otherwise. Every results*.jsonl of a folder is read on resume and by
// the report, so shards' folders merge by copying their files together
// (or concatenating them).
func (s Shard) ResultsName() string {
	if !s.Sharded() {
		return "results.jsonl"
	}
	return fmt.Sprintf("results-shard-%d-of-%d.jsonl", s.Index, s.Count)
}

// checkOverlap refuses to run shard s in dir while a run of another shard
// count (or an unsharded run, or a sharded one beside an unsharded s) is
// writing there: shards of different counts select overlapping cells,
// and running at the same time neither sees the other's records, so
// their common cells would run twice. Shards of one count never overlap;
// finished runs of another count are fine (resume skips their cells).
func checkOverlap(dir string, s Shard) error {
	locks, err := filepath.Glob(filepath.Join(dir, "results*.jsonl.lock"))
	if err != nil {
		return err
	}
	own := filepath.Join(dir, s.ResultsName()+".lock")
	for _, l := range locks {
		if l == own || shardCountOf(filepath.Base(l)) == max(s.Count, 1) || !lockHeld(l) {
			continue
		}
		this := "this unsharded run"
		if s.Sharded() {
			this = "this shard " + s.String()
		}
		return fmt.Errorf("another kc-agent bench is writing %s, sharded otherwise than %s: shards of different counts overlap and would run cells twice; wait for it, use the same --shard count, or another --out", strings.TrimSuffix(l, ".lock"), this)
	}
	return nil
}

// shardCountOf reads N from results-shard-I-of-N.jsonl.lock (1 for
// results.jsonl.lock, 0 for a name it does not know).
func shardCountOf(name string) int {
	if name == "results.jsonl.lock" {
		return 1
	}
	var i, n int
	if _, err := fmt.Sscanf(name, "results-shard-%d-of-%d.jsonl.lock", &i, &n); err != nil {
		return 0
	}
	return n
}
