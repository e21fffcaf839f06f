package against

import (
	"errors"
	"os"
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
		"cue.mod/module.cue":        "module: \"example.com/x\"\n",
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
		"cue.mod/module.cue":        "module: \"example.com/x\"\n",
		"app/spec/orders/notes.txt": "", // not a catalog's file
		"app/other/b.cue":           "", // not below the paths
		"elsewhere/c.cue":           "",
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

func TestNotFound(t *testing.T) {
	repo := gittest.Repo(t)
	gittest.Commit(t, repo, map[string]string{"a.cue": "package a\n"}, "one")
	for _, tc := range []struct{ base, ref, reason string }{
		{repo, "v9.9.9", "no such revision"},
		{repo, "HEAD~5", "no such revision"},
		{repo, "-x", "does not start with -"},
		{t.TempDir(), "main", "not in a git repository"},
	} {
		_, err := Open(tc.base, tc.ref, []string{"."})
		var nf *NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("Open(%s): %v, want a NotFoundError saying %q", tc.ref, err, tc.reason)
		}
	}
}
