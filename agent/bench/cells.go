// Package bench runs KernelCraft's benchmark matrix: models × targets ×
// tasks × configurations, one agent attempt per cell, cells in parallel,
// each finished cell appended to a JSONL results file as one
// agent.Record. A run is resumable (cells already recorded in the results
// folder are skipped), interruptible (a cancelled context lets running
// attempts stop and records none of them, so a resume re-runs them) and
// shardable (--shard i/n, or a Slurm job array / Kubernetes Indexed Job
// index), and shards merge by concatenating their files (DESIGN.md §6).
package bench

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kernelcraft/agent"
	"kernelcraft/baseline"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// Cell is one attempt of the matrix.
type Cell struct {
	Model string // the --models spec, e.g. "baseline", "openai:gpt-5.2"
	ref.Cell
	Level int
	Seed  uint64
}

// Key identifies a cell: two records with the same key are the same cell.
type Key struct {
	Model string
	ref.Cell
	Seed uint64
}

// Key is the cell's identity.
func (c Cell) Key() Key {
	return Key{Model: c.Model, Cell: c.Cell, Seed: c.Seed}
}

// String is "model target task cN sS".
func (c Cell) String() string {
	return fmt.Sprintf("%s %s %s c%d s%d", c.Model, c.Target, c.Task, c.Config, c.Seed)
}

// String is "model target task cN sS".
func (k Key) String() string {
	return fmt.Sprintf("%s %s %s c%d s%d", k.Model, k.Target, k.Task, k.Config, k.Seed)
}

// TrajectoryName is the file name of a cell's trajectory, as kc-agent run
// writes it: {model}_{target}_{task}_c{config}_s{seed}.jsonl with ':' and
// '/' in the model replaced by '_'.
// It is agent.TrajectoryFileName, the one definition the replay provider
// relies on.
func TrajectoryName(model, target, task string, config int, seed uint64) string {
	return agent.TrajectoryFileName(model, target, task, config, seed)
}

// Matrix selects the cells of a benchmark run. Empty Levels, Tasks or
// Configs select all of them.
type Matrix struct {
	Models  []string
	Targets []string
	Levels  []int
	Tasks   []string // task ids or the paper's names
	Configs []int
	Seed    uint64
}

// DefaultTargets are the complete targets (an ISA definition and not
// planned: what a run covers by default) and the planned targets, which
// are not complete yet (none now), in the paper's
// column order.
func DefaultTargets() (defined, planned []string) {
	for _, t := range ref.Targets {
		if runnable(t) {
			defined = append(defined, t)
		} else if isadefs.IsPlanned(t) {
			planned = append(planned, t)
		}
	}
	return defined, planned
}

// runnable reports whether a benchmark can run target's cells.
func runnable(target string) bool {
	return slices.Contains(isadefs.Targets(), target) && !isadefs.IsPlanned(target)
}

// explicitOK reports whether a planned target can still run when it is
// asked for by name: it has an ISA (and so a simulator) and baselines
// (plena while its families of baselines are being completed; the
// default selection leaves it out until it is no longer planned).
func explicitOK(target string) bool {
	if _, err := isadefs.LoadISA(target); err != nil {
		return false
	}
	return baseline.CheckKind(target, "") == nil
}

// Cells lists the matrix's cells in a canonical order (model, then
// target, then task in the paper's order, then configuration): only
// (task, target) pairs the target supports. It rejects unknown or
// unsupported targets, unknown tasks, levels outside 1..3 and
// configurations outside 1..5, a task that no selected target supports,
// and a selection with no cells.
func (m Matrix) Cells() ([]Cell, error) {
	if len(m.Models) == 0 {
		return nil, fmt.Errorf("no models")
	}
	if len(m.Targets) == 0 {
		return nil, fmt.Errorf("no targets")
	}
	for _, t := range m.Targets {
		if err := ref.CheckTarget(t); err != nil {
			return nil, err
		}
		if !runnable(t) && !explicitOK(t) {
			defined, _ := DefaultTargets()
			return nil, fmt.Errorf("target %q is not supported yet: it is planned, its ISA, simulator or baselines not complete (supported: %s)", t, strings.Join(defined, ", "))
		}
	}
	for _, l := range m.Levels {
		if l < 1 || l > 3 {
			return nil, fmt.Errorf("level %d: levels are 1, 2, 3", l)
		}
	}
	for _, c := range m.Configs {
		if c < 1 || c > ref.NumConfigs {
			return nil, fmt.Errorf("configuration %d: configurations are 1..%d", c, ref.NumConfigs)
		}
	}
	wantTask := map[string]bool{}
	for _, id := range m.Tasks {
		t, err := ref.Lookup(id)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(m.Targets, t.Supports) {
			return nil, fmt.Errorf("task %s is not supported on %s (it runs on %s)", t.ID, strings.Join(m.Targets, ", "), strings.Join(t.Targets, ", "))
		}
		wantTask[t.ID] = true
	}
	configs := m.Configs
	if len(configs) == 0 {
		for c := 1; c <= ref.NumConfigs; c++ {
			configs = append(configs, c)
		}
	}
	seen := map[Key]bool{}
	var cells []Cell
	for _, model := range m.Models {
		if model == "" {
			return nil, fmt.Errorf("empty model name")
		}
		for _, target := range m.Targets {
			for _, t := range ref.Supported(target) {
				if len(m.Levels) > 0 && !slices.Contains(m.Levels, t.Level) {
					continue
				}
				if len(wantTask) > 0 && !wantTask[t.ID] {
					continue
				}
				for _, c := range configs {
					cell := Cell{Model: model, Cell: ref.Cell{Target: target, Task: t.ID, Config: c}, Level: t.Level, Seed: m.Seed}
					if seen[cell.Key()] {
						continue // a model, target or configuration given twice
					}
					seen[cell.Key()] = true
					cells = append(cells, cell)
				}
			}
		}
	}
	if len(cells) == 0 {
		return nil, fmt.Errorf("the selection has no cells (levels %v, tasks %v on %s)", m.Levels, m.Tasks, strings.Join(m.Targets, ", "))
	}
	return cells, nil
}

// ParseInts parses a list of integers such as "1-5", "1,3" or "1,3-5"
// (ranges inclusive; duplicates dropped; order kept).
func ParseInts(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("bad list %q: empty element", s)
		}
		lo, hi := part, part
		if a, b, ok := strings.Cut(part, "-"); ok {
			lo, hi = a, b
		}
		l, err1 := strconv.Atoi(strings.TrimSpace(lo))
		h, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || l > h {
			return nil, fmt.Errorf("bad list %q: %q is not N or N-M with N <= M", s, part)
		}
		if h-l > 1000 {
			return nil, fmt.Errorf("bad list %q: range %q is too long", s, part)
		}
		for v := l; v <= h; v++ {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out, nil
}

// SplitList splits a comma-separated list, trimming spaces and dropping
// empty elements.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
