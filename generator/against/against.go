// Package against finds an older version of catalogs to compare with: a
// directory, or a git revision of the repository at hand, whose catalog
// files it reads with git's plumbing into a temporary directory, never
// touching the work tree or the index.
package against

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/errspec/errspec/generator/load"
)

// Tree is an older version of a tree of catalogs, on disk.
type Tree struct {
	Ref string // as given
	Dir string // the older tree's directory: the directory given, or a temporary copy of the revision's files
	// Rev is the commit of a revision, or "" for a directory.
	Rev string

	base   string // the directory paths of the newer tree are relative to
	prefix string // a revision: base's path in the repository, with a final slash, or ""
	top    string // a revision: the top of the repository
	whole  bool   // a revision: every catalog file of it is in Dir
}

// NotFoundError is a ref that is neither a directory nor a revision.
type NotFoundError struct {
	Ref    string
	Reason string // why it is not a revision
	// How says how to get the revision, when the repository lacks it
	// for a reason that can be told: a clone without the branch, or too
	// shallow for the commit. "" when it cannot be told.
	How string
	// NoRepository is set when the directory the revision is read from
	// is in no git repository.
	NoRepository bool
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("%s is neither a directory nor a git revision: %s", e.Ref, e.Reason)
}

// Fix says how to get the revision, or what to give instead.
func (e *NotFoundError) Fix() string {
	if e.How != "" {
		return e.How
	}
	return "give --against a directory that holds the older version, or a git revision such as main, v1.2.0 or HEAD~1"
}

