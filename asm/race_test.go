//go:build race

package asm_test

// raceEnabled: the race detector is on; bounded's figures are not the
// assembler's own then (sync.Pool drops objects on purpose, and the
// instrumentation slows and allocates), so it checks them only without
// it.
const raceEnabled = true
