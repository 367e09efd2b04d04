package agent

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Trajectory is an attempt's JSONL log: one event per line, written with a
// single Write as it happens, so a killed process loses nothing; a file is
// synced to the disk at the attempt's record event. A nil *Trajectory
// discards events. Once a write fails (Err), Attempt calls the model no
// more: its answers could not be recorded.
type Trajectory struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
	err   error
}

// Event is one line of a trajectory.
type Event struct {
	Time    time.Time `json:"time"`
	Elapsed int64     `json:"elapsed_ms"` // since the trajectory began
	Type    string    `json:"type"`       // attempt, message, tool_call, tool_result, usage, error, record
	Data    any       `json:"data"`
}

// NewTrajectory writes events to w.
func NewTrajectory(w io.Writer) *Trajectory { return &Trajectory{w: w, start: time.Now()} }

// CreateTrajectory creates (or appends to) the JSONL file at path, making
// its directory.
func CreateTrajectory(path string) (*Trajectory, *os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return NewTrajectory(f), f, nil
}

// Event appends one event.
func (t *Trajectory) Event(typ string, data any) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	line, err := json.Marshal(Event{Time: now.UTC(), Elapsed: now.Sub(t.start).Milliseconds(), Type: typ, Data: data})
	if err != nil {
		line, _ = json.Marshal(Event{Time: now.UTC(), Type: "error", Data: err.Error()})
	}
	if _, err := t.w.Write(append(line, '\n')); err != nil && t.err == nil {
		t.err = err
	}
	// Each event is one write(2), so a killed process loses nothing it
	// has written. The file is synced to the disk (which a power cut
	// would need) only at the attempt's record: a sync per event cost a
	// model-free benchmark run a third of its wall time.
	if f, ok := t.w.(interface{ Sync() error }); ok && typ == "record" {
		if err := f.Sync(); err != nil && t.err == nil {
			t.err = err
		}
	}
}

// Err is the first write error, if any.
func (t *Trajectory) Err() error {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// ReadEvents reads a trajectory's events (data left as raw JSON).
func ReadEvents(r io.Reader) ([]RawEvent, error) {
	var out []RawEvent
	dec := json.NewDecoder(r)
	for {
		var e RawEvent
		if err := dec.Decode(&e); err == io.EOF {
			return out, nil
		} else if err != nil {
			return out, err
		}
		out = append(out, e)
	}
}

// RawEvent is an Event read back, its data undecoded.
type RawEvent struct {
	Time    time.Time       `json:"time"`
	Elapsed int64           `json:"elapsed_ms"`
	Type    string          `json:"type"`
	Data    json.RawMessage `json:"data"`
}
