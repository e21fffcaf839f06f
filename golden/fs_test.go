package golden

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/internal/testhook"
)

// The file system cases, fs/fs_*, are runs of errspec on a tree of
// files, for what a catalog directory alone cannot say: a stale file, a
// symbolic link, a second catalog sharing a directory, a read-only
// directory or a full disk. Each case directory holds two files:
//
//   - case.txtar, the starting tree and what to do with it. Its files are
//     the tree (a name ending in / is an empty directory). Its comment
//     says what the case is about, in lines starting with #, and gives
//     one directive a line:
//
//     run ARGS...             run errspec with ARGS in the tree's root, or
//     in the directory of the last cd (one or more; each sees the tree the
//     last left)
//     cd PATH                 run the runs that follow in PATH, a directory
//     of the tree, as a shell that changed to it does (through a symbolic
//     link, the working directory is the link's path, as $PWD names it)
//     symlink PATH TARGET     make PATH a symbolic link to TARGET
//     fault OP PATTERN ERRNO  make the operation OP (mkdir, write,
//     rename, link, remove) on paths matching PATTERN fail with ERRNO
//     (EROFS, EACCES, ENOSPC, EDQUOT, EIO, EEXIST, ENOTDIR), as a
//     read-only directory or a full disk do (see internal/testhook)
//
//   - want.txtar, the exact result: its comment is the transcript of the
//     runs ("$ cd PATH" where the case changes directory, "$ errspec
//     ARGS", then each line of standard output after
//     "> " and of standard error after "! ", then "exit N"), and its
//     files are the whole tree after the last run, inputs included,
//     where a symbolic link is written "PATH -> TARGET" and an empty
//     directory "PATH/".
//
// go test ./golden -update rewrites want.txtar.

// fsCase is a parsed case.txtar.
type fsCase struct {
	runs     []fsRun
	symlinks [][2]string
	faults   []testhook.Rule
	tree     []txtar.File
}

func parseFSCase(t *testing.T, data []byte) fsCase {
	t.Helper()
	a := txtar.Parse(data)
	var c fsCase
	dir := ""
	for i, line := range strings.Split(string(a.Comment), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch {
		case f[0] == "run":
			c.runs = append(c.runs, fsRun{args: f[1:], dir: dir})
		case f[0] == "cd" && len(f) == 2:
			dir = f[1]
		case f[0] == "symlink" && len(f) == 3:
			c.symlinks = append(c.symlinks, [2]string{f[1], f[2]})
		case f[0] == "fault":
			r, err := testhook.ParseRule(strings.Join(f[1:], " "))
			if err != nil {
				t.Fatalf("case.txtar:%d: %v", i+1, err)
			}
			c.faults = append(c.faults, r)
		default:
			t.Fatalf("case.txtar:%d: unknown directive %q", i+1, line)
		}
	}
	if len(c.runs) == 0 {
		t.Fatal("case.txtar: no run directive")
	}
	c.tree = a.Files
	return c
}

// fsRun is a run of errspec: its arguments, and the directory of the
// tree it runs in ("" for the root).
type fsRun struct {
	args []string
	dir  string
}

// build lays the case's starting tree out under root.
func (c fsCase) build(t *testing.T, root string) {
	t.Helper()
	for _, f := range c.tree {
		p := filepath.Join(root, filepath.FromSlash(f.Name))
		if strings.HasSuffix(f.Name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range c.symlinks {
		p := filepath.Join(root, filepath.FromSlash(l[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.FromSlash(l[1]), p); err != nil {
			t.Fatal(err)
		}
	}
}

// runFSCase runs the case in a fresh directory and returns its result in
// the form of want.txtar.
func runFSCase(t *testing.T, c fsCase) []byte {
	t.Helper()
	root := t.TempDir()
	c.build(t, root)
	t.Chdir(root)
	testhook.SetFaults(c.faults...)
	defer testhook.SetFaults()
	var transcript bytes.Buffer
	dir := ""
	for _, run := range c.runs {
		if run.dir != dir {
			dir = run.dir
			t.Chdir(filepath.Join(root, filepath.FromSlash(dir)))
			fmt.Fprintf(&transcript, "$ cd %s\n", dir)
		}
		var stdout, stderr bytes.Buffer
		code := cli.Main(run.args, &stdout, &stderr)
		fmt.Fprintf(&transcript, "$ errspec %s\n", strings.Join(run.args, " "))
		for _, out := range []struct {
			prefix string
			text   string
		}{{"> ", stdout.String()}, {"! ", stderr.String()}} {
			for _, line := range strings.SplitAfter(out.text, "\n") {
				if line != "" {
					transcript.WriteString(out.prefix + strings.TrimSuffix(line, "\n") + "\n")
				}
			}
		}
		fmt.Fprintf(&transcript, "exit %d\n", code)
	}
	return txtar.Format(&txtar.Archive{Comment: transcript.Bytes(), Files: treeOf(t, root)})
}

// treeOf lists the tree under root as want.txtar writes it.
func treeOf(t *testing.T, root string) []txtar.File {
	t.Helper()
	var files []txtar.File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		name := filepath.ToSlash(rel)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			files = append(files, txtar.File{Name: name + " -> " + filepath.ToSlash(target)})
		case d.IsDir():
			entries, err := os.ReadDir(p)
			if err != nil {
				return err
			}
			if len(entries) == 0 {
				files = append(files, txtar.File{Name: name + "/"})
			}
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files = append(files, txtar.File{Name: name, Data: data})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(files, func(a, b txtar.File) int { return strings.Compare(a.Name, b.Name) })
	return files
}

// fsCases lists the file system cases. They are kept apart from the
// catalog directories of testdata, which tests of other packages read as
// catalogs.
func fsCases(t *testing.T) []string {
	entries, err := os.ReadDir("fs")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "fs_") {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestGoldenFS(t *testing.T) {
	names := fsCases(t)
	if len(names) == 0 {
		t.Fatal("no fs_ case")
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("fs", name))
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(dir, "case.txtar"))
			if err != nil {
				t.Fatal(err)
			}
			got := runFSCase(t, parseFSCase(t, data))
			wantFile := filepath.Join(dir, "want.txtar")
			if *update {
				if err := os.WriteFile(wantFile, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatalf("%v (run go test ./golden -update)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("want.txtar (-want +got):\n%s", diff)
			}
		})
	}
}
