//go:build race

package main

// raceEnabled: the race detector's runtime cannot run under a worker's
// address-space limit, so tests that allocate without bound are left out.
const raceEnabled = true
