package files

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/errspec/errspec/internal/textsafe"
)

// File is one generated file.
type File struct {
	// Path is where the file goes: a slash-separated or OS-specific path,
	// relative to the process working directory or absolute.
	Path string
	// Data is the complete content of the file.
	Data []byte
	// Output is the path in the catalog of the output that asks for the
	// file, such as outputs, go, dir: a problem with where the file goes
	// is reported there.
	Output []string
}

// Dir is a directory that a catalog owns for one kind of file: its Go
// package, or the directory of its per-code reference pages. Stale files
// are looked for there, and only there (see [Plan]).
type Dir struct {
	Path string
	// Ext is the extension of the files the catalog writes there, such as
	// ".go": only files with it can be stale.
	Ext string
}

// Set is everything one catalog generates.
type Set struct {
	// Catalog is the catalog name, the owner named in the notice that every
	// file in Files carries (see [Notice]).
	Catalog string
	// Dir is the catalog's directory ("" for the working directory). Its
	// .cue files are inputs, and it fixes the project root the outputs
	// must stay in (see [Root]).
	Dir string
	// Files are the generated files.
	Files []File
	// Dirs are the directories the catalog owns, scanned (not
	// recursively) for stale files. A directory that does not exist is
	// skipped.
	Dirs []Dir
	// Inputs are further files the catalog is generated from, such as
	// template overrides: like the .cue files of Dir, errspec never
	// overwrites or removes them.
	Inputs []string
	// InputPatterns are patterns (of filepath.Match) of further files the
	// catalog is generated from once they exist, such as the glob= of an
	// @embed attribute: no output may be a file that one matches, which
	// the next run would read.
	InputPatterns []string
	// Sources are the catalog's files as the outputs were generated from
	// them, by path. Write, once it holds the lock, fails with
	// ErrSourceChanged when one is no longer so: another run, or an
	// editor, changed the catalog meanwhile, and the outputs of its older
	// version would overwrite those of a newer one without a word.
	Sources map[string][]byte
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
	// Stale: the file is on disk in a directory the catalog owns and
	// carries this catalog's notice, but is no longer generated.
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

// Change is the state of one file: a file of a [Set] or a stale file.
type Change struct {
	// Path is the cleaned OS-specific form of the path as given in the Set
	// (relative paths stay relative); for a stale file it is the owned
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
	// Dir and Output say which output of which catalog asks for the
	// file, as Set.Dir and File.Output do.
	Dir    string
	Output []string
}

func (e *ForeignFileError) Error() string {
	what := "it has no errspec generated-file notice"
	if e.Owner != "" {
		what = fmt.Sprintf("its notice says it was generated from catalog %q", e.Owner)
	}
	return fmt.Sprintf("refusing to overwrite %s: it was not written by errspec for catalog %q (%s); move it away or change the output path",
		Show(e.Path), e.Catalog, what)
}

// ReadError is a file where an output goes, or a directory a catalog
// owns, that [Plan] could not read (a file the run may not read, an I/O
// error): it cannot tell whether the file is up to date, and nothing is
// written.
type ReadError struct {
	Path string
	Err  error // the system's error, without the operation and the path
	// Search is true when Path is a directory that the run may not
	// search (look up a name in: the x permission), which it needs to
	// read, check or write any file in it.
	Search bool
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("reading %s: %v", Show(e.Path), e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// OutputError is a place an output cannot go, found by [Plan] before
// anything is written: outside the project root, through a symbolic link
// that leads elsewhere, onto an input or another output, or where
// something else is in the way. It is the catalog's fault, and is reported
// at the output's position in the catalog.
type OutputError struct {
	Catalog string   // the catalog's name
	Dir     string   // the catalog's directory, as in its Set
	Output  []string // the path in the catalog of the output at fault
	Msg     string   // what is wrong, naming the file
	Fix     string   // how to fix it
}

func (e *OutputError) Error() string {
	if len(e.Output) == 0 {
		return fmt.Sprintf("catalog %s: %s", e.Catalog, e.Msg)
	}
	return fmt.Sprintf("catalog %s: %s: %s", e.Catalog, strings.Join(e.Output, "."), e.Msg)
}

// Plan compares the Sets of one run with the disk and returns one [Change]
// per generated file and per stale file, sorted by path. It reads but never
// writes.
//
// Plan returns an error, and no changes, when a Set is invalid (bad
// catalog name, empty path), when an output cannot go where it is asked
// to (an [*OutputError] each, see below), when something
// cannot be read, or when a file that would be overwritten does not carry
// its catalog's notice (a [*ForeignFileError] each).
//
// The checks, each on every file of every Set: the file stays inside the
// project root of its catalog ([Root]), also once symbolic links are
// followed; it is not itself a symbolic link, a directory or another
// non-regular file, and no file stands where it needs a directory; it is
// not an input of any catalog of the run (a .cue file of a catalog
// directory, or a file of Set.Inputs); no other file of the run is the
// same file, the same but for case, or a directory of it. Two catalogs of
// one name must not write to the same directory: the notice is all that
// tells their files apart.
//
// A stale file is a regular file in a directory a catalog owns
// (Set.Dirs), with the extension of the files it writes there, whose
// notice names the catalog, and that no catalog of the run generates
// (under its name, or one that differs only in case on a file system
// where the two are one file) and none reads. Hidden files (errspec's own temporary files among them) and
// symbolic links are never stale. Directories a catalog shares, such as
// that of a single-page reference or a JSON Schema, are not scanned: a
// file there is another catalog's as much as this one's. In any
// directory, though, a file that a Set creates must not stand beside one
// whose name FoldPath takes for its own (one file on macOS and Windows):
// that one is stale when it is a regular file with the Set's notice that
// no catalog reads, as a run there would overwrite it, and an
// [*OutputError] otherwise; so is a directory errspec would create
// beside one whose name FoldPath takes for its own.
func Plan(sets ...Set) ([]Change, error) {
	changes, _, err := plan(sets)
	return changes, err
}

// plan is Plan, which also returns what it knows of the run's files.
func plan(sets []Set) ([]Change, *guard, error) {
	for _, s := range sets {
		if err := checkCatalog(s.Catalog); err != nil {
			return nil, nil, err
		}
		for i, f := range s.Files {
			if f.Path == "" {
				return nil, nil, fmt.Errorf("catalog %s: generated file %d has an empty path", s.Catalog, i)
			}
		}
	}
	g, err := guardRun(sets)
	if err != nil {
		return nil, nil, err
	}
	if len(g.errs) > 0 {
		return nil, nil, errors.Join(g.errs...)
	}

	var changes []Change
	var foreign []error
	for _, s := range sets {
		for _, f := range s.Files {
			p := clean(f.Path)
			c := Change{Path: p, Status: Created, New: f.Data}
			// The notice first: a file that is not the catalog's, however
			// large, is not read whole.
			owner, err := fileOwner(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				stale, err := g.checkVariant(&s, f, p)
				if err != nil {
					return nil, nil, err
				}
				changes = append(changes, c)
				if stale != nil {
					changes = append(changes, *stale)
				}
				continue
			case err != nil:
				return nil, nil, err
			case owner != s.Catalog:
				foreign = append(foreign, &ForeignFileError{Path: p, Catalog: s.Catalog, Owner: owner, Dir: s.Dir, Output: f.Output})
				continue
			}
			old, err := os.ReadFile(p)
			if err != nil {
				return nil, nil, &ReadError{Path: p, Err: Cause(err)}
			}
			c.Old = old
			c.Status = Changed
			if sameText(old, f.Data) {
				c.Status = Unchanged
			}
			changes = append(changes, c)
		}
	}
	if len(g.errs) > 0 || len(foreign) > 0 {
		return nil, nil, errors.Join(append(g.errs, foreign...)...)
	}
	for _, s := range sets {
		stale, err := g.findStale(s)
		if err != nil {
			return nil, nil, err
		}
		changes = append(changes, stale...)
	}
	slices.SortFunc(changes, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	// A file of the catalog under a name another file of the run takes on
	// macOS is stale twice: as that name's, and in a directory the
	// catalog owns.
	changes = slices.CompactFunc(changes, func(a, b Change) bool { return a.Path == b.Path && a.Status == Stale && b.Status == Stale })
	return changes, g, nil
}

// checkVariant checks the file p of f, which s creates, against what is
// on disk under a name that FoldPath takes for the one p creates (the
// file, or its first directory that errspec creates): on macOS and
// Windows that is the file or directory p goes to, but here p would be
// written beside it, and a checkout there would have one of the two. A
// file of s under a name of the file's that differs only so, which a
// run there would overwrite, is stale: returned, and removed. Anything
// else is in the way, a problem of f's output (g.errs).
func (g *guard) checkVariant(s *Set, f File, p string) (*Change, error) {
	created := p // the first element of p that is missing
	for {
		parent := filepath.Dir(created)
		if _, err := os.Lstat(parent); !errors.Is(err, fs.ErrNotExist) || parent == created {
			break
		}
		created = parent
	}
	dir, name := filepath.Split(created)
	folded, ok := g.listed[dir]
	if !ok {
		// Read once per directory: a first run of a thousand per-code
		// pages creates them all in one.
		entries, _ := os.ReadDir(cmp.Or(dir, ".")) // unreadable: checkFile had its say
		folded = map[string][]fs.DirEntry{}
		for _, e := range entries {
			k := FoldPath(e.Name())
			folded[k] = append(folded[k], e)
		}
		if g.listed == nil {
			g.listed = map[string]map[string][]fs.DirEntry{}
		}
		g.listed[dir] = folded
	}
	for _, e := range folded[FoldPath(name)] {
		if e.Name() == name {
			continue
		}
		other := filepath.Join(dir, e.Name())
		if created == p && e.Type().IsRegular() && !g.isInput(other) {
			owner, err := fileOwner(other)
			if err != nil {
				return nil, err
			}
			if owner == s.Catalog {
				old, err := os.ReadFile(other)
				if err != nil {
					return nil, &ReadError{Path: other, Err: Cause(err)}
				}
				return &Change{Path: other, Status: Stale, Old: old}, nil
			}
		}
		what := "a " + textsafe.FileKind(e.Type())
		if e.Type().IsRegular() {
			what = "a file"
			if g.isInput(other) {
				what = "an input"
			}
		}
		how, _ := Alike(created, other)
		fix := "move " + g.show(other) + " away (delete it if an earlier run wrote it), or change the output path"
		if e.IsDir() {
			fix = "change the output path to name the directory " + e.Name() + " as it is spelt, or move " + g.show(other) + " away"
		}
		g.reject(s, f.Output, fix,
			"%s and %s (%s already there) %s, and a checkout there holds only one of them", g.show(created), g.show(other), what, how)
		return nil, nil
	}
	return nil, nil
}

// sameText reports whether a file on disk holding old holds data: the
// same bytes, or the same with every line ended by "\r\n", as git checks
// out a text file with core.autocrlf on Windows (its default there). Such
// a file is up to date, not drift, and is left as it is: git reads it
// back as the same text.
func sameText(old, data []byte) bool {
	return bytes.Equal(asText(old, data), data)
}

// asText returns old, a file on disk that errspec would write data to,
// as the text git reads from it: when every line of old ends in "\r\n"
// (git's core.autocrlf checked it out so) and no line of data does, old
// with each line ended by "\n", which compares line by line with data;
// otherwise old itself.
func asText(old, data []byte) []byte {
	n := bytes.Count(old, []byte("\n"))
	if n == 0 || bytes.Count(old, []byte("\r\n")) != n || bytes.Contains(data, []byte("\r\n")) {
		return old
	}
	return bytes.ReplaceAll(old, []byte("\r\n"), []byte("\n"))
}

// clean is the form of a path Plan and Write use.
func clean(p string) string { return filepath.Clean(filepath.FromSlash(p)) }

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
	if n := len(utf8BOM) + len("<!-- "+Notice(name)+" -->\n"); n > ownerWindow {
		return fmt.Errorf("catalog name %.20q… is too long: the notice that names it takes %d bytes, and Owner looks at the first %d", name, n, ownerWindow)
	}
	return nil
}

// findStale scans the directories s owns for files it generated before
// and no catalog of the run generates any more.
func (g *guard) findStale(s Set) ([]Change, error) {
	var stale []Change
	for _, d := range s.Dirs {
		dir := clean(d.Path)
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, &ReadError{Path: dir, Err: Cause(err)}
		}
		realDir, err := realPath(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			name := e.Name()
			if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || !strings.HasSuffix(name, d.Ext) {
				continue
			}
			real := filepath.Join(realDir, name)
			if _, generated := g.files[real]; generated {
				continue
			}
			if g.sameAsGenerated(real) {
				continue
			}
			if _, input := g.inputs[real]; input {
				continue
			}
			p := filepath.Join(dir, name)
			owner, err := fileOwner(p)
			if err != nil {
				return nil, err
			}
			if owner != s.Catalog {
				continue
			}
			old, err := os.ReadFile(p)
			if err != nil {
				return nil, &ReadError{Path: p, Err: Cause(err)}
			}
			stale = append(stale, Change{Path: p, Status: Stale, Old: old})
		}
	}
	return stale, nil
}

// sameAsGenerated reports whether the file at real is a generated file
// under a name that FoldPath takes for the same, as on macOS and Windows,
// where docs/ERRORS.md of an earlier run is the docs/errors.md being
// written: removing it as stale would remove the new file.
func (g *guard) sameAsGenerated(real string) bool {
	f, ok := g.folded[FoldPath(real)]
	if !ok {
		return false
	}
	a, err := os.Stat(real)
	if err != nil {
		return false
	}
	b, err := os.Stat(f.real)
	return err == nil && os.SameFile(a, b)
}

// fileOwner returns the Owner of the file at p, reading only its beginning.
func fileOwner(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", &ReadError{Path: p, Err: Cause(err)}
	}
	defer f.Close()
	buf := make([]byte, ownerWindow+1) // one more byte tells Owner the window is full
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return "", &ReadError{Path: p, Err: Cause(err)}
	}
	owner, _ := Owner(buf[:n])
	return owner, nil
}
