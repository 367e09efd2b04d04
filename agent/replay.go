package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// TrajectoryFileName is the trajectory file of an attempt:
// {model}_{target}_{task}_c{config}_s{seed}.jsonl, the --model spec with
// ':' and '/' replaced by '_' (kc-agent run --out writes it).
func TrajectoryFileName(model, target, task string, config int, seed uint64) string {
	m := strings.NewReplacer(":", "_", "/", "_").Replace(model)
	return fmt.Sprintf("%s_%s_%s_c%d_s%d.jsonl", m, target, task, config, seed)
}

// ReplayProvider plays back the model turns of a recorded trajectory, in
// order: text, tool calls (with their ids) and usage, and a recorded
// provider error as an error. The loop re-executes the tools, so on the
// same cell and seed it reaches the same verdict, iterations and tokens;
// the cost of each turn is the recorded one (files written before costs
// were recorded are priced at the original model's built-in price, or
// --price-in/--price-out). When a file holds several attempts (a re-run
// appends), the last one is played. A turn asked for beyond the recording
// is an error. The kernel is judged against the recording (Recording,
// ReplayCheck): on the recorded hidden seed, which reproduces the
// verdict and the cycles, and on a fresh one, which a kernel that only
// recognises the recorded cases fails.
type ReplayProvider struct {
	Path  string // the trajectory file
	Model string // the recorded attempt's model
	turns []replayTurn
	n     int
	price Price
	rec   Recording
}

// Recording is the recorded attempt's judgement (its hidden seed,
// verdict and cycles) and whether the replay only reproduces it.
func (r *ReplayProvider) Recording() Recording { return r.rec }

type replayTurn struct {
	turn    Turn
	cost    float64
	hasCost bool
	err     string // a recorded provider error
}

// Name is "replay:" and the recorded model.
func (r *ReplayProvider) Name() string { return "replay:" + r.Model }

// Turns is the number of recorded turns.
func (r *ReplayProvider) Turns() int { return len(r.turns) }

// Turn plays the next recorded turn.
func (r *ReplayProvider) Turn(ctx context.Context, messages []Message, tools []Tool) (Turn, error) {
	if r.n >= len(r.turns) {
		return Turn{}, fmt.Errorf("replay: %s has no turn %d (it recorded %d); the recorded attempt ended differently (interrupted, or the tools now answer otherwise)", r.Path, r.n+1, len(r.turns))
	}
	t := r.turns[r.n]
	r.n++
	if t.err != "" {
		return Turn{}, fmt.Errorf("replay: recorded provider error: %s", t.err)
	}
	return t.turn, nil
}

// Cost is the recorded cost of the turn just played (the loop prices a
// turn right after it).
func (r *ReplayProvider) Cost(u Usage) float64 {
	if r.n > 0 && r.turns[r.n-1].hasCost {
		return r.turns[r.n-1].cost
	}
	return r.price.Cost(u)
}

// NewReplay returns the replay provider of a cell. spec is what follows
// "replay:" in --model. With cfg.ReplayDir set, spec may name the
// recorded model (replay:openai:gpt-4o picks
// openai_gpt-4o_{cell}.jsonl in the directory); without it, spec is a
// trajectory file or a directory. In a directory, the cell's trajectory
// is found by its file name; cfg.Seed, when not 0, selects the seed, and
// more than one candidate is an error listing them.
func NewReplay(spec, target, task string, config int, cfg ProviderConfig) (*ReplayProvider, error) {
	dir, model := cfg.ReplayDir, ""
	if dir != "" {
		model = spec
	} else {
		dir = spec
	}
	if dir == "" {
		return nil, errors.New("replay: no trajectory: use --replay DIR (a folder of kc-agent trajectories) or --model replay:FILE.jsonl")
	}
	path := dir
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if st.IsDir() {
		if path, err = findTrajectory(dir, model, target, task, config, cfg.Seed); err != nil {
			return nil, err
		}
	}
	r, err := loadReplay(path)
	if err != nil {
		return nil, err
	}
	if r.target != target || r.task != task || r.config != config {
		return nil, fmt.Errorf("replay: %s records %s %s config %d, not the cell %s %s config %d", path, r.target, r.task, r.config, target, task, config)
	}
	if cfg.Seed != 0 && r.seed != cfg.Seed {
		return nil, fmt.Errorf("replay: %s records seed %d, not %d", path, r.seed, cfg.Seed)
	}
	rp := r.ReplayProvider
	rp.rec.ReproduceOnly = cfg.ReproduceOnly
	if cfg.PriceIn != 0 || cfg.PriceOut != 0 {
		rp.price = Price{In: cfg.PriceIn, Out: cfg.PriceOut}
	} else if kind, name, ok := strings.Cut(rp.Model, ":"); ok {
		rp.price, _ = LookupPrice(kind, name)
	}
	return &rp, nil
}

