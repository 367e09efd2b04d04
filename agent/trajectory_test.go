package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestTrajectoryFlushed: every event is in the file as soon as it
// happens: during the attempt, the next turn already finds the previous
// tool result on disk.
func TestTrajectoryFlushed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "a.jsonl")
	tr, f, err := CreateTrajectory(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	onDisk := func(m []Message) (Turn, error) {
		g, err := os.Open(path)
		if err != nil {
			return Turn{}, err
		}
		defer g.Close()
		evs, err := ReadEvents(g)
		if err != nil {
			return Turn{}, err
		}
		last := evs[len(evs)-1]
		if last.Type != "tool_result" {
			return Turn{}, fmt.Errorf("last event on disk is %s, want the run's tool_result", last.Type)
		}
		return CallStep(ToolSubmit, map[string]string{"source": reluOK}, u)(m)
	}
	p := &Scripted{Steps: []Step{CallStep(ToolRun, map[string]string{"source": reluOK}, u), onDisk}}
	rec := Attempt(context.Background(), p, reluEnv(t), Options{Trajectory: tr})
	if rec.StopReason != StopSubmitted || !rec.Success {
		t.Fatalf("record %+v", rec)
	}
	if err := tr.Err(); err != nil {
		t.Fatal(err)
	}
	g, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	evs, err := ReadEvents(g)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range evs {
		types = append(types, e.Type)
	}
	want := []string{"attempt", "message", "message", "usage", "message", "tool_call", "tool_result",
		"usage", "message", "tool_call", "tool_result", "judgement", "record"}
	if fmt.Sprint(types) != fmt.Sprint(want) {
		t.Errorf("events %v\nwant   %v", types, want)
	}
	var back Record
	if err := json.Unmarshal(evs[len(evs)-1].Data, &back); err != nil || back != *rec {
		t.Errorf("record event %+v (%v), want %+v", back, err, *rec)
	}
	var m Message
	if err := json.Unmarshal(evs[1].Data, &m); err != nil || m.Role != "system" {
		t.Errorf("second event %s: %+v %v", evs[1].Data, m, err)
	}
}

func TestNilTrajectory(t *testing.T) {
	var tr *Trajectory
	tr.Event("message", Message{Role: "user"}) // must not panic
	if tr.Err() != nil {
		t.Error("nil trajectory has an error")
	}
}

// fullDisk is a trajectory file on a disk that fills up: the write of
// event failAt (1-based; 0: none) writes half its bytes and fails with
// ENOSPC, as write(2) does at the end of the space, and so does every
// later one; syncErr, when set, is what Sync returns.
type fullDisk struct {
	bytes.Buffer
	writes, failAt int
	syncErr        error
}

func (d *fullDisk) Write(p []byte) (int, error) {
	d.writes++
	if d.failAt > 0 && d.writes >= d.failAt {
		n := 0
		if d.writes == d.failAt {
			n, _ = d.Buffer.Write(p[:len(p)/2])
		}
		return n, &os.PathError{Op: "write", Path: "t.jsonl", Err: syscall.ENOSPC}
	}
	return d.Buffer.Write(p)
}

func (d *fullDisk) Sync() error { return d.syncErr }

// TestTrajectoryFullDisk: once the trajectory cannot be written the
// model is not called again (its answer could not be recorded): a
// trajectory that fails before the first turn means no call at all. The
// attempt stops as StopTrajectory without a judgement, and Err says why.
func TestTrajectoryFullDisk(t *testing.T) {
	// Events before the first turn: attempt, system message, task
	// message; then per turn usage, message, tool_call, tool_result.
	for _, tc := range []struct {
		name    string
		failAt  int
		syncErr error
		turns   int
		stop    string
	}{
		{"full from the start", 1, nil, 0, StopTrajectory},
		{"full at the task message", 3, nil, 0, StopTrajectory},
		{"full at the first turn's usage", 4, nil, 1, StopTrajectory},
		{"full at the second turn's tool result", 11, nil, 2, StopTrajectory},
		{"room for all", 0, nil, 5, StopBudget},
		{"sync fails at the record", 0, syscall.EIO, 5, StopBudget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			turns := 0
			info := func(m []Message) (Turn, error) {
				turns++
				return CallStep(ToolTaskInfo, `{}`, u)(m)
			}
			d := &fullDisk{failAt: tc.failAt, syncErr: tc.syncErr}
			tr := NewTrajectory(d)
			rec := Attempt(context.Background(), &Scripted{Steps: []Step{info, info, info, info, info}}, reluEnv(t), Options{Budget: 5, Trajectory: tr})
			if turns != tc.turns || rec.StopReason != tc.stop || rec.Iterations != tc.turns || rec.Judged != "none" {
				t.Errorf("%d turns, record %+v; want %d turns, stop %s", turns, rec, tc.turns, tc.stop)
			}
			err := tr.Err()
			switch {
			case tc.failAt > 0:
				if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(rec.Error, "no space left on device") {
					t.Errorf("Err() = %v, record error %q; want ENOSPC", err, rec.Error)
				}
			case tc.syncErr != nil:
				if !errors.Is(err, tc.syncErr) {
					t.Errorf("Err() = %v; want the sync's %v", err, tc.syncErr)
				}
			case err != nil:
				t.Errorf("Err() = %v", err)
			}
		})
	}
}
