package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"kernelcraft/agent"
)

// smallDisk is a results file on a disk that holds capacity bytes: a
// write past them writes what fits and fails with ENOSPC, as write(2)
// does at the end of the space. The write numbered fillAt (from 1; 0:
// none) fills the disk half way through its line. Truncates fail with EIO
// while failTruncates > 0 (counting down), syncs with syncErr when set.
type smallDisk struct {
	resultsFile
	mu             sync.Mutex
	capacity       int64
	writes, fillAt int
	failTruncates  int
	syncErr        error
}

func (d *smallDisk) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	st, err := d.resultsFile.Stat()
	if err != nil {
		return 0, err
	}
	if d.writes++; d.writes == d.fillAt {
		d.capacity = st.Size() + int64(len(p)/2)
	}
	room := max(d.capacity-st.Size(), 0)
	if int64(len(p)) <= room {
		return d.resultsFile.Write(p)
	}
	n, err := d.resultsFile.Write(p[:room])
	if err == nil {
		err = &os.PathError{Op: "write", Path: "results.jsonl", Err: syscall.ENOSPC}
	}
	return n, err
}

func (d *smallDisk) Truncate(size int64) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.failTruncates > 0 {
		d.failTruncates--
		return &os.PathError{Op: "truncate", Path: "results.jsonl", Err: syscall.EIO}
	}
	return d.resultsFile.Truncate(size)
}

func (d *smallDisk) Sync() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.syncErr != nil {
		return d.syncErr
	}
	return d.resultsFile.Sync()
}

// set changes the disk between appends.
func (d *smallDisk) set(capacity int64, failTruncates int, syncErr error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.capacity, d.failTruncates, d.syncErr = capacity, failTruncates, syncErr
}

// TestAppendFullDisk: a record is wholly in the file or not at all. A
// write cut short by a full disk, and a sync that fails, leave no part of
// the line behind; when cutting it off fails too, the next append cuts it
// first (or fails without writing). Whatever happens, the file reads back
// as exactly the records Append reported written, with no warning.
func TestAppendFullDisk(t *testing.T) {
	recs := make([]agent.Record, 6)
	for i := range recs {
		recs[i] = rec("m", "relu", i+1, i%2 == 0, float64(i))
	}
	line := func(r agent.Record) int64 { // the bytes of its line
		j, _ := json.Marshal(r)
		return int64(len(j) + 1)
	}
	const lots = 1 << 30
	type step struct {
		capacity      int64 // of the disk, before this append; -1: room for half the line
		failTruncates int
		syncErr       error
		wantErr       string // "" for a record written
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"full mid-record, then freed", []step{{lots, 0, nil, ""}, {lots, 0, nil, ""}, {-1, 0, nil, "no space left on device (the disk is full)"}, {lots, 0, nil, ""}}},
		{"full at a line's end", []step{{lots, 0, nil, ""}, {1, 0, nil, "no space left"}, {lots, 0, nil, ""}}},
		{"sync fails", []step{{lots, 0, nil, ""}, {lots, 0, &os.PathError{Op: "sync", Path: "results.jsonl", Err: syscall.EDQUOT}, "disk quota exceeded (the disk is full)"}, {lots, 0, nil, ""}}},
		{"cutting off fails once", []step{{lots, 0, nil, ""}, {lots, 0, nil, ""}, {-1, 1, nil, "cutting the partial line off failed too"}, {lots, 0, nil, ""}, {lots, 0, nil, ""}}},
		{"cutting off fails twice", []step{{lots, 0, nil, ""}, {-1, 1, nil, "cutting the partial line off failed too"}, {lots, 1, nil, "a failed write left a partial line that cannot be cut off"}, {lots, 0, nil, ""}}},
		{"empty file full", []step{{-1, 0, nil, "no space left"}, {lots, 0, nil, ""}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "results.jsonl")
			w, _, err := OpenResults(path)
			if err != nil {
				t.Fatal(err)
			}
			disk := &smallDisk{resultsFile: w.f, capacity: lots}
			w.f = disk
			var written []agent.Record
			var size int64
			for i, s := range tc.steps {
				r := recs[i]
				capacity := s.capacity
				switch capacity {
				case -1:
					capacity = size + line(r)/2
				}
				disk.set(capacity, s.failTruncates, s.syncErr)
				err := w.Append(&r)
				switch {
				case s.wantErr == "" && err == nil:
					written = append(written, r)
					size += line(r)
				case s.wantErr == "" || err == nil || !strings.Contains(err.Error(), s.wantErr):
					t.Fatalf("append %d: %v, want error %q", i+1, err, s.wantErr)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			got, warns, err := ReadResultsFile(path)
			if err != nil || len(warns) != 0 || !reflect.DeepEqual(got, written) {
				t.Errorf("read back %d records, warnings %q, %v; want the %d written", len(got), warns, err, len(written))
			}
			if data, _ := os.ReadFile(path); int64(len(data)) != size || (len(data) > 0 && !bytes.HasSuffix(data, []byte("\n"))) {
				t.Errorf("file of %d bytes, want %d whole lines", len(data), size)
			}
		})
	}
}

