package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/errspec/errspec/internal/testhook"
)

// tempPattern names the temporary files Write keeps next to their targets
// while it runs (see backup for the backups). Both begin with a dot so
// that tools that skip hidden files ignore them, and Plan never takes
// them for stale files.
const tempPattern = ".errspec-*.tmp"

// File system operations that change the disk, each of which a test can
// make fail: the unit tests of this package by replacing them, errspec's
// other tests through testhook.SetFaults.
var (
	rename = func(from, to string) error { return faulty("rename", to, func() error { return os.Rename(from, to) }) }
	remove = func(p string) error { return faulty("remove", p, func() error { return os.Remove(p) }) }
	link   = func(from, to string) error { return faulty("link", to, func() error { return os.Link(from, to) }) }
	mkdir  = func(p string) error { return faulty("mkdir", p, func() error { return os.Mkdir(p, 0o755) }) }
)

func faulty(op, p string, do func() error) error {
	if err := testhook.Fault(op, p); err != nil {
		return err
	}
	return do()
}

// Options tune Write and Check.
type Options struct {
	// Waiting, when not nil, is called once, with the project root, when
	// another errspec run holds the lock of a project root and this one
	// waits for it.
	Waiting func(root string)
}

// WriteError is a failure to bring the disk in line with the Sets, or an
// interrupt while doing so. Write has then undone what it did, unless
// Restore says otherwise.
type WriteError struct {
	Op   string // what failed: "writing", "creating directory", "backing up", "removing stale", "interrupted before writing"
	Path string // the file or directory it failed on
	Err  error
	// Restore is nil when every file is as it was before Write; otherwise
	// it says what could not be put back (the backup of each such file is
	// kept next to it, named .errspec-*.bak).
	Restore error
}

func (e *WriteError) Error() string {
	s := fmt.Sprintf("%s %s: %v", e.Op, Show(e.Path), e.Err)
	if e.Restore != nil {
		s += fmt.Sprintf("\nrestoring the previous files also failed, the output may be incomplete:\n%v", e.Restore)
	}
	return s
}

func (e *WriteError) Unwrap() error { return e.Err }

// ErrSourceChanged is the error of Write when a file a Set was generated
// from is no longer as it was read (Set.Sources).
var ErrSourceChanged = errors.New("changed after errspec read it")

// checkSources returns an error wrapping ErrSourceChanged that names the
// first file of the Sets' Sources whose content is not what was read.
func checkSources(sets []Set) error {
	for _, s := range sets {
		for _, p := range slices.Sorted(maps.Keys(s.Sources)) {
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				if data, err := os.ReadFile(p); err == nil && bytes.Equal(data, s.Sources[p]) {
					continue
				}
			}
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, p); err == nil {
					p = rel
				}
			}
			return fmt.Errorf("%s %w", filepath.ToSlash(p), ErrSourceChanged)
		}
	}
	return nil
}

// Check is Plan while no errspec run writes to the same project roots: it
// holds their locks, shared with other checks, while it reads.
func Check(ctx context.Context, opts Options, sets ...Set) ([]Change, error) {
	unlock, _, err := lockRoots(ctx, opts, false, sets)
	if err != nil {
		return nil, err
	}
	defer unlock()
	return Plan(sets...)
}

