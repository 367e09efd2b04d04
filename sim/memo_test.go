package sim

import (
	"sync"
	"testing"
)

// TestRunMemo: one recorder claims an empty memo, replays see only a
// completed recording under their key, a nil recording leaves the memo
// for another run, a nil memo does nothing, and the cap is Limit up to
// MemoCap.
func TestRunMemo(t *testing.T) {
	var none *RunMemo
	if none.Record() || none.Recorded() || none.Size() != 0 || none.Cap() != MemoCap {
		t.Error("a nil memo must do nothing")
	}
	none.Finish("k", 1, 8)
	if _, ok := none.Replay("k"); ok {
		t.Error("a nil memo replayed")
	}

	m := &RunMemo{}
	if _, ok := m.Replay("k"); ok {
		t.Error("an empty memo replayed")
	}
	if !m.Record() || m.Record() {
		t.Fatal("Record must claim an empty memo once")
	}
	if _, ok := m.Replay("k"); ok {
		t.Error("a memo being recorded replayed")
	}
	m.Finish("k", nil, 0) // the recorder gave up: empty again
	if m.Recorded() || !m.Record() {
		t.Fatal("a memo finished with nil data must be empty again")
	}
	m.Finish("k", []int{1, 2}, 16)
	m.Finish("k", "late", 1) // not recording: ignored
	for _, c := range []struct {
		key string
		ok  bool
	}{{"k", true}, {"other", false}} {
		d, ok := m.Replay(c.key)
		if ok != c.ok || ok && len(d.([]int)) != 2 {
			t.Errorf("Replay(%q) = %v, %v", c.key, d, ok)
		}
	}
	if m.Record() || !m.Recorded() || m.Size() != 16 {
		t.Error("a recorded memo must not be recorded again")
	}

	for _, c := range []struct{ limit, want int64 }{{0, MemoCap}, {-1, MemoCap}, {100, 100}, {MemoCap + 1, MemoCap}} {
		if got := (&RunMemo{Limit: c.limit}).Cap(); got != c.want {
			t.Errorf("Limit %d: Cap %d, want %d", c.limit, got, c.want)
		}
	}
}

// TestRunMemoOneRecorder: of many runs claiming one memo at once, one
// records.
func TestRunMemoOneRecorder(t *testing.T) {
	m := &RunMemo{}
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if m.Record() {
				mu.Lock()
				n++
				mu.Unlock()
				m.Finish("k", 1, 8)
			}
			m.Replay("k")
		}()
	}
	wg.Wait()
	if n != 1 || !m.Recorded() {
		t.Errorf("%d recorders", n)
	}
}
