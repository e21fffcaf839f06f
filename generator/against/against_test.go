package against

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errspec/errspec/internal/gittest"
)

func TestDirectory(t *testing.T) {
	base := t.TempDir()
	gittest.Write(t, base, map[string]string{"old/spec/catalog.cue": "package x\n"})
	tree, err := Open(base, "old", []string{"spec"})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if tree.Rev != "" || tree.Dir != filepath.Join(base, "old") {
		t.Errorf("Open of a directory: %+v", tree)
	}
	if got, want := tree.Path("spec"), filepath.Join(base, "old", "spec"); got != want {
		t.Errorf("Path = %s, want %s", got, want)
	}
	if got := tree.Display("old/spec/catalog.cue"); got != "old/spec/catalog.cue" {
		t.Errorf("Display = %s, want the file as it is", got)
	}
}

// TestAbsoluteDirectory opens a directory given by its absolute path,
// which is not below base.
func TestAbsoluteDirectory(t *testing.T) {
	old := t.TempDir()
	gittest.Write(t, old, map[string]string{"spec/catalog.cue": "package x\n"})
	tree, err := Open(t.TempDir(), old, []string{"spec"})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if tree.Rev != "" || tree.Dir != old {
		t.Errorf("Open of an absolute directory: %+v", tree)
	}
	if got, want := tree.Path("spec"), filepath.Join(old, "spec"); got != want {
		t.Errorf("Path = %s, want %s", got, want)
	}
}

// TestRevision reads a revision of a catalog below the working directory
// of a subdirectory, and checks that the work tree and the index are as
// they were.
func TestRevision(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{
		"app/cue.mod/module.cue":    "module: \"example.com/x\"\n",
		"app/spec/orders/codes.cue": "package orders\n// v1\n",
		"app/spec/orders/notes.txt": "not CUE\n",
		"app/spec/billing/a.cue":    "package billing\n",
		"app/other/b.cue":           "package other\n",
		"elsewhere/c.cue":           "package c\n",
	}, "v1")
	gittest.Git(t, repo, "tag", "v1.0.0")
	gittest.Commit(t, repo, map[string]string{"app/spec/orders/codes.cue": "package orders\n// v2\n"}, "v2")
	gittest.Write(t, repo, map[string]string{"app/spec/orders/codes.cue": "package orders\n// work tree\n"})
	status := gittest.Git(t, repo, "status", "--porcelain")
	index, err := os.ReadFile(filepath.Join(repo, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}

	app := filepath.Join(repo, "app")
	t.Chdir(app)
	tree, err := Open(".", "v1.0.0", []string{"spec"})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(tree.Dir, filepath.FromSlash(rel)))
		if err != nil {
			return ""
		}
		return string(data)
	}
	for rel, want := range map[string]string{
		"app/spec/orders/codes.cue": "package orders\n// v1\n",
		"app/spec/billing/a.cue":    "package billing\n",
		"app/cue.mod/module.cue":    "module: \"example.com/x\"\n",
		"app/spec/orders/notes.txt": "",                // not a catalog's file
		"app/other/b.cue":           "package other\n", // in the module
		"elsewhere/c.cue":           "",                // outside it
	} {
		if got := read(rel); got != want {
			t.Errorf("%s: %q, want %q", rel, got, want)
		}
	}
	if got, want := tree.Path("spec/orders"), filepath.Join(tree.Dir, "app", "spec", "orders"); got != want {
		t.Errorf("Path = %s, want %s", got, want)
	}
	file := filepath.Join(tree.Dir, "app", "spec", "orders", "codes.cue")
	if got := tree.Display(file); got != "v1.0.0:app/spec/orders/codes.cue" {
		t.Errorf("Display = %s", got)
	}
	if got := gittest.Git(t, repo, "status", "--porcelain"); got != status {
		t.Errorf("the work tree changed: %q, was %q", got, status)
	}
	if after, _ := os.ReadFile(filepath.Join(repo, ".git", "index")); string(after) != string(index) {
		t.Error("the index changed")
	}
	dir := tree.Dir
	if err := tree.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Close left %s", dir)
	}
}

