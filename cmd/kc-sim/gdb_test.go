package main

import (
	"bufio"
	"context"
	"encoding/binary"
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

	"kernelcraft/asm"
	isadefs "kernelcraft/isa-defs"
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

// targetELF assembles a kernel for a target's own hardware config and
// writes the executable into a temporary directory.
func targetELF(t *testing.T, target, path string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	as, err := asm.New(target)
	if err != nil {
		t.Fatal(err)
	}
	hw, err := isadefs.HWByName(target)
	if err != nil {
		t.Fatal(err)
	}
	p, err := as.Assemble(filepath.Base(path), src, asm.Options{HW: hw})
	if err != nil {
		t.Fatal(err)
	}
	return writeELF(t, p.ELF(), target+".elf")
}

// TestGDBMultiarchTargets: Debian's gdb-multiarch, unchanged, against
// kc-sim --gdb for plena and aie2, which it knows no architecture for.
// It rejects their target descriptions (every architecture it has does)
// and reads the g packet as its default architecture's registers, so
// "info registers" shows i386 names over plena's gp0..gp15 (aie2's
// r0..r15) and its $pc is not the core's; what works: target remote,
// memory (x/4wx, a write that changes the result), a breakpoint by
// address or symbol (reported as a SIGTRAP, not "Breakpoint 1"), stepi,
// the registers by their own names through "monitor regs" and "monitor
// set", continue to the exit; the cycles are those of a run without GDB.
// sim/gdbserver/README.md says the same. It needs gdb-multiarch (and
// fails without it when CI=true).
func TestGDBMultiarchTargets(t *testing.T) {
	gdb, err := exec.LookPath("gdb-multiarch")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("gdb-multiarch is not installed (apt-get install gdb-multiarch)")
		}
		t.Skip("gdb-multiarch is not installed")
	}
	for _, c := range []struct {
		target, src string
		args        []string // kc-sim's, besides the program's
		script      []string // after target remote
		want        []string // in the transcript
		result      uint32   // the word at dump
	}{
		{
			target: "plena", src: "../../sim/gdbserver/testdata/plena/demo.asm",
			args: []string{"--dump", "r@intmem+16:uint32[1]"},
			script: []string{
				"x/4wx 0x31000000",
				"set {int}0x31000000 = 20", // INT SRAM[0]: 1 + 2 + 3 + 4 becomes 20 + 2 + 3 + 4
				"break *check",
				"continue",
				"monitor regs gp2 gp3 pc",
				"stepi",
				"monitor regs pc",
				"monitor set gp5 0x1234",
				"monitor regs gp5",
				"info registers",
				"continue",
			},
			want: []string{
				"warning: Architecture rejected target-supplied description",
				"0x31000000:\t0x00000001\t0x00000002\t0x00000003\t0x00000004",
				"Breakpoint 1 at 0x4000001c",
				"Program received signal SIGTRAP, Trace/breakpoint trap.",
				"gp2        0x0000001d\ngp3        0x00000004\npc         0x4000001c\n",
				"pc         0x40000020\n",
				"gp5 = 0x1234\ngp5        0x00001234\n",
				"edx            0x1d                29", // gp2 as i386's edx
				"[Inferior 1 (Remote target) exited normally]",
			},
			result: 29,
		},
		{
			target: "aie2", src: "../../sim/gdbserver/testdata/aie2/demo.s",
			args: []string{"--dump", "r@0x70008:uint32[1]"},
			script: []string{
				"set {int}0x70000 = 20",
				"set {int}0x70004 = 22",
				"x/4wx 0x70000",
				"break *check",
				"continue",
				"monitor regs r1 r2 p0 pc",
				"stepi",
				"monitor regs pc",
				"continue",
			},
			want: []string{
				"warning: Architecture rejected target-supplied description",
				"0x70000:\t0x00000014\t0x00000016\t0x00000000\t0x00000000",
				"Breakpoint 1 at 0x1a",
				"Program received signal SIGTRAP, Trace/breakpoint trap.",
				"r1         0x00000014\nr2         0x00000016\npc         0x0000001a\np0         0x00070000\n",
				"pc         0x0000001e\n",
				"[Inferior 1 (Remote target) exited normally]",
			},
			result: 42,
		},
	} {
		t.Run(c.target, func(t *testing.T) {
			elf := targetELF(t, c.target, c.src)
			if c.target == "plena" {
				in := filepath.Join(t.TempDir(), "int.bin")
				if err := os.WriteFile(in, []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}, 0o644); err != nil {
					t.Fatal(err)
				}
				c.args = append(c.args, "--intsram", in)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			out := t.TempDir()
			server := startGDBServer(t, ctx, elf, append([]string{"-t", c.target, "--stats=json", "-o", out}, c.args...)...)
			args := []string{"-nx", "-batch", elf, "-ex", "target remote " + server.addr}
			for _, s := range c.script {
				args = append(args, "-ex", s)
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
			for _, want := range c.want {
				if !strings.Contains(text, want) {
					t.Errorf("the transcript lacks %q", want)
				}
			}
			if status != 0 {
				t.Errorf("kc-sim exited %d, want 0", status)
			}
			npy, err := os.ReadFile(filepath.Join(out, "r.npy"))
			if err != nil || len(npy) < 4 || binary.LittleEndian.Uint32(npy[len(npy)-4:]) != c.result {
				t.Errorf("result %x (%v), want %d", npy, err, c.result)
			}
			// The same program without GDB (and without --dump): the
			// same cycles, which do not depend on the values GDB wrote.
			var a, b struct {
				Cycles       uint64 `json:"cycles"`
				Instructions uint64 `json:"instructions"`
			}
			underGDB, err := os.ReadFile(filepath.Join(out, "stats.json"))
			_, plain, _ := kcsim(t, nil, append([]string{elf, "-t", c.target, "--stats=json"}, c.args[2:]...)...)
			if err != nil || json.Unmarshal(underGDB, &a) != nil || json.Unmarshal([]byte(plain), &b) != nil || a.Cycles == 0 {
				t.Fatalf("stats: %v\n%s\n%s", err, underGDB, plain)
			}
			if a != b {
				t.Errorf("under GDB %+v, without %+v", a, b)
			}
		})
	}
}
