//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"kernelcraft/agent"
	"kernelcraft/agent/bench"
	"kernelcraft/baseline"
)

// spinKernel runs to the cycle limit (10^8 cycles), about 2 s: reading a
// CSR keeps every iteration on coral's per-instruction path, where a bare
// `j 1b` is translated code that reaches the limit in 0.1 s, before the
// tests' deadlines.
const spinKernel = "    .text\n    .globl _start\n_start:\n1:  csrr t0, mcycle\n    j 1b\n"

// hostileModel is a loopback OpenAI-compatible server whose replies
// depend on the cell (task and configuration, read from the task text in
// the conversation): for some cells one of issue 16's hostile replies,
// for the others the cell's baseline kernel, submitted.
type hostileModel struct {
	t     *testing.T
	mu    sync.Mutex
	turns map[string]int // per cell: turns answered
}

// taskHeader is the title of the task text: "# ReLU (task 2, level 1) on
// coral, configuration 2 of 5"; the name is the task id but for case.
var taskHeader = regexp.MustCompile(`(?m)^# (\S+) \(task \d+, level \d\) on coral, configuration (\d) of 5`)

// hostile is a cell's hostile reply: the first turn's tool calls (or a
// raw response), and what the cell's record or trajectory must then say.
type hostile struct {
	task   string
	config int
	name   string
	calls  func() []map[string]any // the first turn's tool calls
	raw    func(w http.ResponseWriter)
	usage  map[string]any
	reason string // in the record's error or the cell's trajectory
}

func fn(name, args string) map[string]any {
	return map[string]any{"type": "function", "function": map[string]any{"name": name, "arguments": args}}
}

func srcCall(name, src string) map[string]any {
	b, _ := json.Marshal(map[string]string{"source": src})
	return fn(name, string(b))
}

func repeatCalls(n int, c map[string]any) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// hostiles are the replies of issue 16, one cell each (relu and gemv,
// configurations 1 to 5); silu's cells are honest.
var hostiles = []hostile{
	{task: "relu", config: 1, name: "200k nested parentheses", calls: func() []map[string]any {
		src := "    .text\n_start:\n    li a0, " + strings.Repeat("(", 200_000) + "1" + strings.Repeat(")", 200_000) + "\n    mpause\n"
		return []map[string]any{srcCall("assemble", src), srcCall("submit", src)}
	}, reason: "nest"},
	{task: "relu", config: 2, name: "33-line .set doubling chain", calls: func() []map[string]any {
		var b strings.Builder
		b.WriteString("    .text\n_start:\n    .set s0, 1\n")
		for i := 1; i <= 32; i++ {
			fmt.Fprintf(&b, "    .set s%d, s%d+s%d\n", i, i-1, i-1)
		}
		b.WriteString("    li a0, s32\n    mpause\n")
		return []map[string]any{srcCall("assemble", b.String()), srcCall("submit", b.String())}
	}, reason: "value 4294967296 does not fit in 32 bits"},
	{task: "relu", config: 3, name: "200 MB reply", raw: func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"`)
		chunk := bytes.Repeat([]byte("a"), 1<<20)
		for range 200 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `"}}]}`)
	}, reason: "MiB a model reply may take"},
	{task: "relu", config: 4, name: "3,000 tool calls", calls: func() []map[string]any {
		return repeatCalls(3000, fn("task_info", "{}"))
	}, reason: "a turn may make at most"},
	{task: "relu", config: 5, name: "30 profiles of a spinning kernel", calls: func() []map[string]any {
		return repeatCalls(30, srcCall("profile", spinKernel))
	}, reason: "ran past its deadline"},
	{task: "gemv", config: 1, name: "custom tool call", calls: func() []map[string]any {
		return []map[string]any{{"type": "custom", "custom": map[string]any{"name": "submit", "input": "mpause"}}}
	}, reason: "tool call type custom is not supported"},
	{task: "gemv", config: 2, name: "negative usage", usage: map[string]any{"prompt_tokens": -5, "completion_tokens": 7, "total_tokens": 2},
		calls: func() []map[string]any { return []map[string]any{fn("task_info", "{}")} }, reason: "usage"},
	{task: "gemv", config: 3, name: "huge usage", usage: map[string]any{"prompt_tokens": 1e15, "completion_tokens": 1e15, "total_tokens": 2e15},
		calls: func() []map[string]any { return []map[string]any{fn("task_info", "{}")} }, reason: "usage"},
	{task: "gemv", config: 4, name: "a kernel that overflows the stack (test hook)", calls: func() []map[string]any {
		return []map[string]any{srcCall("submit", spinKernel+agent.HookStackOverflow+"\n")}
	}, reason: "stack overflow"},
	{task: "gemv", config: 5, name: "a kernel that allocates without bound (test hook)", calls: func() []map[string]any {
		return []map[string]any{srcCall("run", spinKernel+agent.HookOutOfMemory+"\n")}
	}, reason: "out of memory"},
}

