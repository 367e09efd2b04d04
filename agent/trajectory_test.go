package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
