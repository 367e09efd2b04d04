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
// lock goes with the process (also when it is killed); unlock removes the
// file, so a finished run leaves none behind.
//
// Because the holder removes the file, a run that opened it just before
// may lock a file that is no longer at path+".lock" while a third run
// creates and locks a new one: so after locking, the file must still be
// the one at the path, else the lock is taken again.
func lockResults(path string) (unlock func(), err error) {
	lp := path + ".lock"
	for range 100 {
		f, err := os.OpenFile(lp, os.O_CREATE|os.O_RDWR, 0o644)
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
		held, err1 := f.Stat()
		now, err2 := os.Stat(lp)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return func() {
				os.Remove(lp) // while still holding the lock
				f.Close()
			}, nil
		}
		f.Close() // removed by the run that held it: lock the new file
	}
	return nil, fmt.Errorf("locking %s.lock: the file keeps being replaced", path)
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
