package agent

import (
	"os/exec"
	"runtime/debug"
)

// The worker-process machinery of the tool calls, for other commands
// that run model-written kernels in worker processes of their own (kc-ref
// eval --batch keeps its workers for many requests).

// LimitWorker applies a worker's limits to this process, as ServeWorker
// does for a tool call: with memory > 0, an address space of memory bytes
// beyond what the process has now (RLIMIT_AS; not under the race
// detector, whose shadow memory needs more) and a Go heap held below
// three quarters of it; and goroutine stacks of at most WorkerMaxStack.
func LimitWorker(memory int64) error {
	if memory > 0 {
		if !raceEnabled {
			if err := limitAddressSpace(memory); err != nil {
				return err
			}
		}
		debug.SetMemoryLimit(memory / 4 * 3)
	}
	debug.SetMaxStack(WorkerMaxStack)
	return nil
}

// PrepareWorkerCmd sets the process attributes of a worker before it is
// started: on Linux its own process group (a terminal's Ctrl-C reaches
// only the parent, which stops its workers) and death with its parent.
func PrepareWorkerCmd(cmd *exec.Cmd) { setWorkerAttrs(cmd) }

// WorkerFailure says why a worker process ended without a reply, from
// its wait error and the head of its stderr: a stack overflow, running
// out of memory, or the fatal error or panic it printed.
func WorkerFailure(waitErr error, stderr string) error {
	return workerFailure(waitErr, false, stderr)
}

// TestHook crashes or hangs this process when source holds one of the
// test-hook markers (HookStackOverflow, HookOutOfMemory, HookHang); a
// worker calls it only when TestHooksEnv is set to 1 in its environment.
func TestHook(source string) { testHook(source) }