// Write makes the disk match the Sets of one run, all or nothing, and
// returns the changes it made: the result of [Plan] (including Unchanged
// entries, which Write leaves alone). When Plan fails Write returns its
// error and writes nothing.
//
// Write first takes the lock of every project root of the Sets ([Root]),
// waiting while another errspec run holds one (an interrupt ends the
// wait), so that concurrent runs on one tree take turns; it plans and
// writes while it holds them.
//
// Files whose bytes are unchanged are not touched, so their modification
// time stays. Created and changed files are first written to temporary
// files in their target directory (missing directories are created with
// mode 0o755 less the umask), synced, and then renamed into place.
// Created files get mode 0o644 less the umask, as os.WriteFile and git's
// checkout give; changed files keep their mode, and their owner and group
// where the system lets the run give them (as root). Stale files are
// removed last.
//
// Before the first rename, every file about to be replaced or removed is
// backed up in its directory (a hard link, or a copy where links are not
// supported). If any step fails, the temporary files are removed, replaced
// and removed files are restored from their backups, created files and
// directories are removed (but a directory another program wrote to
// meanwhile, which keeps its files), and the error, a [*WriteError],
// names the path that failed; the tree is then as it was, and no
// temporary or backup file is left. Should restoring fail too,
// WriteError.Restore says what could not be put back, and the backup of
// each file not restored is kept. Should a backup fail to be removed
// after every file has been written, Write returns the changes together
// with a [*LeftoverError].
//
// Once every file is in place, Write removes what a killed run left in
// the directories of the outputs, unless a file system could not be
// locked: its temporary files, and its backups of content that the file
// beside them held when Write read it or holds now; never an input of a
// catalog of the run, whatever its name (see removeLeftovers).
//
// Just before it puts a file in place or removes it, Write checks that
// the file is still as Plan found it (missing, or with the content Plan
// read): if another program created, changed or removed it meanwhile,
// Write fails with [ErrModified] and undoes what it did, and that
// program's file stays as it left it.
//
// When ctx is done before Write has put every file in place (an
// interrupted run), Write undoes what it did and returns a [*WriteError]
// that wraps ctx's error: the tree is as it was. Once every file is in
// place the run is done, and ctx is no longer looked at.
func Write(ctx context.Context, opts Options, sets ...Set) ([]Change, error) {
	unlock, locked, err := lockRoots(ctx, opts, true, sets)
	if err != nil {
		return nil, err
	}
	defer unlock()
	testhook.Pause(ctx, "locked")
	if err := checkSources(sets); err != nil {
		return nil, err
	}
	changes, g, err := plan(sets)
	if err != nil {
		return nil, err
	}
	testhook.Pause(ctx, "planned")
	tx := &txn{ctx: ctx}
	if we := tx.apply(changes); we != nil {
		we.Restore = tx.rollback()
		return nil, we
	}
	err = tx.commit()
	if locked {
		// What this run could not remove it reports (LeftoverError),
		// and so leaves.
		var left *LeftoverError
		if !errors.As(err, &left) {
			left = &LeftoverError{}
		}
		removeLeftovers(changes, g, left.Paths)
	}
	testhook.Pause(ctx, "committed")
	return changes, err
}

// removeLeftovers removes what a run killed before it could clean up
// (SIGKILL, a power loss) left in the directories of the outputs: its
// temporary files, and the backups that hold nothing the file beside
// them did not hold when this run read it, or holds now (a backup made
// before the killed run replaced anything, which this run would have
// made and removed too). No run writes there while this one holds the
// lock (Write calls it only then), so every such file is left over. A
// backup of other content stays: it may be the only copy of a file that
// a failed restore left new (see WriteError.Restore). A file that is an
// input of a catalog of the run stays, whatever its name, and so do the
// files of keep and what cannot be removed, as it would have anyway.
func removeLeftovers(changes []Change, g *guard, keep []string) {
	byPath := map[string]Change{}
	dirs := map[string]bool{}
	for _, c := range changes {
		byPath[c.Path] = c
		dirs[filepath.Dir(c.Path)] = true
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			if !e.Type().IsRegular() {
				continue
			}
			leftover := isTemp(e.Name())
			for _, base := range backedUp(e.Name()) {
				if c, ok := byPath[filepath.Join(dir, base)]; ok && holdsNothingNew(p, c) {
					leftover = true
				}
			}
			if leftover && !slices.Contains(keep, p) && !g.isInput(p) {
				_ = remove(p)
			}
		}
	}
}

// holdsNothingNew reports whether the backup at b holds what the file of
// c held before Write or holds after it.
func holdsNothingNew(b string, c Change) bool {
	fi, err := os.Stat(b)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	if n := fi.Size(); (c.Old == nil || int64(len(c.Old)) != n) && (c.New == nil || int64(len(c.New)) != n) {
		return false
	}
	data, err := os.ReadFile(b)
	return err == nil && (c.Old != nil && bytes.Equal(data, c.Old) || c.New != nil && bytes.Equal(data, c.New))
}

// isTemp reports whether name is one os.CreateTemp makes of tempPattern:
// the pattern with a decimal number for its star.
func isTemp(name string) bool {
	prefix, suffix, _ := strings.Cut(tempPattern, "*")
	n, ok1 := strings.CutPrefix(name, prefix)
	n, ok2 := strings.CutSuffix(n, suffix)
	return ok1 && ok2 && n != "" && strings.Trim(n, "0123456789") == ""
}

