//go:build !unix

package bench

// lockResults does nothing where flock is not available: two runs of the
// same shard into one folder would both run its cells (the report keeps
// one record per cell).
func lockResults(path string) (unlock func(), err error) { return func() {}, nil }

// lockHeld cannot tell without flock.
func lockHeld(lockPath string) bool { return false }