// TestRevisionModule reads the whole CUE module of a path of a revision,
// since its package takes files of the same package from the directories
// above it and imports other packages of the module; a path outside any
// module gets its own files only.
func TestRevisionModule(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{
		"mod/cue.mod/module.cue":       "module: \"example.com/x@v0\"\n",
		"mod/spec/version.cue":         "package shop\n",
		"mod/spec/shop/catalog.cue":    "package shop\nimport \"example.com/x/common\"\n",
		"mod/common/common.cue":        "package common\n",
		"mod/inner/cue.mod/module.cue": "module: \"example.com/inner@v0\"\n",
		"mod/inner/spec/a.cue":         "package a\n",
		"mod/inner/b.cue":              "package a\n",
		"plain/spec/c.cue":             "package c\n",
		"plain/d.cue":                  "package c\n",
	}, "v1")
	for _, tc := range []struct {
		paths []string
		files map[string]bool
	}{
		{[]string{"mod/spec/shop"}, map[string]bool{
			"mod/spec/version.cue": true, "mod/common/common.cue": true, "mod/cue.mod/module.cue": true, "mod/inner/b.cue": true, "plain/d.cue": false}},
		{[]string{"mod/inner/spec"}, map[string]bool{
			"mod/inner/b.cue": true, "mod/inner/cue.mod/module.cue": true, "mod/common/common.cue": false}},
		{[]string{"plain/spec", "mod/common"}, map[string]bool{
			"plain/spec/c.cue": true, "plain/d.cue": false, "mod/spec/shop/catalog.cue": true}},
	} {
		tree, err := Open(repo, "HEAD", tc.paths)
		if err != nil {
			t.Fatal(err)
		}
		for rel, want := range tc.files {
			_, err := os.Stat(filepath.Join(tree.Dir, filepath.FromSlash(rel)))
			if got := err == nil; got != want {
				t.Errorf("Open of %v: %s copied: %t, want %t", tc.paths, rel, got, want)
			}
		}
		tree.Close()
	}
}

// TestRevisionEmbeds checks that the files a catalog file of the
// revision embeds (@embed, by file= or glob=) are copied with it, and
// no other file that is not a catalog file.
func TestRevisionEmbeds(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{
		"cue.mod/module.cue": "module: \"example.com/x@v0\"\n",
		"spec/shop/catalog.cue": "@extern(embed)\n\npackage shop\n\n" +
			"_intro: _ @embed(file=intro.md, type=text)\n_codes: _ @embed(glob=\"codes/*.json\")\n",
		"spec/shop/intro.md":        "Intro\n",
		"spec/shop/codes/a.json":    "{}\n",
		"spec/shop/codes/b.json":    "{}\n",
		"spec/shop/codes/notes.txt": "not embedded\n",
		"spec/shop/README.md":       "not embedded\n",
		"spec/other/intro.md":       "not embedded\n",
	}, "v1")
	tree, err := Open(repo, "HEAD", []string{"spec/shop"})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	for rel, want := range map[string]bool{
		"spec/shop/intro.md": true, "spec/shop/codes/a.json": true, "spec/shop/codes/b.json": true,
		"spec/shop/codes/notes.txt": false, "spec/shop/README.md": false, "spec/other/intro.md": false,
	} {
		_, err := os.Stat(filepath.Join(tree.Dir, filepath.FromSlash(rel)))
		if got := err == nil; got != want {
			t.Errorf("%s copied: %t, want %t", rel, got, want)
		}
	}
}

