//go:build linux

package bench

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"syscall"
	"testing"

	"kernelcraft/agent"
)

// smallTmpfs mounts a tmpfs of size bytes for the test, or skips it
// where mounting is not permitted (not root, a container without
// CAP_SYS_ADMIN): the fault-injection tests cover the same ground there.
func smallTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("cannot mount a %s tmpfs here (%v); TestAppendFullDisk and TestRunStopsOnFullDisk inject the same faults", size, err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, 0); err != nil {
			t.Errorf("unmounting the test's tmpfs: %v", err)
		}
	})
	return dir
}

// fill writes a file until the disk is full and returns its path.
func fill(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return path
		}
	}
}

// TestResultsOnFullTmpfs: on a real full disk (a 64 KiB tmpfs), the
// record that crosses into a page the disk no longer has is cut short by
// write(2); Append cuts it off again, and once space is freed the next
// record lands on a line of its own: the file reads back as exactly the
// records reported written.
func TestResultsOnFullTmpfs(t *testing.T) {
	dir := smallTmpfs(t, "64k")
	path := filepath.Join(dir, "results.jsonl")
	w, _, err := OpenResults(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var written []agent.Record
	next := 0
	appendOne := func() error {
		next++
		r := rec("m", "relu", next, true, 1)
		r.Error = string(bytes.Repeat([]byte("x"), 300)) // lines of ~500 bytes: a few per page
		err := w.Append(&r)
		if err == nil {
			written = append(written, r)
		}
		return err
	}
	for range 3 {
		if err := appendOne(); err != nil {
			t.Fatal(err)
		}
	}
	filler := fill(t, dir)
	var full error
	for range 64 { // the rest of the file's last page fills, then a line is cut short
		if full = appendOne(); full != nil {
			break
		}
	}
	if !DiskFull(full) {
		t.Fatalf("appending to a full disk: %v, want ENOSPC", full)
	}
	check := func(when string) {
		t.Helper()
		got, warns, err := ReadResultsFile(path)
		if err != nil || len(warns) != 0 || !reflect.DeepEqual(got, written) {
			t.Errorf("%s: read back %d records, warnings %q, %v; want the %d written", when, len(got), warns, err, len(written))
		}
	}
	check("disk full")
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if err := appendOne(); err != nil {
		t.Fatalf("after freeing space: %v", err)
	}
	check("space freed")
}

// TestRunOnFullTmpfs: a benchmark started on a full disk calls no model
// (no trajectory can be written) and starts no further cell; once space
// is freed the same run resumes and records every cell once.
func TestRunOnFullTmpfs(t *testing.T) {
	dir := smallTmpfs(t, "1m")
	cells, err := Matrix{Models: []string{"baseline"}, Targets: []string{"coral"}, Tasks: []string{"relu"}, Configs: []int{1, 2, 3}, Seed: 1}.Cells()
	if err != nil {
		t.Fatal(err)
	}
	var turns atomic.Int32
	cfg := Config{Dir: filepath.Join(dir, "out"), Cells: cells, Jobs: 1, NewProvider: func(c Cell) (agent.Provider, error) {
		return countingBaseline{&agent.BaselineProvider{Target: c.Target, Task: c.Task, Config: c.Config}, &turns}, nil
	}}
	filler := fill(t, dir)
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if turns.Load() != 0 || !DiskFull(s.Stopped) || s.Ran != 0 || len(s.Errors) != 1 || s.NotStarted != len(cells)-1 {
		t.Fatalf("on a full disk: %d model calls, summary %+v", turns.Load(), s)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	s, err = Run(context.Background(), cfg)
	if err != nil || s.Ran != len(cells) || !s.Complete() || int(turns.Load()) != len(cells) {
		t.Fatalf("resume: %d model calls, %+v %v", turns.Load(), s, err)
	}
	recs, warns, err := ReadResults(cfg.Dir)
	if err != nil || len(recs) != len(cells) || len(warns) != 0 {
		t.Errorf("%d records, warnings %q, %v", len(recs), warns, err)
	}
}
