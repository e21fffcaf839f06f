package files

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Names of the temporary and backup files Write keeps next to their
// targets while it runs. They begin with a dot so that tools that skip
// hidden files ignore them.
const (
	tempPattern   = ".errspec-*.tmp"
	backupPattern = ".errspec-*.bak"
)

// File system operations that tests replace to make a step fail.
var (
	rename = os.Rename
	remove = os.Remove
	link   = os.Link
)

// Write makes the disk match the Set, all or nothing, and returns the
// changes it made: the result of [Plan] (including Unchanged entries,
// which Write leaves alone). When Plan fails Write returns its error and
// writes nothing.
//
// Files whose bytes are unchanged are not touched, so their modification
// time stays. Created and changed files are first written to temporary
// files in their target directory (missing directories are created with
// mode 0o755), synced, and then renamed into place. Created files get mode
// 0o644 regardless of the umask; changed files keep their mode. Stale files
// are removed last.
//
// Before the first rename, every file about to be replaced or removed is
// backed up in its directory (a hard link, or a copy where links are not
// supported). If any step fails, the temporary files are removed, replaced
// and removed files are restored from their backups, created files and
// directories are removed, and the error names the path that failed; the
// tree is then as it was. No temporary or backup file is left behind,
// whether Write succeeds or fails. Should a backup still fail to be removed
// after every file has been written, Write returns the changes together
// with an error naming the leftover file.
//
// When ctx is done before Write has put every file in place (an
// interrupted run), Write undoes what it did and returns ctx's error: the
// tree is as it was.
//
// Write assumes nothing else modifies the output directories while it runs.
func Write(ctx context.Context, s Set) ([]Change, error) {
	changes, err := Plan(s)
	if err != nil {
		return nil, err
	}
	tx := &txn{ctx: ctx}
	if err := tx.apply(changes); err != nil {
		if rerr := tx.rollback(); rerr != nil {
			return nil, fmt.Errorf("%w\nrestoring the previous files also failed, the output may be incomplete:\n%w", err, rerr)
		}
		return nil, err
	}
	if err := tx.commit(); err != nil {
		return changes, err
	}
	return changes, nil
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
func (tx *txn) apply(changes []Change) error {
	tx.temps = make(map[string]string)
	tx.backups = make(map[string]string)
	tx.synced = make(map[string]bool)

	for _, c := range changes {
		if c.Status != Created && c.Status != Changed {
			continue
		}
		dir := filepath.Dir(c.Path)
		if err := tx.mkdirAll(dir); err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if c.Status == Changed {
			fi, err := os.Lstat(c.Path)
			if err != nil {
				return fmt.Errorf("writing %s: %w", filepath.ToSlash(c.Path), err)
			}
			mode = fi.Mode().Perm()
		}
		tmp, err := writeTemp(dir, tempPattern, c.New, mode)
		if err != nil {
			return fmt.Errorf("writing %s: %w", filepath.ToSlash(c.Path), err)
		}
		tx.temps[c.Path] = tmp
	}

	for _, c := range changes {
		if c.Status != Changed && c.Status != Stale {
			continue
		}
		b, err := backup(c.Path, c.Old)
		if err != nil {
			return fmt.Errorf("backing up %s: %w", filepath.ToSlash(c.Path), err)
		}
		tx.backups[c.Path] = b
	}

	for _, c := range changes {
		tmp, ok := tx.temps[c.Path]
		if !ok {
			continue
		}
		if err := tx.ctx.Err(); err != nil {
			return fmt.Errorf("interrupted before writing %s: %w", filepath.ToSlash(c.Path), err)
		}
		if err := rename(tmp, c.Path); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.ToSlash(c.Path), err)
		}
		delete(tx.temps, c.Path)
		tx.done = append(tx.done, c)
		tx.synced[filepath.Dir(c.Path)] = true
	}

	for _, c := range changes {
		if c.Status != Stale {
			continue
		}
		if err := tx.ctx.Err(); err != nil {
			return fmt.Errorf("interrupted before removing %s: %w", filepath.ToSlash(c.Path), err)
		}
		if err := remove(c.Path); err != nil {
			return fmt.Errorf("removing stale %s: %w", filepath.ToSlash(c.Path), err)
		}
		tx.done = append(tx.done, c)
		tx.synced[filepath.Dir(c.Path)] = true
	}
	return nil
}