// countingBaseline is the baseline provider with its turns counted: the
// model calls of a run.
type countingBaseline struct {
	*agent.BaselineProvider
	turns *atomic.Int32
}

func (c countingBaseline) Turn(ctx context.Context, m []agent.Message, tools []agent.Tool) (agent.Turn, error) {
	c.turns.Add(1)
	return c.BaselineProvider.Turn(ctx, m, tools)
}

// TestRunStopsOnFullDisk: when a record cannot be written (the disk is
// full) or a trajectory cannot, the run starts no further cell and calls
// no model for one; the summary says what happened and how to resume, and
// a resume once there is room records every cell exactly once.
func TestRunStopsOnFullDisk(t *testing.T) {
	cells, err := Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"relu", "gelu"}, Seed: 1}.Cells()
	if err != nil || len(cells) != 10 {
		t.Fatalf("%d cells, %v", len(cells), err)
	}
	enospc := func(path string) error { return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC} }
	for _, tc := range []struct {
		name       string
		results    func(resultsFile) resultsFile
		trajectory func(path string) (io.WriteCloser, error)
		turns, ran int
		errText    string
	}{
		// Two records fit, the third is cut short.
		{"results full", func(f resultsFile) resultsFile {
			return &smallDisk{resultsFile: f, capacity: 1 << 30, fillAt: 3}
		}, nil, 3, 2, "recording: "},
		// No trajectory can be written: no model is called.
		{"trajectories full", nil, func(path string) (io.WriteCloser, error) {
			return failingFile{enospc(path)}, nil
		}, 0, 0, "trajectory: "},
		// Not even a trajectory file can be created.
		{"no trajectory file", nil, func(path string) (io.WriteCloser, error) {
			return nil, enospc(path)
		}, 0, 0, "trajectory: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var turns atomic.Int32
			cfg := Config{Dir: dir, Cells: cells, Jobs: 1, NewProvider: func(c Cell) (agent.Provider, error) {
				return countingBaseline{&agent.BaselineProvider{Target: c.Target, Task: c.Task, Config: c.Config}, &turns}, nil
			}, wrapResults: tc.results, createTrajectory: tc.trajectory}
			var log strings.Builder
			cfg.Progress = &log
			s, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if int(turns.Load()) != tc.turns || s.Ran != tc.ran || len(s.Errors) != 1 || s.NotStarted != len(cells)-tc.ran-1 || s.Complete() {
				t.Fatalf("%d model calls, summary %+v; want %d calls, %d recorded, 1 error", turns.Load(), s, tc.turns, tc.ran)
			}
			if !DiskFull(s.Stopped) || !strings.Contains(s.Errors[0].Err.Error(), tc.errText) {
				t.Errorf("stopped %v, error %v", s.Stopped, s.Errors[0].Err)
			}
			msg := s.String()
			for _, want := range []string{"stopped starting cells: ", "no space left on device (the disk is full)",
				"free disk space, then run the same command again to resume", "cells not recorded (1 failed, 0 interrupted, "} {
				if !strings.Contains(msg, want) {
					t.Errorf("summary lacks %q:\n%s", want, msg)
				}
			}
			if strings.Contains(msg, "\ninterrupted:") {
				t.Errorf("a stopped run is not an interrupted one:\n%s", msg)
			}
			if !strings.Contains(log.String(), "bench: stopping: ") {
				t.Errorf("progress does not say it stops:\n%s", log.String())
			}
			recs, warns, err := ReadResults(dir)
			if err != nil || len(recs) != tc.ran || len(warns) != 0 {
				t.Errorf("%d records, warnings %q, %v; want %d", len(recs), warns, err, tc.ran)
			}
			// The disk has room again: the resume runs the rest.
			cfg.wrapResults, cfg.createTrajectory = nil, nil
			s, err = Run(context.Background(), cfg)
			if err != nil || s.Ran != len(cells)-tc.ran || s.Stopped != nil || !s.Complete() {
				t.Fatalf("resume: %+v %v", s, err)
			}
			recs, warns, _ = ReadResults(dir)
			kept, dups := Dedupe(recs)
			if len(recs) != len(cells) || len(kept) != len(cells) || len(dups) != 0 || len(warns) != 0 {
				t.Errorf("after the resume: %d records, %d cells, warnings %q %q", len(recs), len(kept), warns, dups)
			}
		})
	}
}

// failingFile is a trajectory file on a full disk.
type failingFile struct{ err error }

func (f failingFile) Write([]byte) (int, error) { return 0, f.err }
func (f failingFile) Close() error              { return nil }
