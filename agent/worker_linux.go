package agent

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// setWorkerAttrs puts a worker in its own process group (a terminal's
// Ctrl-C reaches the parent, which stops its workers) and has the kernel
// kill it if the parent dies.
func setWorkerAttrs(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// limitAddressSpace sets this process's RLIMIT_AS to n bytes beyond the
// address space it has now (the Go runtime reserves about a gigabyte of
// it at start, most of it never used): an allocation past it fails, and
// the Go runtime ends the process with "out of memory".
func limitAddressSpace(n int64) error {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return err
	}
	var size uint64
	for _, l := range strings.Split(string(status), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmSize:" && f[2] == "kB" {
			size, err = strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				return fmt.Errorf("/proc/self/status: %v", err)
			}
			size <<= 10
		}
	}
	if size == 0 {
		return fmt.Errorf("/proc/self/status gives no VmSize")
	}
	lim := &syscall.Rlimit{Cur: size + uint64(n), Max: size + uint64(n)}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err == nil && old.Max < lim.Max {
		lim.Cur, lim.Max = min(lim.Cur, old.Max), old.Max
	}
	return syscall.Setrlimit(syscall.RLIMIT_AS, lim)
}