// TestRevisionFiltered checks that a catalog file that a filter of the
// repository's attributes stores as other bytes (a Git LFS pointer, say)
// is read as a checkout has it: here rot13, its own inverse.
func TestRevisionFiltered(t *testing.T) {
	if _, err := exec.LookPath("tr"); err != nil {
		t.Skip("tr is not installed")
	}
	repo := gittest.Repo(t)
	gittest.Git(t, repo, "config", "filter.rot13.clean", "tr A-Za-z N-ZA-Mn-za-m")
	gittest.Git(t, repo, "config", "filter.rot13.smudge", "tr A-Za-z N-ZA-Mn-za-m")
	gittest.Commit(t, repo, map[string]string{".gitattributes": "*.cue filter=rot13\n", "a.cue": "package a\n"}, "v1")
	if stored := gittest.Git(t, repo, "cat-file", "blob", "HEAD:a.cue"); stored != "cnpxntr n\n" {
		t.Fatalf("git stores %q", stored)
	}
	tree, err := Open(repo, "HEAD", []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if data, err := os.ReadFile(filepath.Join(tree.Dir, "a.cue")); string(data) != "package a\n" {
		t.Errorf("a.cue of HEAD: %q, %v, want it as a checkout has it", data, err)
	}
}

// TestRevisionLinks copies the symbolic links of a revision as links,
// with what they point to in the revision; a link out of the repository
// points to its target in the work tree.
func TestRevisionLinks(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Write(t, repo, map[string]string{"shared/cats.cue": "package shop\n// v1\n", "catalogs/orders/a.cue": "package orders\n// v1\n"})
	for link, target := range map[string]string{
		"spec/shop/cats.cue": "../../shared/cats.cue",
		"spec/orders":        "../catalogs/orders",
		"spec/shop/out.cue":  "../../../outside.cue",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, link)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(repo, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": "package shop\n"}, "v1")
	gittest.Write(t, repo, map[string]string{"shared/cats.cue": "package shop\n// work tree\n"})

	tree, err := Open(repo, "HEAD", []string{"spec"})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	for rel, want := range map[string]string{
		"spec/shop/cats.cue":    "package shop\n// v1\n",
		"spec/orders/a.cue":     "package orders\n// v1\n",
		"spec/shop/catalog.cue": "package shop\n",
	} {
		if data, err := os.ReadFile(filepath.Join(tree.Dir, filepath.FromSlash(rel))); string(data) != want {
			t.Errorf("%s: %q (%v), want %q", rel, data, err, want)
		}
	}
	if got, _ := os.Readlink(filepath.Join(tree.Dir, "spec", "shop", "out.cue")); got != filepath.Join(filepath.Dir(repo), "outside.cue") {
		t.Errorf("the link out of the repository points to %s", got)
	}
	if _, err := tree.Whole(); err != nil {
		t.Errorf("Whole after Open: %v", err)
	}
}

// TestRevisionSubmodule reads the files of a submodule at the commit the
// revision records for it, from the submodule's repository, under a path
// in it or above it; a submodule whose repository lacks the commit is a
// SubmoduleError.
func TestRevisionSubmodule(t *testing.T) {
	repo := gittest.Repo(t)
	ext := filepath.Join(repo, "ext")
	if err := os.Mkdir(ext, 0o755); err != nil {
		t.Fatal(err)
	}
	gittest.Git(t, ext, "init", "-q")
	gittest.Commit(t, ext, map[string]string{"shop/catalog.cue": "package shop\n// v1\n"}, "v1")
	gittest.Commit(t, repo, map[string]string{".gitmodules": "[submodule \"ext\"]\n\tpath = ext\n\turl = ./ext\n", "a.cue": "package a\n"}, "with the submodule at v1")
	gittest.Commit(t, ext, map[string]string{"shop/catalog.cue": "package shop\n// v2\n"}, "v2")

	for _, paths := range [][]string{{"ext/shop"}, {"ext"}, {"."}} {
		tree, err := Open(repo, "HEAD", paths)
		if err != nil {
			t.Fatal(err)
		}
		if data, err := os.ReadFile(filepath.Join(tree.Dir, "ext", "shop", "catalog.cue")); string(data) != "package shop\n// v1\n" {
			t.Errorf("Open of %v: ext/shop/catalog.cue is %q (%v), want the submodule's v1", paths, data, err)
		}
		tree.Close()
	}

	gittest.Git(t, repo, "update-index", "--cacheinfo", "160000,1111111111111111111111111111111111111111,ext")
	gittest.Git(t, repo, "commit", "-q", "-m", "a commit of the submodule that is not there")
	_, err := Open(repo, "HEAD", []string{"ext/shop"})
	var sub *SubmoduleError
	if !errors.As(err, &sub) || sub.Path != "ext" {
		t.Errorf("Open of a commit the submodule lacks: %v, want a SubmoduleError of ext", err)
	}
	if fix := sub.Fix(); !strings.Contains(fix, "git -C ext fetch origin 1111111111111111111111111111111111111111") {
		t.Errorf("the fix of a commit the submodule lacks: %q, want it fetched by its name", fix)
	}
}

// TestRevisionShallowSubmodule checks that a commit of a submodule that a
// shallow clone of it lacks, as a CI checkout with --shallow-submodules
// has it, is fetched by its name, with --depth=1.
func TestRevisionShallowSubmodule(t *testing.T) {
	sub := gittest.Repo(t)
	gittest.Commit(t, sub, map[string]string{"shop/catalog.cue": "package shop\n// v1\n"}, "v1")
	old := strings.TrimSpace(gittest.Git(t, sub, "rev-parse", "HEAD"))
	gittest.Commit(t, sub, map[string]string{"shop/catalog.cue": "package shop\n// v2\n"}, "v2")
	repo := gittest.Repo(t)
	gittest.Git(t, repo, "-c", "protocol.file.allow=always", "clone", "-q", "--depth=1", "file://"+sub, "ext")
	gittest.Commit(t, repo, map[string]string{".gitmodules": "[submodule \"ext\"]\n\tpath = ext\n\turl = ./ext\n"}, "with the submodule at v2")
	gittest.Git(t, repo, "update-index", "--cacheinfo", "160000,"+old+",ext")
	gittest.Git(t, repo, "commit", "-q", "-m", "the submodule at v1")
	_, err := Open(repo, "HEAD", []string{"ext/shop"})
	var se *SubmoduleError
	if !errors.As(err, &se) || !strings.Contains(se.Fix(), "git -C ext fetch --depth=1 origin "+old) {
		t.Errorf("Open of a commit a shallow submodule lacks: %v, want a SubmoduleError whose fix fetches it with --depth=1", err)
	}
}

// TestWholeRevision reads every catalog file of a revision, from the top
// of the repository.
func TestWholeRevision(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"a.cue": "package a\n", "deep/b/c.cue": "package c\n", "deep/b/d.go": "package d\n"}, "one")
	tree, err := Open(repo, "HEAD", []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	for rel, want := range map[string]bool{"a.cue": true, "deep/b/c.cue": true, "deep/b/d.go": false} {
		_, err := os.Stat(filepath.Join(tree.Path("."), filepath.FromSlash(rel)))
		if got := err == nil; got != want {
			t.Errorf("%s copied: %t, want %t", rel, got, want)
		}
	}
}

// TestRevisionSearch checks that a revision that searches the commit
// messages, :/text, which takes the rest of the ref as its text, is read.
func TestRevisionSearch(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"a.cue": "package a\n// one\n"}, "first version")
	gittest.Commit(t, repo, map[string]string{"a.cue": "package a\n// two\n"}, "second version")
	tree, err := Open(repo, ":/first", []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if data, err := os.ReadFile(filepath.Join(tree.Dir, "a.cue")); err != nil || string(data) != "package a\n// one\n" {
		t.Errorf("a.cue of :/first: %q, %v", data, err)
	}
}

