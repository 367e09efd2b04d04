//go:build unix

package main

import (
	"syscall"
	"time"
)

// childrenCPU is the CPU time of this process's children that have ended
// and been waited for.
func childrenCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