// activeHostiles are the hostile replies this test binary can send: with
// -race a worker's address space is not limited, so the cell that
// allocates without bound is honest instead.
func activeHostiles() []hostile {
	var out []hostile
	for _, h := range hostiles {
		if !raceEnabled || !strings.Contains(h.name, "allocates without bound") {
			out = append(out, h)
		}
	}
	return out
}

func (m *hostileModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	task, config := "", 0
	for _, msg := range req.Messages {
		if s, ok := msg.Content.(string); ok && msg.Role == "user" {
			if mm := taskHeader.FindStringSubmatch(s); mm != nil {
				task = mm[1]
				config, _ = strconv.Atoi(mm[2])
			}
		}
	}
	key := fmt.Sprintf("%s/%d", task, config)
	m.mu.Lock()
	m.turns[key]++
	turn := m.turns[key]
	m.mu.Unlock()
	usage := map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}
	for _, h := range activeHostiles() {
		if strings.EqualFold(h.task, task) && h.config == config {
			if turn > 1 { // after the hostile turn: no tool call
				writeCompletion(w, "done", nil, usage)
				return
			}
			if h.raw != nil {
				h.raw(w)
				return
			}
			if h.usage != nil {
				usage = h.usage
			}
			writeCompletion(w, "", h.calls(), usage)
			return
		}
	}
	k, err := baseline.Baseline("coral", "", strings.ToLower(task), config)
	if err != nil {
		http.Error(w, fmt.Sprintf("no cell %q: %v", key, err), 400)
		return
	}
	writeCompletion(w, "", []map[string]any{srcCall("submit", string(k.Src))}, usage)
}

func writeCompletion(w http.ResponseWriter, text string, calls []map[string]any, usage map[string]any) {
	msg := map[string]any{"role": "assistant", "content": text}
	if len(calls) > 0 {
		var tcs []any
		for i, c := range calls {
			tc := map[string]any{"id": fmt.Sprintf("call_%d", i+1)}
			for k, v := range c {
				tc[k] = v
			}
			tcs = append(tcs, tc)
		}
		msg["tool_calls"] = tcs
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"id": "c", "object": "chat.completion", "created": 1, "model": "m",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "tool_calls", "message": msg}}, "usage": usage})
}