func TestNotFound(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"a.cue": "package a\n"}, "one")
	for _, tc := range []struct{ base, ref, reason string }{
		{repo, "v9.9.9", "no such revision"},
		{repo, "HEAD~5", "no such revision"},
		{repo, "-x", "does not start with -"},
		{repo, "HEAD:a.cue", "names no commit"},
		{repo, "HEAD:spec", "no such revision"},
		{repo, "HEAD^{tree}", "names no commit"},
		{t.TempDir(), "main", "not in a git repository"},
	} {
		_, err := Open(tc.base, tc.ref, []string{"."})
		var nf *NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("Open(%s): %v, want a NotFoundError saying %q", tc.ref, err, tc.reason)
		}
	}
}

// TestNotFoundBranchNames checks that a name a repository without
// remotes has no branch or tag of (main, where git init made master) is
// not found, with the names of the branches and tags it has, and that
// one of those, given as the fix says, is.
func TestNotFoundBranchNames(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"a.cue": "package a\n"}, "one")
	gittest.Git(t, repo, "branch", "-m", "main", "master")
	gittest.Git(t, repo, "tag", "v1.0.0")
	_, err := Open(repo, "main", []string{"."})
	var nf *NotFoundError
	const fix = "give --against a branch or tag the repository has: master, v1.0.0; or a commit, such as HEAD~1"
	if !errors.As(err, &nf) || !strings.Contains(nf.Reason, "no such revision") || nf.Fix() != fix {
		t.Fatalf("Open(main) where the branch is master: %v, fix %q, want a NotFoundError with the fix %q", err, nf.Fix(), fix)
	}
	tree, err := Open(repo, "master", []string{"."})
	if err != nil {
		t.Fatalf("Open(master), as the fix says: %v", err)
	}
	tree.Close()
}

