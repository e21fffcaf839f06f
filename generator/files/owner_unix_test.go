//go:build unix

package files

import (
	"context"
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
