//go:build unix

package files

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives f the owner and group of fi, the file f replaces or
// backs up, where they differ from f's, as far as the system lets this
// process: root may give a file to anyone, another user only to a group
// of its own, and the file then stays the runner's. It returns nothing:
// a file errspec could not give away is written all the same, as it
// would have been before.
func keepOwner(f *os.File, fi fs.FileInfo) {
	want, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	now, err := f.Stat()
	if err != nil {
		return
	}
	got, ok := now.Sys().(*syscall.Stat_t)
	if !ok || got.Uid == want.Uid && got.Gid == want.Gid {
		return
	}
	if f.Chown(int(want.Uid), int(want.Gid)) != nil {
		_ = f.Chown(-1, int(want.Gid))
	}
}
