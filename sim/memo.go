package sim

import "sync"

// MemoCap is the most a RunMemo holds by default: 64 MiB. A core that
// reaches it stops recording and keeps what it has (a prefix of the run
// is still a valid recording: replay checks every step and continues
// live past its end).
const MemoCap = 64 << 20

// RunMemo is a store a core may fill on one run and replay on later runs
// of the same executable and hardware config (CoreOptions.Memo). What it
// holds is the core's own business (sim never looks inside): typically
// the results of a costly, deterministic part of the timing model (plena:
// every HBM transfer's timing) together with the inputs that produced
// them. A replaying core checks each recorded step against what its run
// actually does and, from the first difference on, computes live, so a
// run's results (cycles, stats, memory, traces) are exactly those of a
// run without the memo; only its host time differs. Cores that have
// nothing to memoise ignore it.
//
// A RunMemo is safe for concurrent use. The first run to find it empty
// records (Record); later runs replay only a completed recording
// (Replay): one that starts while another is still recording runs
// without the memo. Its memory is bounded by Limit (MemoCap when 0):
// past it the recorder stops recording and keeps the prefix. The zero
// value is an empty memo.
type RunMemo struct {
	// Limit bounds the recording, in bytes (0: MemoCap; at most MemoCap).
	Limit int64

	mu    sync.Mutex
	state memoState
	key   string
	data  any
	size  int64
}

type memoState uint8

const (
	memoEmpty memoState = iota
	memoRecording
	memoDone
)

// Cap is the most bytes a recording of m may hold (Limit, or MemoCap).
func (m *RunMemo) Cap() int64 {
	if m == nil || m.Limit <= 0 || m.Limit > MemoCap {
		return MemoCap
	}
	return m.Limit
}

// Record claims an empty memo for recording: true makes the caller its
// one recorder, which must call Finish (with whatever it recorded, even a
// prefix) when its run ends. It is false for a nil memo and for one that
// is being or has been recorded.
func (m *RunMemo) Record() bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != memoEmpty {
		return false
	}
	m.state = memoRecording
	return true
}

// Finish completes a recording claimed with Record: data (which must not
// change afterwards: replays read it concurrently) under key (the core's
// name for what the content depends on, e.g. its target and the timing
// parameters involved; Replay compares it), size its approximate bytes.
// A nil data leaves the memo empty again, for a later run to record.
func (m *RunMemo) Finish(key string, data any, size int64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != memoRecording {
		return
	}
	if data == nil {
		m.state = memoEmpty
		return
	}
	m.state, m.key, m.data, m.size = memoDone, key, data, size
}

// Replay returns the completed recording made under key; false when the
// memo is nil, empty, still being recorded, or recorded under another
// key.
func (m *RunMemo) Replay(key string) (data any, ok bool) {
	if m == nil {
		return nil, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state != memoDone || m.key != key {
		return nil, false
	}
	return m.data, true
}

// Size is the recording's approximate size in bytes (0 until it is
// complete).
func (m *RunMemo) Size() int64 {
	if m == nil {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.size
}

// Recorded reports whether the memo holds a completed recording.
func (m *RunMemo) Recorded() bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state == memoDone
}
