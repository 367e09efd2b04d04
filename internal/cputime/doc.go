// Package cputime measures the process's CPU time, for the benchmarks
// that report cpu-s next to wall time (on a shared machine the CPU time
// depends much less on other work than the wall time does).
package cputime
