package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"kernelcraft/sim"
)

// mainEnv, set to 1, makes the test binary run kc-sim's main on its
// arguments (TestMain), so that tests can signal a kc-sim process.
const mainEnv = "KC_SIM_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		os.Exit(run(append([]string{"kc-sim"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestInterrupt: Ctrl-C (SIGINT) stops a spinning kernel with a huge
// cycle limit soon after, with an "interrupted" halt, the statistics of
// the cycles run, and exit status 130.
func TestInterrupt(t *testing.T) {
	elf := build(t, "spin")
	out := t.TempDir()
	cmd := exec.Command(os.Args[0], elf, "--max-cycles", "9000000000", "--stats=json", "-o", out)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("kc-sim still running 10 s after SIGINT; stderr:\n%s", errb.String())
	}
	el := time.Since(start)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != sim.ExitInterrupted || !strings.Contains(errb.String(), "halted: interrupted at pc 0x0 after") {
		t.Fatalf("exit %v, want status %d; stderr:\n%s", err, sim.ExitInterrupted, errb.String())
	}
	if el > 2*time.Second {
		t.Errorf("kc-sim took %v to stop after SIGINT", el)
	}
	var st struct {
		Halt       string `json:"halt"`
		ExitStatus int    `json:"exit_status"`
		Cycles     uint64 `json:"cycles"`
	}
	data, err := os.ReadFile(filepath.Join(out, "stats.json"))
	if err != nil || json.Unmarshal(data, &st) != nil || st.Halt != "cancelled" || st.ExitStatus != sim.ExitInterrupted || st.Cycles == 0 {
		t.Errorf("stats.json (%v): %s", err, data)
	}
	t.Logf("stopped %v after SIGINT: %s", el.Round(time.Millisecond), strings.TrimSpace(errb.String()))
}
