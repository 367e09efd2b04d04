//go:build race

package main

// raceEnabled: built with -race, whose runtime needs more address space
// than a worker's limit leaves (agent.LimitWorker sets none then).
const raceEnabled = true
