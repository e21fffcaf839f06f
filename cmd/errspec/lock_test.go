//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/internal/gittest"
)

// TestRunWaitsForLock holds the lock of a repository, as another errspec
// run does while it writes: errspec says it waits, writes nothing while
// it waits, stops waiting on an interrupt, and goes through once the lock
// is released.
func TestRunWaitsForLock(t *testing.T) {
	bin := buildErrspec(t)
	whole := layOut(t, interruptTree)
	if r := runPaused(t, bin, whole, 0, nil, "generate", "-v", "./..."); r.code != 0 {
		t.Fatalf("a whole run exited %d: %s", r.code, r.stderr)
	}
	after := tree(t, whole)

	dir := layOut(t, interruptTree)
	before := tree(t, dir)
	lock, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	start := func() (*exec.Cmd, *bufio.Scanner) {
		cmd := exec.Command(bin, "generate", "-v", "./...")
		cmd.Dir = dir
		cmd.Stdout = new(bytes.Buffer)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stderr)
		if !sc.Scan() || sc.Text() != "errspec: waiting for another errspec run on . to finish" {
			t.Fatalf("errspec did not say it waits: %q", sc.Text())
		}
		return cmd, sc
	}

	// An interrupt ends the wait, and nothing is written.
	cmd, sc := start()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for sc.Scan() {
		rest = append(rest, sc.Text())
	}
	if err := cmd.Wait(); cmd.ProcessState.ExitCode() != 2 || !cmp.Equal(rest, []string{"errspec: interrupted: no file was changed", "\tfix: run errspec again"}) {
		t.Errorf("interrupted while waiting: %v, stderr %q", err, rest)
	}
	if got := tree(t, dir); !cmp.Equal(before, got) {
		t.Errorf("an interrupted wait changed the tree (-before +got):\n%s", cmp.Diff(before, got))
	}

	// Once the lock is released, the run goes through.
	cmd, sc = start()
	if got := tree(t, dir); !cmp.Equal(before, got) {
		t.Errorf("errspec changed the tree while another run held the lock (-before +got):\n%s", cmp.Diff(before, got))
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_UN); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		t.Errorf("errspec printed %q", sc.Text())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("errspec: %v", err)
	}
	if got := tree(t, dir); !cmp.Equal(after, got) {
		t.Errorf("the tree after the run (-want +got):\n%s", cmp.Diff(after, got))
	}
}

// TestConcurrentRuns starts several errspec runs on one tree at once,
// writing and checking: they take turns, so exactly one run writes and
// reports the changes, the others find nothing to do, no check sees half
// a write, and the tree ends as one run leaves it.
func TestConcurrentRuns(t *testing.T) {
	bin := buildErrspec(t)
	whole := layOut(t, interruptTree)
	done := runPaused(t, bin, whole, 0, nil, "generate", "-v", "./...")
	after := tree(t, whole)
	for round := range 3 {
		dir := layOut(t, interruptTree)
		args := [][]string{{"generate", "-v", "./..."}, {"check", "./..."}, {"generate", "-v", "./..."}, {"check", "./..."}, {"generate", "-v", "./..."}}
		results := make([]result, len(args))
		var wg sync.WaitGroup
		for i, a := range args {
			wg.Go(func() { results[i] = runPaused(t, bin, dir, 0, nil, a...) })
		}
		wg.Wait()
		wrote := 0
		const waiting = "errspec: waiting for another errspec run on . to finish\n"
		for i, r := range results {
			switch args[i][0] {
			case "generate":
				if r.code != 0 || (r.stderr != "" && r.stderr != waiting) || (r.stdout != "" && r.stdout != done.stdout) {
					t.Errorf("round %d: generate exited %d, printed %q and %q", round, r.code, r.stdout, r.stderr)
				}
				if r.stdout != "" {
					wrote++
				}
			case "check":
				// Before the write, every file differs; after, none.
				if !(r.code == 0 && r.stdout == "") && !(r.code == 1 && strings.Contains(r.stdout, "9 generated files are out of date")) {
					t.Errorf("round %d: check exited %d and printed:\n%s%s", round, r.code, r.stdout, r.stderr)
				}
			}
		}
		if wrote != 1 {
			t.Errorf("round %d: %d runs wrote files, want 1", round, wrote)
		}
		if got := tree(t, dir); !cmp.Equal(after, got) {
			t.Errorf("round %d: the tree (-want +got):\n%s", round, cmp.Diff(after, got))
		}
	}
}

