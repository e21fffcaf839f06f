package files

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/errspec/errspec/internal/textsafe"
)

// Root returns the project root of a catalog directory, the directory its
// outputs must stay in: the nearest directory at or above dir that holds
// .git (the repository); failing that, the outermost one that holds go.mod,
// go.work or cue.mod (the module, or the Go workspace whose modules a
// catalog of one may write to); failing that, the working directory if dir
// is in it, else dir itself. The path is absolute; marker is what made it
// the root: ".git", "go.mod", "go.work", "cue.mod", or "" for none.
func Root(dir string) (root, marker string, err error) {
	abs, err := filepath.Abs(cmp.Or(dir, "."))
	if err != nil {
		return "", "", err
	}
	for d := abs; ; {
		if exists(filepath.Join(d, ".git")) {
			return d, ".git", nil
		}
		for _, m := range []string{"go.mod", "go.work", "cue.mod"} {
			if exists(filepath.Join(d, m)) {
				root, marker = d, m
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if root != "" {
		return root, marker, nil
	}
	if wd, err := os.Getwd(); err == nil {
		if _, ok := within(wd, abs); ok {
			return wd, "", nil
		}
	}
	return abs, "", nil
}

// Base returns dir, a catalog directory, as the base of the paths of its
// outputs. errspec reads a path lexically, as Root and the checks of Plan
// do: against the working directory as the shell names it ($PWD, which
// os.Getwd returns), a/.. being nothing. The system reads ".." from where
// a symbolic link leads instead: when the working directory is reached
// through one, Base makes a relative dir absolute, so that an output
// above the working directory is written where errspec checked it, and
// where a run from any other directory writes it.
func Base(dir string) string {
	if filepath.IsAbs(dir) {
		return dir
	}
	wd, err := os.Getwd()
	if err != nil {
		return dir
	}
	if real, err := filepath.EvalSymlinks(wd); err != nil || real == wd {
		return dir
	}
	return filepath.Join(wd, dir)
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// guard holds what Plan knows of a run's files before it compares them
// with the disk: the real path of every generated file and of every
// input, and the problems found so far.
type guard struct {
	wd     string
	errs   []error
	files  map[string]placed // real path -> the generated file there
	folded map[string]placed // FoldPath of the real path -> the generated file there
	inputs map[string]placed // real path -> the input there
	// patterns are the InputPatterns of the run's sets, each as written
	// and with the directories before its first wildcard as their real
	// path.
	patterns []inputPattern
	// listed holds the entries of the directories Plan looked in for
	// names that FoldPath takes for a created file's, by FoldPath of
	// their names.
	listed map[string]map[string][]fs.DirEntry
}

// inputPattern is a pattern of files that are inputs of set once they
// exist (Set.InputPatterns).
type inputPattern struct {
	set           *Set
	pattern, real string
}

// placed is a file of a run: generated, or an input.
type placed struct {
	set    *Set
	output []string // the output that writes it; nil for an input
	show   string   // the path as the user sees it
	real   string
}

// project is a catalog's project root.
type project struct {
	abs, real, marker string
}

// guardRun checks where every file of sets would go (see Plan).
func guardRun(sets []Set) (*guard, error) {
	wd, _ := os.Getwd() // "" when it was removed: paths show as they are
	g := &guard{wd: wd, files: map[string]placed{}, folded: map[string]placed{}, inputs: map[string]placed{}}
	roots := make([]project, len(sets))
	for i := range sets {
		s := &sets[i]
		abs, marker, err := Root(s.Dir)
		if err != nil {
			return nil, err
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, err
		}
		roots[i] = project{abs, real, marker}
		if err := g.addInputs(s); err != nil {
			return nil, err
		}
	}
	for i := range sets {
		for _, f := range sets[i].Files {
			if err := g.checkFile(&sets[i], roots[i], f); err != nil {
				return nil, err
			}
		}
	}
	g.checkNesting()
	g.checkNames(sets)
	g.checkGoPackages(sets)
	g.checkGoModulePaths(sets)
	g.checkGoDirs(sets)
	return g, nil
}

// addInputs records the files s is generated from: the .cue files of its
// directory, whichever of them the loader reads, and s.Inputs.
func (g *guard) addInputs(s *Set) error {
	dir := cmp.Or(s.Dir, ".")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading the catalog directory %s: %w", filepath.ToSlash(dir), err)
	}
	paths := slices.Clone(s.Inputs)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".cue") {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	for _, p := range s.InputPatterns {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		g.patterns = append(g.patterns, inputPattern{set: s, pattern: abs, real: realPattern(abs)})
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			continue // nothing there to protect
		}
		real, err := realPath(p)
		if err != nil {
			return err
		}
		g.inputs[real] = placed{set: s, show: g.show(p), real: real}
	}
	return nil
}

// isInput reports whether the file at p is an input of a catalog of the
// run: a file one reads (addInputs), or one that the glob of an @embed
// matches.
func (g *guard) isInput(p string) bool {
	abs, err := filepath.Abs(p)
	if err != nil {
		return true // unknown: as if it were
	}
	real, err := realPath(abs)
	if err != nil {
		return true
	}
	if _, ok := g.inputs[real]; ok {
		return true
	}
	for _, in := range g.patterns {
		if matchPath(in.pattern, abs) || matchPath(in.real, real) {
			return true
		}
	}
	return false
}

// realPattern returns the pattern p, absolute, with the directories
// before its first wildcard as their real path, when they exist: the
// files it matches are found there, whatever links lead to them.
func realPattern(p string) string {
	dir, rest := p, ""
	for strings.ContainsAny(dir, `*?[\`) {
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return p
	}
	return filepath.Join(real, rest)
}

// matchPath reports whether the path p matches the pattern, as
// filepath.Match has it and as CUE's @embed reads a glob: a name that
// starts with a dot matches only an element of the pattern that does
// too. A malformed pattern matches nothing.
func matchPath(pattern, p string) bool {
	if ok, err := filepath.Match(pattern, p); err != nil || !ok {
		return false
	}
	sep := string(filepath.Separator)
	pe, e := strings.Split(pattern, sep), strings.Split(p, sep)
	for i := range min(len(pe), len(e)) {
		if strings.HasPrefix(e[i], ".") && !strings.HasPrefix(pe[i], ".") {
			return false
		}
	}
	return true
}

// maxPath is the length of the longest absolute path errspec writes to,
// its backups and temporary files included (see longestPath): PATH_MAX
// on macOS, less its final NUL byte.
const maxPath = 1023

// show is a path as a message shows it: relative to the working
// directory when it can be, with forward slashes, its hidden characters
// escaped (textsafe.ShowPath).
func (g *guard) show(p string) string {
	return textsafe.ShowPath(relFrom(g.wd, p))
}

// Show returns the path p as errspec names a path to the user: Rel's,
// with the characters a reader cannot see, or that would break the line,
// escaped (textsafe.ShowPath), as a message shows it.
func Show(p string) string {
	return textsafe.ShowPath(Rel(p))
}

// Rel returns the path p relative to the working directory as the shell
// names it ($PWD), with slashes, as it is: for output that a program
// reads, such as JSON. The path of a change is absolute where the
// working directory is reached through a symbolic link (see [Base]), as
// on macOS, whose /tmp is one, or on CI runners that reach the checkout
// through one; shown, it reads as a run from anywhere else reads it.
func Rel(p string) string {
	wd, _ := os.Getwd()
	return relFrom(wd, p)
}

// relFrom returns p relative to wd, with slashes; as it is for a wd of "".
func relFrom(wd, p string) string {
	if abs, err := filepath.Abs(p); err == nil && wd != "" {
		if rel, err := filepath.Rel(wd, abs); err == nil {
			p = rel
		}
	}
	return filepath.ToSlash(p)
}

// reject records a place f of s cannot go.
func (g *guard) reject(s *Set, output []string, fix, format string, args ...any) {
	g.errs = append(g.errs, &OutputError{Catalog: s.Catalog, Dir: s.Dir, Output: output,
		Msg: fmt.Sprintf(format, args...), Fix: fix})
}

// describe names the output that writes p, as seen from set s.
func (p placed) describe(s *Set) string {
	out := strings.Join(p.output, ".")
	if p.set == s {
		return out
	}
	return fmt.Sprintf("%s of catalog %s (%s)", out, p.set.Catalog, filepath.ToSlash(cmp.Or(p.set.Dir, ".")))
}

// checkFile checks where f of s goes: inside the project root, through no
// link that leads elsewhere, onto nothing but a regular file, onto no
// input and no other output.
func (g *guard) checkFile(s *Set, root project, f File) error {
	p := clean(f.Path)
	show := g.show(p)
	abs, err := filepath.Abs(p)
	if err != nil {
		return err
	}
	if longestPath(abs) > maxPath {
		g.reject(s, f.Output, "shorten the output path",
			"%s is longer as an absolute path, with the name of the backup or temporary file errspec puts beside it, than file systems take (%d bytes on macOS, 4095 on Linux)", show, maxPath)
		return nil
	}
	rel, inside := within(root.abs, abs)
	if !inside {
		where := g.show(root.abs)
		if where == "." && root.marker != "" {
			where += " (the working directory)"
		}
		fix := "give a path that stays inside " + g.show(root.abs) + " (output paths are relative to the catalog's directory, " + g.show(cmp.Or(s.Dir, ".")) + ")"
		if root.marker == "" {
			fix += ", or run errspec in a directory that holds both the catalog and its outputs"
		}
		g.reject(s, f.Output, fix,
			"%s is outside %s, the %s", show, where, rootWhat(root.marker))
		return nil
	}
	if rel == "." {
		g.reject(s, f.Output, "change the output path",
			"%s is the root of the project, a directory, where errspec would write a file", show)
		return nil
	}
	q := root.abs
	elems := strings.Split(rel, string(filepath.Separator))
	for k, e := range elems {
		q = filepath.Join(q, e)
		last := k == len(elems)-1
		fi, err := os.Lstat(q)
		if errors.Is(err, fs.ErrNotExist) {
			break // errspec creates the rest
		}
		if err != nil {
			return lookupError(q, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(q)
			if last {
				g.reject(s, f.Output, "remove the link, or write the output to another path",
					"%s is a symbolic link (to %s); errspec writes a regular file and does not replace a link", show, target)
				return nil
			}
			realQ, err := filepath.EvalSymlinks(q)
			if err != nil {
				what := "which does not exist"
				if !errors.Is(err, fs.ErrNotExist) {
					what = "which cannot be followed (a loop of links?)"
				}
				g.reject(s, f.Output, "remove the link, or make it point at a directory inside the project",
					"%s is a symbolic link to %s, %s", g.show(q), target, what)
				return nil
			}
			if _, ok := within(root.real, realQ); !ok {
				g.reject(s, f.Output, "replace the link with a directory, or write the output inside "+g.show(root.abs),
					"%s is a symbolic link to %s, which leads outside %s, the %s", g.show(q), target, g.show(root.abs), rootWhat(root.marker))
				return nil
			}
			if fi, err = os.Stat(q); err != nil {
				return lookupError(q, err)
			}
		}
		switch {
		case !last && !fi.IsDir():
			kind := "file"
			if !fi.Mode().IsRegular() {
				kind = textsafe.FileKind(fi.Mode())
			}
			g.reject(s, f.Output, "move "+g.show(q)+" away, or change the output path",
				"%s is a %s, where %s needs a directory", g.show(q), kind, show)
			return nil
		case last && !fi.Mode().IsRegular():
			g.reject(s, f.Output, "move it away, or change the output path",
				"%s is a %s, where errspec would write a file", show, textsafe.FileKind(fi.Mode()))
			return nil
		}
	}

	real, err := realPath(abs)
	if err != nil {
		return err
	}
	if rel, ok := within(root.real, real); ok {
		for d, e := root.real, strings.Split(rel, string(filepath.Separator)); len(e) > 1; e = e[1:] {
			d = filepath.Join(d, e[0])
			if IsGitDir(e[0]) {
				g.reject(s, f.Output, "write the output outside "+g.show(d),
					"%s leads into %s, where the repository keeps its own data", show, g.show(d))
				return nil
			}
		}
	}
	if in, ok := g.inputs[real]; ok {
		of := "catalog " + in.set.Catalog
		if in.set == s {
			of = "this catalog"
		}
		g.reject(s, f.Output, "change the output path",
			"%s is %s, an input of %s; errspec never overwrites what it reads", show, in.show, of)
		return nil
	}
	for _, in := range g.patterns {
		if matchPath(in.pattern, abs) || matchPath(in.real, real) {
			of := "catalog " + in.set.Catalog
			if in.set == s {
				of = "this catalog"
			}
			g.reject(s, f.Output, "change the output path, or the pattern",
				"%s matches %s, which %s embeds (@embed glob): the next run would read what this one writes; errspec never writes what it reads",
				show, g.show(in.pattern), of)
			return nil
		}
	}
	here := placed{set: s, output: f.Output, show: show, real: real}
	if prev, ok := g.files[real]; ok {
		g.reject(s, f.Output, "give each output a file of its own",
			"%s is also written by %s", show, prev.describe(s))
		return nil
	}
	g.files[real] = here
	folded := FoldPath(real)
	if prev, ok := g.folded[folded]; ok {
		how, fix := Alike(real, prev.real)
		g.reject(s, f.Output, fix, "%s and %s (%s) %s", show, prev.show, prev.describe(s), how)
		return nil
	}
	g.folded[folded] = here
	return nil
}

// lookupError is the error of a failure to look up the path q: a
// *ReadError of the directory that holds q when the run may not search
// it (no x permission, which a file in it needs to be read, checked or
// written), else of q.
func lookupError(q string, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return &ReadError{Path: filepath.Dir(q), Err: Cause(err), Search: true}
	}
	return &ReadError{Path: q, Err: Cause(err)}
}

// checkNesting rejects a file written where another output needs a
// directory.
func (g *guard) checkNesting() {
	var reals []string
	for r := range g.files {
		reals = append(reals, r)
	}
	slices.Sort(reals)
	for _, r := range reals {
		f := g.files[r]
		for d := filepath.Dir(r); d != filepath.Dir(d); d = filepath.Dir(d) {
			if outer, ok := g.files[d]; ok {
				g.reject(f.set, f.output, "give each output a path of its own",
					"%s would be written inside %s, which %s writes as a file", f.show, outer.show, outer.describe(f.set))
				break
			}
		}
	}
}

// checkNames rejects two catalogs of one name that write to the same
// directory: the notice, which names the catalog, is all that tells
// their files apart.
func (g *guard) checkNames(sets []Set) {
	dirs := make([]map[string]bool, len(sets))
	for i := range sets {
		dirs[i] = map[string]bool{}
		for _, d := range sets[i].Dirs {
			if real, err := realPath(clean(d.Path)); err == nil {
				dirs[i][real] = true
			}
		}
	}
	for _, f := range g.files {
		for i := range sets {
			if &sets[i] == f.set {
				dirs[i][filepath.Dir(f.real)] = true
			}
		}
	}
	for j := range sets {
		for i := range j {
			if sets[i].Catalog != sets[j].Catalog {
				continue
			}
			var shared []string
			for d := range dirs[j] {
				if dirs[i][d] {
					shared = append(shared, g.show(d))
				}
			}
			if len(shared) == 0 {
				continue
			}
			slices.Sort(shared)
			g.reject(&sets[j], []string{"name"}, "give each catalog a name of its own",
				"catalog %s (%s) has the name of the catalog in %s, and both write to %s: a generated file's notice names its catalog, so errspec could not tell their files apart",
				sets[j].Catalog, filepath.ToSlash(cmp.Or(sets[j].Dir, ".")), filepath.ToSlash(cmp.Or(sets[i].Dir, ".")), shared[0])
		}
	}
}

// IsGitDir reports whether a directory named e is, or may be, where a
// repository keeps its own data, as git itself protects it: .git in any
// case (one directory on macOS and Windows), and GIT~1, its short name
// on Windows.
func IsGitDir(e string) bool {
	return strings.EqualFold(e, ".git") || strings.EqualFold(e, "git~1")
}

// FoldPath returns p as the file systems of macOS and Windows compare
// names: without case, and, on macOS, without regard to how a letter is
// composed (é as one character, or as e and a combining accent, which
// APFS and HFS+ take for one name). Two paths with one FoldPath are one
// file there.
func FoldPath(p string) string {
	return norm.NFC.String(strings.ToLower(p))
}

// Alike says how two different paths with one FoldPath differ, and where
// they are one file (how), and what to do about an output at both (fix).
// Names composed otherwise look the same: how spells out, with escapes,
// the first element in which they differ by more than case.
func Alike(a, b string) (how, fix string) {
	if strings.EqualFold(a, b) {
		return "differ only in case: on macOS and Windows they are one file",
			"give each output a file of its own, not one that differs only in case"
	}
	ea, eb := strings.Split(filepath.ToSlash(a), "/"), strings.Split(filepath.ToSlash(b), "/")
	for i := range min(len(ea), len(eb)) {
		if strings.ToLower(ea[i]) != strings.ToLower(eb[i]) {
			a, b = ea[i], eb[i]
			break
		}
	}
	how = fmt.Sprintf("differ only in how their letters are composed (%+q and %+q: é as one character, or as e and a combining accent)", a, b)
	if norm.NFC.String(a) != norm.NFC.String(b) {
		how = "differ only in case and in" + strings.TrimPrefix(how, "differ only in")
	}
	return how + ": on macOS they are one file",
		"give each output a file of its own, not one whose name is another's composed otherwise"
}

// rootWhat says what a project root is.
func rootWhat(marker string) string {
	switch marker {
	case ".git":
		return "root of the repository"
	case "go.mod":
		return "root of the Go module"
	case "go.work":
		return "root of the Go workspace"
	case "cue.mod":
		return "root of the CUE module"
	}
	return "directory errspec runs in (no directory above the catalog holds .git, go.mod, go.work or cue.mod)"
}

// within reports whether p is root or below it, and p relative to root.
func within(root, p string) (string, bool) {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// realPath returns the absolute path of p with every symbolic link of the
// part that exists resolved.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for d := abs; ; {
		r, err := filepath.EvalSymlinks(d)
		if err == nil {
			slices.Reverse(rest)
			return filepath.Join(append([]string{r}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs, nil
		}
		rest = append(rest, filepath.Base(d))
		d = parent
	}
}
