package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kernelcraft/agent"
)

func TestRunBaseline(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if st := run([]string{"kc-agent", "run", "relu", "-t", "coral", "-c", "1", "--model", "baseline", "--out", dir, "--json"}, &out, &errb); st != 0 {
		t.Fatalf("status %d: %s %s", st, out.String(), errb.String())
	}
	var rec agent.Record
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if !rec.Success || rec.Model != "baseline" || rec.Task != "relu" || rec.Iterations != 1 || rec.Speedup != 1 {
		t.Errorf("record %+v", rec)
	}
	path := filepath.Join(dir, "baseline_coral_relu_c1_s1.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), path) || !bytes.Contains(data, []byte(`"type":"record"`)) {
		t.Errorf("stderr %q; trajectory %d bytes", errb.String(), len(data))
	}
}

func TestRunText(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"kc-agent", "run", "-t", "coral", "gemm", "-c", "2"}, &out, &errb); st != 0 {
		t.Fatalf("status %d: %s %s", st, out.String(), errb.String())
	}
	for _, s := range []string{"PASS coral gemm config 2", "stop: submitted", "speedup 1.000"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
}

func TestRunErrors(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "relu", "--model", "openai:gpt-4o"}, "set OPENAI_API_KEY"},
		{[]string{"run", "relu", "--model", "nope"}, "unknown provider"},
		{[]string{"run", "rope", "-t", "coral"}, "rope"},
		{[]string{"run"}, "one TASK"},
		{[]string{"run", "99"}, "numbers 1..23"},
		{[]string{"nosuch"}, `unknown command "nosuch" (commands: run, bench, report`},
	} {
		var out, errb bytes.Buffer
		if st := run(append([]string{"kc-agent"}, tc.args...), &out, &errb); st != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: status %d, stderr %q, want 2 and %q", tc.args, st, errb.String(), tc.want)
		}
	}
}
