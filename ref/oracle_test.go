package ref

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// numpyPython finds a Python that imports numpy: Debian's /usr/bin/python3
// (python3-numpy) first, then python3 on the PATH.
func numpyPython() (string, error) {
	var tried []string
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		path, err := exec.LookPath(py)
		if err != nil {
			tried = append(tried, py+": not found")
			continue
		}
		if out, err := exec.Command(path, "-c", "import numpy").CombinedOutput(); err != nil {
			tried = append(tried, fmt.Sprintf("%s: %s", path, strings.TrimSpace(string(out))))
			continue
		}
		return path, nil
	}
	return "", fmt.Errorf("no python3 with numpy (%s); on Debian: apt-get install python3-numpy", strings.Join(tried, "; "))
}

// TestNumPyOracle generates every supported (target, task, config) case
// and has ref/testdata/oracle.py, an independent NumPy implementation,
// recompute and compare every expected output. In CI (CI=true) a missing
// numpy is a failure, not a skip.
func TestNumPyOracle(t *testing.T) {
	py, err := numpyPython()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true: %v", err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	n := 0
	for _, g := range generateAll() {
		if g.err != nil {
			t.Fatalf("%s: %v", g.name, g.err)
		}
		if err := WriteCase(filepath.Join(dir, g.name), g.c, g.tensors); err != nil {
			t.Fatal(err)
		}
		n++
	}
	out, err := exec.Command(py, "testdata/oracle.py", dir).CombinedOutput()
	text := strings.TrimSpace(string(out))
	t.Logf("%s", text)
	if err != nil {
		t.Fatalf("oracle failed: %v", err)
	}
	m := regexp.MustCompile(`oracle: (\d+) cases, 0 failed`).FindStringSubmatch(text)
	if m == nil || m[1] != fmt.Sprint(n) || n != 285 {
		t.Fatalf("oracle summary %q, want all %d (285) cases checked and passed", text, n)
	}
}
