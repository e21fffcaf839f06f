//go:build unix

package files

import (
	"io/fs"
	"os"
	"syscall"
)

// umask is the process's file mode creation mask, which mode 0o644 of a
// created file is subject to as os.WriteFile's is (git's checkout too):
// read once, as the package is initialized, since the system gives it
// only by setting it, which a file created meanwhile would see.
var umask = func() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m) & fs.ModePerm
}()

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
