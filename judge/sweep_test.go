package judge

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"

	"kernelcraft/baseline"
	isadefs "kernelcraft/isa-defs"
	"kernelcraft/ref"
)

// TestBaselineSeedSweep judges every target's chosen baseline on every
// cell with KC_SEED_SWEEP hidden seeds each (seeds 9000 on; the main job
// draws fresh ones, so a baseline that fails now and then fails it now and
// then): every judgement must pass, and the cells whose worst error uses
// more than 0.6 of the tolerance are logged. It runs only when
// KC_SEED_SWEEP is set (40 seeds: 11,400 judgements, about 4 minutes on 2
// cores): KC_SEED_SWEEP=40 go test -run TestBaselineSeedSweep -v ./judge/
func TestBaselineSeedSweep(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("KC_SEED_SWEEP"))
	if err != nil || n <= 0 {
		t.Skip("set KC_SEED_SWEEP=N (hidden seeds per cell) to run the sweep")
	}
	type cell struct {
		target, task string
		config       int
	}
	var cells []cell
	for _, tg := range isadefs.Targets() {
		for _, task := range ref.Supported(tg) {
			for c := 1; c <= ref.NumConfigs; c++ {
				cells = append(cells, cell{tg, task.ID, c})
			}
		}
	}
	var mu sync.Mutex
	var high []string
	jobs := make(chan cell)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				k, err := baseline.Baseline(c.target, "", c.task, c.config)
				if err != nil {
					t.Error(err)
					continue
				}
				worst := 0.0
				for s := uint64(9000); s < 9000+uint64(n); s++ {
					j, err := EvalCell(context.Background(), c.target, c.task, c.config, Seeds{Visible: 1, Hidden: s}, k.Name, k.Src)
					if err != nil {
						t.Errorf("%s %s config %d, hidden seed %d: %v", c.target, c.task, c.config, s, err)
						break
					}
					for _, o := range j.Hidden.Verdict.Outputs {
						worst = max(worst, o.MaxRatio)
					}
					if !j.Hidden.Verdict.Pass {
						t.Errorf("%s %s config %d fails hidden seed %d:\n%s", c.target, c.task, c.config, s, j.Hidden.Verdict)
					}
				}
				if worst > 0.6 {
					mu.Lock()
					high = append(high, fmt.Sprintf("%s %s c%d: %.3f", c.target, c.task, c.config, worst))
					mu.Unlock()
				}
			}
		}()
	}
	for _, c := range cells {
		jobs <- c
	}
	close(jobs)
	wg.Wait()
	slices.Sort(high)
	t.Logf("%d cells x %d hidden seeds; worst error over 0.6 of the tolerance: %v", len(cells), n, high)
}