// ReadError is a revision whose files git did not give: a partial clone
// whose remote is out of reach, say, or a repository git cannot read.
type ReadError struct {
	Ref string
	Err error
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("reading %s from git: %v", e.Ref, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// Fix says what to look at.
func (e *ReadError) Fix() string {
	return "make git able to read " + e.Ref + " as its message says (a partial clone, git clone --filter, fetches the files from its remote, which must be reachable), or give --against a directory that holds the older version"
}

// TempDirError is the failure to make the temporary directory the files
// of a revision are copied into: TMPDIR names a directory that does not
// exist or that errspec may not write, as a CI job's or a container's
// environment can.
type TempDirError struct {
	Ref string
	Err error
}

func (e *TempDirError) Error() string {
	return fmt.Sprintf("reading %s from git needs a temporary directory, in %s: %v", e.Ref, os.TempDir(), e.Err)
}

func (e *TempDirError) Unwrap() error { return e.Err }

// Fix says how to give errspec a temporary directory.
func (e *TempDirError) Fix() string {
	return "set TMPDIR to a directory that exists and that you may write, or unset it for /tmp; or give --against a directory that holds the older version"
}

// readError is the error of reading ref's files from git: a
// SubmoduleError as it is (it says what to fetch), any other a ReadError.
func readError(ref string, err error) error {
	var sub *SubmoduleError
	if errors.As(err, &sub) {
		return fmt.Errorf("reading %s from git: %w", ref, err)
	}
	return &ReadError{ref, err}
}

// AmbiguousError is a ref that is both a directory and a revision, as
// v1 is in a repository with a tag v1 and a directory v1: git too makes
// it an error, rather than guess.
type AmbiguousError struct {
	Ref string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%s is both a directory and a git revision", e.Ref)
}

// Fix says how to name either.
func (e *AmbiguousError) Fix() string {
	return fmt.Sprintf("give --against ./%s for the directory, or %s^{commit} for the revision", e.Ref, e.Ref)
}

// SubmoduleError is a submodule whose repository in the work tree does
// not have the commit the revision records for it.
type SubmoduleError struct {
	Path    string // the submodule's path in the repository
	Commit  string
	Shallow bool // the submodule's repository is a shallow clone
}

func (e *SubmoduleError) Error() string {
	return fmt.Sprintf("the submodule %s is at commit %s, which its repository in the work tree does not have", e.Path, e.Commit)
}

// Fix says how to get the commit.
func (e *SubmoduleError) Fix() string {
	// git submodule update would fetch the commit the work tree records,
	// which the submodule has: the commit is fetched by its name, which
	// a shallow clone's fetch of a branch would not reach.
	depth := depthFlag(e.Shallow)
	return "fetch it into the submodule: git -C " + e.Path + " fetch " + depth + "origin " + e.Commit + "; or give a revision whose commit of the submodule it has"
}

// Open finds ref, relative to base unless it is an absolute path: a
// directory, when one of that name exists (an AmbiguousError when ref
// names a revision too); otherwise a git revision (a branch, a tag, HEAD~1, a commit)
// of the repository that holds base, whose files under paths (each
// relative to base, "." for all of it) it copies into a temporary
// directory: the .cue files, and those of the cue.mod directories above
// them. Close removes the copy. A file that names no revision is a
// NotFoundError whose fix names its directory.
func Open(base, ref string, paths []string) (*Tree, error) {
	if ref == "" {
		return nil, errors.New("the older version is empty: name a directory or a git revision")
	}
	dir := ref
	if !filepath.IsAbs(ref) {
		dir = filepath.Join(base, ref)
	}
	st, statErr := os.Stat(dir)
	if statErr == nil && st.IsDir() {
		if !filepath.IsAbs(ref) && !strings.HasPrefix(ref, "-") {
			if _, err := gitLine(base, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err == nil {
				return nil, &AmbiguousError{ref}
			}
		}
		return &Tree{Ref: ref, Dir: dir, base: base}, nil
	}
	if strings.HasPrefix(ref, "-") {
		return nil, &NotFoundError{Ref: ref, Reason: "a revision does not start with -"}
	}
	if statErr == nil && !filepath.IsAbs(ref) {
		if _, err := gitLine(base, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err != nil {
			return nil, fileRef(ref)
		}
	} else if statErr == nil {
		return nil, fileRef(ref)
	}
	top, err := gitLine(base, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, notRepository(base, ref, err)
	}
	// The object is peeled to its commit once it is found: ^{commit}
	// after the ref would be read as part of it by a revision such as
	// :/message, which takes the rest of its text.
	object, err := gitLine(base, "rev-parse", "--verify", "--quiet", "--end-of-options", ref)
	if err == nil {
		// rev-parse takes a full object name as it is, whether the
		// repository has the object or not.
		_, err = git(base, nil, "cat-file", "-e", object)
	}
	if err != nil {
		return nil, missing(base, top, ref)
	}
	commit, err := gitLine(base, "rev-parse", "--verify", "--quiet", object+"^{commit}")
	if err != nil {
		nf := &NotFoundError{Ref: ref, Reason: "no directory of that name, and the revision names no commit (a tree or a file of one): give a commit, a branch or a tag"}
		if rev, p, ok := strings.Cut(ref, ":"); ok && rev != "" && p != "" {
			// HEAD:spec: the commit, and the catalogs by their directories.
			nf.How = fmt.Sprintf("give --against %s, the commit, and name the catalogs by their directories as arguments, as errspec breaking --against %s %s/...", rev, rev, strings.TrimSuffix(p, "/"))
		}
		return nil, nf
	}
	prefix, err := gitLine(base, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "errspec-against-")
	if err != nil {
		return nil, &TempDirError{Ref: ref, Err: err}
	}
	t := &Tree{Ref: ref, Dir: tmp, Rev: commit, base: base, prefix: prefix, top: top}
	if err := t.export(paths); err != nil {
		t.Close()
		return nil, readError(ref, err)
	}
	return t, nil
}

// TopLevel returns the top directory of the git repository that holds
// dir, or "" when none does or git cannot tell.
func TopLevel(dir string) string {
	top, err := gitLine(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return ""
	}
	return top
}

// fileRef is the NotFoundError of ref, a file that names no revision: a
// catalog's file, given where its directory was meant.
func fileRef(ref string) *NotFoundError {
	return &NotFoundError{Ref: ref, Reason: "it is a file, and the older version is the directory of its catalog's files",
		How: "give --against the directory that holds the file: --against " + filepath.Dir(ref)}
}

// notRepository is the NotFoundError of ref when git finds no repository
// that holds base: none does, or git refuses the one that does, which
// another user owns (a CI job's checkout, made by another user than the
// job's container runs as: git's "dubious ownership"), or git cannot run.
// The fix is git's own, where it gives one.
func notRepository(base, ref string, err error) *NotFoundError {
	msg := err.Error()
	if strings.Contains(msg, "not a git repository") {
		return &NotFoundError{Ref: ref, Reason: "no directory of that name, and " + base + " is not in a git repository", NoRepository: true}
	}
	first, rest, _ := strings.Cut(msg, "\n")
	nf := &NotFoundError{Ref: ref, Reason: "no directory of that name, and git could not read the repository that holds " + base + ": " + strings.TrimSpace(first)}
	for _, line := range strings.Split(rest, "\n") {
		if line = strings.TrimSpace(line); strings.Contains(line, "safe.directory") {
			nf.How = "let git read the repository, which another user owns (as a CI job's checkout can be): " + line + ", or run errspec as the repository's owner"
		}
	}
	return nf
}

// missing tells why the repository at top lacks the revision ref, as
// far as it can be told, and how to get it. A CI checkout has one
// commit, or a few: actions/checkout fetches only the commit it builds,
// and git clone --depth 1 only the branch it checks out, so a branch of
// a remote (origin/main) is not there, and neither is a commit older
// than the clone's depth (HEAD~1). A missing revision is never taken for
// one before the catalogs: that would make every change a new catalog's.
func missing(base, top, ref string) *NotFoundError {
	const checkout = "; with actions/checkout, set fetch-depth: 0 to fetch the whole history"
	nf := &NotFoundError{Ref: ref, Reason: "no directory of that name, and no such revision in the repository at " + top}
	name := strings.TrimPrefix(strings.TrimPrefix(ref, "refs/"), "remotes/")
	if i := strings.IndexAny(name, "~^@:"); i >= 0 {
		name = name[:i] // the branch of origin/main~1
	}
	remotes, _ := gitLine(base, "remote")
	if hex(ref) {
		// A commit named by its full object name, as CI gives the base of
		// a pull request: fetched by it from the remote.
		remote := "origin"
		if r := strings.Fields(remotes); len(r) == 1 {
			remote = r[0]
		}
		depth := depthFlag(shallow(base))
		nf.Reason = fmt.Sprintf("no directory of that name, and the repository at %s does not have the commit %s", top, ref)
		nf.How = fmt.Sprintf("fetch the commit before errspec breaking: git fetch %s%s %s%s", depth, remote, ref, checkout)
		return nf
	}
	for _, remote := range strings.Fields(remotes) {
		branch, ok := strings.CutPrefix(name, remote+"/")
		if !ok || branch == "" {
			continue
		}
		tracking := "refs/remotes/" + remote + "/" + branch
		if _, err := gitLine(base, "rev-parse", "--verify", "--quiet", tracking); err == nil {
			break // the branch is there: its commit ref names is not
		}
		nf.Reason = fmt.Sprintf("no directory of that name, and the clone at %s has not fetched the branch %s of %s (a clone of one branch, or a CI checkout, fetches only what it checks out)", top, branch, remote)
		depth := depthFlag(shallow(base))
		nf.How = fmt.Sprintf("fetch the branch before errspec breaking: git fetch %s%s +refs/heads/%s:%s (git fetch %s %s alone does not make %s/%s in a clone of one branch)%s",
			depth, remote, branch, tracking, remote, branch, remote, branch, checkout)
		return nf
	}
	abbrev := strings.Trim(ref, "0123456789abcdefABCDEF") == "" // a commit's abbreviated name, perhaps
	if r := strings.Fields(remotes); len(r) == 1 && name == ref && !strings.Contains(ref, "/") && ref != "HEAD" && !abbrev {
		// main in a CI checkout, which makes no local branch: the
		// branch of the remote is origin/main.
		if _, err := gitLine(base, "check-ref-format", "--branch", ref); err == nil {
			remote, tracking := r[0], "refs/remotes/"+r[0]+"/"+ref
			nf.Reason = fmt.Sprintf("no directory of that name, and the clone at %s has no branch or tag %s (a CI checkout makes no local branch)", top, ref)
			nf.How = fmt.Sprintf("if %s is a branch of %s, give --against %s/%s", ref, remote, remote, ref)
			if _, err := gitLine(base, "rev-parse", "--verify", "--quiet", tracking); err != nil {
				depth := depthFlag(shallow(base))
				nf.How += fmt.Sprintf(", fetched first: git fetch %s%s +refs/heads/%s:%s%s", depth, remote, ref, tracking, checkout)
			}
			return nf
		}
	}
	if len(strings.Fields(remotes)) == 0 && name == ref && ref != "HEAD" && !abbrev && !shallow(base) {
		// A repository of its own, whose branch is not named main (git
		// init's master, say): the names it has.
		if out, err := git(base, nil, "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags"); err == nil {
			if names := strings.Fields(string(out)); len(names) > 0 {
				const most = 10
				more := ""
				if len(names) > most {
					more = fmt.Sprintf(", and %d more", len(names)-most)
					names = names[:most]
				}
				nf.How = "give --against a branch or tag the repository has: " + strings.Join(names, ", ") + more + "; or a commit, such as HEAD~1"
				return nf
			}
		}
	}
	if shallow(base) {
		nf.Reason += ", a shallow clone: the commit may be older than those it has"
		nf.How = "fetch more of the history before errspec breaking: git fetch --deepen=N for N more commits, or git fetch --unshallow" + checkout
	}
	return nf
}

// hex reports whether ref is a full object name: 40 hexadecimal digits
// (SHA-1), or 64 (SHA-256).
func hex(ref string) bool {
	return (len(ref) == 40 || len(ref) == 64) && strings.Trim(ref, "0123456789abcdefABCDEF") == ""
}

// depthFlag is the flag of a fetch in a repository that is a shallow
// clone, or not: there, a fetch takes the commit it names, not its
// history, as the clone did.
func depthFlag(shallow bool) string {
	if shallow {
		return "--depth=1 "
	}
	return ""
}

// shallow reports whether the repository that holds dir is a shallow
// clone, which lacks the commits older than its depth.
func shallow(dir string) bool {
	out, err := gitLine(dir, "rev-parse", "--is-shallow-repository")
	return err == nil && out == "true"
}

// Close removes the copy of a revision's files.
func (t *Tree) Close() error {
	if t.Rev == "" {
		return nil
	}
	return os.RemoveAll(t.Dir)
}

// Whole makes every catalog file of the older tree available and returns
// its top: the directory given, or the top of the revision's repository,
// whose files Open copied only under the paths it was given.
func (t *Tree) Whole() (string, error) {
	if t.Rev != "" && !t.whole {
		if err := t.export([]string{"/"}); err != nil {
			return "", readError(t.Ref, err)
		}
		t.whole = true
	}
	return t.Dir, nil
}

// Path returns where the older tree has the path rel, given relative to
// the base of the newer tree.
func (t *Tree) Path(rel string) string {
	if t.Rev == "" {
		return filepath.Join(t.Dir, rel)
	}
	return filepath.Join(t.Dir, filepath.FromSlash(t.prefix), rel)
}

// Unchecked reports whether dir, a directory of the older tree, is left
// out of the work tree of a sparse checkout: the index marks its files
// skip-worktree. Its newer version is not in the work tree, and not gone.
func (t *Tree) Unchecked(dir string) bool {
	if t.Rev == "" {
		return false
	}
	rel, err := filepath.Rel(t.Dir, dir)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return false
	}
	list, err := git(t.top, nil, "ls-files", "-t", "-z", "--", ":(top,literal)"+filepath.ToSlash(rel)+"/")
	if err != nil {
		return false
	}
	for _, entry := range strings.Split(string(list), "\x00") {
		if strings.HasPrefix(entry, "S ") {
			return true
		}
	}
	return false
}

// Display returns how to show a file of the older tree, as a position
// names it (relative to the working directory, or absolute): a file of a
// revision as REF:path, its path in the repository, as git names it; a
// file of a directory as it is.
func (t *Tree) Display(file string) string {
	if t.Rev == "" || file == "" {
		return file
	}
	abs := file
	if !filepath.IsAbs(abs) {
		wd, err := os.Getwd()
		if err != nil {
			return file
		}
		abs = filepath.Join(wd, file)
	}
	rel, err := filepath.Rel(t.Dir, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return file
	}
	return t.Ref + ":" + filepath.ToSlash(rel)
}

// export copies the files of the revision that a catalog under paths
// (relative to base, or "/" for the whole repository) needs into t.Dir,
// at their paths in the repository: those below the paths, and, for a
// path in a CUE module, those of the whole module, since a package of a
// module takes the files of its package in the directories above it, up
// to the module's root, and may import any package of the module. A
// symbolic link is copied as a link, and what it points to in the
// revision with it, as the work tree has them; one that points out of the
// repository points to its target in the work tree, the same file.
func (t *Tree) export(paths []string) error {
	rels := make([]string, 0, len(paths))
	for _, p := range paths {
		rel := path.Clean(t.prefix + filepath.ToSlash(p))
		if p == "/" {
			rel = "."
		}
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return fmt.Errorf("%s is outside the repository", p)
		}
		rels = append(rels, rel)
	}
	return revision{t.top, t.Rev, t.Dir}.export(rels)
}

// revision is a commit of a repository whose files export copies into
// dir: the repository at hand, or a submodule of it.
type revision struct {
	top string // the top of the repository's work tree
	rev string // the commit
	dir string // where its files go
}

// export copies the files of the revision that a catalog under rels
// (paths of the repository) needs, as Tree.export does. The files of a
// submodule are those of the commit the revision records for it, read
// from the submodule's repository in the work tree: a submodule that is
// not there has no files in the work tree either.
func (r revision) export(rels []string) error {
	subs, err := r.submodules()
	if err != nil {
		return err
	}
	var done []string // the paths copied
	for len(rels) > 0 {
		if rels, err = r.moduleRoots(rels); err != nil {
			return err
		}
		for _, dir := range slices.Sorted(maps.Keys(subs)) {
			var in []string // the paths in the submodule
			for _, rel := range rels {
				if within(rel, dir) {
					in = append(in, path.Clean("."+strings.TrimPrefix(rel, dir)))
				} else if within(dir, rel) {
					in = append(in, ".")
				}
			}
			commit := subs[dir]
			sub := revision{filepath.Join(r.top, filepath.FromSlash(dir)), commit, filepath.Join(r.dir, filepath.FromSlash(dir))}
			if _, err := os.Lstat(filepath.Join(sub.top, ".git")); len(in) == 0 || err != nil {
				continue
			}
			if _, err := git(sub.top, nil, "cat-file", "-e", commit+"^{commit}"); err != nil {
				return &SubmoduleError{Path: dir, Commit: commit, Shallow: shallow(sub.top)}
			}
			if err := sub.export(in); err != nil {
				return fmt.Errorf("submodule %s at %s: %w", dir, commit, err)
			}
		}
		targets, err := r.copy(rels)
		if err != nil {
			return err
		}
		done = append(done, rels...)
		rels = slices.DeleteFunc(targets, func(target string) bool {
			return slices.ContainsFunc(done, func(rel string) bool { return within(target, rel) })
		})
	}
	return nil
}

// submodules returns the commit the revision records for each of its
// submodules, by its path.
func (r revision) submodules() (map[string]string, error) {
	paths, err := git(r.top, nil, "config", "-z", "--blob", r.rev+":.gitmodules", "--get-regexp", `^submodule\..*\.path$`)
	if err != nil {
		return nil, nil // no .gitmodules, or none in it
	}
	args := []string{"ls-tree", "-z", "--full-tree", r.rev, "--"}
	for _, entry := range strings.Split(string(paths), "\x00") {
		if _, p, ok := strings.Cut(entry, "\n"); ok {
			args = append(args, ":(top,literal)"+p)
		}
	}
	list, err := git(r.top, nil, args...)
	if err != nil {
		return nil, err
	}
	subs := map[string]string{}
	for _, entry := range strings.Split(string(list), "\x00") {
		meta, name, _ := strings.Cut(entry, "\t")
		if f := strings.Fields(meta); len(f) == 3 && f[1] == "commit" {
			subs[name] = f[2]
		}
	}
	return subs, nil
}

// within reports whether the path p of the repository is rel or below it.
func within(p, rel string) bool {
	return rel == "." || p == rel || strings.HasPrefix(p, rel+"/")
}

// copy copies the catalog files and the symbolic links of the revision
// below rels into r.dir, and the files their @embed attributes name, and
// returns the paths in the revision that the links point to.
func (r revision) copy(rels []string) (targets []string, err error) {
	specs := make([]string, len(rels))
	for i, rel := range rels {
		specs[i] = ":(top,literal)" + rel
		if rel == "." {
			specs[i] = ":(top)" // the whole tree: git matches no file with "."
		}
	}
	catalog := func(name string, link bool) bool {
		return link || strings.HasSuffix(name, ".cue") || strings.Contains("/"+name, "/cue.mod/")
	}
	return r.write(specs, catalog, true)
}

// write copies the files of the revision that the pathspecs match and
// keep keeps into r.dir, and, with embeds, then the files their @embed
// attributes name. It returns the paths in the revision that the links
// point to.
func (r revision) write(specs []string, keep func(name string, link bool) bool, embeds bool) (targets []string, err error) {
	args := append([]string{"ls-tree", "-r", "-z", "--full-tree", r.rev, "--"}, specs...)
	list, err := git(r.top, nil, args...)
	if err != nil {
		return nil, err
	}
	var objects bytes.Buffer
	var names, oids []string
	links := map[string]bool{}
	for _, entry := range strings.Split(string(list), "\x00") {
		meta, name, ok := strings.Cut(entry, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[1] != "blob" {
			continue // not a file
		}
		if keep(name, f[0] == "120000") {
			objects.WriteString(f[2] + "\n")
			names = append(names, name)
			oids = append(oids, f[2])
			links[name] = f[0] == "120000"
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	out, err := git(r.top, &objects, "cat-file", "--batch")
	if err != nil {
		return nil, err
	}
	var embedded []load.Embed // what @embed attributes name, by their paths in the revision
	// Each object is a line "OBJECT blob SIZE", its bytes and a newline.
	filtered, err := r.filtered(names, links)
	if err != nil {
		return nil, err
	}
	for i, name := range names {
		header, rest, _ := bytes.Cut(out, []byte("\n"))
		f := strings.Fields(string(header))
		size := -1
		if len(f) == 3 && f[1] == "blob" {
			size, _ = strconv.Atoi(f[2])
		}
		if size < 0 || size+1 > len(rest) {
			return nil, fmt.Errorf("git cat-file gave %q for %s", header, name)
		}
		data := rest[:size]
		out = rest[size+1:]
		if filtered[name] {
			// As a checkout has it: a Git LFS pointer's file, say.
			if data, err = git(r.top, nil, "cat-file", "--filters", "--path="+name, oids[i]); err != nil {
				return nil, err
			}
		}
		dst := filepath.Join(r.dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if !links[name] {
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				return nil, err
			}
			if embeds && strings.HasSuffix(name, ".cue") && bytes.Contains(data, []byte("@embed(")) {
				for _, e := range load.Embeds(dst, data) {
					e.Name = path.Join(path.Dir(name), e.Name)
					if e.Name != ".." && !strings.HasPrefix(e.Name, "../") { // CUE rejects what is out of the repository
						embedded = append(embedded, e)
					}
				}
			}
			continue
		}
		link := string(data)
		switch target := path.Join(path.Dir(name), link); {
		case filepath.IsAbs(link):
		case target == ".." || strings.HasPrefix(target, "../"):
			link = filepath.Join(r.top, filepath.FromSlash(target))
		default:
			targets = append(targets, target)
		}
		os.Remove(dst) // a link copied before, by an earlier call
		if err := os.Symlink(link, dst); err != nil {
			return nil, err
		}
	}
	if len(embedded) > 0 {
		// git's ls-tree takes no glob pathspec: a pattern's files are
		// listed from its directory, the part of it without a wildcard.
		specs := make([]string, len(embedded))
		for i, e := range embedded {
			dir := e.Name
			for e.Glob && strings.ContainsAny(dir, `*?[\`) {
				dir = path.Dir(dir)
			}
			specs[i] = ":(top,literal)" + dir
			if dir == "." {
				specs[i] = ":(top)"
			}
		}
		named := func(name string, _ bool) bool {
			return slices.ContainsFunc(embedded, func(e load.Embed) bool {
				ok, _ := path.Match(e.Name, name)
				return name == e.Name || e.Glob && ok
			})
		}
		more, err := r.write(specs, named, false)
		if err != nil {
			return nil, err
		}
		targets = append(targets, more...)
	}
	return targets, nil
}

// filtered returns the files of names, but links, that a filter of the
// repository's attributes (filter=lfs, say) turns into other bytes in the
// work tree than git stores: those read from git must go through it too.
func (r revision) filtered(names []string, links map[string]bool) (map[string]bool, error) {
	var in bytes.Buffer
	for _, name := range names {
		if !links[name] {
			in.WriteString(name + "\x00")
		}
	}
	if in.Len() == 0 {
		return nil, nil
	}
	out, err := git(r.top, &in, "check-attr", "-z", "--stdin", "filter")
	if err != nil {
		return nil, err
	}
	filtered := map[string]bool{}
	f := strings.Split(string(out), "\x00") // path, attribute, value, ...
	for i := 0; i+2 < len(f); i += 3 {
		if v := f[i+2]; v != "unspecified" && v != "unset" && v != "set" {
			filtered[f[i]] = true
		}
	}
	return filtered, nil
}

// moduleRoots returns rels, each directory of the revision (relative to
// the top of the repository) that is in a CUE module replaced by the
// module's root: the innermost directory at or above it with a cue.mod.
func (r revision) moduleRoots(rels []string) ([]string, error) {
	args := []string{"ls-tree", "-r", "-z", "--name-only", "--full-tree", r.rev, "--"}
	for _, rel := range rels {
		for dir := rel; ; dir = path.Dir(dir) {
			args = append(args, ":(top,literal)"+path.Join(dir, "cue.mod"))
			if dir == "." {
				break
			}
		}
	}
	list, err := git(r.top, nil, args...)
	if err != nil {
		return nil, err
	}
	roots := map[string]bool{}
	for _, name := range strings.Split(string(list), "\x00") {
		if dir, _, ok := strings.Cut("/"+name, "/cue.mod/"); ok {
			roots[path.Clean("."+dir)] = true
		}
	}
	out := make([]string, len(rels))
	for i, rel := range rels {
		out[i] = rel
		for dir := rel; ; dir = path.Dir(dir) {
			if roots[dir] {
				out[i] = dir
				break
			}
			if dir == "." {
				break
			}
		}
	}
	return out, nil
}

// git runs git in dir, with stdin, and returns what it prints.
func git(dir string, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"--no-optional-locks"}, args...)...)
	cmd.Dir = dir
	// git's messages in English, whatever the user's locale: errspec reads
	// some of them (not a git repository, dubious ownership) and quotes
	// them in its own English ones.
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[0], msg)
		}
		return nil, fmt.Errorf("git %s: %w", args[0], err)
	}
	return stdout.Bytes(), nil
}

// gitLine runs git in dir and returns the line it prints.
func gitLine(dir string, args ...string) (string, error) {
	out, err := git(dir, nil, args...)
	return strings.TrimRight(string(out), "\n"), err
}
