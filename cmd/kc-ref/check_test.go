package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/ref"
	"kernelcraft/sim"
)

// checkFixture writes the coral ReLU case 1 and returns its directory and
// expected output.
func checkFixture(t *testing.T) (string, *sim.Tensor) {
	t.Helper()
	c, tensors, err := ref.Generate("coral", "relu", 1, ref.DefaultSeed, false)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ref.WriteCase(dir, c, tensors); err != nil {
		t.Fatal(err)
	}
	return dir, tensors["y"]
}

func writeTensor(t *testing.T, path string, x *sim.Tensor) {
	t.Helper()
	var b bytes.Buffer
	if err := sim.WriteNPY(&b, x); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeStats writes a result's stats.json as kc-sim --case does, with
// the given halt kind and written ranges.
func writeStats(t *testing.T, dir, halt string, written ...sim.Range) {
	t.Helper()
	b, err := json.Marshal(map[string]any{"halt": halt, "halt_message": "halted: " + halt, "exit_status": 0, "written_ranges": written})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stats.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// yRange is the bytes of the fixture's output y.
func yRange(t *testing.T, caseDir string) sim.Range {
	t.Helper()
	c, _, err := ref.LoadCase(caseDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range c.Tensors {
		if s.Name == "y" {
			return sim.Range{Start: s.Addr, End: s.Addr + uint64(4*sim.Elems(s.Shape))}
		}
	}
	t.Fatal("no y")
	return sim.Range{}
}

func runKCRef(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	st := run(append([]string{"kc-ref"}, args...), &stdout, &stderr)
	return st, stdout.String(), stderr.String()
}

func TestCheckCommand(t *testing.T) {
	caseDir, y := checkFixture(t)
	yr := yRange(t, caseDir)
	good := t.TempDir()
	writeTensor(t, filepath.Join(good, "y.npy"), y)
	writeStats(t, good, "pause", yr)
	if st, out, errOut := runKCRef("check", caseDir, good); st != 0 || !strings.HasPrefix(out, "PASS") {
		t.Errorf("good: status %d\n%s%s", st, out, errOut)
	}
	bad := t.TempDir()
	z := *y
	z.Data = make([]byte, len(y.Data))
	copy(z.Data[4:], y.Data) // shifted by one float32
	writeTensor(t, filepath.Join(bad, "y.npy"), &z)
	writeStats(t, bad, "pause", yr)
	st, out, _ := runKCRef("check", caseDir, bad)
	if st != 1 || !strings.HasPrefix(out, "FAIL") || !strings.Contains(out, "shifted by 1") {
		t.Errorf("bad: status %d\n%s", st, out)
	}
	if n := strings.Count(out, "\n"); n > 40 {
		t.Errorf("%d lines", n)
	}
	st, out, _ = runKCRef("check", caseDir, bad, "--json")
	var j struct {
		Verdict struct{ Pass bool }
		Text    string
	}
	if st != 1 || json.Unmarshal([]byte(out), &j) != nil || j.Verdict.Pass || !strings.HasPrefix(j.Text, "FAIL") {
		t.Errorf("json: status %d\n%s", st, out)
	}
	if st, _, errOut := runKCRef("check", caseDir); st != 2 || !strings.Contains(errOut, "CASE_DIR RESULT_DIR") {
		t.Errorf("usage: status %d %q", st, errOut)
	}
	if st, _, errOut := runKCRef("check", caseDir, t.TempDir()); st != 2 || !strings.Contains(errOut, "no y.npy") {
		t.Errorf("missing output: status %d %q", st, errOut)
	}
}

// TestCheckLaw: a result folder without stats.json, or with one that
// names no halt, cannot be judged (exit 2); right outputs with a store
// past the end of y, or an ecall exit instead of mpause, fail (exit 1).
func TestCheckLaw(t *testing.T) {
	caseDir, y := checkFixture(t)
	yr := yRange(t, caseDir)
	nostats := t.TempDir()
	writeTensor(t, filepath.Join(nostats, "y.npy"), y)
	if st, out, errOut := runKCRef("check", caseDir, nostats); st != 2 || out != "" || !strings.Contains(errOut, "no stats.json") {
		t.Errorf("no stats.json: status %d\n%s%s", st, out, errOut)
	}
	nohalt := t.TempDir()
	writeTensor(t, filepath.Join(nohalt, "y.npy"), y)
	os.WriteFile(filepath.Join(nohalt, "stats.json"), []byte(`{"cycles": 100}`), 0o644)
	if st, _, errOut := runKCRef("check", caseDir, nohalt); st != 2 || !strings.Contains(errOut, "no halt reason") {
		t.Errorf("no halt: status %d %q", st, errOut)
	}
	past := t.TempDir()
	writeTensor(t, filepath.Join(past, "y.npy"), y)
	writeStats(t, past, "pause", sim.Range{Start: yr.Start, End: yr.End + 3})
	if st, out, _ := runKCRef("check", caseDir, past); st != 1 || !strings.Contains(out, "3 bytes past the end of output 'y'") {
		t.Errorf("past the end: status %d\n%s", st, out)
	}
	exit := t.TempDir()
	writeTensor(t, filepath.Join(exit, "y.npy"), y)
	writeStats(t, exit, "exit", yr)
	if st, out, _ := runKCRef("check", caseDir, exit); st != 1 || !strings.Contains(out, "the task requires the kernel to end with mpause") {
		t.Errorf("exit: status %d\n%s", st, out)
	}
}