// txn records what Write did so far, so that it can be undone.
type txn struct {
	ctx     context.Context
	dirs    []string          // directories created, in creation order
	temps   map[string]string // target -> temporary file not yet renamed
	backups map[string]string // target -> backup of its previous content
	done    []Change          // changes applied to the target, in order
	synced  map[string]bool   // directories whose entries changed
}

// apply performs changes in three phases: prepare temporary files and
// backups, rename the temporary files into place, remove stale files.
func (tx *txn) apply(changes []Change) *WriteError {
	tx.temps = make(map[string]string)
	tx.backups = make(map[string]string)
	tx.synced = make(map[string]bool)
	interrupted := func(p string) *WriteError {
		if err := tx.ctx.Err(); err != nil {
			return &WriteError{Op: "interrupted before writing", Path: p, Err: Cause(err)}
		}
		return nil
	}

	for _, c := range changes {
		if c.Status != Created && c.Status != Changed {
			continue
		}
		if err := interrupted(c.Path); err != nil {
			return err
		}
		dir := filepath.Dir(c.Path)
		if err := tx.mkdirAll(dir); err != nil {
			return err
		}
		var old fs.FileInfo
		if c.Status == Changed {
			fi, err := os.Lstat(c.Path)
			if err != nil {
				return &WriteError{Op: "writing", Path: c.Path, Err: Cause(err)}
			}
			old = fi
		}
		tmp, err := writeTemp(dir, tempPattern, c.New, old)
		if err == nil {
			if err = testhook.Fault("write", c.Path); err != nil {
				os.Remove(tmp) // as a write that fails midway leaves nothing
			}
		}
		if err != nil {
			return &WriteError{Op: "writing", Path: c.Path, Err: Cause(err)}
		}
		tx.temps[c.Path] = tmp
		testhook.Pause(tx.ctx, "prepared "+filepath.ToSlash(c.Path))
	}

	for _, c := range changes {
		if c.Status != Changed && c.Status != Stale {
			continue
		}
		if err := interrupted(c.Path); err != nil {
			return err
		}
		b, err := backup(c.Path, c.Old)
		if err != nil {
			return &WriteError{Op: "backing up", Path: c.Path, Err: Cause(err)}
		}
		tx.backups[c.Path] = b
		testhook.Pause(tx.ctx, "backed up "+filepath.ToSlash(c.Path))
	}

	for _, c := range changes {
		tmp, ok := tx.temps[c.Path]
		if !ok {
			continue
		}
		if err := interrupted(c.Path); err != nil {
			return err
		}
		if err := asPlanned(c); err != nil {
			return &WriteError{Op: "writing", Path: c.Path, Err: err}
		}
		if err := rename(tmp, c.Path); err != nil {
			return &WriteError{Op: "writing", Path: c.Path, Err: Cause(err)}
		}
		delete(tx.temps, c.Path)
		tx.done = append(tx.done, c)
		tx.synced[filepath.Dir(c.Path)] = true
		testhook.Pause(tx.ctx, "wrote "+filepath.ToSlash(c.Path))
	}

	for _, c := range changes {
		if c.Status != Stale {
			continue
		}
		if err := tx.ctx.Err(); err != nil {
			return &WriteError{Op: "interrupted before removing", Path: c.Path, Err: Cause(err)}
		}
		if err := asPlanned(c); err != nil {
			return &WriteError{Op: "removing stale", Path: c.Path, Err: err}
		}
		if err := remove(c.Path); err != nil {
			return &WriteError{Op: "removing stale", Path: c.Path, Err: Cause(err)}
		}
		tx.done = append(tx.done, c)
		tx.synced[filepath.Dir(c.Path)] = true
		testhook.Pause(tx.ctx, "removed "+filepath.ToSlash(c.Path))
	}
	return nil
}

// ErrModified is the cause of a [*WriteError] when a file is not as Plan
// found it by the time Write would replace or remove it: another program
// created, changed or removed it meanwhile. Write then leaves it as it is
// and undoes what it did.
var ErrModified = errors.New("the file changed on disk while errspec ran")

