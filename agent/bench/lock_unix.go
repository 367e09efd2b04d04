//go:build unix

package bench

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockResults takes an exclusive advisory lock on path+".lock", so two
// runs of the same shard into one folder do not both run its cells. The
// lock goes with the process (also when it is killed).
func lockResults(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("another kc-agent bench is writing %s (it holds %s.lock): wait for it, or use another --out or --shard", path, path)
		}
		return nil, fmt.Errorf("locking %s.lock: %v", path, err)
	}
	return func() { f.Close() }, nil
}

// lockHeld reports whether another process holds the lock at lockPath
// (false when the file does not exist or cannot be probed).
func lockHeld(lockPath string) bool {
	f, err := os.OpenFile(lockPath, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}