// TestBenchHostileModel: kc-agent bench whose model sends each hostile
// reply of issue 16 to one cell completes every other cell (the honest
// ones pass) and records each hostile cell as a failure whose record or
// trajectory says why; kc-agent itself (this process: the bench, its
// providers and the loopback server) stays within 2 s of CPU and 256 MiB
// of peak RSS, the tool calls' workers within their limits.
func TestBenchHostileModel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs worker processes that crash and simulations that spin to their deadline")
	}
	t.Setenv(agent.TestHooksEnv, "1") // inherited by the workers
	t.Setenv("OPENAI_API_KEY", "")
	model := &hostileModel{t: t, turns: map[string]int{}}
	srv := httptest.NewServer(model)
	defer srv.Close()
	dir := t.TempDir()
	resetPeakRSS()
	cpu0, child0 := cpuTimes()
	start := time.Now()
	var out, errb bytes.Buffer
	st := run([]string{"kc-agent", "bench", "--models", "openai:hostile", "--base-url", srv.URL + "/v1", "--targets", "coral", "--tasks", "relu,gemv,silu",
		"--budget", "3", "--tool-timeout", "1s", "--tool-memory", "256", "--retries", "0", "--jobs", "2", "--out", dir, "--no-report"}, &out, &errb)
	wall := time.Since(start)
	cpu1, child1 := cpuTimes()
	peak := peakRSS()
	if st != 0 {
		t.Fatalf("status %d:\n%s", st, errb.String())
	}
	recs, _, err := bench.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 15 {
		t.Fatalf("%d records, want 15:\n%s", len(recs), errb.String())
	}
	byCell := map[string]agent.Record{}
	for _, r := range recs {
		byCell[fmt.Sprintf("%s/%d", r.Task, r.Config)] = r
	}
	for c := 1; c <= 5; c++ {
		if r := byCell[fmt.Sprintf("silu/%d", c)]; !r.Success {
			t.Errorf("honest cell silu c%d: %+v", c, r)
		}
	}
	for _, h := range activeHostiles() {
		r, ok := byCell[fmt.Sprintf("%s/%d", h.task, h.config)]
		if !ok {
			t.Errorf("%s: no record", h.name)
			continue
		}
		traj, _ := os.ReadFile(filepath.Join(dir, bench.TrajectoryDir, bench.TrajectoryName("openai:hostile", "coral", h.task, h.config, 1)))
		if r.Success || !strings.Contains(r.Error, h.reason) && !bytes.Contains(traj, []byte(h.reason)) {
			t.Errorf("%s (%s c%d): success %v, stop %s, error %q; the trajectory (%d bytes) lacks %q", h.name, h.task, h.config, r.Success, r.StopReason, r.Error, len(traj), h.reason)
		}
		if len(traj) > 4<<20 {
			t.Errorf("%s: trajectory of %d bytes", h.name, len(traj))
		}
		t.Logf("%-50s stop %-15s %.100s", h.name, r.StopReason, cmpOr(r.Error, "(reason in the trajectory)"))
	}
	cpu, children := cpu1-cpu0, child1-child0
	t.Logf("bench of 15 cells: wall %v, kc-agent CPU %v, workers' CPU %v, kc-agent peak RSS %d MiB", wall.Round(time.Millisecond),
		cpu.Round(time.Millisecond), children.Round(time.Millisecond), peak>>20)
	if cpu > 2*time.Second {
		t.Errorf("kc-agent used %v of CPU, over 2 s", cpu)
	}
	if peak > 256<<20 {
		t.Errorf("kc-agent's peak RSS %d MiB, over 256 MiB", peak>>20)
	}
}

func cmpOr(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// cpuTimes is the CPU time (user + system) of this process and of its
// waited-for children so far.
func cpuTimes() (self, children time.Duration) {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return self, time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// resetPeakRSS resets this process's peak resident set size (VmHWM) to
// its current one.
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS is this process's peak resident set size in bytes since the
// last resetPeakRSS (0 when unknown).
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// TestInterruptStopsToolCall: Ctrl-C while a tool call simulates a
// spinning kernel (its deadline far away) ends kc-agent bench within a
// second or so: the worker is killed, the attempt is interrupted and not
// recorded, and the exit status is 130.
func TestInterruptStopsToolCall(t *testing.T) {
	bin := buildKCAgent(t)
	called := make(chan struct{}, 16)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		called <- struct{}{}
		writeCompletion(w, "", []map[string]any{srcCall("run", spinKernel)}, map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2})
	}))
	defer srv.Close()
	dir := t.TempDir()
	cmd := exec.Command(bin, "bench", "--models", "openai:spin", "--base-url", srv.URL+"/v1", "--targets", "coral", "--tasks", "relu", "--configs", "1",
		"--tool-timeout", "10m", "--out", dir, "--no-report")
	cmd.Env = append(os.Environ(), "OPENAI_API_KEY=", "JOB_COMPLETION_INDEX=", "SLURM_ARRAY_TASK_ID=")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-called:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("the model was never called; stderr:\n%s", errb.String())
	}
	time.Sleep(500 * time.Millisecond) // the worker starts and spins
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("kc-agent still running 20 s after SIGINT; stderr:\n%s", errb.String())
	}
	el := time.Since(start)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitBenchInterrupted || !strings.Contains(errb.String(), "1 stopped mid-attempt") {
		t.Fatalf("exit %v, want %d; stderr:\n%s", err, exitBenchInterrupted, errb.String())
	}
	if el > 3*time.Second {
		t.Errorf("kc-agent took %v to stop after SIGINT", el)
	}
	t.Logf("stopped %v after SIGINT", el.Round(time.Millisecond))
}
