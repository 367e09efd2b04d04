package aie2

import (
	"strings"
	"testing"

	"kernelcraft/sim"
)

// TestLocks runs acq and rel as a single core sees them: a release adds
// its value, acquire_greater_equal (a negative value, mlir-aie's
// AcquireGreaterEqual(n) = acq id, -n) needs the value at least -v and
// takes it, acquire_equal (v >= 0) needs the value equal and leaves it;
// an acquire that nothing could grant on one core stops the run saying
// why, as does a value leaving 0..63, a lock id past 63 and a .cond
// condition other than 0 or 1.
func TestLocks(t *testing.T) {
	const set = "mov r1, #-1\nmov r2, #2\nmov r3, #3\nmov r4, #63\nmov r5, #1\nmov r6, #0\nmov r7, #64\nmov r8, #-3\n"
	for _, c := range []struct {
		name, body, trap string
	}{
		{"release then acquire_ge twice", "rel #49, r2\nacq #49, r1\nacq #49, r1\n", ""},
		{"a third acquire_ge waits forever", "rel #49, r2\nacq #49, r1\nacq #49, r1\nacq #49, r1\n", "acq lock 49 with -1 (acquire_greater_equal 1) would wait forever: the lock's value is 0"},
		{"acquire_ge at reset", "acq #48, r1\n", "would wait forever: the lock's value is 0, and in a single-core simulation no DMA or other core releases locks"},
		{"acquire_equal leaves the value", "rel #50, r3\nacq #50, r3\nacq #50, r3\nacq #50, r8\n", ""},
		{"acquire_equal after acquire_ge", "rel #50, r3\nacq #50, r8\nacq #50, r3\n", "acq lock 50 with 3 (acquire_equal 3) would wait forever: the lock's value is 0"},
		{"acquire_equal 0 at reset", "acq #7, r6\n", ""},
		{"lock id from a register", "rel r3, r5\nacq #3, r1\n", ""},
		{"each lock its own value", "rel #1, r5\nacq #2, r1\n", "acq lock 2 with -1"},
		{"overflow", "rel #9, r4\nrel #9, r5\n", "rel lock 9 with 1: the value 63 + 1 leaves the lock's range 0-63"},
		{"lock id 64", "rel r7, r5\n", "lock id 64 is not a lock"},
		{"cond 0 skips", "mov r26, #0\nnop\nacq.cond #49, r1, r26\n", ""},
		{"cond 1 performs", "mov r26, #1\nnop\nacq.cond #49, r1, r26\n", "would wait forever"},
		{"rel.cond", "mov r26, #1\nnop\nrel.cond #49, r5, r26\nacq #49, r1\nmov r26, #0\nnop\nrel.cond #49, r5, r26\nacq #49, r1\n", "acq lock 49 with -1 (acquire_greater_equal 1) would wait forever: the lock's value is 0"},
		{"cond 2", "mov r26, #2\nnop\nrel.cond #49, r5, r26\n", "rel.cond with r26 = 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := build(t, set+c.body+"nop\nnop\ndone\n", Options{})
			h := m.Run()
			if c.trap == "" {
				if !h.OK() {
					t.Fatalf("%s", h)
				}
				return
			}
			if h.Kind != sim.HaltTrap || !strings.Contains(h.Trap.Msg, c.trap) {
				t.Fatalf("halt %s, want a trap saying %q", h, c.trap)
			}
		})
	}
}

// TestLockCost: a granted acq or rel takes its issue cycle only, as a
// nop in its place (II_ACQ/II_REL time no register operand; the
// semaphore interface they occupy after issue stalls nothing here).
func TestLockCost(t *testing.T) {
	withLocks := run(t, "mov r2, #2\nmov r1, #-1\nrel #49, r2\nacq #49, r1\nacq #49, r1\ndone\n", Options{})
	withNops := run(t, "mov r2, #2\nmov r1, #-1\nnop\nnop\nnop\ndone\n", Options{})
	if a, b := withLocks.stats.Cycles, withNops.stats.Cycles; a != b {
		t.Errorf("%d cycles with locks, %d with nops", a, b)
	}
	if withLocks.locks[49] != 0 {
		t.Errorf("lock 49 = %d after rel 2 and two acquire_ge 1", withLocks.locks[49])
	}
}
