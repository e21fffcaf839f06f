// Package testhook lets errspec's own tests stop a real run at a chosen
// point and make a file system operation fail, to check what the tree
// looks like after an interrupt, a read-only directory or a full disk.
//
// Both are inert unless a test turns them on:
//
//   - Pause: with ERRSPEC_TESTHOOK_PAUSE=N in the environment, the N-th
//     call of [Pause] in the process (counting from 1) writes
//     "errspec-testhook: paused at STAGE" and a newline to standard
//     error, then waits until the run's context is done (the test sends
//     the signal) and returns. The run then goes on as it would after a
//     signal at that point. A test runs the command once per N, until a
//     run ends without pausing.
//   - Faults: [SetFaults] (in the same process) makes matching calls of
//     [Fault] return an error, as the operating system would.
package testhook

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// PauseEnv is the environment variable that turns Pause on.
const PauseEnv = "ERRSPEC_TESTHOOK_PAUSE"

// PausedPrefix starts the line Pause writes when it pauses.
const PausedPrefix = "errspec-testhook: paused at "

var (
	pauseAt    = sync.OnceValue(func() int64 { n, _ := strconv.ParseInt(os.Getenv(PauseEnv), 10, 64); return n })
	pauseCount atomic.Int64
)

// Pause marks a point of a run named stage. It does nothing unless
// ERRSPEC_TESTHOOK_PAUSE selects this call (see the package doc).
func Pause(ctx context.Context, stage string) {
	n := pauseAt()
	if n <= 0 || pauseCount.Add(1) != n {
		return
	}
	fmt.Fprintf(os.Stderr, "%s%s\n", PausedPrefix, stage)
	<-ctx.Done()
}

// A Rule makes the operations it matches fail.
type Rule struct {
	Op   string        // the operation: mkdir, write, rename, link, remove
	Path string        // a slash-separated path.Match pattern of the path the operation changes
	Err  syscall.Errno // the error the operation returns
}

var (
	mu    sync.Mutex
	rules []Rule
)

// SetFaults makes every later call of Fault that matches one of rules
// fail, until it is called again (with none to stop).
func SetFaults(r ...Rule) {
	mu.Lock()
	defer mu.Unlock()
	rules = r
}

// ParseRule parses a rule written "OP PATTERN ERRNO", such as
// "write gen/* ENOSPC". The errors known by name are EROFS, EACCES,
// ENOSPC, EDQUOT, EIO, EEXIST and ENOTDIR.
func ParseRule(s string) (Rule, error) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return Rule{}, fmt.Errorf("fault %q: want OP PATTERN ERRNO", s)
	}
	errno, ok := map[string]syscall.Errno{
		"EROFS": syscall.EROFS, "EACCES": syscall.EACCES, "ENOSPC": syscall.ENOSPC,
		"EDQUOT": syscall.EDQUOT, "EIO": syscall.EIO, "EEXIST": syscall.EEXIST, "ENOTDIR": syscall.ENOTDIR,
	}[f[2]]
	if !ok {
		return Rule{}, fmt.Errorf("fault %q: unknown error %s", s, f[2])
	}
	if _, err := path.Match(f[1], ""); err != nil {
		return Rule{}, fmt.Errorf("fault %q: %v", s, err)
	}
	return Rule{Op: f[0], Path: f[1], Err: errno}, nil
}

// Fault returns the error a rule set by SetFaults gives op on p, or nil.
// A relative p is matched as given, an absolute one relative to the
// working directory.
func Fault(op, p string) error {
	mu.Lock()
	defer mu.Unlock()
	if len(rules) == 0 {
		return nil
	}
	rel := p
	if filepath.IsAbs(p) {
		if wd, err := os.Getwd(); err == nil {
			if r, err := filepath.Rel(wd, p); err == nil {
				rel = r
			}
		}
	}
	rel = filepath.ToSlash(rel)
	for _, r := range rules {
		if ok, _ := path.Match(r.Path, rel); ok && r.Op == op {
			return &os.PathError{Op: op, Path: p, Err: r.Err}
		}
	}
	return nil
}
