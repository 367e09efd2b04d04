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

func runKCRef(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	st := run(append([]string{"kc-ref"}, args...), &stdout, &stderr)
	return st, stdout.String(), stderr.String()
}

func TestCheckCommand(t *testing.T) {
	caseDir, y := checkFixture(t)
	good := t.TempDir()
	writeTensor(t, filepath.Join(good, "y.npy"), y)
	if st, out, errOut := runKCRef("check", caseDir, good); st != 0 || !strings.HasPrefix(out, "PASS") {
		t.Errorf("good: status %d\n%s%s", st, out, errOut)
	}
	bad := t.TempDir()
	z := *y
	z.Data = make([]byte, len(y.Data))
	copy(z.Data[4:], y.Data) // shifted by one float32
	writeTensor(t, filepath.Join(bad, "y.npy"), &z)
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
