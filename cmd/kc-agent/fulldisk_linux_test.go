//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBenchFullDisk: bench on a full disk (a tmpfs filled up) stops
// before calling any model, says so with the resume hint and exits 1;
// once space is freed the same command resumes and exits 0. Skipped with
// the reason where mounting is not permitted (agent/bench's
// fault-injection tests cover the same there).
func TestBenchFullDisk(t *testing.T) {
	disk := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(disk, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", disk, "tmpfs", 0, "size=1m"); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v)", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(disk, 0); err != nil {
			t.Errorf("unmounting the test's tmpfs: %v", err)
		}
	})
	filler := filepath.Join(disk, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	for chunk := make([]byte, 4096); ; {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	f.Close()
	args := []string{"kc-agent", "bench", "--models", "baseline", "--targets", "coral", "--tasks", "relu", "--configs", "1-3",
		"--jobs", "1", "--no-report", "--out", filepath.Join(disk, "out")}
	var out, errb bytes.Buffer
	if st := run(args, &out, &errb); st != exitBenchIncomplete {
		t.Fatalf("on a full disk: status %d, want %d; stderr:\n%s", st, exitBenchIncomplete, errb.String())
	}
	for _, want := range []string{"stopped starting cells: trajectory: write ", "no space left on device (the disk is full)",
		"3 cells not recorded (1 failed, 0 interrupted, 2 not started); free disk space, then run the same command again to resume"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if st := run(args, &out, &errb); st != 0 || !strings.Contains(errb.String(), "3 cells: 0 already recorded, 3 run now (3 passed)") {
		t.Errorf("after freeing space: status %d, stderr:\n%s", st, errb.String())
	}
}