// mkdirAll creates dir and its missing parents, recording each one it
// creates.
func (tx *txn) mkdirAll(dir string) error {
	var missing []string
	for d := dir; ; {
		_, err := os.Lstat(d)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("creating directory %s: %w", filepath.ToSlash(dir), err)
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
		if err := os.Mkdir(d, 0o755); err != nil {
			return fmt.Errorf("creating directory %s: %w", filepath.ToSlash(d), err)
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
				errs = append(errs, fmt.Errorf("removing %s: %w", filepath.ToSlash(c.Path), err))
			}
		case Changed, Stale:
			if err := rename(tx.backups[c.Path], c.Path); err != nil {
				errs = append(errs, fmt.Errorf("restoring %s from %s: %w",
					filepath.ToSlash(c.Path), filepath.ToSlash(tx.backups[c.Path]), err))
				continue // keep the backup: it is the only copy left
			}
			delete(tx.backups, c.Path)
		}
	}
	for target, tmp := range tx.temps {
		if err := remove(tmp); err != nil {
			errs = append(errs, fmt.Errorf("removing temporary file for %s: %w", filepath.ToSlash(target), err))
		}
	}
	tx.temps = nil
	// The remaining backups are of files that were never touched.
	for target, b := range tx.backups {
		if err := remove(b); err != nil {
			errs = append(errs, fmt.Errorf("removing backup of %s: %w", filepath.ToSlash(target), err))
		}
	}
	tx.backups = nil
	for i := len(tx.dirs) - 1; i >= 0; i-- {
		if err := remove(tx.dirs[i]); err != nil {
			errs = append(errs, fmt.Errorf("removing directory %s: %w", filepath.ToSlash(tx.dirs[i]), err))
		}
	}
	tx.dirs = nil
	return errors.Join(errs...)
}

// commit removes the backups once every change is in place and syncs the
// directories that changed (best effort: not every system can sync a
// directory).
func (tx *txn) commit() error {
	var errs []error
	for target, b := range tx.backups {
		if err := remove(b); err != nil {
			errs = append(errs, fmt.Errorf("all files written, but the backup of %s could not be removed: %w",
				filepath.ToSlash(target), err))
		}
	}
	for d := range tx.synced {
		if f, err := os.Open(d); err == nil {
			_ = f.Sync()
			f.Close()
		}
	}
	return errors.Join(errs...)
}

// writeTemp writes data to a new file in dir named after pattern, with the
// given mode, syncs it and returns its path. On error nothing is left.
func writeTemp(dir, pattern string, data []byte, mode fs.FileMode) (path string, err error) {
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

// backup preserves the file at p, whose content is old, under a new name in
// the same directory, and returns that name. Renaming the backup onto p
// restores the file. It uses a hard link, which keeps content, mode and
// modification time; where links fail it writes a copy with the same mode
// and modification time.
func backup(p string, old []byte) (string, error) {
	dir := filepath.Dir(p)
	for range 10 {
		var r [8]byte
		rand.Read(r[:])
		b := filepath.Join(dir, ".errspec-"+hex.EncodeToString(r[:])+".bak")
		err := link(p, b)
		if err == nil {
			return b, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	fi, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	b, err := writeTemp(dir, backupPattern, old, fi.Mode().Perm())
	if err != nil {
		return "", err
	}
	if err := os.Chtimes(b, fi.ModTime(), fi.ModTime()); err != nil {
		os.Remove(b)
		return "", err
	}
	return b, nil
}