// TestUnreadableRoot runs errspec as another user in a repository whose
// root directory that user may pass through but not read (mode 0711),
// as a checkout of another user can be: check and generate, which take
// the lock of the root, go on unlocked, rather than fail on it.
func TestUnreadableRoot(t *testing.T) {
	bin := errspecForNobody(t)
	dir := generatedForNobody(t, bin)
	if err := os.Chown(dir, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", "a", "b"}, {"generate", "a", "b"}} {
		cmd := asNobody(bin, dir, args...)
		if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("errspec %s as another user, in a root it may not read: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// TestUnsearchableOutputDir runs errspec as another user where an
// output directory is that user's but may not be searched (mode 0600 or
// 0000: no name in it can be looked up): check and generate say that
// they could not read the directory, and that it must be readable and
// searchable, which is the fix, where they said writing the outputs
// failed, for check too, and to make the directory writable, after
// which they failed alike.
func TestUnsearchableOutputDir(t *testing.T) {
	bin := errspecForNobody(t)
	dir := generatedForNobody(t, bin)
	for _, mode := range []os.FileMode{0o600, 0o000} {
		if err := os.Chmod(filepath.Join(dir, "docs", "a"), mode); err != nil {
			t.Fatal(err)
		}
		for _, cmdName := range []string{"check", "generate"} {
			cmd := asNobody(bin, dir, cmdName, "a", "b")
			out, err := cmd.CombinedOutput()
			want := "errspec: reading docs/a failed: permission denied\n" +
				"\tfix: make the directory docs/a readable and searchable for you (chmod u+rx), then run errspec again; no file was changed\n"
			if code := cmd.ProcessState.ExitCode(); code != 2 || string(out) != want {
				t.Errorf("errspec %s as another user, docs/a of mode %#o: %v, exit %d, printed\n%s\nwant exit 2 and\n%s", cmdName, mode, err, code, out, want)
			}
		}
	}
}

// TestUnlistableCatalogDir runs errspec as another user on a catalog
// directory that user may pass through and write but not list (mode
// 0300): the fix is to make it readable, where it was to point errspec
// at the directory that holds the catalog, which it was.
func TestUnlistableCatalogDir(t *testing.T) {
	bin := errspecForNobody(t)
	dir := layOut(t, interruptTree)
	giveToNobody(t, bin, dir)
	if err := os.Chmod(filepath.Join(dir, "a"), 0o300); err != nil {
		t.Fatal(err)
	}
	for _, cmdName := range []string{"check", "generate"} {
		cmd := asNobody(bin, dir, cmdName, "a")
		out, err := cmd.CombinedOutput()
		want := "errspec: cannot list the catalog directory a: permission denied\n" +
			"\tfix: make a readable for you (chmod u+r)\n"
		if code := cmd.ProcessState.ExitCode(); code != 2 || string(out) != want {
			t.Errorf("errspec %s as another user, a of mode 0300: %v, exit %d, printed\n%s\nwant exit 2 and\n%s", cmdName, err, code, out, want)
		}
	}
}

// TestUnreadableTemplates runs errspec as another user with a
// --templates directory, or an override in it, that user may not read:
// a usage problem that says so, with the fix, where errspec failed with
// an internal error that asked to be reported, or, for the override,
// said to fix the template or remove it.
func TestUnreadableTemplates(t *testing.T) {
	bin := errspecForNobody(t)
	for _, tt := range []struct{ path, want string }{
		{"tpl", "errspec: --templates tpl cannot be listed: permission denied\n" +
			"\tfix: make tpl readable for you (chmod u+rx)\n"},
		{"tpl/code.md.tmpl", "errspec: --templates tpl: the override code.md.tmpl cannot be read: permission denied\n" +
			"\tfix: make tpl/code.md.tmpl readable for you (chmod u+r)\n"},
	} {
		tree := maps.Clone(interruptTree)
		tree["tpl/code.md.tmpl"] = "{{.Code.Name}}\n"
		dir := layOut(t, tree)
		giveToNobody(t, bin, dir)
		if err := os.Chmod(filepath.Join(dir, filepath.FromSlash(tt.path)), 0o000); err != nil {
			t.Fatal(err)
		}
		for _, cmdName := range []string{"check", "generate"} {
			cmd := asNobody(bin, dir, cmdName, "--templates", "tpl", "a")
			out, err := cmd.CombinedOutput()
			if code := cmd.ProcessState.ExitCode(); code != 2 || string(out) != tt.want {
				t.Errorf("errspec %s as another user, %s of mode 0: %v, exit %d, printed\n%s\nwant exit 2 and\n%s", cmdName, tt.path, err, code, out, tt.want)
			}
		}
	}
}

// TestUnreadableCatalogFiles runs errspec as another user on a catalog
// in a CUE module, one of whose files that user may not read: the
// problem is at that file, or at the @embed attribute that names it,
// with the fix, where an embedded file was embedded empty and the
// catalog rejected at the line of errspec's schema for an empty
// description, one in a directory that may not be searched was "no such
// file" with the fix to correct the CUE, and an unread module file made
// the catalog one outside any module, which cannot embed; a file of an
// imported package, which the fix told to import packages of the module
// alone, which it was.
func TestUnreadableCatalogFiles(t *testing.T) {
	bin := errspecForNobody(t)
	for _, tt := range []struct{ file, want string }{
		{"desc.txt", "errspec: catalog.cue:9:38: @embed: desc.txt cannot be read: permission denied\n" +
			"\tfix: make desc.txt readable for you (chmod u+r)\n"},
		{"cue.mod/module.cue", "errspec: cue.mod/module.cue:1:1: the module file cannot be read: permission denied\n" +
			"\tfix: make cue.mod/module.cue readable for you (chmod u+r)\n"},
		{"cue.mod", "errspec: cue.mod/module.cue:1:1: the module file cannot be read: permission denied\n" +
			"\tfix: make the directory cue.mod readable and searchable for you (chmod u+rx)\n"},
		{"lib/lib.cue", "errspec: catalog.cue:5:8: import failed: cannot find package \"example.com/embeds/lib\": cannot get imports: cannot read \"lib/lib.cue\": open DIR/lib/lib.cue: permission denied\n" +
			"\tfix: make lib/lib.cue readable for you (chmod u+r, and u+x for a directory)\n"},
		{"docs", "errspec: catalog.cue:10:38: @embed: docs/more.txt cannot be looked up: permission denied\n" +
			"\tfix: make the directory docs readable and searchable for you (chmod u+rx)\n"},
	} {
		dir := layOut(t, map[string]string{
			".git/HEAD":          "ref: refs/heads/main\n",
			"cue.mod/module.cue": "module: \"example.com/embeds\"\nlanguage: version: \"v0.12.0\"\n",
			"desc.txt":           "The server failed.\n",
			"docs/more.txt":      "Try later.\n",
			"lib/lib.cue":        "package lib\n\ntitle: \"Internal error\"\n",
			"catalog.cue": `@extern(embed)

package demo

import "example.com/embeds/lib"

name: "demo"
outputs: llms: file: "llms.txt"
categories: internal: description: _ @embed(file="desc.txt", type=text)
categories: later: description:    _ @embed(file="docs/more.txt", type=text)
codes: LATER: {category: "later", title: lib.title, message: "Try later"}
codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}
`,
		})
		giveToNobody(t, bin, dir)
		if err := os.Chmod(filepath.Join(dir, filepath.FromSlash(tt.file)), 0o000); err != nil {
			t.Fatal(err)
		}
		for _, cmdName := range []string{"check", "generate"} {
			cmd := asNobody(bin, dir, cmdName, ".")
			out, err := cmd.CombinedOutput()
			// CUE names a file of an imported package by its absolute path.
			out = bytes.ReplaceAll(out, []byte(dir), []byte("DIR"))
			if code := cmd.ProcessState.ExitCode(); code != 2 || string(out) != tt.want {
				t.Errorf("errspec %s as another user, %s of mode 0: %v, exit %d, printed\n%s\nwant exit 2 and\n%s", cmdName, tt.file, err, code, out, tt.want)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "llms.txt")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s unreadable: llms.txt written, or: %v", tt.file, err)
		}
	}
}

// nobody is the user and group the tests that need another user's
// permissions run errspec as: root, who runs the tests, may read and
// search anything.
const nobody = 65534

// errspecForNobody skips the test unless it runs as root, which may run
// errspec as nobody, and returns errspec's binary.
func errspecForNobody(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("runs errspec as another user, which needs root")
	}
	return buildErrspec(t)
}

// generatedForNobody lays out interruptTree, generates its outputs with
// errspec's binary, bin, and gives the tree to nobody; it returns the
// tree's directory.
func generatedForNobody(t *testing.T, bin string) string {
	t.Helper()
	dir := layOut(t, interruptTree)
	if r := runPaused(t, bin, dir, 0, nil, "generate", "./..."); r.code != 0 {
		t.Fatalf("generate exited %d: %s", r.code, r.stderr)
	}
	giveToNobody(t, bin, dir)
	return dir
}

// giveToNobody makes the tree at dir nobody's, and the directories that
// hold it and errspec's binary, bin, ones nobody may pass through.
func giveToNobody(t *testing.T, bin, dir string) {
	t.Helper()
	gittest.Chown(t, dir, nobody, nobody)
	for _, p := range []string{filepath.Dir(bin), filepath.Dir(dir)} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// asNobody returns the command that runs errspec's binary, bin, with
// args in dir, as nobody.
func asNobody(bin, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	return cmd
}
