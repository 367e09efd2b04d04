package plena

import (
	"time"

	"kernelcraft/internal/cputime"
)

// processCPU is the CPU time the process has used so far (cputime.Process).
func processCPU() (time.Duration, bool) { return cputime.Process() }