// asPlanned reports ErrModified unless the file of c is still as Plan
// found it: missing for a file to create, with the content Plan read for
// a file to replace or remove. It looks just before the change, so that
// an edit made while errspec runs is lost only if it lands in between.
func asPlanned(c Change) error {
	fi, err := os.Lstat(c.Path)
	switch {
	case c.Status == Created && errors.Is(err, fs.ErrNotExist):
		return nil
	case c.Status == Created, errors.Is(err, fs.ErrNotExist):
		return ErrModified
	case err != nil:
		return Cause(err)
	case !fi.Mode().IsRegular():
		return ErrModified // reading a named pipe would wait for a writer
	}
	data, err := os.ReadFile(c.Path)
	switch {
	case err != nil:
		return Cause(err)
	case !bytes.Equal(data, c.Old):
		return ErrModified
	}
	return nil
}

// mkdirAll creates dir and its missing parents, recording each one it
// creates.
func (tx *txn) mkdirAll(dir string) *WriteError {
	var missing []string
	for d := dir; ; {
		_, err := os.Lstat(d)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return &WriteError{Op: "creating directory", Path: dir, Err: Cause(err)}
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	for i := len(missing) - 1; i >= 0; i-- {
		d := missing[i]
		if err := mkdir(d); err != nil {
			return &WriteError{Op: "creating directory", Path: d, Err: Cause(err)}
		}
		tx.dirs = append(tx.dirs, d)
	}
	return nil
}

// rollback undoes everything apply did, in reverse order.
func (tx *txn) rollback() error {
	var errs []error
	for i := len(tx.done) - 1; i >= 0; i-- {
		c := tx.done[i]
		switch c.Status {
		case Created:
			if err := remove(c.Path); err != nil {
				errs = append(errs, fmt.Errorf("removing %s: %w", filepath.ToSlash(c.Path), Cause(err)))
			}
		case Changed, Stale:
			if err := rename(tx.backups[c.Path], c.Path); err != nil {
				errs = append(errs, fmt.Errorf("restoring %s from %s: %w",
					filepath.ToSlash(c.Path), filepath.ToSlash(tx.backups[c.Path]), Cause(err)))
			}
			// Restored, or kept: the backup is then the only copy left.
			delete(tx.backups, c.Path)
		}
	}
	for target, tmp := range tx.temps {
		if err := remove(tmp); err != nil {
			errs = append(errs, fmt.Errorf("removing temporary file for %s: %w", filepath.ToSlash(target), Cause(err)))
		}
	}
	tx.temps = nil
	// The remaining backups are of files that were never touched.
	for target, b := range tx.backups {
		if err := remove(b); err != nil {
			errs = append(errs, fmt.Errorf("removing backup of %s: %w", filepath.ToSlash(target), Cause(err)))
		}
	}
	tx.backups = nil
	for i := len(tx.dirs) - 1; i >= 0; i-- {
		if err := remove(tx.dirs[i]); err != nil && !inUse(tx.dirs[i]) {
			errs = append(errs, fmt.Errorf("removing directory %s: %w", filepath.ToSlash(tx.dirs[i]), Cause(err)))
		}
	}
	tx.dirs = nil
	return errors.Join(errs...)
}

// inUse reports whether the directory d, which Write created, holds
// something once Write has taken out what it put there: another program
// wrote there while errspec ran (an editor, a watcher, a build). The
// directory then stays, as that program's files need it, and the tree is
// still as it was but for them (what Write could not take out of it is
// reported on its own).
func inUse(d string) bool {
	entries, err := os.ReadDir(d)
	return err == nil && len(entries) > 0
}

// commit removes the backups once every change is in place and syncs the
// directories that changed (best effort: not every system can sync a
// directory).
func (tx *txn) commit() error {
	var left *LeftoverError
	for _, target := range slices.Sorted(maps.Keys(tx.backups)) {
		b := tx.backups[target]
		if err := remove(b); err != nil {
			if left == nil {
				left = &LeftoverError{}
			}
			left.Paths = append(left.Paths, b)
			left.Errs = append(left.Errs, fmt.Errorf("removing %s: %w", filepath.ToSlash(b), Cause(err)))
		}
	}
	for d := range tx.synced {
		if f, err := os.Open(d); err == nil {
			_ = f.Sync()
			f.Close()
		}
	}
	if left == nil {
		return nil
	}
	return left
}

// LeftoverError is returned by Write, with the changes it made, when every
// file was written but a backup could not be removed afterwards: the
// outputs are as they should be, and the backups are left over.
type LeftoverError struct {
	Paths []string // the backups left over
	Errs  []error  // why each could not be removed
}

func (e *LeftoverError) Error() string {
	return "every file was written, but " + errors.Join(e.Errs...).Error()
}

// writeTemp writes data to a new file in dir named after pattern, syncs
// it and returns its path. The file takes the place of old, when it is not
// nil, and gets its mode, owner and group (see keepOwner); else mode
// 0o644 less the umask. On error nothing is left.
func writeTemp(dir, pattern string, data []byte, old fs.FileInfo) (path string, err error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", err
	}

	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err := f.Write(data); err != nil {
		return "", err
	}
	mode := 0o644 &^ umask
	if old != nil {
		keepOwner(f, old) // first: a change of owner may clear mode bits
		mode = old.Mode().Perm()
	}
	if err := f.Chmod(mode); err != nil {
		return "", err
	}
	if err := f.Sync(); err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// maxBackups is how many backups of one file backup looks for a free
// name among (see backup).
const maxBackups = 100

// MaxName is the longest name, in bytes, of a file errspec writes: the
// 255 bytes file systems allow, less what the name of its backup adds
// (.errspec-NAME.99.bak, see backup), so that the file can be replaced
// or removed by a later run.
const MaxName = 255 - backupAffix

// backupAffix is what the name of a backup adds to the name of its file.
const backupAffix = len(".errspec-.bak") + len(".99")

// longestPath is the length of the longest path Write makes for the file
// at the absolute path abs: the file, its backup, or its temporary file
// (.errspec-N.tmp, N a number of up to 10 digits as os.CreateTemp makes).
func longestPath(abs string) int {
	dir, base := filepath.Split(abs)
	return len(dir) + max(len(base)+backupAffix, len(".errspec-4294967295.tmp"))
}

// backup preserves the file at p, whose content is old, under a new name in
// the same directory, and returns that name: .errspec-NAME.bak, or
// .errspec-NAME.N.bak when a backup of an earlier run that could not be
// restored is still there. Renaming the backup onto p restores the file.
// It uses a hard link, which keeps content, mode and modification time;
// where links fail it writes a copy with the same mode, modification
// time, and owner and group as far as keepOwner can give them.
func backup(p string, old []byte) (string, error) {
	dir, base := filepath.Split(p)
	fi, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	for i := range maxBackups {
		b := filepath.Join(dir, backupName(base, i))
		err := link(p, b)
		if err == nil {
			return b, nil
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		err = writeCopy(b, old, fi)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return b, err
	}
	return "", fmt.Errorf("backing up %s: %d backups of it are in the way", filepath.ToSlash(p), maxBackups)
}

// backupName is the name of the backup number i (from 0) of a file
// named base: .errspec-BASE.bak, then .errspec-BASE.I.bak.
func backupName(base string, i int) string {
	if i == 0 {
		return backupPrefix + base + backupSuffix
	}
	return fmt.Sprintf("%s%s.%d%s", backupPrefix, base, i, backupSuffix)
}

const backupPrefix, backupSuffix = ".errspec-", ".bak"

// backedUp returns the names of the files that name, if it is the name
// of a backup (backupName), may be the backup of: one, or two where the
// name of the file itself ends in a number (.errspec-x.1.bak is the
// backup of x.1 or the second of x).
func backedUp(name string) []string {
	base, ok := strings.CutPrefix(name, backupPrefix)
	if !ok {
		return nil
	}
	if base, ok = strings.CutSuffix(base, backupSuffix); !ok || base == "" {
		return nil
	}
	out := []string{base}
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		if n, err := strconv.Atoi(base[i+1:]); err == nil && n > 0 && n < maxBackups && base[i+1:] == strconv.Itoa(n) {
			out = append(out, base[:i])
		}
	}
	return out
}

// writeCopy writes data to the new file b with the mode and modification
// time of fi, and syncs it. On error nothing is left.
func writeCopy(b string, data []byte, fi fs.FileInfo) (err error) {
	if err := testhook.Fault("write", b); err != nil {
		return err
	}
	f, err := os.OpenFile(b, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(b)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	keepOwner(f, fi)
	if err := f.Chmod(fi.Mode().Perm()); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Chtimes(b, fi.ModTime(), fi.ModTime())
}

// Cause is the error of a failed operation on a path without the
// operation and the path, which the message around it names already.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
