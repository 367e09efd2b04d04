//go:build !race

package main

// raceEnabled: built with -race (see race_on_test.go).
const raceEnabled = false
