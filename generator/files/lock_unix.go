//go:build unix

package files

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// tryLock takes an advisory lock (flock) on the directory root itself,
// without waiting: no lock file is created, and the system releases the
// lock when the process ends, however it ends.
func tryLock(root string, exclusive bool) (release func(), locked bool, err error) {
	f, err := os.Open(root)
	if errors.Is(err, fs.ErrPermission) {
		// A root errspec may not read, only pass through (mode 0711,
		// another user's), which the lock needs open: the run goes on
		// unlocked, as on a file system that cannot lock, rather than
		// fail a check that writes nothing.
		return func() {}, false, nil
	}
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
