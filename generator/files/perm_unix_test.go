//go:build unix

package files

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestWriteKeepsOwner checks that a changed file keeps its owner and
// group, as it keeps its mode, when errspec runs as a user who may give
// them (root, in a container on a checkout of another user): the new
// file is not the runner's, which the checkout's owner could not edit in
// place. A file restored from a copy of it keeps them too.
func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	const cat = "billing"
	const uid, gid = 65534, 65534
	for _, tt := range []struct {
		name    string
		inject  func(t *testing.T)
		wantErr bool
	}{
		{"written", func(t *testing.T) {}, false},
		{"restored from a copy", func(t *testing.T) {
			noLinks(t)
			failOn(t, "rename", func(a []string) bool { return strings.HasSuffix(a[0], ".tmp") }, 2)
		}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			setup(t, map[string]string{
				"gen/a.go": goFile(cat, "// old\n"),
				"gen/b.go": goFile(cat, "// old\n"),
			})
			for _, p := range []string{"gen/a.go", "gen/b.go"} {
				if err := os.Chown(p, uid, gid); err != nil {
					t.Skip(err)
				}
			}
			tt.inject(t)
			_, err := Write(context.Background(), Options{}, Set{Catalog: cat, Files: []File{
				{Path: "gen/a.go", Data: []byte(goFile(cat, "// new\n"))},
				{Path: "gen/b.go", Data: []byte(goFile(cat, "// new\n"))},
			}})
			if (err != nil) != tt.wantErr {
				t.Fatalf("Write: %v", err)
			}
			for _, p := range []string{"gen/a.go", "gen/b.go"} {
				fi, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				st := fi.Sys().(*syscall.Stat_t)
				if st.Uid != uid || st.Gid != gid {
					t.Errorf("%s is owned by %d:%d, want %d:%d", p, st.Uid, st.Gid, uid, gid)
				}
			}
		})
	}
}

// TestWriteUmask checks that a created file is subject to the umask, as
// the directories created for it are: with umask 027, a file of mode
// 0o640 in a directory of mode 0o750, where the file was 0o644 whatever
// the umask.
func TestWriteUmask(t *testing.T) {
	if m := syscall.Umask(0); fs.FileMode(m) != umask {
		syscall.Umask(m)
		t.Fatalf("umask read at init = %#o, the process has %#o", umask, m)
	} else {
		syscall.Umask(m)
	}
	old := syscall.Umask(0o027)
	t.Cleanup(func() { syscall.Umask(old) })
	was := umask
	umask = 0o027
	t.Cleanup(func() { umask = was })

	const cat = "billing"
	setup(t, map[string]string{})
	if _, err := Write(context.Background(), Options{}, Set{Catalog: cat, Files: []File{
		{Path: "gen/a.go", Data: []byte(goFile(cat, ""))},
	}}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]fs.FileMode{"gen": fs.ModeDir | 0o750, "gen/a.go": 0o640} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("%s has mode %v, want %v", p, fi.Mode(), want)
		}
	}
}

// TestPlanSpecialFileInWay checks that a named pipe or a socket where an
// output needs a directory is named as what it is, not as a file.
func TestPlanSpecialFileInWay(t *testing.T) {
	setup(t, map[string]string{".git/HEAD": ""})
	if err := syscall.Mkfifo("gen", 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Plan(Set{Catalog: "a", Files: []File{
		{Path: "gen/llms.txt", Data: []byte(mdFile("a", "")), Output: []string{"outputs", "llms", "file"}},
	}})
	var oe *OutputError
	if !errors.As(err, &oe) {
		t.Fatalf("Plan = %v, want an *OutputError", err)
	}
	if want := "gen is a named pipe, where gen/llms.txt needs a directory"; oe.Msg != want {
		t.Errorf("message %q, want %q", oe.Msg, want)
	}
}
