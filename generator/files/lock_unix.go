//go:build unix

package files

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// tryLock takes an advisory lock (flock) on the directory root itself,
// without waiting: no lock file is created, and the system releases the
// lock when the process ends, however it ends.
func tryLock(root string, exclusive bool) (release func(), locked bool, err error) {
	f, err := os.Open(root)
	if err != nil {
		return nil, false, fmt.Errorf("locking %s: %w", root, err)
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err = syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, false, errLocked
		}
		if errors.Is(err, syscall.ENOLCK) || errors.Is(err, syscall.EOPNOTSUPP) {
			// The file system cannot lock (some network file systems):
			// run unlocked rather than not at all.
			return func() {}, false, nil
		}
		return nil, false, fmt.Errorf("locking %s: %w", root, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, true, nil
}
