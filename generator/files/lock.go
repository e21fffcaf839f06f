package files

import (
	"context"
	"errors"
	"slices"
	"time"
)

// errLocked is what tryLock returns while another process holds the lock.
var errLocked = errors.New("locked")

// lockRoots takes the lock of the project root of every Set, in order of
// path so that two runs cannot each hold one the other waits for:
// exclusive to write, shared to read. It waits while another run holds a
// lock, calling opts.Waiting once, until ctx is done. The function it
// returns releases every lock; locked is false when a root's file system
// cannot lock, where the run goes on unlocked.
func lockRoots(ctx context.Context, opts Options, exclusive bool, sets []Set) (unlock func(), locked bool, err error) {
	var roots []string
	for _, s := range sets {
		root, _, err := Root(s.Dir)
		if err != nil {
			return nil, false, err
		}
		roots = append(roots, root)
	}
	slices.Sort(roots)
	roots = slices.Compact(roots)
	var held []func()
	unlock = func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i]()
		}
	}
	told, locked := false, true
	for _, root := range roots {
		for {
			release, ok, err := tryLock(root, exclusive)
			if err == nil {
				held = append(held, release)
				locked = locked && ok
				break
			}
			if !errors.Is(err, errLocked) {
				unlock()
				return nil, false, err
			}
			if !told && opts.Waiting != nil {
				opts.Waiting(root)
				told = true
			}
			select {
			case <-ctx.Done():
				unlock()
				return nil, false, &WriteError{Op: "interrupted while waiting for the lock of", Path: root, Err: ctx.Err()}
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	return unlock, locked, nil
}
