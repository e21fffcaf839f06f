package files

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// File is one generated file.
type File struct {
	// Path is where the file goes: a slash-separated or OS-specific path,
	// relative to the process working directory or absolute.
	Path string
	// Data is the complete content of the file.
	Data []byte
}

// Set is everything one catalog generates.
type Set struct {
	// Catalog is the catalog name, the owner named in the notice that every
	// file in Files carries (see [Notice]).
	Catalog string
	// Files are the generated files. No two may have the same path, and no
	// path may be a directory of another.
	Files []File
	// Dirs are further output directories to scan, non-recursively, for
	// stale files. The directories of Files are always scanned too. A
	// directory that does not exist is skipped.
	Dirs []string
}

// Status says how a file on disk differs from what is generated.
type Status int

const (
	// Unchanged: the file on disk has exactly the generated content.
	Unchanged Status = iota
	// Created: the file is generated but missing on disk.
	Created
	// Changed: the file on disk carries this catalog's notice and differs
	// from the generated content.
	Changed
	// Stale: the file is on disk in a scanned directory and carries this
	// catalog's notice, but is no longer generated.
	Stale
)

// String returns the lower-case name of s, such as "created".
func (s Status) String() string {
	switch s {
	case Unchanged:
		return "unchanged"
	case Created:
		return "created"
	case Changed:
		return "changed"
	case Stale:
		return "stale"
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Change is the state of one file: a file of the [Set] or a stale file.
type Change struct {
	// Path is the cleaned OS-specific form of the path as given in the Set
	// (relative paths stay relative); for a stale file it is the scanned
	// directory joined with the file name.
	Path   string
	Status Status
	// Old is the content on disk; nil when Status is Created.
	Old []byte
	// New is the generated content; nil when Status is Stale.
	New []byte
}

// ForeignFileError is returned (possibly joined with others) by [Plan] and
// [Write] when a generated file would overwrite a file that does not carry
// the notice of the catalog being generated.
type ForeignFileError struct {
	Path    string // the existing file, for display
	Catalog string // the catalog being generated
	Owner   string // catalog named by the file's notice; "" if it has none
}

func (e *ForeignFileError) Error() string {
	what := "it has no errspec generated-file notice"
	if e.Owner != "" {
		what = fmt.Sprintf("its notice says it was generated from catalog %q", e.Owner)
	}
	return fmt.Sprintf("refusing to overwrite %s: it was not written by errspec for catalog %q (%s); move it away or change the output path",
		filepath.ToSlash(e.Path), e.Catalog, what)
}

// Plan compares a Set with the disk and returns one [Change] per file of the
// Set and per stale file, sorted by path. It reads but never writes.
//
// Plan returns an error, and no changes, when the Set is invalid (bad
// catalog name, empty, duplicate or nested paths), when a path of the Set
// exists but is not a regular file, when something cannot be read, or when
// a file that would be overwritten does not carry this catalog's notice (a
// [*ForeignFileError] per such file, joined).
//
// Stale files are the regular files in the scanned directories that are not
// in the Set and whose [Owner] is this catalog. Files with another catalog's
// notice or none are never stale. Symbolic links are never stale either.
func Plan(s Set) ([]Change, error) {
	if err := checkCatalog(s.Catalog); err != nil {
		return nil, err
	}
	targets, err := cleanPaths(s.Files)
	if err != nil {
		return nil, err
	}

	var changes []Change
	var foreign []error
	for i, f := range s.Files {
		p := targets[i]
		c := Change{Path: p, Status: Created, New: f.Data}
		fi, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			changes = append(changes, c)
			continue
		case err != nil:
			return nil, fmt.Errorf("checking %s: %w", filepath.ToSlash(p), err)
		case !fi.Mode().IsRegular():
			return nil, fmt.Errorf("cannot write %s: a %s is in the way; remove it or change the output path",
				filepath.ToSlash(p), kind(fi.Mode()))
		}
		old, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", filepath.ToSlash(p), err)
		}
		if owner, _ := Owner(old); owner != s.Catalog {
			foreign = append(foreign, &ForeignFileError{Path: p, Catalog: s.Catalog, Owner: owner})
			continue
		}
		c.Old = old
		c.Status = Changed
		if bytes.Equal(old, f.Data) {
			c.Status = Unchanged
		}
		changes = append(changes, c)
	}
	if len(foreign) > 0 {
		return nil, errors.Join(foreign...)
	}

	stale, err := findStale(s, targets)
	if err != nil {
		return nil, err
	}
	changes = append(changes, stale...)
	slices.SortFunc(changes, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return changes, nil
}

// checkCatalog reports whether name can be written in every notice wrapping.
func checkCatalog(name string) error {
	if name == "" {
		return errors.New("empty catalog name")
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("catalog name %q contains a control character", name)
		}
	}
	if strings.Contains(name, "-->") {
		return fmt.Errorf("catalog name %q contains \"-->\"", name)
	}
	return nil
}

// cleanPaths returns the cleaned OS paths of files, in the same order, and
// checks that no path is empty, repeated or a directory of another path.
func cleanPaths(files []File) ([]string, error) {
	paths := make([]string, len(files))
	seen := make(map[string]bool, len(files))
	for i, f := range files {
		if f.Path == "" {
			return nil, fmt.Errorf("generated file %d has an empty path", i)
		}
		p := filepath.Clean(filepath.FromSlash(f.Path))
		if seen[p] {
			return nil, fmt.Errorf("%s is generated more than once", filepath.ToSlash(p))
		}
		seen[p] = true
		paths[i] = p
	}
	for _, p := range paths {
		for d := filepath.Dir(p); ; d = filepath.Dir(d) {
			if seen[d] {
				return nil, fmt.Errorf("%s is generated both as a file and as a directory of %s",
					filepath.ToSlash(d), filepath.ToSlash(p))
			}
			if next := filepath.Dir(d); next == d {
				break
			}
		}
	}
	return paths, nil
}

// findStale scans the output directories for files this catalog generated
// before and does not generate any more.
func findStale(s Set, targets []string) ([]Change, error) {
	generated := make(map[string]bool, len(targets))
	var dirs []string
	for _, p := range targets {
		generated[p] = true
		dirs = append(dirs, filepath.Dir(p))
	}
	for _, d := range s.Dirs {
		dirs = append(dirs, filepath.Clean(filepath.FromSlash(d)))
	}
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)

	var stale []Change
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("scanning %s for stale files: %w", filepath.ToSlash(d), err)
		}
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			if !e.Type().IsRegular() || generated[p] {
				continue
			}
			owner, err := fileOwner(p)
			if err != nil {
				return nil, err
			}
			if owner != s.Catalog {
				continue
			}
			old, err := os.ReadFile(p)
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", filepath.ToSlash(p), err)
			}
			stale = append(stale, Change{Path: p, Status: Stale, Old: old})
		}
	}
	return stale, nil
}

// fileOwner returns the Owner of the file at p, reading only its beginning.
func fileOwner(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", filepath.ToSlash(p), err)
	}
	defer f.Close()
	buf := make([]byte, ownerWindow+1) // one more byte tells Owner the window is full
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return "", fmt.Errorf("reading %s: %w", filepath.ToSlash(p), err)
	}
	owner, _ := Owner(buf[:n])
	return owner, nil
}

// kind names the type of a non-regular file for error messages.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	default:
		return "non-regular file"
	}
}
