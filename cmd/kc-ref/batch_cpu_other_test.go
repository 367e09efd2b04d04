//go:build !unix

package main

import "time"

// childrenCPU is not measured on this system.
func childrenCPU() (time.Duration, bool) { return 0, false }
