//go:build !linux

package agent

import "os/exec"

// setWorkerAttrs does nothing here: the process attributes kc-agent sets
// for its workers are Linux's.
func setWorkerAttrs(*exec.Cmd) {}

// limitAddressSpace does nothing here: only the Go heap limit
// (debug.SetMemoryLimit) holds a worker's memory.
func limitAddressSpace(int64) error { return nil }