// findTrajectory finds the cell's trajectory file in dir.
func findTrajectory(dir, model, target, task string, config int, seed uint64) (string, error) {
	m := "*"
	if model != "" {
		m = strings.NewReplacer(":", "_", "/", "_").Replace(model)
	}
	sd := "*"
	if seed != 0 {
		sd = fmt.Sprint(seed)
	}
	pattern := filepath.Join(dir, fmt.Sprintf("%s_%s_%s_c%d_s%s.jsonl", m, target, task, config, sd))
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return "", fmt.Errorf("replay: %w", err)
	}
	// A glob's '*' before the target also matches longer task names
	// ("gemm" in "x_coral_batched_gemm_c1"): keep exact parses only.
	var found []string
	for _, m := range matches {
		if trajectoryCellMatches(filepath.Base(m), target, task, config) {
			found = append(found, m)
		}
	}
	sort.Strings(found)
	switch len(found) {
	case 0:
		return "", fmt.Errorf("replay: no trajectory for %s %s config %d in %s (looked for %s)", target, task, config, dir, filepath.Base(pattern))
	case 1:
		return found[0], nil
	}
	var names []string
	for _, f := range found {
		names = append(names, filepath.Base(f))
	}
	return "", fmt.Errorf("replay: %d trajectories for %s %s config %d in %s: %s; choose one with --model replay:MODEL, --seed or --model replay:FILE.jsonl",
		len(found), target, task, config, dir, strings.Join(names, ", "))
}

// trajectoryCellMatches: name ends in _{target}_{task}_c{config}_s{digits}.jsonl
// and something (the model) comes before it.
func trajectoryCellMatches(name, target, task string, config int) bool {
	rest, ok := strings.CutSuffix(name, ".jsonl")
	if !ok {
		return false
	}
	i := strings.LastIndex(rest, "_s")
	if i < 0 || strings.Trim(rest[i+2:], "0123456789") != "" || i+2 == len(rest) {
		return false
	}
	cell := fmt.Sprintf("_%s_%s_c%d", target, task, config)
	return strings.HasSuffix(rest[:i], cell) && len(rest[:i]) > len(cell)
}

// loadedReplay is a trajectory read back, with its cell.
type loadedReplay struct {
	ReplayProvider
	target, task string
	config       int
	seed         uint64
}

// loadReplay reads the last attempt of a trajectory file.
func loadReplay(path string) (*loadedReplay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	return parseReplay(path, f)
}

// parseReplay reads the last attempt of the trajectory r (read from
// path, which names it in errors).
func parseReplay(path string, f io.Reader) (*loadedReplay, error) {
	evs, err := ReadEvents(f)
	if err != nil {
		return nil, fmt.Errorf("replay: %s: corrupt trajectory after %d events: %v", path, len(evs), err)
	}
	start := -1
	for i, e := range evs {
		if e.Type == "attempt" {
			start = i
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("replay: %s: not a trajectory (no attempt event among %d events)", path, len(evs))
	}
	var head struct {
		Model  string `json:"model"`
		Target string `json:"target"`
		Task   string `json:"task"`
		Config int    `json:"config"`
		Seed   uint64 `json:"seed"`
	}
	if err := json.Unmarshal(evs[start].Data, &head); err != nil {
		return nil, fmt.Errorf("replay: %s: bad attempt event: %v", path, err)
	}
	r := &loadedReplay{ReplayProvider: ReplayProvider{Path: path, Model: head.Model},
		target: head.Target, task: head.Task, config: head.Config, seed: head.Seed}
	// A turn is a usage event then the assistant message (files without
	// usage events give turns without usage), or an error event.
	var pending *replayTurn
	for i, e := range evs[start+1:] {
		bad := func(err error) error {
			return fmt.Errorf("replay: %s: bad %s event (line %d): %v", path, e.Type, start+i+2, err)
		}
		switch e.Type {
		case "usage":
			var u struct {
				Usage
				Cost *float64 `json:"cost_usd"`
			}
			if err := json.Unmarshal(e.Data, &u); err != nil {
				return nil, bad(err)
			}
			if err := checkUsage(u.Usage); err != nil {
				return nil, bad(err)
			}
			if u.Cost != nil && *u.Cost < 0 {
				return nil, bad(fmt.Errorf("negative cost_usd %v", *u.Cost))
			}
			pending = &replayTurn{turn: Turn{Usage: u.Usage}}
			if u.Cost != nil {
				pending.cost, pending.hasCost = *u.Cost, true
			}
		case "message":
			var m Message
			if err := json.Unmarshal(e.Data, &m); err != nil {
				return nil, bad(err)
			}
			if m.Role != "assistant" {
				continue
			}
			if pending == nil {
				pending = &replayTurn{}
			}
			pending.turn.Text, pending.turn.ToolCalls = m.Content, m.ToolCalls
			r.turns = append(r.turns, *pending)
			pending = nil
		case "error":
			var x struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(e.Data, &x); err != nil {
				return nil, bad(err)
			}
			if x.Error == "" {
				x.Error = "(no message)"
			}
			r.turns = append(r.turns, replayTurn{err: x.Error})
			pending = nil
		case "judgement":
			// The first judgement is the attempt's own (a replay's
			// trajectory adds its fresh one after it).
			var j struct {
				HiddenSeed *uint64 `json:"hidden_seed"`
			}
			if err := json.Unmarshal(e.Data, &j); err != nil {
				return nil, bad(err)
			}
			if j.HiddenSeed != nil && !r.rec.Judged {
				r.rec.HiddenSeed, r.rec.Judged = *j.HiddenSeed, true
			}
		case "record":
			var x struct {
				Success bool   `json:"success"`
				Cycles  uint64 `json:"cycles"`
			}
			if err := json.Unmarshal(e.Data, &x); err != nil {
				return nil, bad(err)
			}
			r.rec.HasRecord, r.rec.Success, r.rec.Cycles = true, x.Success, x.Cycles
		}
	}
	if len(r.turns) == 0 {
		return nil, fmt.Errorf("replay: %s: the attempt has no model turns to replay", path)
	}
	return r, nil
}