// TestNotFoundInClone checks that a revision a CI checkout lacks, a
// branch of the remote that a clone of one branch did not fetch or a
// commit older than a shallow clone's depth, is not found, with how to
// fetch it.
func TestNotFoundInClone(t *testing.T) {
	origin := gittest.Repo(t)
	gittest.Commit(t, origin, map[string]string{"a.cue": "package a\n"}, "one")
	gittest.Git(t, origin, "checkout", "-q", "-b", "feature")
	gittest.Commit(t, origin, map[string]string{"a.cue": "package a\n// two\n"}, "two")
	clone := filepath.Join(t.TempDir(), "clone")
	gittest.Git(t, origin, "clone", "-q", "--depth=1", "--branch=feature", "file://"+origin, clone)
	for _, tc := range []struct{ ref, reason, fix string }{
		{"origin/main", "has not fetched the branch main of origin",
			"git fetch --depth=1 origin +refs/heads/main:refs/remotes/origin/main"},
		{"origin/main~1", "has not fetched the branch main of origin", "fetch-depth: 0"},
		{"HEAD~1", "a shallow clone", "git fetch --deepen=N"},
		{"origin/feature~1", "a shallow clone", "git fetch --unshallow"},
		{"main", "has no branch or tag main", "if main is a branch of origin, give --against origin/main, fetched first: git fetch --depth=1 origin +refs/heads/main:refs/remotes/origin/main"},
		{"abc1234", "a shallow clone", "git fetch --unshallow"},
	} {
		_, err := Open(clone, tc.ref, []string{"."})
		var nf *NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(nf.Reason, tc.reason) || !strings.Contains(nf.Fix(), tc.fix) {
			t.Errorf("Open(%s) in a shallow clone of one branch: %v, want a NotFoundError saying %q, with a fix saying %q", tc.ref, err, tc.reason, tc.fix)
		}
	}
	base := strings.TrimSpace(gittest.Git(t, origin, "rev-parse", "main"))
	_, err := Open(clone, base, []string{"."})
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(nf.Reason, "does not have the commit") || !strings.Contains(nf.Fix(), "git fetch --depth=1 origin "+base) {
		t.Errorf("Open of a commit the clone lacks, by its full name: %v, want a NotFoundError with a fix fetching it", err)
	}
	full := filepath.Join(t.TempDir(), "full")
	gittest.Git(t, origin, "clone", "-q", "--single-branch", "--branch=feature", "file://"+origin, full)
	_, err = Open(full, "origin/main", []string{"."})
	if !errors.As(err, &nf) || !strings.Contains(nf.Fix(), "git fetch origin +refs/heads/main:refs/remotes/origin/main") {
		t.Errorf("Open(origin/main) in a clone of one branch: %v, want a fix fetching the branch without --depth", err)
	}
	if _, err := Open(origin, "nosuch", []string{"."}); !errors.As(err, &nf) || strings.Contains(nf.Error(), "shallow") || strings.Contains(nf.How, "fetch") ||
		!strings.Contains(nf.How, "feature, main") {
		t.Errorf("Open(nosuch) in a whole repository: %v, fix %q, want no word of a shallow clone or a fetch, and the branches", err, nf.How)
	}
}

// TestAmbiguous checks that a name that is both a directory and a
// revision is an error, and that ./NAME and NAME^{commit} tell them apart.
func TestAmbiguous(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"v1/a.cue": "package a\n"}, "one")
	gittest.Git(t, repo, "tag", "v1")
	_, err := Open(repo, "v1", []string{"."})
	var amb *AmbiguousError
	if !errors.As(err, &amb) || !strings.Contains(amb.Fix(), "./v1") || !strings.Contains(amb.Fix(), "v1^{commit}") {
		t.Fatalf("Open(v1): %v, want an AmbiguousError", err)
	}
	if tree, err := Open(repo, "./v1", []string{"."}); err != nil || tree.Rev != "" {
		t.Errorf("Open(./v1): %+v, %v, want the directory", tree, err)
	}
	tree, err := Open(repo, "v1^{commit}", []string{"."})
	if err != nil || tree.Rev == "" {
		t.Fatalf("Open(v1^{commit}): %+v, %v, want the revision", tree, err)
	}
	tree.Close()
	if tree, err := Open(repo, filepath.Join(repo, "v1"), []string{"."}); err != nil || tree.Rev != "" {
		t.Errorf("Open of v1's absolute path: %+v, %v, want the directory", tree, err)
	}
}

