//go:build !race

package agent

// raceEnabled: built with -race (see race_on.go).
const raceEnabled = false
