package judge

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"kernelcraft/baseline"
	"kernelcraft/ref"
	"kernelcraft/sim"
)

// sameRun reports how two runs differ: halt, every Stats field but the
// host time, and the verdict (which holds each output's errors).
func sameRun(a, b *Run) string {
	sa, sb := *a.Stats, *b.Stats
	sa.Wall, sb.Wall = 0, 0
	switch {
	case a.Halt.String() != b.Halt.String():
		return fmt.Sprintf("halt %s vs %s", a.Halt, b.Halt)
	case !reflect.DeepEqual(sa, sb):
		return fmt.Sprintf("stats %+v vs %+v", sa, sb)
	case !reflect.DeepEqual(a.Verdict, b.Verdict):
		return fmt.Sprintf("verdict %s vs %s", a.Verdict, b.Verdict)
	}
	return ""
}

// TestMemoHiddenRunsEqualPlain: a cell's hidden run replaying its
// visible run's memo equals the hidden run without one, for baselines of
// each plena task family and a coral cell (whose core ignores the memo).
func TestMemoHiddenRunsEqualPlain(t *testing.T) {
	for _, c := range []struct {
		target, task string
		config       int
	}{
		{"plena", "rmsnorm", 2}, {"plena", "ffn", 1}, {"plena", "flash_attention", 1},
		{"plena", "decoder_llama", 1}, {"plena", "gemv", 3}, {"coral", "softmax", 1},
	} {
		t.Run(fmt.Sprintf("%s/%s/c%d", c.target, c.task, c.config), func(t *testing.T) {
			k, err := baseline.Baseline(c.target, "", c.task, c.config)
			if err != nil {
				t.Fatal(err)
			}
			cs, err := Generate(c.target, c.task, c.config, Seeds{Visible: ref.DefaultSeed, Hidden: 99})
			if err != nil {
				t.Fatal(err)
			}
			elf, err := Assemble(cs.Visible, k.Name, k.Src)
			if err != nil {
				t.Fatal(err)
			}
			memo := &sim.RunMemo{}
			var runs [3]*Run
			for i, o := range []struct {
				hidden bool
				memo   *sim.RunMemo
			}{{false, memo}, {true, memo}, {true, nil}} {
				cc, tt := cs.Case(o.hidden)
				if runs[i], err = RunCase(context.Background(), cc, tt, elf, sim.CoreOptions{Memo: o.memo}); err != nil {
					t.Fatal(err)
				}
			}
			if d := sameRun(runs[1], runs[2]); d != "" {
				t.Errorf("hidden run with the visible run's memo vs without: %s", d)
			}
			if !runs[1].Verdict.Pass {
				t.Errorf("the baseline fails: %s", runs[1].Verdict)
			}
			if want := c.target == "plena"; memo.Recorded() != want {
				t.Errorf("memo recorded %v, want %v", memo.Recorded(), want)
			}
		})
	}
}

// TestJudgeBaselineMemo: judgements on fresh hidden cases re-run the
// baseline with the process's memo of its executable; its runs equal
// runs without it.
func TestJudgeBaselineMemo(t *testing.T) {
	k, err := baseline.Baseline("plena", "", "softmax", 2)
	if err != nil {
		t.Fatal(err)
	}
	// The kernel judged is the baseline with a comment: another source,
	// so Judge runs the baseline separately.
	src := append([]byte("; judged copy\n"), k.Src...)
	for _, hidden := range []uint64{5, 6} {
		cs, err := Generate("plena", "softmax", 2, Seeds{Visible: ref.DefaultSeed, Hidden: hidden})
		if err != nil {
			t.Fatal(err)
		}
		j, err := cs.Judge(context.Background(), "", "copy.asm", src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if j.Baseline == nil || j.Baseline == j.Hidden {
			t.Fatalf("hidden seed %d: no separate baseline run (%v)", hidden, j.BaselineErr)
		}
		elf, err := Assemble(cs.Hidden, k.Name, k.Src)
		if err != nil {
			t.Fatal(err)
		}
		if !baselineMemos.get(elf, cs.Hidden.HW).Recorded() {
			t.Errorf("hidden seed %d: the baseline's memo is not recorded", hidden)
		}
		plain, err := RunCase(context.Background(), cs.Hidden, cs.HiddenTensors, elf, sim.CoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if d := sameRun(j.Baseline, plain); d != "" {
			t.Errorf("hidden seed %d: baseline run with the memo vs without: %s", hidden, d)
		}
		if d := sameRun(j.Hidden, plain); d != "" {
			t.Errorf("hidden seed %d: the kernel (the baseline's code) vs the plain baseline run: %s", hidden, d)
		}
	}
}

// TestMemoCacheBounds: the cache returns one memo per (executable,
// hardware config), keeps at most memoEntries, and forgets the least
// recently used first.
func TestMemoCacheBounds(t *testing.T) {
	c := &memoCache{}
	elf := func(i int) []byte { return []byte(fmt.Sprintf("elf %d", i)) }
	first := c.get(elf(0), "plena")
	if c.get(elf(0), "plena") != first || c.get(elf(0), "plena-128") == first {
		t.Fatal("one memo per executable and hardware config")
	}
	second := c.get(elf(1), "plena")
	for i := 2; i < 3*memoEntries; i++ {
		c.get(elf(i), "plena")
		c.get(elf(0), "plena") // kept: recently used
	}
	if len(c.list) > memoEntries {
		t.Errorf("%d memos kept, at most %d", len(c.list), memoEntries)
	}
	if c.get(elf(0), "plena") != first {
		t.Error("the most recently used memo was forgotten")
	}
	if c.get(elf(1), "plena") == second || len(c.list) > memoEntries {
		t.Error("a memo used long ago was kept")
	}

	// Recordings of 60 MiB: at most two fit in memoBytes beside a new one.
	c = &memoCache{}
	for i := 0; i < 4; i++ {
		m := c.get(elf(i), "plena")
		if !m.Record() {
			t.Fatal("a new memo is not empty")
		}
		m.Finish("k", i, 60<<20)
	}
	c.get(elf(9), "plena")
	var total int64
	for _, e := range c.list {
		total += e.memo.Size()
	}
	if total > memoBytes || len(c.list) != 3 {
		t.Errorf("%d memos with %d MiB of recordings kept, want 3 within %d MiB", len(c.list), total>>20, memoBytes>>20)
	}
}
