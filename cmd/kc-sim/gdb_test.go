package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"kernelcraft/sim"
)

// gdbServer is a kc-sim --gdb child process.
type gdbServer struct {
	cmd  *exec.Cmd
	addr string
	done chan struct{} // closed when its standard error has been read to the end
	log  strings.Builder
}

// startGDBServer starts kc-sim --gdb 127.0.0.1:0 (a child process, as a
// user runs it) on elf with extra arguments, and waits until it listens.
func startGDBServer(t *testing.T, ctx context.Context, elf string, args ...string) *gdbServer {
	t.Helper()
	s := &gdbServer{done: make(chan struct{})}
	s.cmd = exec.CommandContext(ctx, os.Args[0], append([]string{"--gdb", "127.0.0.1:0", elf}, args...)...)
	s.cmd.Env = append(os.Environ(), mainEnv+"=1")
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		defer close(s.done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			s.log.WriteString(sc.Text() + "\n")
			if m := regexp.MustCompile(`waiting for GDB on (\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case s.addr = <-addr:
		return s
	case <-s.done:
		s.cmd.Wait()
		t.Fatalf("kc-sim --gdb did not listen:\n%s", s.log.String())
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		t.Fatal("kc-sim --gdb did not say where it listens within 30 s")
	}
	return nil
}

// wait waits for the process and returns its exit status and standard
// error.
func (s *gdbServer) wait(t *testing.T) (int, string) {
	t.Helper()
	<-s.done
	err := s.cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, s.log.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), s.log.String()
	}
	t.Fatalf("kc-sim: %v", err)
	return -1, ""
}

// TestGDBMultiarch: Debian's gdb-multiarch, unchanged, debugs the demo
// kernel under kc-sim --gdb: a breakpoint at a symbol, the general
// registers, a vector register and CSRs, memory, a memory write that
// changes the program's result, stepi, a hardware watchpoint, a monitor
// command, and the exit with the changed status. The run's cycles equal
// those of the same program without GDB. It needs gdb-multiarch (and
// fails without it when CI=true).
func TestGDBMultiarch(t *testing.T) {
	gdb, err := exec.LookPath("gdb-multiarch")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("gdb-multiarch is not installed (apt-get install gdb-multiarch)")
		}
		t.Skip("gdb-multiarch is not installed")
	}
	elf := writeELF(t, kernelELF(t, "../../sim/gdbserver/testdata/demo.s", true), "demo.elf")
	data, err := os.ReadFile(elf)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sim.LoadELF(data, 0)
	if err != nil {
		t.Fatal(err)
	}
	check := img.Symbols["check"]

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out := t.TempDir()
	server := startGDBServer(t, ctx, elf, "--stats=json", "-o", out)
	script := []string{
		"target remote " + server.addr,
		"break *check",
		"continue",
		"info registers",
		"p $v1",
		"p/x $vl",
		"p $vlenb",
		"p/x $mstatus",
		"x/8wx &data",
		"set {int}&data = 20",
		"stepi",
		"p $pc",
		"p $t3",
		"watch *(int *)&result",
		"continue",
		"monitor cycles",
		"continue",
	}
	args := []string{"-nx", "-batch", elf}
	for _, c := range script {
		args = append(args, "-ex", c)
	}
	g := exec.CommandContext(ctx, gdb, args...)
	g.Dir = t.TempDir()
	transcript, err := g.CombinedOutput()
	if err != nil {
		server.cmd.Process.Kill() // GDB failed: kc-sim may still wait for it
	}
	status, serverLog := server.wait(t)
	text := string(transcript)
	t.Logf("gdb-multiarch:\n%s\nkc-sim:\n%s", text, serverLog)
	if err != nil {
		t.Errorf("gdb-multiarch: %v", err)
	}
	for _, want := range []string{
		fmt.Sprintf("Breakpoint 1, 0x%08x in check ()", check),
		"a0             0xa\t10", // the vector sum at check
		"t0             0x10000\t65536",
		fmt.Sprintf("pc             %#x\t%#x <check>", check, check),
		"w = {1, 2, 3, 4}",                                      // p $v1
		"$2 = 0x4",                                              // vl
		"$3 = 16",                                               // vlenb
		"$4 = 0x0",                                              // mstatus
		"0x00000001\t0x00000002\t0x00000003\t0x00000004",        // x/8wx
		fmt.Sprintf("$5 = (void (*)()) %#x <check+4>", check+4), // after stepi
		"$6 = 20",                                // t3 loaded the written word
		"Hardware watchpoint 2: *(int *)&result", // Z2
		"Old value = 0\nNew value = 30",          // 10 + 20
		"cycles ",                                // monitor
		"[Inferior 1 (Remote target) exited with code 036]", // 30, in octal
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if status != 30 {
		t.Errorf("kc-sim exited %d, want 30 (the sum with data[0] = 20)", status)
	}
	// The same program without GDB: the same cycles (it differs only in
	// the value GDB wrote, which no instruction's timing depends on).
	_, plain, _ := kcsim(t, nil, elf, "--stats=json")
	var a, b struct {
		Cycles       uint64 `json:"cycles"`
		Instructions uint64 `json:"instructions"`
	}
	underGDB, err := os.ReadFile(filepath.Join(out, "stats.json"))
	if err != nil || json.Unmarshal(underGDB, &a) != nil || json.Unmarshal([]byte(plain), &b) != nil || a.Cycles == 0 {
		t.Fatalf("stats: %v\n%s\n%s", err, underGDB, plain)
	}
	if a != b {
		t.Errorf("under GDB %+v, without %+v", a, b)
	}
}

// TestGDBFlag: --gdb's errors, and a session over the protocol without
// gdb-multiarch: a client that quits (k) ends kc-sim with status 130.
func TestGDBFlag(t *testing.T) {
	elf := writeELF(t, kernelELF(t, "../../sim/gdbserver/testdata/demo.s", true), "demo.elf")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--gdb", "nonsense", elf}, "want HOST:PORT"},
		{[]string{"--gdb", "127.0.0.1:0", "--profile", elf}, "do not work together"},
		{[]string{"--gdb-log", "x.log", elf}, "--gdb-log needs --gdb"},
		{[]string{"--gdb", "256.1.1.1:1", elf}, "--gdb 256.1.1.1:1"},
	} {
		code, _, stderr := kcsim(t, nil, c.args...)
		if code != sim.ExitToolError || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, sim.ExitToolError, c.want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	server := startGDBServer(t, ctx, elf, "--stats")
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", server.addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(conn, "$s#73")
	buf := make([]byte, 64)
	conn.Read(buf)
	io.WriteString(conn, "$k#6b")
	io.Copy(io.Discard, conn)
	conn.Close()
	if code, log := server.wait(t); code != sim.ExitInterrupted || !strings.Contains(log, "killed by GDB") || !strings.Contains(log, "instructions  1\n") {
		t.Errorf("exit %d; stderr:\n%s", code, log)
	}
}
