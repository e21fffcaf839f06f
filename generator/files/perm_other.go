//go:build !unix

package files

import (
	"io/fs"
	"os"
)

// umask is the file mode creation mask: none where there is none.
var umask fs.FileMode

// keepOwner does nothing where files have no owner and group of the
// unix kind.
func keepOwner(f *os.File, fi fs.FileInfo) {}