// TestFile checks that a file, the catalog's file where its directory
// was meant, is not found, with its directory as the fix, whether the
// repository or no repository holds it; and that a file named like a
// revision leaves the revision found.
func TestFile(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/catalog.cue": "package a\n", "v1": "notes\n"}, "one")
	gittest.Git(t, repo, "tag", "v1")
	outside := filepath.Join(t.TempDir(), "catalog.cue")
	if err := os.WriteFile(outside, []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ base, ref, fix string }{
		{repo, "spec/catalog.cue", "--against spec"},
		{repo, filepath.Join(repo, "spec", "catalog.cue"), "--against " + filepath.Join(repo, "spec")},
		{t.TempDir(), outside, "--against " + filepath.Dir(outside)},
	} {
		_, err := Open(tc.base, tc.ref, []string{"."})
		var nf *NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(err.Error(), "it is a file") || !strings.HasSuffix(nf.Fix(), tc.fix) {
			t.Errorf("Open(%s): %v, want a NotFoundError saying it is a file, with a fix ending in %q", tc.ref, err, tc.fix)
		}
	}
	tree, err := Open(repo, "v1", []string{"."})
	if err != nil || tree.Rev == "" {
		t.Fatalf("Open(v1), a tag and a file: %+v, %v, want the revision", tree, err)
	}
	tree.Close()
}

// TestNotFoundTreePath checks that a tree of a commit, REV:PATH, is not
// taken, with a fix that names the commit and the directory apart.
func TestNotFoundTreePath(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/a.cue": "package a\n"}, "one")
	_, err := Open(repo, "HEAD:spec", []string{"."})
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(nf.Fix(), "errspec breaking --against HEAD spec/...") {
		t.Errorf("Open(HEAD:spec): %v, want a NotFoundError whose fix names HEAD and spec/... apart", err)
	}
}

// TestReadError checks that a revision whose files git does not give, in
// a partial clone whose remote is gone, is a ReadError, which says what
// to look at.
func TestReadError(t *testing.T) {
	origin := gittest.Repo(t)
	gittest.Git(t, origin, "config", "uploadpack.allowFilter", "true")
	gittest.Commit(t, origin, map[string]string{"a.cue": "package a\n// one\n"}, "one")
	gittest.Commit(t, origin, map[string]string{"a.cue": "package a\n// two\n"}, "two")
	clone := filepath.Join(t.TempDir(), "clone")
	gittest.Git(t, origin, "clone", "-q", "--filter=blob:none", "file://"+origin, clone)
	if err := os.RemoveAll(origin); err != nil {
		t.Fatal(err)
	}
	_, err := Open(clone, "HEAD~1", []string{"."})
	var re *ReadError
	if !errors.As(err, &re) || !strings.Contains(re.Fix(), "partial clone") {
		t.Errorf("Open of a revision whose files the partial clone cannot fetch: %v, want a ReadError", err)
	}
}

// TestTempDirMissing checks that a TMPDIR that names no directory, as a
// CI job's environment can, is a TempDirError that names it and says how
// to fix it, not a bare stat error.
func TestTempDirMissing(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/catalog.cue": "package spec\n"}, "v1")
	missing := filepath.Join(t.TempDir(), "gone")
	t.Setenv("TMPDIR", missing)
	_, err := Open(repo, "HEAD", []string{"spec"})
	var tmp *TempDirError
	if !errors.As(err, &tmp) {
		t.Fatalf("Open with TMPDIR=%s: %v, want a TempDirError", missing, err)
	}
	if !strings.Contains(err.Error(), missing) || !strings.Contains(tmp.Fix(), "set TMPDIR") {
		t.Errorf("Open with TMPDIR missing: %q, fix %q; want the directory named and TMPDIR in the fix", err, tmp.Fix())
	}
}

// TestRepositoryOfAnotherUser checks that a repository git refuses to
// read because another user owns it, as a CI job's checkout can be, is
// told as such, with git's fix, not as no repository at all.
func TestRepositoryOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("gives the repository to another user, which needs root")
	}
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"spec/catalog.cue": "package spec\n"}, "v1")
	t.Setenv("HOME", t.TempDir()) // no safe.directory of the user's
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gittest.Chown(t, repo, 65534, 65534)
	_, err := Open(repo, "HEAD", []string{"spec"})
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(nf.Reason, "dubious ownership") || !strings.Contains(nf.Fix(), "git config --global --add safe.directory "+repo) {
		t.Errorf("Open in a repository of another user: %v, want git's reason and its fix", err)
	}
}
