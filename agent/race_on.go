//go:build race

package agent

// raceEnabled: built with -race, whose runtime maps a large shadow
// address space, so a worker's address space is not limited (only its
// Go heap is, softly).
const raceEnabled = true
